"""Learn the expert bot's value of a Season's end from the strong bot's games: writes ``value_model.json``.

    .venv/bin/python -m bench.learn_value                      # every kind of game, 3000 games each (about 25 min)
    .venv/bin/python -m bench.learn_value --games 200 --kinds solo --out /tmp/model.json

For each kind of game (solo against the easy Ghost; 2, 3, 4 players; 2 and 3 players with the easy Ghost) it plays
``--games`` seeded games with strong bots in every seat (seeds from 100000 on: none of the seeds the studies use),
keeps the position at the start of Seasons 2 and 3 (just after Season 1's and Season 2's end have been scored: where
the expert bot's playouts stop), and fits by least squares, for every player and for the Ghost, the points still to
come (final total less the points held then) on the features of :mod:`tameri_kit.game.play.value_model`.  A quarter
of the games (the last seeds) are held out: it prints each fit's R^2 on them beside the R^2 of the strong bot's
hand-set ``position_value`` (its value less the points held, calibrated by a line on the same training games), then
refits on every game and writes the coefficients.  Everything is seeded: the same command writes the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

from tameri_kit.game.core.settings import Settings
from tameri_kit.game.play.engine import legal_actions, new_game, sample_chance, step
from tameri_kit.game.play.seen import BotView
from tameri_kit.game.play.strong_bot import StrongBot, position_value
from tameri_kit.game.play.value_model import FEATURES, MODEL_FILE, features

KINDS = {
    "solo": (1, "easy"),
    "2": (2, None),
    "3": (3, None),
    "4": (4, None),
    "2+ghost": (2, "easy"),
    "3+ghost": (3, "easy"),
}
SEASONS = (2, 3)
FIRST_SEED = 100_000


def snapshots(kind: str, seed: int) -> list[dict]:
    """One strong-bot game of ``kind``: for each Season start kept and each seat, the features, the points held
    then, the strong bot's position value then (players only) and the final total."""
    humans, ghost = KINDS[kind]
    settings = Settings.for_players(humans, ghost=ghost) if ghost else Settings.for_players(humans)
    bots = {name: StrongBot(seed * 1000 + k) for k, name in enumerate(settings.players[:humans])}
    rng = random.Random(seed)
    state = new_game(settings)
    kept: dict[int, list] = {}
    while not state.is_terminal:
        if state.season in SEASONS and state.season not in kept:
            kept[state.season] = [
                (
                    features(state, seat),
                    state.players[seat].score,
                    position_value(state, seat) if seat < humans else None,
                )
                for seat in range(len(state.players))
            ]
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
            continue
        player = state.to_move
        state = step(state, bots[player].choose(BotView(player, state, {}, tuple(legal_actions(state)))))
    final = [player.score for player in state.players]
    rows = []
    for season, seats in kept.items():
        for seat, (values, held, hand_set) in enumerate(seats):
            role = "ghost" if ghost and seat == len(seats) - 1 else "player"
            rows.append(
                {
                    "season": season,
                    "role": role,
                    "x": values,
                    "held": held,
                    "future": final[seat] - held,
                    "hand_set": hand_set,
                }
            )
    return rows


def _r2(actual: np.ndarray, predicted: np.ndarray) -> float:
    return float(1 - ((actual - predicted) ** 2).mean() / actual.var())


def fit(rows: list[dict], held_out: list[dict]) -> dict:
    """Least squares of the points to come on the features (with an intercept); R^2 on ``held_out``."""
    design = np.array([[1.0, *row["x"]] for row in rows])
    target = np.array([row["future"] for row in rows], dtype=float)
    coefficients, *_ = np.linalg.lstsq(design, target, rcond=None)
    result = {
        "intercept": round(float(coefficients[0]), 4),
        "coefficients": [round(float(c), 4) for c in coefficients[1:]],
    }
    if held_out:
        test = np.array([[1.0, *row["x"]] for row in held_out])
        actual = np.array([row["future"] for row in held_out], dtype=float)
        result["r2_held_out"] = round(_r2(actual, test @ coefficients), 3)
        if rows[0]["hand_set"] is not None:
            line = np.array([[1.0, row["hand_set"] - row["held"]] for row in rows])
            slope, *_ = np.linalg.lstsq(line, target, rcond=None)
            line_test = np.array([[1.0, row["hand_set"] - row["held"]] for row in held_out])
            result["r2_position_value"] = round(_r2(actual, line_test @ slope), 3)
    return result


