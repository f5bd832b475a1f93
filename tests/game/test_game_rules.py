"""Engine rules beyond the worked examples: register section E, chance nodes, views, records.

Rulebook sections are named in each test; expected values are worked out by hand from the rules.
"""

import json
import os
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import (
    Decision,
    Event,
    GameRecord,
    RecordError,
    Settings,
    chance_outcomes,
    legal_actions,
    new_game,
    random_playout,
    replay,
    sample_chance,
    step,
    undo,
    view,
)
from tameri_kit.game.core.catalog import CARDS
from tameri_kit.game.play.engine import ALWAYS_ASK, with_turn
from tameri_kit.game.core.frames import AutoStep, ChoosePlayOption, MainStep, SphereLands
from tameri_kit.game.rules_of_play.turn import next_card_play
from tameri_kit.lessons import questions_09
from tameri_kit.rules.glyphs import GLYPH_DEFAULT, LIBRARY, OBSERVATORIES, Played, card_play
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.common import Sphere
from tameri_kit.rules.pyramid import Pyramid

from test_game_examples import moves, play, setp, started
from test_game_playthrough import play_checked


# --- register E --------------------------------------------------------------------------------------------------
def test_e1_field_spaces():
    """E1: with 3 players the East/West fields have 2 spaces, the North/South fields 3; with 2 players all have 2."""
    assert Settings.for_players(2).field_spaces("N") == 2
    three = Settings.for_players(3)
    assert (three.field_spaces("N"), three.field_spaces("E")) == (3, 2)
    assert Settings.for_players(4).field_spaces("E") == 3
    s = started(3)
    s = setp(s, "John", farmers=("E-flax",))
    s = setp(s, "George", farmers=("E-flax",))
    s = with_turn(s, "Paul", ["farmer"])
    s = step(s, "Paul: do farmer")
    assert not any(m.startswith("farmer E-flax") for m in moves(s))  # both E-flax spaces are taken
    other = Settings(players=("John", "George", "Paul"), field_extra_space={"E": 3})
    assert other.field_spaces("E") == 3 and other.field_spaces("N") == 2


def test_e5_worker_sources():
    """E5 / Possible Actions: with no unused Worker, a Farmer may be placed by moving the Merchant or the Builder;
    each Farmer is rearranged at most once."""
    s = started()
    s = setp(s, "John", workers=4, farmers=("N-barley", "S-barley"), merchant=3, builder=2)
    assert s.player("John").builder == 2
    s = with_turn(s, "John", ["farmer"])
    s = step(s, "John: do farmer")
    ms = moves(s)
    assert "farmer E-flax from merchant" in ms and "farmer E-flax from builder" in ms
    assert "farmer E-flax from N-barley" in ms and "farmer E-flax" not in ms
    s = step(s, "John: farmer E-flax from builder")
    assert s.player("John").builder is None
    s = step(s, "John: move N-barley to W-fruit")
    assert not any(m.startswith("move W-fruit") or m.startswith("move E-flax") for m in moves(s))
    s = step(s, "John: move S-barley to N-barley")
    assert moves(s) == ["farmers done"]


def test_face_down_turn():
    """E7 / Phase 3: a face-down card grants any one of the 8 actions and its printed weather is not used."""
    s = started()
    card = next(c for c in CARDS.values() if c.deck == "A" and c.weather)
    s = setp(s, "John", row=(Played(card, True),))
    s = s.but(order=(0, 1, 2, 3), turn=0, stack=(AutoStep(step="turn_start"),))
    from tameri_kit.game.play.engine import settle

    s = settle(s)
    assert s.top.kind == "option"
    assert moves(s) == sorted(
        f"use {a}" for a in ("builder", "decoration", "farmer", "harvest", "merchant", "offering", "priest", "sphinx")
    )


