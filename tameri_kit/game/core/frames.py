"""What the game waits for: the frames on the state's stack, one small frozen dataclass per kind.

Rulebook: the phases of a round, the eight Possible Actions, Game Effects, End of the Season (each class below
names the section it asks about).  Every frame has ``player``, the seat asked (-1: chance or nobody), and its own
named fields; its class carries ``kind`` (the name the engine's tables, records and views use), ``rule`` (the
section an illegal decision's error cites), ``asks`` (what is asked, in words) and whether chance answers it
(``chance``) or the engine runs it at once (``automatic``).

**A kind of frame is the one place for everything about its decision.**  Its class here (a subclass of
:class:`Frame` with its named fields, under ``@frame_kind(kind, rule, asks)``, which registers it in
:data:`FRAME_KINDS`) says which rule asks and what is asked, in words addressed to the player.  The module that
implements the rule registers how it is played with :func:`plays`: its legal moves (each move's text with its typed
choice), their effect (``apply``), every move of its grammar open to it now whether legal or not (``grammar``: what
the table offers under "Why not?") and, for such a move, the rule that forbids it, from public information only
(``why_not``).  :data:`PLAYED` maps each decision kind to that :class:`HowPlayed`; the engine, the table, the CLI and
the pictures read it from there.  A frame that holds a player's secret choice also says what other seats see of it
(:meth:`Frame.seen_by`) and what its seat has set aside (:meth:`Frame.set_aside`).
Read fields by name (``frame.stage``), change them with :meth:`Frame.but` (``frame.but(stage="buy")``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar

from ..._fast import copy_with, direct_init
from ...rules.action_cards import number_text
from .catalog import Rule

#: Every kind of frame by its ``kind``: the classes below (``@frame_kind`` registers each).
FRAME_KINDS: dict[str, type[Frame]] = {}


def _hidden(values: tuple, seat: int, blank: Any = "hidden") -> tuple:
    """``values`` (one per seat) as ``seat`` sees them: its own value; others' undecided ``None`` or ``blank``."""
    return tuple(x if j == seat else (None if x is None else blank) for j, x in enumerate(values))


@direct_init
@dataclass(frozen=True)
class Frame:
    """Something the game waits for (the base of every kind): ``player`` is the seat asked (-1: chance or nobody).

    Subclasses add their named fields (keyword-only) and set the class attributes below."""

    player: int = -1

    kind: ClassVar[str] = ""
    rule: ClassVar[str] = Rule.TURNS
    asks: ClassVar[str] = ""
    chance: ClassVar[bool] = False
    automatic: ClassVar[bool] = False

    def but(self, **changes: Any) -> Frame:
        """A copy with some fields changed (fast: a frame has no checks to rerun)."""
        return copy_with(self, changes)

    def seen_by(self, seat: int) -> Frame:
        """The frame as ``seat`` may see it (a secret choice of another player blanked); most frames hide nothing."""
        return self

    def set_aside(self, seat: int) -> str | None:
        """What ``seat`` has set aside here and not yet shown, in words (None: nothing in this frame)."""
        return None

    def question(self, settings: Any) -> tuple[str, str]:
        """What this frame asks its player, in words, and the rule that asks it (``settings``: the game's)."""
        return self.asks, self.rule


def frame_kind(kind: str, rule: str, asks: str, *, chance: bool = False, automatic: bool = False) -> Callable:
    """Class decorator for one kind of frame: sets its class attributes, makes it a frozen dataclass with
    keyword-only fields and the fast ``__init__`` (:func:`tameri_kit._fast.direct_init`), and registers it in
    :data:`FRAME_KINDS`."""

    def register(cls: type[Frame]) -> type[Frame]:
        if kind in FRAME_KINDS:
            raise TypeError(f"frame kind {kind!r} is already taken by {FRAME_KINDS[kind].__name__}")
        cls.kind, cls.rule, cls.asks, cls.chance, cls.automatic = kind, rule, asks, chance, automatic
        FRAME_KINDS[kind] = direct_init(dataclass(frozen=True, kw_only=True)(cls))
        return cls

    return register


def no_reason(state: Any, frame: Frame, move: str) -> str | None:
    """The ``why_not`` of a kind whose grammar is its legal moves: no other move of its form to explain."""
    return None


