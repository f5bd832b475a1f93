"""The pure parts of the game table (:mod:`tameri_kit.widgets.table`): what is being asked, the legal decisions
grouped with their explanations, the choices that are not legal, the seeded bots and chance, and the text and
HTML of what one seat may see.

Rulebook: the whole game (Game Setup to End of the Game); what a player may see: Season 0 and Phase 2 (cards kept
and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (secret).

Nothing here reads another player's secrets: every picture and explanation is built from
:meth:`tameri_kit.game.PlayerView.observation` (the state with the others' hands, screens, Priest cards and the
decks removed) or from the events the seat may see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape

from ..data import load_actions
from ..data.board import SEASON_NAMES
from ..game import Decision, GameRecord, legal_actions, view
from ..game.play.bots import make_bot
from ..game.play.expert_bot import ExpertBot, reaches_end
from ..game.play.record import table_entry_seed
from ..openspiel.extra import bot_problem
from ..game.play.engine import moves_of_form
from ..game.core.frames import PLAYED
from ..game.play.story import new_events
from ..game.play.view import foresee
from ..game.core.render import PHASES
from ..render.board_svg import worker_places
from ..render.card_icons import glyph_inline, glyph_words, glyphs_inline
from ..rules.common import RESOURCES

#: Action cards by number, for the short description of a card in a hand, a choice or on the Nile.
CARDS = {c.number: c for c in load_actions().cards}


def header(state) -> str:
    """``Season 1 (Akhet), round 2 - Phase 2: Choosing the Actions`` (public)."""
    if state.season in SEASON_NAMES:
        when = f"Season {state.season} ({SEASON_NAMES[state.season]}), round {state.round}"
    else:
        when = "Season 0"
    phase = PHASES.get(state.phase, state.phase)
    return phase if phase == when else f"{when} - {phase}"


def asked(state) -> tuple[str, str]:
    """What the game waits for now, as a sentence, and its rule (public: who decides and what kind)."""
    if state.is_terminal:
        return "the game is over: see the final scores", "End of the Game"
    if state.is_chance:
        return "chance: a card, tile or sphere is drawn", "Game Rounds"
    what, rule = state.top.question(state.settings)  # the frame kind's own words (game.frames)
    return f"{state.to_move}: {what}", str(rule)


def card_text(number) -> str:
    """A card in plain text, its glyphs by name: ``card 59 (A) [Sunrise | Daytime] Decoration / Merchant`` (the game
    log's ``str(card)`` keeps its one-character signs, in which Sunrise and Sunset look alike)."""
    card = CARDS.get(number)
    if card is None:
        return f"card {number}"
    actions = " / ".join("+".join(a.label for a in half) for half in (card.top, card.bottom))
    glyphs = f"{glyph_words(card.left, empty='-')} | {glyph_words(card.right, empty='-')}"
    return f"card {card.label} ({card.deck}) [{glyphs}] {actions}"


def card_html(number) -> str:
    """A card in HTML, its glyphs as the badges the card pictures draw (each named after its badge)."""
    card = CARDS.get(number)
    if card is None:
        return escape(f"card {number}")
    actions = " / ".join("+".join(a.label for a in half) for half in (card.top, card.bottom))
    left = glyphs_inline(card.left, 16, named=True)
    right = glyphs_inline(card.right, 16, named=True)
    return (
        f'<span class="tameri-card-text">{escape(f"card {card.label} ({card.deck})")} '
        f"[{left} | {right}] {escape(actions)}</span>"
    )


@dataclass(frozen=True)
class Choice:
    """One legal decision as a control shows it: the decision, its group title and its short explanation."""

    decision: Decision
    group: str
    explanation: str

    @property
    def move(self) -> str:
        return self.decision.move


def group_of(kind: str, move: str) -> str:
    """The title of the group of ``move`` (a legal move of a decision of ``kind``): the frame kind's own."""
    return PLAYED[kind].group(move)


def preview(observation, decision: Decision) -> list:
    """The events ``decision`` would cause that concern its player, tried on the player's own observation (so
    nothing hidden is used); empty when the observation cannot show them."""
    after = foresee(observation, decision)
    if after is None:
        return []
    out = new_events(observation, after)
    name, seat = decision.player, observation.seat(decision.player)
    mine = [e for e in out if e.text.startswith(name + " ") or e.text.startswith(name + ":")]
    # a public announcement ("John chooses a card") followed by its private detail under the same rule ("John
    # chooses card 59"): the detail says it all
    private_rules = {e.rule for e in mine if e.seat == seat}
    return [e for e in mine if e.seat == seat or e.rule not in private_rules]


def explain(observation, decision: Decision) -> str:
    """A short explanation: the card it names (if any), then what it does with the rule of each effect."""
    how = PLAYED[observation.top.kind]
    meaning = how.meanings.get(decision.move)
    if meaning:
        return meaning
    parts = []
    if how.action_card and decision.payload is not None:  # the card's number (a legal decision carries it)
        parts.append(card_text(decision.payload))
    events = preview(observation, decision)
    name = decision.player + " "
    effects = [f"{e.text.removeprefix(name)} [{e.rule}]" for e in events]
    if effects:
        parts.append("; ".join(effects))
    elif not parts:
        parts.append(how.quiet_meaning(decision.move) or "no effect you can see yet")
    return " - ".join(parts)


def choices(state, player: str) -> list[Choice]:
    """The legal decisions of ``player`` now, grouped (groups in order of first appearance) and explained."""
    v = view(state, player)
    legal = v.legal
    if not legal:
        return []
    obs = v.observation()
    kind = state.top.kind
    items = [Choice(d, group_of(kind, d.move), explain(obs, d)) for d in legal]
    order = {}
    for c in items:
        order.setdefault(c.group, len(order))
    return sorted(items, key=lambda c: order[c.group])


def not_allowed(state) -> list[str]:
    """The moves of the decision asked now that are not legal (for "Why not?"): the frame kind's own grammar
    (:func:`tameri_kit.game.play.engine.moves_of_form`, public information only) without the legal moves."""
    legal = {decision.move for decision in legal_actions(state)}
    return [move for move in moves_of_form(state) if move not in legal]


# ----------------------------------------------------------------------------------------------------------------
# Seeded chance and bots: a pure function of (seed, entry index), so undo and reopening replay identically
# ----------------------------------------------------------------------------------------------------------------
#: the seed of each entry's chance and bots at the table: the record's own (it checks a table's record against it)
entry_seed = table_entry_seed


def chance_rng(seed: int, index: int) -> random.Random:
    return random.Random(entry_seed(seed, index, "chance"))


def bot_for(kind: str, seed: int, index: int, player: str):
    return make_bot(kind, entry_seed(seed, index, player))


# ----------------------------------------------------------------------------------------------------------------
# What the seated person sees
# ----------------------------------------------------------------------------------------------------------------
def _stock(stock) -> str:
    return ", ".join(f"{stock[r]} {r.value}" for r in RESOURCES)


def own_lines(observation, seat: int) -> list[str]:
    """The seated person's hand, screen and player board, as text lines."""
    p = observation.players[seat]
    row = " ".join((f"[{x.card.label} face down]" if x.face_down else x.card.label) for x in p.row) or "-"
    merchant = None if p.merchant is None else p.merchant + 1
    places = worker_places(p.farmers, merchant, p.builder, 0)  # the Priests: on the board picture beside it
    lines = [
        f"{p.name} ({p.glyph.value} glyph), {p.score} points",
        f"supply: {_stock(p.reserve)}; {p.deben} Deben, {p.silt} Silt",
        f"behind your screen: {_stock(p.screen)}",
        f"Workers: {p.workers} unlocked, {len(p.locked)} locked; placed: " + ("; ".join(places) or "none"),
        f"this Season's cards: {row}",
        (
            f"Buildings: {' '.join(p.buildings) or '-'}; Sphinxes built: {p.sphinxes}; "
            f"Priest cards: {' '.join(map(str, p.priest_cards)) or '-'}"
        ),
        "hand: " + ("; ".join(card_text(n) for n in p.hand) or "empty"),
    ]
    return lines


def hint_bot(seed: int) -> ExpertBot:
    """The bot behind the table's Hint: the expert bot at its default budget (a fraction of a second a decision on
    one core: docs/bots.md), the strongest of the kit's bots that answers while a person waits."""
    return ExpertBot(seed)


def expert_words(bot: ExpertBot, options: int, season: int | None = None) -> str:
    """Why the expert bot chose as it did (its last decision, taken in ``season``), in plain words for the Hint: the
    chosen move's and the next best's mean margins over its playouts, or that it judged by the strong bot's estimate
    alone."""
    judged = bot.judged()
    if options == 1:
        return "It is the only decision open to you now."
    if not judged:
        return (
            f"Of the {options} decisions open to you, the strong bot's quick judgement leaves only this one worth "
            "playing out."
        )
    best = judged[0]
    to_end = bot.horizon is None if season is None else reaches_end(season, bot.horizon)
    tried = f"Of the {options} decisions open to you it tried the {len(judged)} most promising, each played on "
    guessed = f"{best.playouts} times from worlds drawn from what you can see (the others' hidden cards guessed)"
    if to_end:
        words = (
            f"{tried}to the end of the game {guessed}. In points, with this one you end {_ahead(best.margin)} the "
            "best rival on average"
        )
    elif bot.model is not None:
        words = (
            f"{tried}{_season_horizon(bot.horizon)} {guessed}, then valued by what thousands of games went on to "
            f"score from such positions. With this one you are expected to finish {_ahead(best.margin)} the best rival"
        )
    else:
        words = (
            f"{tried}{_season_horizon(bot.horizon)} {guessed}. In points (with what you hold valued by the strong "
            f"bot's count), with this one you end {_ahead(best.margin)} the best rival on average"
        )
    if len(judged) > 1 and judged[1].playouts:
        second = judged[1]
        words += f"; with '{second.move}', the next best, {_ahead(second.margin)}"
    return words + "."


def _season_horizon(horizon: int) -> str:
    return "to the end of the Season" if horizon == 0 else f"to the end of the Season {horizon} after this"


def _ahead(margin: float) -> str:
    points = abs(margin)
    unit = "point" if round(points, 1) == 1 else "points"
    return f"{points:.1f} {unit} {'ahead of' if margin >= 0 else 'behind'}"


def scores_line(state) -> str:
    """Everyone's points and turn order (public)."""
    scores = ", ".join(f"{p.name} {p.score}" for p in state.players)
    order = ", ".join(state.players[i].name for i in state.order) if state.order else ""
    return f"points: {scores}" + (f"; turn order: {order}" if order else "")


def own_html(observation, seat: int) -> str:
    """:func:`own_lines` as HTML; the board's and the hand's glyphs as badges."""
    lines = own_lines(observation, seat)
    player = observation.players[seat]
    hand = player.hand
    title = (
        f"<b>{escape(player.name)}</b> (board glyph {glyph_inline(player.glyph, 16, named=True)}), "
        f"<b>{player.score} points</b>"
    )
    items = "".join(f"<li>{escape(x)}</li>" for x in lines[1:-1])
    items += "<li>hand: " + ("; ".join(card_html(n) for n in hand) or "empty") + "</li>"
    return f'<div style="font-size:13px;max-width:100%;overflow-wrap:anywhere">{title}<ul style="margin:2px 0 2px 16px;padding:0">{items}</ul></div>'


def log_html(blocks: list[tuple[str, list]], *, height: int = 220) -> str:
    """The log blocks ``(heading, events)``, newest first, in a scrollable box."""
    if not blocks:
        body = "<i>nothing has happened since your last decision</i>"
    else:
        parts = []
        for heading, events in reversed(blocks):
            evs = "".join(f"<li>{escape(e.text)} <i style='color:#666'>[{escape(e.rule)}]</i></li>" for e in events)
            parts.append(f"<div><b>{escape(heading)}</b><ul style='margin:0 0 4px 16px;padding:0'>{evs}</ul></div>")
        body = "".join(parts)
    return (
        # a scrolling box: reachable by Tab (tabindex) so the keyboard can scroll it, and named for screen readers
        f'<div class="tameri-log" role="region" aria-label="What happened, newest first" tabindex="0" '
        f'style="max-height:{height}px;overflow-y:auto;font-size:12px;border:1px solid #ddd;padding:4px">{body}</div>'
    )


def log_text(blocks: list[tuple[str, list]]) -> str:
    lines = []
    for heading, events in blocks:
        lines.append(heading)
        lines.extend(f"    {e}" for e in events)
    return "\n".join(lines)


def seats_of(record: GameRecord) -> tuple[tuple[str, ...], dict]:
    """The people and bots a table saved in a record's meta (empty when the record is not from a table)."""
    meta = dict(record.meta)
    people = tuple(n for n in meta.get("people", "").split(",") if n)
    bots = {}
    for item in meta.get("bots", "").split(","):
        name, _, kind = item.partition("=")
        if name and bot_problem(kind) is None:
            bots[name] = kind
    return people, bots


def log_blocks(entries, states, viewer: str, people, bots, settings) -> list[tuple[str, list]]:
    """``(heading, events)`` for each entry since ``viewer``'s last decision (``states[k]`` is the state before
    entry ``k``), as the viewer may see them: bots' decisions are named but not what they chose in secret."""
    seat = settings.players.index(viewer)
    mine = [k for k, e in enumerate(entries) if e.split(":", 1)[0] == viewer]
    first = mine[-1] if mine else 0
    blocks = []
    if not mine:
        blocks.append(("Game Setup", [e for e in states[0].events() if e.seat in (None, seat)]))
    for k in range(first, len(entries)):
        decision = Decision.parse(entries[k])
        events = [e for e in new_events(states[k], states[k + 1]) if e.seat in (None, seat)]
        if decision.player in people and (decision.player == viewer or len(people) > 1):
            heading = f"{k + 1}. {decision}"
        elif decision.is_chance:
            if not events:
                continue
            heading = f"{k + 1}. chance"
        else:
            heading = f"{k + 1}. {decision.player} ({bots.get(decision.player, 'person')}) decides"
        blocks.append((heading, events))
    return blocks


def table_text(state, viewer: str, settings, choices) -> str:
    """What the seated ``viewer`` sees at the table, as text (for printing in a lesson)."""
    seat = settings.players.index(viewer)
    question, rule = asked(state)
    lines = [
        f"{header(state)} - you play {viewer}",
        f"Now: {question} [{rule}]",
        scores_line(state),
        *own_lines(view(state, viewer).observation(), seat),
    ]
    if choices:
        lines.append("Your decisions:")
        group = None
        for choice in choices:
            if choice.group != group:
                group = choice.group
                lines.append(f"  {group}:")
            lines.append(f"    {choice.move}  -  {choice.explanation}")
    if state.is_terminal and state.outcome is not None:
        lines.append(state.outcome.table_text())
    return "\n".join(lines)
