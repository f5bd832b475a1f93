"""Guards of the speed tricks that make fewer Python objects and calls (issue 34, 5 Dec evening; the list is
``tameri_kit/_fast.py``'s docstring): values made from a ready ``__dict__`` through CPython's C API, the engine's
choices made from their fields, ``Enum`` values kept on the members and looked up in tables, the lazy data's fields
and views, and ``check_player``'s memo of accepted names.  Each compares the fast way with the ordinary one."""

from __future__ import annotations

from functools import cached_property

import pytest

from tameri_kit import _fast
from tameri_kit.game import Settings, replay
from tameri_kit.rules.offering import Stock


def test_values_made_from_fields_are_the_constructors_values():
    """``from_fields``, ``copy_with``, ``unchecked`` and the working copy's ``set_player`` and ``freeze`` make their
    values through CPython's C API in the compiled build (``_fast.C_API``): each is the constructor's value - same
    type, fields in the same order, equality, hash, repr, pickled bytes - frozen, tracked by the cyclic collector as
    any instance is, holding the very dictionary given, and freed when dropped."""
    import dataclasses
    import gc
    import pickle
    import sys
    import weakref

    from tameri_kit import _compiled
    from tameri_kit.game import new_game
    from tameri_kit.game.core.frames import AutoStep
    from tameri_kit.game.core.state import PlayerState
    from tameri_kit.game.core.working import WorkingGame
    from tameri_kit.rules.offering import Stock

    compiled = "tameri_kit._fast" in _compiled.compiled_modules()
    assert _fast.C_API == (compiled and (3, 11) <= sys.version_info[:2] <= (3, 13))

    def same(made, built):
        assert type(made) is type(built) and made == built and hash(made) == hash(built)
        assert list(vars(made).items()) == list(vars(built).items()) and repr(made) == repr(built)
        assert pickle.dumps(made) == pickle.dumps(built) and pickle.loads(pickle.dumps(made)) == built
        assert gc.is_tracked(made)
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.__setattr__(next(iter(vars(made))), 0)

    fields = {"barley": 1, "papyrus": 0, "flax": 2, "fruit": 0}
    stock = _fast.from_fields(Stock, fields)
    assert vars(stock) is fields
    same(stock, Stock(barley=1, flax=2))
    same(_fast.copy_with(stock, {"fruit": 3}), Stock(barley=1, flax=2, fruit=3))
    same(_fast.unchecked(Stock, flax=2), Stock(flax=2))
    assert _fast.unchecked(AutoStep, step="turn_start") == AutoStep(step="turn_start")
    with pytest.raises(TypeError, match="has no field 'apples'"):
        _fast.copy_with(stock, {"apples": 1})

    state = new_game(Settings.for_players(2))
    game = WorkingGame(state)
    game.set_player(1, deben=7, score=3)
    same(game.players[1], dataclasses.replace(state.players[1], deben=7, score=3))
    assert type(game.players[0]) is PlayerState
    frozen = game.freeze()
    want = state.but(players=(state.players[0], dataclasses.replace(state.players[1], deben=7, score=3)))
    assert type(frozen) is type(state) and list(vars(frozen)) == list(vars(want))  # (a state compares by identity)
    assert all(getattr(frozen, f.name) == getattr(want, f.name) for f in dataclasses.fields(want))
    assert frozen.players[1].deben == 7 and gc.is_tracked(frozen)

    gone = weakref.ref(_fast.from_fields(Stock, dict(fields)))  # nothing else holds it: freed at once
    assert gone() is None


def test_enum_values_and_lookups_answer_as_enum_does():
    """``Named.value`` and ``Temple.value`` (read once, then kept on the member) are ``Enum``'s own value for every
    member of the kit's enums; ``SPHERE_OF``, ``RESOURCE_OF`` and ``ACTION_OF`` give what ``Sphere(letter)``,
    ``Resource(name)`` and ``Action(name)`` give; a stock read by a resource's name reads as by the resource, and an
    unknown name still raises as ``Resource`` does."""
    from enum import Enum

    from tameri_kit.rules.action_cards import ACTION_OF, Action, CardWeather, Glyph
    from tameri_kit.rules.common import RESOURCE_OF, SPHERE_OF, Named, Ramp, Resource, Sphere
    from tameri_kit.rules.components import Temple

    enum_value = vars(Enum)["value"]
    for enum in (Sphere, Ramp, Resource, Action, Glyph, CardWeather, Temple):
        assert issubclass(enum, Named) or isinstance(vars(enum)["value"], cached_property)
        for member in enum:
            assert member.value == enum_value.__get__(member, enum) == member._value_
            assert member.value == enum_value.__get__(member, enum)  # kept: the same the second time
    assert SPHERE_OF == {sphere.value: Sphere(sphere.value) for sphere in Sphere} and len(SPHERE_OF) == 3
    assert RESOURCE_OF == {resource.value: Resource(resource.value) for resource in Resource} and len(RESOURCE_OF) == 4
    assert ACTION_OF == {action.value: Action(action.value) for action in Action} and len(ACTION_OF) == 8
    stock = Stock(barley=1, papyrus=2, flax=3, fruit=4)
    for resource in Resource:
        assert stock[resource.value] == stock[resource] == getattr(stock, resource.value)
    with pytest.raises(ValueError):
        stock["apples"]


