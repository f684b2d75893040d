"""The rules as printed (issue 21): each test is a Given/When/Then that failed on the engine before its fix.

Rules: Plunder › Turn
"""
import pytest

from pirates_lab.core.geometry import E, S
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import (AddCard, Attack, AttackCaptain, AttackPort, Board, BuyShip, Explore, Fight,
                                         Flee, KeepLetter, LetGo, Marque, Play, Sail, Secret, SellShip, StartTrade,
                                         TakeAbandoned, TakePrize)
from pirates_lab.plunder.headings import (RULE_BUYING, RULE_CAPTAIN, RULE_ENEMIES, RULE_SAIL, RULE_SELLING, RULE_WAR)

from plunder_helpers import at_step, enough_silver, fresh, from_deck, hand, lay, pirates_attack, play, ship, start_turn
from pirates_lab.plunder.war import enemies


def _two_at(cell, card=None, players=2):
    state = fresh(players=players)
    p = state.first
    q = state.left_of(p)
    if card is not None:
        lay(state, cell, card)
    for seat in (p, q):
        state.captains[seat]["at"] = cell
    return state, p, q


# ---------------------------------------------------------------- Attacking Another Captain
def test_no_captain_may_attack_another_in_a_port():
    """Rules: Plunder › Attacking Another Captain

    Given two captains in Havana, When the one on turn looks for an attack, Then "not in a Port": none is offered
    and the attack is refused (on the Open Sea it is offered)."""
    state, p, q = _two_at((1, 0), "Havana")
    state = at_step(state, p, "action", "give")
    assert AttackCaptain(q) not in state.legal_actions()
    refused(state, AttackCaptain(q), RULE_CAPTAIN)
    sea, p, q = _two_at((1, 0))
    assert AttackCaptain(q) in at_step(sea, p, "action", "give").legal_actions()


def test_a_boarding_tie_between_captains_goes_to_the_attacker():
    """Rules: Plunder › Attacking Another Captain

    Given two Pinnaces (crew 2 each) and no cards, When the attacker boards, Then the tie is the attacker's: the
    defender loses the ship."""
    state, p, q = _two_at((1, 0))
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""), Secret(""))
    state = play(state, Board(), Secret(""), Secret(""))
    assert state.captains[q]["at"] == (0, 0) and state.captains[p]["at"] == (1, 0)   # q starts over from Tortuga
    assert state.phase == "lost_draw" and state.current == q


def test_the_attacker_takes_the_traded_cargo_left_on_an_abandoned_ship():
    """Rules: Plunder › Attacking Another Captain

    Given a defender in a Pinnace (cargo 2) with a Captured Dutch Galleon, 2 Rum of loot and 3 Sugar of Traded
    Cargo, When they flee abandoning the Galleon and the attacker takes it, Then the attacker takes all the cargo
    left on it: the 2 Rum and the 1 Sugar that no longer fit in the Pinnace."""
    state, p, q = _two_at((1, 0))
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    state.captains[q]["loot"] = {"Rum": 2}
    state.captains[q]["cargo"] = {"Sugar": 3}
    state.goods["Rum"] -= 2
    state.goods["Sugar"] -= 3
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True))
    assert state.captains[q]["cargo"] == {"Sugar": 2} and state.captains[q]["loot"] == {}
    state = play(state, TakeAbandoned(True), TakePrize("captured"))
    assert state.captains[p]["captured"] == "Dutch Galleon"
    assert state.captains[p]["loot"] == {"Rum": 2, "Sugar": 1}
    state.validate()


# ---------------------------------------------------------------- Selling a ship taken in Combat
def _sailing_a_prize(cell, port=None, marque=None):
    state = fresh()
    p = state.first
    if port:
        lay(state, cell, port)
    state.captains[p]["at"] = cell
    ship(state, p, "Spanish Sloop")                       # value 8, taken in Combat
    state.captains[p]["prize_ship"] = True
    state.captains[p]["marque"] = marque
    return state, p


