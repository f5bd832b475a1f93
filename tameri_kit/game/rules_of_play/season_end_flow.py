"""The End of the Season in the engine, steps 1-6 in order: the Priest card draft (step 1), the last card's glyph
(2), the Buildings' Season points with the D4 choice (3), the majorities behind the screens (4), the Nile and the
boards discarded (5) and the next Season prepared (6); after the third Season, the End of the Game.  The scoring
itself is the rules' :mod:`tameri_kit.rules.season_end_scoring` and :mod:`tameri_kit.rules.game_end`.

Rulebook sections: Phase 5 (its part on the End of the Season), steps 1-6; End of the Game; Priest
Cards; Ghost End of Season (the Ghost's Priest card).
"""

from __future__ import annotations

from typing import Any

from ...rules.common import RESOURCES, Resource
from ...rules.game_end import finish_game
from ...rules.glyphs import season_end_bonus
from ...rules.offering import Stock
from ...rules.scoring import building_season_points, spend_on_d4
from ...rules.season_end_scoring import season_end
from ...rules.temple_moves import draft as temple_draft
from ...rules.temple_moves import draft_order
from ..core.catalog import SEASON_DECK, WEATHER, Rule
from .game_effects import SEASON_END_SPENDERS
from .gift_cards import add_priest_card, draft_card, priest_card_text  # gifts16
from ..core.frames import (
    AutoStep,
    D4Spend,
    DrawBuilding,
    DrawCard,
    DrawPriest,
    Frame,
    GhostPriestCard,
    PriestDraft,
    plays,
)
from .ghost.ghost_scoring import ghost_result, ghost_situation  # ghost16
from ..core.state import scoring_situation
from ..core.working import AnyState, WorkingGame, gain_points


def start_season_end(game: WorkingGame) -> None:
    """End of the Season: step 1 (the Priest draft: draws, then picks), the D4 choices, then steps 2-6."""
    game.phase = "season_end"
    game.log_event(f"End of Season {game.season}", Rule.SEASON_END)
    frames = []
    n = min(game.temples.count, len(game.priest_pile))
    if n:
        order = tuple(game.settings.players.index(player) for player, _, _ in draft_order(game.temples))
        frames += [DrawPriest(target="draft") for _ in range(n)]
        if order[0] == game.settings.ghost_seat:  # ghost16: the Ghost is given a random card (Ghost End of Season 1)
            frames.append(GhostPriestCard())
        frames.append(PriestDraft(order[0], order=order[:n]))
    elif game.temples.count:
        game.log_event("The Priest deck is empty: nobody draws (reading T6)", Rule.SEASON_END + ", step 1")
    frames += [
        D4Spend(seat)
        for seat, player in enumerate(game.players)
        if any(building in player.buildings for building in SEASON_END_SPENDERS) and seat != game.settings.ghost_seat
    ]
    frames.append(AutoStep(step="season_score", arguments=((),)))
    game.schedule(*frames)