@dataclass(frozen=True)
class HowPlayed:
    """How one kind of decision is played (registered with :func:`plays` by the module implementing its rule).

    ``legal(state, frame)``: the legal moves, ``[(move text, choice)]`` (the choice is what ``apply`` needs: a small
    frozen value, never read by position outside its kind); ``apply(game, frame, choice)``: the move's effect on the
    working copy of one step; ``grammar(state, frame)``: every move of this kind's form that public information
    names now, legal or not (the legal moves always among them); ``why_not(state, frame, move)``: for such a move,
    why the rules forbid it now, from public information (None: no reason known to the kind, which for a legal move
    is the only right answer); ``before_asking(game, frame)``: resolves the frame without asking when nothing is to
    be decided (True: done); ``always_asks``: the frame always has a legal move (the flow stops there without
    listing them: a speed trick, see ``tameri_kit._fast``); ``groups``: the title of the group of moves a move
    belongs to at the table, by the move's first word (``"*"``: one title for every move of the kind; otherwise the
    word itself, capitalised); ``meanings``: what a move means when its effect comes only after everyone has
    decided (Phase 3), by its text; ``action_card``: the choice is the number of an Action card (the table names the
    card beside the move)."""

    legal: Callable
    apply: Callable
    grammar: Callable
    why_not: Callable = no_reason
    before_asking: Callable | None = None
    always_asks: bool = False
    groups: Mapping[str, str] = field(default_factory=dict)
    meanings: Mapping[str, str] = field(default_factory=dict)
    action_card: bool = False

    def group(self, move: str) -> str:
        """The title of the group ``move`` belongs to (the table shows the moves of a decision in groups)."""
        words = move.split()
        if "*" in self.groups:
            return self.groups["*"]
        if words[-1] in ("pass", "done", "decline") or move in ("end actions", "buy nothing", "harvest nothing"):
            return "Finish" if words[-1] != "pass" else "Pass"
        return self.groups.get(words[0]) or words[0].capitalize()

    def quiet_meaning(self, move: str) -> str | None:
        """What a move that changes nothing one can see yet means, in words, by the word it ends with (passing,
        finishing, taking nothing, ending the actions), or None."""
        return QUIET_MEANINGS.get(move.split()[-1]) if move.split() else None


#: What a move that changes nothing one can see means, by its last word (:meth:`HowPlayed.quiet_meaning`)
QUIET_MEANINGS = {
    "done": "stop here: nothing more of this kind",
    "pass": "let this go: nothing happens",
    "nothing": "pay or take nothing",
    "actions": "end the actions of your turn; next you take a card from the Nile [Phase 4: Individual Turns, step 3]",
}


#: How each kind of decision is played, by ``kind`` (every decision kind of :data:`FRAME_KINDS`, once the modules
#: implementing the rules are imported: ``tameri_kit.game.play.engine`` imports them all).
PLAYED: dict[str, HowPlayed] = {}


def legal_texts(legal: Callable) -> Callable:
    """The grammar of a kind whose only moves of its form are the legal ones: their texts."""

    def grammar(state: Any, frame: Frame) -> list[str]:
        return [move for move, _ in legal(state, frame)]

    return grammar


def plays(frame_class: type[Frame], **how: Any) -> HowPlayed:
    """Registers how ``frame_class``'s decision is played (the fields of :class:`HowPlayed`; without ``grammar``
    the legal moves are the whole grammar)."""
    kind = frame_class.kind
    if kind in PLAYED:
        raise TypeError(f"how {kind!r} is played is already registered")
    if frame_class.chance or frame_class.automatic:
        raise TypeError(f"{kind!r} is not a decision: nobody plays it")
    how.setdefault("grammar", legal_texts(how["legal"]))
    for name in ("groups", "meanings"):
        how[name] = MappingProxyType(dict(how.get(name, {})))
    PLAYED[kind] = HowPlayed(**how)
    return PLAYED[kind]


