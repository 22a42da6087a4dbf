"""axe-core in the page: the kit's own content of a notebook (rendered markdown and outputs, not
JupyterLab's chrome) audited as an accessibility office would (issue 30), for the browser tests.

    violations = audit(nb)          # nb: a tests.browser.lab.Notebook, all its cells run
    assert_accessible(nb)           # fails on any critical or serious violation not EXPECTED, and
                                    # on what assert_reflows finds
    assert_reflows(nb)              # WCAG 1.4.10 at 320 px and 1.4.12 with WCAG's text spacing

What axe-core cannot see, an accessibility office measures by hand; :func:`assert_reflows` does it in
the same page, once per notebook (no second JupyterLab): at a 320-px window, sidebar collapsed (an output
area 204 px wide), no control shrunk under its words and nothing the kit writes sticks out sideways but
WCAG 1.4.10's exemptions
(:data:`EXEMPT`: pictures, code blocks, display maths; a data table, or a widget's table of controls
(class ``gamelib-table``), in a scroll box of its own); and with
WCAG's text-spacing style (:data:`TEXT_SPACING`, 1.4.12), in the laptop's window, no widget control's
words are cut
(``scrollWidth > clientWidth``).  :func:`overflowing` checks a page the kit writes whole (a feedback
page, the class report) the same way.

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
    rules are reported as an :class:`AxeWarning`), and :func:`assert_reflows`."""
    assert_reflows(nb)
    violations = [v for v in audit(nb) if v["impact"] in BLOCKING]
    known = [v for v in violations if v["id"] in EXPECTED]
    for v in known:
        warnings.warn(AxeWarning(f"{nb.name}: {len(v['nodes'])} × {v['id']} ({v['impact']}), expected: "
                                 f"{EXPECTED[v['id']]}"), stacklevel=2)
    failing = [v for v in violations if v["id"] not in EXPECTED]
    assert not failing, f"{nb.name}: axe-core finds " + "; ".join(
        f"{v['id']} ({v['impact']}: {v['help']}) at {[n['target'] for n in v['nodes'][:5]]} "
        f"e.g. {v['nodes'][0]['html']!r}" for v in failing)


# ---------------------------------------------------------------------------------------------------
# Reflow (WCAG 1.4.10) and text spacing (1.4.12), measured as the audit did
# ---------------------------------------------------------------------------------------------------

NARROW = {"width": 320, "height": 800}
"""WCAG 1.4.10's width: 320 CSS px (1280 px at 400 % zoom)."""
EXEMPT = ("img, svg, picture, canvas, pre, mjx-container[display='true'], .MathJax_Display, mjx-assistive-mml, "
          ".jp-InternalAnchorLink")
"""What may scroll sideways (WCAG 1.4.10's exemptions): pictures, code blocks, display maths.  A data
table may too, inside a scroll box of its own (an ancestor that scrolls sideways).  And what is not the
kit's, nor shown: MathJax's MathML for screen readers (clipped to nothing), JupyterLab's "¶" beside a
heading."""
TEXT_SPACING = ("* { line-height: 1.5 !important; letter-spacing: 0.12em !important; "
                "word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }")
"""WCAG's text-spacing bookmarklet (1.4.12): what a reader's own style may set without losing content."""

