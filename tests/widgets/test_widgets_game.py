"""GameScrubber (tameri_kit.widgets.game) driven without a browser, over a short recorded game.

Rulebook: Game Setup (5 Building cards, 10 Sphinx tiles, 5 cards from deck A each in Season 0 step 1);
Season 0 and Phase 2 (cards kept and chosen in secret: hidden from other players' views).
"""

import pytest

from tameri_kit.game import Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.story import chapters
from tameri_kit.widgets.game import EVERYONE, GameScrubber


@pytest.fixture(scope="module")
def game():
    record, final = play_game(Settings.for_players(2), 6, ["random", "random"])
    return record, final


def test_slider_buttons_and_bounds(game):
    record, final = game
    w = GameScrubber(record)
    n = len(record.entries)
    assert w.slider.max == n and w.index == n
    assert w.state.text() == final.text()
    w.next_button.click()  # already at the end: stays
    assert w.index == n
    w.slider.value = 0
    assert w.entry_label.value.startswith(f"entry 0 of {n}: the set-up")
    w.prev_button.click()
    assert w.index == 0
    w.next_button.click()
    assert w.index == 1
    # Game Setup 1e: the first chance outcome fills Building space 1
    assert w.entry_label.value == f"entry 1 of {n}: {record.entries[0]}"
    assert record.entries[0].startswith("chance: building ")
    assert "Building space 1" in w.events_html.value
    assert w.state_html.value == replay(record.truncated(1))._repr_html_()


def test_chapters_jump(game):
    record, _ = game
    w = GameScrubber(record, start=0)
    heads = [h for h, _ in w.chapters]
    # set-up, Season 0, then rounds 1-12 over three Seasons (End of the Game: the twelfth round)
    assert heads[:3] == ["Game Setup", "Season 0", "Season 1 (Akhet), round 1"]
    assert heads[-1] == "Season 3 (Shemu), round 12" and len(heads) == 14
    k = dict(w.chapters)["Season 2 (Peret), round 5"]
    w.chapter_dropdown.value = k
    assert w.index == k and w.state.season == 2 and w.state.round == 5
    assert w.states[k - 1].round == 4  # the state before still belongs to round 4
    assert chapters(w.states) == w.chapters


def test_player_view_hides_other_hands(game):
    """After Season 0's deal (5 cards each, deck A), John's view shows his cards, not George's."""
    record, _ = game
    w = GameScrubber(record, start=0)
    w.chapter_dropdown.value = dict(w.chapters)["Season 0"]  # the first Season 0 decision: hands dealt
    s = w.state
    assert s.to_move == "John" and s.phase == "season0"
    john, george = s.player("John"), s.player("George")
    assert len(john.hand) == len(george.hand) == 5
    w.viewer_dropdown.value = "John"
    html = w.state_html.value
    assert " ".join(map(str, john.hand)) in html and "5 cards" in html
    assert " ".join(map(str, george.hand)) not in html
    # a chance draw into George's hand is not named in John's view
    draw = next(
        i
        for i in range(1, len(record.entries))
        if record.entries[i - 1].startswith("chance: draw")
        and "George draws card" in " ".join(e.text for e in w.states[i].events()[-1:])
    )
    w.slider.value = draw
    assert w.entry_label.value.endswith("a chance outcome")
    assert "George draws card" not in w.events_html.value and "George draws a card" in w.events_html.value
    w.viewer_dropdown.value = EVERYONE
    assert w.entry_label.value.endswith(record.entries[draw - 1]) and "George draws card" in w.events_html.value


# ----- issue 14 (defects seen in the scrubber) and issue 12 (misused constructors) ------------------------------
def _landings(record):
    """Entry numbers k whose entry is a sphere landing, with the landing's notation ('S@N')."""
    return [(k, e.split(": ", 1)[1]) for k, e in enumerate(record.entries, 1) if "@" in e and e.startswith("chance:")]


def test_a_landing_shows_the_sphere_waiting_on_its_ramp(game):
    """Phase 1: Weather, step 3 - the spheres fall one at a time and wait on their ramps; steps 4-6 resolve the
    ramps only after the last one.  Before: every landing but the last read "nothing visible happened"."""
    record, _ = game
    w = GameScrubber(record)
    k, notation = _landings(record)[0]
    w.slider.value = k
    before = w.states[k].pyramid
    assert w.waiting_landings() and str(w.waiting_landings()[-1]) == notation
    assert "nothing visible happened" not in w.events_html.value
    assert "waits on its ramp until every sphere has fallen" in w.events_html.value
    # the picture: the pyramid plus the landed sphere(s), marked as waiting, fields not settled
    assert 'class="waiting"' in w.state_html.value and "not settled yet" in w.state_html.value
    assert w.state.pyramid == before  # the state itself is the engine's: unchanged
    # the last landing of the phase resolves the ramps: the engine's events are shown, nothing waits
    landing_entries = dict(_landings(record))
    last = k
    while last + 1 in landing_entries:  # the phase's landings follow one another
        last += 1
    assert last > k  # (the weather drops several spheres)
    w.slider.value = last - 1
    assert len(w.waiting_landings()) == last - k
    w.slider.value = last
    assert w.waiting_landings() == () and 'class="waiting"' not in w.state_html.value
    assert "nothing visible happened" not in w.events_html.value


def test_jump_to_follows_the_slider(game):
    """Before: the "Jump to" dropdown kept its old chapter (or none) while the slider moved elsewhere."""
    record, _ = game
    w = GameScrubber(record, start=0)
    starts = dict(w.chapters)
    r5 = starts["Season 2 (Peret), round 5"]
    w.slider.value = r5 + 3
    assert w.chapter_dropdown.value == r5 and w.index == r5 + 3  # following it does not jump
    w.slider.value = starts["Season 0"]
    assert w.chapter_dropdown.value == starts["Season 0"]
    w.chapter_dropdown.value = r5  # choosing a chapter still jumps
    assert w.index == r5


def test_seen_by_a_player_public_landings_stay_visible(game):
    """A sphere landing is public; a card drawn into a hand is not.  Before: with "Seen by" a player every chance
    entry read "a chance outcome"."""
    record, _ = game
    w = GameScrubber(record)
    w.viewer_dropdown.value = "John"
    k, notation = _landings(record)[0]
    w.slider.value = k
    assert w.entry_label.value.endswith(f"chance: {notation}")
    assert "waits on its ramp" in w.events_html.value


def test_a_record_as_json_text_and_misused_constructors(game):
    from tameri_kit.errors import TameriError

    record, final = game
    w = GameScrubber(record.to_json())
    assert w.record == record and w.state.text() == final.text()
    with pytest.raises(TameriError, match="record must be a GameRecord or a record's JSON text"):
        GameScrubber(42)
    with pytest.raises(TameriError):
        GameScrubber("{not json")
    with pytest.raises(TameriError, match="start must be an entry number from 0 to"):
        GameScrubber(record, start=-1)
