"""The shared page (``python -m tameri_kit share``) in a real browser, opened from file:// with every other request
refused, on a phone (390x844) and a laptop (1280x800): the bar of controls stays on screen, a Weather step moves the
pyramid, on a phone the board is drawn for the width (one column, every word at least 11 px, nothing wider than the
screen) and the close-up shows every part a step changed, the result waits for the last step, no word is cut in the
pictures, ``#step-N`` is followed after load,
the keyboard (controls first, arrows, Home/End, a typed number), the slider, the move list, autoplay, a link to the
step, the teacher's notes and a question that hides the decision (and the bot's reason) until it is answered, a
player's name that once
collided with the page's placeholder, and axe-core's audit (screenshots in screenshots/)."""

from __future__ import annotations

import re

import pytest

from e2e_support import expect, shoot
from tameri_kit.game import Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.story import new_events
from tameri_kit.share import share_page
from tameri_kit.share.notes import parse_notes

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
NOTES = """## step 12
Watch the *Farmers*: this is the first one on a field.

## round 2 ?
Which card would **you** choose here?
"""


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """A finished two-player game (greedy bots, seed 1, their reasons kept as ``play --record`` keeps them) shared
    with the notes above and a question at step 150, in a temporary folder; and the record."""
    record, final = play_game(Settings.for_players(2), 1, ["greedy", "greedy"], keep_reasons=True)
    assert final.outcome is not None
    path = tmp_path_factory.mktemp("shared") / "game.html"
    path.write_text(share_page(record, notes=parse_notes(NOTES, (150,))), encoding="utf-8")
    return path, record


def _offline(page, path, fragment: str = ""):
    """Open ``path`` with every request but the file itself refused; returns the list of refused requests."""
    url = path.resolve().as_uri()
    refused: list[str] = []

    def route(request_route):
        if request_route.request.url.split("#")[0] == url:
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    page.goto(url + fragment)
    expect(page.locator("#step-heading")).to_have_text(re.compile(r"^Step \d+ of "))
    return refused


def _heading(page):
    return page.locator("#step-heading")


def _landing(record) -> int:
    """The first step whose sphere lands and waits for others (the next entry is a landing too)."""
    landing = re.compile(r"chance: [SWL]@[NESW]")
    return next(
        k
        for k, (entry, after) in enumerate(zip(record.entries, record.entries[1:]), 1)
        if landing.fullmatch(entry) and landing.fullmatch(after)
    )


def _on_screen(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and (box["x"] + box["width"] <= size["width"])
    )


#: The smallest rendered font size (px: the font size times the scale of the picture on the screen) of the words
#: drawn on the screen in the board and in the close-up, with the word; and how many words each has.
_FONT_SIZES = """() => {
  const smallest = sel => {
    let least = [1000, ''], count = 0;
    for (const t of document.querySelectorAll(sel)) {
      const box = t.getBoundingClientRect();
      if (!box.width || !t.textContent.trim()) continue;
      const m = t.getScreenCTM(), px = Math.hypot(m.a, m.b) * parseFloat(getComputedStyle(t).fontSize);
      count += 1;
      if (px < least[0]) least = [Math.round(px * 100) / 100, t.textContent];
    }
    return {px: least[0], word: least[1], count: count};
  };
  return {board: smallest('#board text'), closeup: smallest('#closeup-picture text')};
}"""

#: Every word of the board whose box leaves the picture (or the window of a picture inside it) it is drawn in.
_OUTSIDE = """() => {
  const out = [];
  for (const t of document.querySelectorAll('#board text')) {
    const b = t.getBoundingClientRect();
    if (!b.width || !t.textContent.trim()) continue;
    let svg = t.ownerSVGElement;
    while (svg) {
      const box = svg.getBoundingClientRect();
      if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1) {
        out.push(t.textContent);
        break;
      }
      svg = svg.ownerSVGElement;
    }
  }
  return out;
}"""

