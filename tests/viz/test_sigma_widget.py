"""The σ slider, driven headlessly: it shows what branch_probabilities and the exact integral say."""
import matplotlib

matplotlib.use("Agg")

from .widgets import shown_png  # noqa: E402

import html  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib.experiments.sigma import (TEXTBOOK_TREE, branch_probabilities,  # noqa: E402
                                       exact_branch_probabilities)
from gamelib.viz.sigma_widget import SigmaWidget, draw_sigma  # noqa: E402
import math  # noqa: E402
from gamelib.core import ArgumentError  # noqa: E402


@pytest.fixture(scope="module")
def widget():
    return SigmaWidget(draw=False, trials=5_000)


def test_starts_at_sigma_5_with_the_textbook_numbers(widget):
    w = widget
    w.sigma, w.correlation, w.shared = 5, 0, "parent"
    assert w.result == branch_probabilities(TEXTBOOK_TREE, 5, trials=5_000, seed=0)
    assert w.exact["a1"] == pytest.approx(exact_branch_probabilities(TEXTBOOK_TREE, 5)["a1"])
    assert w.text.startswith("σ = 5: P(a1 truly best) = 0.7")
    assert "(exact 0.7139)" in w.text and "minimax on the estimates picks a2" in w.text
    assert w.text_html.value == html.escape(w.text)
    assert w.png == b""   # draw=False: text only


def test_the_slider_and_the_property_both_recompute(widget):
    w = widget
    w.sigma_slider.value = 2
    assert w.sigma == 2 and w.result.sigma == 2.0 and "(exact 0.5799)" in w.text
    w.sigma = 0
    assert w.result["a2"] == 1.0 and w.exact["a2"] == 1.0
    w.sigma = 30   # beyond the slider's range: the range grows
    assert w.sigma_slider.max == 30 and w.result.sigma == 30
    with pytest.raises(ValueError, match="sigma"):
        w.sigma = -1
    w.sigma = 5


def test_correlation_and_shared_model(widget):
    w = widget
    w.sigma = 5
    w.correlation = 1.0
    assert w.result["a1"] == pytest.approx(0.4438, abs=0.03) and "ρ = 1 (parent)" in w.text
    assert w.exact is not None   # ρ = 1 with siblings sharing: the closed form
    w.correlation = 0.5
    assert w.exact is None and "exact" not in w.text      # not integrated: Monte Carlo only
    w.shared = "all"
    assert w.result.shared == "all" and w.exact is not None
    with pytest.raises(ValueError):
        w.correlation = 2
    with pytest.raises(ValueError):
        w.shared = "cousins"
    w.correlation, w.shared = 0, "parent"


def test_the_picture_follows_sigma_at_a_fixed_size():
    w = SigmaWidget(trials=2_000)
    first = w.png
    assert first.startswith(b"\x89PNG") and shown_png(w.image) == first
    w.sigma = 2
    second = w.png
    w.sigma = 0
    third = w.png
    assert len({first, second, third}) == 3
    assert len({png[16:24] for png in (first, second, third)}) == 1   # IHDR width and height
    assert plt.get_fignums() == []                                    # Figure objects, no pyplot


def test_deeper_trees_are_monte_carlo_only():
    w = SigmaWidget([[[1, 5], [2, 9]], [[3, 4], [0, 8]]], sigma=2, trials=2_000)
    assert w.exact is None and "exact" not in w.text and w.png.startswith(b"\x89PNG")


def test_draw_sigma_static_picture():
    axes, result = draw_sigma(sigma=5, trials=2_000)
    assert result.sigma == 5 and len(axes) == 2
    texts = [t.get_text() for t in axes[0].texts]
    assert any(t.startswith("P(a1 truly best) 0.7") and "exact 0.7139" in t for t in texts)
    assert sum(t == "±5" for t in texts) == 8
    plt.close("all")


@pytest.mark.parametrize("kwargs, named", [
    ({"sigma": -1}, "sigma"), ({"sigma": math.nan}, "sigma"), ({"sigma": math.inf}, "sigma"),
    ({"correlation": 2}, "correlation"), ({"correlation": -0.5}, "correlation"),
    ({"correlation": math.nan}, "correlation"), ({"shared": "cousins"}, "shared"),
    ({"trials": 0}, "trials"), ({"trials": 2.5}, "trials"),
])
def test_sigma_widget_refuses_bad_arguments_instead_of_clamping(kwargs, named):
    with pytest.raises(ArgumentError, match=named):
        SigmaWidget(draw=False, **kwargs)


@pytest.mark.parametrize("attribute, value", [("sigma", math.nan), ("sigma", math.inf), ("sigma", -1),
                                              ("correlation", 2), ("correlation", math.nan),
                                              ("shared", "cousins")])
def test_sigma_widget_setter_raises_and_keeps_the_widget_whole(attribute, value):
    w = SigmaWidget(draw=False)
    before = (w.sigma, w.correlation, w.shared, w.result.sigma, w.text_html.value)
    with pytest.raises(ArgumentError, match=attribute):
        setattr(w, attribute, value)
    assert (w.sigma, w.correlation, w.shared, w.result.sigma, w.text_html.value) == before