def test_e9_substitutions():
    """E9 / Permanent Effects: C2 lets a Barley pay for a Papyrus - in a Builder cost and in a Priest step."""
    s = started()
    s = setp(s, "George", reserve=Stock(barley=2), builder=3, buildings=("C2",))
    s = s.but(row=("A6", "B6", "E5", "C6", "D6"))  # E5 costs 1 Papyrus (buildings.toml)
    s = with_turn(s, "George", ["builder", "priest"])
    s = play(s, "George: do builder", "George: builder advance", "George: buy E5")
    assert moves(s) == ["pay 1 barley"]  # the Papyrus paid with a Barley thanks to C2
    s = play(s, "George: pay 1 barley")
    assert "1:C2" in s.used
    s = step(s, f"chance: building {s.building_pool[0]}")  # the row is refilled, then E5 unlocks a Worker
    s = play(s, "George: unlock 1 Deben")
    # C2 is used up this turn: the Priest step must be paid with the resource itself
    s = step(s, "George: do priest")
    assert all("paying" not in m for m in moves(s))
    # next turn C2 works again: a Papyrus step paid with the Barley
    s2 = with_turn(s, "George", ["priest"])
    s2 = step(s2, "George: do priest")
    assert "priest enters Amun +1 pay papyrus paying 1 barley" in moves(s2)
    s2 = step(s2, "George: priest enters Amun +1 pay papyrus paying 1 barley")
    assert s2.player("George").reserve == Stock() and s2.temples.space_of("George", "Amun") == 1


def test_e10_automatic_points():
    """E10: A3 gives 2 points for a Merchant action, once per turn (Building Card List A3)."""
    s = started()
    s = setp(s, "John", buildings=("A3",), score=0, merchant=None, reserve=Stock(1, 1, 1, 1))
    s = with_turn(s, "John", ["merchant", "merchant"])
    s = play(s, "John: do merchant", "John: merchant space 1", "John: collect")
    while s.to_move != "John":
        s = step(s, legal_actions(s)[0])
    s = play(s, "John: do merchant", "John: merchant stay", "John: collect")
    assert s.player("John").score == 2


def test_builder_top_space_and_a4():
    """Builder: on the last space it cannot advance but may still buy; A4 lets it pay 1 resource less."""
    s = started()
    s = setp(s, "John", builder=5, buildings=("A4",), reserve=Stock())
    s = s.but(row=("A6", "B6", "C6", "D6", "E6"))  # every Garden costs 1-2 resources (buildings.toml)
    s = with_turn(s, "John", ["builder"])
    s = play(s, "John: do builder")
    assert moves(s) == ["builder pass", "builder stay"]
    s = play(s, "John: builder stay")
    # C6 costs 1 resource of choice: with A4 it is free
    assert "buy C6" in moves(s)
    s = play(s, "John: buy C6", "John: pay nothing")
    assert s.player("John").buildings == ("A4", "C6") and "0:A4" in s.used


def test_harvest_optional_per_field_and_silt_once_per_river():
    """Harvest: harvesting both fields of one river removes only 1 Silt; a field may be left out."""
    s = started()
    s = s.but(pyramid=Pyramid(("", "", "", ""), (4, 2, 2, 2), s.pyramid.held_silt))
    s = setp(s, "Paul", farmers=("N-barley", "N-fruit"), reserve=Stock())
    s = with_turn(s, "Paul", ["harvest"])
    s = step(s, "Paul: do harvest")
    assert moves(s) == ["harvest N-barley", "harvest N-barley,N-fruit", "harvest N-fruit", "harvest nothing"]
    t = step(s, "Paul: harvest N-barley,N-fruit")
    assert t.player("Paul").reserve == Stock(barley=3, fruit=3) and t.pyramid.rivers[0] == 3
    t = step(s, "Paul: harvest N-fruit")
    assert t.player("Paul").reserve == Stock(fruit=3) and t.pyramid.rivers[0] == 3


