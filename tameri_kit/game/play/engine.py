"""The whole-game engine: its public API, dispatching every decision to its frame kind.

Rulebook: the whole base game.  Each chapter has its own module (see ``docs/package_map.md``): set-up, Season 0
and the rounds' flow in :mod:`.flow`; chance in :mod:`.chance`; Phases 2-4 in :mod:`.turn`; the eight actions in
:mod:`.actions`; immediate, Building and Sphinx effects in :mod:`.game_effects`; paying with substitutions in
:mod:`.payments`; the End of the Season in :mod:`.season_end`.  This module only strings them together and asks
the players, one small decision at a time, what they do.

API
---
``new_game(settings) -> GameState`` (at the first chance node of the set-up);
``legal_actions(state) -> list[Decision]`` (sorted by text, unique; empty at chance nodes and at the end);
``chance_outcomes(state) -> list[(Decision, Fraction)]``; ``sample_chance(state, rng) -> Decision``;
``step(state, decision_or_text) -> GameState`` (pure; raises :class:`IllegalActionError` naming the rule), and
``step_move(state, move)`` (the same for whoever the game waits for, by move text); for callers that keep move
texts (the OpenSpiel wrapper), ``legal_moves(state)`` and ``chance_weights(state)``;
``moves_of_form(state)`` (every move of the form asked, legal or not) and ``why_not(state, decision)`` (the rule
against one, in public words); ``random_playout(settings, seed)`` and ``play_out(state, rng)`` (a rollout from any
state on one working copy); ``settle(state)`` and ``with_turn(state, player,
actions)`` for building small situations.

How each kind of decision is played is registered beside its rule (``frames.PLAYED``, see :mod:`.frames`); this
module dispatches on it and on :data:`AUTO`, the steps of the flow that need no decision.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from operator import itemgetter

from ..._fast import index_drawer
from ...errors import IllegalActionError, StateError
from ...rules.action_cards import Action
from ..rules_of_play import game_effects, gift_cards, gifts, main_step, season_end_flow, sphinx_effects, turn  # noqa: F401  (each registers how its decisions are played)
from ..rules_of_play.actions import builder, decoration, farmer, harvest, merchant, offering, priest, sphinx  # noqa: F401  (the same)
from ..core.catalog import Rule
from ..rules_of_play.chance import (
    apply_chance,
    chance_list,
    draw_outcome,
    first_item,
    list_chance_outcomes,
    pick_outcome,
    weight_of,
)
from ..core.decisions import CHANCE, Decision
from ..rules_of_play.game_effects import resolve_immediate_effect
from ..rules_of_play.flow import (
    deal_first_nile,
    end_round,
    end_turn,
    put_nile_resources,
    reveal_season_zero,
    set_up_game,
    start_choosing,
    start_round,
    start_season_zero,
    start_turn,
)
from ..core.frames import CHANCE_KINDS, FRAME_KINDS, PLAYED, AutoStep, Frame, MainStep, NileCard, rule_of
from ..rules_of_play.ghost import GHOST_AUTO, resolve_ghost_frame  # ghost16
from ..rules_of_play.season_end_flow import score_season, start_season_end
from ..core.settings import Settings
from ..core.state import GameState
from ..rules_of_play.turn import start_action
from ..core.working import AnyState, WorkingGame

# ----------------------------------------------------------------------------------------------------------------
# What the engine dispatches on: how each kind of decision is played (frames.PLAYED, registered by the modules
# imported above) and the steps of the game's flow that run without a decision
# ----------------------------------------------------------------------------------------------------------------
#: the steps of the game's flow that run without a decision (``AutoStep(step=..., arguments=...)``)
AUTO = {
    "season_zero_start": start_season_zero,
    "season_zero_reveal": reveal_season_zero,
    "season_zero_nile": deal_first_nile,
    "nile_resources": put_nile_resources,
    "round_start": start_round,
    "choose_start": start_choosing,
    "turn_start": start_turn,
    "turn_end": end_turn,
    "round_end": end_round,
    "season_end": start_season_end,
    "season_score": score_season,
    "start_action": start_action,
    **GHOST_AUTO,  # ghost16: the Ghost's steps (set-up, turn, actions)
}
#: decision frames that may resolve themselves before asking (a Sphinx face that costs nothing)
BEFORE_ASKING = {kind: how.before_asking for kind, how in PLAYED.items() if how.before_asking is not None}
#: decision frames that always offer at least one decision, so the flow need not list them to know it stops there:
#: step 2 of a turn can always end ("end actions").  Their legal moves are listed only when someone asks, which a
#: bot's look-ahead mostly never does at the positions it only scores.  Guard:
#: ``tests/game/test_game_rules.py::test_frames_that_always_ask_have_a_decision``.
ALWAYS_ASK = frozenset(kind for kind, how in PLAYED.items() if how.always_asks)
#: every decision kind has its rules registered, and only they
assert set(PLAYED) == {kind for kind, cls in FRAME_KINDS.items() if not cls.chance and not cls.automatic}


# ----------------------------------------------------------------------------------------------------------------
# Setting up and chance
# ----------------------------------------------------------------------------------------------------------------
def new_game(settings: Settings | None = None) -> GameState:
    """Game Setup: the board, the supplies and each player's pieces; the shuffles are left as chance nodes
    (Building cards 1e, Sphinx tiles 1f, dealing deck A in Season 0 step 1)."""
    game = set_up_game(settings or Settings())
    _advance(game)
    return game.freeze()


def chance_outcomes(state: GameState) -> list[tuple[Decision, Fraction]]:
    """Every outcome of the chance node on top with its exact probability (sorted by text)."""
    stack = state.stack
    if not stack or stack[-1].kind not in CHANCE_KINDS:
        return []
    c = getattr(state, "_cache", None) or {}  # (a working copy keeps no memo)
    odds = c.get("odds")  # the list, once worked out for this state (a search asks again and again)
    if odds is None:
        outcomes = chance_list(state)
        total = sum(map(weight_of, outcomes))
        odds = [(Decision(CHANCE, m, pl), _odds(wt, total)) for m, pl, wt in sorted(outcomes, key=first_item)]
        if isinstance(state, GameState):
            state._cache["odds"] = odds
    return odds.copy()


def chance_weights(state: GameState) -> tuple[list[str], list[int]]:
    """The outcomes of the chance node on top as two lists, their move texts and their whole-number weights (an
    outcome's probability is its weight over the weights' sum: what :func:`chance_outcomes` gives as an exact
    Fraction, sorted by text), in no promised order.  For a caller that maps texts to numbers and sorts by those
    (the OpenSpiel wrapper): no Decision, Fraction, pair or sort by text per outcome.  Empty lists when no chance
    node is on top."""
    stack = state.stack
    if not stack or stack[-1].kind not in CHANCE_KINDS:
        return [], []
    outcomes = chance_list(state)
    return list(map(first_item, outcomes)), list(map(weight_of, outcomes))


#: (weight, total) -> Fraction(weight, total): the few probabilities chance nodes have, each made once (a dict memo
#: listed in tameri_kit._fast; Fractions are frozen values)
_ODDS: dict[tuple[int, int], Fraction] = {}


def _odds(weight: int, total: int) -> Fraction:
    odds = _ODDS.get((weight, total))
    if odds is None:
        odds = _ODDS[weight, total] = Fraction(weight, total)
    return odds


def sample_chance(state: GameState, rng: random.Random) -> Decision:
    """Draw the outcome of the chance node with ``rng`` (a seeded ``random.Random``; nothing else is used)."""
    if not isinstance(rng, random.Random):
        raise TypeError("sample_chance needs a random.Random, e.g. random.Random(7)")
    if not isinstance(state, GameState):
        raise StateError(f"sample_chance needs a GameState, not {type(state).__name__}")
    stack = state.stack
    if not stack or stack[-1].kind not in CHANCE_KINDS:  # a decision or the end: there is nothing to draw
        if state.phase == "over":
            waiting = "the game is over"
        elif state.top is None:
            waiting = "nothing is being asked (the stack is empty)"
        else:
            waiting = f"{state.to_move} decides ({state.top.kind.replace('_', ' ')})"
        raise StateError(f"sample_chance: no chance node here - {waiting}; see chance_outcomes / legal_actions")
    m, pl, _ = draw_outcome(state, rng)
    return Decision(CHANCE, m, pl)


# ----------------------------------------------------------------------------------------------------------------
# The flow: automatic frames
# ----------------------------------------------------------------------------------------------------------------
def _advance(game: WorkingGame) -> None:
    """Run automatic frames until a decision or a chance node is on top (or the game is over)."""
    stack = game.stack  # the working copy's own list: frames pushed by the rules land here too
    while stack:
        frame = stack[-1]
        kind = frame.kind
        if kind == "auto":
            stack.pop()
            AUTO[frame.step](game, *frame.arguments)
            continue
        if kind in CHANCE_KINDS:  # (before the Ghost's check, which never takes a chance node)
            outcomes = list_chance_outcomes(game)
            if not outcomes:
                stack.pop()
                game.log_event(
                    f"nothing left to draw ({frame.kind.replace('_', ' ')}): skipped", Rule.IMMEDIATE_EFFECTS
                )
                continue
            game.cache = {"chance": outcomes}
            return
        ghost = game.ghost  # ghost16: a frame that would ask the Ghost runs its rule at once (it never decides)
        if ghost is not None and frame.player == ghost.seat:
            stack.pop()
            resolve_ghost_frame(game, frame)
            continue
        if kind == "effect":
            stack.pop()
            resolve_immediate_effect(game, frame)
            continue
        how = PLAYED[kind]
        before = how.before_asking
        if before is not None and before(game, frame):
            continue
        if how.always_asks:
            return
        raw = how.legal(game, frame)
        if not raw:
            game.pop()
            continue
        game.cache = {"raw": raw}
        return


# ----------------------------------------------------------------------------------------------------------------
# The public API
# ----------------------------------------------------------------------------------------------------------------
def _legal(state: GameState) -> dict:
    """The legal moves of the player to decide, ``{move text: payload}`` sorted by move text (``{}`` at a chance
    node or at the end).  All decisions of one state belong to one player, so sorting the moves sorts the texts."""
    c = state._cache
    lg = c.get("legal")
    if lg is None:
        frame = state.top
        if frame is None or frame.kind in CHANCE_KINDS or state.phase == "over":
            lg = {}
        else:
            raw = c.get("raw")
            lg = _sorted_moves(raw if raw is not None else PLAYED[frame.kind].legal(state, frame), state, frame)
        c["legal"] = lg
    return lg


def _sorted_moves(raw: list, state: AnyState, frame: Frame) -> dict:
    """``{move: payload}`` sorted by move, from a kind's legal moves (an engine bug if two moves share a text)."""
    lg = dict(sorted(raw, key=first_item) if len(raw) > 1 else raw)
    if len(lg) != len(raw):
        seen = set()
        dup = next(m for m, _ in raw if m in seen or seen.add(m))
        raise AssertionError(f"duplicate decision {state.players[frame.player].name}: {dup!r}")
    return lg


