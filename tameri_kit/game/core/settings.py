"""Game settings: the players, and the readings the engine uses where the rulebook is silent.

Rulebook: Game Setup (player counts 2-4); Possible Actions: Farmer (field spaces numbered 3 and 4);
+1 Player Mode, Ghost Player steps 3a and 4 (the Ghost's difficulty: ``ghost``, ``ghost_spaces``, ``ghost_score``);
Gifts of the Gods (Mini Expansion Set: Recommended Preparation) and the promo cards 0 and infinity: the fields
``gifts``, ``gift_discards``, ``gift_cards``, ``promo``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from ...errors import StateError
from ...rules.glyphs import GLYPH_DEFAULT, GlyphReadings
from ...rules.readings import DEFAULT as WEATHER_DEFAULT
from ...rules.readings import Readings
from ...rules.scoring import SCORING_DEFAULT, ScoringReadings
from ...rules.temple_moves import DEFAULT_READINGS as TEMPLE_DEFAULT
from ...rules.temple_moves import TempleReadings, check_player

#: The rulebook's example players, in seating order (Example 1: John passes left to George and receives from Ringo).
EXAMPLE_NAMES = ("John", "George", "Paul", "Ringo")

#: Reading E1 (illustrative): the number printed on each field's extra space.  Every field has two spaces any game
#: may use; the fields of the North and South rivers have a third space numbered 3, those of the East and West
#: rivers a third space numbered 4.  A space numbered n is only used with at least n players.
FIELD_EXTRA_SPACE = {"N": 3, "E": 4, "S": 3, "W": 4}


@dataclass(frozen=True)
class Settings:
    """Who plays, in seating order (each passes cards to the next one, "to the left"), and the readings.

    ``field_extra_space``: reading E1, ramp letter -> the number on the third space of that river's fields (0: no
    third space).  ``weather``, ``temples``, ``glyphs``, ``scoring``: the readings of the rules modules (registers
    W, T, G, S of ``docs/ambiguities.md``), passed to them by the engine.
    """

    players: tuple[str, ...] = EXAMPLE_NAMES
    field_extra_space: tuple[tuple[str, int], ...] = tuple(sorted(FIELD_EXTRA_SPACE.items()))
    weather: Readings = WEATHER_DEFAULT
    temples: TempleReadings = TEMPLE_DEFAULT
    glyphs: GlyphReadings = GLYPH_DEFAULT
    scoring: ScoringReadings = SCORING_DEFAULT
    # --- gifts16: the Gifts of the Gods and the promo cards (issue 16; see tameri_kit.game.rules_of_play.gifts) ---
    #: Recommended Preparation 1: before Season 0 each player is dealt 3 Gifts face down and keeps 1.
    gifts: bool = False
    #: Recommended Preparation 2 (optional): the discarded Gifts are shuffled into the Priest deck.
    gift_discards: bool = False
    #: register D6: ``"all"`` (the 14 cards of gifts.toml, GG12-GG14 illustrative) or ``"listed"`` (GG1-GG11 only).
    gift_cards: str = "all"
    #: register D1: the promo cards 0 and infinity are shuffled into the Temple deck (E).
    promo: bool = False
    # --- end gifts16 ---
    # --- ghost16: the +1 Player (Ghost) mode; the Ghost is the last seat, named GHOST_NAME -------------------------
    ghost: str | None = None  # None (no Ghost), "easy", "intermediate", "hard" or "custom"
    ghost_spaces: tuple[int, int, int] | None = None  # custom: the Ghost's space in Amun, Ra, Ptah (step 3a)
    ghost_score: int | None = None  # custom: the Ghost's starting points (step 4); None: worked out (reading X2)

    def __post_init__(self):
        if isinstance(self.players, (str, bytes)) or not isinstance(self.players, (tuple, list)):
            raise StateError(f"players is a list of 2 to 4 names, e.g. ['John', 'George'], not {self.players!r}")
        names = tuple(self.players)
        object.__setattr__(self, "players", names)
        _check_ghost(self)  # ghost16
        if not 2 <= len(names) <= 4:
            raise StateError(f"Tameri is played by 2 to 4 players (counting the Ghost), not {len(names)}")
        for seat, n in enumerate(names):
            check_player(n)
            if n.lower() == GHOST_NAME.lower() and (self.ghost is None or seat != len(names) - 1):
                raise StateError(f"{GHOST_NAME!r} names the Ghost of the +1 Player Mode; choose another name")
            if n.lower() == "chance":
                raise StateError("'chance' names the chance player in records; choose another name")
        if len({n.lower() for n in names}) != len(names):
            raise StateError(f"player names must differ: {names}")
        try:
            extra = dict(self.field_extra_space)
        except (TypeError, ValueError):
            raise StateError(
                f"field_extra_space maps ramp letters N, E, S, W to 0-4, not {self.field_extra_space!r}"
            ) from None
        for ramp, number in extra.items():
            if (
                ramp not in FIELD_EXTRA_SPACE
                or isinstance(number, bool)
                or not isinstance(number, int)
                or not 0 <= number <= 4
            ):
                raise StateError(
                    f"field_extra_space maps ramp letters N, E, S, W to a whole number 0-4 (reading E1; "
                    f"0: no third space), not {ramp!r}: {number!r}"
                )
        object.__setattr__(self, "field_extra_space", tuple(sorted(extra.items())))
        for name, default in READING_DEFAULTS.items():
            if not isinstance(getattr(self, name), type(default)):
                raise StateError(
                    f"settings {name!r} are the readings {type(default).__name__} (e.g. {default!r}), "
                    f"not {getattr(self, name)!r}"
                )
        _check_gift_settings(self)  # gifts16

    @classmethod
    def for_players(cls, n: int, *, ghost: str | None = None, **kw) -> "Settings":
        """The first ``n`` example names (2: John, George; 3: + Paul; 4: + Ringo); ``n`` is 2, 3 or 4.

        With ``ghost`` ("easy", "intermediate", "hard"; or "custom" with ``ghost_spaces``), ``n`` is the number of
        humans, 1, 2 or 3, and the Ghost of the +1 Player Mode takes the last seat: ``for_players(1, ghost="hard")``
        is the solo game."""
        if ghost is not None:
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 3:
                raise StateError(f"the +1 Player Mode is played by 1 to 3 humans and the Ghost, not {n!r} humans")
            return cls(players=EXAMPLE_NAMES[:n] + (GHOST_NAME,), ghost=ghost, **kw)
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
            raise StateError(
                f"Tameri is played by 2 to 4 players (1 to 3 with ghost='easy', 'intermediate' or 'hard'), not {n!r}"
            )
        return cls(players=EXAMPLE_NAMES[:n], **kw)

    def __copy__(self) -> "Settings":
        return self

    def __deepcopy__(self, memo: dict) -> "Settings":
        """Settings are a frozen value (text, numbers, tuples and frozen readings): a deep copy is itself.  OpenSpiel
        clones a state with ``copy.deepcopy``, once per ``child()``, and copying the readings field by field was most
        of that cost (issue 34)."""
        return self

    @property
    def n(self) -> int:
        """Players at the table, the Ghost counted (+1 Player Mode, Human Players step 1)."""
        return len(self.players)

    # ghost16 ---------------------------------------------------------------------------------------------------
    @property
    def ghost_seat(self) -> int | None:
        """The Ghost's seat (the last one), or ``None`` without a Ghost."""
        return len(self.players) - 1 if self.ghost is not None else None

    @property
    def humans(self) -> int:
        """How many seats humans (or bots) take: every seat but the Ghost's."""
        return len(self.players) - (self.ghost is not None)

    @property
    def ghost_temple_spaces(self) -> tuple[int, int, int]:
        """The Ghost's starting space in Amun, Ra and Ptah (Ghost Player step 3a)."""
        if self.ghost == "custom":
            return self.ghost_spaces
        space = GHOST_LEVELS[self.ghost][0]
        return (space, space, space)

    def field_spaces(self, ramp: str) -> int:
        """How many spaces a field of this river offers in this game (reading E1)."""
        extra = dict(self.field_extra_space).get(ramp, 0)
        return 2 + (1 if extra and self.n >= extra else 0)

    def to_dict(self) -> dict:
        """Plain values for a game record; readings appear only where they differ from the defaults."""
        out = {"players": list(self.players), "field_extra_space": {k: v for k, v in self.field_extra_space}}
        if self.ghost is not None:  # ghost16: only Ghost games carry these keys (base records are unchanged)
            out["ghost"] = self.ghost
            if self.ghost_spaces is not None:
                out["ghost_spaces"] = list(self.ghost_spaces)
            if self.ghost_score is not None:
                out["ghost_score"] = self.ghost_score
        for name, default in _READINGS.items():
            changed = {k: v for k, v in asdict(getattr(self, name)).items() if v != getattr(default, k)}
            if changed:
                out[name] = changed
        out.update({k: getattr(self, k) for k, v in GIFT_DEFAULTS.items() if getattr(self, k) != v})  # gifts16
        return out

    @classmethod
    def from_dict(cls, d: dict) -> "Settings":
        """The settings a record saved (``to_dict``'s form), checked: unknown keys, a wrong shape or an unknown reading
        raise ``StateError`` naming the setting."""
        if not isinstance(d, dict) or not isinstance(d.get("players"), (list, tuple)):
            raise StateError("settings need a 'players' list of 2 to 4 names")
        unknown = sorted(set(d) - {"players", "field_extra_space", *GHOST_KEYS, *_READINGS, *GIFT_DEFAULTS})
        if unknown:
            raise StateError(f"unknown settings {unknown}")
        extra = d.get("field_extra_space", FIELD_EXTRA_SPACE)
        if not isinstance(extra, dict):
            raise StateError(f"settings 'field_extra_space' must be an object like {FIELD_EXTRA_SPACE}, not {extra!r}")
        kw = {}
        for name, default in _READINGS.items():
            given = d.get(name) or {}
            if not isinstance(given, dict):
                raise StateError(f"settings {name!r} must be an object")
            allowed = {f.name for f in fields(default)}
            bad = sorted(set(given) - allowed)
            if bad:
                raise StateError(f"unknown {name} readings {bad}; known: {sorted(allowed)}")
            kw[name] = replace(default, **given)
        kw.update({k: d[k] for k in GIFT_DEFAULTS if k in d})  # gifts16
        spaces = d.get("ghost_spaces")
        ghost = {
            "ghost": d.get("ghost"),
            "ghost_spaces": tuple(spaces) if isinstance(spaces, (list, tuple)) else spaces,
            "ghost_score": d.get("ghost_score"),
        }
        return cls(players=tuple(d["players"]), field_extra_space=tuple(extra.items()), **ghost, **kw)

    def but(self, **changes) -> "Settings":
        """A copy with the given fields changed (the settings are frozen)."""
        return replace(self, **changes)


