"""Every speed trick of the kit is in ``tameri_kit/_fast.py`` or listed there, and every kept answer is the rule's.

``_fast.py`` is the one list of the kit's speed tricks (GUIDE).  These tests hold it to that: no cache decorator
outside ``_fast.py``'s :func:`remembered`; every remembered function and every dictionary memo is named in the list;
and every answer a cache keeps is the answer the uncached rule gives (cached answer == uncached rule), over the
answers actually kept while seeded games are played, drawn and their weather chances worked out.
"""

from __future__ import annotations

import ast
import dataclasses
from concurrent.futures import ThreadPoolExecutor
import inspect
from fractions import Fraction
import sys
from functools import cached_property
from pathlib import Path

import numpy as np
import pytest

import tameri_kit
from tameri_kit import _fast
from tameri_kit.game import Settings, replay, view
from tameri_kit.game.rules_of_play import chance as chance_module
from tameri_kit.game.core.board_view import state_html
from tameri_kit.game.play.bots import play_game
from tameri_kit.probability import exact
from tameri_kit.probability.exact import field_probabilities
from tameri_kit.probability.simulate import simulate
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.readings import Readings

PACKAGE = Path(tameri_kit.__file__).resolve().parent
FAST_TEXT = (PACKAGE / "_fast.py").read_text(encoding="utf-8")

#: The dictionary memos (filled lazily, outside remembered), by module: each is named in _fast.py's list.
DICT_MEMOS = {
    "game/rules_of_play/chance.py": "_LAND_LISTS",
    "game/play/engine.py": "_ODDS",
    "game/play/view.py": "_SEEN",
    "probability/exact.py": "_RESOLVED",
    "widgets/majority_odds.py": "MajorityOddsWidget._cache",
}


def package_modules():
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name != "_fast.py")


def test_no_cache_decorator_outside_fast():
    """``functools.lru_cache`` / ``functools.cache`` appear in ``_fast.py`` only (the rest use ``remembered``)."""
    offenders = []
    for path in package_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "functools":
                names = [node.attr]
            if {"lru_cache", "cache"} & set(names):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []


def test_every_remembered_function_and_memo_is_named_in_the_list():
    """Each function kept by ``remembered`` (by its name) and each dictionary memo is named in _fast.py's
    docstring, so that the list stays the one list."""
    assert len(_fast.REMEMBERED) >= 15
    docstring = ast.get_docstring(ast.parse(FAST_TEXT))
    missing = [f"{f.__module__}.{f.__qualname__}" for f in _fast.REMEMBERED if f.__qualname__ not in docstring]
    missing += [f"{module}: {name}" for module, name in DICT_MEMOS.items() if name not in docstring]
    assert missing == []
    for module, name in DICT_MEMOS.items():
        assert name.split(".")[-1] in (PACKAGE / module).read_text(encoding="utf-8"), (module, name)


