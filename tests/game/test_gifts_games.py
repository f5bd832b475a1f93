"""Whole games with the Gifts of the Gods and the promo cards: seeded random games checked at every step with the
base game's invariants (tests/game/test_game_playthrough.py) plus the Gifts' own; bots; views; records; the CLI.

Rulebook: Mini Expansion Set: The Gifts of the Gods (Recommended Preparation; How to Play); Phase 3 (the promo
card 0); register D1 (the promo cards in the Temple deck), G3 and G4 (where 0 and infinity play).
"""

import io
import math
import random
from fractions import Fraction

import pytest
from test_game_playthrough import check_invariants, eager_choice
from test_game_playthrough import play_checked as play_game_checked

from tameri_kit.game import Decision, GameRecord, Settings, legal_actions, new_game, replay, sample_chance, step
from tameri_kit.game.play.bots import bot_view, play_game
from tameri_kit.game.play.cli import game_log, play
from tameri_kit.game.play.engine import chance_outcomes
from tameri_kit.game.core.frames import DrawCard
from tameri_kit.game.rules_of_play.gift_cards import gift_deck
from tameri_kit.game.play.view import view

ALL = dict(gifts=True, gift_discards=True, promo=True)


def check_gifts(s):
    """Every Gift is in one place at most: undealt, in a hand of Gifts, or in the Priest deck (option 2)."""
    places = list(s.gift_pile) + [c for c in s.priest_pile if isinstance(c, str)]
    for p in s.players:
        places += list(p.gifts)
        assert all(isinstance(c, int) for c in p.priest_cards)
    assert len(places) == len(set(places))
    assert set(places) <= set(gift_deck(s.settings))
    if not s.settings.gift_discards:
        assert not any(isinstance(c, str) for c in s.priest_pile)


def play_checked(settings, seed, eager=False):
    """A seeded random game checked at every step: the base game's invariants and the Gifts'."""
    return play_game_checked(settings, seed, False, eager, lambda _before, after: check_gifts(after))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_with_gifts_and_promo_keep_the_invariants(n):
    settings = Settings.for_players(n, **ALL)
    entries, final = play_checked(settings, 700 + n)
    rec = GameRecord.from_json(GameRecord(settings, 700 + n, entries).to_json())
    assert rec.settings == settings
    assert replay(rec).text() == final.text() and replay(rec).log_text() == final.log_text()


@pytest.mark.parametrize("n", [2, 4])
def test_eager_games_play_gifts(n):
    """A policy that rarely passes plays its Gifts: deep paths of every card get exercised."""
    settings = Settings.for_players(n, gifts=True, gift_cards="all" if n == 4 else "listed")
    played = set()
    for seed in range(3):
        entries, _ = play_checked(settings, 900 + 10 * n + seed, eager=True)
        played |= {e.split()[-1] for e in entries if ": gift GG" in e and not e.startswith("chance")}
    assert played  # at least one Gift was played


def test_base_game_records_do_not_name_the_gift_settings():
    """A base game's record is as before (the fingerprint of base games stays unchanged)."""
    d = Settings.for_players(3).to_dict()
    assert not {"gifts", "gift_discards", "gift_cards", "promo"} & set(d)
    assert Settings.for_players(3, promo=True).to_dict()["promo"] is True


@pytest.mark.parametrize("bots", [["random", "greedy", "greedy"], ["greedy", "random", "random"]])
def test_bots_play_gifts_and_promo(bots):
    rec, final = play_game(Settings.for_players(3, **ALL), 5, bots)
    assert final.outcome is not None
    assert replay(GameRecord.from_json(rec.to_json())).log_text() == final.log_text()


def test_views_hide_unplayed_gifts():
    """Gifts are Priest cards: kept secret like them (Priest Cards) - other players see how many, not which."""
    rng = random.Random(2)
    s = new_game(Settings.for_players(3, gifts=True))
    while s.top.kind != "gift_keep" or s.top.player != 1:
        s = step(s, sample_chance(s, rng) if s.is_chance else legal_actions(s)[0])
    john, george = s.player("John"), s.player("George")
    assert len(john.gifts) == 1 and len(george.gifts) == 3
    seen = view(s, "George").observation()
    assert seen.player("John").gifts == () and seen.player("George").gifts == george.gifts
    assert seen.gift_pile == () and view(s, "George").counts["gifts"] == {"John": 1, "George": 3, "Paul": 3}
    george_log = view(s, "George").log_text()
    assert john.gifts[0] not in george_log and all(g in george_log for g in george.gifts)
    assert "gifts 1 cards" in view(s, "George").text() and f"gifts {john.gifts[0]}" in view(s, "John").text()
    assert all(a.move.startswith("keep gift") for a in bot_view(s).legal)


def test_cli_play_with_gifts_and_promo_replays_identically(tmp_path):
    out = io.StringIO()
    path = tmp_path / "game.json"
    assert play(3, 4, "greedy", str(path), out, gifts=True, promo=True) == 0
    rec = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert rec.settings.gifts and rec.settings.promo
    lines, _ = game_log(rec)
    assert "\n".join(lines) + "\n" == out.getvalue()
    assert "Gifts of the Gods, promo cards 0 and \u221e" in lines[0]


