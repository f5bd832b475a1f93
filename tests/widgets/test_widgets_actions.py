"""The DecisionExplorer (tameri_kit.widgets.actions): real positions, legal decisions, their effects and rules.

Expected values are worked out from the rulebook, not read from the engine:
- Merchant, Trade (Possible Actions: Merchant): 1 resource of the player's goes to the Market warehouse, and the
  player takes 1 resource of each of the two stalls beside the Merchant.  The 3-player Market (data/market.toml,
  illustrative) has the stalls Barley, Flax, Fruit, Papyrus, Flax clockwise; space k lies between stall k and k+1,
  so space 2 lies between Flax and Fruit.
- Offering to the Pharaoh: 1 to 4 different resources go behind the screen, scoring their number plus 1.
- Sphinx: pay 1 Fruit, place 1 Sphinx (one fewer in the player's supply of 3).
- Harvest (Productive Fields and Harvests): a Farmer on a productive field takes 1 resource for 1-2 Silt in the
  river, 2 for 3, 3 for 4; then 1 Silt leaves that river.
- Restore warehouse (Phase 4, step 4): at the end of the turn at most 4 of each resource.
"""

import pytest

from tameri_kit.errors import TameriError
from tameri_kit.game import Settings, legal_actions
from tameri_kit.rules.action_cards import Action
from tameri_kit.rules.common import Resource
from tameri_kit.rules.fields import field_status
from tameri_kit.widgets.actions import (
    DecisionExplorer,
    PositionError,
    action_position,
    changes,
    describe,
    nile_position,
    turn_over,
)


@pytest.mark.parametrize("action", list(Action), ids=lambda a: a.value)
def test_every_action_has_a_position_where_it_can_be_done(action):
    position = action_position(action, seed=0)
    moves = [d.move for d in legal_actions(position.state)]
    assert f"do {action.value}" in moves and "end actions" in moves
    assert position.state.to_move == position.player
    again = action_position(action, seed=0)  # same seed, same position
    assert (again.seed, again.entry, again.player) == (position.seed, position.entry, position.player)


def test_no_position_is_an_error_not_a_guess():
    with pytest.raises(PositionError):
        action_position("merchant", seed=0, tries=1, when=lambda state, seat: False)
    with pytest.raises(TameriError):
        action_position("merchant", seed=0, tries=1, when=lambda state, seat: False)


def _merchant_position():
    def space_2_free(state, seat):
        others = {p.merchant for j, p in enumerate(state.players) if j != seat}
        return (
            1 not in others
            and state.players[seat].merchant is None
            and state.players[seat].reserve[Resource.PAPYRUS] > 0
        )

    return action_position("merchant", seed=0, when=space_2_free)


def test_trade_puts_one_in_the_warehouse_and_takes_both_stalls():
    position = _merchant_position()
    explorer = DecisionExplorer(position.state, position.player)
    name = position.player
    before = position.state.player(name).reserve
    assert explorer.do(f"{name}: do merchant")
    assert explorer.do(f"{name}: merchant space 2")
    assert explorer.do(f"{name}: trade papyrus")
    after = explorer.state.player(name).reserve
    assert after.papyrus == before.papyrus - 1
    assert after.flax == before.flax + 1 and after.fruit == before.fruit + 1
    assert explorer.state.market.papyrus == position.state.market.papyrus + 1
    rules = {e.rule for e in explorer.last_events}
    assert "Possible Actions: Merchant (Trade II)" in rules
    assert "Merchant" in explorer.events_html.value and "Trade" in explorer.events_html.value
    # what changed, as the table shows it
    rows = {(who, what) for who, what, _old, _new in explorer.changes()}
    assert (name, "resources") in rows and (name, "Merchant") in rows and ("board", "Market warehouse") in rows
    assert "Market space 2" in explorer.changes_html.value


def test_the_dropdown_lists_exactly_the_legal_decisions_with_words():
    position = _merchant_position()
    explorer = DecisionExplorer(position.state, position.player)
    assert [v for _label, v in explorer.decision_dropdown.options] == [str(d) for d in legal_actions(position.state)]
    explorer.decision_dropdown.value = f"{position.player}: do merchant"
    explorer.do_button.click()
    labels = [label for label, _v in explorer.decision_dropdown.options]
    assert any("between the Flax and Fruit stalls" in label for label in labels if "space 2" in label)


