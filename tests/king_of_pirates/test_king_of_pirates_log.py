"""The log, line by line: what a person reads after each move (players numbered from 1), written out by
hand from the rules for hand-built positions (never recorded from the engine).
"""
from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import (Accept, AcceptMutiny, Attack, BuyPart, Dig, Discard, Dismiss, Done,
                                              MakeCaptain, Pass, Play, Recruit, Replace, Reroll, Sacrifice, Sail, Steal,
                                              StopMoving)
from pirates_lab.king_of_pirates.rules.task_data import Loot

from kop_scenarios import after_setup, bare, deal, place, reveal_ship, scenario, set_crew, with_player


def said(before, after):
    """The lines ``after`` added to ``before``'s log."""
    return list(after.log)[len(before.log):]


def _without(state, *cells):
    pools = {k: dict(v) for k, v in state.tile_pools.items()}
    for cell in cells:
        pools["ocean" if cell in state.comp.ocean_cells else "shark"]["empty"] -= 1
    return pools


def test_the_setup_is_logged():
    state = after_setup(players=2, seed=0)
    lines = list(state.log)
    assert lines[0] == "2 players; the Flying Dutchman waits at the centre."
    drawn = [line for line in lines if " draws the pirate " in line]
    assert len(drawn) == 6 and all(line.startswith(("Player 1 draws the pirate ", "Player 2 draws the pirate "))
                                   for line in drawn)
    kept = [line for line in lines if " keeps " in line]
    crew = state.players[0].crew
    assert kept[0] == f"Player 1 keeps {crew[0]} as captain and {crew[1]}."
    assert lines.count("Player 1 draws an action card.") == 3 and lines.count("Player 2 draws an action card.") == 3


def test_the_upkeep_is_logged():
    state = deal(with_player(bare(), 0, position=(3, 0)), {0: ["Scurvy", "Scurvy", "Tailwind", "Assault", "Ambush", "Mutiny"]})
    start = scenario(state, [Task("start_turn", 0)])
    assert said(state, start)[-1] == "— Round 1, player 1's turn: upkeep."
    made = start.apply(Discard("Mutiny")).apply(Discard("Ambush"))
    assert said(start, made) == ["Player 1 discards Mutiny to make room.", "Player 1 discards Ambush to make room."]
    drawn = made.apply("Treasure Map").apply("Treasure Map")
    assert said(made, drawn) == ["Player 1 draws an action card."] * 2
    moved = drawn.apply("east")
    assert said(drawn, moved) == ["The Flying Dutchman moves east to (1, 0)."]
    assert said(moved, moved.apply("lose 1 rum"))[0] == "Upkeep die: lose 1 rum."
    assert said(moved, moved.apply("scurvy"))[:2] == ["Upkeep die: scurvy.", "Player 1 gets a Scurvy token (1)."]
    immune = scenario(set_crew(with_player(bare(), 0, position=(3, 0)), 0, ["Mary Read"]), [Task("upkeep_die", 0)])
    assert said(immune, immune.apply("scurvy"))[:2] == ["Upkeep die: scurvy.",
                                                         "Player 1's crew is immune to scurvy: the token is discarded."]
    at_lair = scenario(bare(), [Task("compass", 0)])
    assert said(at_lair, at_lair.apply("west"))[:2] == ["The Flying Dutchman moves west to (-1, 0).",
                                                         "Player 1 is at a Pirates Lair: no upkeep die."]


def test_an_empty_action_deck_is_reshuffled_and_said():
    state = scenario(bare(), [Task("upkeep_window", 0)])
    deck = dict(state.action_deck)
    emptied = scenario(state, [Task("upkeep_draw", 0)], action_deck={}, action_discard=deck)
    assert emptied.log[-1] == "The action deck is empty: the discard pile is shuffled into a new deck."


def test_the_dutchman_is_logged():
    state = set_crew(deal(with_player(bare(), 1, position=(3, 0)), {1: ["Scurvy"]}), 1, ["Anne Bonny"])
    off = scenario(state, [Task("compass", 0)], dutchman=(4, -1))
    assert said(off, off.apply("east"))[:2] == ["The Flying Dutchman sails off the map and returns to the centre.",
                                                 "The Flying Dutchman moves east to (0, 0)."]
    sweep = scenario(state, [Task("compass", 0)], dutchman=(2, 0))
    swept = sweep.apply("east")
    assert said(sweep, swept) == ["The Flying Dutchman moves east to (3, 0).",
                                  "The Flying Dutchman takes player 2's cards and pirates!"]
    assert said(swept, swept.apply("north-west"))[0] == "The compass die sends player 2 to the Pirates Lair at (0, -4)."


