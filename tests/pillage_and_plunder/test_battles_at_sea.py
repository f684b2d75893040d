"""Rules: Pillage & Plunder › Chapter IV: Battles at Sea (its stages and the rules for specific types of battles),
one Given/When/Then test per rule.

Each test fails when the rule it holds is broken by hand (checked once).
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.pillage_and_plunder import battles as B
from pirates_lab.pillage_and_plunder.game import Act, Play, StealMap
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

from pillage_steps import add_ship, run, to_play


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
