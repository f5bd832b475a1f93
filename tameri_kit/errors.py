"""Typed errors.  Every error says what is wrong and where, and is raised before any state changes.

All of them derive from :class:`TameriError`, so ``except TameriError`` catches everything the kit raises on
purpose; the ones about bad input also derive from :class:`ValueError`, as python-chess does.
"""

from __future__ import annotations


class TameriError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalActionError(TameriError, ValueError):
    """An action the rules forbid in this state.  ``rule`` names the rulebook section that forbids it."""

    def __init__(self, message: str, *, rule: str | None = None):
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class NotationError(TameriError, ValueError):
    """Text that does not parse.  The message quotes the text and points a caret at the offending character."""

    def __init__(self, text: str, position: int, reason: str):
        self.text = text
        self.position = position
        self.reason = reason
        caret = " " * position + "^"
        super().__init__(f"{reason} at column {position + 1}:\n  {text}\n  {caret}")


class StateError(TameriError, ValueError):
    """A state that cannot exist (for example more Sun spheres than the game has)."""


class ReadingError(StateError):
    """A reading of ``docs/ambiguities.md`` (``Readings``, ``TempleReadings``, ``GlyphReadings``,
    ``ScoringReadings``) given a value it does not take: the reading, the value and what it may be."""


class DataError(TameriError, ValueError):
    """A data file that does not fit the schema, the counts or the rulebook's stated facts.

    ``problems`` lists every :class:`~tameri_kit.data.Problem` found (file, record, field, why).
    """

    def __init__(self, problems):
        self.problems = list(problems)
        lines = [str(p) for p in self.problems]
        super().__init__(f"{len(lines)} problem(s) in the data:\n" + "\n".join("  " + line for line in lines))


class UnknownNameError(TameriError, ValueError, KeyError):
    """A name that is not one of the allowed ones (a ramp, a resource, an action, a player ...).  Also a
    :class:`KeyError`, as a failed lookup by name was before; the message lists what is allowed."""

    def __str__(self) -> str:  # not KeyError's quoted form
        return str(self.args[0]) if self.args else ""


class HiddenInformationError(TameriError):
    """A step tried on a player's observation (:meth:`~tameri_kit.game.play.view.PlayerView.observation`) that needs
    something the player may not see - another player's face-down card, say.  The observation cannot show that
    decision's effect; the real game can.  ``rule`` names the rulebook section whose step needs the hidden thing.
    Not bad input, so not a :class:`ValueError`: bots and the table catch it to mean "effect not seen"."""

    def __init__(self, message: str, *, rule: str | None = None):
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)
