"""Rules as printed, round 3 (issue 21): each audit error as a Given/When/Then scenario, and the rules no
test used to catch.  Each test failed on the engine before its fix (checked by reverting the fix).

They use the public State API (``apply``, ``legal_actions``, ``observation``) and the scenario helpers.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from pirates_lab.core import Dist
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import (Act, AttackMerchant, DoctorSaves, LoseCrewman, MoveCrewman, Play,
                                                  Repair, ReturnPrize, StealMap)
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

MERCHANT = "French Merchant (Strength 2)"


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def to_play(s, player: int = 0):
    """Skip to the play step; ``player`` holds three Bury Treasure cards as filler."""
    give(s, player, "Bury Treasure", "Bury Treasure", "Bury Treasure")
    return at_step(s, "play", player)


def add_ship(s, player: int, hull: str, crew=("Cutlass Crewman",), cannons: int = 0):
    """Fleet Play: a second ship for ``player``, its cards taken from the draw piles."""
    s._draw_card(hull)
    for card in crew:
        s._draw_card(card)
    for _ in range(cannons):
        s._draw_card("Cannon")
    s.players[player]["ships"].append({"hulls": [{"hull": hull, "addons": []}], "damage": 0, "cannons": cannons,
                                       "crew": list(crew), "cargo": []})
    s.validate()


# ------------------------------------------------------------------ the merchant that sails on
def test_a_merchant_that_sails_on_keeps_its_damage_and_crew_loss():
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship
    "he starts a new battle beginning at the first stage and the merchant begins the battle with whatever damage
    and crew loss it received from previous battles"

    Given player 1 attacks a Strength-2 merchant (3 crewmen) and deals it one damage and one crewman, When he
    calls the battle off, Then the merchant sails on to player 2 as it is (one damage, two crewmen), and the
    battle player 2 starts against it begins with that damage and crew.
    """
    s = to_play(scenario(3))
    equip(s, 0, cannons=3)
    give(s, 0, MERCHANT)
    s = run(s, Play(MERCHANT), Act("fight on"), (6, 1), Act("fight on"), Volley(1, 1, False, False),
            Act("fight on"), (6, 1), Act("call off"))
    assert s.current_player() == 1 and AttackMerchant(0) in s.legal_actions()
    assert (s.observation(1)["merchant"]["damage"], s.observation(1)["merchant"]["crew"]) == (1, 2)
    s = s.apply(AttackMerchant(0))
    defender = s.observation(2)["battle"]["defender"]
    assert (defender["damage"], defender["crew"]) == (1, 2)
    s.validate()


# ------------------------------------------------------------------ lost turns
@pytest.mark.parametrize("players", [2, 3])
def test_when_every_player_has_lost_a_turn_each_loses_one_and_the_next_plays(players):
    """Rules: Pillage & Plunder › Treasure Hunt ("you lose your next turn")
    Rules: Pillage & Plunder › Play Event Card ("If an Event card causes your opponent to lose his next turn")

    Given every player with a lost turn pending, When player 1 ends his turn (he works on the docks), Then each
    of them loses exactly one turn, in order, and the player after player 1 then plays his turn — not a player
    who was just skipped.
    """
    s = scenario(players)
    for p in s.players:
        p["lose_turn"] = True
    s = s.apply(Act("work"))
    order = [*range(1, players), 0, 1]
    skipped = [f"Player {i + 1} loses this turn." for i in order[:players]]
    assert [line for line in s.log if "loses this turn" in line] == skipped
    assert s.current == 1 and s.current_player() == 1 and s.log[-1].startswith("Player 2's turn")
    assert not any(p["lose_turn"] for p in s.players)


