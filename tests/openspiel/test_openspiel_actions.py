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


#: the SHA-256 of moves_v1.txt as released before issue 35 (72,327 lines; ``git show bca513b:...moves_v1.txt``)
RELEASED_V1 = ("b89e4d14c5b7791b8e9db3c44bbe3e9707b082fa3b77a6cd7917eba5347d47b9", 72327)


def test_every_released_id_keeps_its_move():
    """Issue 35 appended the moves naming the Ghost: the lines released before are byte for byte the same (so an
    OpenSpiel history or serialized state written then converts as it did), and the new ones come after them."""
    import hashlib

    digest, count = RELEASED_V1
    lines = MOVES_FILE.read_text(encoding="utf-8").splitlines()
    assert hashlib.sha256(("\n".join(lines[:count]) + "\n").encode()).hexdigest() == digest
    assert len(lines) > count and all("Ghost" in line for line in lines[count:])


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


def every_mode() -> dict[str, Settings]:
    """Every mode of play: with and without the Ghost (1-3 deciding seats, or 2-4 without), the Gifts of the Gods
    (with their discards among the Priest cards at an even number of seats) and the promo cards."""
    out = {}
    for ghost in (None, "easy"):
        for gifts in (False, True):
            for promo in (False, True):
                for seats in (1, 2, 3) if ghost else (2, 3, 4):
                    discards = gifts and seats % 2 == 0
                    name = (
                        f"{seats} seats, ghost={ghost}, gifts={gifts}{'+discards' if discards else ''}, promo={promo}"
                    )
                    out[name] = Settings.for_players(
                        seats, ghost=ghost, gifts=gifts, gift_discards=discards, promo=promo
                    )
    return out


EVERY_MODE = every_mode()
#: random games per mode in the suite (the longer run, 100 games per mode, is in docs/openspiel.md)
GAMES_PER_MODE = 8


def missing_ids(settings: Settings, seeds) -> list[str]:
    """Every legal move and chance outcome without an id, over whole random games of these seeds (a decision
    drawn uniformly among the legal ones, chance from the seeded rng), each with the seed that reached it."""
    moves, outcomes = tables()[1], tables()[3]
    missing = []
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(settings)
        while not state.is_terminal:
            if state.is_chance:
                missing += [f"{seed}: chance {d.move}" for d, _ in chance_outcomes(state) if d.move not in outcomes]
                decision = sample_chance(state, rng)
            else:
                legal = legal_actions(state)
                missing += [f"{seed}: {d.move}" for d in legal if d.move not in moves]
                decision = rng.choice(legal)
            state = step(state, decision)
    return missing


@pytest.mark.parametrize("mode", list(EVERY_MODE))
def test_every_legal_move_of_whole_random_games_of_every_mode_has_an_id(mode):
    """Whole random games of every mode: every decision the engine offers and every chance outcome has an id.
    Before issue 35 the moves naming the Ghost ("activate E2 of Ghost" with GG-cards, "harvest N-fruit with
    Ghost's Farmer") had none: 81 of 360 Ghost + Gifts games reached one."""
    assert missing_ids(EVERY_MODE[mode], range(GAMES_PER_MODE)) == []


def test_the_moves_naming_the_ghost_have_ids_after_version_1s():
    """The Ghost is a seat a move may name (its Buildings activated by a Gift, its Farmers harvested): those forms
    were appended after version 1's last line, so every earlier id keeps its move."""
    moves = tables()[0]
    first_new = moves.index("return done") + 1
    for text in ("harvest N-fruit with Ghost's Farmer", "activate E2 of Ghost", "give 1 deben to Ghost"):
        assert move_id(text) >= first_new
    assert moves[move_id("activate E2 of John")] == "activate E2 of John" and move_id("activate E2 of John") < first_new


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
