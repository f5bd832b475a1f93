"""A finished two-player game and its shared page, made once for the tests of tameri_kit/share/."""

import pytest

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game
from tameri_kit.share import share_page


@pytest.fixture(scope="session")
def finished_record():
    """Two greedy bots, seed 1, played to the End of the Game (as ``play --players 2 --seed 1`` plays it)."""
    record, final = play_game(Settings.for_players(2), 1, ["greedy", "greedy"])
    assert final.outcome is not None
    return record


@pytest.fixture(scope="session")
def finished_page(finished_record):
    return share_page(finished_record)


@pytest.fixture(scope="session")
def short_record(finished_record):
    """The same game cut after 40 entries (Game Setup, Season 0 and the start of round 1): not finished."""
    return finished_record.truncated(40)


@pytest.fixture(scope="session")
def three_record():
    """Three greedy bots, seed 1, to the End of the Game: a game with secret choices by three seats."""
    record, final = play_game(Settings.for_players(3), 1, ["greedy", "greedy", "greedy"])
    assert final.outcome is not None
    return record


@pytest.fixture(scope="session")
def three_data(three_record):
    from tameri_kit.share.steps import page_data

    return page_data(three_record)


@pytest.fixture(scope="session")
def solo_record():
    """John (a greedy bot) against the hard Ghost with the Gifts of the Gods and the promo cards, seed 3."""
    settings = Settings.for_players(1, ghost="hard", gifts=True, promo=True)
    record, final = play_game(settings, 3, ["greedy"])
    assert final.outcome is not None
    return record
