"""Plunder's greedy captain: it decides from its view, finishes seeded games and beats random captains.

Rules: Plunder › Overview
"""
from __future__ import annotations

import random

from pirates_lab.core import PlayerView
from pirates_lab.lab import policies_for, tournament
from pirates_lab.plunder import Game
from pirates_lab.plunder.actions import Buy, DoneTrading, Give, Sail, Sell, StopSailing
from pirates_lab.plunder.policies import POLICIES, TIPS

GREEDY = POLICIES["greedy"]


def captain(at, *, silver=5, cargo=None, enemies=()):
    return {"silver": silver, "ship": "Pinnace", "prize_ship": False, "captured": None, "cargo": dict(cargo or {}),
            "loot": {}, "first_mate": None, "enemies": list(enemies), "marque": None, "hand_size": 3,
            "at": list(at)}


def view(step, actions, me, sea, hand=()):
    rival = captain((0, 0))
    obs = {"player": 0, "step": step, "sea": [[x, y, name] for (x, y), name in sea.items()],
           "captains": [me, rival], "hand": list(hand)}
    return PlayerView(0, obs, tuple(actions))


# Havana buys Sugar at 1; Nassau sells it at 4 (data/cards.toml)
SEA = {(0, 0): "Tortuga", (1, 0): "Open Sea", (2, 0): "Havana", (0, 1): "Open Sea", (0, 2): "Nassau",
       (0, -1): "Open Sea"}


def test_it_buys_cheap_where_a_dearer_market_is_on_the_map_and_sells_there():
    # Given: in Havana with 5 silver and Nassau on the map
    options = [Buy("Sugar", 1), Buy("Sugar", 2), Buy("Tobacco", 1), DoneTrading()]
    # When / Then: it fills its hold with Sugar
    assert GREEDY(view("trade", options, captain((2, 0)), SEA), random.Random(0)) == Buy("Sugar", 2)
    # Given: in Nassau with 2 Sugar; Then: it sells them all
    sell = [Sell("Sugar", 1), Sell("Sugar", 2), DoneTrading()]
    assert GREEDY(view("trade", sell, captain((0, 2), cargo={"Sugar": 2}), SEA), random.Random(0)) == Sell("Sugar", 2)
    # Given: nothing worth buying; Then: it is done trading
    assert GREEDY(view("trade", [Buy("Tobacco", 1), DoneTrading()], captain((2, 0)), SEA),
                  random.Random(0)) == DoneTrading()


def test_it_sails_for_its_market_and_keeps_its_ports_in_hand():
    # Given: 2 Sugar aboard in Tortuga, Nassau two cards south (heading 2), Havana (no Sugar market) east
    options = [Sail(0), Sail(1), Sail(2), StopSailing()]
    me = captain((0, 0), cargo={"Sugar": 2})
    # Then: it heads south for Nassau, bar the odd random move (10% of sailing decisions)
    south = sum(GREEDY(view("sail", options, me, SEA), random.Random(s)) == Sail(2) for s in range(200))
    assert south > 150
    # Given: an Encounter to play; Then: it plays the Natives, not a Port it may explore with later
    gives = [Give("Havana"), Give("Natives"), Give("Open Sea")]
    assert GREEDY(view("give", gives, captain((0, 0)), SEA), random.Random(0)) == Give("Natives")


def test_the_greedy_captain_finishes_seeded_games_and_beats_random_captains():
    assert "greedy" in policies_for("plunder") and TIPS == []
    results = tournament("plunder", ["greedy", "random"], games=20, seed=3, progress=False, max_steps=3000)
    assert results.capped == 0
    assert results.win_rate("greedy") >= 0.9 and results.verdict("greedy") == "better"
    assert all(max(scores) >= 60 for scores in results.scores)            # each game ended at 60 silver


def test_greedy_captains_finish_where_random_captains_do_not():
    greedy = tournament(Game(players=3), ["greedy"] * 3, games=6, seed=5, progress=False, max_steps=3000)
    rand = tournament(Game(players=3), ["random"] * 3, games=6, seed=5, progress=False, max_steps=3000)
    assert greedy.capped == 0 and rand.capped >= 5
