"""The shared page tells the game truthfully: a Weather step shows where its sphere landed, a decision is "hidden"
only where the seat really cannot see it, names are never substituted into the page, the header names everything
that makes the game what it is, and the result (against the Ghost: by how much) waits for the last step."""

import json
import re

from tameri_kit.game import GameRecord, replay
from tameri_kit.game.core.decisions import Decision
from tameri_kit.game.play.story import SECRET_DECISIONS
from tameri_kit.share import share_page
from tameri_kit.share.header import game_facts, record_title, result_words
from tameri_kit.share.svg_store import SvgStore


def _text(data: dict, node: int) -> str:
    store = SvgStore()
    store.nodes = data["nodes"]
    return store.text(node)


def _ramps(svg: str) -> dict[str, str]:
    """Each ramp's spheres as the board's description says them ("Sun, Sun, Water")."""
    return dict(re.findall(r"Ramp (North|East|South|West), from the bottom up: ([^.]*)\.", svg))


# --- the Weather phase -----------------------------------------------------------------------------------------
def test_each_sphere_shows_on_its_ramp_as_it_lands(three_record, three_data):
    """Round 1 of the three-player game: tile 7 at step 51, then W@N, W@S, L@W, W@E, L@W, W@N (steps 52-57).  Each
    sphere lands on top of its ramp's two Suns (Game Setup 1b) and waits there (Phase 1, step 3); worked by hand
    from the entries: after step 55 North, South and East hold Sun, Sun, Water and West Sun, Sun, Silt.  The last
    sphere (step 57) resolves steps 4-6: North's Sun, Sun, Water, Water loses both Sun/Water pairs (step 6), so the
    ramp is empty."""
    data = three_data
    assert three_record.entries[51:57] == (
        "chance: W@N",
        "chance: W@S",
        "chance: L@W",
        "chance: W@E",
        "chance: L@W",
        "chance: W@N",
    )
    assert _ramps(_text(data, data["board"][51])) == dict.fromkeys(("North", "East", "South", "West"), "Sun, Sun")
    assert _ramps(_text(data, data["board"][55])) == {
        "North": "Sun, Sun, Water",
        "East": "Sun, Sun, Water",
        "South": "Sun, Sun, Water",
        "West": "Sun, Sun, Silt",
    }
    assert _ramps(_text(data, data["board"][56]))["West"] == "Sun, Sun, Silt, Silt"
    assert _ramps(_text(data, data["board"][57]))["North"] == "empty"
    ((text, rule, seat),) = data["events"][55]
    assert text.startswith("Water lands on ramp East and waits there; 2 more spheres to fall")
    assert data["rules"][rule] == "Phase 1: Weather, step 3" and seat is None
    assert data["public"][55] == 1


def test_no_weather_step_leaves_the_board_or_the_log_unchanged(three_record, three_data):
    """Every sphere landing of the whole game (not only round 1) changes the pyramid and says where it fell."""
    data = three_data
    landings = [k for k, e in enumerate(three_record.entries, 1) if re.fullmatch(r"chance: [SWL]@[NESW]", e)]
    assert len(landings) > 60
    for k in landings:
        assert data["board"][k] != data["board"][k - 1], k
        assert data["events"][k] and data["public"][k] == 1, k
        assert any("lands on ramp" in event[0] for event in data["events"][k]), k


# --- what is hidden ---------------------------------------------------------------------------------------------
def test_only_secret_decisions_are_hidden_from_the_other_seats(three_record, three_data):
    """A decision is hidden from the others only when it is taken in secret (Season 0's card, Phase 2's card,
    Phase 3's reveal, the Priest card kept in the draft, the Gift kept); a card drawn into a hand is hidden too.
    Everything else - "George will use: Harvest+Priest", a Farmer placed, a Priest advanced - is in the open, as the
    log beside it says."""
    data = three_data
    states = replay(three_record, states=True)
    hidden_kinds, public_uses = set(), 0
    for k in range(1, len(states)):
        decision = Decision.parse(three_record.entries[k - 1])
        if decision.is_chance:
            continue
        kind = states[k - 1].top.kind
        assert data["public"][k] == (kind not in SECRET_DECISIONS), (k, decision.text, kind)
        if not data["public"][k]:
            hidden_kinds.add(kind)
        if any(event[0].startswith(f"{decision.player} will use:") and event[2] is None for event in data["events"][k]):
            assert data["public"][k] == 1
            public_uses += 1
    assert hidden_kinds == {"season_zero_pick", "choose", "reveal", "draft"}
    assert public_uses >= 30  # every turn of every round says which actions the card's player will use
    hidden = sum(1 for k in range(1, len(states)) if data["who"][k] is not None and not data["public"][k])
    decisions = sum(1 for who in data["who"] if who is not None)
    assert hidden < decisions / 2


