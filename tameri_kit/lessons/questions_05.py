"""Lesson 05 (Workers and the eight actions): predict what one action does, in positions of real seeded games.

The positions come from the lesson (``tameri_kit.widgets.actions.action_position`` and ``nile_position``); every
answer is computed at Check by the engine (:func:`~tameri_kit.game.step` from the position) or the rules
(:func:`~tameri_kit.rules.offering.offer`, :func:`~tameri_kit.game.rules_of_play.turn.face_down_price`).  The prompts name only
what the learner can see in the position (the player, the field, the card), never what the action gives.
"""

from __future__ import annotations

from html import escape

from ..game import Settings, legal_actions, new_game, step
from ..game.core.catalog import BUILDINGS, CARDS
from ..game.rules_of_play.actions.builder import building_price, steps_short
from ..game.rules_of_play.payments import building_cost_slots
from ..game.core.state import free_workers
from ..game.rules_of_play.turn import face_down_price
from ..rules.common import Ramp
from ..rules.fields import is_productive
from ..rules.glyphs import Played
from ..rules.offering import Stock, offer
from ..widgets.actions import describe
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question

QUESTIONS = (
    "workers_at_start",
    "harvest_yield",
    "trade_gain",
    "builder_cost",
    "offering_points",
    "nile_warehouse_limit",
    "third_face_down",
)
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("nile_warehouse_limit",)

SILT_YIELD = "1 or 2 Silt give 1, 3 Silt give 2, 4 Silt give 3, no Silt nothing"
WHOLE = "a whole number"  # the form of the answer, never a value


def workers_at_start(*, fold=None, fold_title: str | None = None) -> Question:
    start = new_game(Settings.for_players(3))
    return Question(
        "At the start of the game, how many Workers may you place on the main board?",
        lambda: free_workers(start, 0),
        kind="number",
        label="Workers",
        explain="Each player has 8 Workers, but 4 start on the Locked Worker spaces of the player board and cannot "
        "be placed until a Temple space or a Residential Building unlocks them (Game Setup, 3b).",
        hint="Count the Workers that are not on the Locked Worker spaces.",
        wrong={
            8: "Not all 8 are free: those on the Locked Worker spaces cannot be placed until something unlocks them.",
            3: "No Worker stands on the main board before Season 0's Farmer: count the ones free to be placed.",
        },
        placeholder=WHOLE,
        fold=fold,
        fold_title=fold_title,
    )


def _harvest_scene(state, player: str):
    """The state after ``do harvest`` and a field the player may harvest alone, a productive one with Silt in its
    river when there is one."""
    ready = step(state, f"{player}: do harvest")
    fields = [
        d.move.split()[1]
        for d in legal_actions(ready)
        if d.move.startswith("harvest ") and d.move != "harvest nothing" and "," not in d.move
    ]

    def yields(field: str) -> bool:
        ramp, crop = field.split("-")
        return is_productive(crop, ready.pyramid.ramp(ramp) or "-") and ready.pyramid.river(Ramp(ramp)) > 0

    return ready, next((field for field in fields if yields(field)), fields[0])


def harvest_yield(state, player: str) -> Question:
    """``state``: a position where ``player`` is about to use the Harvest action."""
    ready, field = _harvest_scene(state, player)
    river, crop = field.split("-")
    silt = ready.pyramid.river(Ramp(river))

    def answer() -> int:
        after = step(ready, f"{player}: harvest {field}")
        return after.player(player).reserve.total - ready.player(player).reserve.total

    return Question(
        f"{player} harvests the field {field} (crop {crop}, river {river}) and only that one. How many resources "
        "does that bring?",
        answer,
        kind="number",
        label="Resources",
        about=("harvest", "harvests", "brings"),
        explain=f"The field is productive, so the Farmer takes its crop; how much depends only on the Silt in the "
        f"river beside it ({SILT_YIELD}: Possible Actions: Harvest). Afterwards one Silt leaves that river.",
        hint="First judge the field from the spheres in view on its ramp; then look at its river.",
        wrong=lambda given: (
            "That is the number of Silt spheres; the yield is the number printed beside the farthest Silt sphere in "
            "the river."
            if given == silt and silt > 1
            else ""
        ),
        placeholder=WHOLE,
    )