# ----------------------------------------------------------------------------------------------------------------
# Chance nodes: a card, Building, Sphinx tile, Weather tile or Priest card drawn; a sphere falls
# ----------------------------------------------------------------------------------------------------------------
@frame_kind("draw_card", Rule.ROUND_END, "a card drawn from a deck", chance=True)
class DrawCard(Frame):
    """A card drawn from deck ``deck`` ("A", "B" ... "E") into the Nile (``target="nile"``) or into the hand of
    ``seat`` (``target="hand"``)."""

    deck: str
    target: str = "nile"
    seat: int = -1


@frame_kind("draw_building", Rule.SETUP + " 1e", "a Building card revealed", chance=True)
class DrawBuilding(Frame):
    """A Building card revealed on the first empty Building space."""


@frame_kind("draw_sphinx", Rule.SETUP + " 1f", "a Sphinx tile placed", chance=True)
class DrawSphinx(Frame):
    """A Sphinx tile placed on the first empty Sphinx space."""


@frame_kind("draw_tile", Rule.WEATHER_PHASE + ", step 1", "a Weather tile revealed", chance=True)
class DrawTile(Frame):
    """The round's Weather tile revealed."""


@frame_kind("land", Rule.WEATHER_PHASE + ", step 3", "where a sphere lands", chance=True)
class SphereLands(Frame):
    """Where the next sphere lands: ``counts`` (Sun, Water, Silt) still to fall, ``landings`` those fallen so far
    (they wait on their ramps until every sphere has fallen)."""

    counts: tuple[int, int, int]
    landings: tuple = ()


@frame_kind("draw_priest", Rule.IMMEDIATE_EFFECTS, "a Priest card drawn", chance=True)
class DrawPriest(Frame):
    """A Priest card drawn into the hand of ``seat`` (``target="hand"``) or for the season-end draft
    (``target="draft"``: the :class:`PriestDraft` frame below collects it)."""

    target: str = "hand"
    seat: int = -1


# ghost16: the Ghost's chance nodes (+1 Player Mode; tameri_kit.game.rules_of_play.ghost)
@frame_kind("draw_ghost", Rule.GHOST_ACTIONS, "a Ghost card drawn", chance=True)
class DrawGhostCard(Frame):
    """A Ghost card drawn from the Ghost deck (``why``: for the set-up or for which action, for the log)."""

    why: str = ""


@frame_kind("ghost_silt", Rule.GHOST_TURN, "the ramp a Silt put in the Pyramid falls on", chance=True)
class GhostSilt(Frame):
    """The ramp a Silt sphere put in the Pyramid for the Ghost falls on (reading X5)."""

    why: str = ""


@frame_kind("ghost_temple_card", Rule.GHOST_TEMPLE_CARD, "the Temple card the Ghost reveals", chance=True)
class GhostTempleCard(Frame):
    """The Temple card the Ghost reveals to perform its single-action half."""

    why: str = ""


@frame_kind("ghost_priest", Rule.GHOST_SEASON_END, "the Priest card given to the Ghost at random", chance=True)
class GhostPriestCard(Frame):
    """The draft card given to the Ghost at random (the :class:`PriestDraft` frame below holds the cards)."""


# ----------------------------------------------------------------------------------------------------------------
# Run at once by the engine
# ----------------------------------------------------------------------------------------------------------------
@frame_kind("auto", Rule.TURNS, "a step of the game's flow", automatic=True)
class AutoStep(Frame):
    """A step of the game's flow that needs no decision: ``engine.AUTO[step](game, *arguments)``."""

    step: str
    arguments: tuple = ()


@frame_kind("effect", Rule.IMMEDIATE_EFFECTS, "an immediate effect", automatic=True)
class ImmediateEffect(Frame):
    """An immediate effect for ``player``: ``effect`` names it ("points", "deben", "silt", "resource", "unlock",
    "advance" ...), ``amount`` how much, ``temple`` where (advances), ``why`` its source, for the log."""

    effect: str
    amount: int = 1
    temple: Any = None
    why: str = ""