def test_a_ship_taken_in_combat_is_not_sold_in_a_port_without_your_letter():
    """Rules: Plunder › Selling

    Given a captain sailing a ship taken in Combat in Havana, with no Letter of Marque, When they trade, Then
    "captured goods and ships may be sold ONLY in Tortuga or in a Port of ... your Letter of Marque": no sale
    (and no ship bought, which would have to sell it at once)."""
    state, p = _sailing_a_prize((1, 0), "Havana")
    hand(state, p, ["English Sloop"])
    enough_silver(state, p, 30)
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert SellShip() not in state.legal_actions() and BuyShip("English Sloop") not in state.legal_actions()
    refused(state, SellShip(), RULE_SELLING)
    refused(state, BuyShip("English Sloop"), RULE_SELLING)


def test_a_ship_taken_in_combat_sells_for_half_in_tortuga():
    """Rules: Plunder › Selling

    Given a captain sailing a ship taken in Combat (value 8) in Tortuga, When they trade and sell it, Then they
    keep half (4) and sail the Pinnace again."""
    state, p = _sailing_a_prize((0, 0))
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert SellShip() in state.legal_actions()
    state = state.apply(SellShip())
    assert state.captains[p]["silver"] == 5 + 4 and state.captains[p]["ship"] == "Pinnace"


@pytest.mark.parametrize("marque,card", [("England", None), (None, "Sneak into Port")])
def test_a_ship_taken_in_combat_sells_for_half_in_a_port_of_your_letter_or_with_a_card(marque, card):
    """Rules: Plunder › Action

    Given a ship taken in Combat in Port Royal (England), When the captain holds the English Letter of Marque or
    plays Sneak into Port, Then it may be sold there, for half its value."""
    state, p = _sailing_a_prize((1, 0), "Port Royal", marque=marque)
    hand(state, p, [card] if card else [])
    state = play(at_step(state, p, "action", "give"), Play(card) if card else StartTrade(), SellShip())
    assert state.captains[p]["silver"] == 5 + 4


def test_a_bought_ship_sells_whole_in_any_port():
    """Rules: Plunder › Selling"""
    state, p = _sailing_a_prize((1, 0), "Havana")
    state.captains[p]["prize_ship"] = False
    state = play(at_step(state, p, "action", "give"), StartTrade(), SellShip())
    assert state.captains[p]["silver"] == 5 + 8


def test_a_prized_ship_cannot_be_bought_even_with_the_silver():
    """Rules: Plunder › Buying

    Given a captain in a Port with 40 silver and a Treasure Fleet (value 30) in hand, When they trade, Then "You may
    NOT buy a Prized Ship"."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    enough_silver(state, p, 40)
    hand(state, p, ["Treasure Fleet", "Spanish Galleon"])
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert BuyShip("Spanish Galleon") in state.legal_actions()
    assert BuyShip("Treasure Fleet") not in state.legal_actions()
    refused(state, BuyShip("Treasure Fleet"), RULE_BUYING)


# ---------------------------------------------------------------- Sail and Explore
def test_one_map_card_is_explored_before_each_move():
    """Rules: Plunder › Sail and Explore

    Given a captain at sea with three map cards, When they explore once, Then they may not explore again until they
    have moved (the steps repeat in sequence: Explore, Move, Draw); after the move and the draw they may."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Open Sea", "Havana", "Coastland"])
    state = at_step(state, p, "sail", "action", "give")
    state = state.apply(Explore((2, 0), "Open Sea"))
    assert not any(isinstance(a, Explore) for a in state.legal_actions())
    refused(state, Explore((1, 1), "Havana"), RULE_SAIL)
    state = play(state, Sail(E), "Open Sea")
    assert Explore((3, 0), "Havana") in state.legal_actions()


def test_entering_a_coastland_ends_the_move():
    """Rules: Plunder › Sail and Explore

    Given a Coastland east of a captain, When they sail onto it and draw, Then the move is over: the Action comes."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Coastland")
    lay(state, (2, 0), "Open Sea")
    hand(state, p, [])
    state = play(at_step(state, p, "sail", "action", "give"), Sail(E), "Open Sea")
    assert state.captains[p]["at"] == (1, 0) and state.phase == "action"


# ---------------------------------------------------------------- Resolve the Encounter
def test_the_first_captain_resolves_the_encounter_after_the_first_turn():
    """Rules: Plunder › Resolve the Encounter

    Given the First Captain at the start of round 2 with a Spanish Sloop played to them on the Open Sea, When their
    turn begins, Then they resolve it (skipping it is for the first turn of the game only)."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = start_turn(state, p, round_no=2)
    assert set(state.legal_actions()) == {Attack(), LetGo()}