OVERFLOW_JS = """([areas, exempt]) => {
    // Elements sticking out sideways of their area (an output, a rendered markdown cell, a page's
    // body), the outermost only, not exempt: [{cell, px, element, text}].
    const shown = e => e.getClientRects().length > 0 && (!e.checkVisibility || e.checkVisibility());
    const scrolls = e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
    const out = [];
    for (const area of document.querySelectorAll(areas)) {
        const right = Math.min(area.getBoundingClientRect().right, document.documentElement.clientWidth) + 1;
        const boxed = t => { for (let b = t; b; b = b.parentElement) {
            if (scrolls(b) && b.getBoundingClientRect().right <= right) return true; if (b === area) break; }
            return false; };
        const table = e => e.closest('table, .gamelib-table');
        const exempted = e => !!e.closest(exempt) || (!!table(e) && boxed(table(e)));
        for (const el of area.querySelectorAll('*')) {
            if (!shown(el)) continue;
            const r = el.getBoundingClientRect();
            if (r.right <= right || r.width === 0 || exempted(el)) continue;
            const p = el.parentElement;
            if (p !== area && p.getBoundingClientRect().right > right && !exempted(p)) continue;
            out.push({cell: cells.indexOf(el.closest('.jp-Cell')), px: Math.round(r.right - right + 1),
                      element: (el.tagName.toLowerCase() + '.' + [...el.classList].filter(c =>
                                !c.startsWith('lm-')).join('.')).slice(0, 50),
                      text: (el.innerText || el.getAttribute('title') || '').replace(/\\s+/g, ' ').trim()
                                .slice(0, 50)});
        }
    }
    return out;
}"""
CLIPPED_JS = """() => {
    // Words cut in a widget's controls: a button, label, readout or menu narrower (or lower) than its
    // words, a row of controls lower than what it holds.
    const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
    const parts = 'button, label, .widget-label, .widget-readout, select, .widget-inline-hbox:not(.widget-html)';
    return [...new Set([...document.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')]
                       .flatMap(w => [...w.querySelectorAll(parts)]))]
        .filter(e => e.getClientRects().length > 0)
        .filter(e => e.scrollWidth > e.clientWidth + 1
                     || (e.scrollHeight > e.clientHeight + 1 && e.tagName !== 'SELECT'))   // a list box scrolls
        .map(e => ({cell: cells.indexOf(e.closest('.jp-Cell')), px: Math.max(e.scrollWidth - e.clientWidth,
                    e.scrollHeight - e.clientHeight), element: e.tagName.toLowerCase(),
                    text: (e.innerText || e.value || e.title || '').replace(/\\s+/g, ' ').trim().slice(0, 40)}));
}"""
OPEN_DETAILS_JS = """(areas) => { let n = 0;
    for (const d of document.querySelectorAll(areas.split(',').map(a => a.trim() + ' details:not([open])').join(', ')))
        { d.open = true; d.setAttribute('data-gamelib-opened', ''); n++; }
    return n; }"""
KIT_AREAS = ".jp-Notebook .jp-RenderedMarkdown, .jp-Notebook .jp-OutputArea-output"
LEFT_TAB = ".jp-SideBar.jp-mod-left .lm-TabBar-tab"
NARROW_JS = f"""() => !document.querySelector('{LEFT_TAB}.lm-mod-current')
    && [...document.querySelectorAll('.jp-NotebookPanel')].every(p => p.getBoundingClientRect().right <= 320)"""


def overflowing(page, areas: str = "body") -> list:
    """What sticks out sideways of ``areas`` (CSS) in ``page``, outermost elements only, WCAG 1.4.10's
    exemptions left out: ``[{cell, px, element, text}]``."""
    return page.evaluate(OVERFLOW_JS, [areas, EXEMPT])


def assert_reflows(nb):
    """WCAG 1.4.10 and 1.4.12 in ``nb``'s page as it is (all cells run): at 320 px, sidebar collapsed,
    nothing of the kit's scrolls sideways and no widget control is shrunk under its words; then, the page
    put back as it was (1280 px, the file browser open), with WCAG's text spacing no control's words are
    cut."""
    page = nb.page
    size = page.viewport_size
    opened = page.locator(f"{LEFT_TAB}.lm-mod-current")
    was_open = opened.count() > 0
    tab = opened.first.get_attribute("data-id") if was_open else None
    try:
        if was_open:
            opened.first.click()
        page.set_viewport_size(NARROW)
        page.wait_for_function(NARROW_JS, timeout=15_000)       # JupyterLab has laid its panels out anew
        opened_details = page.evaluate(OPEN_DETAILS_JS, KIT_AREAS)   # answers, a picture's table: read too
        sideways = overflowing(page, KIT_AREAS)
        page.evaluate("n => [...document.querySelectorAll('details[data-gamelib-opened]')].forEach(d => { "
                      "d.open = false; d.removeAttribute('data-gamelib-opened'); })", opened_details)
        squeezed = page.evaluate(CLIPPED_JS)                       # "0…": a control shrunk under its words
    finally:
        page.set_viewport_size(size)
        if was_open:
            page.locator(f"{LEFT_TAB}[data-id='{tab}']").click()
            page.wait_for_selector(f"{LEFT_TAB}.lm-mod-current", timeout=15_000)
    spacing = page.add_style_tag(content=TEXT_SPACING)          # 1.4.12, in the window as it was
    try:
        clipped = page.evaluate(CLIPPED_JS)
    finally:
        spacing.evaluate("e => e.remove()")
    assert not sideways, f"{nb.name} at 320 px scrolls sideways (WCAG 1.4.10): {sideways}"
    assert not squeezed, f"{nb.name} at 320 px cuts words in its controls (WCAG 1.4.10): {squeezed}"
    assert not clipped, f"{nb.name} with WCAG's text spacing cuts words (1.4.12): {clipped}"