# ----------------------------------------------------------------------------------------------------------------
# Decisions of Season 0 and of Phases 2 and 3 (secret choices: other seats see them blanked)
# ----------------------------------------------------------------------------------------------------------------
@frame_kind(
    "season_zero_pick", Rule.SEASON_ZERO + ", steps 2-4", "choose a card to keep; the others pass to the next player"
)
class SeasonZeroPick(Frame):
    """Season 0: each player keeps one card and passes the rest; ``kept`` the cards each seat has kept so far,
    ``picks`` the card each seat picks this pass (None: not yet)."""

    kept: tuple
    picks: tuple

    def question(self, settings: Any) -> tuple[str, str]:
        if settings.humans == 1:  # alone against the Ghost: 4 of the 6 cards drawn are kept, none is passed on
            return (
                "choose a card to keep (you keep 4 of the 6 you drew; nothing is passed on)",
                Rule.GHOST_SEASON_ZERO + ", step 2",
            )
        return self.asks, self.rule

    def seen_by(self, seat: int) -> Frame:
        kept = tuple(x if j == seat else () for j, x in enumerate(self.kept))
        return self.but(kept=kept, picks=_hidden(self.picks, seat))

    def set_aside(self, seat: int) -> str | None:
        text = "kept " + (" ".join(map(str, self.kept[seat])) or "-")
        return text + (f", picking {self.picks[seat]}" if self.picks[seat] is not None else "")


@frame_kind("season_zero_farmer", Rule.SEASON_ZERO + ", step 6", "place your first Farmer on a field")
class SeasonZeroFarmer(Frame):
    """Season 0: the field of the player's first Farmer."""


@frame_kind("choose", Rule.CHOOSING, "choose the Action card for this round (in secret)")
class ChooseCard(Frame):
    """Phase 2: each player chooses a card, face down; ``picks`` the card of each seat (None: not yet)."""

    picks: tuple

    def seen_by(self, seat: int) -> Frame:
        return self.but(picks=_hidden(self.picks, seat))

    def set_aside(self, seat: int) -> str | None:
        return f"chosen {number_text(self.picks[seat])}" if self.picks[seat] is not None else None  # gifts16: \u221e


@frame_kind("reveal", Rule.TURN_ORDER, "reveal your card, or keep it face down (it costs Deben)")
class RevealCard(Frame):
    """Phase 3: each player reveals the chosen card or keeps it face down; ``cards`` the card of each seat,
    ``choices`` each seat's decision (True: reveal, False: face down, None: not yet)."""

    cards: tuple
    choices: tuple

    def seen_by(self, seat: int) -> Frame:
        cards = tuple(x if j == seat else "hidden" for j, x in enumerate(self.cards))
        return self.but(cards=cards, choices=_hidden(self.choices, seat))

    def set_aside(self, seat: int) -> str | None:
        how = {None: "undecided", True: "to reveal", False: "to keep face down"}[self.choices[seat]]
        return f"chosen {number_text(self.cards[seat])} ({how})"  # gifts16: the promo card \u221e


# ----------------------------------------------------------------------------------------------------------------
# Phase 4: a player's turn
# ----------------------------------------------------------------------------------------------------------------
@frame_kind("card_weather", Rule.CARD_WEATHER, "use your card's weather effects")
class CardWeatherEffects(Frame):
    """Phase 4, step 1: the played card's weather effects not used yet (``effects_left``, each once, optional)."""

    effects_left: tuple


@frame_kind("option", Rule.GLYPHS, "choose which of the card's actions to use")
class ChoosePlayOption(Frame):
    """Which actions the played card allows (its glyphs, Buildings D1-D5, or any one action face down)."""


@frame_kind("pay_any_resource", "Building List D1-D4", "choose the resource to pay")
class PayAnyResource(Frame):
    """Buildings D1-D4: the resource of choice that completes a glyph; ``via`` the option that needs it."""

    via: str


@frame_kind("main", Rule.TURNS + ", step 2", "take an action, pay for extra weather, or end your actions")
class MainStep(Frame):
    """Phase 4, step 2: ``actions`` the actions still to take, in order (extra weather and Priest cards between)."""

    actions: tuple = ()


@frame_kind("nile", Rule.TURNS + ", step 3", "take a card from the Nile")
class NileCard(Frame):
    """Phase 4, step 3: the card to take from the Nile."""