payload_of = itemgetter(1)  # (first_item and weight_of: the chance module's)


def legal_actions(state: GameState) -> list[Decision]:
    """The decisions open to the player to move, unique and sorted by their text (empty at chance nodes)."""
    c = state._cache
    acts = c.get("actions")
    if acts is None:
        lg = c.get("legal")
        if lg is None:
            lg = _legal(state)
        if lg:
            name = state.players[state.stack[-1].player].name
            acts = c["actions"] = [Decision(name, m, x) for m, x in lg.items()]
        else:
            acts = c["actions"] = []
    return acts.copy()


def legal_moves(state: GameState) -> list[str]:
    """The MOVE texts of ``legal_actions(state)``, in the same order, without making a :class:`Decision` of each
    (for a caller that maps the texts, as the OpenSpiel wrapper maps them to action ids)."""
    return list(_legal(state))


def step(state: GameState, decision: Decision | str) -> GameState:
    """Apply one decision or chance outcome and return the new state (``state`` is untouched).

    An illegal decision raises :class:`IllegalActionError` saying which rule forbids it.
    """
    if decision.__class__ is not Decision:
        decision = Decision.parse(decision)
    if decision.player.__class__ is not str or decision.move.__class__ is not str:
        raise IllegalActionError(
            f"{decision!r}: a decision's player and move are text, e.g. Decision('John', 'play 59')",
            rule=rule_of(state.top) if state.top is not None else Rule.TURNS,
        )
    return _step(state, decision.move, decision)


