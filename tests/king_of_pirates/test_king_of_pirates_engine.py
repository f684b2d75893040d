"""The King of Pirates rules engine: scenarios built directly, illegal moves, exact odds from the engine."""
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from pirates_lab.king_of_pirates.rules.task_data import Loot, Tile
from pirates_lab.core import CHANCE, TERMINAL, IllegalMove, Task
from pirates_lab.king_of_pirates import combat_success_probability, reroll_policy
from pirates_lab.king_of_pirates.game import (
    Accept, AcceptMutiny, Attack, BuyPart, Dig, Discard, Done, EndTurn, Game, KeepPirates, MakeCaptain, Pass,
    Play, Player, Recruit, Reroll, Sacrifice, Sail, StopMoving, movement, treasure_maps_needed,
)

from kop_scenarios import COMP, after_setup, bare, give_hand, scenario, set_crew, with_player


def test_setup():
    state = after_setup(players=4, seed=3)
    assert state.current_player() == CHANCE and state.phase.name == "upkeep_draw"
    for p, player in enumerate(state.players):
        assert player.position == COMP.corner_lair(p) and player.position in COMP.lairs
        assert len(player.crew) == 2 and len(player.hand) == 3
        assert player.rum >= 4 and player.cannonballs >= 2 and player.doubloons == 0
    assert state.dutchman == (0, 0)
    assert len(state.pirate_discard) == 4       # each player discarded one of three
    state.validate()


def test_setup_keep_choice():
    state = Game(players=2).new_initial_state()
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state = state.apply(state.chance_outcomes().sample(rng))
    actions = state.legal_actions()
    assert len(actions) == 6 and all(isinstance(a, KeepPirates) for a in actions)
    a, b, c = state.offer
    state = state.apply(KeepPirates(c, a))
    assert state.players[0].crew == (c, a) and b in state.pirate_discard


def test_movement_points():
    p = Player(position=(4, 0), crew=("Ching Shih",))       # +1 Movement
    assert movement(p) == 2
    assert movement(replace(p, scurvy=5)) == 1             # never below 1
    assert movement(replace(p, scurvy=5), tailwinds=1) == 3  # Tailwind ignores the scurvy penalty
    assert movement(replace(p, parts=("Rum hold", "Gun deck"))) == 4
    assert treasure_maps_needed(Player(position=(0, 0), crew=("Black Bart", "Mary Read")), 3) == 0   # 2 + 1
    assert treasure_maps_needed(Player(position=(0, 0), crew=("Mary Read",)), 4) == 3


def test_sailing_and_illegal_moves_leave_state_unchanged():
    state = scenario(bare(), [Task("start_movement", 0)])
    assert state.current_player() == 0 and state.moves_left == 1
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Sail((2, 0)))
    assert error.value.rule == "Phase 2: Movement Phase"
    with pytest.raises(IllegalMove) as error:
        state.apply(Sail((5, 0)))
    assert error.value.rule == "The Game Board"
    with pytest.raises(IllegalMove) as error:
        state.apply(Play("Tailwind"))
    assert error.value.rule == "Action Cards"
    with pytest.raises(IllegalMove) as error:
        state.apply(BuyPart("Rum hold"))
    assert error.value.rule == "Phase 2: Movement Phase"
    with pytest.raises(IllegalMove) as error:
        state.apply(Reroll("none"))
    assert error.value.rule == "Phase 3: Combat Phase"
    assert state.to_json() == before
    assert set(state.legal_actions()) == {StopMoving(), Sail((3, 0)), Sail((3, 1)), Sail((4, -1))}


