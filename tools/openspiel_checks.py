"""The longer OpenSpiel checks of ``python_tameri`` (the suite runs the same checks, smaller): their figures are in
``docs/openspiel.md``, "Longer runs".

    .venv/bin/python tools/openspiel_checks.py --games 100 --sims 10 --recall-games 2

1. action ids: ``--games`` whole random games of each of the 24 modes, every legal move and chance outcome looked up;
2. ``pyspiel.random_sim_test(serialize=True)``, ``--sims`` simulations of each of the 24 modes and of each reading
   changed alone (the modes' games alternate ``returns=points`` and ``returns=win``);
3. perfect recall: ``--recall-games`` games per mode, every decision's information state string against its legal
   moves and the player's own actions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import typing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "openspiel"))

import pyspiel  # noqa: E402

from tameri_kit.openspiel import SHORT_NAME, parameters_of  # noqa: E402
from tameri_kit.openspiel.parameters import DEFAULTS, READING_PARAMETERS  # noqa: E402
from test_openspiel_actions import EVERY_MODE, missing_ids  # noqa: E402


def reading_games() -> list[str]:
    """One game string per reading changed alone from the default (3 players)."""
    out = []
    for name, (_, _, hint) in READING_PARAMETERS.items():
        default = DEFAULTS[name]
        if typing.get_origin(hint) is typing.Literal:
            values = [v for v in typing.get_args(hint) if v != default]
        elif hint is bool:
            values = [str(not default).lower()]
        elif name == "weather_visible":
            values = ["0", "7"]
        else:
            values = [str(default + 1)]
        out += [f"{SHORT_NAME}(players=3,{name}={value})" for value in values]
    return out


def mode_games() -> list[str]:
    out = []
    for k, settings in enumerate(EVERY_MODE.values()):
        params = {**parameters_of(settings), "returns": "win" if k % 2 else "points"}
        out.append(str(pyspiel.load_game(SHORT_NAME, params)))
    return out


def recall_conflicts(name: str, games: int) -> tuple[int, int]:
    game = pyspiel.load_game(name)
    seen: dict = {}
    checked = conflicts = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            player = state.current_player()
            own = tuple(item.action for item in state.full_history() if item.player == player)
            value = (tuple(state.legal_actions()), own)
            conflicts += seen.setdefault(state.information_state_string(player), value) != value
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return checked, conflicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--sims", type=int, default=10)
    parser.add_argument("--recall-games", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    missing = 0
    for mode, settings in EVERY_MODE.items():
        found = missing_ids(settings, range(args.games))
        missing += len(found)
        print(f"ids: {mode}: {args.games} games, {len(found)} moves without an id {found[:3]}", flush=True)
    print(
        f"ids: {args.games * len(EVERY_MODE)} games, {missing} moves without an id ({time.perf_counter() - started:.0f} s)"
    )
    sims = 0
    for name in mode_games() + reading_games():
        begun = time.perf_counter()
        pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=args.sims, serialize=True, verbose=False)
        sims += args.sims
        print(f"random_sim_test: {name}: {args.sims} passed ({time.perf_counter() - begun:.0f} s)", flush=True)
    print(f"random_sim_test: {sims} simulations passed ({time.perf_counter() - started:.0f} s so far)")
    checked = conflicts = 0
    for name in mode_games():
        more, bad = recall_conflicts(name, args.recall_games)
        checked, conflicts = checked + more, conflicts + bad
    print(f"perfect recall: {checked} decision points, {conflicts} conflicts ({time.perf_counter() - started:.0f} s)")
    return 1 if missing or conflicts else 0


if __name__ == "__main__":
    sys.exit(main())