def step_move(state: GameState, move: str) -> GameState:
    """``step(state, Decision(state.to_move, move))``: the move text of whoever the game waits for (the player to
    decide, or chance), without a :class:`Decision` made for it (for a caller that keeps move texts, as the
    OpenSpiel wrapper keeps one per action id).  The same checks and errors as :func:`step`."""
    if move.__class__ is not str:
        raise IllegalActionError(f"{move!r}: a move is text, e.g. 'play 59'", rule=Rule.TURNS)
    return _step(state, move, None)


def _step(state: GameState, move: str, decision: Decision | None) -> GameState:
    """:func:`step` once the move is known to be text; ``decision``: the decision asked for (None: whoever the game
    waits for makes ``move``)."""
    if state.phase == "over":
        raise IllegalActionError(f"{decision or _asked(state, move)}: the game is over", rule="End of the Game")
    stack = state.stack
    if not stack:
        raise IllegalActionError(
            f"{decision or _asked(state, move)}: nothing is being asked in this state", rule=Rule.IMMEDIATE_EFFECTS
        )
    frame = stack[-1]
    kind = frame.kind
    if kind in CHANCE_KINDS:
        if decision is not None and decision.player != CHANCE:
            raise IllegalActionError(
                f"{decision}: the game waits for chance ({frame.kind.replace('_', ' ')}), not for {decision.player}",
                rule=rule_of(frame),
            )
        found = _chance_payloads(state).get(move, _MISSING)
        if found is _MISSING:
            raise IllegalActionError(
                f"{decision or _asked(state, move)}: not a possible outcome here ({frame.kind.replace('_', ' ')})",
                rule=rule_of(frame),
            )
        game = WorkingGame(state)
        apply_chance(game, frame, found)
    else:
        lg = state._cache.get("legal")
        choice = (lg if lg is not None else _legal(state)).get(move, _MISSING)
        if choice is _MISSING or (decision is not None and decision.player != state.players[frame.player].name):
            raise IllegalActionError(_why_not(state, decision or _asked(state, move)), rule=rule_of(frame))
        game = WorkingGame(state)
        PLAYED[kind].apply(game, frame, choice)
    _advance(game)
    return game.freeze()