def test_revealing_a_tile_and_a_warship_forces_combat():
    state = scenario(bare(), [Task("start_movement", 0)])
    state = with_player(state, 0, parts=("Rum hold",))     # 2 sails
    state = scenario(state, [Task("start_movement", 0)])
    assert state.moves_left == 2
    state = state.apply(Sail((3, 0)))
    assert state.current_player() == CHANCE and state.agenda[-1] == Task("reveal", 0, Tile((3, 0), "ocean"))
    dist = state.chance_outcomes()
    assert dist["Warship (French)"] == Fraction(2, 24) and dist["empty"] == Fraction(12, 24)
    fought = state.apply("Warship (French)")
    assert fought.ships == {(3, 0): "Warship (French)"} and fought.moves_left == 0
    assert fought.combat.target == "Warship (French)"   # forced, no choice offered
    assert fought.current_player() == CHANCE and fought.phase.name == "attacker_roll"
    empty = state.apply("empty")
    assert empty.current_player() == 0 and empty.moves_left == 1 and (3, 0) not in empty.ships
    merchant = state.apply("Merchant Ship (British)")
    assert merchant.current_player() == 0 and merchant.moves_left == 1   # may go on
    stopped = merchant.apply(StopMoving())
    assert set(stopped.legal_actions()) == {EndTurn(), Attack("Merchant Ship (British)")}


def nation_combat_success(state, policy):
    """P(conquest) by exact recursion over the engine's chance nodes, decisions by ``policy``."""
    if any(t.phase == "loot" for t in state.agenda):
        return Fraction(1)
    if state.combat is None:
        return Fraction(0)
    if state.current_player() == CHANCE:
        return sum((p * nation_combat_success(state.apply(o), policy) for o, p in state.chance_outcomes().items()), Fraction(0))
    return nation_combat_success(state.apply(policy(state)), policy)


@pytest.mark.parametrize("target,crew,cannonballs,scurvy", [
    ("stronghold", ("Calico Jack",), 2, 0),             # captain +2 vs nations
    ("city", ("Black Bart", "Olivier Levasseur"), 1, 1),  # two +1 skills, one scurvy
    ("Merchant Ship (Spanish)", (), 3, 2),
])
def test_engine_combat_matches_exact_odds(target, crew, cannonballs, scurvy):
    state = bare()
    state = set_crew(state, 0, crew)
    cell = next(c for c, (kind, _) in COMP.places.items() if kind == target) if target in ("city", "stronghold") else (3, 0)
    state = with_player(state, 0, position=cell, cannonballs=cannonballs, scurvy=scurvy)
    if target.startswith("Merchant"):
        state.revealed[cell] = target
        state.ships[cell] = target
        state.tile_pools["ocean"][target] -= 1
    state = scenario(state, [Task("combat_choose", 0)], entered=cell)   # it sailed onto the target
    state = state.apply(Attack(target))
    modifier = state.attack_modifier()
    defence = COMP.targets[target]["defence"]
    policy = reroll_policy(defence, modifier, cannonballs)

    def play(s):
        roll = s.combat.attacker_roll
        choice = policy.decision(roll, s.players[0].cannonballs)
        return {"stop": Accept(), "keep high": Reroll("high"), "keep low": Reroll("low"), "both": Reroll("none")}[choice]

    assert nation_combat_success(state, play) == combat_success_probability(defence, modifier, cannonballs)


def test_conquest_draws_loot_with_skills_and_removes_the_ship():
    state = set_crew(bare(), 0, ["Olivier Levasseur", "Grace O'Malley"])   # captain +2 loot from British, +1 loot card
    cell = (3, 0)
    state = with_player(state, 0, position=cell)
    state.revealed[cell] = state.ships[cell] = "Merchant Ship (British)"
    state.tile_pools["ocean"]["Merchant Ship (British)"] -= 1
    state = scenario(state, [Task("combat_choose", 0)], entered=cell).apply(Attack("Merchant Ship (British)"))
    state = state.apply((6, 6))          # 12 + modifier >= 6
    assert state.agenda[-1].phase == "loot" and state.agenda[-1].player == 0 and state.agenda[-1].data.cards_left == 2 + 1 + 2
    assert cell not in state.ships
    for value in (100, 200, 300, 500, 1000):
        state = state.apply(value)
    assert state.players[0].doubloons == 2100
    assert sum(state.loot_discard.values()) == 5
    state.validate()


