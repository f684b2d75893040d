"""Rules: King of Pirates › Phase 2: Movement Phase.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
import pytest
from dataclasses import replace
from fractions import Fraction
from pirates_lab.core import CHANCE, IllegalMove, Task
from pirates_lab.core.geometry import hex_neighbours
from pirates_lab.core.testing import refused
from pirates_lab.king_of_pirates.game import (Attack, BuyPart, Dig, Dismiss, Done, EndTurn, MakeCaptain, Play,
    Player, Recruit, Reroll, Sail, StopMoving, movement, treasure_maps_needed)
from pirates_lab.king_of_pirates.rules.task_data import Tile
from kop_scenarios import (COMP, bare, deal, give_hand, place, quoted, reveal_ship, scenario, set_crew,
    with_player, without_empty)


def test_movement_phase_a_pirate_may_be_dismissed_at_a_pirates_lair():
    quoted("Phase 2: Movement Phase", "make any desired adjustments to your crew.")
    # Given player 0 sails into a Pirates Lair with two pirates aboard (no vacant place: one pirate drawn)
    state = set_crew(bare(), 0, ["Anne Bonny", "Blackbeard"])           # Blackbeard: +1 Maximum Rum
    state = scenario(with_player(state, 0, position=(3, 0), rum=5), [Task("start_movement", 0)])
    state = state.apply(Sail((4, 0))).apply("Mary Read")
    # When the crew is adjusted, Blackbeard may go without a replacement
    assert Dismiss("Blackbeard") in state.legal_actions() and Dismiss("Anne Bonny") in state.legal_actions()
    after = state.apply(Dismiss("Blackbeard")).apply(Done())
    # Then he is discarded and the rum is refilled to the smaller maximum
    assert after.players[0].crew == ("Anne Bonny",) and "Blackbeard" in after.pirate_discard
    assert after.players[0].rum == COMP.ship["rum"]
    with pytest.raises(IllegalMove) as error:
        after.apply(Dismiss("Anne Bonny"))
    assert error.value.rule == "Phase 2: Movement Phase"


def test_movement_phase_a_town_is_attacked_when_you_move_onto_it_not_from_where_you_lie():
    rule = quoted("Phase 2: Movement Phase", "If you move onto a space containing a Merchant Ship, a Stronghold or a "
                                             "City, you may enter combat phase.")
    stronghold = place("stronghold")
    # Given a ship that ended last turn on a stronghold's space
    state = scenario(with_player(bare(), 0, position=stronghold), [Task("start_movement", 0)])
    # When it stops without moving onto it this turn
    stayed = state.apply(StopMoving())
    # Then there is no attack on the stronghold: the turn goes on to the next player
    assert stayed.current != 0 and "Combat" not in " ".join(stayed.log[len(state.log):])
    # But a ship that sails onto the stronghold may attack it (or sail on)
    near = next(c for c in hex_neighbours(stronghold, 4) if c not in COMP.lairs and c not in COMP.places)
    state = scenario(with_player(bare(), 0, position=near, parts=("Rum hold",)), [Task("start_movement", 0)],
                     revealed={near: "empty"}, tile_pools=without_empty(bare(), near))
    onto = state.apply(Sail(stronghold))
    assert Sail(near) in onto.legal_actions() and rule
    assert set(onto.apply(StopMoving()).legal_actions()) == {EndTurn(), Attack("stronghold")}


def test_movement_phase_whether_you_may_dig_is_asked_without_telling_your_maps():
    quoted("Phase 2: Movement Phase", "When digging for treasure, turn in a number of Treasure Map cards equal to the "
                                      "hidden rating of the desired treasure.")
    island = place("small island")
    # Given player 0 ends its move on a small island holding three cards: three Treasure Maps, or three others
    maps = scenario(deal(with_player(bare(), 0, position=island), {0: ["Treasure Map"] * 3}), [Task("arrive", 0)])
    other = scenario(deal(with_player(bare(), 0, position=island), {0: ["Scurvy", "Tailwind", "Assault"]}),
                     [Task("arrive", 0)])
    # When the move ends, Then player 1 sees player 0 decide about digging either way; only the maps allow a dig
    assert maps.observation(1) == other.observation(1) and maps.phase.name == "dig"
    assert Dig() in maps.legal_actions() and Dig() not in other.legal_actions()
    refused(other, Dig(), "Phase 2: Movement Phase")
    assert maps.apply(Dig()).players[0].doubloons == COMP.islands["small island"]["value"]


def test_movement_phase_a_part_costs_exactly_2500():
    quoted("Game Setup", "The middle parts of the ship may be bought later in the game for 2.500 Doubloons each.")
    # Given player 0 with exactly 2,500 Doubloons sails into its lair
    state = scenario(with_player(bare(), 0, position=(3, 0), doubloons=2500), [Task("start_movement", 0)])
    at_lair = state.apply(Sail((4, 0)))
    # Then it may buy a part, and is left with nothing; with 2,499 it may not
    assert set(at_lair.legal_actions()) == {Done(), BuyPart("Rum hold"), BuyPart("Gun deck")}
    assert at_lair.apply(BuyPart("Gun deck")).players[0].doubloons == 0
    poorer = scenario(with_player(bare(), 0, position=(3, 0), doubloons=2499), [Task("start_movement", 0)])
    assert poorer.apply(Sail((4, 0))).phase.name != "lair_buy"


def test_entering_a_warship_space_starts_a_combat_against_the_warship():
    """Rules: King of Pirates › Phase 3: Combat Phase

    Given a French warship revealed at (3, 0) and player 0 at (4, 0), When player 0 sails onto it,
    Then a combat starts against the warship (not against a player), and the log says so.
    """
    state = scenario(with_player(reveal_ship(bare(), (3, 0), "Warship (French)"), 0, position=(4, 0)),
                     [Task("start_movement", 0)])
    entering = state.apply(Sail((3, 0)))
    assert entering.combat.target == "Warship (French)" and entering.combat.defender is None
    assert "Combat: player 1 attacks the Warship (French)." in entering.log      # seat 0 is player 1 to people


def test_movement_phase_one_space_per_sail_and_plus_1_movement_pirate_less_scurvy():
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


def test_movement_phase_a_lairs_visit_in_printed_order():
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
