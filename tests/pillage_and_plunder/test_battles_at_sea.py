"""Rules: Pillage & Plunder › Chapter IV: Battles at Sea (its stages and the rules for specific types of battles),
one Given/When/Then test per rule.

Each test fails when the rule it holds is broken by hand (checked once).
"""
from __future__ import annotations

from pirates_lab.pillage_and_plunder.game import Act, Play, StealMap
from pirates_lab.pillage_and_plunder.scenarios import at_step, give, scenario, ship


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def to_play(s, player: int = 0):
    """Skip to the play step; ``player`` holds three Bury Treasure cards as filler."""
    give(s, player, "Bury Treasure", "Bury Treasure", "Bury Treasure")
    return at_step(s, "play", player)


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
