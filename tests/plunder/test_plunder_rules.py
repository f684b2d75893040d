"""Scenario tests, one or more per rule: Given a hand-built position, When a move, Then the rulebook's result.

Rules: Plunder › Turn
"""
import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.core.geometry import E, N, S, W
from pirates_lab.plunder import Game
from pirates_lab.plunder.actions import (AbandonCaptured, AddCard, Attack, AttackCaptain, AttackPort, Board, Buy,
                                         BuyShip, Contest, Explore, Fight, Flee, Give, LetGo, Marque, PassAction, Pay,
                                         Play, Sail, Secret, Sell, Shout, Sink, StartTrade, StopSailing, TakePrize)

from plunder_helpers import at_step, fresh, from_deck, hand, lay, pirates_attack, play, ship, start_turn, to_deck
from pirates_lab.plunder import lose_your_ship
from pirates_lab.plunder.war import enemies


# ---------------------------------------------------------------- Setup
def test_setup_first_captain_roles_hands_and_the_sea():
    """Rules: Plunder › Setup"""
    state = fresh(players=4, seed=3)
    first = state.first
    drawn = {p: state.card(c[-1]).number for p, c in state.first_draws.items()}
    assert drawn[first] == max(drawn.values())
    assert state.roles == {"Treasurer": (first + 1) % 4, "Quartermaster": (first + 2) % 4,
                           "Herald": (first + 3) % 4, "Dealer": (first + 3) % 4}
    assert all(len(state.hand(p)) == 6 for p in range(4))
    assert all("Storm" not in c["hand"] for c in state.captains)
    assert state.sea == {(0, 0): "Tortuga", (0, -1): "Open Sea", (1, 0): "Open Sea", (0, 1): "Open Sea",
                         (-1, 0): "Open Sea"}
    assert all(c["at"] == (0, 0) and c["silver"] == 5 for c in state.captains)
    assert state.current == first and state.phase == "sail"  # the First Captain skips the Encounter


def test_setup_ties_draw_again_and_the_first_draws_stay_in_hand():
    """Rules: Plunder › Setup"""
    for seed in range(40):
        state = fresh(players=3, seed=seed)
        if any(len(c) > 1 for c in state.first_draws.values()):
            break
    else:
        pytest.fail("no tie in 40 seeds")
    tied = [p for p, c in state.first_draws.items() if len(c) > 1]
    assert state.first in tied
    for p, cards in state.first_draws.items():
        assert set(cards) <= set(state.hand(p))


# ---------------------------------------------------------------- Resolve the Encounter
def test_a_map_card_played_as_an_encounter_is_discarded():
    """Rules: Plunder › Resolve the Encounter"""
    state = fresh()
    p = state.first
    state.encounters[p] = "Coastland"
    from_deck(state, "Coastland")
    state = at_step(state, p, "encounter", "pay", "sail", "action", "give")
    assert state.discard.get("Coastland") == 1 and p not in state.encounters
    assert state.phase == "sail"


