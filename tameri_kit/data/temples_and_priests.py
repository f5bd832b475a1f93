"""Temple components: the three Temple tracks and the 48 Priest cards, with the effects they show.

Rulebook: Components (48 Priest cards); Possible Actions: Priest and Example 10 (the tracks); Game Effects:
Immediate Effects (what an effect can be); Priest Cards (the two kinds of card) and Example 34; Ghost Temple
Effects (the kinds of effect a Temple space shows).  Files: ``temples.toml``, ``priests.toml``.

The track lengths, most space effects and the cards' faces are not in the rulebook text (its pictures were
lost): they are illustrative, but agree with every fact the text states (see ``docs/data.md``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..rules.components import (
    CARD_EFFECTS,
    SPACE_EFFECTS,
    TEMPLES,
    Effect,
    PriestCard,
    PriestDeck,  # noqa: F401
    Temple,
    TempleBoard,
    TempleSpace,
    TempleTrack,
)
from .loader import CHECKS, Problem, check_source, load, record_label, records, require


#: Ptah's four lowest spaces (rulebook: Example 10), in any order.
EXAMPLE_10_PTAH = Counter({("points", 1): 1, ("unlock", 1): 1, ("farmer", 1): 1, ("priest_card", 1): 1})


def _check_effect(
    rec: dict, allowed: tuple[str, ...], file: str, where: str, problems: list[Problem], required: bool = True
) -> Effect | None:
    """The record's effect (``effect``, ``amount``, ``temple``), or Problems saying what is wrong with it."""
    if "effect" not in rec:
        if required:
            problems.append(Problem(file, where, "effect", "missing"))
        return None
    kind = require(rec, "effect", str, file, where, problems)
    if kind is None:
        return None
    ok = True
    if kind not in allowed:
        problems.append(
            Problem(file, where, "effect", f"unknown effect {kind!r} here; use one of {', '.join(allowed)}")
        )
        ok = False
    amount = rec.get("amount", 1)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        problems.append(Problem(file, where, "amount", f"expected a whole number of at least 1, got {amount!r}"))
        ok = False
    temple = None
    if kind == "advance":
        name = require(rec, "temple", str, file, where, problems)
        if name is None:
            ok = False
        else:
            try:
                temple = Temple.parse(name)
            except ValueError as e:
                problems.append(Problem(file, where, "temple", str(e)))
                ok = False
    elif "temple" in rec:
        problems.append(Problem(file, where, "temple", "only an 'advance' effect names a temple"))
        ok = False
    return Effect(kind, amount, temple) if ok else None


