"""Game Rounds (rulebook, "Game Rounds" and "Set-up"): once Season 0 is over, three Seasons of four rounds each, twelve
in all; a round goes through its five phases always in the same order - the weather first, then everyone picks a
card, then the order of play is found, then each player's turn, and last the round's (or the Season's) end.
``flow.start_round`` owns the round's start; these tests follow whole seeded games and check that order, counted
by hand from the text."""

from __future__ import annotations

import random

import pytest

from tameri_kit.game import Settings, new_game, sample_chance, step
from tameri_kit.game.play.bots import decide, make_bot

# The engine's names of the phases: 1 "weather", 2 "choose", 3 "reveal" (the cards are revealed and the turn order
# found), 4 "turns", 5 "round_end" or "season_end".
ROUND = ["weather", "choose", "reveal", "turns"]


def _phases_by_round(settings: Settings, seed: int) -> dict[tuple[int, int], list[str]]:
    """(Season at the round's start, round) -> the phases the game went through in that round, each once, in order
    (the End of the Season moves the Season counter on before the next round begins)."""
    rng = random.Random(seed)
    bots = [make_bot("random", seed * 10 + k) for k in range(settings.humans)]
    state = new_game(settings)
    seen: dict[tuple[int, int], list[str]] = {}
    began: dict[int, int] = {}
    while not state.is_terminal:
        if state.round >= 1:
            season = began.setdefault(state.round, state.season)
            phases = seen.setdefault((season, state.round), [])
            if not phases or phases[-1] != state.phase:
                phases.append(state.phase)
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
        else:
            state = step(state, decide(bots[state.seat(state.to_move)], state))
    return seen


@pytest.mark.parametrize(("players", "ghost"), [(2, None), (4, None), (1, "easy")])
def test_twelve_rounds_four_a_season_each_in_the_five_phases(players, ghost):
    """Rounds 1-4 fall in Season 1, 5-8 in Season 2, 9-12 in Season 3 (12 rounds, 3 Seasons: 4 each); every round
    runs Weather, Choosing, the Turn Order and the Turns in that order, then ends with the End of the Round - or,
    in rounds 4, 8 and 12 (four cards on the boards), the End of the Season."""
    settings = Settings.for_players(players, ghost=ghost) if ghost else Settings.for_players(players)
    seen = _phases_by_round(settings, seed=3)
    assert sorted(seen) == [(1 + (r - 1) // 4, r) for r in range(1, 13)]
    for (season, number), phases in seen.items():
        last = "season_end" if number % 4 == 0 else "round_end"
        assert phases[: len(ROUND)] == ROUND, (season, number, phases)
        assert phases[len(ROUND)] == last, (season, number, phases)