def test_pirates_attack_a_captain_on_the_open_sea_and_flight_needs_the_speed():
    """Rules: Plunder › Engagement"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Open Sea")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Bottle of Rum", "Open Sea"])       # numbers 6 and 1; the Pinnace has speed 2
    from_deck(state, "Pirates")
    state.encounters[p] = "Pirates"
    state = at_step(state, p, "encounter", "pay", "sail", "action", "give")
    assert state.phase == "engage"
    # When fleeing with Open Sea (2 + 1 = 3 against speed 3): equal is enough to escape (printed for Flee)
    after = state.apply(Flee("Open Sea"))
    assert after.combat is None and after.discard.get("Pirates") == 1 and after.phase == "sail"
    # When fleeing with no card: 2 against 3, the Pirates catch up: Broadside, cannon 1 against 3
    caught = state.apply(Flee(""))
    assert caught.phase == "broadside"
    sunk = caught.apply(AddCard("Open Sea"))            # 1 + 1 < 3: the ship is sunk, the turn ends
    assert sunk.captains[p]["lost"] and sunk.captains[p]["hand"] == [] and sunk.current != p or sunk.round > 1


def test_a_merchant_ship_may_be_let_go_or_attacked():
    """Rules: Plunder › Resolve the Encounter"""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Spanish Galleon")
    state.encounters[p] = "Spanish Galleon"
    state = at_step(state, p, "encounter", "pay", "sail", "action", "give")
    assert set(state.legal_actions()) == {Attack(), LetGo()}
    assert state.apply(LetGo()).discard.get("Spanish Galleon") == 1


def test_a_ship_played_into_a_port_may_be_bought_that_turn():
    """Rules: Plunder › Buying"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["silver"] = 20
    state.bank -= 15
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = at_step(state, p, "encounter", "action", "give")
    assert state.offered == "Spanish Sloop"
    state = play(state, StartTrade(), BuyShip("Spanish Sloop"))
    assert state.captains[p]["ship"] == "Spanish Sloop" and state.captains[p]["silver"] == 12


def test_after_a_lost_ship_draw_six_and_a_storm_stops_the_draw_and_discards_the_encounter():
    """Rules: Plunder › Resolve the Encounter"""
    state = fresh()
    p = state.first
    state.captains[p]["lost"] = True
    hand(state, p, [])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = start_turn(state, p)
    assert state.phase == "lost_draw"
    state = play(state, "Open Sea", "Coastland", "Storm")
    assert len(state.captains[p]["hand"]) == 2 and p not in state.encounters
    assert "Spanish Sloop" in state.deck and "discarded" in " ".join(state.log[-3:])   # and shuffled back
    assert state.discard.get("Storm") is None and state.deck["Storm"] == 1  # shuffled back


# ---------------------------------------------------------------- Pay the Crew
def test_the_crew_and_first_mate_are_paid_and_a_captain_who_cannot_pay_loses_the_ship():
    """Rules: Plunder › Pay the Crew"""
    state = fresh()
    p = state.first
    ship(state, p, "Spanish Galleon")                   # wages 2
    hand(state, p, ["Navigator"])
    state.captains[p]["hand"].remove("Navigator")
    state.captains[p]["mate"] = "Navigator"
    paid = at_step(state.clone(), p, "pay", "sail", "action", "give")
    assert paid.captains[p]["silver"] == 5 - 2 - 1
    state.captains[p]["silver"], state.bank = 1, state.bank + 4
    broke = at_step(state, p, "pay", "sail", "action", "give")
    assert broke.captains[p]["ship"] == "Pinnace" and broke.captains[p]["lost"]


def test_mutiny_option_a_forgetful_captain_loses_the_ship_when_someone_shouts():
    """Rules: Plunder › Pay the Crew"""
    state = fresh(mutiny=True)
    p = state.first
    ship(state, p, "Spanish Galleon")
    hand(state, p, [])
    state = at_step(state, p, "pay", "sail", "action", "give")
    assert Pay(False, True) in state.legal_actions()
    state = play(state, Pay(False, True), Sail(E))
    assert state.current_player() == 1 - p and set(state.legal_actions()) == {Shout(True), Shout(False)}
    quiet = state.apply(Shout(False))
    assert quiet.captains[p]["at"] == (1, 0)             # the move goes ahead
    shouted = state.apply(Shout(True))
    assert shouted.captains[p]["lost"] and shouted.captains[p]["at"] == (0, 0)