def test_pvp_ties_go_to_the_attacker_and_the_defender_rerolls_only_when_losing():
    state = bare()
    state = with_player(state, 0, position=(2, 0), cannonballs=0)
    state = with_player(state, 1, position=(2, 0), cannonballs=2, doubloons=700)
    state = scenario(state, [Task("combat_choose", 0)])
    assert set(state.legal_actions()) == {EndTurn(), Attack(1)}
    state = state.apply(Attack(1)).apply((4, 3))      # attacker 7, no cannonballs
    state = state.apply((5, 2))                       # defender 7: a tie, still losing
    assert state.current_player() == 1 and Reroll("high") in state.legal_actions()
    tie = state.apply(Accept())
    assert tie.agenda[-1] == Task("loot", 0, Loot(4, 1, 0))
    tie = tie.apply(500).apply(100).apply(100).apply(100)
    assert tie.players[0].doubloons == 700 and tie.players[1].doubloons == 0   # capped at what the loser has
    won = state.apply(Reroll("high")).apply(6)       # 5 + 6 = 11 beats 7
    assert won.agenda[-1].phase == "loot" and won.agenda[-1].player == 1


def test_upkeep_mutiny_keelhauling_scapegoat_and_accepting():
    state = set_crew(bare(), 0, ["William Kidd", "Anne Bonny"])   # William Kidd: sacrifice to prevent mutiny
    state = give_hand(state, 0, ["Keelhauling"])
    state = with_player(state, 0, position=(3, 0), rum=1)
    state = scenario(state, [Task("upkeep_die", 0)])
    assert state.chance_outcomes()["lose 2 rum"] == Fraction(1, 3)
    assert state.apply("lose 1 rum").players[0].rum == 0
    mutiny = state.apply("lose 2 rum")
    assert mutiny.current_player() == 0
    assert set(mutiny.legal_actions()) == {AcceptMutiny(), Play("Keelhauling"), Sacrifice("William Kidd")}
    kept = mutiny.apply(Play("Keelhauling"))
    assert "Keelhauling" not in kept.players[0].hand and kept.players[0].crew == ("William Kidd", "Anne Bonny")
    saved = mutiny.apply(Sacrifice("William Kidd"))
    assert saved.players[0].crew == ("Anne Bonny",) and "William Kidd" in saved.pirate_discard
    lost = mutiny.apply(AcceptMutiny())
    assert lost.players[0].crew == ("Anne Bonny",)            # the captain goes, the next is promoted
    assert lost.agenda == [Task("end_turn", 0), Task("relocate", 0)]   # the turn ends after the compass die
    lost = lost.apply("west")
    assert lost.players[0].position == (-4, 0)
    assert lost.current_player() == CHANCE and lost.current == 1   # player 1's upkeep draw


def test_the_mutiny_card_window():
    state = give_hand(bare(), 1, ["Mutiny", "Tailwind"])
    state = with_player(state, 0, position=(3, 0))
    state = scenario(state, [Task("upkeep_window", 0)])
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Pass(), Play("Mutiny")}   # Tailwind is an M card
    with pytest.raises(IllegalMove) as error:
        state.apply(Play("Tailwind"))
    assert error.value.rule == "Action Cards"
    mutiny = state.apply(Play("Mutiny"))
    assert mutiny.current_player() == 0 and mutiny.agenda[-1] == Task("mutiny", 0)
    # a pass, and the movement window asks player 1 again (it holds cards; none it may play before 0 moves)
    passed = state.apply(Pass())
    assert passed.current_player() == 1 and passed.phase.name == "window" and passed.legal_actions() == (Pass(),)
    assert passed.apply(Pass()).current_player() == 0 and passed.apply(Pass()).phase.name == "movement"