def test_warehouse_limit_at_the_end_of_the_turn():
    """Phase 4, step 4: above 4 is returned at the end of the player's own turn (not before)."""
    s = started()
    s = setp(s, "John", reserve=Stock(barley=6), deben=5).but(order=(1, 2, 3, 0))  # John plays last
    s = with_turn(s, "John", [], then_nile=True)
    assert s.player("John").reserve.barley == 6
    s = step(s, "John: end actions")
    s = step(s, f"John: take {s.nile[0][0]}")
    j = s.player("John")
    assert j.reserve.barley <= 4 and j.deben == 4


# --- chance ------------------------------------------------------------------------------------------------------
def test_chance_outcomes():
    """Chance nodes list their outcomes exactly: the first Building draw is 1 of 42; a landing of 1 Sun and 2
    Water: Sun 1/3 x 1/4 per ramp."""
    s = new_game(Settings.for_players(2))
    outs = chance_outcomes(s)
    assert len(outs) == 42 and all(p == Fraction(1, 42) for _, p in outs)
    s = s.but(stack=(SphereLands(counts=(1, 2, 0)),))
    outs = dict((d.move, p) for d, p in chance_outcomes(s))
    assert outs["S@N"] == Fraction(1, 12) and outs["W@E"] == Fraction(2, 12) and len(outs) == 8
    with pytest.raises(IllegalActionError):
        step(s, "chance: L@N")  # no Silt is falling
    with pytest.raises(IllegalActionError):
        step(s, "John: play 5")  # chance decides here


def test_sphinx_set_up_has_five_of_each_side():
    for seed in range(5):
        rng = random.Random(seed)
        s = new_game(Settings.for_players(2))
        while s.top.kind in ("draw_building", "draw_sphinx"):
            s = step(s, sample_chance(s, rng))
        sides = [f[-1] for f in s.sphinx]
        assert sides.count("A") == 5 and sorted(int(f[:-1]) for f in s.sphinx) == list(range(1, 11))


# --- views -------------------------------------------------------------------------------------------------------
def test_views_hide_secrets():
    """A player's view shows no other hand, screen, face-down number, Priest card or pending choice."""
    s = started()
    s = setp(s, "George", screen=Stock(papyrus=3), priest_cards=(40,))
    s = setp(s, "Paul", row=(Played(CARDS[97], True),))
    s = step(s, f"John: play {s.player('John').hand[0]}")
    secret = s.player("John").hand
    v = view(s, "George")
    text = v.text()
    assert "hand 4 cards" in text and "[?]" in text and "[97]" not in text
    george_line = next(l for l in text.splitlines() if l.strip().startswith("George"))
    assert "3P" in george_line and "40" in george_line
    john_line = next(l for l in text.splitlines() if l.strip().startswith("John"))
    assert "hidden" in john_line and not any(f" {n} " in john_line for n in secret)
    assert not any("chooses card" in e.text for e in v.events())  # John's pick is private
    assert any("chooses card" in e.text for e in view(s, "John").events())
    assert "[97]" in view(s, "Paul").text()
    assert v.legal and view(s, "Paul").legal == [] and v.state is s  # George chooses next, not Paul
    assert "<svg" in v._repr_html_() and "<svg" in s._repr_html_()