def test_an_illegal_decision_changes_nothing_and_says_why():
    position = _merchant_position()
    explorer = DecisionExplorer(position.state, position.player)
    assert not explorer.do(f"{position.player}: do builder")
    assert explorer.state is position.state and explorer.history == []
    assert "Not done" in explorer.status_html.value


def test_offering_scores_the_number_of_resources_plus_one_and_hides_them():
    def two_kinds(state, seat):
        return sum(1 for _r, n in state.players[seat].reserve.items() if n) >= 2

    position = action_position("offering", seed=0, when=two_kinds)
    name = position.player
    explorer = DecisionExplorer(position.state, name)
    explorer.do(f"{name}: do offering")
    offer = next(d for d in explorer.legal if d.move.startswith("offer ") and d.move.count(",") == 1)
    kinds = offer.move.split(" ", 1)[1].split(",")
    explorer.do(str(offer))
    before, after = position.state.player(name), explorer.state.player(name)
    assert after.score == before.score + 3  # 2 resources + 1
    assert after.screen.total == before.screen.total + 2
    for kind in kinds:
        assert after.reserve[Resource(kind)] == before.reserve[Resource(kind)] - 1
    # another player sees how many went behind the screen, not which
    other = next(i for i, p in enumerate(explorer.state.players) if p.name != name)
    seen = {what: new for who, what, _o, new in changes(position.state, explorer.state, other) if who == name}
    assert seen["behind the screen"] == f"{after.screen.total} resource(s)"


def test_sphinx_costs_a_fruit_and_places_a_sphinx():
    position = action_position("sphinx", seed=0)
    name = position.player
    explorer = DecisionExplorer(position.state, name)
    explorer.do(f"{name}: do sphinx")
    explorer.do(f"{name}: pay 1 fruit")
    space = next(d for d in explorer.legal if d.move.startswith("sphinx space"))
    explorer.do(str(space))
    before, after = position.state.player(name), explorer.state.player(name)
    assert after.reserve.fruit == before.reserve.fruit - 1
    assert after.sphinxes == before.sphinxes + 1
    assert "Sphinx" in " ".join(e.rule for e in explorer.last_events)


def test_harvest_takes_the_silt_yield_and_removes_one_silt():
    position = action_position("harvest", seed=0)
    name = position.player
    explorer = DecisionExplorer(position.state, name)
    explorer.do(f"{name}: do harvest")
    choice = next(
        d for d in explorer.legal if d.move.startswith("harvest ") and "," not in d.move and d.move != "harvest nothing"
    )
    field = choice.move.split()[1]
    ramp, crop = field.split("-")
    status = {f"{s.field}": s for s in field_status(position.state.pyramid)}
    assert status[field].productive
    explorer.do(str(choice))
    river_before = str(position.state.pyramid).split("rivers:")[1][:4]
    river_after = str(explorer.state.pyramid).split("rivers:")[1][:4]
    k = "NESW".index(ramp)
    n = int(river_before[k])
    expected = {1: 1, 2: 1, 3: 2, 4: 3}[n]
    resource = Resource(crop)
    assert explorer.state.player(name).reserve[resource] == position.state.player(name).reserve[resource] + expected
    assert int(river_after[k]) == n - 1


def test_warehouse_limit_at_the_end_of_the_turn():
    def full(state, seat):
        return any(x is not None and state.players[seat].reserve[x] >= 4 for _n, x in state.nile)

    state, name, _seed, _entry = nile_position(seed=0, when=full)
    card, resource = next((n, x) for n, x in state.nile if x is not None and state.player(name).reserve[x] >= 4)
    explorer = DecisionExplorer(state, name, until=turn_over(state))
    assert explorer.do(f"{name}: take {card}")
    assert explorer.done
    assert explorer.state.player(name).reserve[resource] == 4
    limit = [e for e in explorer.last_events if e.rule == "Phase 4: Individual Turns, step 4"]
    assert limit and f"1 {resource.label}" in limit[0].text
    assert card in explorer.state.player(name).hand


def test_restart_goes_back_and_chance_repeats():
    position = action_position("builder", seed=0, when=lambda s, i: s.players[i].reserve.total >= 4)
    name = position.player

    def buy_first(explorer):
        explorer.do(f"{name}: do builder")
        explorer.do(next(str(d) for d in explorer.legal if d.move.startswith("builder place")))
        buys = [d for d in explorer.legal if d.move.startswith("buy ") and d.move != "buy nothing"]
        if not buys:
            return None
        explorer.do(str(buys[0]))
        while explorer.legal and explorer.legal[0].move.startswith("pay "):
            explorer.do(str(explorer.legal[0]))
        return explorer.state.row

    explorer = DecisionExplorer(position.state, name, seed=5)
    first = buy_first(explorer)
    assert first is not None and first != position.state.row  # a Building was bought and the row refilled
    explorer.restart_button.click()
    assert explorer.state is position.state and explorer.history == [] and explorer.changes() == []
    assert buy_first(explorer) == first