def score_season(game: WorkingGame, d4_choices: tuple = ()) -> None:
    """End of the Season, steps 2-6 (after the third Season: End of the Game): the glyph bonus, the Buildings' points
    with the players' D4 choices (``d4_choices``: ``(name, resource or None)`` pairs), the majorities, through
    :func:`tameri_kit.rules.season_end_scoring.season_end` (or :func:`~tameri_kit.rules.game_end.finish_game`); then the
    Nile and boards discarded (step 5) and the next Season prepared (step 6).  The Ghost scores as Ghost End of
    Season says."""
    d4_spend = dict(d4_choices)
    sits = [scoring_situation(game, seat) for seat in range(len(game.players))]
    if game.settings.ghost_seat is not None:  # ghost16: Ghost End of Game 4-5 give the Ghost nothing (reading X13)
        sits[game.settings.ghost_seat] = ghost_situation(sits[game.settings.ghost_seat])
    bonuses = [season_end_bonus(player.row, player.glyph, partial=True) for player in game.players]
    bonus = [player.name for player, b in zip(game.players, bonuses) if b.points]
    for player, b in zip(game.players, bonuses):
        game.log_event(f"{player.name}: {b.explanation}", Rule.SEASON_END + ", step 2")
    ghost = game.settings.ghost_seat  # ghost16: the Ghost scores 1 point per Building (Ghost End of Season 3)
    flat = (game.settings.players[ghost],) if ghost is not None else ()
    d4s = {
        player.name: d4_spend.get(player.name)
        for player in game.players
        if any(building in player.buildings for building in SEASON_END_SPENDERS) and player.name not in flat
    }
    game_end_events = []  # the last Season's steps 1-5 come first, then the End of the Game's
    if game.season < 3:
        result = season_end(
            sits, game.season, glyph_bonus=bonus, d4_spend=d4s, readings=game.settings.scoring, flat_buildings=flat
        )
        for e in result.events:
            game.log_event(e.text, e.step)
        end = result.end
    else:
        out = finish_game(sits, glyph_bonus=bonus, d4_spend=d4s, readings=game.settings.scoring, flat_buildings=flat)
        for e in out.events:
            if e.step.startswith("End of the Game"):
                game_end_events.append(e)
            else:
                game.log_event(e.text, e.step)
        end = out.end
        game.outcome = out
    for seat, sit in enumerate(end):
        game.set_player(seat, score=sit.score, reserve=sit.reserve, screen=sit.screen)
    if game.outcome is not None:
        for seat, player in enumerate(game.players):
            game.set_player(seat, score=game.outcome.total(player.name))
    # step 5: discard the Nile, the boards and the Season's deck; the Nile's resources go to the warehouse
    moved = Stock.of([x for _, x in game.nile if x is not None])
    if moved.total:
        game.market = game.market.plus(moved)
        game.log_event(
            "The resources on the Nile cards go to the Market warehouse: " + str(moved), Rule.SEASON_END + ", step 5"
        )
    game.nile = ()
    for seat in range(len(game.players)):
        game.set_player(seat, row=())
    letter = SEASON_DECK[game.season]
    game.decks = tuple((d, () if d == letter else c) for d, c in game.decks)
    game.log_event(
        "The Nile cards, the cards on the player boards and the Season's deck are discarded",
        Rule.SEASON_END + ", step 5",
    )
    if game.season == 3:
        for e in game_end_events:
            game.log_event(e.text, e.step)
        game.phase = "over"
        game.stack.clear()
        game.log_event(
            f"The game is over: {', '.join(f'{n} {frame}' for n, frame in game.outcome.ranking())}; winner(s): "
            f"{', '.join(game.outcome.winners)}",
            "End of the Game",
        )
        against = ghost_result(game)  # ghost16: the humans against the Ghost
        if against is not None:
            game.log_event(against.text, Rule.GHOST_GAME_END)
        return
    # step 6
    game.tiles = tuple(tile.id for tile in WEATHER.tiles)
    game.log_event("The 7 Weather tiles are shuffled back into a pile", Rule.SEASON_END + ", step 6a")
    low = game.row[0]
    if low is not None:
        game.building_bottom = game.building_bottom + (low,)
        game.row = game.row[1:] + (None,)
        game.log_event(
            f"Building {low} goes to the bottom of the Building deck; the others move down",
            Rule.SEASON_END + ", step 6b",
        )
    else:
        game.row = tuple(x for x in game.row if x is not None) + (None,) * game.row.count(None)
    game.season += 1
    deck = SEASON_DECK[game.season]
    game.schedule(
        *[DrawBuilding() for _ in range(game.row.count(None))],
        *[DrawCard(deck=deck)] * (game.settings.n + 2),  # one frozen frame, drawn n + 2 times
        AutoStep(step="nile_resources", arguments=(Rule.SEASON_END + ", step 6c",)),
        AutoStep(step="round_start"),
    )


