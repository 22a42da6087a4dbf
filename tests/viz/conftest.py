"""What every test of gamelib.viz shares: pyplot figures are closed after each test (a picture left
open would count against the next test's "draws no figure of its own" checks)."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")
