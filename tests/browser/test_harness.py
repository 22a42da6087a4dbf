"""The browser tests' own harness (tests/browser/lab.py) where a mistake in it would cost minutes: a Run All
stopped by a failing cell is reported at once with its error, not after Run All's bound."""
import time

import pytest


def test_a_run_all_stopped_by_an_error_says_so_at_once(lab_server, browser):
    name = lab_server.new_notebook("stops.ipynb")
    nb = browser.open_notebook(lab_server, name)
    try:
        nb.append_cell("raise ValueError('stopped here')")
        nb.append_cell("after = 1")
        t0 = time.perf_counter()
        with pytest.raises(AssertionError, match="(?s)Run All stopped at an error: .*ValueError: stopped here"):
            nb.run_all(timeout=120)
        assert time.perf_counter() - t0 < 60
    finally:
        nb.close()
        lab_server.shutdown_notebook(name)