#: settings key -> the default readings of that rules module
READING_DEFAULTS = {
    "weather": WEATHER_DEFAULT,
    "temples": TEMPLE_DEFAULT,
    "glyphs": GLYPH_DEFAULT,
    "scoring": SCORING_DEFAULT,
}
_READINGS = READING_DEFAULTS


# --- gifts16: the Gifts of the Gods and the promo cards ------------------------------------------------------------
#: the gift and promo settings and their defaults (a record names them only where they differ)
GIFT_DEFAULTS = {"gifts": False, "gift_discards": False, "gift_cards": "all", "promo": False}
#: how many Gifts each player is dealt (Recommended Preparation 1), and how many cards each choice of D6 holds
GIFTS_DEALT = 3
GIFT_CARD_COUNTS = {"all": 14, "listed": 11}


def _check_gift_settings(settings: Settings) -> None:
    for name in ("gifts", "gift_discards", "promo"):
        if not isinstance(getattr(settings, name), bool):
            raise StateError(f"settings {name!r} is true or false, not {getattr(settings, name)!r}")
    if settings.gift_cards not in GIFT_CARD_COUNTS:
        raise StateError(f"settings 'gift_cards' is 'all' or 'listed' (register D6), not {settings.gift_cards!r}")
    if settings.gift_discards and not settings.gifts:
        raise StateError("settings 'gift_discards' (Recommended Preparation 2) needs gifts=True")
    need = GIFTS_DEALT * settings.humans  # the Ghost is dealt no Gifts (reading X13)
    have = GIFT_CARD_COUNTS[settings.gift_cards]
    if settings.gifts and need > have:
        raise StateError(
            f"{settings.n} players are dealt {GIFTS_DEALT} Gifts each ({need} cards), but gift_cards="
            f"{settings.gift_cards!r} has only {have} (register D6: use gift_cards='all')"
        )