# ------------------------------------------------------------------ stage 4 opens even with no crew
def attack_with_a_crew_of(attacker_crew: int, defender_crew: int):
    """Player 1 attacks player 2; after the cannon battle (both afloat) one side has no crew left."""
    s = to_play(scenario(2))
    ship(s, 0)["crew"] = ["Cutlass Crewman"] * attacker_crew
    ship(s, 1)["crew"] = ["Cutlass Crewman"] * defender_crew
    s.deck["Cutlass Crewman"] += 4 - attacker_crew - defender_crew
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("stand and fight"),
            Act("no offer"), Act("fight on"))
    volley = next(v for v in s.chance_outcomes().outcomes() if not (v.attacker_destroyed or v.defender_destroyed))
    return s.apply(volley)


def test_an_attacker_without_crew_may_still_call_off_at_the_start_of_the_melee():
    """Rules: Pillage & Plunder › Player Attacking Player
    "The attacker may call off the battle at the beginning of any stage of the battle"
    Rules: Pillage & Plunder › Stage 4: The Mêlée

    Given an attacker whose crew is gone, When the cannon battle leaves both ships afloat, Then stage 4 opens like
    every stage (the defender may offer terms, the attacker may call off) and calling off costs the attacker
    nothing; fighting on loses the mêlée at once.
    """
    s = attack_with_a_crew_of(0, 2)
    assert s.phase == "battle_terms" and s.current_player() == 1
    s = s.apply(Act("no offer"))
    assert s.current_player() == 0 and Act("call off") in s.legal_actions()
    off = s.apply(Act("call off"))
    assert off.players[0]["hoard"] == 3250 and off.players[1]["hoard"] == 3250
    lost = s.apply(Act("fight on"))
    assert lost.players[0]["hoard"] == 3250 - 1625 and lost.players[1]["hoard"] == 3250 + 1625


def test_a_defender_without_crew_may_still_offer_terms_at_the_start_of_the_melee():
    """Rules: Pillage & Plunder › Player Attacking Player
    "At the beginning of any stage of the battle … terms of surrender may be negotiated."

    Given a defender whose crew is gone, When the cannon battle leaves both ships afloat, Then he may offer
    terms before the attacker's crew boards him, and the attacker may accept them.
    """
    s = attack_with_a_crew_of(2, 0)
    assert s.phase == "battle_terms" and s.current_player() == 1
    from pirates_lab.pillage_and_plunder.game import Offer

    s = run(s, Offer(1000), Act("accept terms"))
    assert s.players[0]["hoard"] == 4250 and s.players[1]["hoard"] == 2250


# ------------------------------------------------------------------ Fleet Play: the ship chosen
def test_fleet_play_a_player_attacks_a_passing_merchant_with_the_ship_he_declares():
    """Rules: Pillage & Plunder › Fleet Play ("When attacking, you must declare which ship you will be using")
    Rules: Pillage & Plunder › Player Attacking Merchant Ship

    Given Fleet Play and player 2 with a Sloop and a Galleon, When a merchant called off by player 1 sails on to
    him, Then he may attack it with either ship, and the battle is fought by the ship he names.
    """
    s = to_play(scenario(2, fleet_play=True))
    add_ship(s, 1, "Galleon", crew=("Cutlass Crewman", "Cutlass Crewman"), cannons=2)
    give(s, 0, MERCHANT)
    s = run(s, Play(MERCHANT), Act("call off"))
    assert s.current_player() == 1
    assert s.legal_actions() == (AttackMerchant(0), AttackMerchant(1), Act("let it pass"))
    assert str(AttackMerchant(1)) == "attack merchant with ship 2"
    s = s.apply(AttackMerchant(1))
    assert s.observation(0)["battle"]["attacker"] == {"type": "player", "player": 1, "ship": 1}