def test_compass_moves_the_dutchman_back_to_the_centre_and_sweeps():
    # player 1 holds cards and pirates, so the sweep has something to take (bare() empties both)
    state = give_hand(set_crew(bare(), 1, ["Anne Bonny", "Mary Read"]), 1, ["Scurvy", "Tailwind"])
    state = with_player(state, 1, position=(3, 0))
    state = scenario(state, [Task("compass", 0)], dutchman=(4, 0))
    off = state.apply("east")
    assert off.dutchman == (0, 0)
    state = scenario(state, [Task("compass", 0)], dutchman=(2, 0))
    hit = state.apply("east")
    assert hit.dutchman == (3, 0)
    assert state.players[1].hand == ("Scurvy", "Tailwind") and state.players[1].crew == ("Anne Bonny", "Mary Read")
    assert hit.players[1].hand == () and hit.players[1].crew == ()
    assert hit.action_discard == {"Scurvy": 1, "Tailwind": 1} and "Anne Bonny" in hit.pirate_discard
    assert hit.agenda[-1] == Task("relocate", 1)      # not player 1's turn: player 0's goes on
    assert hit.apply("north-west").players[1].position == (0, -4)
    lair = scenario(state, [Task("compass", 0)], dutchman=(3, 0))
    lair = with_player(lair, 1, position=(4, 0))
    onto = lair.apply("east")                                            # onto the lair at (4, 0)
    assert onto.dutchman == (4, 0) and onto.players[1].crew == ("Anne Bonny", "Mary Read")   # safe at a Pirates Lair
    assert onto.players[1].hand == ("Scurvy", "Tailwind")


def test_sailing_into_the_dutchman_ends_the_turn():
    state = set_crew(bare(), 0, ["Anne Bonny"])
    state = give_hand(state, 0, ["Scurvy"])
    state = scenario(state, [Task("start_movement", 0)], dutchman=(3, 0))
    hit = state.apply(Sail((3, 0)))
    assert hit.players[0].crew == () and hit.players[0].hand == ()
    assert hit.agenda == [Task("end_turn", 0), Task("relocate", 0)]


def test_lair_visit_order():
    state = set_crew(bare(), 0, ["Blackbeard"])        # +1 maximum rum
    state = with_player(state, 0, position=(3, 0), scurvy=2, rum=0, cannonballs=0, doubloons=3000)
    state = scenario(state, [Task("start_movement", 0)])
    state = state.apply(Sail((4, 0)))
    assert state.players[0].scurvy == 0                # cured on arrival
    assert set(state.legal_actions()) == {Done(), BuyPart("Rum hold"), BuyPart("Gun deck")}
    state = state.apply(BuyPart("Rum hold"))
    assert state.players[0].doubloons == 500 and state.current_player() == CHANCE   # nothing more to buy
    # 3 positions, 1 pirate: 2 vacant + 1 = 3 pirates drawn
    assert state.phase.name == "lair_draw"
    for pirate in ("Anne Bonny", "Mary Read", "Calico Jack"):
        state = state.apply(pirate)
    assert Recruit("Anne Bonny") in state.legal_actions() and MakeCaptain("Anne Bonny") not in state.legal_actions()
    state = state.apply(Recruit("Anne Bonny")).apply(Recruit("Calico Jack")).apply(MakeCaptain("Calico Jack"))
    assert MakeCaptain("Blackbeard") not in state.legal_actions()      # one captain change a visit
    state = state.apply(Done())
    player = state.players[0]
    assert player.crew[0] == "Calico Jack" and len(player.crew) == 3
    assert player.rum == 4 + 2 + 1 and player.cannonballs == 2 + 1    # Calico Jack's skill applies only as crew
    assert "Mary Read" in state.pirate_discard
    state.validate()


