"""The README tells a newcomer what they need: every notebook, where each option goes, what using the
notebooks does to the clone, how long the tests take (issue 7)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_the_notebook_table_lists_every_notebook():
    listed = set(re.findall(r"^\| `(\d\d_\w+\.ipynb)` \|", README, flags=re.M))
    present = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert present <= listed, f"README's notebook table omits {sorted(present - listed)}"


def test_allow_root_is_shown_in_the_command():
    assert "jupyter lab notebooks/ --allow-root" in README


def test_it_warns_that_the_notebooks_get_rewritten_and_how_to_restore_them():
    assert "git checkout notebooks/" in README and "test_notebooks_are_executed" in README


def test_it_says_how_long_the_tests_take_and_what_the_browser_tests_need():
    assert re.search(r"about \d+ minutes on two cores", README)
    assert "apt-get install chromium" in README and "test-artifacts/browser/" in README