def test_a_move_is_logged():
    state = with_player(bare(), 0, position=(4, 0), parts=("Rum hold",))
    state = deal(state, {0: ["Tailwind"]})
    start = scenario(state, [Task("start_movement", 0)])
    assert start.log[-1] == "Player 1 may sail 2 space(s)."
    stepped = start.apply(Sail((3, 0)))
    assert said(start, stepped) == ["Player 1 sails to (3, 0)."]
    assert said(stepped, stepped.apply("empty")) == ["The ocean tile at (3, 0) is empty and is removed."]
    ship = stepped.apply("Merchant Ship (British)")
    assert said(stepped, ship) == ["The ocean tile at (3, 0) hides a Merchant Ship (British)!"]
    windy = ship.apply(Play("Tailwind"))
    assert said(ship, windy) == ["Player 1 plays Tailwind.", "Player 1 may sail 3 more space(s)."]
    assert said(windy, windy.apply(StopMoving()))[0] == "Player 1 stops at (3, 0)."
    # a warship already there stops and forces the fight
    warship = scenario(reveal_ship(with_player(bare(), 0, position=(4, 0)), (3, 0), "Warship (French)"),
                       [Task("start_movement", 0)])
    assert said(warship, warship.apply(Sail((3, 0)))) == [
        "Player 1 sails to (3, 0).", "A Warship (French) blocks the way: player 1 must stop and fight.",
        "A Warship (French) forces player 1 to fight!", "Combat: player 1 attacks the Warship (French)."]
    # sailing into the Dutchman
    ghost = scenario(with_player(bare(), 0, position=(4, 0)), [Task("start_movement", 0)], dutchman=(3, 0))
    assert said(ghost, ghost.apply(Sail((3, 0)))) == ["Player 1 sails to (3, 0).", "…straight into the Flying Dutchman!",
                                                      "The Flying Dutchman takes player 1's cards and pirates!"]


def test_a_lair_visit_is_logged():
    state = set_crew(with_player(bare(), 0, position=(3, 0), scurvy=2, doubloons=2500), 0, ["Anne Bonny", "Ching Shih"])
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    arrived = state.apply(Sail((4, 0)))             # two Scurvy tokens: one space, the move ends
    assert "At the Pirates Lair player 1 gets rid of 2 Scurvy token(s)." in said(state, arrived)
    bought = arrived.apply(BuyPart("Rum hold"))
    assert said(arrived, bought) == ["Player 1 buys the Rum hold for 2500 Doubloons."]
    drawn = bought.apply("Calico Jack").apply("Mary Read")
    assert said(bought, drawn) == ["Player 1 draws the pirate Calico Jack.", "Player 1 draws the pirate Mary Read."]
    steps = [(Recruit("Calico Jack"), "Player 1 recruits Calico Jack."),
             (Replace("Ching Shih", "Mary Read"), "Player 1 replaces Ching Shih by Mary Read."),
             (Dismiss("Anne Bonny"), "Player 1 dismisses Anne Bonny."),
             (MakeCaptain("Calico Jack"), "Calico Jack is now player 1's captain.")]
    for move, line in steps:
        after = drawn.apply(move)
        assert said(drawn, after) == [line], move
        drawn = after
    assert drawn.apply(Done()).players[0].crew == ("Calico Jack", "Mary Read")


def test_a_combat_against_a_town_is_logged():
    city = place("city")
    state = scenario(with_player(bare(), 0, position=city, cannonballs=1), [Task("combat_choose", 0)], entered=city)
    attack = state.apply(Attack("city"))
    assert said(state, attack) == ["Combat: player 1 attacks the city."]
    rolled = attack.apply((6, 3))
    assert said(attack, rolled) == ["The attacker rolls 6 and 3."]
    assert said(rolled, rolled.apply(Accept()))[0] == "9 against defence 10: the attack fails."
    rerolled = rolled.apply(Reroll("high")).apply(5)
    assert said(rolled, rerolled) == ["The attacker re-rolls: now 6 and 5.",
                                      "11 against defence 10: the city is conquered! 6 loot cards."]
    looted = rerolled
    for value in (100, 100, 100, 200, 200, 300):
        looted = looted.apply(value)
    assert said(rerolled, looted)[0] == "Player 1 plunders 1000 Doubloons."


def test_a_combat_between_players_is_logged():
    state = with_player(with_player(bare(), 0, position=(2, 0), cannonballs=0), 1, position=(2, 0), doubloons=300,
                        cannonballs=0)
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1)).apply((4, 3))
    rolled = state.apply((3, 3))
    assert said(state, rolled) == ["The defender rolls 3 and 3.", "Attacker 7, defender 6: player 1 wins."]
    looted = rolled
    for value in (100, 100, 200, 500):
        looted = looted.apply(value)
    assert said(rolled, looted)[0] == "Player 1 steals 300 Doubloons from player 2 (the loot cards allowed 900)."


