"""Hidden information stays hidden in ``python_tameri``: pairs of states that differ only in what one player may see.

Rulebook: Season 0 (the cards dealt are kept in hand, unseen by the others); Phase 2 (the card chosen in secret);
Game Setup 1e (the Building cards are revealed face up, for everyone).
"""

import pyspiel
import pytest

from tameri_kit.game import view
from tameri_kit.openspiel import chance_id

NAMES = ("John", "George", "Paul")


def _strings(state):
    """Each player's information state and observation strings."""
    return {
        name: (state.information_state_string(seat), state.observation_string(seat)) for seat, name in enumerate(NAMES)
    }


def _advance(state, until):
    """Apply the first chance outcome / legal action (lowest id) until ``until(state)`` holds."""
    while not until(state):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def _hand_sizes(state):
    return view(state.tameri, "John").counts["hands"]


def test_a_card_dealt_to_george_is_seen_by_george_only():
    """Season 0 deals cards from deck A into each hand.  Two states that differ only in one card dealt to George:
    George's strings differ (he sees his hand), John's and Paul's are equal (they see one more card in George's
    hand, nothing else).  Which hand a card goes to is found from the public hand sizes (a card in hand is public
    in number), not from the engine's internals."""
    game = pyspiel.load_game("python_tameri(players=3)")

    def dealing_to_george(state):
        if not state.is_chance_node() or len(state.chance_outcomes()) < 2:
            return False
        first = state.child(state.chance_outcomes()[0][0])
        return _hand_sizes(first)["George"] == _hand_sizes(state)["George"] + 1

    state = _advance(game.new_initial_state(), dealing_to_george)
    (a, _), (b, _) = state.chance_outcomes()[:2]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, a).startswith("chance: draw ")
    one, other = _strings(state.child(a)), _strings(state.child(b))
    assert one["John"] == other["John"]
    assert one["Paul"] == other["Paul"]
    assert one["George"][0] != other["George"][0]  # information state
    assert one["George"][1] != other["George"][1]  # observation


def test_the_card_john_chooses_is_hidden_from_the_others():
    """Phase 2: John chooses a card face down.  Two different choices: John's strings differ, George's and Paul's
    are equal (they know John has chosen, not what)."""
    game = pyspiel.load_game("python_tameri(players=3)")

    def john_chooses(state):
        return (
            not state.is_chance_node()
            and state.current_player() == 0
            and state.action_to_string(0, state.legal_actions()[0]).startswith("John: play ")
        )

    state = _advance(game.new_initial_state(), john_chooses)
    first, second = state.legal_actions()[:2]
    one, other = _strings(state.child(first)), _strings(state.child(second))
    assert one["George"] == other["George"]
    assert one["Paul"] == other["Paul"]
    assert one["John"][0] != other["John"][0]
    assert one["John"][1] != other["John"][1]


def test_a_building_revealed_is_seen_by_everyone():
    """Game Setup 1e: a Building card is revealed face up, so two different Buildings make every player's
    information state and observation differ."""
    game = pyspiel.load_game("python_tameri(players=3)")
    state = _advance(
        game.new_initial_state(),
        lambda s: (
            s.is_chance_node() and s.action_to_string(-1, s.chance_outcomes()[0][0]).startswith("chance: building")
        ),
    )
    one = _strings(state.child(chance_id("building A1")))
    other = _strings(state.child(chance_id("building B1")))
    for name in NAMES:
        assert one[name][0] != other[name][0]
        assert one[name][1] != other[name][1]


def test_the_information_state_remembers_what_the_observation_forgets():
    """Perfect recall: the part of John's information state that lists the events he has seen only grows as the
    game goes on (60 entries of a seeded game), while his observation is the table alone and does not hold them."""
    game = pyspiel.load_game("python_tameri(players=2)")
    state = game.new_initial_state()
    before = state.information_state_string(0)
    for _ in range(60):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
        now = state.information_state_string(0)
        assert len(now.split("\n--\n")[0]) >= len(before.split("\n--\n")[0])
        before = now
    observation = state.observation_string(0)
    assert observation == before.split("\n--\n")[1]


def _own_actions(state, player):
    return tuple(item.action for item in state.full_history() if item.player == player)


@pytest.mark.parametrize(
    "name",
    [
        "python_tameri(players=2)",
        "python_tameri(players=3,gifts=true,promo=true)",
        "python_tameri(players=2,ghost=easy)",
    ],
)
def test_information_states_have_perfect_recall(name):
    """Perfect recall over sampled histories: whole random games (3 per mode), and at every decision the
    children of up to 6 of its moves (siblings that differ in a choice the others may not see).  Wherever two
    histories give the player to move the same information state string, they give the same legal moves and the
    same sequence of that player's own actions.  Before issue 35 a player's pending choice within a chain was not
    in the string: "offer barley" and "offer papyrus" led to one string, then "pay 1 barley" against "pay 1
    papyrus" (also "buy D2"/"buy G3" before the payment)."""
    import random

    game = pyspiel.load_game(name)
    seen: dict = {}
    checked = 0

    def record(state):
        nonlocal checked
        if state.is_terminal() or state.is_chance_node():
            return
        player = state.current_player()
        key = state.information_state_string(player)
        value = (tuple(state.legal_actions()), _own_actions(state, player))
        assert seen.setdefault(key, value) == value, state.history()
        checked += 1

    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            record(state)
            legal = state.legal_actions()
            if rng.random() < 0.3:
                for action in rng.sample(legal, min(6, len(legal))):
                    record(state.child(action))
            state.apply_action(rng.choice(legal))
    assert checked > 1000