# --- records -----------------------------------------------------------------------------------------------------
def test_record_round_trip_undo_and_tampering():
    entries, final = random_playout(Settings.for_players(2), 11)
    rec = GameRecord(Settings.for_players(2), 11, entries)
    text = rec.to_json()
    assert GameRecord.from_json(text) == rec
    back, short = undo(rec, 3)
    assert len(short) == len(rec) - 3
    assert back.text() == replay(rec, upto=len(rec) - 3).text()
    d = json.loads(text)
    k = next(i for i, e in enumerate(d["entries"]) if e.startswith("John: play"))
    d["entries"][k] = "John: play 999"
    with pytest.raises(RecordError) as err:
        replay(GameRecord.from_json(json.dumps(d)))
    assert err.value.index == k and err.value.text == "John: play 999" and "not allowed" in err.value.why
    d["entries"][k] = "John play"
    with pytest.raises(RecordError) as err:
        replay(GameRecord.from_json(json.dumps(d)))
    assert err.value.index == k
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(json.dumps({"format": "tameri-game/1", "settings": {"players": ["A"]}, "entries": []}))
    assert err.value.index == -1
    with pytest.raises(RecordError):
        GameRecord.from_json("{not json")


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 7), (4, 9), (4, 10)])
def test_random_playout_is_the_public_loop(players, seed):
    """random_playout runs on one working copy without building Decisions or intermediate states; it must make
    exactly the picks of legal_actions / sample_chance / step and end in the same state."""
    settings = Settings.for_players(players)
    entries, final = random_playout(settings, seed)
    rng, s, mine = random.Random(seed), new_game(settings), []
    while not s.is_terminal:
        if s.is_chance:
            d = sample_chance(s, rng)
        else:
            acts = legal_actions(s)
            d = acts[rng.randrange(len(acts))]
        mine.append(str(d))
        s = step(s, d)
    assert mine == entries and s.log_text() == final.log_text()
    assert s.text() == final.text() and s._repr_html_() == final._repr_html_() and s.outcome == final.outcome
    assert legal_actions(final) == [] and final.is_terminal


def test_step_needs_something_asked():
    s = started().but(stack=())
    with pytest.raises(IllegalActionError, match="nothing is being asked"):
        step(s, "John: play 59")


def test_decision_text_round_trip():
    s = started()
    for d in legal_actions(s):
        assert Decision.parse(str(d)) == d
    assert str(Decision.parse("  John :  play   59 ")) == "John: play 59"


def test_same_seed_same_game_under_any_hash_seed():
    """Determinism: the same seed gives byte-identical records whatever PYTHONHASHSEED is."""
    code = (
        "from tameri_kit.game import *; e, s = random_playout(Settings.for_players(3), 5); "
        "import hashlib; print(hashlib.sha256(('\\n'.join(e) + s.log_text()).encode()).hexdigest())"
    )
    outs = set()
    for hs in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        r = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))),
            timeout=120,
        )
        assert r.returncode == 0, r.stderr
        outs.add(r.stdout.strip())
    assert len(outs) == 1


def test_text_and_html_are_deterministic():
    entries, final = random_playout(Settings.for_players(4), 3)
    again = replay(GameRecord(Settings.for_players(4), 3, entries))
    assert again._repr_html_() == final._repr_html_()
    text = str(final)
    assert "End of the Game" in text and "Pyramid:" in text and "<- winner" in text
    assert "0x" not in final._repr_html_()  # no object addresses


def test_placing_silt_when_all_24_are_in_play():
    """Extra Weather Effects: a Silt moves from a board to a river even when no Silt is left in the supply
    (regression: the rules module once built an intermediate pyramid counting 25)."""
    s = started()
    for name in ("George", "Paul", "Ringo"):
        s = setp(s, name, silt=0)
    s = setp(s, "John", silt=4)
    s = s.but(pyramid=Pyramid(("LLLL", "LLLL", "LLLL", ""), (4, 4, 0, 0), 4))
    assert s.pyramid.supply(Sphere.SILT) == 0
    s = with_turn(s, "John", [])
    s = step(s, "John: extra place silt S")
    assert s.pyramid.rivers == (4, 4, 1, 0) and s.player("John").silt == 3


def test_priest_availability_matches_the_temple_rules():
    """'do priest' is offered exactly when the temple rules allow some Priest move (checked over random games)."""
    from tameri_kit.game.rules_of_play.actions.priest import (
        can_place_priest as _can_priest,
        priest_grant as _priest_grant,
        priest_moves as _priest_moves,
    )

    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        s = new_game(Settings.for_players(4))
        while not s.is_terminal:
            if s.top.kind == "main":
                i = s.top.player
                assert _can_priest(s, i) == bool(_priest_moves(s, i, _priest_grant(s, i)))
                checked += 1
            s = step(s, sample_chance(s, rng) if s.is_chance else rng.choice(legal_actions(s)))
    assert checked > 50


