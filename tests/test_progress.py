"""gamelib.progress: a text bar whose stored notebook output is its last state."""
import re

import gamelib.progress as progress


def test_outside_a_kernel_it_is_tqdms_text_bar(capsys):
    for _ in progress.tqdm(range(3), desc="work"):
        pass
    err = capsys.readouterr().err
    assert "work: 100%" in err and "3/3" in err


def test_in_a_kernel_one_display_is_updated_to_the_finished_state(monkeypatch):
    shown = []

    class Handle:
        def update(self, obj, raw=False):
            shown.append(("update", obj["text/plain"]))

    def display(obj, raw=False, display_id=False):
        assert raw and display_id
        shown.append(("display", obj["text/plain"]))
        return Handle()

    import IPython.display
    monkeypatch.setattr(progress, "_ipython_kernel", lambda: True)
    monkeypatch.setattr(IPython.display, "display", display)
    with progress.tqdm(total=4, desc="trees", unit="tree") as bar:
        for _ in range(4):
            bar.update()
    assert [kind for kind, _ in shown].count("display") == 1      # one output, updated in place
    assert shown[0][1].startswith("trees:   0%")
    assert shown[-1][1].startswith("trees: 100%") and "4/4" in shown[-1][1]


def test_disabled_bar_shows_nothing(monkeypatch):
    monkeypatch.setattr(progress, "_ipython_kernel", lambda: True)
    import IPython.display
    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: (_ for _ in ()).throw(AssertionError))
    for _ in progress.tqdm(range(2), disable=True):
        pass


TIMES_OR_RATES = re.compile(r"\d\d:\d\d|/s\]|s/it|it/s|\?it")


def shown_in_a_kernel(monkeypatch):
    """Pretend to be in a kernel; returns the list of texts the bar's one display shows, in order."""
    shown = []

    class Handle:
        def update(self, obj, raw=False):
            shown.append(obj["text/plain"])

    def display(obj, raw=False, display_id=False):
        shown.append(obj["text/plain"])
        return Handle()

    import IPython.display
    monkeypatch.setattr(progress, "_ipython_kernel", lambda: True)
    monkeypatch.setattr(IPython.display, "display", display)
    return shown


def test_a_finished_bar_is_stored_without_times_or_rates(monkeypatch):
    shown = shown_in_a_kernel(monkeypatch)
    for _ in progress.tqdm(range(5), desc="games", mininterval=0):
        pass
    assert len(shown) >= 2 and TIMES_OR_RATES.search(shown[0]), "live, the bar shows its times and rate"
    last = shown[-1]
    assert last.startswith("games: 100%|█") and last.endswith("█| 5/5"), last
    assert not TIMES_OR_RATES.search(last) and "[" not in last, last
    assert len(last) == 90, "the stored bar fills the same width as the live one"


def test_a_bar_left_early_keeps_its_count(monkeypatch):
    shown = shown_in_a_kernel(monkeypatch)
    with progress.tqdm(total=5) as bar:
        bar.update(2)
    assert shown[-1].startswith(" 40%|") and shown[-1].endswith("| 2/5"), shown[-1]
    assert not TIMES_OR_RATES.search(shown[-1])


def test_a_bar_without_a_total_keeps_its_count(monkeypatch):
    shown = shown_in_a_kernel(monkeypatch)
    for _ in progress.tqdm(iter(range(3)), desc="trees", unit="tree"):
        pass
    assert shown[-1] == "trees: 3 tree"
    shown.clear()
    for _ in progress.tqdm(iter(range(3)), desc="{odd}"):
        pass
    assert shown[-1] == "{odd}: 3 it"
    shown.clear()
    for _ in progress.tqdm(iter(range(2))):
        pass
    assert shown[-1] == "2 it"


def test_outside_a_kernel_the_closed_bar_keeps_its_times(capsys):
    for _ in progress.tqdm(range(3), desc="work"):
        pass
    assert re.search(r"\[\d\d:\d\d<\d\d:\d\d", capsys.readouterr().err), "a terminal keeps tqdm's own bar"
