"""Reading X9 of ``docs/ambiguities.md``: the Ghost's Sphinx points, under each of its three choices.

Rulebook, Ghost Actions Summary, Sphinx (paraphrased): if the Ghost's Sphinxes are not all in play yet, it draws a
Ghost card and builds one; then it scores 2 points per Sphinx.  The kit's reading (``"always"``) scores 2 per Ghost
Sphinx in play after every Sphinx action; ``"while_building"`` puts the scoring inside the condition (nothing once all
3 are in play); ``"built"`` scores 2 for the Sphinx the action builds.  Expected values by hand: 1 Ghost Sphinx in play
before the action and one built: 2 in play, so always 4, while_building 4, built 2; all 3 in play before: always 6,
while_building 0, built 0.  Ghost card 4 (illustrative, ``ghost.toml``) names Sphinx space 1.
"""

import random

import pytest

from tameri_kit.game import GameRecord, Settings, legal_actions, new_game, replay, sample_chance, step
from tameri_kit.game.play.engine import settle
from tameri_kit.game.core.frames import AutoStep
from tameri_kit.rules.scoring import GHOST_SPHINX_READINGS, SCORING_DEFAULT, ScoringReadings


def started(reading: str, seed: int = 11):
    """A solo Ghost game (easy) after Season 0 under X9 = ``reading``, waiting for the first card choice."""
    settings = Settings.for_players(1, ghost="easy", scoring=SCORING_DEFAULT.but(ghost_sphinx=reading))
    state, rng = new_game(settings), random.Random(seed)
    while state.top.kind != "choose":
        state = step(state, sample_chance(state, rng) if state.is_chance else legal_actions(state)[0])
    return state


def with_ghost(state, **changes):
    players = list(state.players)
    players[-1] = players[-1].but(**changes)
    return state.but(players=tuple(players))


def ghost_sphinx(state, card=None):
    frame = AutoStep(step="ghost_action", arguments=("sphinx", "test"))
    return settle(state.but(phase="turns", stack=(frame,), ghost=state.ghost.but(card=card)))


@pytest.mark.parametrize(
    ("reading", "one_before", "three_before"), [("always", 4, 6), ("while_building", 4, 0), ("built", 2, 0)]
)
def test_x9_sphinx_points_under_each_reading(reading, one_before, three_before):
    state = started(reading)
    seat = state.ghost.seat
    one = with_ghost(state.but(sphinx_owner=(None, seat) + (None,) * 8), sphinxes=1)
    after = ghost_sphinx(one, card=4)
    assert after.sphinx_owner[0] == seat and after.players[seat].sphinxes == 2
    assert after.players[seat].score - one.players[seat].score == one_before
    three = with_ghost(state.but(sphinx_owner=(seat, seat, seat) + (None,) * 7), sphinxes=3)
    after = ghost_sphinx(three)  # no Ghost card is drawn: none is needed
    assert after.players[seat].score - three.players[seat].score == three_before
    assert after.ghost.card is None and not after.stack


def test_x9_full_avenue_without_three_ghost_sphinxes():
    """Avenue full, the Ghost with 1 Sphinx: nothing is built; the condition ("not all in play") holds, so always and
    while_building score 2 x 1 = 2; built scores nothing."""
    for reading, points in (("always", 2), ("while_building", 2), ("built", 0)):
        state = started(reading)
        seat = state.ghost.seat
        full = with_ghost(state.but(sphinx_owner=(seat,) + (0,) * 9), sphinxes=1)
        after = ghost_sphinx(full, card=4)
        assert after.players[seat].sphinxes == 1 and after.players[seat].score - full.players[seat].score == points


def test_x9_is_a_setting_records_carry_only_when_changed():
    assert GHOST_SPHINX_READINGS[0] == SCORING_DEFAULT.ghost_sphinx == "always"
    with pytest.raises(ValueError, match="X9"):
        ScoringReadings(ghost_sphinx="never")
    plain = Settings.for_players(1, ghost="hard")
    assert "scoring" not in plain.to_dict()  # the default reading leaves records as they were
    changed = plain.but(scoring=SCORING_DEFAULT.but(ghost_sphinx="while_building"))
    assert changed.to_dict()["scoring"] == {"ghost_sphinx": "while_building"}
    assert Settings.from_dict(changed.to_dict()) == changed


def test_x9_game_record_round_trip():
    """A whole seeded game under another reading replays to the same final state from its record."""
    from tameri_kit.game.play.bots import play_game

    settings = Settings.for_players(1, ghost="hard", scoring=SCORING_DEFAULT.but(ghost_sphinx="built"))
    record, final = play_game(settings, 3, ["greedy"])
    again = GameRecord.from_json(record.to_json())
    assert again.settings == settings
    assert replay(again).outcome.totals == final.outcome.totals