#: Each close-up: its caption, the picture it is cut from, and whether the element of the board it is about (its
#: path of child indices from the picture's root) lies in its window (the tops of both, in the picture's units).
_CLOSEUPS = """() => [...document.querySelectorAll('#closeup-picture .closeup-part')].map(part => {
  const root = document.querySelector('#' + part.dataset.slot + ' svg');
  let el = root;
  for (const i of part.dataset.path.split('.')) el = el.childNodes[+i];
  const vb = root.viewBox.baseVal, R = root.getBoundingClientRect(), r = el.getBoundingClientRect();
  const scale = vb.width / R.width, top = (r.top - R.top) * scale, bottom = (r.bottom - R.top) * scale;
  const [x, y, w, h] = part.dataset.window.split(' ').map(Number);
  return {name: part.dataset.part, slot: part.dataset.slot,
          inside: top >= y - 1 && top < y + h && Math.min(bottom, y + h) - top >= Math.min(bottom - top, h) * 0.5};
})"""

#: The words drawn inside the close-ups' windows (each close-up holds the whole picture: most of it out of view).
_CLOSEUP_WORDS = """() => [...document.querySelectorAll('#closeup-picture svg')].flatMap(svg => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter(t => {
    const b = t.getBoundingClientRect();
    return b.width > 0 && b.left >= box.left - 1 && b.right <= box.right + 1 && b.top >= box.top - 1 &&
      b.bottom <= box.bottom + 1;
  }).map(t => t.textContent);
})"""

#: The words the close-up names a part by (page.js: PART_NAMES), by the class of the narrow board's part.
PART_NAMES = {
    "info": "the Weather tile and the decks",
    "pyramid": "the Great Pyramid",
    "market": "the Market",
    "buildings": "the Building row",
    "temples": "the Temples",
    "sphinx": "the Sphinx avenue",
    "nile": "the Nile",
}


def _changed_parts(record, k: int, seat: str = "John") -> list[str]:
    """The parts of the narrow board that step ``k`` changed, seen by ``seat``, worked out here from the drawings
    (render/board_narrow.py), not from the page: each ``<g class="part part-X">`` of the shared board whose text
    differs (not the title: it names the next to move), then each player's panel that differs."""
    from tameri_kit.game.core.board_view import board_picture
    from tameri_kit.render.board_narrow import narrow_board_svg, narrow_player_svg
    from tameri_kit.share.steps import weather_board

    states = replay(record, states=True)

    def shared(state):
        svg = narrow_board_svg(weather_board(state, board_picture(state)), players=False)
        return dict(
            re.findall(r'<g class="part part-(\w+)" transform="[^"]*">(.*?)(?=<g class="part |</svg>$)', svg, re.S)
        )

    before, after = shared(states[k - 1]), shared(states[k])
    names = [PART_NAMES[part] for part in PART_NAMES if before[part] != after[part]]
    players = record.settings.players
    for i, name in enumerate(players):
        viewer = seat if name == seat else next(p for p in players if p != name)
        panels = [narrow_player_svg(board_picture(s, viewer).players[i]) for s in (states[k - 1], states[k])]
        if panels[0] != panels[1]:
            names.append(f"{name}'s board")
    return names


