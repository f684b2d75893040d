"""Rules: Pillage & Plunder › Chapter IV: Battles at Sea (its stages and the rules for specific types of battles),
one Given/When/Then test per rule.

Each test fails when the rule it holds is broken by hand (checked once). The tests folded in from the
files named after audit and mutation rounds (issue 36 item 3) each pinned an audit finding or killed a mutant.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from pirates_lab.core import Dist, play
from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder import battles as B
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import (Act, AttackMerchant, DoctorSaves, LoseCrewman, Offer, Play,
                                                  ReturnPrize, StealMap, TakeCargo)
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship
from pirates_lab.widgets.lesson_model import Lesson

from pillage_steps import MERCHANT, add_ship, run, to_play, won_battle


# ------------------------------------------------------------------ Player Attacking Player
def test_player_attacking_player_a_defender_who_wins_may_steal_the_attackers_treasure_maps():
    """Rules: Pillage & Plunder › Player Attacking Player ("If the defeated player has any treasure maps aboard his
    ship, the victorious player may attempt to steal them by rolling two dice and getting doubles")

    Given player 1, with a buried map of 1,500 and no crew, attacking player 2, When the cannon battle leaves both
    afloat and player 2 wins the mêlée at once, Then player 2 (the defender) plunders half of player 1's hoard and
    is offered the roll for the map, which he takes on doubles.
    """
    s = to_play(scenario(2))
    s.players[0]["maps"] = [1500]
    s._draw_card("Bury Treasure")
    ship(s, 0)["crew"] = []
    s.deck["Cutlass Crewman"] += 2
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if not (v.attacker_destroyed or v.defender_destroyed)))
    s = run(s, Act.NO_OFFER, Act.FIGHT_ON)
    assert s.players[1]["hoard"] == 3250 + 1625
    assert s.phase == "steal" and s.current_player() == 1 and StealMap(0) in s.legal_actions()
    s = s.apply(StealMap(0)).apply((4, 4))
    assert s.players[1]["maps"] == [1500] and s.players[0]["maps"] == []
    s.validate()


# ------------------------------------------------------------------ Stage 1: Spotting the Enemy
def nest_battle(defender_crew: int, defender_cannons: int = 1):
    """Player 1 attacks player 2, whose Sloop has a Crow's Nest, ``defender_cannons`` and ``defender_crew`` aboard;
    the battle is played up to the start of Stage 2 (terms and call-off of Stage 1 passed)."""
    s = scenario(2)
    equip(s, 1, addons=("Crow's Nest",))
    ship(s, 1)["crew"] = ["Cutlass Crewman"] * defender_crew
    s.deck["Cutlass Crewman"] += 2 - defender_crew
    ship(s, 1)["cannons"] = defender_cannons
    s.deck["Cannon"] += 1 - defender_cannons
    s.validate()
    s = to_play(s)
    give(s, 0, "Attack")
    return run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON)


def test_spotting_the_enemy_a_crows_nest_fires_only_with_a_crewman_and_a_cannon_aboard():
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("The ship with the crow's nest must have at least one
    crew member and one cannon on board to be able to do this")

    Given a defender whose Sloop has a Crow's Nest and a cannon, When player 1 attacks him, Then the nest's shot
    gives the attacker one damage if one crewman is aboard, and none if the crew is gone (nor with a crewman and no
    cannon); either way the battle goes on to Stage 2.
    """
    fired = nest_battle(defender_crew=1)
    assert ship(fired, 0)["damage"] == 1
    assert "The defender's crow's nest spots the enemy first: the attacker takes one damage." in fired.log
    for silent in (nest_battle(defender_crew=0), nest_battle(defender_crew=1, defender_cannons=0)):
        assert ship(silent, 0)["damage"] == 0 and not any("crow's nest" in line for line in silent.log)
        assert silent.battle().stage == 2
    assert fired.battle().stage == 2


def test_spotting_the_enemy_an_attackers_crows_nest_with_no_crewman_aboard_does_not_fire():
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("The ship with the crow's nest must have at least one
    crew member and one cannon on board to be able to do this")

    Given player 1's Sloop with a Crow's Nest and a cannon but no crewman, When he attacks player 2, Then the nest
    does not fire (player 2's Sloop takes no damage) and the battle goes on to Stage 2; with one crewman aboard it
    fires (one damage on player 2's hull). The exact odds' spotting step says the same.
    """
    def attack_with_nest(crew: int):
        s = scenario(2)
        equip(s, 0, addons=("Crow's Nest",))
        ship(s, 0)["crew"] = ["Cutlass Crewman"] * crew
        s.deck["Cutlass Crewman"] += 2 - crew
        s.validate()
        s = to_play(s)
        give(s, 0, "Attack")
        return run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON)

    silent, fired = attack_with_nest(0), attack_with_nest(1)
    assert ship(silent, 1)["damage"] == 0 and silent.battle().stage == 2
    assert not any("crow's nest" in line for line in silent.log)
    assert ship(fired, 1)["damage"] == 1
    nest = B.Ship(strength=3, speed=5, cannons=1, crew=0, crows_nest=True)
    target = B.Ship(strength=3, speed=5, cannons=1, crew=2)
    assert B.spotting(nest, target)[1].damage == 0 and B.spotting(target, nest)[0].damage == 0
    assert B.spotting(replace(nest, crew=1), target)[1].damage == 1


# ------------------------------------------------------------------ Player Attacking Player, with Fleet Play
def test_player_attacking_player_the_winner_takes_an_officer_his_other_ship_already_has():
    """Rules: Pillage & Plunder › Player Attacking Player ("the victorious player is entitled to all of the coins,
    crewmen, cannons, and cargo left behind by the defeated player, providing the victorious player has room for them
    on his ship")
    Rules: Pillage & Plunder › Fleet Play ("Each Ship Hull card that you play has its own … crew quarters")

    Given a fleet whose second ship has a Doctor, When its first ship (one crewman, room for two) sinks player 2's
    last ship, which carried a Cutlass Crewman and a Doctor, Then both come aboard the first ship: one officer of
    each type is counted a ship, not a fleet.
    """
    s = scenario(2, fleet_play=True)
    add_ship(s, 0, "Schooner", crew=("Doctor",))
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    s._draw_card("Doctor")
    ship(s, 1)["crew"] = ["Cutlass Crewman", "Doctor"]
    s.deck["Cutlass Crewman"] += 1
    ship(s, 0)["cannons"] = ship(s, 1)["cannons"] = 2
    s.deck["Cannon"] -= 2
    ship(s, 1)["damage"] = 2
    s.validate()
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1, ship=0), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
            Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_destroyed))
    assert s.players[1]["eliminated"]
    assert sorted(ship(s, 0, 0)["crew"]) == ["Cutlass Crewman", "Cutlass Crewman", "Doctor"]
    assert ship(s, 0, 1)["crew"] == ["Doctor"] and "Player 1 takes the Doctor." in s.log
    s.validate()


# ------------------------------------------------------------------ set-up steps of the folded tests
def attack(players: int = 2):
    """Player 1 (three Bury Treasure cards as filler and an Attack card) at the play step."""
    s = scenario(players)
    give(s, 0, "Bury Treasure", "Bury Treasure", "Bury Treasure", "Attack")
    return at_step(s, "play", 0)


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game("pillage_and_plunder")


def terms_position():
    s = scenario(2)
    equip(s, 1, hull="Schooner", cannons=3, crew=("Doctor",), cargo=("Rum 20 Units",))
    s.players[1]["maps"] = [1200]
    s._draw_card("Bury Treasure")
    equip(s, 0, hull="Schooner")
    give(s, 0, "Attack", "Attack", "Attack")
    return at_step(s, "play").apply(Play("Attack", target=1))


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


def test_no_merchant_queue_is_left_behind_after_a_merchant_battle():
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship
    ("it sails on to the next player … This continues until the merchant ship is either destroyed or escapes")

    Given player 0 attacking a merchant that would sail on to players 1 and 2, When he captures it, Then the
    battle is over for good: nothing of the merchant's voyage (no queue of players still to meet it) is left
    in the turn's public record, which holds exactly what it held before the merchant was played.
    """
    s = to_play(scenario(3))
    equip(s, 0, cannons=3)
    give(s, 0, "French Merchant (Strength 2)")
    before = [t.phase for t in s.agenda]
    s = run(s, Play("French Merchant (Strength 2)"), Act("fight on"))
    voyage = next(t.data for t in s.agenda if t.phase == "voyage")
    assert voyage.queue == (1, 2)                         # while it fights, it would sail on to 1 then 2
    s = run(s, (6, 1), Act("fight on"), Volley(0, 2, False, True), 3000)
    assert s.players[0]["prizes"] == ["French Merchant (Strength 2)"]
    assert s.phase == "play" and s.current_player() == 0
    assert [t.phase for t in s.agenda] == before
    assert s.observation(2)["merchant"] is None and s.observation(2)["battle"] is None
    s.validate()


def test_a_navy_ships_pistol_crew_adds_one_in_the_melee():
    """Rules: Pillage & Plunder › Navy Ship Attacking Player
    ("because the navy ship's crew consists exclusively of pistol crewmen, its highest die should always be
    increased by one during each mêlée round")

    Given the French Navy attacking player 1's Galleon (two cutlass crewmen) and a cannon battle that leaves
    both afloat, When the mêlée dice show 4 for the navy and 4 for the Galleon, Then the navy's 4 counts as 5
    and the Galleon (not the navy: a tie would go to the defender) loses a crewman.
    """
    s = to_play(scenario(2))
    equip(s, 1, hull="Galleon")
    s._draw_card("French Merchant (Strength 2)")
    s.players[1]["prizes"].append("French Merchant (Strength 2)")
    give(s, 0, "French Navy")
    s = run(s, Play("French Navy", target=1), Act("stand and fight"), Volley(0, 6, False, False))
    assert s.phase == "melee_roll"
    crew = s.observation(0)["battle"]["attacker"]["crew"]
    s = s.apply((4, 4))
    assert "Mêlée: attacker 5, defender 4: the defender loses a crewman." in s.log
    assert s.observation(0)["battle"]["attacker"]["crew"] == crew
    assert s.phase == "lose_crew" or len(ship(s, 1)["crew"]) == 1


def test_the_lesson_says_a_battle_can_end_before_its_last_stage_as_the_engine_plays_it(lesson):
    """Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    "There are five stages to a sea battle, but not all five stages will be played out if one of the ships is
    destroyed, surrenders, escapes, or loses all of its crew."

    Given the Sea Battle Basics screen, When a student reads its why, Then it does not say that every battle runs
    through every stage, and it names the early endings (escape, sinking); And given a defender who flees and
    escapes, When the engine plays the chase, Then the battle is over at stage 2: no cannon battle, no mêlée.
    """
    said = " ".join(t for screen in lesson.screens for t in screen.student_texts())
    assert "runs through the same stages" not in said
    basics = lesson.find("Sea Battle Basics")
    if basics.kind == "reference":                # the rulebook's own words (issue 39: the class path teaches chances)
        from pirates_lab.core import rulebook

        assert lesson.find("The Five Stages Of A Sea Battle").kind == "reference"      # shows the section whole
        assert "not all five stages will be played out" in rulebook("pillage_and_plunder").section(
            "The Five Stages Of A Sea Battle")
    else:
        assert "Not every battle plays them all" in basics.why
        assert all(word in basics.why for word in ("escapes", "sinks", "surrenders", "loses all of its crew"))

    s = run(attack(), Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("flee"))
    assert s.phase == "flee_roll"
    s = s.apply((1, 6))                           # same speed: the defender rolls 6 to the attacker's 1, he escapes
    assert s.battle() is None and s.phase == "play"
    battle_lines = s.log[s.log.index("Player 1 attacks player 2."):]
    assert not any(line.startswith(("Cannon battle", "Mêlée")) for line in battle_lines)


def test_iron_hull_plating_takes_cannon_hits_only_and_the_teacher_note_says_so(lesson):
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    "During the cannon battle, if either ship has the Iron Hull Plating … up to two damage markers may be placed on
    top of the hull plating instead of on the ship itself."
    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("The enemy ship automatically receives one unit of
    damage (represented by a damage marker being placed on their Ship Hull card)")

    Given player 2's Sloop with Iron Hull Plating and player 1's Crow's Nest, When the crow's nest fires, Then the
    shot is one damage on the Sloop's hull (the plating does not take it); When the cannon battle then hits it
    three times, Then the plating takes two and the hull one more. And the lesson's teacher note no longer says the
    plating takes "the first two hits of a battle".
    """
    notes = " ".join(lesson.find("Stage 3: The Cannon Battle").teacher)
    assert "first two hits of a battle" not in notes
    assert "up to two hits of the cannon battle" in notes and "goes on the hull itself" in notes

    s = attack()
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",), addons=("Crow's Nest",))
    equip(s, 1, addons=("Iron Hull Plating",))
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"))
    assert ship(s, 1)["damage"] == 1                       # the shot: on the hull
    s = run(s, Act("no offer"), Act("fight on"), Act("stand and fight"), Act("no offer"), Act("fight on"))
    assert s.phase == "volley"
    volleys = s.chance_outcomes().outcomes()
    assert max(v.defender_damage for v in volleys) == 1       # at most three hits: two on the plating, one on the hull
    s = s.apply(Volley(0, 1, False, False))
    assert ship(s, 1)["damage"] == 2


def test_fleet_play_a_captured_merchants_cargo_goes_aboard_the_ship_that_took_it():
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("Player takes all cargo (if any) that he can hold")
    Rules: Pillage & Plunder › Fleet Play

    Given player 1 attacking a merchant loaded with Rum from his second ship, When he captures it, Then the Rum goes
    into that ship's hold, not his first ship's.
    """
    s = to_play(scenario(2, fleet_play=True))
    add_ship(s, 0, "Galleon", crew=("Cutlass Crewman", "Cutlass Crewman", "Cutlass Crewman"), cannons=3)
    give(s, 0, MERCHANT, "Rum 10 Units")
    s = run(s, Play(MERCHANT, ship=1, extra=("Rum 10 Units",)), Act.FIGHT_ON, (6, 1), Act.FIGHT_ON,
            Volley(0, 2, False, True), 3000)
    assert ship(s, 0, 1)["cargo"] == ["Rum 10 Units"] and ship(s, 0, 0)["cargo"] == []


def test_after_a_map_is_stolen_the_others_keep_their_place_in_the_list():
    """Rules: Pillage & Plunder › Player Attacking Player ("This process may be repeated for each treasure map that the
    defeated player has")

    Given player 2 with maps of 100, 200 and 300, When player 1 steals the second on doubles, Then he may still try
    for the first and the third (and only those), by their places in player 2's list now.
    """
    s = scenario(2)
    for _ in range(3):
        s._draw_card("Bury Treasure")
    s.players[1]["maps"] = [100, 200, 300]
    s = run(won_battle(s), StealMap(1), (2, 2))
    assert s.players[1]["maps"] == [100, 300] and s.players[0]["maps"] == [200]
    assert s.legal_actions() == (Act.STOP_STEALING, StealMap(0), StealMap(1))
    s = run(s, StealMap(1), (5, 5))
    assert s.players[0]["maps"] == [200, 300] and s.legal_actions() == (Act.STOP_STEALING, StealMap(0))


def test_the_crows_nest_shot_can_sink_a_ship_before_the_battle():
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("The enemy ship automatically receives one unit of
    damage") — and a ship destroyed ends the battle (Stage 5).

    Given player 2's Sloop with two damage and player 1's Crow's Nest, When player 1 fights on at stage 1, Then the
    shot destroys the Sloop: player 2 is eliminated and player 1 takes his coins.
    """
    s = to_play(scenario(2))
    equip(s, 0, addons=("Crow's Nest",))
    ship(s, 1)["damage"] = 2
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON)
    assert s.players[1]["eliminated"] and s.players[0]["hoard"] == 6500
    assert "The attacker's crow's nest spots the enemy first: the defender takes one damage." in s.log


@pytest.mark.parametrize("speeds, dice, line", [
    ((0, 0), (3, 5), "Same speed (5); attacker rolls 3, defender 5: the defender escapes."),
    ((0, 0), (5, 3), "Same speed (5); attacker rolls 5, defender 3: the attack goes on."),
    ((0, 1), (2, 2), "The defender is faster (speed 5 v 4); the attacker rolls 2 and 2: doubles! The chase goes on."),
    ((0, 1), (2, 3), "The defender is faster (speed 5 v 4); the attacker rolls 2 and 3: no doubles, the defender escapes."),
    ((1, 0), (4, 4), "The attacker is faster (speed 5 v 4); the defender rolls 4 and 4: doubles! The defender escapes."),
    ((1, 0), (4, 1), "The attacker is faster (speed 5 v 4); the defender rolls 4 and 1: no doubles."),
])
def test_the_chase_is_told_as_it_happens(speeds, dice, line):
    """Rules: Pillage & Plunder › If the defending ship is faster
    Rules: Pillage & Plunder › If the attacking ship is faster
    Rules: Pillage & Plunder › If both ships are the same speed

    Given two Sloops (one slowed by a damage where the case needs it), When the defender flees and the dice fall,
    Then the log says who rolled what and what it means.
    """
    s = to_play(scenario(2))
    ship(s, 0)["damage"], ship(s, 1)["damage"] = speeds[1], speeds[0]
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.FLEE, dice)
    assert s.log[-1] == line or line in s.log


def test_the_winner_is_offered_the_cargo_in_hold_order_biggest_first_and_most_valuable_first():
    """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship

    Given a loser carrying Rum 10, Fruit 20 and Gems 10 and a winner with 20 units free, Then the choices listed are
    the cargo taken in hold order (Rum, then Gems), biggest first (the Fruit) and most valuable first (Gems, then Rum).
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon", cargo=("Rum 10 Units", "Fruit 20 Units", "Gems 10 Units"))
    equip(s, 0, cargo=("Spices 10 Units",))
    s = won_battle(s)
    assert s.phase == "take_cargo"
    assert s.legal_actions() == (TakeCargo(("Rum 10 Units", "Gems 10 Units")), TakeCargo(("Fruit 20 Units",)),
                                 TakeCargo(("Gems 10 Units", "Rum 10 Units")))


def test_a_sunk_ships_loose_cannon_goes_to_the_winner_whoever_he_is():
    """Rules: Pillage & Plunder › Player Attacking Player ("The victorious player is also entitled to any crewmen or
    cannons that can no longer fit on the defeated player's ship … provided there is room for them")

    Given player 2 attacking player 1's Schooner (four cannons) that one more hit sinks, When it sinks, Then the
    Sloop beneath holds three cannons and the fourth goes aboard player 2's ship (he has room), not player 1's.
    """
    s = scenario(2)
    equip(s, 0, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman"))
    ship(s, 0)["damage"] = 4
    s.current = 1
    give(s, 1, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", 1)
    s = run(s, Play("Attack", target=0), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_damage))
    assert ship(s, 0)["hulls"] == [{"hull": "Sloop", "addons": []}] and ship(s, 0)["cannons"] == 3
    assert ship(s, 1)["cannons"] == 2
    s.validate()


def test_the_battle_odds_see_a_doctor_aboard():
    """Rules: Pillage & Plunder › Stage 4: The Mêlée — the ship the calculators are given is the ship on the table."""
    s = scenario(2)
    equip(s, 0, crew=("Doctor",))
    assert s.battle_ship(0).doctor and not s.battle_ship(1).doctor


def test_an_eliminated_players_maps_left_unstolen_are_lost_forever():
    """Rules: Pillage & Plunder › Player Attacking Player ("Any treasure maps left by a player that has been eliminated
    … must be successfully stolen by rolling doubles or they are lost forever")

    Given player 2's last ship sunk by player 1 with two maps buried, When player 1 stops stealing, Then the maps are
    gone (their Bury Treasure cards on the discard pile) and every card is still accounted for.
    """
    s = to_play(scenario(2))
    for amount in (400, 900):
        s._draw_card("Bury Treasure")
        s.players[1]["maps"].append(amount)
    ship(s, 1)["damage"] = 2
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON,
            Volley(0, 1, False, True))
    assert s.players[1]["eliminated"] and s.phase == "steal"
    s = s.apply(Act.STOP_STEALING)
    assert s.players[1]["maps"] == [] and s.players[0]["maps"] == [] and s.discard.count("Bury Treasure") == 2
    assert "Player 2's remaining treasure maps are lost forever." in s.log
    s.validate()


def test_after_the_crows_nest_shot_the_defender_may_flee():
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("before the enemy has a chance to flee or shoot back")
    Rules: Pillage & Plunder › Stage 2: Fight or Flee

    Given a shot from the attacker's crow's nest, When stage 2 opens and the attacker fights on, Then the defender is
    asked whether to flee (the cannon battle does not come first).
    """
    s = to_play(scenario(2))
    equip(s, 0, addons=("Crow's Nest",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.NO_OFFER, Act.FIGHT_ON)
    assert ship(s, 1)["damage"] == 1 and s.phase == "battle_flee" and s.current_player() == 1
    assert s.observation(0)["battle"]["stage"] == 2


def test_when_both_ships_sink_in_one_exchange_both_hulls_go_and_nobody_plunders():
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle ("If the number of damage points on either ship is greater
    than or equal to its strength value … that ship is destroyed"; ASSUMPTION: when both are, nobody plunders)

    Given two Schooners (over Sloops) one hit from sinking, When a tie destroys both, Then both fall back on their Sloops
    and no hoard changes hands.
    """
    s = scenario(2)
    for p in (0, 1):
        equip(s, p, hull="Schooner", cannons=2)
        ship(s, p)["damage"] = 4
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.attacker_destroyed and v.defender_destroyed))
    assert [ship(s, p)["hulls"] for p in (0, 1)] == [[{"hull": "Sloop", "addons": []}]] * 2
    assert [p["hoard"] for p in s.players] == [3250, 3250] and s.observation(0)["battle"] is None
    s.validate()


def test_iron_hull_plating_counts_in_the_engines_volleys():
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle ("up to two damage markers may be placed on top of the hull
    plating instead of on the ship itself")

    Given a defender with Iron Hull Plating, When the volley is rolled, Then its odds are the calculators' volley with
    plating (so the defender takes no damage from two hits).
    """
    from pirates_lab.pillage_and_plunder.battles import cannon_volley

    s = to_play(scenario(2))
    equip(s, 0, cannons=2)
    equip(s, 1, addons=("Iron Hull Plating",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    assert s.battle_ship(1).iron_plating and s.battle_ship(1).name == "player 2"
    assert s.chance_outcomes() == cannon_volley(2, 1, attacker_strength=3, defender_strength=3, defender_plating=True)


def test_terms_that_offer_nothing_are_refused_with_the_reason():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the defender can offer to give the attacker any combination of coins, treasure maps, cargo, crew and cannons"

    Given a defender at the start of a stage (terms may be offered), When he offers nothing, or more coins
    than his hoard, Then the offer is refused saying what may be offered (not that it is the wrong moment).
    """
    s = scenario(2)
    equip(s, 0, hull="Schooner")
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    assert s.phase == "battle_terms" and s.current_player() == 1
    for offer in (Offer(), Offer(coins=10 ** 6), Offer(coins=-100), Offer(coins=True), Offer(maps=(1200,)),
                  Offer(cargo=("Rum 20 Units",)), Offer(crew=("Doctor",)), Offer(cannons=5), Offer(cannons=-1),
                  Offer(coins=100, maps=[1200]), Offer(maps=(-5,))):
        error = refused(s, offer, "Player Attacking Player")
        assert "any combination of his own coins" in error.reason and "must offer something" in error.reason
    s.apply(Offer(coins=100))                        # what he has is accepted
    fought = s.apply(Act("no offer"))
    error = refused(fought, Offer(coins=100), "Player Attacking Player")
    assert error.reason == "Terms of surrender are offered by the defender at the beginning of a stage."


def test_the_winner_takes_half_an_odd_hoard_rounded_down():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the victorious player is entitled to half of the defeated player's hoard"

    Given a defender with a hoard of 1,625 and one crewman, When he loses his last crewman (his ship afloat),
    Then the attacker takes 812 and the defender keeps 813 (nothing is created or lost).
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon")
    ship(s, 1)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    s.players[1]["hoard"] = 1625
    equip(s, 0, cannons=3)
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v)[2:] == (False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply((6, 1))     # his last crewman falls
    assert s.players[1]["hoard"] == 813 and s.players[0]["hoard"] == 3250 + 812


def test_player_one_as_the_winner_chooses_the_cargo_by_his_own_free_hold():
    """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship

    Given player 1 attacking player 0, who carries Rum 10, Spices 20 and Gems 20 (50 units), When player 0
    loses his last crewman, Then player 1 chooses cargo for the free room in HIS hold (not reckoned from
    the loser's cargo), and takes what he chose.
    """
    s = scenario(2)
    s.current = 1
    equip(s, 0, hull="Galleon", cargo=("Rum 10 Units", "Spices 20 Units", "Gems 20 Units"))
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 1, cannons=3)
    give(s, 1, "Attack", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Attack", target=0))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v)[2:] == (False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply((6, 1))     # his last crewman falls
    assert s.phase == "take_cargo" and s.current_player() == 1
    s = s.apply(TakeCargo(("Spices 20 Units", "Rum 10 Units")))
    assert sorted(ship(s, 1)["cargo"]) == ["Rum 10 Units", "Spices 20 Units"]
    assert ship(s, 0)["cargo"] == ["Gems 20 Units"]


def test_call_off_or_offer_terms_before_the_crows_nest_shot():
    """Rules: Pillage & Plunder › Player Attacking Player
    "The attacker may call off the battle at the beginning of any stage of the battle" and "At the beginning
    of any stage of the battle … terms of surrender may be negotiated."
    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy

    Given an attacker whose ship has a Crow's Nest, When he attacks, Then before the shot the defender may
    offer terms and the attacker may call the battle off, and calling off leaves the defender undamaged.
    """
    s = scenario(2)
    equip(s, 0, addons=("Crow's Nest",))
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    assert s.phase == "battle_terms" and s.current_player() == 1 and ship(s, 1)["damage"] == 0
    s = s.apply(Act("no offer"))
    assert s.phase == "battle_call" and Act("call off") in s.legal_actions()
    called_off = s.apply(Act("call off"))
    assert ship(called_off, 1)["damage"] == 0 and called_off.observation(0)["battle"] is None
    fought = s.apply(Act("fight on"))
    assert ship(fought, 1)["damage"] == 1                  # the shot, then stage 2 opens with terms again
    assert fought.phase == "battle_terms"


def test_surrender_terms_any_combination():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the defender can offer to give the attacker any combination of coins, treasure maps, cargo, crew and
    cannons. If the attacker and defender agree on these terms, the exchange takes place and the battle ends."

    Given a defender with coins, a treasure map, Rum, a Doctor and cannons, When he offers 300 coins, the map,
    the Rum, the Doctor and one cannon and the attacker accepts, Then all of it changes hands and the battle ends.
    """
    s = terms_position()
    assert s.phase == "battle_terms" and s.current_player() == 1
    terms = Offer(300, maps=(1200,), cargo=("Rum 20 Units",), crew=("Doctor",), cannons=1)
    assert terms not in s.legal_actions()                    # too many combinations to list
    s = s.apply(terms)
    assert str(terms) == "offer 300 pieces of eight, the treasure map of 1200, Rum 20 Units, a Doctor and 1 cannon"
    s = s.apply(Act("accept terms"))
    assert s.players[0]["hoard"] == 3250 + 300 and s.players[1]["hoard"] == 3250 - 300
    assert s.players[0]["maps"] == [1200] and s.players[1]["maps"] == []
    assert ship(s, 0)["cargo"] == ["Rum 20 Units"] and ship(s, 1)["cargo"] == []
    assert "Doctor" in ship(s, 0)["crew"] and "Doctor" not in ship(s, 1)["crew"]
    assert ship(s, 0)["cannons"] == 2 and ship(s, 1)["cannons"] == 2
    assert s.observation(0)["battle"] is None and s.phase == "play"
    s.validate()


@pytest.mark.parametrize("terms", [Offer(99999), Offer(maps=(500,)), Offer(cargo=("Gems 20 Units",)),
                                   Offer(crew=("Pistol Crewman",)), Offer(cannons=4), Offer(), Offer(-50)])
def test_terms_offer_only_what_the_defender_has(terms):
    """Rules: Pillage & Plunder › Player Attacking Player"""
    refused(terms_position(), terms, "Player Attacking Player")


def test_random_terms_are_listed():
    s = terms_position()
    assert [str(a) for a in s.legal_actions()] == [
        "no offer", "offer 800 pieces of eight", "offer 1600 pieces of eight", "offer Rum 20 Units",
        "offer the treasure map of 1200"]


def test_the_loser_of_a_melee_round_selects_the_crewman():
    """Rules: Pillage & Plunder › Stage 4: The Mêlée
    "The player whose die is lowest loses a crewman. He must select one crew member card from his crew quarters"

    Given a defender with a cutlass crewman and a pistol crewman, When he loses a mêlée round, Then he picks
    which of the two falls.
    """
    s = scenario(2)
    ship(s, 1)["crew"].remove("Cutlass Crewman")
    s.deck["Cutlass Crewman"] += 1
    equip(s, 1, crew=("Pistol Crewman",))
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    assert s.phase == "volley"
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v) == (1, 1, False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    assert s.phase == "melee_roll"
    s = s.apply((6, 1))                                   # 6 against 1+1: the defender loses the round
    assert s.phase == "melee_loss" and s.current_player() == 1
    s = s.apply(LoseCrewman("Pistol Crewman"))
    assert ship(s, 1)["crew"] == ["Cutlass Crewman"]


def test_the_winner_chooses_the_cargo_he_takes():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the victorious player is entitled to half of the defeated player's hoard and all of the cargo that can fit
    in his cargo hold."
    Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship

    Given a defender carrying Rum 10, Gems 20 and Spices 20 and an attacker with 30 free units, When the
    defender loses all his crew, Then the attacker picks which cargo fills his hold — here both 20-unit cards
    will not fit, so he takes the Gems and the Rum.
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon", cargo=("Rum 10 Units", "Spices 20 Units", "Gems 20 Units"))
    ship(s, 1)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 0, cannons=3)
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v)[2:] == (False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply((6, 1))     # her last crewman falls
    assert s.phase == "take_cargo" and s.current_player() == 0
    s.validate()
    refused(s, TakeCargo(("Spices 20 Units", "Gems 20 Units")), "Stage 5: Plundering the Enemy Ship")  # 40 > 30
    refused(s, TakeCargo(("Fruit 10 Units",)), "Stage 5: Plundering the Enemy Ship")  # not in her hold: nothing to take
    s = s.apply(TakeCargo(("Gems 20 Units", "Rum 10 Units")))
    assert sorted(ship(s, 0)["cargo"]) == ["Gems 20 Units", "Rum 10 Units"]
    assert ship(s, 1)["cargo"] == ["Spices 20 Units"]
    assert s.players[0]["hoard"] == 3250 + 1625
    s.validate()


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


def test_player_attacking_player_terms_of_surrender_offered_and_accepted():
    s = to_play(scenario(2))
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Offer(1600), Act("accept terms"))
    assert s.players[0]["hoard"] == 3250 + 1600 and s.players[1]["hoard"] == 3250 - 1600
    assert s.phase == "play"


def test_engine_battle_agrees_with_exact_battle_function():
    """Walk every chance outcome of an engine battle (defender flees, nobody calls off) and
    compare the result with :func:`battle`: the engine and the odds are the same rules."""
    from fractions import Fraction

    from pirates_lab.core import Dist
    from pirates_lab.pillage_and_plunder import battle

    s = to_play(scenario(2))
    equip(s, 0, hull="Schooner", cannons=3, crew=("Pistol Crewman",), addons=("Extra Sail",))
    equip(s, 1, hull="Schooner", cannons=3, crew=("Cutlass Crewman",))
    give(s, 0, "Attack")
    attacker, defender = s.battle_ship(0), s.battle_ship(1)
    start = s.apply(Play("Attack", target=1))
    found: dict = {}

    def walk(state, p):
        if state.battle() is None or state.phase in ("steal",):
            key = (ship(state, 0)["damage"], ship(state, 1)["damage"], len(ship(state, 0)["crew"]),
                   len(ship(state, 1)["crew"]))
            found[key] = found.get(key, 0) + p
            return
        if state.is_chance_node():
            merged: dict = {}          # dice that lead to the same position are walked once
            for outcome, q in state.chance_outcomes().items():
                after = state.apply(outcome)
                key = json.dumps([after.players, repr(after.agenda)], sort_keys=True, default=str)
                merged[key] = (after, merged.get(key, (None, 0))[1] + q)
            for after, q in merged.values():
                walk(after, p * q)
            return
        choice = {"battle_terms": Act("no offer"), "battle_call": Act("fight on"), "battle_flee": Act("flee"),
                  "melee_loss": LoseCrewman("Cutlass Crewman")}[state.phase]
        walk(state.apply(choice), p)

    walk(start, Fraction(1))
    exact = battle(attacker, defender).map(lambda r: (r.attacker_damage, r.defender_damage, r.attacker_crew, r.defender_crew))
    assert Dist._from_fractions(found) == exact