def test_no_name_is_written_into_the_page_by_substitution(three_data):
    """The page's data has no placeholder for a seat's name: each picture is finished when it is drawn."""
    assert "slot" not in three_data and "names" not in three_data
    from importlib.resources import files

    page_js = files("tameri_kit.share").joinpath("page.js").read_text(encoding="utf-8")
    assert ".split(D.slot)" not in page_js and "TAMERISEATSLOT" not in page_js


# --- the header and the result -----------------------------------------------------------------------------------
def test_a_solo_game_names_the_ghost_the_expansions_and_the_margin(solo_record):
    """John (greedy) against the hard Ghost with Gifts and promo cards, seed 3.  The final table: John 49 points,
    the Ghost 114 (84 during the game, 3 Buildings, 6 majorities, 4 sets, 17 Priest cards): John loses by
    114 - 49 = 65 points."""
    title = record_title(solo_record)
    assert title == "Tameri: John (bot) against the Ghost (hard), with Gifts of the Gods and promo cards, seed 3"
    assert "2 players" not in title
    facts = dict(game_facts(solo_record))
    assert facts["Players"] == "John (bot: greedy)"
    assert facts["The Ghost"].startswith("+1 Player Mode, level hard")
    assert facts["Gifts of the Gods"] == "yes" and facts["Promo cards 0 and \u221e"] == "yes"
    assert facts["Readings"].startswith("the kit's defaults") and facts["Chance"] == "seed 3"
    final = replay(solo_record)
    assert result_words(final) == "Against the Ghost (hard, 114 points): John 49 loses to the Ghost by 65 points."


def test_a_record_with_chance_by_hand_claims_no_seed(short_record):
    """A record whose chance outcomes were chosen by hand is not titled with its seed (it is not that seed's game)."""
    by_hand = GameRecord(short_record.settings, 1, short_record.entries[:5], (("chance", "by hand"),))
    title = record_title(by_hand)
    assert "seed" not in title and "chance by hand" in title
    assert dict(game_facts(by_hand))["Chance"].startswith("chance outcomes chosen by hand")
    page = share_page(by_hand)
    heading = re.search(r"<h1>(.*?)</h1>", page).group(1)
    assert "seed" not in heading and "seed" not in re.search(r"<title>(.*?)</title>", page).group(1)


def test_the_readings_a_record_changes_are_named(short_record):
    settings = short_record.settings.__class__.from_dict(
        {"players": ["John", "George"], "weather": _one_weather_change()}
    )
    record = GameRecord(settings, None, ())
    readings = dict(game_facts(record))["Readings"]
    assert readings.startswith("changed: weather.")


def _one_weather_change() -> dict:
    from dataclasses import fields

    from tameri_kit.game.core.settings import READING_DEFAULTS

    default = READING_DEFAULTS["weather"]
    field = next(f for f in fields(default) if isinstance(getattr(default, f.name), bool))
    return {field.name: not getattr(default, field.name)}


def test_the_result_is_hidden_until_the_last_step(finished_page):
    """The winner and the final table are in the page but hidden (the script opens them at the last step or when
    asked); nothing above them names the winner."""
    body = re.search(r'<div id="result-body" hidden>(.*?)</div>\s*</section>', finished_page, re.S)
    assert body and "Winner:" in body.group(1)
    before = finished_page[: finished_page.index('<div id="result-body" hidden>')]
    assert "Winner" not in before and "wins with" not in before
    data = json.loads(re.search(r'id="tameri-page">(.*?)</script>', finished_page, re.S).group(1))
    assert "result" not in data and "scores" not in data


def test_the_page_states_its_kit_version(finished_page):
    from tameri_kit import __version__

    assert f'<meta name="generator" content="tameri_kit {__version__} share page/3">' in finished_page
    assert f"Made by tameri_kit {__version__}" in finished_page


def test_the_ghosts_cards_are_public_and_its_priest_cards_are_not(solo_record):
    """+1 Player Mode: a Ghost card drawn is turned face up (its field, Temples and Sphinx space are in the public
    log), and so is where a Silt it puts into the Pyramid falls; the Priest card the Ghost is given in the draft
    goes face down (Ghost End of Season)."""
    from tameri_kit.game.play.story import seen_by_every_seat

    states = replay(solo_record, states=True)
    kinds = {}
    for k, entry in enumerate(solo_record.entries):
        decision = Decision.parse(entry)
        if decision.is_chance:
            kinds.setdefault(states[k].top.kind, set()).add(seen_by_every_seat(states[k], decision))
    assert kinds["draw_ghost"] == {True} and kinds["ghost_silt"] == {True}
    assert kinds["ghost_priest"] == {False} and kinds["draw_card"] == {False} and kinds["draw_gift"] == {False}
    assert kinds["land"] == {True} and kinds["draw_tile"] == {True}
