"""Every lesson fits a small screen: at a 1024 x 768 window in Voila, no output area scrolls sideways and no widget
or picture sticks out of its output area (``scrollWidth <= clientWidth``; for pictures, their right edge).  A
screenshot of each lesson is saved as ``screenshots/fit_<lesson>.png`` for the test report.

A failure names the lesson and each offending element: its tag and class, a few words of its text, and how many
pixels it is too wide.
"""

import e2e_support
import pytest
from e2e_support import NOTEBOOKS, expect, open_lesson, shoot

LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
WINDOW = {"width": 1024, "height": 768}

#: What sticks out: output areas that scroll sideways, widgets wider than their area (or scrolling inside), and
#: pictures (svg, img, canvas) or tables whose right edge passes the area's right edge.
_OVERFLOWS = r"""() => {
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


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_lesson_fits_1024(browser, voila_url, lesson):
    expect.set_options(timeout=30_000)
    page = browser.new_page()
    page.set_viewport_size(WINDOW)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    old = e2e_support.RENDER_TIMEOUT
    e2e_support.RENDER_TIMEOUT = 300_000      # a lesson that plays a whole game takes a while on a busy machine
    try:
        open_lesson(page, voila_url, lesson, ready_selector="#rendered_cells")
        _settle(page)
        problems = page.evaluate(_OVERFLOWS)
        shoot(page, f"fit_{lesson.stem}")
    finally:
        e2e_support.RENDER_TIMEOUT = old
        page.close()
    assert problems == [], f"{lesson.name} at 1024 x 768:\n" + "\n".join(problems)
    assert not errors, errors
