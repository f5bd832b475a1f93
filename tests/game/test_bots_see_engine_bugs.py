"""Bots and the table step a player's observation without hiding engine bugs (issue 24).

The bots (greedy, strong) and the table's previews and Hint look ahead by stepping the player's own decisions on
the player's observation.  The one thing an observation lacks for that is what others keep secret; the engine says
so with :class:`~tameri_kit.errors.HiddenInformationError`, which :func:`~tameri_kit.game.play.view.foresee` turns into
"effect not seen" (None).  Every other error - an engine bug - must reach the caller, not become "no move".
Rulebook: Phase 3 (The Turn Order: the cards' numbers order the players, so the last reveal needs every card).
"""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from tameri_kit.errors import HiddenInformationError, TameriError
from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.play import bots, strong_bot, view as view_module
from tameri_kit.game.play.bots import GreedyBot, bot_view
from tameri_kit.game.core.catalog import Rule
from tameri_kit.game.play.strong_bot import StrongBot
from tameri_kit.game.play.view import foresee, view
from tameri_kit.game.core.working import WorkingGame
from tameri_kit.widgets import table_parts
from tameri_kit.widgets.table import GameTable


def first_state(settings: Settings, seed: int, wanted):
    """The first state of a seeded random game for which ``wanted(state)`` holds."""
    rng = random.Random(seed)
    state = new_game(settings)
    while not wanted(state):
        assert not state.is_terminal, "the game ended before the wanted state"
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
        else:
            legal = legal_actions(state)
            state = step(state, legal[rng.randrange(len(legal))])
    return state


def last_to_reveal(state) -> bool:
    """Phase 3 with every other player decided: this decision ends the reveal and sets the turn order."""
    top = state.top
    return top is not None and top.kind == "reveal" and top.choices.count(None) == 1


def test_the_last_reveal_on_an_observation_needs_the_hidden_cards():
    """Phase 3: once everyone has decided, the turn order compares the cards' numbers.  The last player to decide
    sees the other player's card only as hidden, so stepping "reveal" on that player's observation cannot work out
    the turn order: the engine raises HiddenInformationError (naming Phase 3's rule), and ``foresee`` answers None.
    On the full state the same decision steps (the reveal is legal there)."""
    state = first_state(Settings.for_players(2), 3, last_to_reveal)
    observation = view(state, state.to_move).observation()
    decision = next(d for d in legal_actions(state) if d.move == "reveal")
    with pytest.raises(HiddenInformationError) as error:
        step(observation, decision)
    assert error.value.rule == Rule.TURN_ORDER and "hidden" in str(error.value)
    assert foresee(observation, decision) is None
    assert step(state, decision).top.kind != "reveal"


def test_the_first_reveal_on_an_observation_is_seen():
    """The first player to decide in Phase 3 only records the choice (the next player is asked): nothing hidden
    is needed, so ``foresee`` gives the state with the other player to decide."""
    state = first_state(Settings.for_players(2), 3, lambda s: s.top is not None and s.top.kind == "reveal")
    assert state.top.choices.count(None) == 2
    observation = view(state, state.to_move).observation()
    decision = next(d for d in legal_actions(state) if d.move == "reveal")
    after = foresee(observation, decision)
    assert after is not None and after.top.kind == "reveal" and after.to_move != state.to_move


def looked_ahead(state) -> bool:
    """A decision both bots judge by stepping: more than one legal decision, not one the strong bot estimates."""
    top = state.top
    return (
        top is not None
        and not state.is_chance
        and top.kind not in ("season_zero_pick", "choose", "reveal", "nile", "option")
        and len(legal_actions(state)) > 1
    )


def plant_bug(monkeypatch, error: type[Exception]) -> None:
    """An engine bug: every step's last act (freezing the working copy into a new state) raises ``error``."""

    def broken(self):
        raise error("planted engine bug")

    monkeypatch.setattr(WorkingGame, "freeze", broken)


@pytest.mark.parametrize("bot_class", [GreedyBot, StrongBot])
@pytest.mark.parametrize("error", [KeyError, AttributeError, ValueError])
def test_a_planted_engine_bug_surfaces_through_a_bots_decision(monkeypatch, bot_class, error):
    """Without the bug the bot decides; with it the bot's look-ahead step raises, and the error reaches the caller
    instead of the decision being scored as "no effect"."""
    state = first_state(Settings.for_players(3), 7, looked_ahead)
    seen = bot_view(state)
    assert bot_class(seed=1).choose(seen) in seen.legal
    plant_bug(monkeypatch, error)
    with pytest.raises(error, match="planted engine bug"):
        bot_class(seed=1).choose(seen)


@pytest.mark.parametrize("error", [KeyError, AttributeError])
def test_a_planted_engine_bug_surfaces_through_the_tables_hint_and_preview(monkeypatch, error):
    """The table's Hint (the greedy bot on the person's view) and its preview of a decision's events raise the
    planted error instead of showing no hint or an empty preview."""
    table = GameTable(Settings.for_players(2), seed=4, bots="greedy")
    while len(legal_actions(table.state)) < 2:
        table.decision_buttons[0].click()
    seen = bot_view(table.state)
    assert table.hint().startswith("Hint:")
    plant_bug(monkeypatch, error)
    with pytest.raises(error, match="planted engine bug"):
        table.hint()
    with pytest.raises(error, match="planted engine bug"):
        table_parts.preview(seen.observation, seen.legal[0])


@pytest.mark.parametrize("module", [bots, strong_bot, view_module, table_parts])
def test_the_lookahead_code_catches_only_the_kits_typed_errors(module):
    """Every ``except`` in the modules that step observations names only TameriError subclasses (no bare except,
    no KeyError, ValueError ... that would swallow an engine bug)."""
    tree = ast.parse(inspect.getsource(module))
    caught = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            assert node.type is not None, f"{module.__name__}: a bare except at line {node.lineno}"
            names = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            for name in names:
                assert isinstance(name, ast.Name), ast.unparse(name)
                caught.append((name.id, getattr(module, name.id)))
    for name, cls in caught:
        assert issubclass(cls, TameriError), f"{module.__name__} catches {name}"