def test_lazy_values_keep_their_fields_and_the_market_table_is_load_market():
    """A ``LazyValue`` copies its loaded value's public fields onto itself (read without ``__getattr__``): the same
    values, methods and properties still passing through, and still read-only; a ``LazyMapping``'s views and ``get``
    are its table's; the catalog's ``MARKETS`` holds what ``load_market`` gives for 2, 3 and 4 players, and another
    count raises ``load_market``'s own error."""
    import dataclasses

    from tameri_kit.data.components import load_market, load_supply
    from tameri_kit.data.loader import LazyMapping, LazyValue
    from tameri_kit.game import new_game
    from tameri_kit.game.core.catalog import market_layout

    supply = LazyValue(load_supply)
    real = load_supply()
    assert "deben" not in vars(supply)  # nothing read yet
    assert supply.deben == real.deben
    for field in dataclasses.fields(real):
        assert vars(supply)[field.name] == getattr(real, field.name)
    assert supply.loaded() is real
    with pytest.raises(AttributeError, match="read-only"):
        supply.deben = 3

    class Box:
        def __init__(self):
            self.size, self._secret = 4, "kept back"

        def double(self) -> int:
            return 2 * self.size

    box = LazyValue(Box)
    assert box.double() == 8 and box.size == 4 and "_secret" not in vars(box) and box._secret == "kept back"

    class Named:
        def __init__(self):
            self.loaded, self.kind = "a field called loaded", "named"

    named = LazyValue(Named)
    assert named.kind == "named" and isinstance(named.loaded(), Named)  # the field does not hide the method

    table = LazyMapping(lambda: {"b": 2, "a": 1})  # its views and get are the loaded dictionary's
    assert (
        list(table.keys()) == ["b", "a"] and list(table.values()) == [2, 1] and dict(table.items()) == {"a": 1, "b": 2}
    )
    assert table.get("a") == 1 and table.get("z") is None and table.get("z", 0) == 0 and dict(table) == {"a": 1, "b": 2}

    class Table:  # what market_layout reads of a state: its settings' number of players
        def __init__(self, players: int):
            self.settings = dataclasses.make_dataclass("Seats", ["n"])(players)

    for players in (2, 3, 4):
        assert market_layout(new_game(Settings.for_players(players))) == load_market(players)
        assert market_layout(Table(players)) is market_layout(Table(players))  # read once
    with pytest.raises(KeyError, match="no Market for 5 players"):
        market_layout(Table(5))


def test_engine_choices_made_from_fields_are_the_constructors_values():
    """The Priest moves the engine lists and the cards it lays on the boards are made from their fields
    (``_fast.from_fields``): each equals the constructor's value, fields in the same order."""
    from tameri_kit.game import GameRecord, legal_actions, random_playout
    from tameri_kit.game.rules_of_play.actions.priest import PriestMove
    from tameri_kit.rules.glyphs import Played

    settings = Settings.for_players(3)
    entries, _ = random_playout(settings, 4)
    moves = played = 0
    for state in replay(GameRecord(settings, 4, entries), states=True):
        for decision in legal_actions(state):
            if isinstance(decision.payload, PriestMove):
                choice = decision.payload
                built = PriestMove(choice.move, choice.source, choice.paid, choice.effects_used)
                assert choice == built and list(vars(choice).items()) == list(vars(built).items())
                moves += 1
        for player in state.players:
            for card in player.row:
                built = Played(card.card, card.face_down)
                assert card == built and list(vars(card).items()) == list(vars(built).items())
                played += 1
    assert moves > 20 and played > 20


def test_the_accepted_names_memo_answers_as_the_check():
    """``rules/temple_state.py``'s ``_GOOD_NAMES`` (the names ``check_player`` has accepted, so that its regular
    expression runs once for each): with the memo full or emptied, the same names pass and the same are refused, and
    a refused name never enters it."""
    from tameri_kit.errors import StateError
    from tameri_kit.rules import temple_state

    names = ["Ringo", "John", "ghost_2", "a-b", "Ra", "pay", "2cool", "", "two words", "FREE"]

    def answers():
        out = []
        for name in names:
            try:
                out.append(temple_state.check_player(name))
            except StateError:
                out.append(None)
        return out

    warm = answers()
    assert warm == ["Ringo", "John", "ghost_2", "a-b", None, None, None, None, None, None]
    assert answers() == warm  # asked again, from the memo
    assert not {"Ra", "pay", "2cool", "", "two words", "FREE"} & temple_state._GOOD_NAMES
    saved = set(temple_state._GOOD_NAMES)
    temple_state._GOOD_NAMES.clear()
    try:
        assert answers() == warm
    finally:
        temple_state._GOOD_NAMES.update(saved)
    with pytest.raises(StateError):
        temple_state.check_player(7)
