"""The JupyterHub test takes minutes (two Python environments installed, a hub, a term in Chromium):
it runs only when asked, with ``pytest --hub tests/hub`` or ``GAMELIB_HUB=1`` (.ci/run asks, after the
README's test command, as it does for tests/lite/), so the README's command stays under 10 minutes."""
import os

import pytest


def pytest_runtest_setup(item):
    if item.get_closest_marker("hub") and not (item.config.getoption("--hub") or os.environ.get("GAMELIB_HUB") == "1"):
        pytest.skip("the JupyterHub test runs with --hub or GAMELIB_HUB=1 (minutes, as root)")
