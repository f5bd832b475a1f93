"""Lesson 00 in the browser (Voila): it renders as an app with no code shown and no error, and shows what its
cells compute.

Expected by hand: Game Setup 1b gives ``N:SS E:SS S:SS W:SS rivers:2222``.  Dropping a Water on North and a Sun
on East (Phase 1: Weather): North reads S S W, and step 6 removes the touching Sun and Water, leaving S; East
reads S S S, which no step changes.  So the phase ends at ``N:S E:SSS S:SS W:SS rivers:2222``.
"""

from e2e_support import NOTEBOOKS, expect, open_lesson, shoot

LESSON = NOTEBOOKS / "00_start_here.ipynb"


def test_start_here_renders(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".jp-OutputArea-output")
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="N:SS E:SS S:SS W:SS rivers:2222").first).to_be_visible()
    expect(outputs.filter(has_text="N:S E:SSS S:SS W:SS rivers:2222").first).to_be_visible()
    expect(page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor")).to_have_count(0)  # Voila shows no code
    assert "from tameri_kit import" not in page.content()
    shoot(page, "00_start_here")
    assert not page.js_errors, page.js_errors
