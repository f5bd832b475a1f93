"""The search bots of the ``[openspiel]`` extra by name, without importing OpenSpiel: their names, their parameter
(simulations per decision) and :func:`load_search_bots`, which imports them (registering ``mcts`` and ``ismcts``
with :func:`tameri_kit.game.play.bots.register_bot`) or says which extra to install.

Rulebook: none (which bots may sit at a table).  ``explore`` and the ``GameTable`` call :func:`load_search_bots`
with the bot names they are given before they make any bot, so a name such as ``"mcts:400"`` works wherever the
kit's own bots do; reading a results file that names them (:func:`search_bot`) needs no OpenSpiel.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Iterable

from ..game.play.bots import BotError, BotKind, bot_kind, register_bot, split_bot

#: The extra to install for these bots, as pip is told.
EXTRA_INSTALL = "pip install tameri_kit[openspiel]"
#: Simulations per decision when the name carries none (``"mcts"``).
DEFAULT_SIMULATIONS = 20
#: The most simulations per decision a name may ask (about five minutes a decision on one core at the measured
#: 3 ms a simulation: ``mcts:16`` takes 49 ms, docs/performance.md): a larger number is a slip, not a budget.
MAX_SIMULATIONS = 100_000
#: The search bots, each with what it is, in a few words.
SEARCH_BOTS = {
    "mcts": "OpenSpiel's MCTS over the real state: it SEES HIDDEN INFORMATION (the others' hands, the decks)",
    "ismcts": "OpenSpiel's MCTS over positions sampled from the player's own view: it does not peek",
}


class MissingExtraError(BotError):
    """A search bot was asked for, but OpenSpiel (the ``[openspiel]`` extra) is not installed."""


def simulations_of(name: str, parameter: str | None) -> int:
    """The simulations per decision of a search bot's parameter (None: :data:`DEFAULT_SIMULATIONS`); anything but
    a whole number from 1 to :data:`MAX_SIMULATIONS` is a :class:`~tameri_kit.game.play.bots.BotError` naming it."""
    if parameter is None:
        return DEFAULT_SIMULATIONS
    text = parameter.strip()
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_SIMULATIONS:
        raise BotError(
            f"the bot {name!r} takes its simulations per decision after a colon, a whole number from 1 to "
            f"{MAX_SIMULATIONS:,} (e.g. '{name}:400'), not {parameter!r}"
        )
    return int(text)


def search_bot(spec: str) -> tuple[str, int] | None:
    """``(name, simulations)`` for a search bot's name (``"mcts:400"`` -> ``("mcts", 400)``), None for any other
    bot's; a bad parameter is a :class:`~tameri_kit.game.play.bots.BotError`."""
    name, parameter = split_bot(spec)
    if name not in SEARCH_BOTS:
        return None
    return name, simulations_of(name, parameter)


def bot_problem(spec: str) -> str | None:
    """Why a bot name names no bot (None: it does): one of the registered bots, or a search bot with a good
    parameter (``"mcts:400"``: checked without OpenSpiel, so a results file naming it reads anywhere)."""
    if not isinstance(spec, str):
        return f"a bot is named by text, not {spec!r}"
    try:
        if search_bot(spec) is None:
            bot_kind(spec)
    except BotError as error:
        return str(error)
    return None


def check_bots(specs: Iterable[str]) -> None:
    """Refuse an unknown bot or a bad parameter (:class:`~tameri_kit.game.play.bots.BotError` naming it), then load the
    search bots named (:func:`load_search_bots`) - before anything is played."""
    specs = list(specs)
    for spec in specs:
        problem = bot_problem(spec)
        if problem is not None:
            raise BotError(problem)
    load_search_bots(specs)


#: The search bots a table offers when OpenSpiel is installed (a budget a person can wait for: about 50 ms a decision).
TABLE_CHOICES = ("mcts:16", "ismcts:16")


def table_choices() -> tuple[str, ...]:
    """The search bots the table's Bots list offers: :data:`TABLE_CHOICES` with the ``[openspiel]`` extra, else none
    (found without importing OpenSpiel)."""
    return TABLE_CHOICES if importlib.util.find_spec("pyspiel") is not None else ()


def load_search_bots(specs: Iterable[str]) -> bool:
    """Register the search bots if any of ``specs`` names one (checking their parameters first); returns whether
    any did.  Without OpenSpiel this is a :class:`MissingExtraError` naming the extra to install."""
    wanted = [found for found in (search_bot(spec) for spec in specs) if found is not None]
    if not wanted:
        return False
    try:
        from .bots import ISMCTSPlayer, MCTSPlayer
    except ModuleNotFoundError as missing:
        if (missing.name or "").split(".")[0] not in ("pyspiel", "open_spiel"):
            raise
        raise MissingExtraError(
            f"the bot {wanted[0][0]!r} needs OpenSpiel, which is not installed: {EXTRA_INSTALL}"
        ) from None
    for name, player in (("mcts", MCTSPlayer), ("ismcts", ISMCTSPlayer)):
        register_bot(
            BotKind(
                name,
                functools.partial(_make, name, player),
                SEARCH_BOTS[name],
                parameter=f"simulations per decision, a whole number from 1 to {MAX_SIMULATIONS:,}",
                check=functools.partial(simulations_of, name),
                sees_hidden_information=player.sees_hidden_information,
            )
        )
    return True


def _make(name: str, player: type, seed: int, parameter: str | None):
    """A search bot of ``name`` (its class ``player``) as the registry makes it: named as asked (``"mcts"`` or
    ``"mcts:400"``), the simulations from the parameter."""
    return player(seed, simulations_of(name, parameter), name if parameter is None else f"{name}:{parameter.strip()}")
