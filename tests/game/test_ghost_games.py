"""Whole games in the +1 Player (Ghost) mode: seeded random games in every mode (1, 2, 3 humans x easy,
intermediate, hard) with the base game's per-step invariants, plus the Ghost's own: it never decides, never pays
(no resources in its supply, no Deben, no Silt) and never scores for the resources behind its screen; records and
replay; player views; bots; the command line; a golden solo playthrough.

Rulebook: the whole +1 Player Mode, with the summary of the Ghost's actions, what Temple spaces give it, and its
scoring at the end of each Season and of the game.  More games: ``TAMERI_GAMES=5 pytest tests/game/test_ghost_games.py``.
"""

import io
import json
import os
import random
import re
from pathlib import Path

import pytest

from tameri_kit.game import GameRecord, Settings, legal_actions, new_game, replay, sample_chance, step
from tameri_kit.game.core.board_view import board_svg_of
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.cli import play, replay_file
from tameri_kit.game.play.engine import chance_outcomes
from tameri_kit.game.rules_of_play.ghost import ghost_result
from tameri_kit.game.play.view import view
from tameri_kit.rules.offering import Stock

from test_game_playthrough import check_invariants, eager_choice
from test_game_playthrough import play_checked as play_game_checked

GAMES = int(os.environ.get("TAMERI_GAMES", "1"))
MODES = [(humans, level) for humans in (1, 2, 3) for level in ("easy", "intermediate", "hard")]
GOLDEN = Path(__file__).resolve().parent / "golden" / "ghost_solo_hard_seed3.txt"
SCORES = re.compile(r"^Ghost scores (\d+) points? \((.*)\)$")


def check_ghost_step(before, after):
    """The Ghost's invariants across one step."""
    seat = after.settings.ghost_seat
    ghost = after.players[seat]
    # never pays, never holds what a player pays with
    assert ghost.reserve == Stock() and ghost.deben == 0 and ghost.silt == 0 and ghost.hand == ()
    assert ghost.workers == 8 and ghost.locked == ()
    if after.phase != "setup":
        assert len(ghost.farmers) == 3 and ghost.builder and ghost.merchant is not None
    # never decides
    if not after.is_terminal and not after.is_chance:
        assert after.top.player != seat and after.to_move != "Ghost"
    # its points during the rounds come only from its scoring rules, never from resources behind its screen
    if before.phase not in ("setup", "season_end", "over") and after.phase not in ("season_end", "over"):
        new = after.events()[len(before.events()) :]
        gained = [SCORES.match(e.text) for e in new]
        gained = [m for m in gained if m]
        assert ghost.score - before.players[seat].score == sum(int(m.group(1)) for m in gained)
        assert not any(word in m.group(2) for m in gained for word in ("stall", "Collect", "Trade", "behind"))
        for e in new:
            if "behind its screen" in e.text and e.text.startswith("Ghost puts"):
                assert "(no points)" in e.text


def play_ghost_game(humans, level, seed, eager=False):
    """A seeded random Ghost game checked at every step: the base game's invariants and the Ghost's."""
    settings = Settings.for_players(humans, ghost=level)
    entries, final = play_game_checked(settings, seed, False, eager, check_ghost_step)
    return settings, entries, final


@pytest.mark.parametrize("humans,level", MODES)
def test_random_ghost_games_keep_the_invariants(humans, level):
    for k in range(GAMES):
        seed = 100 * humans + 10 * k + len(level)
        settings, entries, final = play_ghost_game(humans, level, seed)
        record = GameRecord(settings, seed, entries)
        again = replay(GameRecord.from_json(record.to_json()))
        assert again.log_text() == final.log_text() and again.text() == final.text()
        result = ghost_result(final)
        assert result.level == level and len(result.humans) == humans
        assert result.ghost == final.outcome.total("Ghost")
        for name, points, margin in result.humans:
            assert margin == points - result.ghost
            assert (name in result.beaten) == (margin > 0 or (margin == 0 and name in final.outcome.winners))
        assert final.log_text(last=1).startswith(f"Against the Ghost ({level}")
        # Ghost End of Season 1: its draft cards are given at random (a chance node), face down (private)
        assert "is given a Priest card at random, face down" in final.log_text()
        assert any(e.seat == settings.ghost_seat and "keeps Priest card" in e.text for e in final.events())
        # the Ghost End of Game: its Priest cards are scored, its steps 4 and 5 give it nothing
        assert final.outcome.points("Ghost", "hand glyphs") == 0 and final.outcome.points("Ghost", "leftovers") == 0


@pytest.mark.parametrize("humans,level", [(1, "hard"), (2, "easy"), (3, "intermediate")])
def test_eager_ghost_games_keep_the_invariants(humans, level):
    """The same checks with humans who rarely pass: more Collects, Trades and pushes that reach the Ghost."""
    settings, entries, final = play_ghost_game(humans, level, 900 + humans, eager=True)
    assert replay(GameRecord(settings, 0, entries)).log_text() == final.log_text()
    assert "Merchant, please note" in final.log_text() or "Ghost Temple Effects" in final.log_text()