#: Every text of a Building space or a Sphinx space inside its card, and the backs of a hidden hand apart (in a row;
#: on a phone they wrap to a second row).
_CLIPPED = """() => {
  const out = [];
  for (const g of document.querySelectorAll('#board g.building-space, #board g.sphinx-space')) {
    const card = g.querySelector(':scope > rect').getBoundingClientRect();
    for (const t of g.querySelectorAll(':scope > text')) {
      const b = t.getBoundingClientRect();
      if (b.left < card.left - 1 || b.right > card.right + 1 || b.top < card.top - 1 || b.bottom > card.bottom + 1)
        out.push(g.getAttribute('class') + ' ' + g.getAttribute('data-space') + ': ' + t.textContent);
    }
  }
  for (const hand of document.querySelectorAll('#board g.hand.hidden')) {
    const backs = [...hand.querySelectorAll(':scope > g.card-back')].map(b => b.getBoundingClientRect());
    for (let i = 1; i < backs.length; i++)
      if (backs[i].left < backs[i - 1].right - 1 && backs[i].top < backs[i - 1].bottom - 1)
        out.push('hidden hand: back ' + i + ' covers the one before');
    if ([...hand.querySelectorAll('text')].some(t => t.textContent.includes('face')))
      out.push('hidden hand: words too small to read');
  }
  return out;
}"""


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390x844", "1280x800"])
def test_the_page_on_a_phone_and_a_laptop(page, shared, size):
    """A Weather step moves the pyramid and says where the sphere fell; the controls stay on screen while the page
    is scrolled and stepped; nothing is wider than the screen; the result is hidden until the last step (or the
    button); no word is cut in the pictures; axe-core finds nothing serious; nothing is fetched."""
    from axe_support import describe, serious_violations

    path, record = shared
    n = len(record.entries)
    page.set_viewport_size(size)
    k = _landing(record)
    refused = _offline(page, path, f"#step-{k - 1}")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {k - 1} of {n}"))
    before = page.locator("#board-shared .pyramid-part").inner_html()
    page.locator("#next").click()
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {k} of {n}"))
    expect(page.locator("#step-log")).to_contain_text("lands on ramp")
    assert page.locator("#board-shared .pyramid-part").inner_html() != before
    sphere, ramp = re.fullmatch(r"chance: ([SWL])@([NESW])", record.entries[k - 1]).groups()
    names = {"S": "Sun", "W": "Water", "L": "Silt", "N": "North", "E": "East"}  # a sphere's or a ramp's letter
    expect(page.locator("#step-log")).to_contain_text(f"{names.get(sphere, sphere)} lands on ramp")
    assert ramp in "NESW"
    # on a phone the board is drawn for the width: one column, every word at least 11 px; the close-up shows the
    # side of the pyramid the sphere fell on
    sizes = page.evaluate(_FONT_SIZES)
    if size is PHONE:
        expect(page.locator("#board-shared svg.narrow")).to_have_count(1)
        expect(page.locator("#board svg.tameri-player.narrow")).to_have_count(2)
        assert sizes["board"]["px"] >= 11 and sizes["board"]["count"] > 300, sizes
        expect(page.locator("#closeup")).to_be_visible()
        expect(page.locator("#closeup-what")).to_contain_text(f"where step {k} changed the board: the Great Pyramid")
        # the ramp the sphere fell on, and the supply it came from: two places of the pyramid, two close-ups
        expect(page.locator("#closeup-picture .closeup-part")).to_have_count(2)
        seen = page.evaluate(_CLOSEUP_WORDS)
        assert any(word.startswith(names[sphere] + ": ") for word in seen), seen  # the supply, e.g. "Silt: 14"
        assert sizes["closeup"]["px"] >= 11, sizes
        label = {"N": "North", "E": "East", "S": "South", "W": "West"}[ramp]
        assert label in page.evaluate(_CLOSEUP_WORDS)
    else:
        expect(page.locator("#board-shared svg.narrow")).to_have_count(0)
        expect(page.locator("#closeup")).to_be_hidden()

    # the bar stays on screen: scrolled to the board, to the bottom, and while stepping
    for target in ("#board-heading", "footer"):
        page.locator(target).scroll_into_view_if_needed()
        assert _on_screen(page, ".bar") and _on_screen(page, "#next") and _on_screen(page, "#slider"), target
    for _ in range(3):
        page.locator("#next").click()
        assert _on_screen(page, "#next") and _on_screen(page, "#previous")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {k + 3} of {n}"))
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    shoot(page, f"share_page_{size['width']}_weather")

    # no spoiler: hidden in the middle, shown at the end, hidden again before it, or shown on request
    expect(page.locator("#result-body")).to_be_hidden()
    page.keyboard.press("End")
    expect(page.locator("#result-body")).to_be_visible()
    expect(page.locator("#result-words")).to_contain_text("wins with")
    expect(page.locator("#result-body")).to_contain_text("Winner:")
    page.keyboard.press("Home")
    expect(page.locator("#result-body")).to_be_hidden()

    # a late step (Buildings, Sphinx tiles, a hidden hand): no word outside its card
    page.evaluate("location.hash = '#step-300'")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 300 of {n}"))
    assert page.evaluate(_CLIPPED) == []
    assert page.evaluate(_OUTSIDE) == []
    assert page.locator("#board g.hand.hidden").count() >= 1
    if size is PHONE:
        assert page.evaluate(_FONT_SIZES)["board"]["px"] >= 11
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    violations = serious_violations(page)
    assert violations == [], describe(violations)
    page.locator("#show-result").click()
    expect(page.locator("#result-body")).to_be_visible()
    shoot(page, f"share_page_{size['width']}")
    assert refused == []
    assert page.js_errors == []