def trade_gain(state, player: str) -> Question:
    """``state``: a position where ``player`` is about to use the Merchant action (with 2 resources or more)."""
    ready = step(state, f"{player}: do merchant")
    space = next(d.move for d in legal_actions(ready) if d.move.startswith("merchant space"))
    placed = step(ready, f"{player}: {space}")
    trade = next(d.move for d in legal_actions(placed) if d.move.startswith("trade "))

    def answer() -> int:
        after = step(placed, f"{player}: {trade}")
        return after.player(player).reserve.total - state.player(player).reserve.total

    return Question(
        f"{player} chooses: {describe(space, ready)}; then `{trade}`. After the Trade, how many resources does "
        f"{player} have more than before?",
        answer,
        kind="number",
        label="Resources gained",
        about=("gained", "gains", "more than before"),
        explain="A Trade puts 1 of your resources in the Market's warehouse, then takes 1 resource from the supply "
        "for each of the two stalls beside your Merchant (Possible Actions: Merchant): 2 in, 1 out.",
        hint="Count what leaves your supply and what comes in.",
        wrong={
            2: "The Trade starts by putting a resource of yours in the warehouse: count what goes out too.",
            3: "Too many: read again which stalls give you something, and what the Trade costs you.",
        },
        placeholder=WHOLE,
    )


def _builder_after_action(state, player: str) -> int:
    """The space the player's Builder stands on once the Builder action has placed or advanced it (Possible
    Actions: Builder, step 1): the bottom space for a Builder not yet in play, else one space up (not past the top)."""
    now = state.player(player).builder
    return 1 if now is None else min(now + 1, len(state.row))


def builder_cost(state, player: str) -> Question:
    """``state``: a position where ``player`` is about to take the Builder action; the question is about the card on
    space 3.  The prompt says where the Builder stands *before* the action, and that the action first places it
    (or moves it up): a careful reader of step 1 counts from where the Builder stands after that."""
    target = state.row[2]
    printed = len(building_cost_slots(target, 0))
    now = state.player(player).builder
    where = (
        f"{player} has no Builder in play yet, so the action first places one on the bottom space (space 1)"
        if now is None
        else f"{player}'s Builder stands on space {now}, so the action first moves it up one space"
    )
    standing = _builder_after_action(state, player)
    short = steps_short(standing, 3)

    def wrong(given) -> str:
        if given == printed:
            return "The Builder has not reached space 3: each step it is short adds 1 Papyrus."
        if now is not None and given == len(building_price(target, now, 3)):
            return "Step 1 of the action comes first: the Builder moves up before you buy, so count from there."
        if given == printed + short + 1:
            return "Count the steps the Builder is short of the card, not the spaces from the bottom."
        return ""

    return Question(
        f"{player} takes the Builder action and wants {target} ({BUILDINGS[target].name}), the card on space 3, "
        f"whose printed cost is {printed} resource(s). {where}. How many resources does {player} pay for {target} "
        "in all?",
        lambda: len(building_price(target, standing, 3)),
        kind="number",
        label="Resources",
        about=("pay for", "in all"),
        explain="The Builder action first places your Builder on the bottom space, or moves it up one space if it is "
        "already in play; then you may buy a card, paying its printed cost plus 1 Papyrus for each step your "
        "Builder is still short of it (Possible Actions: Builder, Example 9).",
        hint="Where does the Builder stand once step 1 of the action is done, and how many steps short of space 3 "
        "is that?",
        wrong=wrong,
        placeholder=WHOLE,
    )


def offering_points() -> Question:
    return Question(
        "How many points does offering 1 Barley, 1 Papyrus and 1 Flax score at once?",
        lambda: offer(Stock(barley=1, papyrus=1, flax=1), Stock(), "barley papyrus flax").points,
        kind="number",
        label="Points",
        explain="An offering scores one point per different resource hidden behind the screen, plus 1 (Offering "
        "to the Pharaoh, Example 14): 3 + 1.",
        hint="One point per resource, and then?",
        wrong={
            3: "One point per resource is only part of it: read the rule above the question again.",
            6: "Each resource scores 1 point, not 2.",
        },
        placeholder=WHOLE,
    )


def _nile_choice(state, player: str):
    me = state.player(player)
    return next((card, res) for card, res in sorted(state.nile) if res is not None and me.reserve[res] >= 4)


