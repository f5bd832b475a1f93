"""Tameri as an OpenSpiel game, ``python_tameri``: the kit's engine behind OpenSpiel's ``Game`` / ``State`` interface.

Rulebook: the whole game (through :mod:`tameri_kit.game`); the +1 Player Mode, the Gifts of the Gods and the promo
cards as settings.  OpenSpiel (``pyspiel``) is the field's library of game algorithms; this module is only the
translation, so OpenSpiel's own checks (``pyspiel.random_sim_test``) and algorithms (MCTS ...) work on our engine:

- **players** are the seats that decide (the Ghost of the +1 Player Mode plays itself and is not an OpenSpiel
  player); player ``k`` is seat ``k`` (the rulebook's example names John, George, Paul, Ringo).
- **actions** are the ids of the versioned tables ``moves_v1.txt`` (a decision's ``MOVE`` text) and
  ``chance_v1.txt`` (a chance outcome's text), see :mod:`.grammar`; ``action_to_string`` gives the kit's decision
  text, ``"John: play 59"`` / ``"chance: S@N"``.
- **chance nodes** are the engine's explicit outcomes (:func:`tameri_kit.game.chance_outcomes`) with their exact
  probabilities as floats.
- **returns** (parameter ``returns``): ``"points"`` (default) each player's final points; ``"win"`` each winner's
  share of the win (1 divided among the game's winners, End of the Game with its tie-breaks; with the Ghost, the
  Ghost's share goes to no player).
- **information state** / **observation** (strings and tensors, :mod:`.observation`): built from the kit's player
  view (:func:`tameri_kit.game.play.view`): the events that player has seen, the table as they see it and their own
  decisions so far (perfect recall) / the table only.

Game parameters (all optional; :mod:`.parameters`): ``players``, ``ghost``, ``gifts``, ``promo``, ``returns`` ...
and one parameter per reading of ``docs/ambiguities.md`` (``scoring_d4_last=false``); ``str(game)`` loads back as
the same game.  A bad value raises :class:`OpenSpielSettingsError` (a :class:`~tameri_kit.errors.TameriError`).
An action id outside the tables is an :class:`ActionIdError` (a ``pyspiel.SpielError``).
"""

from __future__ import annotations

import random
from itertools import repeat

import pyspiel

from ..errors import TameriError
from ..game import CHANCE, Decision, GameRecord, new_game
from ..game.play.engine import chance_weights, first_item, legal_moves, step_move
from ..game.play.bots import bot_view
from .grammar import CHANCE_FILE, MOVES_FILE
from .observation import TameriObserver, own_decisions
from ..game.play.worlds import determinize
from .parameters import DEFAULTS, SHORT_NAME, OpenSpielSettingsError, parameters_of, settings_from_parameters

__all__ = [
    "SHORT_NAME",
    "OpenSpielSettingsError",
    "TameriGame",
    "TameriState",
    "UnknownMoveError",
    "ActionIdError",
    "chance_id",
    "move_id",
    "parameters_of",
    "record_of",
    "settings_from_parameters",
    "state_of",
]

#: an upper bound on the entries of one game (decisions and chance outcomes; random games stay far below)
MAX_GAME_LENGTH = 5000
#: an upper bound on a player's final points that OpenSpiel asks for (``max_utility``; not a rule: games end far below)
MAX_POINTS = 300.0


class ActionIdError(TameriError, pyspiel.SpielError):
    """An action id that is no id of the tables (negative, or past ``num_distinct_actions`` /
    ``max_chance_outcomes``): a ``pyspiel.SpielError``, as OpenSpiel's own games raise for a bad action."""


class UnknownMoveError(TameriError, ValueError):
    """A move or chance outcome with no id in the versioned tables (the grammar missed a form: a bug to report)."""


