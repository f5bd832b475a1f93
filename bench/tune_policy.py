"""Tune the weights of the expert bot's playout policy (a strong bot with other weights) by self-play.

    .venv/bin/python -m bench.tune_policy [--solo-seeds 60] [--duel-seeds 40] [--passes 2] [--out FILE]

The policy is :class:`tameri_kit.game.play.strong_bot.StrongBot` with ``weights`` (its :data:`WEIGHTS` and the
actions' base values as ``action_<name>``).  A coordinate search: each weight in turn is multiplied by each factor
of :data:`FACTORS`; a change is kept when it raises the objective on the same seeds (paired):

* the mean final score of solo games against the easy Ghost (seeds 0..solo-1; the strong bot: 58.4), plus
* the mean margin against the strong bot in 2-player games (seeds 0..duel-1, seats alternating).

The weights found are printed as a Python dict (``--out`` also writes them as JSON); the expert bot's shipped
weights (:data:`tameri_kit.game.play.expert_bot.POLICY_WEIGHTS`) were made with this command (``docs/bots.md``).
Tuning on seeds 0.. and measuring on seeds 1000.. keeps the figures of ``docs/bots.md`` honest.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.strong_bot import ACTION_BASE, WEIGHTS, StrongBot

FACTORS = (0.0, 0.5, 1.5, 2.0)


def start_weights() -> dict[str, float]:
    """The strong bot's own weights and base action values, as one dict."""
    weights = dict(WEIGHTS)
    weights.update({f"action_{name}": value for name, value in ACTION_BASE.items()})
    return weights


def objective(weights: dict, solo_seeds: int, duel_seeds: int, offset: int = 0) -> tuple[float, float, float]:
    """(objective, solo mean score, duel mean margin) of a policy with ``weights`` on the given seeds."""
    solo = []
    for seed in range(offset, offset + solo_seeds):
        _, final = play_game(Settings.for_players(1, ghost="easy"), seed, [StrongBot(seed * 1000, weights)])
        solo.append(final.players[0].score)
    duel = []
    for seed in range(offset, offset + duel_seeds):
        seat = seed % 2
        bots = ["strong", "strong"]
        bots[seat] = StrongBot(seed * 1000 + seat, weights)
        _, final = play_game(Settings.for_players(2), seed, bots)
        scores = [player.score for player in final.players]
        duel.append(scores[seat] - scores[1 - seat])
    solo_mean = statistics.mean(solo) if solo else 0.0
    duel_mean = statistics.mean(duel) if duel else 0.0
    return solo_mean + duel_mean, solo_mean, duel_mean


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solo-seeds", type=int, default=60)
    parser.add_argument("--duel-seeds", type=int, default=40)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    weights = start_weights()
    best = objective(weights, args.solo_seeds, args.duel_seeds)
    print(f"start: objective {best[0]:.2f} (solo {best[1]:.2f}, duel {best[2]:+.2f})", flush=True)
    for number in range(args.passes):
        for key in list(weights):
            base = weights[key]
            for factor in FACTORS:
                trial = dict(weights)
                trial[key] = base * factor if base else (0.5 if factor > 1 else -0.5 if factor == 0 else 0.0)
                if trial[key] == base:
                    continue
                began = time.perf_counter()
                result = objective(trial, args.solo_seeds, args.duel_seeds)
                kept = result[0] > best[0]
                print(
                    f"pass {number + 1} {key} {base:.3f} -> {trial[key]:.3f}: {result[0]:.2f} (solo {result[1]:.2f}, "
                    f"duel {result[2]:+.2f}) {'kept' if kept else ''} [{time.perf_counter() - began:.0f} s]",
                    flush=True,
                )
                if kept:
                    weights, best = trial, result
                    base = weights[key]
    print(json.dumps(weights, indent=1, sort_keys=True))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(weights, handle, indent=1, sort_keys=True)
    check = objective(weights, args.solo_seeds, args.duel_seeds, offset=1000)
    print(f"held-out seeds 1000..: objective {check[0]:.2f} (solo {check[1]:.2f}, duel {check[2]:+.2f})")


if __name__ == "__main__":
    main()
