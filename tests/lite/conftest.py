"""The JupyterLite tests take minutes (a site built, Pyodide run in Chromium): they run only when asked,
with ``pytest --lite tests/lite`` or ``GAMELIB_LITE=1`` (.ci/run asks, after the README's test command);
``GAMELIB_LITE=cdn`` adds the test of the ``--pyodide cdn`` site."""
import os

import pytest


def pytest_runtest_setup(item):
    if item.get_closest_marker("lite") and not (item.config.getoption("--lite")
                                                or os.environ.get("GAMELIB_LITE") in ("1", "cdn")):
        pytest.skip("the JupyterLite tests run with --lite or GAMELIB_LITE=1 (a few minutes)")