def _read_tables() -> tuple[tuple[str, ...], dict[str, int], tuple[str, ...], dict[str, int]]:
    """The move table and the chance table, each as (texts by id, id by text), from the versioned files."""
    moves = tuple(MOVES_FILE.read_text(encoding="utf-8").splitlines())
    outcomes = tuple(CHANCE_FILE.read_text(encoding="utf-8").splitlines())
    return moves, {m: k for k, m in enumerate(moves)}, outcomes, {m: k for k, m in enumerate(outcomes)}


#: The tables, read once when the module is imported (they are part of the package, like its code).
TABLES = _read_tables()


def tables() -> tuple[tuple[str, ...], dict[str, int], tuple[str, ...], dict[str, int]]:
    """The move table and the chance table, each as (texts by id, id by text)."""
    return TABLES


def move_id(move: str) -> int:
    """The action id of a decision's MOVE text (``"play 59"``)."""
    found = tables()[1].get(move)
    if found is None:
        raise UnknownMoveError(f"the move {move!r} has no action id in {MOVES_FILE.name} (please report it)")
    return found


def chance_id(move: str) -> int:
    """The chance-outcome id of a chance outcome's MOVE text (``"draw 59"``)."""
    found = tables()[3].get(move)
    if found is None:
        raise UnknownMoveError(f"the chance outcome {move!r} has no id in {CHANCE_FILE.name} (please report it)")
    return found


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Tameri (tameri_kit)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class TameriGame(pyspiel.Game):
    """``python_tameri``: Tameri for OpenSpiel (see the module's docstring for the parameters)."""

    def __init__(self, params=None):
        params = dict(params or {})
        self.settings, self.returns_mode = settings_from_parameters(params)
        moves, _, outcomes, _ = tables()
        humans = self.settings.humans
        constant = self.returns_mode == "win" and self.settings.ghost is None
        game_type = _GAME_TYPE
        if constant:
            game_type = pyspiel.GameType(
                **{
                    **{name: getattr(_GAME_TYPE, name) for name in _TYPE_FIELDS},
                    "utility": pyspiel.GameType.Utility.CONSTANT_SUM,
                }
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=len(moves),
            max_chance_outcomes=len(outcomes),
            num_players=humans,
            min_utility=0.0,
            max_utility=1.0 if self.returns_mode == "win" else MAX_POINTS,
            utility_sum=1.0 if constant else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, params)
        #: the set-up, the same for every game of these settings (a frozen state: clones and new games share it)
        self.initial = new_game(self.settings)

    def new_initial_state(self):
        return TameriState(self)

    def __reduce__(self):
        """Pickled as its game string (every setting is a parameter: :mod:`.parameters`), loaded back by OpenSpiel."""
        return pyspiel.load_game, (str(self),)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the type asked (:class:`.observation.TameriObserver`: strings and tensors; public
        information only, one player's or everyone's private information; with or without perfect recall)."""
        return TameriObserver(iig_obs_type, params)


_TYPE_FIELDS = (
    "short_name",
    "long_name",
    "dynamics",
    "chance_mode",
    "information",
    "utility",
    "reward_model",
    "max_num_players",
    "min_num_players",
    "provides_information_state_string",
    "provides_information_state_tensor",
    "provides_observation_string",
    "provides_observation_tensor",
    "parameter_specification",
)


class _Actions:
    """The action ids of one kit state, kept by the OpenSpiel state that stands on it (issue 34: a step asks them
    once or more, then applies one): ``ids``, the legal action ids (at a chance node the outcomes' ids), sorted, and
    at a chance node ``outcomes``, the (id, probability) pairs sorted by id.  Worked out from the engine's move
    texts (:func:`legal_moves`, :func:`chance_weights`: no :class:`Decision` or Fraction made per move).  Never
    changed once made, so a clone (``clone()``, ``child()``) shares it instead of copying it.  A speed trick of
    ``tameri_kit/_fast.py``'s list; guard: ``tests/openspiel/test_action_lists.py`` (kept = worked out afresh, the
    same games)."""

    __slots__ = ("tameri", "ids", "outcomes")

    def __init__(self, tameri, ids, outcomes):
        self.tameri, self.ids, self.outcomes = tameri, ids, outcomes

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def actions_of(tameri) -> _Actions:
    """The action ids of the kit state ``tameri`` worked out afresh (see :class:`_Actions`)."""
    if tameri.phase == "over":  # GameState.is_terminal and is_chance, read without the properties (every step)
        return _Actions(tameri, (), ())
    stack = tameri.stack
    if stack and stack[-1].chance:
        # each outcome's id and weight / total: int / int is the correctly rounded float, float(Fraction(w, total))
        moves, weights = chance_weights(tameri)
        ids = list(map(TABLES[3].get, moves))
        if None in ids:
            chance_id(moves[ids.index(None)])  # raises UnknownMoveError
        total = sum(weights)
        if min(weights) == max(weights):  # a card, tile, Priest ... drawn: one probability for all, ids sorted alone
            ids.sort()
            return _Actions(tameri, tuple(ids), tuple(zip(ids, repeat(weights[0] / total))))
        pairs = sorted(zip(ids, [weight / total for weight in weights]))
        return _Actions(tameri, tuple(map(first_item, pairs)), tuple(pairs))
    moves = legal_moves(tameri)
    ids = list(map(TABLES[1].get, moves))
    if None in ids:
        move_id(moves[ids.index(None)])  # raises UnknownMoveError
    ids.sort()
    return _Actions(tameri, tuple(ids), ())


class TameriState(pyspiel.State):
    """One position: ``tameri`` is the kit's :class:`~tameri_kit.game.GameState` (frozen, shared by clones)."""

    #: the MOVE text of each action id
    move_texts = TABLES[0]
    #: the decisions of each seat before this state's history began: empty but in a world drawn by
    #: :meth:`resample_from_infostate`, which starts a new history and carries the player's decisions over
    recalled: tuple = ()

    def __init__(self, game: TameriGame, tameri=None):
        super().__init__(game)
        self.settings = game.settings
        self.returns_mode = game.returns_mode
        self.tameri = game.initial if tameri is None else tameri
        self._actions = None  # the action ids of self.tameri, once asked (_Actions)

    def _kept_actions(self) -> _Actions:
        """The action ids of this position, worked out once (see :class:`_Actions`)."""
        kept = self._actions
        if kept is None or kept.tameri is not self.tameri:
            kept = self._actions = actions_of(self.tameri)
        return kept

    # --- whose turn ---------------------------------------------------------------------------------------------
    def current_player(self):
        state = self.tameri
        if state.phase == "over":  # is_terminal
            return pyspiel.PlayerId.TERMINAL
        frame = state.stack[-1]
        if frame.chance:
            return pyspiel.PlayerId.CHANCE
        return frame.player  # the seat of to_move (names are unique), asked several times a step

    def is_terminal(self):
        return self.tameri.phase == "over"  # GameState.is_terminal, read without the property (asked every step)

    # --- moves --------------------------------------------------------------------------------------------------
    def _legal_actions(self, player):
        if self.tameri.is_terminal or self.tameri.is_chance or player != self.current_player():
            return []
        return list(self._kept_actions().ids)

    def legal_actions(self, player=None):
        """OpenSpiel's ``legal_actions()``, answered here instead of through pyspiel's C++ and back (two calls
        across for every step of a Python loop): the player's legal ids, at a chance node the outcomes' ids, at the
        end none - what pyspiel answers (guard: ``tests/openspiel/test_action_lists.py``).  With a player, pyspiel
        answers itself."""
        if player is not None:
            return pyspiel.State.legal_actions(self, player)
        return list(self._kept_actions().ids)

    def is_chance_node(self):
        """OpenSpiel's ``is_chance_node()``, answered here (the same answer as pyspiel's, which asks
        :meth:`current_player` through C++; guard: as :meth:`legal_actions`): ``GameState.is_chance``, read from the
        frame on top (a chance frame's kind is among ``CHANCE_KINDS`` exactly when its class says ``chance``)."""
        stack = self.tameri.stack
        return bool(stack) and stack[-1].chance

    def chance_outcomes(self):
        return list(self._kept_actions().outcomes)

    def decision_of(self, action: int) -> Decision:
        """The kit's decision (or chance outcome) an action id stands for here."""
        return Decision(self.tameri.to_move, self.move_of(action))  # to_move is "chance" at a chance node

    def move_of(self, action: int) -> str:
        """The move text (or chance outcome's text) an action id stands for here; an id outside the tables raises
        :class:`ActionIdError`."""
        stack = self.tameri.stack
        chance = bool(stack) and stack[-1].chance  # GameState.is_chance (see is_chance_node)
        table = TABLES[2] if chance else TABLES[0]
        if not 0 <= action < len(table):
            kind = "chance outcome" if chance else "action"
            raise ActionIdError(f"{action} is no {kind} id of {SHORT_NAME} (0 to {len(table) - 1})")
        return table[action]

    def _apply_action(self, action):
        self.tameri = step_move(self.tameri, self.move_of(action))  # step with the decision_of(action), unmade

    def _action_to_string(self, player, action):
        moves, _, outcomes, _ = tables()
        if player == pyspiel.PlayerId.CHANCE:
            return f"{CHANCE}: {outcomes[action]}"
        return f"{self.settings.players[player]}: {moves[action]}"

    # --- the end ------------------------------------------------------------------------------------------------
    def returns(self):
        humans = self.settings.humans
        if not self.tameri.is_terminal:
            return [0.0] * humans
        outcome = self.tameri.outcome
        scores = [float(outcome.total(name)) for name in self.settings.players]
        if self.returns_mode == "points":
            return scores[:humans]
        winners = outcome.winners  # End of the Game: most points, then the rulebook's tie-breaks
        return [1.0 / len(winners) if name in winners else 0.0 for name in self.settings.players[:humans]]

    def __str__(self):
        return self.tameri.text()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn from what ``player_id`` may see here (the kit's
        :func:`tameri_kit.game.play.worlds.determinize` seeded from ``probability_sampler``): the same information state string for that player, every hidden part (other
        hands, decks, screens, face-down cards ...) filled with things the player has not seen.  The world starts
        a new history; the player's own decisions so far (and no other player's) are carried over into its
        information state.  OpenSpiel's
        own IS-MCTS (``open_spiel.python.algorithms.ismcts``) calls this."""
        name = self.settings.players[player_id]
        rng = random.Random(int(probability_sampler() * 2**32))
        world = TameriState(self.get_game(), determinize(bot_view(self.tameri, name), rng))
        # only this player's own decisions: the others' are theirs to know (a card chosen in secret ...)
        world.recalled = tuple(
            own_decisions(self, seat) if seat == player_id else "" for seat in range(self.settings.humans)
        )
        return world

    def __reduce__(self):
        """Pickled as its game's string and its history (the action ids), replayed when loaded."""
        return _state_from_history, (str(self.get_game()), tuple(self.history()))


def _state_from_history(game_string: str, history) -> TameriState:
    state = pyspiel.load_game(game_string).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def record_of(state: TameriState) -> GameRecord:
    """The kit's game record of an OpenSpiel state's history (its action ids, read back as decisions)."""
    game = state.get_game()
    replayed = game.new_initial_state()
    entries = []
    for action in state.history():
        entries.append(str(replayed.decision_of(action)))
        replayed.apply_action(action)
    return GameRecord(game.settings, None, tuple(entries))


def state_of(record: GameRecord, game: TameriGame | None = None) -> TameriState:
    """An OpenSpiel state with a record's entries applied as action ids (the record's settings; ``game`` must
    match them if given)."""
    if game is None:
        game = pyspiel.load_game(SHORT_NAME, parameters_of(record.settings))
    state = game.new_initial_state()
    for text in record.entries:
        decision = Decision.parse(text)
        action = chance_id(decision.move) if decision.is_chance else move_id(decision.move)
        state.apply_action(action)
    return state


pyspiel.register_game(_GAME_TYPE, TameriGame)