def same(a, b) -> bool:
    """Equal values; objects without an equality of their own (a simulator's table) by their fields, numpy arrays
    element by element."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and np.array_equal(a, b)
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if type(a).__eq__ is object.__eq__ and hasattr(a, "__dict__"):
        return same(vars(a), vars(b))
    return a == b


@pytest.fixture(scope="module")
def kept_answers():
    """Every remembered function's answers while a workload runs: a seeded game between the three bots (3 players,
    Gifts and promo cards), a Ghost game, the board drawn at a few states, exact and simulated weather chances.
    Each module's reference to a remembered function is swapped for a recorder for the time of the workload."""
    calls = {f: {} for f in _fast.REMEMBERED}
    # start from empty caches: an answer kept by an earlier test in this process would spare the workload the
    # inner calls (e.g. field_probabilities kept -> its helpers never asked), whatever order the tests run in
    for function in _fast.REMEMBERED:
        function.cache_clear()
    swapped = []
    for module in [m for name, m in sys.modules.items() if name.startswith("tameri_kit")]:
        for attribute, value in list(vars(module).items()):
            if any(value is function for function in calls):
                swapped.append((module, attribute, value))

    def recorder(function):
        def call(*args, **kwargs):
            answer = function(*args, **kwargs)
            key = (args, tuple(sorted(kwargs.items())))
            if len(calls[function]) < 300:
                calls[function].setdefault(key, answer)
            return answer

        return call

    for module, attribute, function in swapped:
        setattr(module, attribute, recorder(function))
    try:
        record, final = play_game(Settings.for_players(3, gifts=True, promo=True), 5, ["greedy", "strong", "random"])
        play_game(Settings.for_players(1, ghost="hard"), 2, ["strong"])
        states = replay(record, states=True)
        for state in states[:: max(1, len(states) // 6)]:
            state_html(state, 0)
        field_probabilities("N:SS E:SS S:SS W:SS rivers:2222", "SWL")
        simulate("N:SS E:SS S:SS W:SS rivers:2222", "SWL", 200, seed=1, method="vectorised")
    finally:
        for module, attribute, function in swapped:
            setattr(module, attribute, function)
    return calls


def remembered_name(function) -> str:
    return f"{function.__module__}.{function.__qualname__}"


@pytest.mark.parametrize("function", _fast.REMEMBERED, ids=remembered_name)
def test_each_kept_answer_is_the_rules_answer(kept_answers, function):
    """Cached answer == uncached rule: every answer kept during the workload equals what the function itself
    (``__wrapped__``, no cache) gives for the same arguments."""
    answers = kept_answers[function]
    assert answers, f"the workload never asked {remembered_name(function)}: extend it"
    for (args, kwargs), answer in answers.items():
        assert same(function.__wrapped__(*args, **dict(kwargs)), answer), (remembered_name(function), args)


def test_the_landing_lists_memo_answers_as_without_it(monkeypatch):
    """game/rules_of_play/chance.py's ``_LAND_LISTS`` (the landing outcomes by spheres still to fall): the chance lists of every
    landing node of a game are the same with the memo warm and with it emptied."""
    record, _ = play_game(Settings.for_players(2), 3, ["random", "random"])
    landing = [s for s in replay(record, states=True) if s.top is not None and s.top.kind == "land"]
    assert landing
    warm = [chance_module.list_chance_outcomes(s) for s in landing]
    monkeypatch.setattr(chance_module, "_LAND_LISTS", {})
    assert [chance_module.list_chance_outcomes(s) for s in landing] == warm


@pytest.mark.parametrize(
    "value",
    [
        Stock(barley=2, fruit=1),
        Stock(),
        Readings(),
        Readings(visible=None, five_silt_to="supply", repeat_five_check=True),
    ],
    ids=repr,
)
def test_written_hashes_are_the_hashes_dataclass_would_generate(value):
    """``Stock.__hash__`` and ``Readings.__hash__`` are written out (so the compiled build compiles them): each is the
    hash of the tuple of every field that takes part in hashing, in order - what ``dataclass`` generates.  A field
    added to the class and not to its ``__hash__`` fails here."""
    parts = tuple(
        getattr(value, f.name) for f in dataclasses.fields(value) if (f.compare if f.hash is None else f.hash)
    )
    assert hash(value) == hash(parts)
    assert type(value).__hash__ is vars(type(value))["__hash__"]  # the class's own, not one dataclass put there
    other = dataclasses.replace(
        value, **{dataclasses.fields(value)[0].name: None if isinstance(value, Readings) else 3}
    )
    assert hash(other) == hash(tuple(getattr(other, f.name) for f in dataclasses.fields(other)))


def test_games_make_no_reference_cycles():
    """What settles the collector in a sweep (``_fast.settle_collector``) relies on this: games leave no garbage that
    only the cyclic collector could free (random games of three modes, and games of the strong, greedy and expert
    bots and of OpenSpiel's MCTS and IS-MCTS, small searches)."""
    import gc

    from tameri_kit.explore.runner import game_row
    from tameri_kit.game.play.engine import random_playout
    from tameri_kit.openspiel.extra import load_search_bots

    load_search_bots(["mcts:5", "ismcts:5"])

    games = [
        lambda: random_playout(Settings.for_players(4), 5),
        lambda: random_playout(Settings.for_players(2, ghost="hard", gifts=True, promo=True), 6),
        lambda: random_playout(Settings.for_players(3, gifts=True, gift_discards=True), 7),
        lambda: game_row(Settings.for_players(2), ["strong", "greedy"], 8),
        lambda: game_row(Settings.for_players(1, ghost="easy"), ["strong"], 9),
        lambda: game_row(Settings.for_players(2), ["expert:2", "random"], 10),
        lambda: game_row(Settings.for_players(2), ["mcts:5", "ismcts:5"], 11),
    ]
    for play in games:  # once first: data loaded, memos filled, imports done
        play()
    gc.collect()
    gc.disable()
    try:
        for play in games:
            play()
        assert gc.collect() == 0  # nothing unreachable: every object was freed when its last reference went
    finally:
        gc.enable()


def test_a_serial_sweep_settles_the_collector_and_hands_everything_back(monkeypatch):
    import gc

    from tameri_kit.explore import runner

    settled = []
    monkeypatch.setattr(runner, "settle_collector", lambda: (settled.append(gc.get_freeze_count()), gc.freeze()))
    settings, bots = Settings.for_players(4), ["random"] * 4
    assert gc.get_freeze_count() == 0
    table = runner.run_games(settings, bots, range(3), executor="serial", progress=False)
    assert len(settled) == 3  # after each game
    assert gc.get_freeze_count() == 0  # handed back at the end
    # something else froze objects first: the sweep leaves the collector alone, and plays the same games
    gc.freeze()
    try:
        again = runner.run_games(settings, bots, range(3), executor="serial", progress=False)
        assert len(settled) == 3 and gc.get_freeze_count() > 0  # not settled, and not handed back either
    finally:
        gc.unfreeze()
    assert again.to_dict("records") == table.to_dict("records")
    # a worker process of the kit's own pool settles after each game and keeps it so (the process ends with the pool)
    try:
        rows = runner._play_batch(settings, bots, [(0, 0), (1, 0)], settle=True)
        assert len(settled) == 5 and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert rows == runner._play_batch(settings, bots, [(0, 0), (1, 0)])
    # asked not to, a serial sweep does not settle; another executor's workers settle only when asked to
    runner.run_games(settings, bots, range(2), executor="serial", progress=False, settle=False)
    assert len(settled) == 5 and gc.get_freeze_count() == 0
    with ThreadPoolExecutor(2) as threads:  # (threads of this process stand for a Dask cluster's workers)
        runner.run_games(settings, bots, range(2), executor=threads, progress=False)
        assert len(settled) == 5 and gc.get_freeze_count() == 0
        try:
            runner.run_games(settings, bots, range(2), executor=threads, progress=False, settle=True)
            assert len(settled) == 7
        finally:
            gc.unfreeze()


def test_index_drawer_draws_as_randrange():
    """``_fast.index_drawer(rng)(n)`` gives ``rng.randrange(n)`` and leaves the stream where randrange leaves it, for small and large ``n`` (powers of two and their neighbours, where the
    redrawing differs); ``n`` of 0 or less raises as randrange does; another kind of generator is asked its own
    ``randrange``."""
    import random

    sizes = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 40, 63, 64, 65, 100, 1000, 2**31 - 1, 2**31, 2**31 + 1]
    for seed in range(20):
        bound, theirs = random.Random(seed), random.Random(seed)
        draw = _fast.index_drawer(bound)
        for n in sizes * 5:
            assert draw(n) == theirs.randrange(n), (seed, n)
        assert bound.random() == theirs.random()
    for bad in (0, -3):
        with pytest.raises(ValueError):
            _fast.index_drawer(random.Random(1))(bad)

    class Fixed(random.Random):
        def randrange(self, *args):
            return 0

    assert _fast.index_drawer(Fixed(1))(1000) == 0


def test_logged_events_are_events():
    """``WorkingGame.log_event`` keeps each event as a plain tuple in the log's nodes and an :class:`Event` is made
    only when the log is read (``state.log_events``): the same values, in the same order, with the same text form,
    hash and pickled bytes as events made with the constructor, for a public and a private event; reading the events
    after an old node gives the newer ones only, and a node that is not in the log gives None."""
    import pickle

    from tameri_kit.game import Event, new_game
    from tameri_kit.game.core.state import log_events
    from tameri_kit.game.core.working import WorkingGame

    start = new_game(Settings.for_players(2))
    game = WorkingGame(start)
    game.log_event("John gains 1 Deben", "Immediate Effects")
    game.log_event("John draws card 59", "Season 0", 0)
    after = game.freeze()
    made = [Event("John gains 1 Deben", "Immediate Effects"), Event("John draws card 59", "Season 0", 0)]
    events = after.events()
    assert events[: -len(made)] == start.events() and events[-len(made) :] == made
    for logged, built in zip(events[-len(made) :], made):
        assert type(logged) is Event and vars(logged) == vars(built) and list(vars(logged)) == list(vars(built))
        assert str(logged) == str(built) and repr(logged) == repr(built) and hash(logged) == hash(built)
        assert pickle.dumps(logged) == pickle.dumps(built)
    assert log_events(after.log, start.log) == made
    assert log_events(after.log, after.log) == []
    assert log_events(start.log, after.log) is None  # the newer node is not in the older log
    assert after.log[1:] == ("John draws card 59", "Season 0", 0)  # the node: (previous, text, rule, seat)


def test_the_state_memo_answers_as_a_fresh_state(monkeypatch):
    """``GameState._cache`` (issue 34 added the chance outcomes with their odds and their payloads by text) and the
    engine's ``_ODDS`` (each probability made once): at every state of a Ghost game with Gifts and of a 4-player
    game, the legal actions, the chance outcomes and the outcome a text stands for are what a copy of the state with
    an empty memo answers, with the probabilities made afresh and kept; the odds are the weights over their total."""
    from tameri_kit.game import chance_outcomes, legal_actions
    from tameri_kit.game.play import engine

    for settings, seed in ((Settings.for_players(2, ghost="hard", gifts=True), 4), (Settings.for_players(4), 2)):
        record, _ = play_game(settings, seed, ["random"] * settings.humans)
        for state in replay(record, states=True):
            for memo in ({}, engine._ODDS):
                monkeypatch.setattr(engine, "_ODDS", memo)
                fresh = state.but()
                assert legal_actions(state) == legal_actions(fresh)
                assert chance_outcomes(state) == chance_outcomes(fresh)
                if state.is_chance:
                    listed = chance_module.list_chance_outcomes(fresh)
                    assert engine._chance_payloads(state) == {m: x for m, x, _ in listed}
                    total = sum(weight for _, _, weight in listed)
                    assert [(d.move, p) for d, p in chance_outcomes(state)] == sorted(
                        (m, Fraction(weight, total)) for m, _, weight in listed
                    )


def test_the_seen_logs_memo_answers_as_the_full_log_filtered():
    """game/play/view.py's ``_SEEN`` (each seat's log, filtered from the last ones): at every state of a game each
    player's observation holds exactly the events of the full log that are public or theirs."""
    record, _ = play_game(Settings.for_players(3), 4, ["random"] * 3)
    for state in replay(record, states=True)[::7]:
        for seat, player in enumerate(state.players):
            seen = view(state, player.name).observation().events()
            assert seen == [e for e in state.events() if e.seat is None or e.seat == seat]


def test_the_resolved_ramps_memo_answers_as_from_cold():
    """probability/exact.py's ``_RESOLVED`` (a ramp's resolution by the spheres on it): the exact chances of a
    phase are the same worked out warm and after :func:`clear_caches`."""
    warm = field_probabilities("N:S E:W S:- W:SW rivers:1021", "SWLL")
    exact.clear_caches()
    assert field_probabilities("N:S E:W S:- W:SW rivers:1021", "SWLL") == warm


def test_the_majority_widgets_memo_answers_as_the_rule():
    """widgets/majority_odds.py's ``MajorityOddsWidget._cache`` (the exact odds per question): asked again after other
    questions, the widget gives what ``majority_odds`` gives for that question."""
    from tameri_kit.probability.majority import majority_odds, uniform
    from tameri_kit.widgets.scoring_widgets import MajorityOddsWidget

    widget = MajorityOddsWidget()
    widget.k_slider.value, widget.m_slider.value, widget.n_slider.value = 2, 2, 3
    first = widget.odds()
    widget.k_slider.value = 3
    widget.k_slider.value = 2
    assert widget.odds() is first
    assert first == majority_odds(2, 2, uniform(3))


def cached_properties():
    """(class, name) of every ``functools.cached_property`` in the rules (enum members and cards never change)."""
    from tameri_kit.rules import action_cards, common, components, glyphs

    out = []
    for module in (action_cards, common, components, glyphs):
        for cls in vars(module).values():
            if isinstance(cls, type) and cls.__module__ == module.__name__:
                out += [(cls, name) for name, value in vars(cls).items() if isinstance(value, cached_property)]
    return out


def enums():
    """Every enum class of the rules (their members carry the cached labels and indexes)."""
    from enum import Enum

    from tameri_kit.rules import action_cards, common, components, glyphs

    return {
        value
        for module in (action_cards, common, components, glyphs)
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Enum) and len(value)
    }


