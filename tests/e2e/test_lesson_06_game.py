"""Lesson 06 in the browser (Voila): the game scrubber.  Jump to a chapter, step with Next, and look at the board
as one player: the other players' hands are hidden from him, his own is not.

Expected from the rules, not read from the widget: the cards in a player's hand are his secret (Season 0 and
Phase 2: cards are kept and chosen in secret), so in Paul's view John's and George's hands must not show their
cards while Paul's own hand shows exactly what the full view shows.  Stepping with Next moves one entry on.
"""

import re

from e2e_support import NOTEBOOKS, expect, open_lesson, shoot, widget_with_label

LESSON = NOTEBOOKS / "06_full_game_walkthrough.ipynb"
ENTRY = re.compile(r"^entry (\d+) of (\d+): ")


def _widget(page):
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Jump to", ".widget-dropdown")).first


def _hand_cells(page) -> dict[str, str]:
    """{player: text of the 'hand' cell} from the board table the scrubber shows."""
    table = _widget(page).locator("table").filter(has=page.locator("th", has_text=re.compile("^hand$"))).first
    heads = [h.strip() for h in table.locator("tr").first.locator("th").all_inner_texts()]
    col = heads.index("hand")
    out = {}
    for row in table.locator("tr").all()[1:]:
        cells = row.locator("td").all_inner_texts()
        if len(cells) > col:
            out[cells[0].strip()] = cells[col].strip()
    return out


def _entry(page) -> tuple[int, int]:
    label = _widget(page).locator(".widget-label").filter(has_text=ENTRY).first
    expect(label).to_be_visible()
    m = ENTRY.match(label.inner_text())
    return int(m.group(1)), int(m.group(2))


def test_scrubber_steps_and_hides_other_hands(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    w = _widget(page)
    jump = widget_with_label(page, "Jump to", ".widget-dropdown").locator("select")
    seen_by = widget_with_label(page, "Seen by", ".widget-dropdown").locator("select")
    seen_by.select_option(label="everyone (the full state)")

    label = w.locator(".widget-label").filter(has_text=ENTRY).first
    before = label.inner_text()
    jump.select_option(label="Season 1 (Akhet), round 1")  # not where the lesson's cells left it (Season 0)
    expect(label).not_to_have_text(before)
    k, n = _entry(page)
    slider = widget_with_label(page, "Entry", ".widget-slider")
    expect(slider.locator(".widget-readout")).to_have_text(str(k))
    w.get_by_role("button", name=re.compile(r"\bNext$")).click()
    expect(label).to_have_text(re.compile(rf"^entry {k + 1} of {n}: "))
    expect(slider.locator(".widget-readout")).to_have_text(str(k + 1))

    full = _hand_cells(page)
    assert {"John", "Paul", "George"} <= set(full), full
    cards = {name: re.findall(r"\d+", text) for name, text in full.items()}
    assert all(cards[name] for name in ("John", "Paul", "George")), full  # in Season 1 everyone holds cards

    seen_by.select_option("Paul")
    # John's hand cell changes (hidden), Paul's stays as in the full view
    table = w.locator("table").filter(has=page.locator("th", has_text=re.compile("^hand$"))).first
    expect(table.locator("tr").filter(has=page.locator("td", has_text=re.compile("^John$")))).not_to_contain_text(
        full["John"])
    paul_view = _hand_cells(page)
    assert paul_view["Paul"] == full["Paul"], (paul_view, full)
    for other in ("John", "George"):
        assert paul_view[other] != full[other], (other, paul_view, full)
        shown = re.findall(r"\d+", paul_view[other])
        assert not set(cards[other]) & set(shown) or shown == [str(len(cards[other]))], (other, paul_view[other])
    shoot(page, "06_full_game_walkthrough", w)
    assert not page.js_errors, page.js_errors