# ----------------------------------------------------------------------------------------------------------------
# The eight actions and what they ask on the way
# ----------------------------------------------------------------------------------------------------------------
@frame_kind("farmer", Rule.FARMER, "place or move a Farmer")
class FarmerAction(Frame):
    """Possible Actions: Farmer.  ``stage`` "place" (the new Farmer's field) or "arrange" (moving Farmers off a
    full field); ``moved`` the fields left so far; ``why`` the source (the card, an immediate effect ...)."""

    stage: str = "place"
    moved: tuple = ()
    why: str = "card"


@frame_kind("merchant", Rule.MERCHANT, "move your Merchant, trade or collect")
class MerchantAction(Frame):
    """Possible Actions: Merchant.  ``stage`` "place" (where the Merchant stands) or "effect" (trade or collect)."""

    stage: str = "place"


@frame_kind("take", Rule.IMMEDIATE_EFFECTS, "take a resource")
class TakeResource(Frame):
    """Gain 1 resource of the player's choice; ``why`` its source, for the log."""

    why: str


@frame_kind("builder", Rule.BUILDER, "place your Builder, buy a Building and pay for it")
class BuilderAction(Frame):
    """Possible Actions: Builder.  ``stage`` "place", "buy" or "pay"; ``space`` the Building space (0-based) of
    the Building being paid for."""

    stage: str = "place"
    space: int | None = None


@frame_kind("remove", Rule.CARD_WEATHER, "remove a sphere from a ramp")
class RemoveSphere(Frame):
    """Remove one sphere (optional): ``colour`` "S", "W" or "any"; ``why`` its source and ``cited`` the rule,
    for the log."""

    colour: str
    why: str
    cited: str


@frame_kind("building_f4", "Building F4", "use Building F4")
class FarmersMarket(Frame):
    """Building F4: remove a sphere or gain a Silt (asked twice)."""


@frame_kind("unlock", Rule.UNLOCK, "choose which Worker to unlock (its reward)")
class UnlockWorker(Frame):
    """Unlock a Worker and gain its reward (or pick a reward when none is locked); ``why`` its source."""

    why: str


@frame_kind("advance", Rule.PRIEST, "enter or advance a Priest in a Temple")
class PriestAdvance(Frame):
    """Possible Actions: Priest, and free advances (G1-G5, Priest cards, Temple effects): ``grant`` what may be
    moved how far; ``tag`` "priest" (the action), "G5" (Building G5) or "" (other free advances)."""

    grant: Any
    tag: str = ""


@frame_kind("harvest", Rule.HARVEST, "choose the fields to harvest")
class HarvestAction(Frame):
    """Possible Actions: Harvest.  ``stage`` "fields" (which fields), or the id of the Building giving an extra
    crop (A1) afterwards."""

    stage: str = "fields"


@frame_kind("sphinx", Rule.SPHINX, "pay for a Sphinx and choose its space")
class SphinxAction(Frame):
    """Possible Actions: Sphinx.  ``stage`` "pay", "place" or "activate"; ``activated`` the Sphinx spaces
    activated so far."""

    stage: str = "pay"
    activated: tuple = ()


@frame_kind("decoration", Rule.DECORATION, "choose a Sphinx effect to activate")
class DecorationAction(Frame):
    """Possible Actions: Decoration: the Sphinx effect to use."""


@frame_kind("sphinx_effect", Rule.SPHINX_EFFECTS, "use the Sphinx effect or not")
class UseSphinxEffect(Frame):
    """Sphinx Effects: the effect of Sphinx face ``face`` (the faces that cost Deben ask first)."""

    face: str


@frame_kind("field_resource", Rule.SPHINX_EFFECTS + " 2A", "choose a resource of a field")
class FieldResource(Frame):
    """Sphinx Effects 2A: the resource of a field with one of the player's Farmers."""


@frame_kind("swap", Rule.SPHINX_EFFECTS + " 3B", "swap resources")
class SwapResources(Frame):
    """Sphinx Effects 3B: the resources to exchange."""


@frame_kind("season_points", Rule.SPHINX_EFFECTS + " 3A", "score with the Sphinx")
class SeasonPoints(Frame):
    """Sphinx Effects 3A: the Building whose End of Season points to score now."""