def test_digging_needs_maps_minus_skills():
    island = next(c for c, (kind, _) in COMP.places.items() if kind == "large island")
    state = set_crew(bare(), 0, ["Mary Read"])           # counts as 1 treasure map
    state = with_player(state, 0, position=island)
    too_few = scenario(give_hand(state, 0, ["Treasure Map"] * 2), [Task("arrive", 0)])
    assert Task("dig", 0) not in too_few.agenda and too_few.current == 1     # no dig offered: the turn went on
    with pytest.raises(IllegalMove) as error:
        too_few.apply(Dig())
    assert error.value.rule in ("Phase 2: Movement Phase", "Phases of a Turn")
    enough = scenario(give_hand(state, 0, ["Treasure Map"] * 3 + ["Scurvy"]), [Task("arrive", 0)])
    dug = enough.apply(Dig())
    assert dug.players[0].doubloons == 3000 and dug.players[0].hand == ("Scurvy",)
    assert island in dug.dug and dug.action_discard["Treasure Map"] == 3
    again = scenario(dug, [Task("arrive", 0)])
    assert Task("dig", 0) not in again.agenda and again.current != dug.current   # the treasure is gone


def test_cards_in_the_combat_window():
    state = bare(players=3)
    state = give_hand(state, 0, ["Assault"])
    state = give_hand(state, 1, ["Soldiers", "Ambush"])
    state = give_hand(state, 2, ["Mercenaries", "The Flying Dutchman"])
    stronghold = next(c for c, (kind, _) in COMP.places.items() if kind == "stronghold")
    state = with_player(state, 0, position=stronghold)
    state = scenario(state, [Task("combat_choose", 0)], entered=stronghold).apply(Attack("stronghold"))
    assert state.current_player() == 0 and set(state.legal_actions()) == {Pass(), Play("Assault")}
    state = state.apply(Play("Assault"))
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Pass(), Play("Soldiers", "nation")}     # Ambush only when defending
    state = state.apply(Play("Soldiers", "nation"))
    assert state.current_player() == 2
    state = state.apply(Play("Mercenaries", "nation"))
    assert state.totals()[1] == 11 + 2 + 1 and state.attack_modifier() == 2
    # The window goes round again: player 1 (holding Ambush, not playable) passes; then player 2's
    # The Flying Dutchman onto the stronghold stops the attack: the turn ends
    assert state.current_player() == 1 and state.legal_actions() == (Pass(),)
    near = state.apply(Pass()).clone()
    assert near.current_player() == 2
    near.dutchman = (stronghold[0] - 1, stronghold[1])
    swept = near.apply(Play("The Flying Dutchman", "east"))
    assert swept.combat is None and swept.agenda == [Task("end_turn", 0), Task("relocate", 0)]


def test_assassination_promotes_and_respects_immunity():
    state = set_crew(bare(), 1, ["Henry Morgan", "Anne Bonny"])     # Henry Morgan: immune to assassination
    state = give_hand(state, 0, ["Assassination"])
    state = scenario(state, [Task("upkeep_window", 0)])
    assert set(state.legal_actions()) == {Pass(), Play("Assassination", (1, "Anne Bonny"))}
    with pytest.raises(IllegalMove):
        state.apply(Play("Assassination", (1, "Henry Morgan")))
    state = set_crew(bare(), 1, ["Anne Bonny", "Mary Read"])
    state = scenario(give_hand(state, 0, ["Assassination"]), [Task("upkeep_window", 0)])
    state = state.apply(Play("Assassination", (1, "Anne Bonny")))
    assert state.players[1].crew == ("Mary Read",)


def test_hand_limit_makes_room_before_drawing():
    state = give_hand(bare(), 0, ["Scurvy", "Scurvy", "Tailwind", "Assault", "Ambush", "Mutiny"])
    state = scenario(state, [Task("make_room", 0)])
    assert state.current_player() == 0
    assert Discard("Scurvy") in state.legal_actions()
    state = state.apply(Discard("Scurvy"))
    assert state.current_player() == 0
    state = state.apply(Discard("Mutiny"))
    assert state.current_player() == CHANCE and len(state.players[0].hand) == 4


def test_winning_ends_the_game():
    state = with_player(bare(), 0, doubloons=9900)
    state = scenario(state, [Task("loot", 0, Loot(1))])
    won = state.apply(100)
    assert won.current_player() == TERMINAL and won.winner == 0 and won.scores() == (10000, 0)
    with pytest.raises(IllegalMove) as error:
        won.apply(Pass())
    assert error.value.rule == "The Game Board"


