"""Every move text the game's grammar can produce, enumerated from the component data: OpenSpiel's action ids.

OpenSpiel numbers a game's actions once and for all (``num_distinct_actions``), while the kit writes a decision as
text (``"John: priest enters Ptah +3 pay barley,flax,fruit from N-barley"``, see ``tameri_kit.game`` and
``game/core/decisions.py``).  This module lists, form by form, every ``MOVE`` part a decision can take (the player's name
is not part of it: the player to move is known), and every chance outcome's text, by expanding each form over the
component data (the Action cards, Buildings, Sphinx faces, Priest cards, Gifts, Ghost cards, fields, temples,
resources, ramps, the Worker's sources ...).  The lists are written once to the versioned files
``moves_v1.txt`` / ``chance_v1.txt`` beside this module (line k is id k) by :func:`write_tables`; the game reads the
files, never this module, so an id means the same move in every release.  A later version may only append lines
(``tests/test_openspiel_actions.py`` checks that the files still start with what this grammar gives).

The grammar over-generates on purpose (a move the rules never allow costs one unused id); what it must never do is
miss a move the engine offers: the tests play many seeded games of every mode and look every legal move up.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product
from pathlib import Path

from ..data.ghost import load_ghost
from ..data.gifts import load_gifts
from ..game.core.catalog import BOARDS, BUILDINGS, CARDS, FIELDS, PRIESTS, ROW, SPHINX_FACES, SPHINX_SPACES
from ..game.core.settings import EXAMPLE_NAMES, GHOST_NAME
from ..rules.action_cards import Action, number_text
from ..rules.common import RAMPS, RESOURCES
from ..rules.offering import SWAPS, Stock
from ..rules.temple_state import TEMPLES

VERSION = 1
HERE = Path(__file__).parent
MOVES_FILE = HERE / f"moves_v{VERSION}.txt"
CHANCE_FILE = HERE / f"chance_v{VERSION}.txt"

#: the most resources a payment of the grammar holds (a Building's price with substitutions stays well below)
MAX_PAYMENT = 10
#: the longest Priest move (Possible Actions: Priest: up to 4 steps) and the longest free advance listed
PRIEST_STEPS = 4
FREE_STEPS = 6
#: the most Deben and resources of choice a play option asks (face down, observatories D1-D4, library D5)
OPTION_DEBEN = 3
OPTION_RESOURCES = 2
#: the most actions one play option strings together (a card's glyphs with a Building's)
MAX_OPTION_ACTIONS = 3
#: Every seat a move may name, by the name ``python_tameri`` gives it: the deciding seats (the rulebook's example
#: names, in seating order) and the Ghost of the +1 Player Mode, which takes the last seat.  Version 1 listed the
#: forms naming a seat over the four example names only; the Ghost's were appended (issue 35), so no id changed.
SEATS = (*EXAMPLE_NAMES, GHOST_NAME)


def _words(values) -> list[str]:
    """The text of each value (an enum's value: ``Action.FARMER`` -> ``"farmer"``)."""
    return [str(getattr(v, "value", v)) for v in values]


def _fields() -> list[str]:
    return list(FIELDS)


def _sphinx_faces() -> list[str]:
    return sorted(SPHINX_FACES, key=lambda face: (int(face[:-1]), face[-1]))


def _cards() -> list[str]:
    return [number_text(n) for n in sorted(CARDS)]


def _gifts() -> list[str]:
    return [gift.id for gift in load_gifts()]


def _priest_cards() -> list[str]:
    return [str(n) for n in sorted(PRIESTS)] + _gifts()  # Recommended Preparation 2: Gifts among the Priest cards


def _stocks(most: int) -> list[Stock]:
    """Every Stock of 1 to ``most`` resources, by total, then in resource order."""
    out = []
    for total in range(1, most + 1):
        for counts in product(range(total + 1), repeat=len(RESOURCES)):
            if sum(counts) == total:
                out.append(Stock(*counts))
    return out


def _substituted(slots: tuple) -> frozenset[Stock]:
    """What paying ``slots`` (resources) may cost with the substitution Buildings C1-C5, each used once
    (Game Effects: Permanent Effects; C1-C3 swap a pair, C4 pays flax for another resource, C5 two of any kind
    for one): the Stocks other than the plain payment."""
    pairs = [(a, b) for k, a in enumerate(RESOURCES) for b in RESOURCES[k:]]
    out = set()

    def walk(index: int, placed: tuple, used: frozenset) -> None:
        if index == len(slots):
            out.add(Stock.of(placed))
            return
        slot = slots[index]
        walk(index + 1, placed + (slot,), used)
        for sub, pair in SWAPS.items():
            if sub not in used and slot in pair:
                other = next(r for r in pair if r != slot)
                walk(index + 1, placed + (other,), used | {sub})
        if "C4" not in used and slot.value != "flax":
            walk(index + 1, placed + (RESOURCES[2],), used | {"C4"})
        if "C5" not in used:
            for pair in pairs:
                walk(index + 1, placed + pair, used | {"C5"})

    walk(0, (), frozenset())
    out.discard(Stock.of(slots))
    return frozenset(out)


def _sources(exclude: str = "") -> list[str]:
    """Where a Worker may come from (an unused one: no words)."""
    return [""] + [f" from {where}" for where in ("merchant", "builder", *_fields()) if where != exclude]


def _temple_moves(prefix: str) -> Iterator[str]:
    """Possible Actions: Priest and free advances: ``[enters] TEMPLE +STEPS pay R1,R2 | free [paying ...] [from ...]``."""
    bodies = []
    for temple in _words(TEMPLES):
        for size in range(0, len(RESOURCES) + 1):
            for pay in combinations(RESOURCES, size):
                steps_allowed = range(1, FREE_STEPS + 1) if not pay else (size, size + 1)  # B2: one step free
                for steps in steps_allowed:
                    if pay and steps > PRIEST_STEPS:
                        continue
                    paid = "pay " + ",".join(r.value for r in pay) if pay else "free"
                    payings = (
                        [""] + [f" paying {stock}" for stock in sorted(_substituted(pay), key=str)] if pay else [""]
                    )
                    bodies.append((temple, steps, paid, payings))
    for enter in ("", "enters "):
        for temple, steps, paid, payings in bodies:
            for paying in payings:
                for source in _sources() if enter else [""]:
                    yield f"{prefix} {enter}{temple} +{steps} {paid}{paying}{source}"


def _removals(prefix: str, any_colour: bool) -> Iterator[str]:
    for ramp in _words(RAMPS):
        if any_colour:
            for colour in ("S", "W"):
                yield f"{prefix}{colour} {ramp}"
        else:
            yield f"{prefix}{ramp}"


def _swaps(prefix: str) -> Iterator[str]:
    for a in _words(RESOURCES):
        for b in _words(RESOURCES):
            if a != b:
                yield f"{prefix}swap {a} for {b}"


def move_texts() -> list[str]:
    """Every MOVE text, each once, in a fixed order (the order of the forms below, then of the data)."""
    resources, ramps, fields, cards = _words(RESOURCES), _words(RAMPS), _fields(), _cards()
    buildings, faces, gifts, actions = sorted(BUILDINGS), _sphinx_faces(), _gifts(), _words(Action)
    out: list[str] = []
    add = out.extend
    # Season 0, Phases 2 and 3
    add(f"keep {c}" for c in cards)
    add(f"farmer {f}" for f in fields)
    add(f"play {c}" for c in cards)
    add(["reveal", "keep face down"])
    add(f"priest card {c}" for c in _priest_cards())
    # Phase 4 step 1: the card's weather
    add(_removals("weather remove_sun ", False))
    add(_removals("weather remove_water ", False))
    add(_removals("weather remove_any ", True))
    add(["weather gain_silt", "weather done"])
    # the play option: one or two actions, and what it costs
    combos = [combo for size in range(1, MAX_OPTION_ACTIONS + 1) for combo in product(actions, repeat=size)]
    for combo in combos:
        for deben in range(OPTION_DEBEN + 1):
            for res in range(OPTION_RESOURCES + 1):
                cost = ", ".join(
                    part
                    for part in (
                        f"{deben} deben" if deben else "",
                        f"{res} resource{'s' if res > 1 else ''}" if res else "",
                    )
                    if part
                )
                add([f"use {'+'.join(combo)}" + (f" [{cost}]" if cost else "")])
    add(f"pay {r}" for r in resources)
    # Phase 4 step 2
    add(f"do {a}" for a in actions)
    add(f"skip {a}" for a in actions)
    add(["end actions"])
    add(_removals("extra remove ", True))
    add(["extra buy silt"])
    add(f"extra buy silt {r}" for r in ramps)
    add(f"extra place silt {r}" for r in ramps)
    # Farmer
    add(f"farmer {f}{source}" for f in fields for source in _sources(exclude=f))
    add(["farmer pass"])
    add(f"move {g} to {f}" for g in fields for f in fields if f != g)
    for building in sorted(b for b in buildings if b.startswith("A")):
        add(_removals(f"{building} remove ", True))
        add(_swaps(f"{building} "))
    add(["farmers done"])
    # Merchant
    add(f"merchant space {k}{source}" for k in range(1, 13) for source in _sources(exclude="merchant"))
    add(["merchant stay", "merchant pass"])
    add(f"trade {r}" for r in resources)
    add(["collect"])
    # Builder
    add(f"builder place{source}" for source in _sources(exclude="builder"))
    add(["builder advance", "builder stay", "builder pass"])
    add(f"builder start {k}{source}" for k in range(1, ROW + 1) for source in _sources(exclude="builder"))
    add(f"buy {b}" for b in buildings)
    add(["buy nothing", "pay nothing"])
    add(f"pay {stock}" for stock in _stocks(MAX_PAYMENT))
    # Priest and free advances
    add(_temple_moves("priest"))
    add(["priest pass"])
    add(_temple_moves("advance"))
    add(["advance pass"])
    # Harvest (the fields in sorted order, as the player's Farmers are kept)
    for size in range(1, len(fields) + 1):
        add("harvest " + ",".join(combo) for combo in combinations(sorted(fields), size) if size <= 6)
    add(["harvest nothing"])
    add(_harvest_with(EXAMPLE_NAMES))
    for building in buildings:
        add(f"{building} take {r}" for r in resources)
        add([f"{building} pass"])
    # Sphinx and Decoration
    add(["pay 1 deben", "pay 1 deben for 3 points", "pay 2 deben for 5 points", "pass", "pay nothing (B5)"])
    add(f"sphinx space {k}" for k in range(1, SPHINX_SPACES + 1))
    add(f"activate {face}" for face in faces)
    add(["activate done"])
    add(f"decorate {face}" for face in faces)
    add(["decorate pass"])
    # effects
    add(f"take {r}" for r in resources)
    add(["take nothing"])
    add(_swaps(""))
    add(["swap nothing"])
    add(f"score {b}" for b in buildings)
    add(f"score {b} spending {r}" for b in buildings for r in resources)
    add(["score nothing"])
    add(_removals("remove ", False))
    add(_removals("remove ", True))
    add(["remove pass", "gain silt"])
    unlocks = sorted({str(u) for board in BOARDS.values() for u in board.unlock})
    add(f"unlock {u}" for u in unlocks)
    add(f"reward {u}" for u in unlocks)
    # Offering
    add("offer " + ",".join(combo) for k in range(1, 5) for combo in combinations(resources, k))
    add(["offer pass"])
    add(f"extra {r}" for r in resources)
    add(["extra none"])
    # End of the Season
    add(f"keep priest {c}" for c in _priest_cards())
    add(f"D4 spend {r}" for r in resources)
    add(["D4 decline"])
    # Phase 4 step 3: the Nile
    add(f"take {c}" for c in cards)
    # the Gifts of the Gods
    add(f"keep gift {g}" for g in gifts)
    add(f"gift {g}" for g in gifts)
    add(_give_to(EXAMPLE_NAMES))
    add(["keep deben"])
    add(_activate_of(EXAMPLE_NAMES))
    add(f"screen {r}" for r in resources)
    add(["screen nothing"])
    add(f"spend {r}" for r in resources)
    add(["spend nothing"])
    add(f"return {r}" for r in resources)
    add(["return done"])
    # appended (issue 35): the forms naming a seat, over the seats version 1 missed (the Ghost): a Farmer of the
    # Ghost's harvested with GG5, a Building of the Ghost's activated with a Gift ...
    later = [name for name in SEATS if name not in EXAMPLE_NAMES]
    add(_harvest_with(later))
    add(_give_to(later))
    add(_activate_of(later))
    return _unique(out)


def _harvest_with(names) -> list[str]:
    return [f"harvest {f} with {name}'s Farmer" for f in _fields() for name in names]


def _give_to(names) -> list[str]:
    return [f"give 1 deben to {name}" for name in names]


def _activate_of(names) -> list[str]:
    return [f"activate {b} of {name}" for b in sorted(BUILDINGS) for name in names]


def chance_texts() -> list[str]:
    """Every chance outcome's MOVE text (``chance: draw 59``), each once."""
    out: list[str] = []
    add = out.extend
    add(f"draw {c}" for c in _cards())
    add(f"building {b}" for b in sorted(BUILDINGS))
    add(f"sphinx {face}" for face in _sphinx_faces())
    add(f"tile {k}" for k in range(1, 13))
    add(f"{sphere}@{ramp}" for sphere in ("S", "W", "L") for ramp in _words(RAMPS))
    add(f"priest {c}" for c in _priest_cards())
    add(f"gift {g}" for g in _gifts())
    add(f"ghost card {card.id}" for card in load_ghost())
    add(f"silt falls {ramp}" for ramp in _words(RAMPS))
    add(f"temple card {c}" for c in _cards())  # the Temple card the Ghost reveals
    return _unique(out)


def _unique(texts: list[str]) -> list[str]:
    return list(dict.fromkeys(texts))


def write_tables() -> None:
    """Write (only) the lines the files do not hold yet: ids already given never change."""
    for path, texts in ((MOVES_FILE, move_texts()), (CHANCE_FILE, chance_texts())):
        old = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        known = set(old)
        path.write_text("\n".join(old + [t for t in texts if t not in known]) + "\n", encoding="utf-8")


if __name__ == "__main__":  # python -m tameri_kit.openspiel.grammar
    write_tables()
