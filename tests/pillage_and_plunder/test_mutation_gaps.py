"""Tests for the four Pillage & Plunder mutants the mutation samples left alive (docs/testing.md).

Each is a Given/When/Then scenario on a hand-built position; each was checked to fail with its mutant
applied by hand in a throwaway copy of the engine.
"""
from __future__ import annotations

from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def to_play(s, player: int = 0):
    """Skip to the play step; ``player`` holds three Bury Treasure cards as filler."""
    give(s, player, "Bury Treasure", "Bury Treasure", "Bury Treasure")
    return at_step(s, "play", player)


def test_an_eliminated_privateer_discards_his_navy_card():
    """Rules: Pillage & Plunder › Privateering
    Rules: Pillage & Plunder › Player Attacking Player ("If the defeated player is eliminated from the game")

    Given player 1 privateering for the Dutch (his Dutch Navy card before him, 500 owed) on a Sloop with
    two damage, When player 0's cannons sink that last ship, Then player 1 is eliminated, is no longer a
    privateer, and the Dutch Navy card lies in the discard pile (every card still accounted for).
    """
    s = to_play(scenario(2, privateering=True))
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 500}
    ship(s, 1)["damage"] = 2
    s.validate()
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("stand and fight"),
            Act("no offer"), Act("fight on"), Volley(0, 1, False, True))
    loser = s.players[1]
    assert loser["eliminated"] and loser["privateer"] is None
    assert "Dutch Navy" in s.discard
    assert s.observation(0)["players"][1]["privateer"] is None
    s.validate()


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


def test_a_navy_ship_attacks_the_ship_it_was_sent_after():
    """Rules: Pillage & Plunder › Play Navy Ship
    Rules: Pillage & Plunder › Fleet Play ("When being attacked, your opponent has the choice of which ship they will attack")

    Given Fleet Play and player 1 with a French prize and two ships (a Sloop and a Galleon), When player 0
    sends the French Navy after player 1's second ship, Then the battle is fought against that ship: the
    Galleon (no cannons) takes the navy's six hits and the Sloop is untouched.
    """
    s = to_play(scenario(2, fleet_play=True))
    s._draw_card("French Merchant (Strength 2)")
    s.players[1]["prizes"].append("French Merchant (Strength 2)")
    s._draw_card("Galleon")
    s.players[1]["ships"].append({"hulls": [{"hull": "Galleon", "addons": []}], "damage": 0, "cannons": 0,
                                  "crew": ["Cutlass Crewman"], "cargo": []})
    s.deck["Cutlass Crewman"] -= 1
    s.validate()
    give(s, 0, "French Navy")
    assert {Play("French Navy", target=1, target_ship=0), Play("French Navy", target=1, target_ship=1)} <= \
        set(s.legal_actions())
    s = s.apply(Play("French Navy", target=1, target_ship=1))
    assert s.observation(0)["battle"]["defender"] == {"type": "player", "player": 1, "ship": 1}
    s = run(s, Act("stand and fight"), Volley(0, 6, False, False))     # the Galleon has no cannon to answer
    assert ship(s, 1, 1)["damage"] == 6 and ship(s, 1, 0)["damage"] == 0
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