def learn(kinds: list[str], games: int, progress=print) -> dict:
    models = []
    for kind in kinds:
        games_rows = []
        for index in range(games):
            games_rows.append(snapshots(kind, FIRST_SEED + index))
            if progress and (index + 1) % 500 == 0:
                progress(f"  {kind}: {index + 1} of {games} games")
        cut = games - games // 4
        for season in SEASONS:
            for role in ("player", "ghost"):
                pick = [[row for row in rows if row["season"] == season and row["role"] == role] for rows in games_rows]
                train = [row for rows in pick[:cut] for row in rows]
                test = [row for rows in pick[cut:] for row in rows]
                if not train:
                    continue
                checked = fit(train, test)
                final = fit(train + test, [])
                models.append(
                    {
                        "kind": kind,
                        "role": role,
                        "season": season,
                        "intercept": final["intercept"],
                        "coefficients": final["coefficients"],
                        "positions": len(train) + len(test),
                        "r2_held_out": checked.get("r2_held_out"),
                        "r2_position_value": checked.get("r2_position_value"),
                    }
                )
                if progress:
                    progress(
                        f"{kind:8} {role:6} Season {season}: {len(train) + len(test)} positions, held-out R^2 "
                        f"{checked.get('r2_held_out')} (the hand-set position value: {checked.get('r2_position_value')})"
                    )
    return {
        "about": (
            "Points still to come at the start of Seasons 2 and 3, by least squares on strong-bot games "
            "(python -m bench.learn_value); read by tameri_kit.game.play.value_model."
        ),
        "games_per_kind": {kind: games for kind in kinds},
        "first_seed": FIRST_SEED,
        "features": list(FEATURES),
        "models": models,
    }


def markdown_table(model: dict) -> str:
    """The fits of a model file, one row each: kind, role, Season, games, positions, held-out R^2 of the line and of
    the hand-set value."""
    games = _games_by_kind(model)
    lines = [
        "| game | whose points | at the start of | games | positions | R^2 held out: learned | the hand-set value |",
        "|---|---|---|---|---|---|---|",
    ]
    for entry in model["models"]:
        hand = entry.get("r2_position_value")
        lines.append(
            f"| {entry['kind']} | {entry['role']} | Season {entry['season']} | {games.get(entry['kind'], '')} | "
            f"{entry['positions']} | {entry['r2_held_out']:.3f} | {'-' if hand is None else f'{hand:.3f}'} |"
        )
    return "\n".join(lines)


def _games_by_kind(model: dict) -> dict:
    games = model.get("games_per_kind", {})
    return games if isinstance(games, dict) else {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.learn_value", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per kind (default 3000)")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, of {', '.join(KINDS)}")
    parser.add_argument("--out", default=str(MODEL_FILE), help="where to write the model (default: the kit's)")
    parser.add_argument(
        "--table", action="store_true", help="print the fits of --out as a Markdown table (docs/bots.md) and stop"
    )
    parser.add_argument(
        "--update", action="store_true", help="keep the other kinds' fits already in --out (learn some kinds again)"
    )
    args = parser.parse_args(argv)
    if args.table:
        print(markdown_table(json.loads(Path(args.out).read_text(encoding="utf-8"))))
        return 0
    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or args.games < 8:
        print(f"error: unknown kinds {unknown}" if unknown else "error: --games must be at least 8", file=sys.stderr)
        return 2
    out = Path(args.out)
    for index, kind in enumerate(kinds):  # written after each kind: a long run keeps what it has learned
        model = learn([kind], args.games)
        if (args.update or index > 0) and out.exists():
            kept = json.loads(out.read_text(encoding="utf-8"))
            model["models"] = [entry for entry in kept.get("models", ()) if entry["kind"] != kind] + model["models"]
            model["games_per_kind"] = {**_games_by_kind(kept), kind: args.games}
        out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
