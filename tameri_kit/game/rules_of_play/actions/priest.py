"""The Priest action: enter a Temple with a Worker or advance the Priest already there, up to 4 steps paid with
different resources, with the pushes and the effects of every space passed or reached (the move itself is the
rules' :mod:`tameri_kit.rules.temple_moves`).

Rulebook: Possible Actions: Priest (Example 10); Game Effects: Immediate Effects (the Temple spaces' effects).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...._fast import direct_init, from_fields, remembered
from ....data.temples_and_priests import TEMPLES
from ....rules.action_cards import Action
from ....rules.common import RESOURCES
from ....rules.temple_moves import (
    Grant,
    candidate_moves,
    free_advance,
    is_blocked,
    legal_moves,
    priest_action,
    why_illegal,
)
from ....rules.temple_moves import apply as temple_apply
from ...core.catalog import Rule
from ..game_effects import can_use_effect, queue_immediate_effects
from ...core.frames import Frame, PriestAdvance, plays
from ..payments import pay_options, priest_payment_stock, stock_text, substitutes_for
from ...core.state import free_workers, worker_sources
from ...core.working import AnyState, WorkingGame, pay_resources, take_worker


#: The temple rules' answer for a move, kept: a bot's look-ahead tries the same move in the same temples once per way
#: of paying and per place the Worker comes from (see tameri_kit._fast).  Every argument here is a frozen value.
move_in_temples = remembered(temple_apply)


# --- the choice of the kind --------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class PriestMove:
    """A move in the Temples (``move``, of :func:`rules.temple_moves.legal_moves`), the Worker entering a Temple coming
    from ``source`` ("free" when none enters or an unused one does) and how the steps are paid (``paid``, with the
    Buildings whose effects the payment uses: as in :class:`~.choices.Payment`)."""

    move: Any
    source: str
    paid: Any
    effects_used: tuple[str, ...] = ()


# --- Priest and free advances -------------------------------------------------------------------------------------
def priest_grant(state: AnyState, seat: int) -> Grant:
    """Possible Actions: Priest - what one Priest action allows ``seat``: up to 4 steps, one different resource each,
    from the resources the player has (B2's free step if the player owns it; ``rules.temple_moves.priest_action``)."""
    player = state.players[seat]
    b2 = can_use_effect(state, seat, Action.PRIEST, "free step") is not None
    return priest_action(great_altar=b2, have=[r for r in RESOURCES if player.reserve[r] > 0])


def priest_moves(state: AnyState, seat: int, grant: Grant) -> list[tuple[str, Any]]:
    """Possible Actions: Priest - the moves of :func:`rules.temple_moves.legal_moves`, each with where the Worker comes
    from when it enters a temple (an unused one, or one moved from the Market, the Construction area or a field:
    reading E5) and, with substitution Buildings, how the steps are paid (reading E9)."""
    player = state.players[seat]
    out = []
    sources = worker_sources(state, seat)
    subs = substitutes_for(state, seat) if grant.kind != "free" else ()
    if subs:
        grant = replace(grant, have=None)
    for m in legal_moves(state.temples, player.name, grant, state.settings.temples):
        body = str(m)[len(player.name) + 1 :]
        plain = priest_payment_stock(m.pay)
        if not subs or not m.pay:
            ways = [(plain, ())]
        else:
            ways = sorted(pay_options(player.reserve, m.pay, subs).items(), key=lambda kv: (kv[0] != plain, str(kv[0])))
            ways = [(paid, effects_used) for paid, (effects_used, _) in ways]
        for paid, effects_used in ways:
            paying = "" if paid is plain or paid == plain else f" paying {stock_text(paid)}"
            # PriestMove(m, source, paid, effects_used), made from its fields (it has no checks; a listing makes
            # dozens of them: tameri_kit._fast.from_fields)
            if m.enter:  # an unused Worker or one moved from elsewhere, never from a Temple (reading E5)
                for suffix, src in sources:
                    choice = {"move": m, "source": src, "paid": paid, "effects_used": effects_used}
                    out.append((f"{body}{paying}{suffix}", from_fields(PriestMove, choice)))
            else:
                choice = {"move": m, "source": "free", "paid": paid, "effects_used": effects_used}
                out.append((f"{body}{paying}", from_fields(PriestMove, choice)))
    return out


def can_place_priest(state: AnyState, seat: int) -> bool:
    """Whether some Priest move exists.  A 1-step move is legal whenever any move is (a longer one needs more
    resources and more room), and one step costs one resource of any kind (or nothing with B2)."""
    player = state.players[seat]
    if player.reserve.total == 0 and not can_use_effect(state, seat, Action.PRIEST, "free step"):
        return False
    movable = free_workers(state, seat) > 0 or bool(worker_sources(state, seat))
    for frame in TEMPLES:
        here = state.temples.space_of(player.name, frame)
        if here is None and not movable:
            continue
        if not is_blocked(state.temples, frame, (here or 0) + 1):
            return True
    return False


def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Priest (Example 10), and free advances (G1-G5, Priest cards) - the moves of ``priest_moves``
    prefixed ``priest`` or ``advance``, and the pass."""
    grant, tag = frame.grant, frame.tag
    prefix = "priest " if tag == "priest" else "advance "
    out = [(prefix + m, x) for m, x in priest_moves(state, frame.player, grant)]
    return out + [(prefix + "pass", None)]


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Priest; Immediate Effects (advance in a Temple); Buildings G1-G5 (Example 10)."""
    game.pop()
    seat = frame.player
    grant, tag = frame.grant, frame.tag
    if choice is None:
        return
    m, src, paid, effects_used = choice.move, choice.source, choice.paid, choice.effects_used
    take_worker(game, seat, src)
    if paid.total:
        pay_resources(game, seat, paid)
    for e in effects_used:
        game.use(seat, e)
        game.log_event(f"{game.name_of(seat)} pays {stock_text(paid)} using {e}", Rule.PERMANENT_EFFECTS)
    if grant.great_altar and len(m.pay) < max(0, m.steps - grant.free_steps):
        game.use(seat, can_use_effect(game, seat, Action.PRIEST, "free step"))
    # the payment was checked above (with substitutions, reading E9): the temple rules judge the move itself
    result = move_in_temples(
        game.temples, m, replace(grant, have=None) if grant.have is not None else grant, game.settings.temples
    )
    game.temples = result.end
    for e in result.events:
        if e.kind in ("pay", "enter", "land", "push", "pass") or e.kind == "start":
            game.log_event(e.text, e.step)
    gains = [(game.settings.players.index(g.player), g.effect) for g in result.gains]
    for g in result.gains:
        game.log_event(str(g), "Possible Actions: Priest (effects of the spaces)")
    if tag == "G5" and game.stack and game.top.kind == "advance" and game.top.tag == "G5":
        rest = tuple(x for x in TEMPLES if x != m.temple)
        game.replace_top(
            game.top.but(
                grant=free_advance(
                    1, rest, name="Building G5 (Temple of Isis): a second, different temple", rule="Building G5"
                ),
                tag="G5b",
            )
        )
    queue_immediate_effects(game, gains, f"{m.temple.value} space")


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
def candidate_texts(state: AnyState, frame: Frame, *, held_only: bool = False) -> dict[str, Any]:
    """Every well-formed move of the grant in the Temples (the rules' :func:`rules.temple_moves.candidate_moves`: each
    Temple, each number of steps, each payment in different resources, of any kind or, ``held_only``, of those you
    have), by its text, with a Worker that is unused."""
    name = state.players[frame.player].name
    prefix = "priest " if frame.tag == "priest" else "advance "
    grant = frame.grant if held_only else replace(frame.grant, have=None)
    return {prefix + str(m)[len(name) + 1 :]: m for m in candidate_moves(state.temples, name, grant)}


def grammar(state: AnyState, frame: Frame) -> list[str]:
    """One move per Temple and number of steps (paid with resources you have where you have enough), then passing."""
    first: dict = {}
    for texts in (candidate_texts(state, frame, held_only=True), candidate_texts(state, frame)):
        for text, m in texts.items():
            first.setdefault((m.temple, m.steps), text)
    order = sorted(first, key=lambda key: (TEMPLES.index(key[0]), key[1]))
    return [first[key] for key in order] + [("priest " if frame.tag == "priest" else "advance ") + "pass"]


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Priest - the temple rules' own reason (one Priest per Temple, the steps paid with different
    resources, the top of the track ...), or no unused Worker to enter a Temple with."""
    m = candidate_texts(state, frame).get(move)
    if m is None:
        return None
    found = why_illegal(state.temples, m, frame.grant, state.settings.temples)
    if found is not None:
        reason, rule = found
        return reason if rule == frame.rule else f"{reason} ({rule})"
    if m.enter and not any(suffix == "" for suffix, _ in worker_sources(state, frame.player)):
        return "you have no unused Worker: move one from where it stands ('... from ...'), never from a Temple"
    return None


plays(
    PriestAdvance,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"priest": "Priest", "advance": "Free advance"},
)
