"""What a shared page says about its game before the first step and after the last: the title, the facts of the
game (players and bots, the Ghost and its level, Gifts of the Gods, promo cards, the readings, where the chance
outcomes come from) and the result (the winner; against the Ghost, who beat it and by how much).

Rulebook: Game Setup (the players); +1 Player Mode (the Ghost's level, who beats the Ghost: End of the Game step 6
for a tie); Mini Expansion Set: The Gifts of the Gods; ``docs/ambiguities.md`` (the readings a record may change).
"""

from __future__ import annotations

from ..game import GameRecord, ghost_result
from ..game.core.settings import FIELD_EXTRA_SPACE, READING_DEFAULTS
from ..game.play.record import chance_by_hand


def _ghost_level(settings) -> str:
    return settings.ghost if settings.ghost != "custom" else f"custom {list(settings.ghost_spaces or ())}"


def bots_of(record: GameRecord) -> dict[str, str]:
    """Which player each bot played, from the record's ``meta["bots"]``: the table writes ``"Paul=strong,
    George=greedy"``, ``play`` and ``play_game`` one name per human seat in order (``"greedy,greedy"``).  Words from
    the file are kept as they are (the page escapes them); a list that fits neither form names no bot."""
    text = dict(record.meta).get("bots", "")
    if not text:
        return {}
    humans = list(record.settings.players[: record.settings.humans])
    items = [item.strip() for item in text.split(",")]
    if all("=" in item for item in items):
        pairs = (item.split("=", 1) for item in items)
        return {name.strip(): kind.strip() for name, kind in pairs if name.strip() in humans}
    if len(items) == len(humans) and all(items):
        return dict(zip(humans, items))
    return {}


def chance_words(record: GameRecord) -> str:
    """Where the chance outcomes come from: ``"seed 1"``, or chosen by hand (never a seed's claim then)."""
    if chance_by_hand(record):
        return "chance outcomes chosen by hand" + (
            f" (the record also names seed {record.seed}, whose draws they are not)" if record.seed is not None else ""
        )
    return "no seed recorded" if record.seed is None else f"seed {record.seed}"


def record_title(record: GameRecord) -> str:
    """One line naming the game: its players (and bots), the Ghost, the expansions, where chance comes from."""
    settings = record.settings
    bots = bots_of(record)
    names = [f"{name} (bot)" if name in bots else name for name in settings.players[: settings.humans]]
    extras = []
    if settings.gifts:
        extras.append("Gifts of the Gods")
    if settings.promo:
        extras.append("promo cards")
    extra = f", with {' and '.join(extras)}" if extras else ""
    chance = "chance by hand" if chance_by_hand(record) else chance_words(record)
    if settings.ghost is not None:
        return f"Tameri: {', '.join(names)} against the Ghost ({_ghost_level(settings)}){extra}, {chance}"
    return f"Tameri, {settings.n} players: {', '.join(names)}{extra}, {chance}"


def _readings(settings) -> str:
    changed = []
    for name, default in READING_DEFAULTS.items():
        ours = getattr(settings, name)
        for field in type(default).__dataclass_fields__:
            if getattr(ours, field) != getattr(default, field):
                changed.append(f"{name}.{field} = {getattr(ours, field)!r}")
    extra = dict(settings.field_extra_space)
    if extra != FIELD_EXTRA_SPACE:
        changed.append(f"field_extra_space = {extra}")
    return "the kit's defaults (docs/ambiguities.md)" if not changed else "changed: " + "; ".join(changed)


def game_facts(record: GameRecord) -> list[tuple[str, str]]:
    """The facts of the game as ``(label, words)``, in the order the page lists them."""
    settings = record.settings
    bots = bots_of(record)
    people = [f"{name} (bot: {bots[name]})" if name in bots else name for name in settings.players[: settings.humans]]
    facts = [("Players", ", ".join(people))]
    if settings.ghost is not None:
        facts.append(("The Ghost", f"+1 Player Mode, level {_ghost_level(settings)} (it plays itself)"))
    gifts = "no"
    if settings.gifts:
        gifts = "yes" + (", discards go into the Priest deck" if settings.gift_discards else "")
    facts.append(("Gifts of the Gods", gifts))
    facts.append(("Promo cards 0 and \u221e", "yes" if settings.promo else "no"))
    facts.append(("Readings", _readings(settings)))
    facts.append(("Chance", chance_words(record)))
    return facts


def result_words(state) -> str:
    """The end of a finished game in one sentence: the winner(s) with their points, and in a Ghost game who beat the
    Ghost and by how much (:func:`~tameri_kit.game.ghost_result`).  ``""`` before the End of the Game."""
    outcome = state.outcome
    if outcome is None:
        return ""
    against = ghost_result(state)
    if against is not None:
        return against.text + "."
    winners = outcome.winners
    points = outcome.total(winners[0])
    how = f" ({outcome.tiebreak})" if outcome.tiebreak else ""
    if len(winners) == 1:
        return f"{winners[0]} wins with {points} points{how}."
    return f"{' and '.join(winners)} share the victory with {points} points each{how}."