# --- End of the Season choices ------------------------------------------------------------------------------------
def legal_priest_draft(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """End of the Season, step 1: each Priest card left in the hand passed on, to keep (Example 18)."""
    return [(f"keep priest {c}", c) for c in frame.hand]


def apply_priest_draft(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """End of the Season, step 1: each Priest, in draft order, keeps one card and passes the rest (Example 18)."""
    hand, order, picks = frame.hand, frame.order, frame.picks
    seat = frame.player
    picks = picks + (choice,)
    hand = tuple(x for x in hand if x != choice)
    game.log_event(
        f"{game.name_of(seat)} keeps a Priest card and passes {len(hand)} on", Rule.SEASON_END + ", step 1 (Example 18)"
    )
    game.log_event(f"{game.name_of(seat)} keeps {priest_card_text(choice)}", Rule.SEASON_END + ", step 1", seat)
    add_priest_card(game, seat, choice)  # gifts16: a Gift drafted joins the Gifts
    if hand and len(picks) < len(order):
        game.replace_top(frame.but(player=order[len(picks)], hand=hand, picks=picks))
        if order[len(picks)] == game.settings.ghost_seat:  # ghost16: Ghost End of Season 1
            game.schedule(GhostPriestCard())
        return
    game.pop()
    # the rules module replays the same draft: it must agree on who kept what
    result = temple_draft(game.temples, pile=tuple(draft_card(x) for x in frame.drawn), picks=picks)
    assert tuple(x.id for _, x in result.picks) == picks


def ghost_priest_outcomes(state: AnyState) -> list[tuple[str, Any, int]]:
    """ghost16 - Ghost End of Season 1: the Ghost is given one of the draft's cards at random (each 1 / cards)."""
    draft = next(frame for frame in reversed(state.stack) if frame.kind == "draft")
    return sorted(((f"priest {card}", card, 1) for card in draft.hand), key=lambda x: x[0])


def apply_ghost_priest(game: WorkingGame, card: int) -> None:
    """ghost16 - the random Priest card given to the Ghost in the draft (face down until the End of the Game)."""
    game.log_event(
        f"{game.name_of(game.top.player)} is given a Priest card at random, face down", Rule.GHOST_SEASON_END + ", 1"
    )
    apply_priest_draft(game, game.top, card)


def season_points_now(state: AnyState, seat: int, building: str) -> tuple[int, str]:
    """End of the Season, step 3, for one Building scored at once (Sphinx 3A; Gift GG2): its End of Season points for
    the player as they stand now, in the current Season, with the reason
    (:func:`tameri_kit.rules.scoring.building_season_points`).  D4, which spends a resource, scores through
    :func:`score_d4_now` instead."""
    return building_season_points(building, scoring_situation(state, seat), state.season)


def score_d4_now(game: WorkingGame, seat: int, resource: Resource, why: str, rule: str) -> None:
    """Building D4's End of Season points used now (by Sphinx 3A or Gift GG2): 1 ``resource`` of the player's
    spent for the points :func:`tameri_kit.rules.scoring.spend_on_d4` gives (Building Card List: D4).  The Season's own
    D4 scoring goes through the same rule in :func:`tameri_kit.rules.season_end_scoring.season_end`."""
    reserve, points = spend_on_d4(game.player_at(seat).reserve, resource)
    game.set_player(seat, reserve=reserve)
    gain_points(game, seat, points, why, rule)


def legal_d4_spend(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Building D4: each resource the player has, to spend for D4's End of Season points, or decline (register S3)."""
    player = state.players[frame.player]
    return [(f"D4 spend {r.value}", r) for r in RESOURCES if player.reserve[r] > 0] + [("D4 decline", None)]


def apply_d4_spend(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Building D4: the resource to spend for its End of Season points (register S3)."""
    game.pop()
    game.log_event(
        f"{game.name_of(frame.player)} " + (f"will spend 1 {choice.label} on D4" if choice else "declines D4's spend"),
        "Building D4",
    )
    # the choice is kept in the season_score frame below
    idx = max(k for k, f in enumerate(game.stack) if f.kind == "auto" and f.step == "season_score")
    score = game.stack[idx]
    (spends,) = score.arguments or ((),)
    game.stack[idx] = score.but(arguments=(spends + ((game.name_of(frame.player), choice),),))


plays(PriestDraft, legal=legal_priest_draft, apply=apply_priest_draft, groups={"*": "Priest card to keep"})
plays(D4Spend, legal=legal_d4_spend, apply=apply_d4_spend)