# ---------------------------------------------------------------- Sail and Explore
def test_sail_one_direction_turn_once_never_diagonally():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    p = state.first
    for cell in [(2, 0), (2, 1), (2, -1)]:
        lay(state, cell, "Open Sea")
    hand(state, p, [])
    state = at_step(state, p, "sail", "action", "give")
    state = play(state, Sail(E), "Open Sea")               # east to (1, 0), draw 1
    assert state.captains[p]["at"] == (1, 0) and len(state.captains[p]["hand"]) == 1
    assert Sail(W) not in state.legal_actions()          # no turning back
    state = play(state, Sail(E), "Open Sea")
    assert {Sail(N), Sail(S)} <= set(state.legal_actions())   # a turn to port or starboard
    state = play(state, Sail(S), "Coastland")               # the one turn (to starboard)
    assert state.observation(p)["sailing"][:2] == [S, 1] and state.captains[p]["at"] == (2, 1)
    lay(state, (3, 1), "Open Sea")
    with pytest.raises(IllegalMove, match="turning at most once"):
        state.apply(Sail(E))
    with pytest.raises(IllegalMove, match="diagonally"):
        state.apply(Sail(5))


def test_a_map_card_is_explored_next_to_the_ship_never_on_a_diagonal():
    """Rules: Plunder › Sail and Explore

    Given a captain at (1, 0) with an Open Sea card in hand, the cells east, north and south of the ship empty and the
    diagonal cells (2, 1) and (2, -1) empty too, When they explore, Then only the three cells beside the ship are
    offered ("an empty space adjacent to your ship"; "You cannot move diagonally") and a diagonal is refused."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Open Sea"])
    state = at_step(state, p, "sail", "action", "give")
    explores = {a.at for a in state.legal_actions() if isinstance(a, Explore)}
    assert explores == {(2, 0), (1, 1), (1, -1)}
    for diagonal in [(2, 1), (2, -1)]:
        assert diagonal not in state.sea
        with pytest.raises(IllegalMove, match="not an empty space next to your ship"):
            state.apply(Explore(diagonal, "Open Sea"))


def test_seven_cards_stop_the_move_and_exploring_plays_a_map_card():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    p = state.first
    hand(state, p, ["Open Sea", "Havana", "Coastland", "Natives", "Pirates", "Storm", "Bottle of Rum"][:7])
    state.captains[p]["at"] = (1, 0)
    state = at_step(state, p, "sail", "action", "give")
    with pytest.raises(IllegalMove, match="fewer than 7"):
        state.apply(Sail(E))
    state = state.apply(Explore((1, 1), "Havana"))
    assert state.sea[(1, 1)] == "Havana" and len(state.captains[p]["hand"]) == 6
    state = play(state, Sail(S), "Open Sea")
    assert state.captains[p]["at"] == (1, 1) and state.phase == "action"   # a Port ends the move
    hand(state, p, [])
    with pytest.raises(IllegalMove, match="explore first"):
        at_step(state, p, "sail").apply(Sail(E))      # nothing to the east of (1, 1) yet


def test_entering_a_port_ends_the_move_and_the_storm_ends_it_and_takes_the_loot():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    hand(state, p, [])
    port = play(at_step(state.clone(), p, "sail", "action", "give"), Sail(E), "Open Sea")
    assert port.phase == "action"
    state.captains[p]["loot"] = {"Sugar": 2}
    state.goods["Sugar"] -= 2
    storm = play(at_step(state, p, "sail", "action", "give"), Sail(S), "Storm")
    assert storm.phase == "action" and storm.captains[p]["loot"] == {} and "Storm" in storm.deck


# ---------------------------------------------------------------- Action
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


def test_letter_of_marque_contest_equal_or_greater_wins():
    """Rules: Plunder › War"""
    state = fresh(players=3)
    p = state.first
    q, r = (p + 1) % 3, (p + 2) % 3
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    hand(state, p, ["Havana"])                 # number 3
    hand(state, q, ["Port Royal"] if False else ["Martinique"])  # number 3
    hand(state, r, ["Open Sea"])               # number 1
    state = at_step(state, p, "action", "give")
    state = state.apply(Marque("Havana"))
    seen = state.observation(q)
    assert seen["contest"] == {"claimant": p, "nation": "England", "placed": [p]}   # face down: no card shown
    state = play(state, Contest("Martinique"), Contest("Open Sea"))
    assert state.captains[p]["marque"] == "England"
    assert "Spain" in enemies(state, p)                 # at war with the Letter's nation


def test_a_treaty_ends_the_war_and_its_enemy():
    """Rules: Plunder › War"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "England"
    hand(state, p, ["War is Declared: Spain", "A Treaty is Signed"])
    state = at_step(state, p, "action", "give")
    war = state.apply(Play("War is Declared: Spain", "England"))
    assert war.wars == [["War is Declared: Spain", "England"]] and "Spain" in enemies(war, p)
    war = at_step(war, p, "action", "give")
    peace = war.apply(Play("A Treaty is Signed", "War is Declared: Spain"))
    assert peace.wars == [] and "Spain" not in enemies(peace, p)
    assert peace.discard.get("War is Declared: Spain") == 1 and peace.discard.get("A Treaty is Signed") == 1