def _asked(state: GameState, move: str) -> Decision:
    """The decision :func:`step_move` stands for: ``move`` by whoever the game waits for (for its error texts)."""
    return Decision(state.to_move or "nobody", move)


def _chance_payloads(state: GameState) -> dict:
    """``{move text: payload}`` of the chance node on top, kept in the state's memo (``_cache["by_move"]``): a search
    steps the same state's outcomes again and again, and a deck of 40 cards was searched line by line."""
    c = state._cache
    by_move = c.get("by_move")
    if by_move is None:
        outcomes = chance_list(state)
        by_move = dict(zip(map(first_item, outcomes), map(payload_of, outcomes)))
        if len(by_move) != len(outcomes):  # two outcomes of one text (never listed so far): the first one wins
            by_move = {m: x for m, x, _ in reversed(outcomes)}
        c["by_move"] = by_move
    return by_move


_MISSING = object()
CHANCE_ENTRY = f"{CHANCE}: "


def _why_not(state: GameState, decision: Decision) -> str:
    frame = state.top
    who = state.players[frame.player].name
    if decision.player != who:
        return f"{decision}: it is {who}'s decision now ({frame.kind.replace('_', ' ')}), not {decision.player}'s"
    if not decision.move.split():  # a blank move is no move of any kind (each kind's why_not reads its first word)
        reason = "the move is empty"
    else:
        reason = PLAYED[frame.kind].why_not(state, frame, decision.move)
    if reason:
        return f"{decision}: not allowed here; {reason}"
    moves = list(_legal(state))
    head = decision.move.split()[0] if decision.move.split() else ""
    similar = [m for m in moves if m.split()[0] == head]
    shown = similar or moves
    more = f" (and {len(shown) - 8} more)" if len(shown) > 8 else ""
    return f"{decision}: not allowed here; {who} may: {'; '.join(shown[:8])}{more}"


def moves_of_form(state: GameState) -> list[str]:
    """Every move of the form the decision on top takes that public information names now, legal or not: the
    kind's grammar in its own order, then the legal moves it does not name (empty at chance nodes and at the end).
    Those that are not legal are what the table offers under "Why not?"."""
    frame = state.top
    if frame is None or frame.kind in CHANCE_KINDS or state.phase == "over":
        return []
    named = PLAYED[frame.kind].grammar(state, frame)
    return named + [move for move in _legal(state) if move not in set(named)]


def why_not(state: GameState, decision: Decision | str) -> str:
    """Why ``decision`` is not allowed now, naming the rule (the text :func:`step` would raise), or ``""`` when it
    is allowed.  Malformed text raises :class:`~tameri_kit.errors.NotationError`."""
    try:
        step(state, decision)
    except IllegalActionError as error:
        return str(error)
    return ""


def random_playout(
    settings: Settings | None = None, seed: int = 0, *, max_steps: int = 100000
) -> tuple[list[str], GameState]:
    """Play a whole game choosing uniformly among the legal decisions; returns ``(entries, final state)``.

    One ``random.Random(seed)`` stream draws both the chance outcomes and the choices, so a seed always gives the
    same game.  ``entries`` are the decision and outcome texts (a game record's ``entries``).
    """
    rng = random.Random(seed)
    return play_out(new_game(settings), rng, max_steps=max_steps)


