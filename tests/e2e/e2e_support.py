"""Helpers for the browser tests (imported by the test files: ``from e2e_support import open_lesson, ...``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from axe_support import serious_violations

try:  # the tests import expect from here, so a missing playwright skips them (see conftest.chromium_path)
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SCREENSHOTS = ROOT / "screenshots"
RENDER_TIMEOUT = 90_000  # ms; Voila executes the whole notebook before the page is complete
LONG_RENDER_TIMEOUT = 300_000  # ms; for the lessons that play whole games as they render


def voila_page_url(base: str, notebook: Path) -> str:
    rel = notebook.resolve().relative_to(ROOT).as_posix()
    return f"{base}voila/render/{rel}"


def open_lesson_once(browser, base: str, notebook: Path, ready_selector: str):
    """A new tab with ``notebook`` open in Voila, for a module of tests that share one page (a lesson that plays
    whole games takes a minute or more to render on a busy machine: 5 minutes are allowed).  JavaScript errors
    collect in ``page.js_errors``, as with the ``page`` fixture.  Close it when done."""
    expect.set_options(timeout=30_000)  # as the page fixture does: the kernel answers slowly on a busy machine
    page = browser.new_page()
    page.js_errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    open_lesson(page, base, notebook, ready_selector=ready_selector, render_timeout=LONG_RENDER_TIMEOUT)
    return page


def open_lesson(
    page, base: str, notebook: Path, ready_selector: str = ".jupyter-widgets", render_timeout: int | None = None
):
    """Open ``notebook`` in Voila and wait until ``ready_selector`` is visible (the widgets have rendered).

    Fails with Voila's error text when a cell raised (the server runs with --show_tracebacks=True).  The first time
    a lesson is opened in a test session, it is also checked to fit a 1024 x 768 window (:func:`check_fit`) and
    audited with axe-core (:func:`axe_support.serious_violations`, kept in :data:`AXE_CHECKED`), so that every
    lesson is rendered once for its own test, the fit check and the accessibility audit.
    """
    if not notebook.exists():
        pytest.skip(f"{notebook.relative_to(ROOT)} does not exist yet")
    timeout = render_timeout or RENDER_TIMEOUT
    if page.url == voila_page_url(base, notebook) or page.url.startswith(voila_page_url(base, notebook) + "?"):
        # already open in this tab (a module of tests sharing one: ONE_TAB in conftest.py): rendered, fit and audited
        page.locator(ready_selector).first.wait_for(state="visible", timeout=timeout)
        assert_no_errors(page)
        return page
    script_errors: list[str] = []
    page.on("pageerror", lambda exc: script_errors.append(str(exc)))
    page.goto(voila_page_url(base, notebook), wait_until="commit", timeout=timeout)
    # Voila runs every cell while a spinner ("Running ...") is shown, then removes it and shows #rendered_cells:
    # once they are visible, all the lesson's cells (including those that drive its widgets) have run
    page.locator("#rendered_cells").wait_for(state="visible", timeout=timeout)
    expect(page.locator("#loading")).to_have_count(0, timeout=timeout)
    page.locator(ready_selector).first.wait_for(state="visible", timeout=timeout)
    assert_no_errors(page)
    if notebook.parent == NOTEBOOKS and notebook.stem not in FIT_CHECKED:
        FIT_CHECKED[notebook.stem] = check_fit(page, notebook, script_errors)
    if notebook.parent == NOTEBOOKS and notebook.stem not in AXE_CHECKED:
        # the accessibility audit, once per lesson, on the page just rendered (test_lessons_fit.py asserts it)
        try:
            AXE_CHECKED[notebook.stem] = serious_violations(page)
        except pytest.skip.Exception as why:  # no axe-core here (no npm): the lesson's own tests still run
            AXE_CHECKED[notebook.stem] = str(why)
    if notebook.parent == NOTEBOOKS:
        assert FIT_CHECKED[notebook.stem] == [], f"{notebook.name} at 1024 x 768:\n" + "\n".join(
            FIT_CHECKED[notebook.stem]
        )
    return page


# ----------------------------------------------------------------------------------------------------------------
# Every lesson fits a small screen
# ----------------------------------------------------------------------------------------------------------------
#: lesson (file stem) -> its serious and critical axe-core violations when it was first opened ([] = it passes),
#: or why the audit could not run (a string)
AXE_CHECKED: dict[str, list[dict] | str] = {}
#: lesson (file stem) -> what did not fit at 1024 x 768 when it was first opened in this session ([] = it fits)
FIT_CHECKED: dict[str, list[str]] = {}
FIT_WINDOW = {"width": 1024, "height": 768}

#: What sticks out: output areas that scroll sideways, widgets wider than their area (or scrolling inside), and
#: pictures (svg, img, canvas) or tables whose right edge passes the area's right edge.
_LESSON_OVERFLOWS = r"""() => {
  const describe = (el) => {
    const cls = (el.getAttribute('class') || '').split(/\s+/).filter(Boolean).slice(0, 3).join('.');
    const text = (el.textContent || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return `<${el.tagName.toLowerCase()}${cls ? ' class=' + cls : ''}> "${text}"`;
  };
  const bad = [];
  for (const area of document.querySelectorAll('.jp-OutputArea-output')) {
    if (area.offsetParent === null) continue;                       // hidden (e.g. a closed accordion)
    const box = area.getBoundingClientRect();
    if (area.scrollWidth > area.clientWidth + 1) {
      bad.push(`output area scrolls sideways by ${area.scrollWidth - area.clientWidth}px: ${describe(area)}`);
    }
    for (const el of area.querySelectorAll('.jupyter-widgets, .widget-box, svg, img, canvas, table')) {
      if (el.parentElement && el.parentElement.closest('svg')) continue;   // a picture inside a picture
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const over = Math.round(r.right - box.right);
      if (over > 1) {
        bad.push(`${describe(el)} is ${over}px wider than its output area (${Math.round(box.width)}px)`);
      } else if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
                 && getComputedStyle(el).overflowX !== 'visible') {
        bad.push(`${describe(el)} scrolls sideways inside by ${el.scrollWidth - el.clientWidth}px`);
      }
    }
  }
  return bad;
}"""

#: How many widgets are drawn (to wait until Voila has drawn them all).
_WIDGETS = "() => document.querySelectorAll('.jupyter-widgets').length"


def _settle(page) -> None:
    """Wait until the number of drawn widgets has stopped changing (Voila draws them after the cells have run)."""
    last = -1
    for _ in range(40):
        now = page.evaluate(_WIDGETS)
        if now == last:
            return
        last = now
        page.wait_for_timeout(500)


def check_fit(page, notebook: Path, script_errors: list[str]) -> list[str]:
    """What does not fit when the opened lesson is shown in a 1024 x 768 window: output areas that scroll
    sideways, widgets or pictures sticking out of their output area (each named by its tag, class and first words,
    with how many pixels it is too wide), and any JavaScript error while the page was loading.  A screenshot is
    saved as ``screenshots/fit_<lesson>.png``.  The window is put back as it was."""
    size = page.viewport_size
    page.set_viewport_size(FIT_WINDOW)
    try:
        _settle(page)
        problems = list(page.evaluate(_LESSON_OVERFLOWS))
        shoot(page, f"fit_{notebook.stem}")
    finally:
        if size:
            page.set_viewport_size(size)
    return problems + [f"JavaScript error: {error}" for error in script_errors]


def assert_no_errors(page) -> None:
    """No Python traceback shown on the page (error outputs, or stderr with a Traceback)."""
    errs = page.locator(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], .jp-RenderedText'
        '[data-mime-type="application/vnd.jupyter.stderr"]'
    )
    texts = [t for t in errs.all_inner_texts() if "Traceback" in t or "Error" in t]
    body = page.locator("body").inner_text()
    if "There was an error when executing cell" in body:
        texts.append(body[:4000])
    assert not texts, "error output on the page:\n" + "\n---\n".join(texts)


_CONTENT_HEIGHT = """() => Math.max(document.documentElement.scrollHeight,
    ...[...document.querySelectorAll('*')].filter(e => /(auto|scroll)/.test(getComputedStyle(e).overflowY))
        .map(e => e.scrollHeight))"""


def shoot(page, name: str, target=None) -> Path:
    """Screenshot into screenshots/NAME.png (git-ignored) for a person to look at: ``target`` (a locator, e.g. the
    lesson's widget) or else the whole page.

    Voila and JupyterLab scroll inside their own panels, so the window is made as tall as the content first
    (capped at 6000 px) and restored afterwards: the picture then shows everything, not one window's worth.
    """
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    size = page.viewport_size
    height = int(page.evaluate(_CONTENT_HEIGHT)) + 40
    if size and height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(height, 6000)})
    try:
        if target is not None:
            target.screenshot(path=str(path))
        else:
            page.screenshot(path=str(path), full_page=True)
    finally:
        if size:
            page.set_viewport_size(size)
    return path


def press_slider(page, slider_locator, key: str, times: int = 1) -> None:
    """Move an ipywidgets slider as a person would with the keyboard: focus its handle, press ``key``.

    Beware a race before clicking a button: ipywidgets sends a model's second change only after the kernel has
    acknowledged the first, while a button click goes out at once, so a click right after several presses on the
    same slider can reach the kernel before the slider's last value.  Either press once (Home/End reach the ends
    in one change), or wait for something the kernel computes from the new value before clicking.
    """
    handle = slider_locator.locator(".noUi-handle").first
    handle.focus()
    for _ in range(times):
        handle.press(key)


def widget_with_label(page, label: str, kind: str = ""):
    """The ipywidgets widget whose description label reads ``label`` (e.g. ``widget_with_label(p, 'Sides')``)."""
    css = f".widget-inline-hbox{kind}"
    return page.locator(css).filter(has=page.locator(".widget-label", has_text=label)).first


_OVERFLOWS = """(root, width) => {
    root.style.width = width + 'px'; root.style.maxWidth = width + 'px';
    const right = root.getBoundingClientRect().left + width + 1;
    const scrolls = (e) => { for (let a = e.parentElement; a && a !== root; a = a.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(a).overflowX)) return true; } return false; };
    const out = [];
    for (const e of root.querySelectorAll('.widget-label, .widget-html-content, select, input, button, svg, img, table')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || scrolls(e)) continue;
        const name = (e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 40);
        if (r.right > right) out.push(`${e.tagName.toLowerCase()} "${name}" sticks out ${Math.round(r.right - right)} px`);
        if (e.classList.contains('widget-label') && e.scrollWidth > e.clientWidth + 1) out.push(`label cut: "${name}"`);
    }
    return out;
}"""


def overflows(target, width: int = 1000) -> list[str]:
    """What does not fit when ``target`` (a widget's box) is given ``width`` px (GUIDE: every widget fits a 1000 px
    output area without clipping): controls sticking out on the right, description labels cut short.  Content in
    a box that scrolls sideways counts as fitting."""
    return target.evaluate(_OVERFLOWS, width)


def question_box(page, prompt_start: str):
    """The predict-then-check question (``tameri_kit.widgets.question.Question``) whose prompt contains
    ``prompt_start``."""
    return page.locator(".tameri-question").filter(has_text=prompt_start).first


def answer_question(box, answer: str, expected_feedback) -> None:
    """Answer a question as a learner does - type into its box, or pick the option labelled ``answer`` - press
    Check, and wait until the feedback reads ``expected_feedback`` (a string it contains, or a pattern).

    Wait for the feedback before answering again: ipywidgets holds a model's second change until the kernel has
    acknowledged the first, and a click goes out at once.
    """
    box.scroll_into_view_if_needed()
    radio = box.locator(".widget-radio-box")
    if radio.count():
        radio.get_by_label(answer, exact=True).check()
    else:
        box.locator("input[type=text]").fill(answer)
    box.get_by_role("button", name="Check").click()
    expect(box.locator(".tameri-feedback")).to_contain_text(expected_feedback)


TABLE_WAIT = 60_000  # ms: the bots move in the kernel after each click at a game table, on a shared machine


def table_button(table, label: str):
    """The button of the game table ``table`` (a locator) whose text is ``label`` (an icon's glyph comes before the
    text in the accessible name)."""
    return table.get_by_role("button", name=re.compile(rf"(^|[^\w,]){re.escape(label)}\s*$"))


def click_at_table(table, label: str, *, decision: bool = True) -> None:
    """Click the button ``label`` of the game table ``table``; for a decision, wait until the table has taken it
    (its button is gone).

    The decision buttons are a pool the table relabels after every decision and enables only once the page has
    drawn the labels (tameri_kit/widgets/table_view.py), so the test waits for the button to be enabled, as a
    person sees it.  If the button stays, the failure quotes what the table said (a refused click says why).
    """
    button = table_button(table, label)
    # while the table redraws, the last decision's button of the same label can still be on the page beside the new
    expect(button).to_have_count(1, timeout=TABLE_WAIT)
    expect(button).to_be_enabled(timeout=TABLE_WAIT)
    button.click()
    if not decision:
        return
    try:
        expect(table_button(table, label)).to_have_count(0, timeout=TABLE_WAIT)
    except AssertionError as error:
        said = table.locator(".tameri-message").all_inner_texts()
        raise AssertionError(f"{label!r} was not taken; the table says {said}") from error


def lab_notebook_url(lab_server, name: str) -> str:
    """The URL that opens notebook ``name`` in JupyterLab in a workspace of its own, emptied first (``?reset``).

    JupyterLab stores the open tabs in a workspace on the server and reopens them on the next page load: a later
    test on the same server would otherwise find an earlier test's notebook open beside its own, and the Run menu
    could act on that one instead (lesson 09's JupyterLab test hung so: Run All Cells re-ran lesson 02).
    """
    workspace = "".join(c if c.isalnum() else "-" for c in Path(name).stem)
    return f"{lab_server.url}lab/workspaces/{workspace}/tree/{name}?reset&token={lab_server.token}"


def shut_down_lab_sessions(lab_server) -> None:
    """Shut down every notebook session (and its kernel) of ``lab_server``, so that nothing an earlier test started
    keeps running beside a later test."""
    import json
    import urllib.request

    base, auth = lab_server.url, {"Authorization": f"token {lab_server.token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{base}api/sessions", headers=auth), timeout=30) as r:
        sessions = json.load(r)
    for session in sessions:
        request = urllib.request.Request(f"{base}api/sessions/{session['id']}", headers=auth, method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()