@frame_kind("offering", Rule.OFFERING, "choose the resources to hide behind your screen")
class OfferingAction(Frame):
    """Possible Actions: Offering to the Pharaoh.  ``stage`` "choose", "pay" or "extra"; ``chosen`` the offering
    chosen (then the payment assigned)."""

    stage: str = "choose"
    chosen: Any = None


# ----------------------------------------------------------------------------------------------------------------
# End of the Season
# ----------------------------------------------------------------------------------------------------------------
@frame_kind("draft", Rule.SEASON_END + ", step 1", "keep a Priest card and pass the others on")
class PriestDraft(Frame):
    """End of the Season, step 1 (Example 18): ``hand`` the cards passed to ``player``, ``order`` the draft order,
    ``picks`` the cards kept so far, ``drawn`` every card drawn for the draft."""

    hand: tuple = ()
    order: tuple = ()
    picks: tuple = ()
    drawn: tuple = ()

    def seen_by(self, seat: int) -> Frame:
        if self.player == seat:
            return self
        return self.but(hand=(), picks=tuple("hidden" for _ in self.picks), drawn=())


@frame_kind("building_d4", "Building D4", "choose the resource to spend on Building D4")
class D4Spend(Frame):
    """Building D4: the resource to spend for its End of Season points."""


# ----------------------------------------------------------------------------------------------------------------
# gifts16: the Gifts of the Gods (tameri_kit.game.rules_of_play.gift_cards, tameri_kit.game.rules_of_play.gifts)
# ----------------------------------------------------------------------------------------------------------------
GIFTS_RULE = "Gifts of the Gods"


@frame_kind("draw_gift", GIFTS_RULE + ": Recommended Preparation 1", "a Gift dealt", chance=True)
class DrawGift(Frame):
    """Recommended Preparation 1: one Gift dealt face down to ``seat`` (every undealt card equally likely)."""

    seat: int


@frame_kind(
    "gift_keep",
    GIFTS_RULE + ": Recommended Preparation 1",
    "keep one of the Gifts dealt to you; the others are discarded face down",
)
class KeepGift(Frame):
    """Recommended Preparation 1: the Gift the player keeps of the 3 dealt (their Gifts are hidden from others)."""


@frame_kind("gift", GIFTS_RULE + ": Card List", "decide what your Gift offers")
class GiftChoice(Frame):
    """A choice a Gift offers ``player``: ``card`` the Gift ("GG1"), ``stage`` what is asked ("give" for an
    opponent of GG1, "building", "return", "harvest", "sphinx", "builder", and GG2's "field", "swap", "screen",
    "d4"), ``info`` what the stage needs (GG1: the Gift's player, the opponents still to ask and the Deben received;
    GG5: the resources returned so far; GG2's stages: the Building)."""

    card: str
    stage: str
    info: Any = None

    def question(self, settings: Any) -> tuple[str, str]:
        return f"{GIFT_QUESTIONS[self.stage]} (Gift {self.card})", self.rule


#: What each stage of a Gift asks (the stages of :class:`GiftChoice`).
GIFT_QUESTIONS = {
    "give": "give 1 Deben to the Gift's player, or keep it",
    "building": "choose the Building whose effect the Gift activates",
    "field": "take a resource of a field with one of your Farmers (Building A1)",
    "swap": "exchange a resource with the supply (Building A5)",
    "screen": "put a resource from the supply behind your screen (Building B3)",
    "d4": "spend a resource for 2 points (Building D4)",
    "return": "choose the resources to return",
    "harvest": "choose a field to harvest with another player's Farmer",
    "sphinx": "choose the space of your Sphinx",
    "builder": "choose the space your Builder starts on",
}


#: Frames that are chance nodes (a card, Building, Sphinx tile, Weather tile or Priest card drawn; a sphere falls).
CHANCE_KINDS = frozenset(kind for kind, cls in FRAME_KINDS.items() if cls.chance)


def frame_fields(frame: Frame) -> dict:
    """The frame's own fields by name, e.g. ``{"stage": "place", "moved": (), "why": "card"}`` for a Farmer."""
    return {field.name: getattr(frame, field.name) for field in fields(frame) if field.name != "player"}


def rule_of(frame: Frame) -> str:
    """The rulebook section a frame asks about (an illegal decision's error names it)."""
    return frame.rule
