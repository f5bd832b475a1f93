"""What a position at a Season's end is worth: the points still to come, learned offline from the strong bot's games.

Rulebook: End of the Season (what has been scored when a Season ends) and End of the Game steps 1-6 (what is still to
be scored); the features below are what those steps and the remaining Seasons' actions pay for.

The expert bot (:mod:`.expert_bot`) plays its candidates out to the end of the current Season and must then say
what the position is worth.  The strong bot's :func:`~tameri_kit.game.play.strong_bot.position_value` gives weights
set by hand; this module gives, for each kind of game (solo against the Ghost, 2, 3 or 4 players, 2 or 3 players
with the Ghost) and each Season's end (after Season 1, after Season 2), a linear estimate of the points a player
(and the Ghost) will still score by the End of the Game if the game is played on by strong bots:

    future points = intercept + sum of coefficient x feature

fitted by least squares on thousands of seeded strong-bot games (``python -m bench.learn_value``; the fit, its
held-out R^2 and the games it came from are stored in ``value_model.json`` beside this file).  It is data, not code:
loaded with :mod:`json` only, evaluated as a dot product of 22 numbers.

Why linear: it is transparent (each coefficient reads as "points a unit of this is worth by the end"), needs no
library to load, costs microseconds, and it already predicts the points to come better than the hand weights
(``docs/bots.md`` gives the figures).  The features are cheap counts of the player's own board.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import DataError
from ...rules.components import Temple
from ...rules.scoring import best_sets, sets_points
from ..core.catalog import BUILDINGS, CARDS, PRIESTS
from ..core.state import field_yields

if TYPE_CHECKING:
    from ..core.state import GameState

#: The shipped model (written by ``python -m bench.learn_value``), found through the package rather than this
#: module's ``__file__``: the compiled build (``tameri_kit/_compiled.py``) loads this module from another folder.
MODEL_FILE = Path(str(files("tameri_kit.game.play").joinpath("value_model.json")))

#: The features, in the order of the coefficients (the first coefficient is the intercept).
FEATURES = (
    "reserve",  # resources in the reserve, at most 4 of each counted
    "variety",  # different resources in the reserve (an Offering pays 1 per different one)
    "screen",  # resources behind the screen (majorities at each Season's end)
    "deben",  # Deben (at most 6 counted)
    "silt",  # Silt on the board (at most 4 counted)
    "buildings",  # Buildings bought (effects, 1 point at each Season's end)
    "set_points",  # what the Buildings' sets would score now (End of the Game step 2)
    "locked",  # Workers still locked
    "workers",  # Workers available
    "farmers",  # Farmers in fields
    "merchant",  # a Merchant on the Market (1 or 0)
    "builder",  # a Builder in play (1 or 0)
    "priests",  # Priests in the Temples
    "priest_amun",  # the space of the Priest in each Temple (0: none)
    "priest_ra",
    "priest_ptah",
    "priest_cards",  # Priest cards held
    "priest_card_points",  # their points (End of the Game step 3)
    "sphinxes",  # Sphinxes built (activated again by every Sphinx action)
    "hand_glyphs",  # the most of one glyph in the hand (End of the Game step 4)
    "hand_cards",  # cards in hand
    "field",  # what the Farmers would harvest now
)


def game_kind(state: GameState) -> str:
    """The model's key for a game: ``"solo"``, ``"2"``, ``"3"``, ``"4"`` (players) or ``"2+ghost"``, ``"3+ghost"``."""
    settings = state.settings
    if settings.ghost is None:
        return str(settings.humans)
    return "solo" if settings.humans == 1 else f"{settings.humans}+ghost"