def test_a_human_sees_neither_the_ghosts_screen_nor_its_priest_cards_nor_its_deck():
    """Ghost Phase 4 / End of Season 1: the Ghost's screen and Priest cards are hidden (Priest cards until the End
    of the Game); the Ghost deck is face down."""
    settings, entries, final = play_ghost_game(1, "hard", 7)
    states = replay(GameRecord(settings, 7, entries), states=True)
    mid = next(s for s in states if s.players[1].priest_cards and s.players[1].screen.total and s.ghost.pile)
    seen = view(mid, "John").observation()
    ghost = seen.players[1]
    assert ghost.screen == Stock() and ghost.priest_cards == () and seen.ghost.pile == ()
    private = [e for e in mid.events() if e.seat == 1]
    assert private and not any(e.seat == 1 for e in view(mid, "John").events())
    assert view(mid, "John").counts["ghost_deck"] == len(mid.ghost.pile)
    assert final.outcome is not None


def test_bots_play_ghost_games_and_the_ghost_needs_no_bot():
    rec, final = play_game(Settings.for_players(2, ghost="easy"), 5, ["random", "greedy"])
    assert final.outcome is not None and dict(rec.meta)["bots"] == "random,greedy"
    with pytest.raises(ValueError):
        play_game(Settings.for_players(2, ghost="easy"), 5, ["random", "random", "random"])


def test_cli_ghost_game_replays_byte_for_byte(tmp_path):
    """``play --players 3 --ghost easy`` prints a whole game; ``replay`` of its record prints the same bytes."""
    path = tmp_path / "game.json"
    out = io.StringIO()
    assert play(players=3, seed=2, bots="random", record=str(path), out=out, ghost="easy") == 0
    text = out.getvalue()
    assert text.startswith("Tameri, 4 players (John, George, Paul, Ghost) against the Ghost (easy), seed 2")
    assert text.rstrip().splitlines()[-1].startswith("Against the Ghost (easy")
    assert json.loads(path.read_text())["settings"]["ghost"] == "easy"
    again = io.StringIO()
    assert replay_file(str(path), out=again) == 0
    assert again.getvalue() == text


def test_cli_refuses_bad_ghost_arguments(capsys):
    assert play(players=4, ghost="hard", out=io.StringIO()) == 2
    assert "1 to 3 players against the Ghost" in capsys.readouterr().err
    assert play(players=1, out=io.StringIO()) == 2
    assert play(players=1, ghost="impossible", out=io.StringIO()) == 2


def test_golden_solo_playthrough():
    """The whole log of ``python -m tameri_kit play --players 1 --ghost hard --seed 3`` (greedy bot), compared with
    ``tests/game/golden/ghost_solo_hard_seed3.txt``.  Regenerate on purpose with ``UPDATE_GOLDEN=1`` and review the
    diff."""
    out = io.StringIO()
    assert play(players=1, seed=3, ghost="hard", out=out) == 0
    text = out.getvalue()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8", newline="\n")
    want = GOLDEN.read_text(encoding="utf-8")
    assert text == want, "the solo game differs from the golden file; regenerate it with UPDATE_GOLDEN=1 if intended"
    assert "== Season 3 (Shemu), round 12 ==" in want and "Ghost End of Game" in want


def test_every_rule_a_ghost_game_cites_is_named_in_the_glossary():
    glossary = (Path(__file__).resolve().parents[2] / "docs" / "glossary.md").read_text()
    names = re.findall(r"^- \*\*(.+?)\*\* ", glossary.split("## Rule names", 1)[1], re.MULTILINE)
    _, _, final = play_ghost_game(2, "intermediate", 21)
    cited = {event.rule for event in final.events() if event.rule}
    assert any(rule.startswith("Ghost Actions") for rule in cited)
    assert sorted(rule for rule in cited if not any(rule.startswith(name) for name in names)) == []


def test_the_board_picture_draws_the_ghost_like_a_player_marked_as_the_ghost():
    from tameri_kit.game.core.board_view import board_picture, board_svg_of

    settings, entries, _ = play_ghost_game(1, "easy", 8)
    state = replay(GameRecord(settings, 8, entries[:150]))
    model = board_picture(state, "John")
    ghost = model.players[-1]
    assert ghost.is_ghost and not model.players[0].is_ghost
    assert ghost.screen is None and ghost.priest_cards is None  # hidden from John
    assert len(ghost.farmers) == 3 and ghost.merchant is not None and ghost.builder is not None
    svg = board_svg_of(state, "John")
    assert 'class="player-board ghost" data-player="Ghost"' in svg and "the Ghost, plays itself" in svg


@pytest.mark.parametrize("humans", [1, 2])
def test_every_text_and_board_picture_of_a_ghost_game_can_be_drawn(humans):
    """The Ghost keeps no cards in Season 0 and chooses and reveals none in Phases 2 and 3 (+1 Player Mode): the
    frames of those steps hold the humans' cards only.  Every state of a game with the Ghost must still have its
    text, and its board picture for everyone and for the first seat (this once failed in exactly those steps)."""
    settings = Settings.for_players(humans, ghost="easy")
    seated = settings.players[0]
    drawn = {"season_zero_pick": 0, "choose": 0, "reveal": 0}

    def check(_before, state):
        assert state.text() and state.log_text() is not None
        kind = state.top.kind if state.top is not None else "over"
        if kind in drawn or state.is_terminal:
            everyone, mine = board_svg_of(state), board_svg_of(state, seated)
            assert everyone.startswith("<svg") and mine.startswith("<svg")
            if kind in drawn:
                drawn[kind] += 1
                # the cards a human has kept so far in Season 0 show in the picture for everyone
                assert ("kept " in everyone) == (kind == "season_zero_pick")

    play_game_checked(settings, 2, check_illegal=False, each_step=check)
    assert min(drawn.values()) > 0, drawn