def test_picture_toggle_and_fit():
    position = action_position("farmer", seed=0)
    calls = []
    explorer = DecisionExplorer(
        position.state, position.player, picture=lambda state, seat: calls.append(state) or f"<p>{state.round}</p>"
    )
    assert explorer.picture_toggle.value == "hide" and explorer.picture_html.value == "" and calls == []
    explorer.do(f"{position.player}: do farmer")
    assert explorer.picture_toggle.value == "now" and calls[-1] is explorer.state  # the effect drawn
    explorer.picture_toggle.value = "before"
    assert calls[-1] is position.state
    explorer.picture_toggle.value = "now"
    assert calls[-1] is explorer.state
    assert explorer.box.layout.max_width == "100%"
    assert explorer.decision_dropdown.layout.max_width == "940px"


def test_describe_names_codes():
    assert describe("buy G3") == "buy Building G3 Temple of Ptah"
    assert "1A (Gain 1 Deben and score 1 point)" in describe("decorate 1A")
    assert describe("do offering") == "take the Offering to the Pharaoh action"
    assert describe("no such move") == "no such move"
    assert "Settings" in repr(Settings)  # the game API is imported the ordinary way


def test_the_board_is_drawn_from_the_seat_and_hides_other_hands():
    position = action_position("merchant", seed=0)
    explorer = DecisionExplorer(position.state, position.player)
    explorer.do(f"{position.player}: do merchant")
    html = explorer.picture_html.value
    assert 'class="tameri-board"' in html and f"seen by {position.player}" in html
    me = explorer.state.player(position.player)
    assert all(f'data-number="{n}"' in html for n in me.hand)
    others = [n for p in explorer.state.players if p.name != position.player for n in p.hand]
    assert others and not any(f'data-number="{n}"' in html for n in others)


# ---- honest results: what happened never reverts, never stands under a refusal ----------------------------------
def _full_store(state, seat):
    return any(r is not None and state.players[seat].reserve[r] >= 4 for _card, r in state.nile)


def test_what_happened_stays_when_the_turn_is_over():
    """Taking the Nile card ends the part explored (turn_over): the status says so, and What happened keeps the
    card taken (Phase 4, step 3), not the opening hint 'Choose a decision'."""
    state, player, _seed, _entry = nile_position(seed=0, when=_full_store)
    explorer = DecisionExplorer(state, player, until=turn_over(state))
    assert explorer.restart_button.disabled, "nothing to start again from yet"
    card = next(d.move for d in legal_actions(state) if d.move.startswith("take "))
    assert explorer.do(f"{player}: {card}")
    assert "This part of the turn is over" in explorer.status_html.value
    assert "Choose a decision" not in explorer.events_html.value
    assert f"takes card {card.split()[1]} from the Nile" in explorer.events_html.value
    assert explorer.do_button.disabled and not explorer.restart_button.disabled


def test_a_decision_without_events_says_so():
    """'end actions' with an action left unused logs nothing for the player: What happened names the decision and
    says nothing visible changed, instead of reverting to the opening hint."""
    position = action_position("offering", seed=0)
    explorer = DecisionExplorer(position.state, position.player)
    explorer.do(f"{position.player}: do offering")
    skip = next(d.move for d in legal_actions(explorer.state) if d.move in ("offer pass", "skip offering"))
    explorer.do(f"{position.player}: {skip}")
    assert skip in explorer.events_html.value
    assert "Choose a decision" not in explorer.events_html.value


def test_a_refused_decision_clears_the_old_result():
    """After a good decision, a refused one: the status gives the reason, and What happened no longer shows the
    earlier decision's events as if they were this one's."""
    position = action_position("merchant", seed=3)
    explorer = DecisionExplorer(position.state, position.player)
    explorer.do(f"{position.player}: do merchant")
    assert "Merchant" in explorer.events_html.value
    assert not explorer.do(f"{position.player}: buy A1")
    assert "Not done" in explorer.status_html.value
    assert "Nothing was done" in explorer.events_html.value and "Merchant action" not in explorer.events_html.value