def nile_warehouse_limit(state, player: str, *, fold=None, fold_title: str | None = None) -> Question:
    """``state``: ``player`` is about to take a Nile card carrying a resource of which they hold 4 or more.

    Asked before the lesson explains step 4 of the turn (Restore warehouse)."""
    card, resource = _nile_choice(state, player)
    held = state.player(player).reserve[resource]

    def answer() -> int:
        return step(state, f"{player}: take {card}").player(player).reserve[resource]

    return Question(
        f"{player} has {held} {resource.label} and takes card {card} from the Nile, which carries a "
        f"{resource.label}. How many {resource.label} does {player} have when the turn is over?",
        answer,
        kind="number",
        label=resource.label,
        explain="The turn ends with Restore warehouse (Phase 4, step 4): a player keeps at most 4 of each resource "
        "(and at most 4 Deben and 4 Silt); the rest goes back to the supply.",
        hint="Does a player's supply have a limit at the end of the turn?",
        wrong=lambda given: (
            "The card's resource does come in, but the turn's last step puts back everything above the limit."
            if given == held + 1
            else ""
        ),
        placeholder=WHOLE,
        fold=fold,
        fold_title=fold_title,
    )


def _third_face_down() -> int:
    player = new_game(Settings.for_players(3)).players[0]
    two_down = player.but(row=(Played(CARDS[5], True), Played(CARDS[7], True)))
    return face_down_price(two_down)


def third_face_down() -> Question:
    return Question(
        "You have already played two cards face down this Season. How many Deben does a third face-down card cost?",
        _third_face_down,
        kind="number",
        label="Deben",
        explain="Keeping a card face down costs as many Deben as the face-down cards on your board this Season, "
        "counting the new one (Phase 3: The Turn Order): two before it and the new one.",
        hint="Count the face-down cards this Season, the new one included.",
        wrong={
            1: "That is what the first one costs; the price grows with each.",
            2: "Too few: one face-down card is missing from your count.",
        },
        placeholder=WHOLE,
    )


# ---- what the folds show once a question is answered (functions returning HTML: nothing is computed before) ----
def locked_workers_of(start, seat: int = 0):
    """The part of ``workers_at_start``'s fold: the rewards under the Locked Workers of one player at the start."""

    def part() -> str:
        board = start.players[seat]
        rewards = "; ".join(f"{reward.amount} {reward.kind}" for reward in board.locked)
        return (
            f"<p>{escape(board.name)}'s Locked Worker spaces at the start, each with the reward printed under it "
            f"(the kit's rewards are illustrative, register D9): {escape(rewards)}. The Workers not on those spaces "
            "are the ones you may place.</p>"
        )

    return part


def restore_warehouse() -> str:
    """The part of ``nile_warehouse_limit``'s fold: step 4 of the turn, in the kit's words."""
    return (
        "<p>The turn ends with <b>Restore warehouse</b> (<i>Phase 4</i>, step 4): at the end of your own turn you "
        "keep at most 4 of each resource, 4 Deben and 4 Silt; the excess goes back to the supply. What you gain "
        "during someone else's turn (from the Market, say) you may keep until the end of your next turn.</p>"
    )


def harvest_picture(state, width: int = 520) -> str:
    """The pyramid of a harvest position, its Farmers on the fields, leaving the judging of each field (productive?
    what a Farmer harvests?) to the learner: the question below it asks just that."""
    from ..game.core.board_view import farmers_on_fields
    from ..render.pyramid_svg import pyramid_svg

    return pyramid_svg(
        state.pyramid, readings=state.settings.weather, width=width, farmers=farmers_on_fields(state), settled=None
    )


SUMMARY = """
- Your card's **weather effects** (− Sun, − Water, − any, + Silt) come first in your turn, each optional, once.
- You have **8 Workers**: 4 free, 4 locked until a Temple space or an **E** Building unlocks them (with a reward).
- **Farmer**, **Merchant**, **Builder** and **Priest** place a Worker (or move one; Priests never move);
  **Harvest**, **Sphinx**, **Decoration** and **Offering** need none.
- Harvest: productive field × Silt in its river (1–2 → 1, 3 → 2, 4 → 3), then 1 Silt leaves.
- Market: Trade (1 in, the two stalls out, neighbours share) or Collect (the whole warehouse; others take 1).
- Builder: climb the column; a card above your Builder costs 1 extra Papyrus per space.
- Sphinx: 1 Fruit, a Sphinx placed, all yours used; Decoration: any one space, free.
- Offering: 1–4 different resources hidden, their number + 1 points.
- End of turn: a Nile card (and its resource), then at most 4 of each resource, Deben and Silt.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
