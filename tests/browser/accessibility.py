"""axe-core in the page: the kit's own content of a notebook (rendered markdown and outputs, not
JupyterLab's chrome) audited as an accessibility office would (issue 30), for the browser tests.

    violations = audit(nb)          # nb: a tests.browser.lab.Notebook, all its cells run
    assert_accessible(nb)           # fails on any critical or serious violation not EXPECTED

axe-core is vendored under tests/browser/axe/ (the npm registry's ``axe-core`` package, its ``axe.min.js``
and licence, MPL-2.0): the test command needs no network.  Rules: axe's default set (WCAG 2.0, 2.1 and
2.2 A and AA, and its best practices).
"""
from __future__ import annotations

import pathlib
import warnings

AXE = pathlib.Path(__file__).resolve().parent / "axe" / "axe.min.js"
BLOCKING = ("critical", "serious")
"""The impacts that fail a test."""

KIT_CONTENT = {"include": [[".jp-Notebook .jp-MarkdownOutput"], [".jp-Notebook .jp-OutputArea-output"]]}
"""Where axe looks: what the kit writes (rendered markdown cells and cell outputs).  JupyterLab's own
editors, toolbars and menus are not the kit's to fix (docs/accessibility.md says what they lack)."""

EXPECTED: dict = {}
"""Rules whose violations are known and fixed elsewhere: reported (as a warning), not failed.  Empty: the
audit is strict (every picture has its alt text since issue 30's pictures work was merged)."""


class AxeWarning(UserWarning):
    """A known accessibility violation (see ``EXPECTED``), reported, not failed."""


def audit(nb) -> list:
    """axe-core's violations in the kit's content of ``nb``'s page: ``[{id, impact, help, nodes:
    [{target, html}]}]``."""
    return audit_page(nb.page, KIT_CONTENT)


def blocking(violations) -> list:
    """The violations that fail a test (critical or serious, not EXPECTED)."""
    return [v for v in violations if v["impact"] in BLOCKING and v["id"] not in EXPECTED]


def audit_page(page, context=None) -> list:
    """axe-core's violations in a Playwright ``page`` (in ``context``, an axe context; the whole page by
    default: a page the kit writes entirely, such as a feedback page)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (context) => {
            const r = await axe.run(context, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200)}))}));
        }""", context if context is not None else {"include": [["html"]]})


def summary(violations) -> dict:
    """``{rule: (impact, number of elements)}``."""
    return {v["id"]: (v["impact"], len(v["nodes"])) for v in violations}


def assert_accessible(nb):
    """No critical or serious axe violation in the kit's content of ``nb`` (those of ``EXPECTED``
    rules are reported as an :class:`AxeWarning`)."""
    violations = [v for v in audit(nb) if v["impact"] in BLOCKING]
    known = [v for v in violations if v["id"] in EXPECTED]
    for v in known:
        warnings.warn(AxeWarning(f"{nb.name}: {len(v['nodes'])} × {v['id']} ({v['impact']}), expected: "
                                 f"{EXPECTED[v['id']]}"), stacklevel=2)
    failing = [v for v in violations if v["id"] not in EXPECTED]
    assert not failing, f"{nb.name}: axe-core finds " + "; ".join(
        f"{v['id']} ({v['impact']}: {v['help']}) at {[n['target'] for n in v['nodes'][:5]]} "
        f"e.g. {v['nodes'][0]['html']!r}" for v in failing)
