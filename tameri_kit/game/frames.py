"""What the game waits for: a :class:`Frame` on the state's stack, and the table of every kind of frame.

Rulebook: the phases of a round, the eight Possible Actions, Game Effects, End of the Season (each kind below
names the section it asks about).  A frame is a small frozen value: ``kind`` names it, ``player`` is the seat asked
(-1: chance or nobody) and ``data`` holds its named fields in the order of :data:`FRAME_KINDS` (read them by name
with :func:`frame_fields`).  Adding a kind of frame means one row here and one legal / apply pair registered in
``engine.py`` (plus, for a secret choice, a line in ``view.hide_frame``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .._fast import copy_with, direct_init
from .catalog import Rule


@direct_init
@dataclass(frozen=True)
class Frame:
    """Something the game waits for: ``kind`` names it, ``player`` is the seat asked (-1: chance or nobody),
    ``data`` is a tuple of immutable values the engine reads (named in :data:`FRAME_KINDS`)."""

    kind: str
    player: int = -1
    data: tuple = ()

    def but(self, **changes) -> Frame:
        """A copy with some fields changed (fast: a Frame has no checks to rerun)."""
        return copy_with(self, changes)


@dataclass(frozen=True)
class FrameKind:
    """One kind of frame: the names of its ``data`` fields, the rule it cites, what is asked, and who answers."""

    fields: tuple[str, ...]
    rule: str
    asks: str
    chance: bool = False
    automatic: bool = False


#: Every kind of frame.  Chance kinds are answered by chance; automatic kinds are run by the engine at once.
FRAME_KINDS: dict[str, FrameKind] = {
    # chance nodes
    "draw_card": FrameKind(("deck", "target", "seat"), Rule.ROUND_END, "a card drawn from a deck", chance=True),
    "draw_building": FrameKind((), Rule.SETUP + " 1e", "a Building card revealed", chance=True),
    "draw_sphinx": FrameKind((), Rule.SETUP + " 1f", "a Sphinx tile placed", chance=True),
    "draw_tile": FrameKind((), Rule.WEATHER_PHASE + ", step 1", "a Weather tile revealed", chance=True),
    "land": FrameKind(("counts", "landings"), Rule.WEATHER_PHASE + ", step 3", "where a sphere lands", chance=True),
    "draw_priest": FrameKind(("target", "seat"), Rule.IMMEDIATE_EFFECTS, "a Priest card drawn", chance=True),
    # ghost16: the Ghost's chance nodes (+1 Player Mode)
    "draw_ghost": FrameKind(("why",), Rule.GHOST_ACTIONS, "a Ghost card drawn", chance=True),
    "ghost_silt": FrameKind(("why",), Rule.GHOST_TURN, "the ramp a Silt put in the Pyramid falls on", chance=True),
    "ghost_temple_card": FrameKind(("why",), Rule.GHOST_TEMPLE_CARD, "the Temple card the Ghost reveals", chance=True),
    "ghost_priest": FrameKind((), Rule.GHOST_SEASON_END, "the Priest card given to the Ghost at random", chance=True),
    # run at once
    "auto": FrameKind(("step", "arguments"), Rule.TURNS, "a step of the game's flow", automatic=True),
    "effect": FrameKind(
        ("kind", "amount", "temple", "why"), Rule.IMMEDIATE_EFFECTS, "an immediate effect", automatic=True
    ),
    # decisions
    "s0_pick": FrameKind(("kept", "picks"), Rule.SEASON_ZERO + ", steps 2-4", "the card to keep"),
    "s0_farmer": FrameKind((), Rule.SEASON_ZERO + ", step 6", "the field of the first Farmer"),
    "choose": FrameKind(("picks",), Rule.CHOOSING, "the card to play"),
    "reveal": FrameKind(("cards", "choices"), Rule.TURN_ORDER, "reveal the card or keep it face down"),
    "card_weather": FrameKind(("effects_left",), Rule.CARD_WEATHER, "the card's weather effects"),
    "option": FrameKind((), Rule.GLYPHS, "which actions the card allows"),
    "pay_any": FrameKind(("via",), "Building List D1-D4", "the resource completing a glyph"),
    "main": FrameKind(("actions",), Rule.TURNS + ", step 2", "the next action, extra weather, a Priest card"),
    "nile": FrameKind((), Rule.TURNS + ", step 3", "the Nile card to take"),
    "farmer": FrameKind(("stage", "moved", "why"), Rule.FARMER, "where the Farmer goes"),
    "merchant": FrameKind(("stage",), Rule.MERCHANT, "where the Merchant stands; trade or collect"),
    "take": FrameKind(("why",), Rule.IMMEDIATE_EFFECTS, "the resource to take"),
    "builder": FrameKind(("stage", "space"), Rule.BUILDER, "place or advance the Builder; what to buy"),
    "remove": FrameKind(("colour", "why", "rule"), Rule.CARD_WEATHER, "the sphere to remove"),
    "f4": FrameKind((), "Building F4", "remove a sphere or gain a Silt"),
    "unlock": FrameKind(("why",), Rule.UNLOCK, "the Worker to unlock"),
    "advance": FrameKind(("grant", "tag"), Rule.PRIEST, "the Priest move"),
    "harvest": FrameKind(("stage",), Rule.HARVEST, "the fields to harvest"),
    "sphinx": FrameKind(("stage", "activated"), Rule.SPHINX, "pay, build and activate Sphinxes"),
    "decoration": FrameKind((), Rule.DECORATION, "the Sphinx effect to use"),
    "sfx": FrameKind(("face", "stage"), Rule.SPHINX_EFFECTS, "pay Deben for a Sphinx effect"),
    "field_res": FrameKind((), Rule.SPHINX_EFFECTS + " 2A", "the resource of a field with a Farmer"),
    "swap": FrameKind((), Rule.SPHINX_EFFECTS + " 3B", "the resources to exchange"),
    "season_pts": FrameKind((), Rule.SPHINX_EFFECTS + " 3A", "the Building whose Season points to score"),
    "offering": FrameKind(("stage", "chosen"), Rule.OFFERING, "what to offer and how to pay"),
    "draft": FrameKind(("hand", "order", "picks", "drawn"), Rule.SEASON_END + ", step 1", "the Priest card to keep"),
    "d4": FrameKind((), "Building D4", "the resource D4 spends"),
}

#: Frames that are chance nodes (a card, Building, Sphinx tile, Weather tile or Priest card drawn; a sphere falls).
CHANCE_KINDS = frozenset(kind for kind, spec in FRAME_KINDS.items() if spec.chance)


def frame_fields(frame: Frame) -> dict:
    """The frame's ``data`` by name, e.g. ``{"stage": "place", "moved": (), "why": "card"}`` for a Farmer frame."""
    return dict(zip(FRAME_KINDS[frame.kind].fields, frame.data))


def rule_of(frame: Frame) -> str:
    """The rulebook section a frame asks about (an illegal decision's error names it)."""
    spec = FRAME_KINDS.get(frame.kind)
    return spec.rule if spec is not None else Rule.TURNS
