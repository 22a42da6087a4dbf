"""pytest's configuration for the whole repository (pyproject.toml holds the options): nbval compares a
picture's words but not its pixels (tests/nbval_sanitize.cfg), whichever folder pytest is run from."""
import pathlib

SANITIZE = pathlib.Path(__file__).resolve().parent / "tests" / "nbval_sanitize.cfg"


def pytest_configure(config):
    if getattr(config.option, "nbval_sanitize_with", "absent") is None:
        config.option.nbval_sanitize_with = str(SANITIZE)