# ---------------------------------------------------------------- Combat
def test_when_pirates_attack_a_broadside_tie_is_theirs():
    """Rules: Plunder › Broadside

    Given Pirates (cannon 3) attacking a captain, When the captain's cannon plus a card comes to 3, Then "ties always
    favor the attacker": the Pirates sink the ship."""
    state, p = pirates_attack("Pinnace", ["Coastland"])   # cannon 1 + 2
    state = play(state, Fight(), AddCard("Coastland"))
    assert state.captains[p]["lost"]
    galleon, p = pirates_attack("Spanish Galleon", [])     # cannon 3 = 3: behind, may add a card
    galleon = galleon.apply(Fight())
    assert galleon.phase == "broadside"
    assert galleon.apply(AddCard("")).captains[p]["lost"]


def test_when_pirates_attack_a_boarding_tie_is_theirs():
    """Rules: Plunder › Boarding

    Given a captain who won the Broadside against Pirates (crew 3), When they board with crew 3, Then the tie is the
    attacking Pirates': the captain's ship is lost."""
    state, p = pirates_attack("Treasure Fleet", ["Open Sea"])   # cannon 4 > 3; crew 5
    state.captains[p]["ship"] = "Treasure Fleet"
    state = play(state, Fight(), Board())
    assert state.phase == "prize"                            # crew 5 > 3: won
    state, p = pirates_attack("Spanish Brigantine", ["Havana"])  # 3/2/3: cannon 2 + 3 > 3, crew 3 = 3
    state = play(state, Fight(), AddCard("Havana"), Board())
    assert state.phase == "boarding"
    assert state.apply(AddCard("")).captains[p]["lost"]


def test_the_loot_quantity_is_the_number_of_the_card_turned_over():
    """Rules: Plunder › Results of a Combat

    Given a captain in an English Galleon (cargo 5) who boarded a Spanish Galleon (cargo 5), When the loot card is
    Guadeloupe (number 4, a Spices icon), Then "the number indicates the quantity": 4 Spices."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Galleon")
    hand(state, p, [])
    from_deck(state, "Spanish Galleon")
    state.encounters[p] = "Spanish Galleon"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board(), TakePrize("captured"))
    state = state.apply("Guadeloupe")
    assert state.captains[p]["loot"] == {"Spices": 4}


# ---------------------------------------------------------------- War and Enemies
def test_a_captain_with_two_letters_chooses_which_to_keep():
    """Rules: Plunder › War

    Given a captain holding the Spanish Letter of Marque in Port Royal while England and France are at war, When they
    win the English Letter, Then "If you hold more than one Letter, you must choose; the other becomes your enemy"."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "Spain"
    from_deck(state, "War is Declared: England")
    state.wars = [["War is Declared: England", "France"]]
    hand(state, p, ["Havana"])
    hand(state, state.left_of(p), [])
    state = play(at_step(state, p, "action", "give"), Marque("Havana"))
    assert set(state.legal_actions()) == {KeepLetter("England"), KeepLetter("Spain")}
    kept = state.apply(KeepLetter("Spain"))
    assert kept.captains[p]["marque"] == "Spain" and "England" in enemies(kept, p)
    new = state.apply(KeepLetter("England"))
    assert new.captains[p]["marque"] == "England" and {"Spain", "France"} <= enemies(new, p)
    refused(state, KeepLetter("France"), RULE_WAR)


def _spain_out_of_flags(wars=("England", "France", "Netherlands")):
    """Four captains; three are Spain's enemies and three wars carry a Spanish flag: the six flags are all out."""
    state = fresh(players=4)
    p = state.first
    others = [q for q in range(4) if q != p]
    for q in others:
        state.captains[q]["flags"] = ["Spain"]
    for nation in wars:
        from_deck(state, f"War is Declared: {nation}")
        state.wars.append([f"War is Declared: {nation}", "Spain"])
    return state, p


def test_no_spanish_ship_is_attacked_when_the_herald_has_no_spanish_flag_left():
    """Rules: Plunder › Enemies

    Given all six Spanish flags out (three captains' mats, three wars), When a fourth captain meets a Spanish Sloop,
    Then they cannot attack it (no flag to place in the Enemies space): they let it go."""
    state, p = _spain_out_of_flags()
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = at_step(state, p, "encounter", "action", "give")
    assert state.legal_actions() == (LetGo(),)
    assert "The Herald has no Spain flag left" in refused(state, Attack(), RULE_ENEMIES).reason
    state.validate()