def test_fleet_play_an_event_hits_the_ship_it_is_played_on():
    """Rules: Pillage & Plunder › Fleet Play ("When being attacked, your opponent has the choice of which ship they will attack")
    Rules: Pillage & Plunder › Play Event Card

    Given Fleet Play and player 2 with a Sloop and a Galleon, When player 1 plays Shipwreck on the Galleon, Then
    the Galleon takes the damage and the Sloop none; a Navigator aboard the Sloop does not spare the Galleon,
    one aboard the Galleon does.
    """
    s = to_play(scenario(2, fleet_play=True))
    add_ship(s, 1, "Galleon")
    equip(s, 1, crew=("Navigator",))                      # on the Sloop
    give(s, 0, "Shipwreck")
    assert {Play("Shipwreck", target=1, target_ship=0), Play("Shipwreck", target=1, target_ship=1)} <= \
        set(s.legal_actions())
    hit = s.apply(Play("Shipwreck", target=1, target_ship=1))
    assert ship(hit, 1, 1)["damage"] == 2 and ship(hit, 1, 0)["damage"] == 0
    spared = s.apply(Play("Shipwreck", target=1, target_ship=0))
    assert ship(spared, 1, 0)["damage"] == 0 and "Player 2 is spared: the Navigator aboard." in spared.log


def test_fleet_play_the_player_picks_the_crewman_he_moves():
    """Rules: Pillage & Plunder › Fleet Play ("Crewmen, cannons and cargo can be moved from ship to ship")

    Given a Sloop with a Doctor and two cutlass crewmen and an empty Galleon, Then moving each kind of crewman is
    offered, and moving the Doctor moves the Doctor.
    """
    s = scenario(2, fleet_play=True)
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 0, crew=("Doctor",))
    add_ship(s, 0, "Galleon", crew=())
    moves = [a for a in s.legal_actions() if isinstance(a, MoveCrewman)]
    assert moves == [MoveCrewman(0, 1, "Cutlass Crewman"), MoveCrewman(0, 1, "Doctor")]
    s = s.apply(MoveCrewman(0, 1, "Doctor"))
    assert ship(s, 0, 0)["crew"] == ["Cutlass Crewman"] and ship(s, 0, 1)["crew"] == ["Doctor"]


# ------------------------------------------------------------------ rules no test used to catch
def navy_at_the_melee():
    """The French Navy (8 pistol crewmen) has attacked player 2's Galleon; both are afloat at the mêlée."""
    s = to_play(scenario(2))
    equip(s, 1, hull="Galleon")
    s._draw_card(MERCHANT)
    s.players[1]["prizes"].append(MERCHANT)
    give(s, 0, "French Navy")
    return run(s, Play("French Navy", target=1), Act("stand and fight"), Volley(0, 6, False, False))


def highest_of(n: int) -> Dist:
    """The highest of ``n`` dice, by brute force over every roll."""
    from itertools import product

    counts: dict = {}
    for roll in product(range(1, 7), repeat=n):
        counts[max(roll)] = counts.get(max(roll), 0) + 1
    return Dist(counts)


def test_a_navy_ship_rolls_at_most_six_melee_dice():
    """Rules: Pillage & Plunder › Navy Ship Attacking Player
    "even though a navy ship has more than six crewmen on aboard, a maximum of six dice can be rolled during the
    mêlée stage for each player"
    Rules: Pillage & Plunder › Stage 4: The Mêlée ("up to a maximum of six dice")

    Given the navy's eight crewmen against two, When the mêlée round is rolled, Then the navy's highest die is the
    highest of six dice (not eight) and the defender's the highest of two.
    """
    s = navy_at_the_melee()
    assert s.phase == "melee_roll" and s.observation(1)["battle"]["attacker"]["crew"] == 8
    rolls = s.chance_outcomes()
    assert rolls.map(lambda dice: dice[0]) == highest_of(6)
    assert rolls.map(lambda dice: dice[1]) == highest_of(2)


def doctor_battle():
    """Player 1 attacks player 2, who has a Doctor and a cutlass crewman; the mêlée begins."""
    s = to_play(scenario(2))
    ship(s, 1)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 1, crew=("Doctor",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("stand and fight"),
            Act("no offer"), Act("fight on"), Volley(1, 1, False, False), Act("no offer"), Act("fight on"))
    assert s.phase == "melee_roll"
    return s