# --- the promo cards 0 and infinity ---------------------------------------------------------------------------
def test_promo_cards_join_the_temple_deck():
    """Register D1: with promo=True the cards 0 and infinity are shuffled into deck E (24 + 2 cards); a Temple
    card drawn is then one of 26, each 1/26."""
    base, promo = new_game(Settings.for_players(3)), new_game(Settings.for_players(3, promo=True))
    assert len(base.deck("E")) == 24 and 0 not in base.deck("E")
    assert set(promo.deck("E")) == set(base.deck("E")) | {0, math.inf}
    s = promo.but(stack=promo.stack + (DrawCard(deck="E", target="hand", seat=0),))
    outs = dict((d.move, p) for d, p in chance_outcomes(s))
    assert outs["draw \u221e"] == outs["draw 0"] == Fraction(1, 26)
    s = step(s, "chance: draw \u221e")
    assert math.inf in s.player("John").hand


def test_promo_zero_plays_first_and_infinity_last():
    """Phase 3: face-down cards play before revealed ones unless someone played the promo card 0 (register G4:
    revealed 0 plays first of all); infinity plays after every other card (register G3).  John reveals 0, George
    keeps 14 face down, Paul reveals infinity: the order is John, George, Paul."""
    rng = random.Random(0)
    s = new_game(Settings.for_players(3, promo=True))
    while s.phase != "choose":
        s = step(s, sample_chance(s, rng) if s.is_chance else legal_actions(s)[0])
    players = list(s.players)
    players[0] = players[0].but(hand=(0, 5))
    players[1] = players[1].but(hand=(14, 20), deben=2)
    players[2] = players[2].but(hand=(7, math.inf))
    s = s.but(players=tuple(players))
    assert "play \u221e" in [a.move for a in legal_actions(s.but(stack=(s.top.but(player=2),)))]
    for text in ("John: play 0", "George: play 14", "Paul: play \u221e", "John: reveal", "George: keep face down"):
        s = step(s, text)
    s = step(s, "Paul: reveal")
    assert [s.players[j].name for j in s.order] == ["John", "George", "Paul"]
    assert "Paul reveals card \u221e" in s.log_text()


def test_records_check_the_gift_settings():
    """A record's gift settings are checked like the rest of its header (a wrong value names its field)."""
    from tameri_kit.game.play.record import RecordError

    good = GameRecord(Settings.for_players(2, gifts=True, gift_cards="listed"), 1, ()).to_json()
    assert GameRecord.from_json(good).settings.gift_cards == "listed"
    for bad, field in (('"gifts": "yes"', "settings.gifts"), ('"gift_cards": "some"', "settings.gift_cards")):
        text = good.replace('"gifts": true', bad) if "gifts" in bad else good.replace('"gift_cards": "listed"', bad)
        with pytest.raises(RecordError) as err:
            GameRecord.from_json(text)
        assert err.value.text == field
    with pytest.raises(RecordError, match="4 players are dealt 3 Gifts each"):
        GameRecord.from_json(good.replace('"George"', '"George", "Paul", "Ringo"'))


def test_cli_refuses_gift_discards_without_gifts(capsys):
    from tameri_kit.__main__ import main

    assert main(["play", "--players", "2", "--gift-discards"]) == 2
    assert "error: settings 'gift_discards'" in capsys.readouterr().err


def test_board_picture_shows_own_gifts_and_hides_others():
    """The HTML board shows a player's own Gifts and only the number of everyone else's (like Priest cards)."""
    s = setp_gifts(new_game(Settings.for_players(2, gifts=True)), John=("GG4",), George=("GG9", "GG10"))
    html = view(s, "John")._repr_html_()
    assert "Gifts of the Gods: GG4" in html and "Gifts of the Gods: 2 (hidden)" in html and "GG9" not in html
    assert "Gifts of the Gods" not in new_game(Settings.for_players(2))._repr_html_()


def setp_gifts(s, **gifts):
    return s.but(players=tuple(p.but(gifts=gifts.get(p.name, p.gifts)) for p in s.players))


def test_every_rule_a_gifts_game_cites_is_in_the_glossary():
    import re
    from pathlib import Path

    from tameri_kit.game import random_playout

    glossary = (Path(__file__).resolve().parents[2] / "docs" / "glossary.md").read_text(encoding="utf-8")
    names = re.findall(r"^- \*\*(.+?)\*\* ", glossary.split("## Rule names", 1)[1], re.MULTILINE)
    _entries, final = random_playout(Settings.for_players(3, **ALL), 1)
    cited = {event.rule for event in final.events() if event.rule}
    assert any(rule.startswith("Gifts of the Gods") for rule in cited)
    assert sorted(rule for rule in cited if not any(rule.startswith(name) for name in names)) == []
