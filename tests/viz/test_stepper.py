"""gamelib.viz.stepper: the one stepper of the tree explorer and the MCTS widget."""
import asyncio

import ipywidgets as widgets
import matplotlib
import pytest

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402

from gamelib.viz.alt import describe  # noqa: E402
from gamelib.viz.live import LiveWidget  # noqa: E402
from gamelib.viz.stepper import END, PLAY, SLIDER, Move, Stepper  # noqa: E402

ROW = (Move("start", 0), Move("back", by=-1), PLAY, Move("next", by=1), Move("+5", by=5), Move("end", END), SLIDER)


class Record(LiveWidget, widgets.VBox):
    """A widget that steps through ``total`` steps and says which one it shows."""

    def __init__(self, total=10, fail_at=None):
        self._init_live()
        self.shown, self.drawn, self.fail_at = [], [], fail_at
        self.stepper = Stepper(self, ROW, show=self._show, key=lambda k: ("record", k), figure=self._figure,
                               description="step", width="300px", total=total)
        super().__init__([self.message_html, self.stepper.box, self.status_line])

    def _figure(self, k):
        self.drawn.append(k)
        fig = Figure(figsize=(1, 1))
        describe(fig, f"The record after {k} steps.")
        return fig

    def _show(self):
        if self.stepper.step == self.fail_at:
            raise ValueError(f"step {self.fail_at} cannot be shown")
        self.stepper.grey()
        self.shown.append(self.stepper.step)
        self.announce(f"step {self.stepper.step}" + (" (as far as it goes)" if self.stepper.at_limit() else ""))

    def _live_objects(self):
        return [self.stepper]


def test_the_buttons_move_and_those_that_could_do_nothing_are_greyed_but_the_one_pressed():
    r = Record()
    b = r.stepper.buttons
    assert list(b) == ["start", "back", "next", "+5", "end"] and r.stepper.play is not None
    assert [w.description for w in r.stepper.box.children] == ["start", "back", "play", "next", "+5", "end", "step"]
    b["+5"].click()
    b["+5"].click()
    assert r.stepper.step == 10 and r.shown == [5, 10]
    assert not b["+5"].disabled and b["next"].disabled and b["end"].disabled and not b["back"].disabled
    assert r.status_line.value == "step 10 (as far as it goes)"   # pressed at the end: said so
    b["+5"].click()
    assert r.stepper.step == 10
    b["back"].click()
    assert r.stepper.step == 9 and not any(w.disabled for w in b.values())
    b["start"].click()
    assert r.stepper.step == 0 and not b["start"].disabled and b["back"].disabled
    r.stepper.go(0)                                   # where it is: shown again
    assert r.shown[-1] == 0 and b["start"].disabled   # nothing pressed now: greyed


def test_fit_widens_before_it_moves_and_narrows_after():
    r = Record(total=3)
    r.stepper.fit(20, 15)
    assert (r.stepper.step, r.stepper.total) == (15, 20)
    r.stepper.fit(4)                                  # where it was, if it can
    assert (r.stepper.step, r.stepper.total) == (4, 4) and r.shown == []    # fitting shows nothing


def test_a_step_that_fails_leaves_the_stepper_as_it_was_and_says_why():
    r = Record(fail_at=3)
    r.stepper.buttons["next"].click()
    r.stepper.slider.value = 3                        # as the browser moves it
    assert r.stepper.step == 1 and "step 3 cannot be shown (nothing was changed)" in r.message


def test_play_goes_to_the_end_one_step_a_tick_or_at_once_without_a_loop():
    r = Record()
    r.stepper.play.value = True                       # no event loop: straight to the end
    assert r.stepper.step == 10 and r.stepper.play.value is False

    async def run():
        p = Record(total=4)
        p.stepper.PLAY_SECONDS = 0.001
        p.stepper.play.value = True
        for _ in range(500):
            if not p.stepper.play.value:
                break
            await asyncio.sleep(0.002)
        return p
    p = asyncio.run(run())
    assert p.shown == [1, 2, 3, 4] and p.stepper.play.value is False


@pytest.mark.parametrize("pressed, ahead", [(None, 4), ("back", 2), ("+5", 8), ("end", 4)])
def test_the_picture_drawn_ahead_is_the_one_the_last_step_button_would_show(pressed, ahead):
    """The first step forward at first; then the last button pressed that steps by a number (a jump to
    an end changes nothing)."""
    async def student():
        r = Record()
        if pressed:
            r.stepper.buttons[pressed].click()
        r.stepper.go(3)
        r.stepper.picture()
        r.stepper.draw_ahead()
        await asyncio.sleep(0.2)
        return r
    r = asyncio.run(student())
    assert ("record", ahead) in r.stepper.pictures and r.drawn[-1] == ahead
    assert r.stepper.picture(ahead) is r.stepper.pictures[("record", ahead)]    # kept: not drawn again


def test_nothing_is_drawn_ahead_once_the_student_has_moved_on():
    async def student():
        r = Record()
        r.stepper.go(3)
        r.stepper.draw_ahead()
        r.stepper.go(6)                               # before the kernel was idle
        await asyncio.sleep(0.2)
        return r
    r = asyncio.run(student())
    assert r.drawn == [] and not r.stepper.pictures
    r.stepper.forget()
    assert not r.stepper.pictures