def test_the_doctor_saves_one_crewman_once_a_battle_if_his_player_chooses():
    """Rules: Pillage & Plunder › Stage 4: The Mêlée
    "the doctor may save one crew member that would have otherwise been lost. The doctor may only do this once
    during a given sea battle."

    Given a defender with a Doctor, When he loses a mêlée round, Then he may let the Doctor save the crewman
    (offered first: the computer players' default) or give one up; When he has used the Doctor and loses again,
    Then the Doctor's save is no longer offered and a crewman falls.
    """
    s = doctor_battle().apply((6, 1))
    assert s.current_player() == 1
    assert s.legal_actions() == (DoctorSaves(), LoseCrewman("Cutlass Crewman"), LoseCrewman("Doctor"))
    kept = s.apply(LoseCrewman("Cutlass Crewman"))           # he keeps the Doctor's save for later
    assert ship(kept, 1)["crew"] == ["Doctor"]
    saved = s.apply(DoctorSaves())
    assert sorted(ship(saved, 1)["crew"]) == ["Cutlass Crewman", "Doctor"]
    again = run(saved, Act("no offer"), Act("fight on"), (6, 1))
    assert DoctorSaves() not in again.legal_actions()
    again = again.apply(LoseCrewman("Cutlass Crewman"))
    assert ship(again, 1)["crew"] == ["Doctor"]


def test_the_repair_stage_repairs_exactly_one_damage_for_the_hull_repair_cost():
    """Rules: Pillage & Plunder › Stage 3: The repair stage
    "all players have the opportunity to repair one of their ship's damage points by paying the repair cost
    indicated on their ship hull card"

    Given player 2's Schooner with three damage, When player 1's turn ends and player 2 repairs, Then one damage
    is removed (two remain) and the Schooner's repair cost is paid; declining leaves all three.
    """
    s = scenario(2)
    equip(s, 1, hull="Schooner")
    ship(s, 1)["damage"] = 3
    s = s.apply(Act("work"))
    assert s.phase == "repair" and s.current_player() == 1
    repaired = s.apply(Repair(0))
    assert ship(repaired, 1)["damage"] == 2
    assert repaired.players[1]["hoard"] == 3250 - s.data.hulls["Schooner"].repair
    assert ship(s.apply(Act("no repair")), 1)["damage"] == 3


def test_a_map_is_stolen_on_doubles_and_only_on_doubles():
    """Rules: Pillage & Plunder › Stealing Treasure Maps ("roll two dice. If you roll doubles, the treasure map
    becomes yours")

    Given a Treasure Hunt played to steal player 2's map, When each of the 36 rolls is made, Then the map changes
    hands exactly on the six doubles.
    """
    s = to_play(scenario(2, stealing_treasure_maps=True))
    s.players[1]["maps"] = [2000]
    s._draw_card("Bury Treasure")
    give(s, 0, "Treasure Hunt")
    s = s.apply(Play("Treasure Hunt", target=1, steal=0))
    rolls = s.chance_outcomes()
    assert len(rolls.outcomes()) == 36 and all(p == Fraction(1, 36) for _, p in rolls.items())
    for x, y in rolls.outcomes():
        after = s.apply((x, y))
        assert after.players[0]["maps"] == ([2000] if x == y else []), (x, y)
        assert after.players[1]["maps"] == ([] if x == y else [2000]), (x, y)


