"""The rules of Attacking Another Captain: the chase, the cards face down, the abandoned ship.

Rules: Plunder › Attacking Another Captain
"""
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import AttackCaptain, Board, Fight, Flee, Secret, Sink, TakeAbandoned, TakePrize
from pirates_lab.plunder.headings import RULE_CAPTAIN

from plunder_helpers import _two_at, at_step, fresh, from_deck, hand, play, ship


def brigantine_meets_sloop():
    """Two captains on one card: the first sails an English Brigantine (3/2/3) holding Havana and Open Sea, the
    other an English Sloop (4/1/2) holding Martinique and Coastland.  Returns the state, the first and the other."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, q, "English Sloop")                     # 4/1/2
    ship(state, p, "English Brigantine")                # 3/2/3
    hand(state, p, ["Havana", "Open Sea"])
    hand(state, q, ["Martinique", "Coastland"])
    return state, p, q


def test_captains_reveal_cards_together_and_ties_go_to_the_attacker():
    """Rules: Plunder › Attacking Another Captain"""
    state, p, q = brigantine_meets_sloop()
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


def test_a_defender_who_flees_at_an_equal_speed_is_caught_the_tie_is_the_attackers():
    """Rules: Plunder › Attacking Another Captain

    Given two captains in Pinnaces (speed 2 each) on the Open Sea, When the defender flees and neither places a card
    (2 against 2), Then "in case of a tie, the attacker wins": the defender is caught and the Broadside comes (a card
    more, 2 against 3, and the defender escapes). No test caught an Engagement tie given to the defender."""
    from pirates_lab.plunder.actions import AttackCaptain, Flee, Secret

    state = fresh()
    p = state.first
    q = state.left_of(p)
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    hand(state, p, [])
    hand(state, q, ["Open Sea"])
    state = at_step(state, p, "action", "give")
    tied = play(state.clone(), AttackCaptain(q), Flee(""), Secret(""), Secret(""))
    assert tied.phase == "secret" and tied.combat.step == "broadside"
    escaped = play(state, AttackCaptain(q), Flee(""), Secret(""), Secret("Open Sea"))
    assert escaped.combat is None and f"Captain {q + 1} escapes." in list(escaped.log)


def test_cards_face_down_are_logged_without_saying_which():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p, q = state.first, 1 - state.first
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    hand(state, p, ["Havana"])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret("Havana"), Secret(""))
    assert [f"Captain {p + 1} places a card face down.", f"Captain {q + 1} places no card face down."] == \
        [line for line in state.log if "face down" in line]
    assert f"Cards revealed (broadside): captain {p + 1} 4 against captain {q + 1} 1; ties to the attacker." in state.log


def test_an_abandoned_ship_is_seen_by_both_captains_until_taken():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p, q = state.first, 1 - state.first
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    hand(state, q, [])
    from pirates_lab.plunder.actions import Flee
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True))
    for seat in (p, q):
        assert state.observation(seat)["combat"]["abandoned"] == "Dutch Galleon"
        assert "Dutch Galleon" in state.observation(seat)["in_play"]


def test_the_log_of_captains_fighting_and_an_attacker_sunk():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p, q = state.first, 1 - state.first
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, q, "Spanish Galleon")                     # cannon 3 against the Pinnace's 1
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""), Secret(""))
    assert (f"Captain {p + 1} attacks captain {q + 1} (Attacking Another Captain; no nation becomes an enemy: "
            "Enemies).") in state.log
    assert f"Captain {q + 1}'s cannons sink captain {p + 1}'s ship." in state.log
    assert state.captains[p]["at"] == (0, 0) and state.captains[p]["lost"]


def test_a_boarding_won_against_a_pinnace_takes_only_the_cargo():
    """Rules: Plunder › Attacking Another Captain — the loser of the Boarding loses the ship; the winner takes it
    (not a Pinnace) and its cargo.

    Given captain p on an English Brigantine (cannon 2, crew 3) against captain q on the Pinnace (cannon 1, crew 2)
    with 1 Rum, both placing no card, When p wins the Broadside and the Boarding, Then the log says p takes q's
    cargo (no ship named), and the Rum is p's loot."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, p, "English Brigantine")
    state.captains[q]["cargo"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""), Secret(""), Board(),
                 Secret(""), Secret(""))
    assert f"Captain {p + 1} wins the Boarding and takes captain {q + 1}'s cargo." in state.log
    assert state.captains[p]["loot"] == {"Rum": 1} and not state.captains[q]["cargo"]
    state.validate()


