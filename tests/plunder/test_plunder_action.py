"""The rules of Action: one action a turn, and what a captain may do where.

Rules: Plunder › Action
"""
import pytest

from pirates_lab.core import IllegalMove, InvalidInput
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import (AbandonCaptured, AttackPort, DismissMate, Marque, PassAction, Play, SellShip,
                                         StartTrade)
from pirates_lab.plunder.components import load_components

from plunder_helpers import (_contest, _in_port_holding, _in_tortuga_with_plunder, _sailing_a_prize, at_step, DATA,
                             fresh, from_deck, hand, lay, play, REFUSALS)


def test_an_enemy_port_must_be_attacked_unless_rum_or_sneak():
    """Rules: Plunder › Action"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["flags"] = ["Spain"]
    hand(state, p, ["Bottle of Rum", "Coastland"])
    state = at_step(state, p, "action", "give")
    assert set(state.legal_actions()) == {AttackPort(), Play("Bottle of Rum")}
    with pytest.raises(IllegalMove, match="MUST attack"):
        state.apply(PassAction())
    traded = state.apply(Play("Bottle of Rum"))
    assert traded.phase == "trade"


def test_a_card_acts_only_in_the_place_after_act():
    """Rules: Plunder › Action"""
    state = fresh()
    p = state.first
    hand(state, p, ["Navigator"])
    state = at_step(state, p, "action", "give")          # in Tortuga, Navigator acts in a Port
    with pytest.raises(IllegalMove, match="acts in a port"):
        state.apply(Play("Navigator"))


@pytest.mark.parametrize("marque,card", [("England", None), (None, "Sneak into Port")])
def test_a_ship_taken_in_combat_sells_for_half_in_a_port_of_your_letter_or_with_a_card(marque, card):
    """Rules: Plunder › Action

    Given a ship taken in Combat in Port Royal (England), When the captain holds the English Letter of Marque or
    plays Sneak into Port, Then it may be sold there, for half its value."""
    state, p = _sailing_a_prize((1, 0), "Port Royal", marque=marque)
    hand(state, p, [card] if card else [])
    state = play(at_step(state, p, "action", "give"), Play(card) if card else StartTrade(), SellShip())
    assert state.captains[p]["silver"] == 5 + 4


def test_a_refusal_quotes_what_was_typed_safely():
    """Rules: Plunder › Action"""
    state = fresh()
    error = refused(at_step(state, state.first, "action", "give"), Play("Navi\ngator"), "Action")
    assert "'Navi\\ngator'" in error.reason and "\n" not in str(error)


@pytest.mark.parametrize("position,move,rule,words", REFUSALS, ids=[r[3][:40] for r in REFUSALS])
def test_every_refusal_names_its_rule_and_says_why(position, move, rule, words):
    """Rules: Plunder › Action"""
    state = position()
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    assert error.value.rule == rule and words in error.value.reason, error.value
    assert state.to_json() == before


@pytest.mark.parametrize("kind,count", [("war", 1), ("treaty", 2), ("rum", 2), ("sneak", 2), ("first_mate", 1)])
def test_cards_played_as_the_action_are_played_in_a_port(tmp_path, kind, count):
    """Rules: Plunder › Action"""
    text = DATA.read_text(encoding="utf-8")
    head = f'kind = "{kind}"\ncount = {count}\n'
    start = text.index(head)
    end = text.index('act = "port"', start)
    path = tmp_path / "cards.toml"
    path.write_text(text[:end] + 'act = "open_sea"' + text[end + len('act = "port"'):], encoding="utf-8")
    with pytest.raises(InvalidInput, match="this card is played in a Port"):
        load_components(path)


def test_a_higher_card_outbids_the_claimant_of_a_letter():
    """Rules: Plunder › Action

    Given a claimant's Havana (3) against a contester's Cartagena (4), Then no Letter: "equal to or greater than all
    the others" fails; the log shows both cards and both go to the discard pile."""
    state, p, q = _contest("Havana", "Cartagena")
    assert state.captains[p]["marque"] is None
    shown = ", ".join(f"captain {seat + 1}: {card}" for seat, card in sorted({p: "Havana (3)", q: "Cartagena (4)"}.items()))
    assert f"Cards turned up — {shown}. Captain {p + 1} is outbid: no Letter of Marque." in state.log
    assert state.discard.get("Havana") == 1 and state.discard.get("Cartagena") == 1
    won, p, q = _contest("Cartagena", "Havana")
    assert won.captains[p]["marque"] == "England"
    assert f"Captain {q + 1} contests with a card face down." in won.log


def test_a_letter_sought_with_a_card_not_in_hand_cites_the_action():
    """Rules: Plunder › Action

    Given a captain in Port Royal (England) while Spain and England are at war, When they seek the Letter of
    Marque with a card they do not hold, Then it is refused under Action with the card named, and nothing
    changes."""
    state = fresh(players=3)
    p = state.first
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    hand(state, p, ["Coastland"])
    state = at_step(state, p, "action", "give")
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Marque("Navigator"))
    assert error.value.rule == "Action"
    assert error.value.reason == "Place a card from your hand face down ('Navigator' is not in it)."
    assert state.to_json() == before


@pytest.mark.parametrize("card", ["Bottle of Rum", "Sneak into Port"])
def test_a_card_that_opens_trade_is_logged_with_the_captains_number(card):
    """Rules: Plunder › Action

    Given a captain in Havana holding Bottle of Rum or Sneak into Port, When they play it, Then the log says they
    may trade there, plunder included, and names them from 1."""
    state, p = _in_port_holding("Havana", [card])
    state = state.apply(Play(card))
    assert f"Captain {p + 1} plays {card} and may trade here, plunder included." in state.log
    assert state.discard.get(card) == 1 and state.phase == "trade"


def test_staying_in_an_enemy_port_is_refused_with_the_whole_sentence():
    """Rules: Plunder › Action

    Given a Spanish enemy in Havana, When they pass the action, Then the refusal cites Action and says, whole,
    that they must attack it unless they play Bottle of Rum or Sneak into Port."""
    state, p = _in_port_holding("Havana", [])
    state.captains[p]["flags"] = ["Spain"]
    with pytest.raises(IllegalMove) as error:
        state.apply(PassAction())
    assert error.value.rule == "Action"
    assert error.value.reason == ("Havana is an enemy Port: you MUST attack it, unless you play Bottle of Rum or "
                                  "Sneak into Port.")


def test_in_tortuga_with_plunder_the_captain_may_still_let_the_first_mate_and_the_captured_ship_go():
    """Rules: Plunder › Action

    Given a captain in Tortuga with a Captured Ship and a First Mate, When they take their Action, Then they MUST
    trade (Selling: "You MUST sell the Captured Ship and its loot"; no card acts in Tortuga, no Letter of Marque is
    found there, captains do not fight there) — but they may still let the First Mate go and abandon the Captured
    Ship, "whenever you want" (First Mate; Captured Ships). The old engine offered trade alone."""
    state, p = _in_tortuga_with_plunder()
    assert set(state.legal_actions()) == {StartTrade(), DismissMate(), AbandonCaptured()}