def test_observation_hides_what_a_player_may_not_see():
    s = started()
    s = setp(s, "George", priest_cards=(40,), screen=Stock(papyrus=2))
    s = setp(s, "Paul", row=(Played(CARDS[97], True),))
    s = step(s, f"John: play {s.player('John').hand[0]}")
    v = view(s, "George")
    o = v.observation()
    assert o.player("George").priest_cards == (40,) and o.player("John").hand == ()
    assert o.player("Paul").row[0].face_down and o.player("Paul").row[0].card.number == 1
    assert (
        o.top.kind == "choose" and o.top.picks[s.seat("John")] == "hidden" and o.deck("B") == () and o.priest_pile == ()
    )
    assert all(e.seat in (None, s.seat("George")) for e in o.events())
    assert v.counts["hands"]["John"] == 4 and v.counts["decks"]["B"] == len(s.deck("B"))
    assert o.player("John").hand == () and s.player("John").hand  # the real state is untouched


def test_observation_logs_are_the_filtered_logs_whatever_order_they_are_asked_in():
    """view.visible_log reuses what it filtered for an earlier state of the same game; the result must always be the
    full log without the other seats' private events, asked forwards, backwards, for any seat, or after a replay."""
    from tameri_kit.game.play.view import visible_log

    settings = Settings.for_players(3)
    entries, final = random_playout(settings, 12)
    rec = GameRecord(settings, 12, entries)
    states = [replay(rec, upto=n) for n in (0, 40, 41, 200, 350, len(entries))]
    for order in (states, states[::-1]):
        for s in order:
            for seat in range(3):
                want = [e for e in s.events() if e.seat is None or e.seat == seat]
                got, node = [], visible_log(s.log, seat)
                while node is not None:
                    node, text, rule, private_to = node
                    got.append(Event(text, rule, private_to))
                assert got[::-1] == want
                assert view(s, s.players[seat].name).observation().events() == want
    assert any(e.seat is not None for e in final.events())  # the test has private events to leave out


def test_a_player_sees_their_own_pending_choice():
    """Season 0: you may look at the cards you kept; Phase 2: your chosen card stays yours to see."""
    s = started()
    n = s.player("John").hand[0]
    s = step(s, f"John: play {n}")
    assert f"chosen {n}" in view(s, "John").text() and f"chosen {n}" not in view(s, "George").text()


def test_readings_are_settings_and_travel_in_records():
    """Readings of the rules modules can be chosen per game and are kept in the record (W1, T2, G1, S6)."""
    from tameri_kit.rules.glyphs import GlyphReadings
    from tameri_kit.rules.readings import Readings
    from tameri_kit.rules.scoring import ScoringReadings
    from tameri_kit.rules.temple_moves import TempleReadings

    st = Settings(
        players=("Ann", "Bob"),
        weather=Readings(visible=None),
        temples=TempleReadings(free_steps="exact"),
        glyphs=GlyphReadings(board_completes="every"),
        scoring=ScoringReadings(hand_glyphs="by_side"),
    )
    d = st.to_dict()
    assert d["weather"] == {"visible": None} and d["glyphs"] == {"board_completes": "every"}
    assert "weather" not in Settings(players=("Ann", "Bob")).to_dict()
    assert Settings.from_dict(d) == st
    entries, final = random_playout(st, 2)
    rec = GameRecord(st, 2, entries)
    assert replay(GameRecord.from_json(rec.to_json())).text() == final.text()
    with pytest.raises(RecordError):
        GameRecord.from_json(
            json.dumps(
                {
                    "format": "tameri-game/1",
                    "settings": {"players": ["Ann", "Bob"], "weather": {"nonsense": 1}},
                    "entries": [],
                }
            )
        )