def features(state: GameState, seat: int) -> tuple[float, ...]:
    """The :data:`FEATURES` of the player in ``seat`` (the Ghost too: it is a player on the board)."""
    player = state.players[seat]
    reserve = player.reserve
    have = (min(reserve.barley, 4), min(reserve.papyrus, 4), min(reserve.flax, 4), min(reserve.fruit, 4))
    screen = player.screen
    spaces = [0, 0, 0]
    if state.temples is not None:
        for index, temple in enumerate(Temple):
            space = state.temples.space_of(player.name, temple)
            if space is not None:
                spaces[index] = space
    field = 0
    if player.farmers:
        status = field_yields(state.pyramid, state.settings.weather)
        field = sum(status.get(where, 0) for where in player.farmers)
    return (
        float(sum(have)),
        float(4 - have.count(0)),
        float(screen.barley + screen.papyrus + screen.flax + screen.fruit),
        float(min(player.deben, 6)),
        float(min(player.silt, 4)),
        float(len(player.buildings)),
        float(_set_points(player.buildings)),
        float(len(player.locked)),
        float(player.workers),
        float(len(player.farmers)),
        float(player.merchant is not None),
        float(player.builder is not None),
        float(sum(1 for space in spaces if space)),
        float(spaces[0]),
        float(spaces[1]),
        float(spaces[2]),
        float(len(player.priest_cards)),
        float(sum(PRIESTS[card].points if card in PRIESTS else 1.5 for card in player.priest_cards)),
        float(player.sphinxes),
        float(_hand_glyphs(player.hand)),
        float(len(player.hand)),
        float(field),
    )


def _set_points(buildings: tuple) -> int:
    if not buildings:
        return 0
    return sets_points(best_sets([BUILDINGS[name].type for name in buildings if name in BUILDINGS]))


def _hand_glyphs(hand: tuple) -> int:
    glyphs = Counter(glyph for number in hand if number in CARDS for glyph in CARDS[number].left + CARDS[number].right)
    return max(glyphs.values()) if glyphs else 0


@dataclass(frozen=True)
class ValueModel:
    """Coefficients by ``(game kind, role, Season)``: role ``"player"`` or ``"ghost"``; Season 2 or 3 (the Season
    that has just begun, i.e. the position after Season 1's or Season 2's end); each an intercept and one
    coefficient per feature."""

    coefficients: dict

    def future_points(self, state: GameState, seat: int) -> float | None:
        """The points the player in ``seat`` is expected still to score, or None when the model has no fit for this
        kind of game and Season (the caller falls back on the hand-set position value)."""
        ghost = state.settings.ghost is not None and seat == len(state.players) - 1
        fitted = self.coefficients.get((game_kind(state), "ghost" if ghost else "player", state.season))
        if fitted is None:
            return None
        intercept, weights = fitted
        return intercept + sum(weight * value for weight, value in zip(weights, features(state, seat)))


def parse_model(data: dict, where: str = "value model") -> ValueModel:
    """A :class:`ValueModel` from the JSON form ``bench.learn_value`` writes; a malformed one raises
    :class:`~tameri_kit.errors.DataError` naming what is wrong."""
    if data.get("features") != list(FEATURES):
        raise DataError([f"{where}: its features {data.get('features')!r} are not this kit's {list(FEATURES)!r}"])
    coefficients = {}
    for model in data.get("models", ()):
        try:
            key = (str(model["kind"]), str(model["role"]), int(model["season"]))
            intercept = float(model["intercept"])
            weights = tuple(float(value) for value in model["coefficients"])
        except (KeyError, TypeError, ValueError) as error:
            raise DataError([f"{where}: a model entry is malformed ({error!r})"]) from error
        if len(weights) != len(FEATURES):
            raise DataError([f"{where}: model {key} has {len(weights)} coefficients, not {len(FEATURES)}"])
        coefficients[key] = (intercept, weights)
    return ValueModel(coefficients)


def load_model(path: Path = MODEL_FILE) -> ValueModel:
    """The model in ``path`` (the kit's by default); an empty model if the file is absent."""
    if not path.exists():
        return ValueModel({})
    return parse_model(json.loads(path.read_text(encoding="utf-8")), str(path.name))


#: The model shipped with the kit, read once when the module is imported (a small JSON file).
SHIPPED_MODEL = load_model()


def shipped_model() -> ValueModel:
    """The model shipped with the kit (:data:`MODEL_FILE`, read at import); an empty model if the file is absent."""
    return SHIPPED_MODEL