def test_plunder_must_be_sold_in_tortuga_for_half_rounded_down():
    """Rules: Plunder › Selling"""
    state = fresh()
    p = state.first
    state.captains[p]["loot"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    from_deck(state, "Spanish Sloop")
    state.captains[p]["captured"] = "Spanish Sloop"         # value 8
    state = at_step(state, p, "action", "give")
    assert state.legal_actions() == (StartTrade(), AbandonCaptured())  # the sale is the action; "abandon whenever"
    state = state.apply(StartTrade())
    assert state.captains[p]["silver"] == 5 + (8 + 2) // 2 and state.captains[p]["captured"] is None


# ---------------------------------------------------------------- Trade
def test_buy_and_sell_any_amount_the_hold_and_purse_allow():
    """Rules: Plunder › Buying"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert Buy("Sugar", 2) in state.legal_actions()
    with pytest.raises(IllegalMove, match="room in your hold"):
        state.apply(Buy("Sugar", 3))                     # the Pinnace holds 2
    with pytest.raises(IllegalMove, match="no Buy price"):
        state.apply(Buy("Rum", 1))
    state = state.apply(Buy("Sugar", 2))
    assert state.captains[p]["cargo"] == {"Sugar": 2} and state.captains[p]["silver"] == 3
    with pytest.raises(IllegalMove, match="no Sell price"):
        state.apply(Sell("Sugar", 1))


def test_traded_cargo_is_kept_whole_and_prized_ships_cannot_be_bought():
    """Rules: Plunder › Selling"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Cartagena")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["cargo"] = {"Sugar": 2}
    state.goods["Sugar"] -= 2
    hand(state, p, ["Treasure Fleet"])
    state = play(at_step(state, p, "action", "give"), StartTrade())
    with pytest.raises(IllegalMove, match="Prized Ship"):
        state.apply(BuyShip("Treasure Fleet"))
    state = state.apply(Sell("Sugar", 2))
    assert state.captains[p]["silver"] == 5 + 8


# ---------------------------------------------------------------- Combat
def _at_sea_against(enemy, cards, p_ship="Pinnace", seed=0):
    state = fresh(seed=seed)
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, cards)
    from_deck(state, enemy)
    state.encounters[p] = enemy
    return at_step(state, p, "encounter", "action", "give"), p


def test_a_faster_merchant_escapes_unless_a_card_makes_up_the_speed():
    """Rules: Plunder › Engagement"""
    state, p = _at_sea_against("Spanish Sloop", ["Open Sea", "Coastland"])   # speed 4 against 2
    state = state.apply(Attack())
    assert "Spain" in state.captains[p]["flags"]          # Enemies, before the Engagement
    escaped = state.apply(AddCard("Open Sea"))            # 2 + 1 < 4
    assert escaped.combat is None and escaped.discard.get("Spanish Sloop") == 1
    caught = state.apply(AddCard("Coastland"))            # 2 + 2 = 4: equal catches it
    assert caught.phase == "sink_or_board"           # cannon 1 against 1: at least equal


