"""gamelib.progress: a text bar whose stored notebook output is its last state."""
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
