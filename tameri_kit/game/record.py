"""Game records: settings + seed + every decision and chance outcome, as JSON; replay and undo.

A record is enough to rebuild every state of a game: :func:`replay` steps through the entries from
:func:`~tameri_kit.game.engine.new_game`.  Undo is a replay of all but the last entries.  A malformed or tampered
record raises :class:`RecordError` naming the first bad entry (its index, its text and why).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..errors import NotationError, StateError, TameriError
from .decisions import Decision
from .settings import Settings

FORMAT = "tameri-game/1"


class RecordError(TameriError, ValueError):
    """A game record that cannot be replayed: ``index`` (0-based, or -1 for the header), ``text`` and ``why``."""

    def __init__(self, index: int, text: str, why: str):
        self.index, self.text, self.why = index, text, why
        where = "record header" if index < 0 else f"entry {index}"
        super().__init__(f"{where} {text!r}: {why}")


@dataclass(frozen=True)
class GameRecord:
    """``settings``, the ``seed`` the game was played with (for provenance; replay does not need it) and
    ``entries``: the text of every decision and chance outcome in order (``"John: play 59"``, ``"chance: S@N"``)."""

    settings: Settings
    seed: int | None = None
    entries: tuple[str, ...] = ()
    meta: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self):
        object.__setattr__(self, "entries", tuple(self.entries))

    def to_json(self, indent: int | None = 1) -> str:
        d = {"format": FORMAT, "settings": self.settings.to_dict(), "seed": self.seed,
             "meta": dict(self.meta), "entries": list(self.entries)}
        return json.dumps(d, indent=indent, ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            d = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise RecordError(-1, str(text)[:40], f"not JSON: {e}") from None
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise RecordError(-1, str(d.get("format") if isinstance(d, dict) else d)[:40],
                              f"not a Tameri game record (expected format {FORMAT!r})")
        try:
            settings = Settings.from_dict(d.get("settings"))
        except (StateError, TypeError, ValueError) as e:
            raise RecordError(-1, json.dumps(d.get("settings"))[:60], f"bad settings: {e}") from None
        seed = d.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError(-1, repr(seed), "the seed must be a whole number or null")
        entries = d.get("entries")
        if not isinstance(entries, list):
            raise RecordError(-1, repr(entries)[:40], "'entries' must be a list of texts")
        for k, e in enumerate(entries):
            if not isinstance(e, str):
                raise RecordError(k, repr(e), "an entry is a text like 'John: play 59'")
        meta = d.get("meta") or {}
        if not isinstance(meta, dict):
            raise RecordError(-1, repr(meta)[:40], "'meta' must be an object")
        return cls(settings, seed, tuple(entries), tuple(sorted((str(k), str(v)) for k, v in meta.items())))

    def __len__(self) -> int:
        return len(self.entries)

    def truncated(self, n: int) -> "GameRecord":
        """The record of the first ``n`` entries (``n`` may be negative: drop that many at the end)."""
        return GameRecord(self.settings, self.seed, self.entries[:n], self.meta)


def replay(record: GameRecord, *, states: bool = False, upto: int | None = None):
    """Rebuild the game: the final state, or (``states=True``) the list of every state, the start first.

    Raises :class:`RecordError` at the first entry that does not parse or is not allowed.
    """
    from ..errors import IllegalActionError
    from .engine import new_game, step

    s = new_game(record.settings)
    out = [s] if states else None
    entries = record.entries if upto is None else record.entries[:upto]
    for k, text in enumerate(entries):
        try:
            d = Decision.parse(text)
        except NotationError as e:
            raise RecordError(k, text, e.reason) from None
        try:
            s = step(s, d)
        except IllegalActionError as e:
            raise RecordError(k, text, str(e)) from None
        if states:
            out.append(s)
    return out if states else s


def undo(record: GameRecord, n: int = 1):
    """The state ``n`` entries back (a replay of all but the last ``n`` entries) and the shortened record."""
    short = record.truncated(len(record.entries) - n)
    return replay(short), short