def test_the_keyboard_the_slider_the_move_list_and_a_link(page, shared):
    """Controls first in the tab order; arrows step, Home/End, a typed number and Enter; the slider; a move of the
    move list and a chapter; the seat chooser; ``#step-N`` changed after load is followed; the link to this step."""
    path, record = shared
    n = len(record.entries)
    page.set_viewport_size(LAPTOP)
    refused = _offline(page, path)
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 0 of {n}: Game Setup"))
    expect(page.locator("#previous")).to_be_disabled()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "next"  # the first control (Back is disabled at step 0)
    page.keyboard.press("Enter")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 1 of {n}"))
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "play"
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 2 of {n}"))
    page.keyboard.press("ArrowLeft")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 1 of {n}"))
    page.keyboard.press("End")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {n} of {n}: End of the Game"))
    expect(page.locator("#next")).to_be_disabled()
    page.keyboard.press("Home")
    for key in "120":
        page.keyboard.press(key)
    expect(page.locator("#typed")).to_contain_text("Go to step 120")
    page.keyboard.press("Enter")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 120 of {n}: Season 1"))
    assert page.evaluate("location.hash") == "#step-120"
    expect(page.locator("#where")).to_have_text(f"120 / {n}")

    # the slider, by keyboard
    page.locator("#slider").focus()
    page.keyboard.press("ArrowRight")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 121 of {n}"))
    assert page.locator("#slider").get_attribute("aria-valuetext").startswith(f"Step 121 of {n}")

    # #step-N changed after load, as a link in the page or the address bar would
    page.evaluate("location.hash = '#step-77'")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 77 of {n}"))

    # the move list: a decision, and a chapter; the current one is marked
    first_keep = next(k for k, e in enumerate(record.entries, 1) if e.startswith("John: keep"))
    page.locator(f'#moves button.move[data-step="{first_keep}"]').click()
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {first_keep} of {n}: Season 0"))
    expect(page.locator(f'#moves button.move[data-step="{first_keep}"]')).to_have_attribute("aria-current", "step")
    expect(page.locator("#step-entry")).to_have_text(record.entries[first_keep - 1])
    page.get_by_role("button", name=re.compile("^End of Season 1")).click()
    expect(_heading(page)).to_have_text(re.compile(r": End of Season 1 \(Akhet\)$"))

    # a secret decision of George is hidden from John, and named for George
    george_keep = next(k for k, e in enumerate(record.entries, 1) if e.startswith("George: keep"))
    page.evaluate(f"location.hash = '#step-{george_keep}'")
    expect(page.locator("#step-entry")).to_have_text("George decides in secret (hidden from John)")
    page.select_option("#seat", "George")
    expect(page.locator("#step-entry")).to_have_text(record.entries[george_keep - 1])
    expect(page.locator("#board-heading")).to_contain_text("seen by George")
    page.select_option("#seat", "")  # everyone: offered because the game is over
    expect(page.locator("#board-heading")).to_contain_text("everyone")

    # a step that logs nothing says so (it is not "hidden"): a player ending the actions of a turn
    states = replay(record, states=True)
    quiet = next(
        k
        for k, entry in enumerate(record.entries, 1)
        if entry.endswith(": end actions") and not new_events(states[k - 1], states[k])
    )
    page.evaluate(f"location.hash = '#step-{quiet}'")
    expect(page.locator("#step-log")).to_have_text("Nothing more: the entry above is the whole step.")

    # a link to this step
    page.locator("#copy-link").click()
    expect(page.locator("#copied")).to_contain_text(f"game.html#step-{quiet}")
    assert refused == []
    assert page.js_errors == []