def test_taking_an_abandoned_ship_is_logged_with_both_captains():
    """Rules: Plunder › Attacking Another Captain — a fleeing defender may abandon their Captured Ship; the attacker
    may take it instead of fighting.

    Given captain q fleeing and abandoning the Dutch Galleon, When captain p takes it, Then the log names the ship
    and both captains, numbered from 1."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True), TakeAbandoned(True))
    assert f"Captain {p + 1} forgoes the combat and takes Dutch Galleon from captain {q + 1}." in state.log


def test_a_defender_who_flees_is_logged_and_so_is_an_abandoned_ship():
    """Rules: Plunder › Attacking Another Captain — the defender may flee, and may abandon the Captured Ship.

    Given captain q attacked by captain p, When q flees keeping the Captured Ship, or flees abandoning it, Then the
    log says so, captains numbered from 1."""
    def attacked():
        state = fresh()
        p = state.first
        q = 1 - p
        for seat in (p, q):
            state.captains[seat]["at"] = (1, 0)
        from_deck(state, "Dutch Galleon")
        state.captains[q]["captured"] = "Dutch Galleon"
        hand(state, p, [])
        hand(state, q, [])
        return play(at_step(state, p, "action", "give"), AttackCaptain(q)), q

    state, q = attacked()
    assert f"Captain {q + 1} tries to flee." in state.apply(Flee("", False)).log
    state, q = attacked()
    assert f"Captain {q + 1} abandons the Captured Ship Dutch Galleon to flee." in state.apply(Flee("", True)).log


def test_an_abandoned_ship_let_go_is_discarded_and_the_chase_goes_on():
    """Rules: Plunder › Attacking Another Captain — the attacker may take the abandoned ship instead of fighting;
    if not, the defender flees: the Engagement is fought.

    Given captain q fleeing and abandoning the Dutch Galleon, When captain p lets it go, Then it is discarded, and
    both captains place a card face down for the Engagement (a speed 2 against 2: the tie goes to the attacker)."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True), TakeAbandoned(False))
    assert state.discard.get("Dutch Galleon") == 1 and state.captains[q]["captured"] is None
    assert state.phase == "secret" and state.observation(q)["combat"]["step"] == "engagement"
    state = play(state, Secret(""), Secret(""))
    assert (f"Cards revealed (engagement): captain {p + 1} 2 against captain {q + 1} 2; ties to the attacker."
            in state.log)


def test_a_captain_who_places_no_card_face_down_is_seen_to_have_placed_none():
    """Rules: Plunder › Attacking Another Captain — each captain may place a card face down, or none.
    Given captains 1 and 2 in the same sea and the attacker placing no card at the engagement, When the defender
    looks, Then he sees that the attacker has placed and that it was no card (not a card face down), and the
    attacker's own view says "none" too.  (Mutation sample of issue 36 item 5: ``Battle.placing`` recording
    ``("",)`` for no card, shown as a card placed face down.)"""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, q, "English Sloop")
    ship(state, p, "English Brigantine")
    hand(state, p, ["Havana", "Open Sea"])
    hand(state, q, ["Martinique", "Coastland"])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""))
    assert state.observation(q)["combat"]["placed"] == {str(p): False}
    assert state.observation(p)["combat"]["placed"] == {str(p): False}
    assert state.observation(p)["combat"]["my_card"] == ""


def test_a_captain_who_wins_the_broadside_and_sinks_the_other_is_named_in_the_log_by_his_number():
    """Rules: Plunder › Attacking Another Captain — after a won Broadside the winner may sink the other's ship.
    Given the attacker's cannon higher at the broadside, When he sinks the defender's ship, Then the log says who
    sank whom, each captain numbered from 1 as every seat reads it, and the defender has lost his ship.
    (Mutation sample of issue 36 item 5: the sinking captain logged as ``p + 2``.)"""
    state, p, q = brigantine_meets_sloop()
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret("Havana"), Secret("Martinique"))
    assert state.phase == "sink_or_board" and state.current_player() == p
    state = state.apply(Sink())
    assert f"Captain {p + 1} sinks captain {q + 1}'s ship." in state.log
    assert state.captains[q]["lost"]