def test_a_combat_called_off_is_logged():
    state = deal(with_player(with_player(bare(), 0, position=(2, 0)), 1, position=(3, 0)), {0: ["The Flying Dutchman"]})
    state = with_player(state, 1, position=(2, 0))
    state = scenario(state, [Task("combat_choose", 0)], dutchman=(1, 0)).apply(Attack(1))
    assert state.current_player() == 0
    off = state.apply(Play("The Flying Dutchman", "east"))      # onto both ships: the attacker's turn ends
    assert said(state, off)[:3] == ["Player 1 plays The Flying Dutchman.", "The Flying Dutchman moves east to (2, 0).",
                                    "The Flying Dutchman takes player 1's cards and pirates!"]


def test_the_dutchman_dropped_on_a_player_combat_takes_both_ships():
    # Given player 1 attacks player 2 on (3, 0), the Dutchman west of them, player 3 holding the card
    state = deal(with_player(with_player(bare(players=3), 0, position=(3, 0)), 1, position=(3, 0)),
                 {2: ["The Flying Dutchman"]})
    state = scenario(state, [Task("combat_choose", 0)], dutchman=(2, 0)).apply(Attack(1))
    assert state.current_player() == 2
    # When the Dutchman moves east onto both ships (they share the space), Then the attacker's turn ends
    swept = state.apply(Play("The Flying Dutchman", "east"))
    assert said(state, swept)[:4] == ["Player 3 plays The Flying Dutchman.", "The Flying Dutchman moves east to (3, 0).",
                                      "The Flying Dutchman takes player 1's cards and pirates!",
                                      "The Flying Dutchman takes player 2's cards and pirates!"]
    assert swept.combat is None


def test_a_mutiny_is_logged():
    crew = ["Anne Bonny", "William Kidd"]                      # William Kidd: sacrifice to prevent a mutiny
    state = set_crew(deal(with_player(bare(), 0, position=(3, 0), rum=0), {0: ["Keelhauling"], 1: ["Keelhauling"]}), 0, crew)
    state = scenario(state, [Task("upkeep_die", 0)])
    threat = state.apply("lose 1 rum")
    assert said(state, threat) == ["Upkeep die: lose 1 rum.", "Player 1's crew threatens a mutiny!"]
    assert said(threat, threat.apply(Play("Keelhauling"))) == ["Player 1 keelhauls the ringleader: no mutiny."]
    assert said(threat, threat.apply(Sacrifice("William Kidd"))) == ["Player 1 sacrifices William Kidd: no mutiny."]
    asked = threat.apply(AcceptMutiny())
    assert said(asked, asked.apply(Play("Keelhauling"))) == ["Player 2 keelhauls player 1's ringleader: no mutiny."]
    assert said(asked, asked.apply(Pass())) == ["Mutiny! Captain Anne Bonny is thrown overboard."]
    nobody = scenario(with_player(bare(), 0, position=(3, 0), rum=0), [Task("upkeep_die", 0)]).apply("lose 2 rum")
    assert said(nobody, nobody.apply(AcceptMutiny())) == ["Mutiny! (There is no captain to discard.)"]


def test_cards_skills_digging_and_the_end_are_logged():
    # an assassination, and a new captain immune to scurvy
    state = set_crew(deal(with_player(bare(), 1, scurvy=1), {0: ["Assassination"]}), 1, ["Anne Bonny", "Mary Read"])
    state = scenario(state, [Task("upkeep_window", 0)])
    done = state.apply(Play("Assassination", (1, "Anne Bonny")))
    assert said(state, done)[:3] == ["Player 1 plays Assassination.", "Anne Bonny (player 2) is assassinated.",
                                 "Player 2's new captain is immune to scurvy: 1 Scurvy token(s) discarded."]
    # the steal
    thief = scenario(with_player(set_crew(bare(), 0, ["Stede Bonnet"]), 1, doubloons=500), [Task("steal", 0)])
    assert said(thief, thief.apply(Steal(1)))[0] == "Player 1's captain steals 200 Doubloons from player 2."
    # the dig
    island = place("small island")
    digger = scenario(deal(with_player(bare(), 0, position=island), {0: ["Treasure Map"] * 3}), [Task("arrive", 0)])
    assert said(digger, digger.apply(Dig()))[0] == "Player 1 turns in 3 Treasure Map(s) and digs up 2000 Doubloons."
    # the win, and the end of the rounds
    rich = scenario(with_player(bare(), 0, doubloons=9900), [Task("loot", 0, Loot(1))])
    assert said(rich, rich.apply(100)) == ["Player 1 plunders 100 Doubloons.",
                                           "Player 1 reaches 10000 Doubloons: round the Point Track and back at the "
                                           "skull, King of Pirates!"]
    from pirates_lab.core import random_playout
    from pirates_lab.king_of_pirates.game import Game
    assert random_playout(Game(players=2, max_turns=1).new_initial_state(), 3).log[-1] == (
        "After 1 round(s) the game stops here.")