def test_glyph_reading_every_changes_the_options():
    """G1 'every': the board glyph completes any card, so a card whose left shows the board glyph gets both actions."""
    from tameri_kit.rules.glyphs import GlyphReadings

    s = started()
    john = s.player("John")
    card = next(c for c in CARDS.values() if c.deck == "A" and john.glyph in c.left and c.number != 59)
    prev = next(c for c in CARDS.values() if c.deck == "A" and not set(c.right) & set(card.left))
    s = setp(s, "John", row=(Played(prev), Played(card)))
    i = s.seat("John")
    s = s.but(stack=(MainStep(i, actions=()), ChoosePlayOption(i)))
    assert any("+" not in m for m in moves(s))  # default: one action only
    every = s.but(settings=s.settings.but(glyphs=GlyphReadings(board_completes="every")))
    assert all("+" in m for m in moves(every))  # the board glyph completes it


def test_frame_but_copies_and_checks_field_names():
    f = MainStep(1, actions=("farmer",))
    g = f.but(actions=())
    assert g == MainStep(1) and f == MainStep(1, actions=("farmer",)) and hash(g) == hash(MainStep(1, actions=()))
    assert g.kind == "main" and type(g) is MainStep and g != ChoosePlayOption(1)
    with pytest.raises(TypeError, match="no field 'seat'"):
        f.but(seat=2)


def test_the_engines_unchecked_situations_pass_the_checks():
    """situation() skips PlayerSituation's checks (tameri_kit._fast.unchecked); every one it builds must pass them."""
    from tameri_kit.game.core.state import scoring_situation as situation

    for seed in (1, 6):
        entries, final = random_playout(Settings.for_players(4), seed)
        for state in (replay(GameRecord(Settings.for_players(4), seed, entries), upto=n) for n in (150, 400)):
            for i in range(4):
                fast = situation(state, i)
                assert fast == situation(state, i, checked=True) and fast.buildings == tuple(fast.buildings)
        for i in range(4):
            assert situation(final, i) == situation(final, i, checked=True)


@pytest.mark.parametrize(
    "settings,seed",
    [
        (Settings.for_players(2), 3),
        (Settings.for_players(4), 5),
        (Settings.for_players(3, gifts=True, promo=True), 8),
        (Settings.for_players(1, ghost="hard"), 2),
    ],
    ids=["2 players", "4 players", "Gifts and promo cards", "solo against the Ghost"],
)
def test_frames_that_always_ask_have_a_decision(settings, seed):
    """The flow stops at a frame of engine.ALWAYS_ASK without listing its moves (the speed trick for the bots'
    look-ahead): that is only right if such a frame always has a decision to offer.  Step 2 of a turn can always
    end (Phase 4: the actions are optional), so its list must never be empty, whatever the position."""
    asked = []

    def check(_before, state):
        if not state.is_terminal and not state.is_chance and state.top.kind in ALWAYS_ASK:
            asked.append(state.to_move)
            assert f"{state.to_move}: end actions" in [str(d) for d in legal_actions(state)]

    play_checked(settings, seed, check_illegal=False, each_step=check)  # also: every decision node offers one
    assert len(asked) > 20  # the game did pass through step 2 of many turns


@pytest.mark.parametrize("owned", [(), ("A1",), ("D2", "A1"), ("D5",), ("D1", "D3", "C2")])
def test_next_card_play_counts_the_glyph_buildings_the_player_owns(owned):
    """Glyphs, Actions, and Unrevealed Cards; Building Card List D1-D5: what a card played next allows depends on
    the observatories and the Great Library a player owns, and on no other Building.  turn.next_card_play (which
    the bots and lesson 09's question ask) must give what the rules' card_play gives with those Buildings named by
    hand - and a non-glyph Building among them must not get in the way (it used to raise in the lesson's question)."""
    state = setp(started(), "John", buildings=owned)
    john = state.player("John")
    glyph_buildings = [b for b in owned if b in OBSERVATORIES or b == LIBRARY]
    completing = 0
    for number in john.hand:
        card = CARDS[number]
        by_hand = card_play((Played(card, False),), 1, john.glyph, buildings=glyph_buildings, readings=GLYPH_DEFAULT)
        assert next_card_play(state, 0, card) == by_hand
        completing += by_hand.completes
    assert questions_09.cards_giving_both_actions(state, "John").right_answer() == completing