def test_win_every_step_then_take_the_prize_and_the_loot_capped_by_its_cargo():
    """Rules: Plunder › Results of a Combat"""
    state, p = _at_sea_against("Spanish Sloop", ["Havana"], p_ship="English Sloop")  # 4/1/2 against 4/1/2
    state = play(state, Attack(), Board())
    assert state.phase == "prize"
    state = state.apply(TakePrize("captured"))
    state = state.apply("Guadeloupe")                    # loot icon: 2 Spices
    cap = state.captains[p]
    assert cap["captured"] == "Spanish Sloop" and cap["loot"] == {"Spices": 2}
    state2, p = _at_sea_against("Spanish Sloop", ["Havana"], p_ship="English Sloop")
    state2 = play(state2, Attack(), Board(), TakePrize("captured"), "Sint Eustatius")  # 3 Tobacco, cargo 2
    assert state2.captains[p]["loot"] == {"Tobacco": 2}


def test_losing_the_boarding_sinks_your_ship_and_ends_your_turn():
    """Rules: Plunder › Boarding"""
    state, p = _at_sea_against("Spanish Galleon", ["Open Sea"], p_ship="Treasure Fleet")  # crew 5 against 4 ...
    state.captains[p]["ship"] = "English Sloop"
    from_deck(state, "English Sloop")
    to_deck(state, "Treasure Fleet")
    with pytest.raises(IllegalMove):
        state.apply(Sink())
    state = play(state, Attack(), AddCard(""))            # speed 4 ≥ 2; cannon 1 < 3: no card
    assert state.captains[p]["lost"] and state.current_player() != p or state.current != p


def test_sinking_a_ship_gives_no_plunder():
    """Rules: Plunder › Broadside

    Given an English Brigantine (cannon 2) that catches a Dutch Sloop (speed 4, cannon 1) with a card numbered 3,
    When it wins the Broadside, Then "you may choose to sink its ship or board it"; sinking it discards the enemy's
    card and "Combat ends here": no prize, no loot card, no silver, and the turn goes on to the Action."""
    state, p = _at_sea_against("Dutch Sloop", ["Havana"], p_ship="English Brigantine")   # 3 + 3 >= 4
    state = play(state, Attack(), AddCard("Havana"))
    assert state.phase == "sink_or_board" and set(state.legal_actions()) == {Sink(), Board()}
    silver, deck = state.captains[p]["silver"], dict(state.deck)
    sunk = state.apply(Sink())
    cap = sunk.captains[p]
    assert sunk.combat is None and sunk.discard.get("Dutch Sloop") == 1 and sunk.phase == "action"
    assert cap["captured"] is None and cap["loot"] == {} and cap["silver"] == silver and sunk.deck == deck
    assert cap["ship"] == "English Brigantine"
    sunk.validate()


