"""docs/jupyterhub.md's step 5 gives the settings tests/hub/test_jupyterhub.py follows, as that test runs
them (here, so that it is checked by the README's test command too, not only where the hub test runs)."""
from tests.hub.test_jupyterhub import HUB_NBGRADER_CONFIG, JUPYTER, ROOT, STUDENTS_SETTINGS


def test_the_doc_gives_these_settings():
    """docs/jupyterhub.md's step 5 says what this test does, as it does it."""
    doc = (ROOT / "docs" / "jupyterhub.md").read_text().replace("\\\n", " ")
    section = doc.split("\n## 5. ", 1)[1].split("\n## ", 1)[0]
    section = " ".join(section.split())                                 # continuation lines joined
    for words in STUDENTS_SETTINGS:
        assert JUPYTER + words in section, words
    for line in HUB_NBGRADER_CONFIG.splitlines()[:2] + ['c.Exchange.root = "/srv/nbgrader/exchange"']:
        assert line in section, line
    assert "/opt/tljh/user/etc/jupyter/nbgrader_config.py" in section