def test_captain_skills_in_play():
    from pirates_lab.king_of_pirates.game import hand_limit, skills, Steal
    blackbeard = Player(position=(0, 0), crew=("Blackbeard", "Anne Bonny", "Calico Jack"))   # others count as captains
    active = skills(blackbeard)
    assert "+2 Combat vs. other Players" in active and "+2 Combat vs. Nations" in active
    assert skills(Player(position=(0, 0), crew=("Anne Bonny", "Calico Jack"))).count("+2 Combat vs. Nations") == 0
    # +1 Black Card per turn: hand limit 7 and three cards drawn at upkeep
    state = set_crew(bare(), 0, ["Grace O'Malley"])
    assert hand_limit(state.players[0]) == 7
    state = scenario(state, [Task("start_turn", 0)])
    drawn = 0
    while state.phase.name == "upkeep_draw":
        state, drawn = state.apply(state.chance_outcomes().outcomes()[0]), drawn + 1
    assert drawn == 3 and len(state.players[0].hand) == 3
    # Move 2 on the victory track: steal up to 200 during upkeep
    state = set_crew(bare(), 0, ["Stede Bonnet"])
    state = with_player(state, 1, doubloons=150)
    state = scenario(state, [Task("steal", 0)])
    assert set(state.legal_actions()) == {Pass(), Steal(1)}
    after = state.apply(Steal(1))
    assert after.scores() == (150, 0)


def test_scurvy_immunity_citrus_and_scurvy_card():
    state = set_crew(bare(), 0, ["Mary Read"])           # captain: immune to scurvy
    state = with_player(state, 0, position=(3, 0))
    state = scenario(state, [Task("upkeep_die", 0)])
    assert state.apply("scurvy").players[0].scurvy == 0
    state = give_hand(set_crew(bare(), 1, ["Anne Bonny"]), 0, ["Scurvy", "Citrus Fruits"])
    state = with_player(state, 0, scurvy=2)
    state = scenario(state, [Task("upkeep_window", 0)])
    assert set(state.legal_actions()) == {Pass(), Play("Scurvy", 1), Play("Citrus Fruits")}
    state = state.apply(Play("Scurvy", 1))
    assert state.players[1].scurvy == 1
    state = state.apply(Play("Citrus Fruits"))
    assert state.players[0].scurvy == 0


def test_ambush_and_mercenaries_in_player_combat():
    state = bare()
    state = give_hand(state, 1, ["Ambush", "Mercenaries"])
    state = with_player(state, 0, position=(2, 0))
    state = with_player(state, 1, position=(2, 0))
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Pass(), Play("Ambush"), Play("Mercenaries", 0), Play("Mercenaries", 1)}
    state = state.apply(Play("Ambush")).apply(Play("Mercenaries", 1))
    state = state.apply((3, 3)).apply(Accept())
    assert state.totals(replace(state.combat, defender_roll=(3, 3))) == (6, 6 + 3 + 1)
    assert state.apply((2, 1)).agenda[-1].phase == "loot" and state.apply((2, 1)).agenda[-1].player == 1   # 3 + 4 = 7 beats 6: the cards decided it



def test_the_data_file_is_checked_and_editable(tmp_path):
    import copy
    from pirates_lab.core import InvalidInput
    from pirates_lab.king_of_pirates.components import build_components
    raw = copy.deepcopy(COMP.raw)
    raw["action_cards"]["Mutiny"]["count"] = 3
    with pytest.raises(InvalidInput, match="52 action cards"):
        build_components(raw)
    raw = copy.deepcopy(COMP.raw)
    raw["tiles"]["ocean"]["empty"] = 11
    with pytest.raises(InvalidInput, match="24 ocean"):
        build_components(raw)
    raw = copy.deepcopy(COMP.raw)
    raw["upkeep_die"] = {"scurvy": 1, "lose 1 rum": 1, "lose 2 rum": 4}
    edited = build_components(raw)
    assert edited.upkeep_die["lose 2 rum"] == 4
