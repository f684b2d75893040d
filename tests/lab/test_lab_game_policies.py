"""Scenario tests of the games' own computer players, on hand-built views (Given / When / Then)."""
from __future__ import annotations

import random

from pirates_lab.core import PlayerView
from pirates_lab.king_of_pirates.actions import Accept, Attack, EndTurn, Reroll, Sail, StopMoving
from pirates_lab.king_of_pirates.policies import POLICIES as KOP
from pirates_lab.pillage_and_plunder.policies import POLICIES as PP


def kop_view(phase, actions, *, position=(3, -3), cannonballs=2, rum=4, combat=None, hand=(), ships=None,
             dutchman=(0, 0), crew=()):
    me = {"position": list(position), "doubloons": 0, "rum": rum, "cannonballs": cannonballs, "scurvy": 0,
          "parts": [], "crew": list(crew), "hand_size": len(hand)}
    rival = dict(me, position=[-4, 0])
    obs = {"phase": phase, "players": [me, rival], "hand": list(hand), "ships": ships or {},
           "dug": [], "dutchman": list(dutchman), "combat": combat, "cards_in_play": {}, "moves_left": 1}
    return PlayerView(0, obs, tuple(actions))


def test_greedy_attacks_a_weak_merchant_and_leaves_a_stronghold():
    # Given a British merchant (defence 6) and a stronghold (defence 11) here, and 2 cannonballs
    view = kop_view("combat_choose", [EndTurn(), Attack("stronghold"), Attack("Merchant Ship (British)")])
    # When the greedy captain chooses, Then it attacks the merchant (98% with re-rolls)
    assert KOP["greedy"](view, random.Random(0)) == Attack("Merchant Ship (British)")
    # Given only the stronghold: 39% with 2 cannonballs (attack), 8% with none (end the turn)
    view = kop_view("combat_choose", [EndTurn(), Attack("stronghold")])
    assert KOP["greedy"](view, random.Random(0)) == Attack("stronghold")
    view = kop_view("combat_choose", [EndTurn(), Attack("stronghold")], cannonballs=0)
    assert KOP["greedy"](view, random.Random(0)) == EndTurn()


def test_rerolls_follow_the_optimal_policy_and_the_control_never_rerolls():
    # Given a failed 6+1 against the Spanish merchant (defence 8) with 2 cannonballs
    combat = {"attacker": 0, "defender": None, "target": "Merchant Ship (Spanish)", "attacker_roll": [6, 1]}
    actions = [Accept(), Reroll("high"), Reroll("low"), Reroll("none")]
    view = kop_view("attacker_rerolls", actions, combat=combat)
    # Then keep the 6 and re-roll the 1; the no-cannonball captain keeps the roll
    assert KOP["greedy"](view, random.Random(0)) == Reroll("high")
    assert KOP["no_cannonballs"](view, random.Random(0)) == Accept()


def test_a_captain_low_on_rum_sails_home_and_never_into_the_dutchman():
    # Given one rum left at (3, -3), the lair (4, -4) one step away, and the Dutchman on (4, -3)
    actions = [Sail((4, -4)), Sail((4, -3)), Sail((2, -3)), StopMoving()]
    view = kop_view("movement", actions, rum=1, dutchman=(4, -3))
    assert KOP["greedy"](view, random.Random(0)) == Sail((4, -4))
    # Given the Dutchman on the lair's only approach we consider, Then it does not sail into it
    view = kop_view("movement", [Sail((4, -3)), StopMoving()], rum=1, dutchman=(4, -3))
    assert KOP["greedy"](view, random.Random(0)) == StopMoving()


# ---------------------------------------------------------------- Pillage & Plunder habits
from pirates_lab.pillage_and_plunder.actions import Act, AttackMerchant, Discard, Play  # noqa: E402


def choose_all(policy, actions, seeds=range(30)):
    return {policy(PlayerView(0, None, tuple(actions)), random.Random(s)) for s in seeds}


def test_the_merchant_hunter_attacks_merchants_and_spares_players():
    offer = [AttackMerchant(0), Act("let it pass")]
    assert choose_all(PP["merchant_hunter"], offer) == {AttackMerchant(0)}
    assert choose_all(PP["player_hunter"], offer) == {Act("let it pass")}
    plays = [Play("Attack", target=1), Play("Cannon"), Play("Attack", discard=True)]
    assert Play("Attack", target=1) not in choose_all(PP["merchant_hunter"], plays)
    assert choose_all(PP["player_hunter"], plays) == {Play("Attack", target=1)}


def test_rum_and_fruit_are_loaded_and_never_thrown_away():
    discards = [Discard("Rum 10 Units"), Discard("Fruit 20 Units"), Discard("Gems 10 Units")]
    assert choose_all(PP["rum_and_fruit"], discards) == {Discard("Gems 10 Units")}
    assert choose_all(PP["no_provisions"], discards) <= {Discard("Rum 10 Units"), Discard("Fruit 20 Units")}
    plays = [Play("Rum 10 Units"), Play("Cannon"), Play("Rum 10 Units", discard=True)]
    assert choose_all(PP["rum_and_fruit"], plays) == {Play("Rum 10 Units")}


def test_the_crew_keeper_hires_and_keeps_crew():
    discards = [Discard("Cutlass Crewman"), Discard("Doctor"), Discard("Cannon")]
    assert choose_all(PP["crew_keeper"], discards) == {Discard("Cannon")}
    assert choose_all(PP["crew_spender"], discards) == {Discard("Cutlass Crewman"), Discard("Doctor")}
    # When every choice throws crew away, a choice is still made
    assert choose_all(PP["crew_keeper"], [Discard("Doctor")]) == {Discard("Doctor")}


# ---------------------------------------------------------------- Pirates & Plunder battles
def test_battle_habits_commit_the_open_answer_or_a_draw_from_the_secret_mix():
    from pirates_lab.pirates_and_plunder.battles import secret_battle
    from pirates_lab.pirates_and_plunder.game import Commit
    from pirates_lab.pirates_and_plunder.pirates import canonical_commitment
    from pirates_lab.pirates_and_plunder.policies import POLICIES as PAP

    # Given player 0's pirate (ship 1) attacking player 1's pirate (ship 2); 3 resources against 1
    held = [2, 1, 0, 0]
    obs = {"phase": "attack", "battle": {"phase": "attack", "player": 0, "ships": [1, 2]},
           "ships": [[1, 0, 0, 0, 0, "pirate"], [2, 1, 0, 0, 0, "pirate"]],
           "resources": [held, [1, 0, 0, 0]]}
    actions = tuple(Commit(canonical_commitment(held, n)) for n in range(4))
    view = PlayerView(0, obs, actions)
    # When the open hand attacks, Then it commits 2: the smallest attack 1 resource cannot answer
    assert PAP["open_hand"](view, random.Random(0)) == Commit(canonical_commitment(held, 2))
    # When the bluffer attacks, Then every commitment it makes is in the optimal mix's support
    mix = secret_battle(3, 1, 0, 6, 1).attacker
    made = {sum(PAP["bluffer"](view, random.Random(s)).resources) for s in range(40)}
    assert made <= set(mix.outcomes()) and len(made) > 1
