"""Benchmarks for the OpenSpiel adapter (:mod:`tameri_kit.openspiel`): the wrapper's overhead against the kit's own
loop, and each bot's time per decision, one core, CPU time (``time.process_time``).

    python -m bench.search [--quick]

Overhead: the same random games played twice in one run, once through the kit's loop (``legal_actions`` /
``chance_outcomes`` / ``step`` on a ``GameState``) and once through OpenSpiel's interface on ``python_tameri``
(``legal_actions`` / ``chance_outcomes`` / ``apply_action`` on a ``pyspiel.State``, action ids both ways); each
loop draws with its own ``random.Random(seed)`` over the same lists, so both play the same entries (checked).
Steps per second for both, and their ratio.

As a researcher would (issue 34): random play through the kit's public loop, through OpenSpiel's ``apply_action``
and through ``child()`` (a clone, then an apply: how OpenSpiel's own algorithms step), microseconds a step and the
ratio to the kit's loop (``--steps-only`` runs these two tables alone).

Time per decision: one bot of each kind in 2-player games against the greedy bot (seat rotated by seed), its own
CPU time in ``choose`` / ``choose_in`` divided by its decisions (a forced decision, one legal move, counts too:
the search bots skip the search there, as the kit's bots skip their look-ahead).
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

from tameri_kit.game import Settings, chance_outcomes, legal_actions, new_game, sample_chance, step
from tameri_kit.game.play.bots import make_bot, play_game
from tameri_kit.openspiel import SHORT_NAME, parameters_of
from tameri_kit.openspiel.extra import load_search_bots

SETTINGS = Settings.for_players(3)


def kit_loop(seed: int) -> tuple[int, list[str]]:
    rng = random.Random(seed)
    state, texts = new_game(SETTINGS), []
    while not state.is_terminal:
        if state.is_chance:
            outcomes = sorted(chance_outcomes(state), key=lambda pair: pair[0].move)
            decision = rng.choices([d for d, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            legal = sorted(legal_actions(state), key=lambda d: d.move)
            decision = legal[rng.randrange(len(legal))]
        texts.append(decision.move)
        state = step(state, decision)
    return len(texts), texts


def openspiel_loop(game, seed: int) -> tuple[int, list[str]]:
    rng = random.Random(seed)
    state, texts = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids = sorted(outcomes, key=lambda pair: state.decision_of(pair[0]).move)
            action = rng.choices([a for a, _ in ids], [p for _, p in ids])[0]
        else:
            legal = sorted(state.legal_actions(), key=lambda a: state.decision_of(a).move)
            action = legal[rng.randrange(len(legal))]
        texts.append(state.decision_of(action).move)
        state.apply_action(action)
    return len(texts), texts


def overhead(games: int) -> None:
    game = pyspiel.load_game(SHORT_NAME, parameters_of(SETTINGS))
    kit_steps = spiel_steps = 0
    kit_time = spiel_time = 0.0
    for seed in range(games):
        start = time.process_time()
        steps, kit_texts = kit_loop(seed)
        kit_time += time.process_time() - start
        kit_steps += steps
        start = time.process_time()
        steps, spiel_texts = openspiel_loop(game, seed)
        spiel_time += time.process_time() - start
        spiel_steps += steps
        if kit_texts != spiel_texts:
            raise SystemExit(f"seed {seed}: the two loops played different games")
    kit_rate, spiel_rate = kit_steps / kit_time, spiel_steps / spiel_time
    print(f"\nOpenSpiel wrapper: random 3-player games, {games} seeds, the same entries both ways (one core)")
    print(f"  kit loop (GameState, step):              {kit_rate:8.0f} steps/s")
    print(f"  OpenSpiel loop (pyspiel.State, ids):     {spiel_rate:8.0f} steps/s")
    print(f"  ratio kit / OpenSpiel:                   {kit_rate / spiel_rate:8.2f}")


def researcher_loop(game, seed: int, child: bool) -> int:
    """Random play as a researcher writes it with OpenSpiel: ``legal_actions`` and a uniform pick, chance drawn from
    ``chance_outcomes`` with ``random.choices``, then ``apply_action`` (or ``state = state.child(action)``, a clone
    and an apply: how OpenSpiel's algorithms step).  Returns the steps played."""
    rng = random.Random(seed)
    state, steps = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if child:
            state = state.child(action)
        else:
            state.apply_action(action)
        steps += 1
    return steps


def kit_public_loop(seed: int) -> int:
    """The same random play through the kit's public loop (``sample_chance`` / ``legal_actions`` / ``step``)."""
    rng = random.Random(seed)
    state, steps = new_game(SETTINGS), 0
    while not state.is_terminal:
        if state.is_chance:
            decision = sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            decision = legal[rng.randrange(len(legal))]
        state = step(state, decision)
        steps += 1
    return steps


def as_a_researcher(games: int, rounds: int = 3) -> None:
    """Microseconds a step of random 3-player play (seeds 0..games-1) through the kit's loop, OpenSpiel's
    ``apply_action`` and OpenSpiel's ``child()``; the three loops alternate, and the best of ``rounds`` counts."""
    game = pyspiel.load_game(SHORT_NAME, parameters_of(SETTINGS))
    loops = {
        "kit (sample_chance / legal_actions / step)": kit_public_loop,
        "OpenSpiel apply_action": lambda seed: researcher_loop(game, seed, False),
        "OpenSpiel child()": lambda seed: researcher_loop(game, seed, True),
    }
    best = dict.fromkeys(loops, float("inf"))
    for loop in loops.values():
        loop(0)  # warm: data, memos
    for _ in range(rounds):
        for name, loop in loops.items():
            start = time.process_time()
            steps = sum(loop(seed) for seed in range(games))
            best[name] = min(best[name], 1e6 * (time.process_time() - start) / steps)
    kit = best["kit (sample_chance / legal_actions / step)"]
    print(f"\nRandom play as a researcher writes it: 3 players, {games} seeds, best of {rounds} (one core)")
    for name, micro in best.items():
        print(f"  {name:<44} {micro:7.1f} us a step   {micro / kit:5.2f} x the kit's loop")


class Timed:
    """Wraps a bot and adds up the CPU time of its decisions (by either hook)."""

    def __init__(self, bot):
        self.bot, self.name, self.seconds, self.decisions = bot, bot.name, 0.0, 0
        self.sees_hidden_information = getattr(bot, "sees_hidden_information", False)

    def _timed(self, method, argument):
        start = time.process_time()
        decision = method(argument)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return decision

    def choose(self, seen):
        return self._timed(self.bot.choose, seen)

    def choose_in(self, state):
        return self._timed(self.bot.choose_in, state)


def per_decision(kinds, games: int) -> None:
    load_search_bots(kinds)
    settings = Settings.for_players(2)
    print(f"\nTime per decision: each bot in {games} 2-player games against greedy (seat rotated; own CPU time)")
    for kind in kinds:
        seconds = decisions = 0
        for seed in range(games):
            seat = seed % 2
            timed = Timed(make_bot(kind, seed * 1000 + seat))
            bots = ["greedy", "greedy"]
            bots[seat] = timed
            play_game(settings, seed, bots)
            seconds += timed.seconds
            decisions += timed.decisions
        print(f"  {kind:<10} {1000 * seconds / decisions:9.2f} ms a decision ({decisions / games:.0f} a game)")


def run(quick: bool = False) -> None:
    overhead(3 if quick else 20)
    as_a_researcher(2 if quick else 10)
    kinds = ["random", "greedy", "strong", "mcts:4", "mcts:16", "ismcts:16"]
    per_decision(kinds, 1 if quick else 4)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--steps-only", action="store_true", help="only the loops' cost a step (no bots)")
    arguments = parser.parse_args()
    if arguments.steps_only:
        overhead(3 if arguments.quick else 20)
        as_a_researcher(2 if arguments.quick else 10)
    else:
        run(quick=arguments.quick)