def test_autoplay_steps_on_its_own_and_pauses(page, shared):
    path, record = shared
    page.set_viewport_size(PHONE)
    _offline(page, path, "#step-40")
    page.locator("#play").click()
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    expect(_heading(page)).to_have_text(re.compile(r"^Step 42 of "), timeout=15_000)  # two steps on its own
    page.locator("#play").click()
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#play")).to_have_text("Play")
    # a question stops it: the reader is asked before the game goes on
    start = int(page.get_by_role("button", name=re.compile(r", round 2$")).get_attribute("data-step"))
    asked = next(k for k in range(start, len(record.entries) + 1) if not record.entries[k - 1].startswith("chance:"))
    page.evaluate(f"location.hash = '#step-{asked - 2}'")
    page.locator("#play").click()
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false", timeout=15_000)
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {asked} of "))
    expect(page.locator("#question")).to_be_visible()
    assert page.js_errors == []


def test_notes_and_a_question_that_hides_the_decision(page, shared):
    """The note of step 12 shows at step 12 (and is marked in the move list); round 2's question is on its first
    decision: the entry, the log and the move list keep it hidden, the board is the one before it, the reader picks
    from the legal moves listed, and then the move played, the bot's reason in its own words and the note are
    shown.  The question of --ask 150 can be skipped, and then shows the bot's reason alone."""
    from axe_support import describe, serious_violations

    path, record = shared
    page.set_viewport_size(PHONE)
    _offline(page, path, "#step-12")
    expect(page.locator("#step-note")).to_be_visible()
    expect(page.locator("#step-note")).to_contain_text("Watch the Farmers")
    expect(page.locator("#step-note em")).to_have_text("Farmers")
    expect(page.locator('#moves button[data-step="12"]')).to_contain_text("(note)")
    page.locator("#next").click()
    expect(page.locator("#step-note")).to_be_hidden()

    round_two = page.get_by_role("button", name=re.compile(r", round 2$"))
    start = int(round_two.get_attribute("data-step"))
    asked = next(k for k in range(start, len(record.entries) + 1) if not record.entries[k - 1].startswith("chance:"))
    player, move = record.entries[asked - 1].split(": ", 1)
    page.evaluate(f"location.hash = '#step-{asked - 1}'")
    board_before = page.locator("#board-shared").inner_html()
    page.locator("#next").click()
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {asked} of "))
    expect(page.locator("#question")).to_be_visible()
    expect(page.locator("#question")).to_contain_text("What would you do here?")
    expect(page.locator("#step-entry")).to_have_text(f"{player}: ? (what would you do here?)")
    expect(page.locator("#step-log")).to_have_text("Hidden until you pick a move or skip.")
    expect(page.locator("#board-heading")).to_contain_text(f"before step {asked}")
    assert page.locator("#board-shared").inner_html() == board_before
    assert move not in page.locator(f'#moves button.move[data-step="{asked}"]').inner_text()
    assert "Which card" not in page.locator("main").inner_text()  # the note waits for the answer too
    reason = record.reason_at(asked - 1)
    body = page.locator("body").inner_text()
    assert reason and reason not in body and "bot's reason" not in body  # and so does the bot's reason
    picks = page.locator("#question .picks button")
    assert picks.count() >= 2 and move in picks.all_inner_texts()
    violations = serious_violations(page)
    assert violations == [], describe(violations)
    shoot(page, "share_page_390_question")
    picks.filter(has_text=re.compile(rf"^{re.escape(move)}$")).click()
    expect(page.locator("#question-answer")).to_contain_text(f"You picked \u201c{move}\u201d. {player} played")
    expect(page.locator("#question-answer")).to_contain_text("the same move")
    expect(page.locator("#question")).to_contain_text("Which card would you choose here?")
    expect(page.locator("#question .note-text")).to_contain_text(f"The greedy bot's reason, in its own words: {reason}")
    expect(page.locator("#question .note-text")).to_contain_text("The teacher's note:")
    violations = serious_violations(page)
    assert violations == [], describe(violations)
    shoot(page, "share_page_390_question_answered")
    expect(page.locator("#step-entry")).to_have_text(record.entries[asked - 1])
    assert page.locator(f'#moves button.move[data-step="{asked}"]').inner_text().endswith(move)

    # --ask 150: skipped
    skipped = next(k for k in range(150, len(record.entries) + 1) if not record.entries[k - 1].startswith("chance:"))
    page.evaluate(f"location.hash = '#step-{skipped}'")
    assert "bot's reason" not in page.locator("body").inner_text()
    page.get_by_role("button", name="Skip: show what was played").click()
    expect(page.locator("#question-answer")).to_contain_text("You skipped.")
    expect(page.locator("#question .note-text")).to_have_text(
        f"The greedy bot's reason, in its own words: {record.reason_at(skipped - 1)}"
    )
    expect(page.locator("#step-entry")).to_have_text(record.entries[skipped - 1])
    assert page.js_errors == []