def test_after_a_battle_each_map_is_stolen_on_doubles_only():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the victorious player may attempt to steal them by rolling two dice and getting doubles"

    Given player 1 has beaten player 2, who buried a map of 1,500, When he tries for it with each of the 36 rolls,
    Then he has it exactly on doubles.
    """
    s = to_play(scenario(2))
    s.players[1]["maps"] = [1500]
    s._draw_card("Bury Treasure")
    ship(s, 1)["crew"] = []
    s.deck["Cutlass Crewman"] += 2
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("stand and fight"),
            Act("no offer"), Act("fight on"), Volley(0, 1, False, False), Act("no offer"), Act("fight on"))
    assert s.phase == "steal" and StealMap(0) in s.legal_actions()
    s = s.apply(StealMap(0))
    for x, y in s.chance_outcomes().outcomes():
        after = s.apply((x, y))
        assert after.players[0]["maps"] == ([1500] if x == y else []), (x, y)


def test_after_a_navy_battle_the_player_may_return_one_prize_of_its_nation():
    """Rules: Pillage & Plunder › Navy Ship Attacking Player
    "you may place one Merchant Ship card of the navy ship's nationality from your prize ships area on the
    discard pile when the battle is over"

    Given player 2 holding two French prizes and a Dutch one, When he escapes the French Navy, Then he chooses
    which French prize to return (or keeps them all); the Dutch prize is not offered.
    """
    s = to_play(scenario(2))
    equip(s, 1, hull="Schooner")
    prizes = ["French Merchant (Strength 4)", "Dutch Merchant (Strength 2)", MERCHANT]
    for card in prizes:
        s._draw_card(card)
    s.players[1]["prizes"] = list(prizes)
    give(s, 0, "French Navy")
    s = run(s, Play("French Navy", target=1), Act("flee"), (4, 4))
    assert s.phase == "return_prize" and s.current_player() == 1
    assert s.legal_actions() == (ReturnPrize("French Merchant (Strength 4)"), ReturnPrize(MERCHANT),
                                 Act("keep prizes"))
    back = s.apply(ReturnPrize(MERCHANT))
    assert back.players[1]["prizes"] == prizes[:2] and back.discard[-1] == MERCHANT
    kept = s.apply(Act("keep prizes"))
    assert kept.players[1]["prizes"] == prizes
    back.validate()
    kept.validate()


# ------------------------------------------------------------------ rules only a lesson answer used to catch
def test_repair_at_25_percent_costs_a_quarter_of_the_hull_and_repairs_all_damage():
    """Rules: Pillage & Plunder › Repair Ship
    "other Repair Ship cards do so at a cost of 25% of the hull cost displayed on your Ship Hull card"

    Given a Galleon (hull cost 6,000) with two damage, When "Repair at 25% Cost" is played, Then 1,500 is paid
    and no damage is left; "Repair at No Cost" on the same ship costs nothing.
    """
    s = to_play(scenario(2))
    equip(s, 0, hull="Galleon")
    ship(s, 0)["damage"] = 2
    give(s, 0, "Repair at 25% Cost", "Repair at No Cost")
    quarter = s.apply(Play("Repair at 25% Cost"))
    assert quarter.players[0]["hoard"] == 3250 - s.data.hulls["Galleon"].cost // 4 == 3250 - 1500
    assert ship(quarter, 0)["damage"] == 0
    free = s.apply(Play("Repair at No Cost"))
    assert free.players[0]["hoard"] == 3250 and ship(free, 0)["damage"] == 0


def test_add_ons_stay_with_the_old_hull_when_upgrading():
    """Rules: Pillage & Plunder › Buy Ship ("Any ship add-ons attached to your current ship are not carried over
    to the new ship")

    Given a Sloop with a Crow's Nest, When it is upgraded to a Schooner, Then the Schooner has no add-on, the Crow's
    Nest stays under it with the Sloop, and the ship no longer fires a crow's-nest shot.
    """
    s = to_play(scenario(2))
    s.players[0]["hoard"] = 5000
    equip(s, 0, addons=("Crow's Nest",))
    give(s, 0, "Schooner")
    s = s.apply(Play("Schooner"))
    assert ship(s, 0)["hulls"] == [{"hull": "Sloop", "addons": ["Crow's Nest"]}, {"hull": "Schooner", "addons": []}]
    assert not s.battle_ship(0).crows_nest
    s.validate()


def test_a_navy_ship_is_played_only_on_a_holder_of_a_prize_of_its_nation():
    """Rules: Pillage & Plunder › Play Navy Ship
    "You may play a Navy Ship card on any opponent that has a Merchant Ship card of the navy vessel's nationality
    in their prize ships area."

    Given player 2 holding only a Dutch prize and player 1 holding a French and a Dutch Navy, Then only the Dutch
    Navy may be played on player 2; the French one is refused citing Play Navy Ship.
    """
    from pirates_lab.core.testing import refused

    s = to_play(scenario(2))
    s._draw_card("Dutch Merchant (Strength 2)")
    s.players[1]["prizes"].append("Dutch Merchant (Strength 2)")
    give(s, 0, "French Navy", "Dutch Navy")
    on_player_2 = {a.card for a in s.legal_actions() if isinstance(a, Play) and a.target == 1}
    assert on_player_2 == {"Dutch Navy"}
    refused(s, Play("French Navy", target=1), "Play Navy Ship")


# ------------------------------------------------------------------ what a person reads
def test_players_and_ships_are_numbered_from_one_in_everything_a_person_reads():
    """Players (and ships, maps) are numbered from 1 in the log, the actions' words and the refusals; seat
    indices in code stay 0-based (issue 19 item 6).

    Given seat 0's turn, When it plays an Attack on seat 1, Then the log says "Player 1 attacks player 2", the
    action reads "play Attack on player 2", and the state reads "player 1's turn".
    """
    s = to_play(scenario(2))
    give(s, 0, "Attack")
    assert str(Play("Attack", target=1)) == "play Attack on player 2"
    assert str(Repair(0)) == "repair one damage on ship 1" and str(StealMap(0)) == "try to steal treasure map 1"
    assert str(s) == "Pillage & Plunder: player 1's turn, phase play"
    after = s.apply(Play("Attack", target=1))
    assert "Player 1 attacks player 2." in after.log


def test_a_refusal_quotes_what_the_user_typed_safely():
    """Issue 24 item 1: a refusal echoes a user's value quoted, escaped and short (``shown``).

    Given the play step, When a card name with a newline and an escape sequence is played, Then the refusal is
    one line quoting it; When a ship that does not exist is named, Then it is named as the user counts ships.
    """
    from pirates_lab.core.testing import refused

    s = to_play(scenario(2))
    error = refused(s, Play("Rum\n\x1b[2J" + "x" * 80), "Stage 2: The draw and play stage")
    assert "\n" not in str(error) and "\x1b" not in str(error)
    assert "'Rum\\n\\x1b[2Jxxx" in error.reason and "…'" in error.reason
    give(s, 0, "Cannon")
    error = refused(s, Play("Cannon", ship=4), "Fleet Play")
    assert error.reason == "You have no ship number '5'."


def test_the_captor_of_a_merchant_picks_its_cargo_when_not_all_fits():
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("Player takes all cargo (if any) that he can hold")

    Given a Sloop (hold 30) capturing a merchant loaded with Gems 20 and Rum 20, When the prize is rolled, Then
    its captor picks the cargo he takes (the Gems first, the old automatic choice; the Rum is allowed too), and
    the rest goes to the discard pile; a choice of more than the hold takes is refused.
    """
    from pirates_lab.core.testing import refused
    from pirates_lab.pillage_and_plunder.game import TakeCargo

    s = to_play(scenario(2))
    equip(s, 0, cannons=3)
    give(s, 0, MERCHANT, "Gems 20 Units", "Rum 20 Units")
    s = run(s, Play(MERCHANT, extra=("Gems 20 Units", "Rum 20 Units")), Act("fight on"), (6, 1), Act("fight on"),
            Volley(0, 2, False, True), 3000)
    assert s.phase == "merchant_cargo" and s.current_player() == 0
    assert s.legal_actions()[0] == TakeCargo(("Gems 20 Units",))
    s.validate()                                       # the cargo lies on the table meanwhile
    refused(s, TakeCargo(("Gems 20 Units", "Rum 20 Units")), "Player Attacking Merchant Ship")
    s = s.apply(TakeCargo(("Rum 20 Units",)))
    assert ship(s, 0)["cargo"] == ["Rum 20 Units"] and s.discard[-1] == "Gems 20 Units"
    assert s.phase == "play" and s.players[0]["prizes"] == [MERCHANT]
    s.validate()