def test_cached_properties_answer_as_their_function():
    """Every ``cached_property`` of an enum member or an Action card gives what its function gives uncached (the
    values are frozen, so the kept answer cannot go stale)."""
    from tameri_kit.game.core.catalog import CARDS
    from tameri_kit.rules.action_cards import Glyph
    from tameri_kit.rules.glyphs import Played, card_play

    numbers = sorted(CARDS)[::9]
    plays = [
        card_play((Played(CARDS[first], False), Played(CARDS[second], face_down)), 2, glyph)
        for first in numbers
        for second in numbers
        if first != second
        for face_down in (False, True)
        for glyph in Glyph
    ]
    values = {
        "ActionCard": list(CARDS.values()),
        "CardPlay": plays,
        "PlayOption": [option for play in plays for option in play.options],
    }
    checked = set()
    for cls, name in cached_properties():
        instances = [member for enum in enums() if issubclass(enum, cls) for member in enum]
        instances += values.get(cls.__name__, [])
        assert instances, f"no {cls.__name__} to check {name} on"
        for instance in instances:
            kept = inspect.getattr_static(type(instance), name)  # a subclass may define its own
            if isinstance(kept, cached_property):
                assert getattr(instance, name) == kept.func(instance), (type(instance).__name__, name)
            checked.add((cls.__name__, name))
    assert len(checked) >= 9
