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
- **information state** / **observation**: built from the kit's player view (:func:`tameri_kit.game.play.view`): the
  events that player has seen, then the table as they see it / the table only.

Game parameters (all optional): ``players`` (seats that decide: 2-4, or 1-3 with a Ghost), ``ghost`` (``"none"``,
``"easy"``, ``"intermediate"``, ``"hard"``), ``gifts``, ``gift_discards`` (booleans), ``gift_cards`` (``"all"`` or
``"listed"``), ``promo`` (boolean), ``returns`` (``"points"`` or ``"win"``) and ``readings``: the readings of
``docs/ambiguities.md`` as ``"group.name=value;..."`` (group ``weather``, ``temples``, ``glyphs`` or ``scoring``;
value ``true``, ``false``, a whole number or a word), e.g. ``"scoring.x9_ghost_shares=false"``.  A bad parameter
raises :class:`OpenSpielSettingsError` (a :class:`~tameri_kit.errors.TameriError`).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ..errors import TameriError
from ..game import CHANCE, Decision, GameRecord, Settings, chance_outcomes, legal_actions, new_game, step, view
from ..game.core.settings import READING_DEFAULTS
from .grammar import CHANCE_FILE, MOVES_FILE

SHORT_NAME = "python_tameri"
#: an upper bound on the entries of one game (decisions and chance outcomes; random games stay far below)
MAX_GAME_LENGTH = 5000
#: an upper bound on a player's final points that OpenSpiel asks for (``max_utility``; not a rule: games end far below)
MAX_POINTS = 300.0
GHOST_LEVELS = ("none", "easy", "intermediate", "hard")
RETURNS = ("points", "win")


class OpenSpielSettingsError(TameriError, ValueError):
    """A game parameter of ``python_tameri`` that names no game: the parameter, its value and what it may be."""


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


_DEFAULTS = {
    "players": 3,
    "ghost": "none",
    "gifts": False,
    "gift_discards": False,
    "gift_cards": "all",
    "promo": False,
    "returns": "points",
    "readings": "",
}

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
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=_DEFAULTS,
)


def _reading_value(text: str):
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(low)
    except ValueError:
        return text.strip()


def settings_from_parameters(params: dict) -> tuple[Settings, str]:
    """The kit's :class:`Settings` and the ``returns`` mode for OpenSpiel game parameters (missing: the defaults)."""
    unknown = sorted(set(params) - set(_DEFAULTS))
    if unknown:
        raise OpenSpielSettingsError(f"{SHORT_NAME} has no parameter {unknown}; known: {sorted(_DEFAULTS)}")
    p = {**_DEFAULTS, **params}
    ghost, returns = p["ghost"], p["returns"]
    if ghost not in GHOST_LEVELS:
        raise OpenSpielSettingsError(f"{SHORT_NAME}: ghost is one of {GHOST_LEVELS}, not {ghost!r}")
    if returns not in RETURNS:
        raise OpenSpielSettingsError(f"{SHORT_NAME}: returns is 'points' or 'win', not {returns!r}")
    players = p["players"]
    low, high = (1, 3) if ghost != "none" else (2, 4)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        with_ghost = f"with ghost={ghost!r}" if ghost != "none" else "without a Ghost"
        raise OpenSpielSettingsError(f"{SHORT_NAME}: players is {low} to {high} {with_ghost}, not {players!r}")
    readings: dict = {}
    for item in filter(None, (part.strip() for part in str(p["readings"]).split(";"))):
        key, equals, value = item.partition("=")
        group, dot, name = key.strip().partition(".")
        if not equals or not dot or group not in READING_DEFAULTS:
            raise OpenSpielSettingsError(
                f"{SHORT_NAME}: readings are written 'group.name=value;...' with group one of "
                f"{sorted(READING_DEFAULTS)}, not {item!r}"
            )
        readings.setdefault(group, {})[name] = _reading_value(value)
    try:
        base = Settings.for_players(players, ghost=None if ghost == "none" else ghost)
        record = {
            **base.to_dict(),
            **readings,
            "gifts": p["gifts"],
            "gift_discards": p["gift_discards"],
            "gift_cards": p["gift_cards"],
            "promo": p["promo"],
        }
        settings = Settings.from_dict(record)
    except (TameriError, TypeError) as error:
        raise OpenSpielSettingsError(f"{SHORT_NAME}: {error}") from None
    return settings, returns


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

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The kit's player view: with perfect recall (information state) the events seen so far, then the table."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(recall)


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


class TameriState(pyspiel.State):
    """One position: ``tameri`` is the kit's :class:`~tameri_kit.game.GameState` (frozen, shared by clones)."""

    def __init__(self, game: TameriGame, tameri=None):
        super().__init__(game)
        self.settings = game.settings
        self.returns_mode = game.returns_mode
        self.tameri = game.initial if tameri is None else tameri

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
        return self.tameri.is_terminal

    # --- moves --------------------------------------------------------------------------------------------------
    def _legal_actions(self, player):
        if self.tameri.is_terminal or self.tameri.is_chance or player != self.current_player():
            return []
        return sorted(move_id(d.move) for d in legal_actions(self.tameri))

    def chance_outcomes(self):
        return sorted((chance_id(d.move), float(p)) for d, p in chance_outcomes(self.tameri))

    def decision_of(self, action: int) -> Decision:
        """The kit's decision (or chance outcome) an action id stands for here."""
        moves, _, outcomes, _ = tables()
        if self.tameri.is_chance:
            return Decision(CHANCE, outcomes[action])
        return Decision(self.tameri.to_move, moves[action])

    def _apply_action(self, action):
        self.tameri = step(self.tameri, self.decision_of(action))

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


class ViewObserver:
    """An observer in OpenSpiel's Python form (``tensor``, ``dict``, ``string_from``) over the kit's player view."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        """No tensor: the game provides strings only."""

    def string_from(self, state, player):
        seen = view(state.tameri, state.settings.players[player])
        table = seen.text()
        if not self.perfect_recall:
            return table
        return seen.log_text() + "\n--\n" + table


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


def parameters_of(settings: Settings) -> dict:
    """The game parameters of the kit's settings (readings as ``group.name=value``); settings no parameter can say
    (other names, a custom Ghost, other field spaces) raise :class:`OpenSpielSettingsError`."""
    d = settings.to_dict()
    readings = ";".join(
        f"{group}.{name}={str(value).lower() if isinstance(value, bool) else value}"
        for group in READING_DEFAULTS
        for name, value in d.get(group, {}).items()
    )
    params = {
        "players": settings.humans,
        "ghost": settings.ghost or "none",
        "gifts": settings.gifts,
        "gift_discards": settings.gift_discards,
        "gift_cards": settings.gift_cards,
        "promo": settings.promo,
    }
    if readings:
        params["readings"] = readings
    if settings_from_parameters(params)[0] != settings:
        raise OpenSpielSettingsError(
            f"{SHORT_NAME} plays with the example names (John, George, Paul, Ringo), the levels "
            f"easy/intermediate/hard and the default field spaces; these settings differ: {settings.to_dict()}"
        )
    return params


pyspiel.register_game(_GAME_TYPE, TameriGame)