def test_attacking_a_port_skips_the_engagement_and_boards_the_garrison():
    """Rules: Plunder › Combat"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Sint Eustatius")                 # cannon 2, garrison 3
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "Spanish Galleon")                     # cannon 3, crew 4
    hand(state, p, [])
    state = play(at_step(state, p, "action", "give"), AttackPort())
    assert state.legal_actions() == (Board(),) and "Netherlands" in state.captains[p]["flags"]
    state = play(state, Board(), "Havana")               # loot 3 Sugar, hold 5
    assert state.captains[p]["loot"] == {"Sugar": 3} and state.sea[(1, 0)] == "Sint Eustatius"


# ---------------------------------------------------------------- Attacking Another Captain
def test_captains_reveal_cards_together_and_ties_go_to_the_attacker():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, q, "English Sloop")                     # 4/1/2
    ship(state, p, "English Brigantine")                # 3/2/3
    hand(state, p, ["Havana", "Open Sea"])
    hand(state, q, ["Martinique", "Coastland"])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret("Havana"))
    assert state.observation(q)["combat"]["placed"] == {str(p): True}
    assert "my_card" not in state.observation(q)["combat"]
    assert state.observation(p)["combat"]["my_card"] == "Havana"
    state = state.apply(Secret("Martinique"))            # cannon 2 + 3 against 1 + 3
    assert state.phase == "sink_or_board"
    state = play(state, Board(), Secret("Open Sea"), Secret(""))  # crew 3 + 1 against 2 + 0
    assert state.phase == "prize" and state.phase.rule == "Captured Ships" and state.current_player() == p
    assert state.captains[q]["lost"] and state.captains[q]["ship"] == "Pinnace"


def test_between_captains_a_tie_goes_to_the_attacker():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, q, "English Sloop")                     # cannon 1
    hand(state, p, ["Open Sea"])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""), Secret(""))
    assert state.phase == "sink_or_board"          # Pinnace cannon 1 against 1: the attacker's
    sunk = state.apply(Sink())
    assert sunk.captains[q]["lost"] and sunk.combat is None


def test_an_illegal_move_names_the_rule_and_changes_nothing():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Sail(W) if Sail(W) not in state.legal_actions() else Explore((5, 5), "Havana"))
    assert error.value.rule in ("Sail and Explore",)
    assert state.to_json() == before


def test_sixty_silver_wins_at_once():
    """Rules: Plunder › Overview"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["silver"], state.bank = 55, state.bank - 50
    state.captains[p]["cargo"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    state = play(at_step(state, p, "action", "give"), StartTrade(), Sell("Rum", 1))
    assert state.is_terminal() and state.winners() == (p,) and state.returns()[p] == 1


def test_encounters_go_to_the_left():
    """Rules: Plunder › Play an Encounter"""
    state = fresh(players=3)
    p = state.first
    hand(state, p, ["Pirates"])
    state = play(at_step(state, p, "give"), Give("Pirates"))
    assert state.current == (p + 1) % 3
    assert "Pirates does not apply" in " ".join(state.log[-3:])   # the neighbour is in Tortuga


def test_a_captured_ship_does_not_count_to_reach_but_slows_the_catch_up():
    """Rules: Plunder › Engagement"""
    state, p = _at_sea_against("Spanish Brigantine", ["Open Sea"], p_ship="English Sloop")   # speed 4 against 3
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"                                       # speed 2
    state = state.apply(Attack())
    assert state.phase == "broadside"              # own speed 4 reaches 3: no card needed
    state2, p = _at_sea_against("Spanish Sloop", ["Open Sea", "Coastland"], p_ship="English Brigantine")  # 3 < 4
    from_deck(state2, "Dutch Galleon")
    state2.captains[p]["captured"] = "Dutch Galleon"
    state2 = state2.apply(Attack())
    assert state2.phase == "engage"
    assert state2.apply(AddCard("Open Sea")).combat is None       # 2 (the lower) + 1 < 4: it escapes (3 + 1 would not)


# ---------------------------------------------------------------- First Mate, Captured Ships, losing a ship
def test_a_first_mate_is_found_in_a_port_adds_one_and_may_be_let_go():
    """Rules: Plunder › First Mate"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Nassau")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Master Gunner", "Navigator"])
    state = play(at_step(state, p, "action", "give"), Play("Master Gunner"))
    assert state.captains[p]["mate"] == "Master Gunner" and state.ship_stat(p, "cannon") == 2
    state = at_step(state, p, "action", "give")
    state = state.apply(Play("Navigator"))                # only one First Mate: the old one goes
    assert state.captains[p]["mate"] == "Navigator" and state.discard.get("Master Gunner") == 1
    state = at_step(state, p, "action", "give")
    from pirates_lab.plunder.actions import DismissMate
    state = state.apply(DismissMate())
    assert state.captains[p]["mate"] is None and state.phase == "action"   # letting go is free


def test_a_prize_may_be_sailed_keeping_the_old_ship_as_the_captured_one():
    """Rules: Plunder › Captured Ships"""
    state, p = _at_sea_against("Spanish Sloop", ["Havana"], p_ship="English Sloop")
    state = play(state, Attack(), Board())
    assert TakePrize("swap") in state.legal_actions()
    state = state.apply(TakePrize("swap"))
    cap = state.captains[p]
    assert cap["ship"] == "Spanish Sloop" and cap["prize_ship"] and cap["captured"] == "English Sloop"
    assert state.capacity(p) == 4


def test_losing_the_ship_returns_the_cargo_discards_the_hand_and_restarts_from_tortuga():
    """Rules: Plunder › If You Lose Your Ship"""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["cargo"] = {"Rum": 2}
    state.goods["Rum"] -= 2
    ship(state, p, "English Sloop")
    state = at_step(state, p, "action", "give")
    lose_your_ship.lose_ship(state, p)
    cap = state.captains[p]
    assert (cap["ship"], cap["cargo"], cap["hand"], cap["at"], cap["lost"]) == ("Pinnace", {}, [], (0, 0), True)
    assert state.goods["Rum"] == 12 and state.phase == "end"     # the turn ends at once
    state.validate()


def test_a_captain_whose_ship_is_sunk_loses_the_first_mate():
    """Rules: Plunder › If You Lose Your Ship

    Given a captain in a Pinnace (cannon 1) with a Navigator as First Mate, attacked by Pirates (cannon 3) with no
    card to add, When they stand and fight and lose the Broadside, Then the ship is sunk and "Discard your First
    Mate, if any": the mat has no First Mate and the Navigator is on the discard pile."""
    state, p = pirates_attack("Pinnace", [])
    from_deck(state, "Navigator")
    state.captains[p]["mate"] = "Navigator"
    state = play(state, Fight(), AddCard(""))
    cap = state.captains[p]
    assert cap["lost"] and cap["at"] == (0, 0)
    assert cap["mate"] is None and state.discard.get("Navigator") == 1
    state.validate()


def test_attacking_a_nation_costs_its_letter_of_marque_but_pirates_make_no_enemy():
    """Rules: Plunder › Enemies"""
    state, p = _at_sea_against("English Sloop", ["Havana"], p_ship="Spanish Sloop")
    state.captains[p]["marque"] = "England"
    state = state.apply(Attack())
    assert state.captains[p]["marque"] is None and state.captains[p]["flags"] == ["England"]
    pirates, q = _at_sea_against("Pirates", ["Havana"], p_ship="Spanish Galleon")
    pirates = pirates.apply(Fight())
    assert pirates.captains[q]["flags"] == []


def test_natives_trade_at_their_prices_or_fight_with_warriors_only():
    """Rules: Plunder › Broadside"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Coastland")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, [])
    from_deck(state, "Natives")
    state.encounters[p] = "Natives"
    state = at_step(state, p, "encounter", "action", "give")
    traded = play(state, StartTrade(), Buy("Tobacco", 2))
    assert traded.captains[p]["cargo"] == {"Tobacco": 2} and traded.captains[p]["silver"] == 3
    fought = state.apply(Attack())
    assert fought.phase == "boarding"                # no Engagement on land, no Broadside: no cannons


def test_a_fleeing_captain_may_abandon_the_captured_ship_to_the_attacker():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    state.captains[q]["loot"] = {"Rum": 4}
    state.goods["Rum"] -= 4
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True))
    assert state.captains[q]["captured"] is None and state.captains[q]["loot"] == {"Rum": 2}   # the Pinnace holds 2
    from pirates_lab.plunder.actions import TakeAbandoned
    state = play(state, TakeAbandoned(True), TakePrize("captured"))
    assert state.captains[p]["captured"] == "Dutch Galleon" and state.captains[p]["loot"] == {"Rum": 2}
    state.validate()
