"""The stable action ids of ``python_tameri`` (tameri_kit.openspiel): the versioned tables, and every legal move of
many seeded positions of every mode looked up and read back.

Rulebook: the whole game (every decision the engine offers in the games played here).
"""

import random

import pytest

from tameri_kit.game import (
    Decision,
    GameRecord,
    Settings,
    chance_outcomes,
    legal_actions,
    new_game,
    replay,
    sample_chance,
    step,
)
from tameri_kit.game.play.bots import play_game
from tameri_kit.openspiel import UnknownMoveError, chance_id, move_id, record_of, state_of
from tameri_kit.openspiel.game import tables
from tameri_kit.openspiel.grammar import CHANCE_FILE, MOVES_FILE, chance_texts, move_texts

MODES = {
    "2 players": Settings.for_players(2),
    "3 players": Settings.for_players(3),
    "4 players": Settings.for_players(4),
    "solo, hard Ghost": Settings.for_players(1, ghost="hard"),
    "3 players and the Ghost": Settings.for_players(3, ghost="easy"),
    "3 players, Gifts and promo": Settings.for_players(3, gifts=True, promo=True),
    "4 players, Gifts among the Priest cards, promo": Settings.for_players(
        4, gifts=True, gift_discards=True, promo=True
    ),
}


def test_the_tables_are_the_grammar_and_never_renumber():
    """Version 1 of the tables is exactly what the grammar lists today (a new form may only be appended as new
    lines, so an id already given keeps its move).  Each text appears once; a few ids worked out by hand from the
    grammar's order: id 0 is Season 0's keep of the lowest card (the promo card 0 is the lowest number of the
    Action cards), and the chance table starts with drawing that card."""
    moves = MOVES_FILE.read_text(encoding="utf-8").splitlines()
    outcomes = CHANCE_FILE.read_text(encoding="utf-8").splitlines()
    grammar_moves, grammar_outcomes = move_texts(), chance_texts()
    assert moves[: len(grammar_moves)] == grammar_moves
    assert outcomes[: len(grammar_outcomes)] == grammar_outcomes
    assert len(set(moves)) == len(moves) and len(set(outcomes)) == len(outcomes)
    assert moves[0] == "keep 0" and outcomes[0] == "draw 0"
    assert move_id("keep 0") == 0 and chance_id("draw 0") == 0


def test_an_unknown_move_gets_a_clear_error():
    with pytest.raises(UnknownMoveError, match="no action id"):
        move_id("dance the hora")
    with pytest.raises(UnknownMoveError, match="no id"):
        chance_id("draw 1000")


def _walk(settings, seed, limit):
    """Up to ``limit`` states of one seeded game (random legal decisions, chance drawn from the seeded rng)."""
    rng = random.Random(seed)
    state = new_game(settings)
    for _ in range(limit):
        yield state
        if state.is_terminal:
            return
        decision = sample_chance(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state = step(state, decision)


@pytest.mark.parametrize("mode", list(MODES))
def test_every_legal_move_of_seeded_positions_round_trips(mode):
    """Every decision open in every state of 3 seeded games per mode (more than 600 positions in each mode), and every
    chance outcome, has an id, and the id's text is the move (the round trip text -> id -> text)."""
    moves, _, outcomes, _ = tables()
    positions = 0
    for seed in range(3):
        for state in _walk(MODES[mode], seed, 2000):
            positions += 1
            for decision in legal_actions(state):
                assert moves[move_id(decision.move)] == decision.move
            for decision, _ in chance_outcomes(state):
                assert outcomes[chance_id(decision.move)] == decision.move
    assert positions > 600


def test_a_record_converts_both_ways():
    """A seeded random game's record becomes an OpenSpiel state (by ids) and back, entry for entry, and both reach
    the same final position."""
    settings = Settings.for_players(3, gifts=True, promo=True)
    rng = random.Random(11)
    state = new_game(settings)
    texts = []
    for _ in range(400):
        decision = sample_chance(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        texts.append(str(decision))
        state = step(state, decision)
    record = GameRecord(settings, 11, tuple(texts))
    spiel_state = state_of(record)
    assert len(spiel_state.history()) == 400
    back = record_of(spiel_state)
    assert back.entries == record.entries
    assert back.settings == settings
    assert replay(back).text() == state.text() == spiel_state.tameri.text()


@pytest.mark.parametrize("mode", ["4 players", "solo, hard Ghost", "4 players, Gifts among the Priest cards, promo"])
def test_the_strong_bots_moves_have_ids(mode):
    """The strong bot buys and uses Buildings that random play rarely reaches (the substitution Buildings, B5,
    three-action play options): every entry of one of its seeded games has an id that reads back as the entry."""
    moves, _, outcomes, _ = tables()
    settings = MODES[mode]
    record, _ = play_game(settings, 4, ["strong"] * settings.humans)
    for entry in record.entries:
        decision = Decision.parse(entry)
        if decision.is_chance:
            assert outcomes[chance_id(decision.move)] == decision.move
        else:
            assert moves[move_id(decision.move)] == decision.move
