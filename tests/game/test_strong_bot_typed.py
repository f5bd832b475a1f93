"""The strong bot's two heuristics that tell moves apart (which Offerings and Priest payments are worth judging, and
which moves are passive) read the moves' typed choices, not their text, and play the same games as the text-reading
version did.

The six game digests below were made by the text-reading version (commit 8269ed6's ``strong_bot.py``), before the
heuristics read typed choices; 300 games of the same settings (25 seeds each of 12 settings) were compared whole when
the change was made, all identical.  A change of the bot that changes its games changes these on purpose."""

import hashlib

import pytest

from tameri_kit.game import Settings
from tameri_kit.game.core.choices import DO_ACTION, END_ACTIONS, SKIP_ACTION, Payment
from tameri_kit.game.core.decisions import Decision
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.strong_bot import payment_weighed, is_passive
from tameri_kit.game.rules_of_play.actions.farmer import FARMERS_DONE
from tameri_kit.game.rules_of_play.actions.harvest import HARVEST_NOTHING, FieldsHarvested
from tameri_kit.game.rules_of_play.actions.priest import PriestMove
from tameri_kit.rules.action_cards import Action
from tameri_kit.rules.common import Resource
from tameri_kit.rules.components import Temple
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.temple_state import Move


def test_passive_moves_are_known_by_their_choice():
    def passive(choice) -> bool:
        return is_passive(Decision("John", "any text: never read", choice))

    # declining (no choice), ending the actions or the Farmer action, skipping, harvesting nothing
    assert passive(None)
    assert passive(END_ACTIONS)
    assert passive(FARMERS_DONE)
    assert passive(SKIP_ACTION[Action.PRIEST])
    assert passive(HARVEST_NOTHING)
    # doing something
    assert not passive(DO_ACTION[Action.PRIEST])
    assert not passive(FieldsHarvested((("N-barley", 1),)))
    assert not passive(Payment(Stock()))  # paying nothing (a Building pays) still builds


def test_priest_payments_weigh_their_resources_as_the_text_version_did():
    pay = (Resource.BARLEY, Resource.FLAX)
    move = Move("John", Temple.AMUN, 2, pay=pay, enter=True)
    plain = Stock(barley=1, flax=1)
    # an unused Worker, paid as written: both resources count
    assert payment_weighed(PriestMove(move, "free", plain)) == pay
    # the Worker moved from the Market, or a substitution paying: the last is left out (the text version read
    # "flax from merchant" as no resource)
    assert payment_weighed(PriestMove(move, "merchant", plain)) == (Resource.BARLEY,)
    assert payment_weighed(PriestMove(move, "free", Stock(barley=2), ("C1",))) == (Resource.BARLEY,)


GAMES = [
    (Settings.for_players(2), 0, "61f259a7eba45d5f"),
    (Settings.for_players(3, gifts=True), 1, "4ecb652aa35d484d"),
    (Settings.for_players(4, promo=True), 2, "2cbd417ec96a5f05"),
    (Settings.for_players(1, ghost="hard"), 3, "5463df840df8d923"),
    (Settings.for_players(3, ghost="easy", gifts=True), 4, "7305a35ff0af78bd"),
    (Settings.for_players(4, gifts=True, promo=True), 5, "2a5519b83d7a6bfb"),
]


@pytest.mark.parametrize("settings, seed, digest", GAMES, ids=[f"{len(s.players)}p-{seed}" for s, seed, _ in GAMES])
def test_the_strong_bot_plays_the_same_games(settings, seed, digest):
    record, final = play_game(settings, seed, ["strong"] * settings.humans)
    assert final.is_terminal
    assert hashlib.sha256("\n".join(record.entries).encode()).hexdigest()[:16] == digest
