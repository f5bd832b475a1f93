"""The harness itself, on a tiny fixture notebook (tests/e2e/fixtures/harness_fixture.ipynb): Voila serves it with
no source shown, the keyboard moves a slider, a dropdown choice and a button click reach the kernel, and the answer
on the page changes."""

import re
import sys

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e_support import FIXTURES, expect, open_lesson, press_slider, shoot, widget_with_label

FIXTURE = FIXTURES / "harness_fixture.ipynb"


def test_voila_serves_fixture_without_source(page, voila_url):
    open_lesson(page, voila_url, FIXTURE)
    # Voila strips the code: the source of the code cell must not be on the page
    assert "on_click" not in page.content()
    expect(page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor")).to_have_count(0)
    expect(page.get_by_text("Harness fixture")).to_be_visible()
    # Voila's kernel runs in the same environment as the tests (the .venv with the kit installed)
    expect(page.get_by_text(f"kernel prefix: {sys.prefix}", exact=True)).to_be_visible()


def test_fixture_slider_dropdown_button(page, voila_url):
    open_lesson(page, voila_url, FIXTURE)
    answer = page.get_by_text("P = ?")
    expect(answer).to_be_visible()
    # 6 sides, ArrowRight once -> 7 sides; the top face of a fair 7-sided die: 1/7
    # (one key press per slider before a click: see press_slider)
    press_slider(page, widget_with_label(page, "Sides", ".widget-slider"), "ArrowRight")
    expect(widget_with_label(page, "Sides", ".widget-slider").locator(".widget-readout")).to_have_text("7")
    page.get_by_role("button", name="Compute").click()
    expect(page.get_by_text("P = 1/7")).to_be_visible()
    # not the top face of a 7-sided die: 1 - 1/7 = 6/7
    widget_with_label(page, "Event", ".widget-dropdown").locator("select").select_option("not the top face")
    page.get_by_role("button", name="Compute").click()
    expect(page.get_by_text("P = 6/7")).to_be_visible()
    shoot(page, "harness_fixture")
    assert not page.js_errors, page.js_errors


def test_voila_tree_lists_every_lesson(page, voila_url):
    """``make app`` opens Voila's file list: every lesson is in notebooks/, and opening one shows it as an app."""
    from e2e_support import NOTEBOOKS

    lessons = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert lessons, "no lessons in notebooks/"
    page.goto(voila_url)  # the server here is rooted at the repository; make app's is rooted at notebooks/
    folder = page.get_by_role("listitem", name=re.compile(r"^Name: notebooks\b"))
    try:
        folder.wait_for(timeout=45_000)
    except PlaywrightTimeout:
        # once in a full run the list stayed empty for 90 s (the header drawn, no entry, nothing in the server's log);
        # it never did alone: the page loaded again shows the list, and a list still empty fails the test below
        page.reload()
    # Voila's list opens an entry on a single click (a double click's second click would land on the next listing
    # and open whatever file is under the pointer there, in a tab of its own)
    folder.click(timeout=60_000)
    for name in lessons:
        expect(page.get_by_role("listitem", name=re.compile(rf"^Name: {re.escape(name)}\b"))).to_be_visible()
    with page.context.expect_page() as opened:
        page.get_by_role("listitem", name=re.compile(rf"^Name: {re.escape(lessons[0])}\b")).click()
    app = opened.value
    try:
        expect(app).to_have_url(re.compile(r"/voila/render/notebooks/" + re.escape(lessons[0]) + r"\??$"))
        app.locator("#rendered_cells").wait_for(state="visible", timeout=90_000)
    finally:
        app.close()
