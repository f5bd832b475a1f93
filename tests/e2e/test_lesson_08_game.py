"""Lesson 08 in the browser (Voila): the scrubber over the whole seeded game, as everyone and as Paul.

Expected values from the rules, not read from the widget:
- Season 0, step 1: everyone is dealt 5 cards from deck A; at the first Season 0 decision (John keeps a card,
  step 2) nobody has kept anything yet, so every hand holds 5 cards.  In Paul's view the other two hands are
  shown only as "5 cards" (their cards are secret) while his own 5 numbers are shown.
- Season 0, step 2 is done in secret: in Paul's view John's decision is not named ("John decides"); in the
  full view it is ("John: keep N").
- The game is the lesson's (3 players, seed 11, greedy bots); the test replays the same seed to know the card
  numbers in Paul's hand and the number of entries.

A second test reads everything from the page alone: jump to round 1 of Season 1, step with Next (one entry on),
then look as Paul: the cards in a hand are secret (Season 0 and Phase 2), so John's and George's hand cells no
longer show their cards while Paul's own hand shows exactly what the full view shows.
"""

import re

from e2e_support import NOTEBOOKS, expect, open_lesson, overflows, shoot, widget_with_label

from tameri_kit.game import Settings, replay
from tameri_kit.game.bots import play_game
from tameri_kit.game.cli import chapters

LESSON = NOTEBOOKS / "08_full_game_walkthrough.ipynb"


def _widget(page):
    """The GameScrubber: the box holding the "Jump to" dropdown."""
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Jump to", ".widget-dropdown")).first


def test_scrubber_player_view(page, voila_url):
    record, _ = play_game(Settings.for_players(3), 11, ["greedy"] * 3)
    states = replay(record, states=True)
    k = dict(chapters(states))["Season 0"]
    s = states[k]
    paul_hand = " ".join(map(str, s.player("Paul").hand))
    assert s.to_move == "John" and all(len(p.hand) == 5 for p in s.players)
    n = len(record.entries)

    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    w = _widget(page)
    jump = widget_with_label(page, "Jump to", ".widget-dropdown").locator("select")
    seen_by = widget_with_label(page, "Seen by", ".widget-dropdown").locator("select")
    label = w.locator(".widget-label", has_text=re.compile(r"^entry \d+ of \d+"))

    seen_by.select_option("Paul")
    jump.select_option(label="Season 0")
    expect(label).to_have_text(re.compile(f"^entry {k} of {n}: "))
    rows = w.locator("table").first.locator("tr")
    for name in ("John", "George"):
        expect(rows.filter(has=page.locator("td", has_text=re.compile(f"^{name}$")))).to_contain_text("5 cards")
    expect(rows.filter(has=page.locator("td", has_text=re.compile("^Paul$")))).to_contain_text(paul_hand)

    w.get_by_role("button", name=re.compile("Next$")).click()
    expect(label).to_have_text(f"entry {k + 1} of {n}: John decides")
    seen_by.select_option("everyone (the full state)")
    expect(label).to_have_text(re.compile(f"^entry {k + 1} of {n}: John: keep \\d+$"))
    shoot(page, "08_full_game_walkthrough", w)
    assert overflows(w) == []   # fits a 1000 px output area: nothing sticks out, no label cut
    assert not page.js_errors, page.js_errors


ENTRY = re.compile(r"^entry (\d+) of (\d+): ")


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
    shoot(page, "08_full_game_walkthrough_round1", w)
    assert not page.js_errors, page.js_errors