def check_temples(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    temples = records(doc, "temple", file, problems)
    seen: dict[Temple, list] = {}
    for k, rec in enumerate(temples, 1):
        where = f"temple #{k}"
        name = require(rec, "name", str, file, where, problems)
        temple = None
        if name is not None:
            try:
                temple = Temple.parse(name)
                where = f"temple {temple.value}"
                if temple in seen:
                    problems.append(Problem(file, where, "name", "this temple appears twice"))
            except ValueError as e:
                problems.append(Problem(file, where, "name", str(e)))
        check_source(rec, file, where, problems)
        spaces = rec.get("space")
        if not isinstance(spaces, list) or not spaces or not all(isinstance(x, dict) for x in spaces):
            problems.append(Problem(file, where, "space", "a temple needs its list of [[temple.space]] tables"))
            continue
        effects = {}
        for j, sp in enumerate(spaces, 1):
            sw = f"{where} {record_label(sp, 'number', 'space', j)}"
            check_source(sp, file, sw, problems)
            num = require(sp, "number", int, file, sw, problems)
            if num is not None:
                if num in effects:
                    problems.append(Problem(file, sw, "number", "two spaces have this number"))
                effects[num] = None
            eff = _check_effect(sp, SPACE_EFFECTS, file, sw, problems)
            if num is not None:
                effects[num] = eff
        nums = sorted(effects)
        if nums and nums != list(range(1, len(nums) + 1)):
            problems.append(
                Problem(
                    file,
                    where,
                    "space",
                    f"spaces must be numbered 1, 2, 3 ... from the bottom without gaps, got {nums}",
                )
            )
        if temple is None:
            continue
        seen[temple] = effects
        if temple in (Temple.AMUN, Temple.RA) and len(nums) < 5:
            problems.append(
                Problem(
                    file,
                    where,
                    "space",
                    f"{len(nums)} spaces: in Example 10 a priest on space 4 of {temple.value} can be "
                    "pushed up, so the track has at least 5 spaces",
                )
            )
        if temple is Temple.PTAH:
            if len(nums) < 4:
                problems.append(
                    Problem(
                        file,
                        where,
                        "space",
                        f"{len(nums)} spaces: entering Ptah with 4 steps is "
                        "possible in Example 10, so it has at least 4",
                    )
                )
            else:
                low = Counter((effects[n].kind, effects[n].amount) for n in (1, 2, 3, 4) if effects.get(n))
                if all(effects.get(n) for n in (1, 2, 3, 4)) and low != EXAMPLE_10_PTAH:
                    got = ", ".join(str(effects[n]) for n in (1, 2, 3, 4))
                    problems.append(
                        Problem(
                            file,
                            f"{where} spaces 1-4",
                            "effect",
                            f"got {got}; in Example 10 entering Ptah with 4 steps gives 1 point, "
                            "unlocks a Worker, a Farmer action and a Priest card (in some order)",
                        )
                    )
    missing = [t.value for t in TEMPLES if t not in seen]
    if missing:
        problems.append(
            Problem(
                file,
                "[[temple]]",
                "name",
                f"missing temple(s): {', '.join(missing)}; the board has the Temples of Amun, Ra and Ptah",
            )
        )
    return problems


def _build_temples(doc: dict) -> TempleBoard:
    tracks = {}
    for rec in doc["temple"]:
        temple = Temple.parse(rec["name"])
        spaces = sorted(rec["space"], key=lambda s: s["number"])
        tracks[temple] = TempleTrack(
            temple,
            tuple(
                TempleSpace(s["number"], _check_effect(s, SPACE_EFFECTS, "", "", []), s["source"].strip())
                for s in spaces
            ),
            rec["source"].strip(),
        )
    return TempleBoard(tuple(tracks[t] for t in TEMPLES))


def load_temples(data_dir: Path | str | None = None) -> TempleBoard:
    """The three Temple tracks from ``temples.toml`` (illustrative except Example 10's facts)."""
    return load("temples.toml", _build_temples, data_dir)


# ----------------------------------------------------------------------------------------------------------------
# Priest cards
# ----------------------------------------------------------------------------------------------------------------
PRIEST_CARD_COUNT = 48


def check_priests(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    cards = records(doc, "card", file, problems)
    ids: list[int] = []
    deben = 0
    for k, rec in enumerate(cards, 1):
        where = record_label(rec, "id", "card", k)
        check_source(rec, file, where, problems)
        cid = require(rec, "id", int, file, where, problems)
        if cid is not None:
            if cid in ids:
                problems.append(Problem(file, where, "id", "duplicate card id"))
            ids.append(cid)
        points = require(rec, "points", int, file, where, problems)
        if points is not None and points not in (1, 2, 3):
            problems.append(
                Problem(
                    file,
                    where,
                    "points",
                    f"a Priest card is worth 1, 2 or 3 points, not {points} (rulebook: Priest Cards)",
                )
            )
        effect = _check_effect(rec, CARD_EFFECTS, file, where, problems, required=False)
        if points == 1 and "effect" not in rec:
            problems.append(
                Problem(file, where, "effect", "a 1-point Priest card shows an effect (rulebook: Priest Cards)")
            )
        if points in (2, 3) and "effect" in rec:
            problems.append(
                Problem(
                    file,
                    where,
                    "effect",
                    "cards worth 2 or 3 points have no effect: they are only "
                    "scored at the end (rulebook: Priest Cards)",
                )
            )
        if effect is not None and effect.kind == "deben" and points == 1:
            deben += 1
    if len(cards) != PRIEST_CARD_COUNT:
        problems.append(
            Problem(
                file,
                "[[card]]",
                "-",
                f"the game has {PRIEST_CARD_COUNT} Priest cards (rulebook: Components), not {len(cards)}",
            )
        )
    if cards and not deben:
        problems.append(Problem(file, "[[card]]", "effect", "no 1-point card gives Deben, but Example 34 plays one"))
    return problems


def _build_priests(doc: dict) -> PriestDeck:
    cards = [
        PriestCard(
            r["id"], r["points"], _check_effect(r, CARD_EFFECTS, "", "", [], required=False), r["source"].strip()
        )
        for r in doc["card"]
    ]
    return PriestDeck(tuple(sorted(cards, key=lambda c: c.id)))


def load_priests(data_dir: Path | str | None = None) -> PriestDeck:
    """The 48 Priest cards from ``priests.toml`` (illustrative except Example 34's Deben card)."""
    return load("priests.toml", _build_priests, data_dir)


CHECKS["temples.toml"] = check_temples
CHECKS["priests.toml"] = check_priests