# --- ghost16: the +1 Player (Ghost) mode ------------------------------------------------------------------------
#: The Ghost's name (its seat is the last one).
GHOST_NAME = "Ghost"
#: Ghost Player steps 3a and 4: each level's Temple space (the same in all three Temples) and starting points.
GHOST_LEVELS = {"easy": (1, 3), "intermediate": (2, 8), "hard": (3, 10)}
GHOST_KEYS = ("ghost", "ghost_spaces", "ghost_score")


def _check_ghost(settings: Settings) -> None:
    """The Ghost's settings: a known level; ``ghost_spaces`` (1-8 each) only with ``ghost="custom"``."""
    level, spaces, score = settings.ghost, settings.ghost_spaces, settings.ghost_score
    if level is None:
        if spaces is not None or score is not None:
            raise StateError("ghost_spaces and ghost_score need ghost='custom'")
        return
    if level not in (*GHOST_LEVELS, "custom"):
        raise StateError(f"the Ghost's level is easy, intermediate, hard or custom, not {level!r}")
    if not 1 <= len(settings.players) - 1 <= 3:
        raise StateError(f"the +1 Player Mode is played by 1 to 3 humans and the Ghost, not {settings.players}")
    if settings.players[-1] != GHOST_NAME:
        raise StateError(f"with a Ghost, the last seat is {GHOST_NAME!r}, not {settings.players[-1]!r}")
    if level != "custom":
        if spaces is not None or score is not None:
            raise StateError("ghost_spaces and ghost_score are for ghost='custom' (the levels fix them)")
        return
    if (
        not isinstance(spaces, tuple)
        or len(spaces) != 3
        or any(isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 8 for x in spaces)
    ):
        raise StateError(
            f"ghost='custom' needs ghost_spaces: the Ghost's space in Amun, Ra and Ptah, 1-8 each, not {spaces!r}"
        )
    if score is not None and (isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= 60):
        raise StateError(f"ghost_score is the Ghost's starting points, a whole number 0-60, not {score!r}")