def play_out(state: GameState, rng: random.Random, *, max_steps: int = 100000) -> tuple[list[str], GameState]:
    """Play on from ``state`` to the end, choosing uniformly among the legal decisions and drawing chance with
    ``rng``; returns ``(entries, final state)`` (``state`` is untouched).  A search's rollout: the same picks and the
    same final state as the loop of ``sample_chance`` / ``legal_actions`` / ``rng.randrange`` / ``step`` with the same
    ``rng`` (a test checks it), at about three quarters of its cost, since no state is frozen between entries."""
    if not isinstance(rng, random.Random):
        raise TypeError("play_out needs a random.Random, e.g. random.Random(7)")
    if not isinstance(state, GameState):
        raise StateError(f"play_out needs a GameState, not {type(state).__name__}")
    # The whole game runs on one working copy: the same rules and draws as the public loop (a test checks that the
    # entries and the log are identical), without freezing a GameState after every entry.  Only the final state is
    # built.
    game = WorkingGame(state)
    entries = []
    append = entries.append
    draw = index_drawer(rng)  # rng.randrange (tameri_kit._fast)
    names = game.settings.players  # each seat's name (the players' own, read once)
    stack = game.stack
    for _ in range(max_steps):
        if game.phase == "over" or not stack:
            return entries, game.freeze()
        frame = stack[-1]
        kind = frame.kind
        c = game.cache
        if kind in CHANCE_KINDS:  # sample_chance
            outcomes = c.get("chance")
            if outcomes is None:
                outcomes = list_chance_outcomes(game)
            move, choice, _ = pick_outcome(outcomes, sum(map(weight_of, outcomes)), draw)
            append(CHANCE_ENTRY + move)
            game.cache = {}
            apply_chance(game, frame, choice)
        else:  # legal_actions and a uniform pick
            raw = c.get("raw")
            if raw is None:
                raw = PLAYED[kind].legal(game, frame)
            if len(raw) == 1:  # one move: sorting and the duplicate check have nothing to do
                move, choice = raw[0]
                draw(1)  # drawn all the same: the stream stays the public loop's
            else:  # the i-th of the moves sorted by text (what _sorted_moves' dict would give), in C
                ordered = sorted(raw, key=first_item)
                previous = None
                for move, _ in ordered:  # sorted: two moves sharing a text would stand side by side
                    if move == previous:
                        _sorted_moves(raw, game, frame)  # raises: two moves share a text (an engine bug)
                    previous = move
                move, choice = ordered[draw(len(ordered))]
            append(f"{names[frame.player]}: {move}")
            game.cache = {}
            PLAYED[kind].apply(game, frame, choice)
        _advance(game)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


# ----------------------------------------------------------------------------------------------------------------
# Building small situations (rulebook examples, lessons)
# ----------------------------------------------------------------------------------------------------------------
def settle(state: GameState) -> GameState:
    """Run the automatic steps on top of the stack (phase changes, immediate effects) until a decision or a chance
    node is reached.  Useful after building a state by hand with ``state.but(stack=...)``."""
    game = WorkingGame(state)
    _advance(game)
    return game.freeze()


def with_turn(
    state: GameState, player: str, actions: Iterable[Action | str] = (), *, then_nile: bool = False
) -> GameState:
    """``state`` with ``player`` in step 2 of their turn (Phase 4), about to use ``actions`` (Action values or
    names), e.g. ``with_turn(s, "Ringo", ["merchant"])``.  ``then_nile``: the Nile pick and the end of the turn
    follow (otherwise the stack is empty once the actions are done)."""
    i = state.seat(player)
    if state.settings.ghost is not None and i == state.settings.ghost_seat:  # the Ghost never decides
        raise StateError(
            f"with_turn: {player!r} is the Ghost of the +1 Player Mode, which never decides; its turn runs by "
            "itself (Phase 4, Ghost): give a human player"
        )
    if isinstance(actions, str):  # one name, not a list of letters
        actions = [actions]
    acts = tuple(a if isinstance(a, Action) else Action.parse(a) for a in actions)
    frames = [MainStep(i, actions=acts)]
    if then_nile:
        frames = [AutoStep(step="turn_end", arguments=(i,)), NileCard(i)] + frames
    order = state.order or tuple(range(len(state.players)))
    return state.but(phase="turns", stack=tuple(frames), used=(), order=order, turn=order.index(i) if i in order else 0)