def test_no_war_is_declared_on_a_nation_whose_flags_are_all_out():
    """Rules: Plunder › War

    Given all six Spanish flags out but one, When a captain plays War is Declared: ... the Herald places a flag of the
    other nation on it: Spain is a choice while a flag is left, and not once none is."""
    state, p = _spain_out_of_flags(wars=("England", "France"))
    war = "War is Declared: Netherlands"
    lay(state, (1, 0), "Curacao")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, [war])
    state = at_step(state, p, "action", "give")
    assert Play(war, "Spain") in state.legal_actions()        # 5 of 6 flags out
    state.captains[p]["flags"] = ["Spain"]                    # the sixth
    assert Play(war, "Spain") not in state.legal_actions() and Play(war, "England") in state.legal_actions()
    assert refused(state, Play(war, "Spain"), RULE_WAR).reason == "The Herald has no Spain flag left to place on the card."


def test_attacking_a_nation_already_your_enemy_by_war_places_no_flag():
    """Rules: Plunder › Enemies

    Given a captain with the English Letter of Marque while England and Spain are at war (Spain is their enemy),
    When they attack a Spanish Sloop, Then no flag is placed ("a nation that is not yet your enemy"), and once a
    Treaty ends the war Spain is no longer their enemy."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "England"
    from_deck(state, "War is Declared: England")
    state.wars = [["War is Declared: England", "Spain"]]
    hand(state, p, [])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = at_step(state, p, "encounter", "action", "give").apply(Attack())
    assert state.captains[p]["flags"] == [] and "Spain" in enemies(state, p)
    state.wars = []
    state.discard["War is Declared: England"] = 1
    assert "Spain" not in enemies(state, p)


# ---------------------------------------------------------------- what a person reads
def test_captains_are_numbered_from_one_in_the_log_and_the_action_labels():
    """Rules: Plunder › Setup

    Given seeded 2- and 3-captain games, When every log line and action label is read, Then each captain named is
    one of 1..n, the First Captain line names seat + 1, and the last seat is named n."""
    import random
    import re

    from pirates_lab.core import play
    from pirates_lab.plunder import Game
    from pirates_lab.plunder.captains import random_captain

    for players in (2, 3):
        labels = []
        for step in play(Game(players=players, max_turns=6).new_initial_state(), random_captain, random.Random(players)):
            if not step.is_chance:
                labels += [str(a) for a in step.state.legal_actions()]
        state = step.after
        text = "\n".join(list(state.log) + labels)
        named = {int(n) for n in re.findall(r"[Cc]aptains? (\d+)", text)}
        assert named == set(range(1, players + 1)), named
        assert f"Captain {state.first + 1} is the First Captain" in text


def test_a_refusal_quotes_what_was_typed_safely():
    """Rules: Plunder › Action"""
    state = fresh()
    error = refused(at_step(state, state.first, "action", "give"), Play("Navi\ngator"), "Action")
    assert "'Navi\\ngator'" in error.reason and "\n" not in str(error)


def test_a_prize_may_be_sailed_with_the_old_ship_as_the_captured_one_even_when_one_is_there():
    """Rules: Plunder › Captured Ships

    Given a captain in an English Sloop with a Captured Dutch Galleon who boards a Spanish Sloop, When they take the
    prize, Then they may sail it and "put [the old ship] in the Captured Ship space" (the Galleon there is
    abandoned), as well as keep it as the Captured Ship, sail it discarding the old ship, or leave it."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Sloop")                       # 4/1/2 against the Spanish Sloop's 4/1/2
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"
    hand(state, p, ["Havana"])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board())
    assert set(state.legal_actions()) == {TakePrize(h) for h in ("captured", "sail", "swap", "leave")}
    state = state.apply(TakePrize("swap"))
    cap = state.captains[p]
    assert (cap["ship"], cap["prize_ship"], cap["captured"]) == ("Spanish Sloop", True, "English Sloop")
    assert state.discard.get("Dutch Galleon") == 1
    state.validate()
