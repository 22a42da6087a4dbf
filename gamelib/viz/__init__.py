"""Pictures and widgets.  They read searches' traces; they never search on their own."""
from .drawing import describe_event, draw_tree, tidy_layout, to_networkx

__all__ = ["draw_tree", "describe_event", "tidy_layout", "to_networkx"]