def test_a_name_like_the_old_placeholder_is_drawn_as_itself(page, tmp_path):
    """A player may be named TAMERISEATSLOT (the name rule allows it): the page once wrote the viewer's name over
    it.  Seen by George, the turn order names both players, each once."""
    settings = Settings(players=("TAMERISEATSLOT", "George"))
    record, _final = play_game(settings, 1, ["greedy", "greedy"])
    record = record.truncated(80)
    path = tmp_path / "names.html"
    path.write_text(share_page(record), encoding="utf-8")
    page.set_viewport_size(LAPTOP)
    _offline(page, path, "#step-80")
    page.select_option("#seat", "George")
    words = " ".join(page.locator("#board-shared text.decks").all_text_contents())  # wrapped over several lines
    order = words.split("Turn order:")[1]
    assert "TAMERISEATSLOT" in order and "George" in order and "George, George" not in order
    assert page.js_errors == []


def test_the_closeup_shows_every_part_a_step_changed(page, shared):
    """On a phone, at steps that change one part, two or more (a card taken from the Nile changes the Nile and the
    player's board; a card drawn, the decks and the Nile; a sphere, the pyramid), the close-up draws one picture for
    each part the step changed - worked out here from the drawings, not from the page - named in its caption and in
    the sentence above, each cut around the changed element, its words at least 11 px.  "Larger board" on a phone
    shows the wide board (scrolling sideways inside its box) and back."""
    path, record = shared
    page.set_viewport_size(PHONE)
    _offline(page, path)
    counts = set()
    for k in (12, 60, 61, 65, 66, 68, 69, 74, 120, 300):
        page.evaluate(f"location.hash = '#step-{k}'")
        expect(_heading(page)).to_have_text(re.compile(rf"^Step {k} of "))
        expected = _changed_parts(record, k)
        if not expected:
            expect(page.locator("#closeup")).to_be_hidden()
            continue
        expect(page.locator("#closeup")).to_be_visible()
        closeups = page.evaluate(_CLOSEUPS)
        names = list(dict.fromkeys(c["name"] for c in closeups))  # a part may show two places far apart
        what = page.locator("#closeup-what").inner_text()
        if "are drawn here" in what:  # more than four places: the first four drawn, the sentence names every part
            assert len(closeups) == 4 and names == expected[: len(names)], (k, closeups, expected)
        else:
            assert names == expected, (k, closeups, expected)
        assert all(c["inside"] for c in closeups), (k, closeups)
        assert all(name in what for name in expected), (k, what)
        assert page.evaluate(_FONT_SIZES)["closeup"]["px"] >= 11
        counts.add(min(len(expected), 3))
    assert counts >= {1, 2}, counts  # steps with one changed part and with several were seen
    shoot(page, "share_page_390_closeup")
    page.locator("#zoom").click()
    expect(page.locator("#board-shared svg.narrow")).to_have_count(0)
    assert (
        page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    )  # the board box scrolls, not the page
    page.locator("#zoom").click()
    expect(page.locator("#board-shared svg.narrow")).to_have_count(1)
    assert page.js_errors == []


def test_a_long_name_on_a_phone(page, tmp_path):
    """A player's name is one word and may be long (the name rule sets no length): on a phone it breaks in the
    header and the headings, and is drawn smaller in its panel, so nothing is wider than the screen and no word
    leaves its picture."""
    settings = Settings(players=("AmenhotepTheMagnificentOfThebes", "Bo"))
    record, _final = play_game(settings, 1, ["greedy", "greedy"])
    path = tmp_path / "long.html"
    path.write_text(share_page(record.truncated(60)), encoding="utf-8")
    page.set_viewport_size(PHONE)
    _offline(page, path, "#step-60")
    expect(page.locator("#board-heading")).to_contain_text("AmenhotepTheMagnificentOfThebes")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(_OUTSIDE) == []
    assert page.evaluate(_FONT_SIZES)["board"]["px"] >= 11
    assert page.js_errors == []
