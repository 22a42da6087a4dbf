"""gamelib.trace: reading a trace without drawing it (issue 24).  The package imports neither matplotlib
nor ipywidgets, the names it took over answer where they used to (gamelib.core's Event and recording,
gamelib.viz's TraceView, describe_event, why-texts, chance intervals and number formats are the same
objects), and TraceView reads what the grader needs on AIMA Fig. 5.2 under alpha-beta."""
import subprocess
import sys


import gamelib
import gamelib.core
import gamelib.trace as T


def test_the_package_draws_nothing():
    code = ("import sys, gamelib.trace; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'matplotlib', 'ipywidgets', 'networkx'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_old_homes_answer_with_the_same_objects():
    import gamelib.viz as viz
    import gamelib.viz.chance_widgets as cw
    import gamelib.viz.maxn as vm
    for name in ("Event", "Trace", "recording", "collector_paused"):
        assert not hasattr(gamelib.core, name), "core re-exporting the trace would make core -> trace -> core a cycle"
    assert gamelib.Event is T.Event and gamelib.proven_ranges is T.proven_ranges
    for name in ("TraceView", "MaxnView", "describe_event", "describe_maxn_event", "why_cut", "why_chance_cut",
                 "star1_window_text", "chance_intervals"):
        assert getattr(viz, name) is getattr(T, name)
    for name in ("fmt_number", "fmt_vector", "MaxnView", "describe_maxn_event"):
        assert getattr(vm, name) is getattr(T, name)
    for name in ("chance_intervals", "leaf_bounds", "root_move_values"):
        assert getattr(cw, name) is getattr(T, name)
