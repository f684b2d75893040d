"""The engine checks of the reference screens' whys (issue 34 item 4): each sentence a student reads on a live
reference screen, with the engine behaviour that makes it true, played on the screen's own position
(``pirates_lab/pirates_and_plunder/try_it.py``) and counted another way than the screen's answer function (from the
rulebook's numbers, the raw tile list, the log, every placement tried).

``test_pirates_and_plunder_lesson_rules.py`` adds :data:`REFERENCE_CLAIMS` to its sentence table.
"""
from __future__ import annotations

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.pirates_and_plunder import scenarios, tiles
from pirates_lab.pirates_and_plunder import try_it as T
from pirates_lab.pirates_and_plunder.exploration import Dues, pirate_weight
from pirates_lab.pirates_and_plunder.game import Commit, LayExploration, MovePirate, NoShip, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.parts import RESOURCES
from pirates_lab.pirates_and_plunder.pirates import base_defence
from pirates_lab.pirates_and_plunder.placing import neighbours8
from pirates_lab.pirates_and_plunder.scoring import feature

CLOTH = RESOURCES.index("cloth")


def _ships(state, owner: int) -> list:
    return [ship for ship, (o, _, _) in state.ships.items() if o == owner]


# ---------------------------------------------------------------- Setup
def seventy_nine_shuffled_face_down():
    state = scenarios.setup_state(2)
    assert tiles().total == 80 and len(state.placed) == 1 and sum(state.bag) == 80 - 1


def one_drawn_seventy_eight_left():
    state = T.setup()
    assert state.drawn >= 0 and state.phase == "place" and sum(state.bag) == 79 - 1 == T.tiles_face_down()


# ---------------------------------------------------------------- Playing the Game
def _route_turn():
    start = T.playing_the_game()
    laid = start.apply(PlaceTile((1, 0), 0))
    merchant = next(a for a in laid.legal_actions() if isinstance(a, PlaceShip)
                    and laid.board.types[laid.placed[-1][0]].segments[a.segment].kind == "route")
    return start, laid.apply(merchant)


def the_route_scores_its_three_segments_at_once():
    start, after = _route_turn()
    segments = 1 + 1 + 1            # the east end of the crossroads at (0, 0), the straight route, the west end at (2, 0)
    assert "Player 1 scores 3: the completed trade route of 3 segments, with the most merchants (player 1: 1)." in after.log
    assert after.scores()[0] - start.scores()[0] == segments * 1 == T.turn_points_answer()


def the_merchant_goes_back_to_the_supply():
    start, after = _route_turn()
    assert after.supply(0) == start.supply(0) == 7 and _ships(after, 0) == []


# ---------------------------------------------------------------- Placing Ships
def a_crossroads_has_six_segments():
    kinds = [s.kind for s in next(t for t in tiles().types if t.name == scenarios.CROSS).segments]
    assert len(kinds) == 6 and kinds.count("route") == 3 and kinds.count("sea") == 3


def the_west_route_is_taken_five_places_left():
    state = T.placing_ships()
    west = 2                        # the crossroads' route ends: east 0, south 1, west 2 (tests/pnp_helpers.py)
    assert PlaceShip(west) not in state.legal_actions()
    assert all(PlaceShip(s) in state.legal_actions() for s in range(6) if s != west)
    with pytest.raises(IllegalMove, match="already holds a ship"):
        state.check(PlaceShip(west))
    assert T.ship_places_answer() == 6 - 1


# ---------------------------------------------------------------- Scoring Islands and Trade Routes
def _scored():
    start = T.scoring()
    return start, start.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def five_tiles_five_points():
    start, after = _scored()
    assert any(line.startswith("Player 1 scores 5: the completed trade route of 5 segments") for line in after.log)
    assert after.scores()[0] - start.scores()[0] == 5 == T.route_points_answer()


def a_tie_both_score_and_collect():
    start, after = _scored()
    assert [after.scores()[p] - start.scores()[p] for p in (0, 1)] == [5, 5]
    spice = RESOURCES.index("spice")
    assert all(after.resources[p][spice] > start.resources[p][spice] for p in (0, 1))


# ---------------------------------------------------------------- Moving Pirates and Battle
def _battle(amount: int):
    start = T.moving_pirates()
    move = next(a for a in start.legal_actions() if isinstance(a, MovePirate) and a.target >= 0)
    state = start.apply(move)
    attack = next(a for a in state.legal_actions() if isinstance(a, Commit) and sum(a.resources) == amount)
    return start, move, state.apply(attack)


def base_defence_zero_plus_one_resource():
    start, move, _ = _battle(0)
    assert base_defence(start, move.target) == 0 and sum(start.resources[1]) == 1


def a_tie_repulses_so_two_are_needed():
    _, move, one = _battle(1)
    assert any(move.target in one.apply(d).ships for d in one.legal_actions())         # a defence of 1 ties: repulsed
    _, move, two = _battle(2)
    assert all(move.target not in two.apply(d).ships for d in two.legal_actions())     # 2 beats every defence
    assert T.sure_attack_answer() == 2


# ---------------------------------------------------------------- Ports
def a_corner_square_brings_one_cloth():
    start = T.ports()
    assert (1, 1) in neighbours8((0, 0)) and (1, 1) not in [(1, 0), (0, 1), (-1, 0), (0, -1)]
    for action in start.legal_actions():
        after = start.apply(action).apply(NoShip())
        gained = after.resources[0][CLOTH] - start.resources[0][CLOTH]
        assert gained == (1 if action.cell in neighbours8((0, 0)) else 0), action
    assert T.port_cloth_answer() == 1


def the_last_square_surrounds_the_port():
    start = T.ports()
    assert [c for c in neighbours8((0, 0)) if c not in start.cells] == [(1, 1)]
    after = start.apply(PlaceTile((1, 1), 0)).apply(NoShip())
    assert _ships(after, 0) == [] and after.supply(0) == 7 and start.supply(0) == 6


# ---------------------------------------------------------------- Final Scoring
def _final():
    start = T.final_scoring()
    return start, start.apply(start.legal_actions()[0]).apply(NoShip())


def cloth_tied_both_score_seven():
    start, after = _final()
    assert start.resources[0][CLOTH] == start.resources[1][CLOTH] == 2
    assert (0, 7, "the most cloth (2).") in after.scoring and (1, 7, "the most cloth (2).") in after.scoring


def the_sea_zone_gives_two():
    _, after = _final()
    assert (0, 2, "the most pirates (2) in a sea zone with 2 galleons and 1 serpent.") in after.scoring
    assert 2 * 2 - 2 == 2


def nine_wherever_the_last_tile_goes():
    start = T.final_scoring()
    assert not any(start.bag)
    for action in start.legal_actions():
        after = start.apply(action).apply(NoShip())
        assert after.is_terminal() and after.scores()[0] - start.scores()[0] == 7 + 2, action
    assert T.final_points_answer() == 9


# ---------------------------------------------------------------- the exploration tiles
def the_archipelago_counts_two():
    state = T.lay_and_man(T.archipelago(), "sea")
    sea, mine = feature(state, state.node((0, 0), 1)), feature(state, state.node((0, 1), 0))
    assert sea.root == mine.root
    weights = sorted(pirate_weight(state, s) for s in sea.ships if state.ships[s][0] == 0)
    assert weights == [1, 2] and T.archipelago_pirates_answer() == 1 + 2


def the_explorer_scores_five_at_once():
    start = T.buried_treasure()
    after = T.lay_and_man(start, "island")
    assert after.scores()[0] - start.scores()[0] == 5 == T.buried_treasure_points_answer()
    assert any("5" in line and "Player 1 scores" in line for line in after.log[len(start.log):])


def the_resources_come_later():
    start = T.buried_treasure()
    after = T.lay_and_man(start, "island")
    assert after.resources == start.resources and feature(after, after.node((2, 0), 0)).open


def natives_the_explorer_goes_back():
    start = T.natives()
    after = scenarios.with_defaults(T.lay_and_man(start, "island"))
    assert sum(start.resources[1]) == 1 == sum(after.resources[1])         # it could not pay 2
    explorer = [s for s in _ships(start, 1) if start.where(start.ships[s][1])[0] == (2, 0)]
    assert len(explorer) == 1 and explorer[0] not in after.ships and after.supply(1) == start.supply(1) + 1


def natives_two_pirates_stay():
    after = scenarios.with_defaults(T.lay_and_man(T.natives(), "island"))
    left = _ships(after, 1)
    assert len(left) == 2 == T.natives_ships_left_answer() and all(pirate_weight(after, s) == 1 for s in left)


def the_pirate_king_counts_every_pirate():
    state = T.lay_and_man(T.pirate_cove(), "island")
    zone = feature(state, state.node((2, 0), 1))          # the sea beside the cove
    pirates = [s for s in zone.ships if state.ships[s][0] in (0, 1) and pirate_weight(state, s)]
    assert sorted(state.ships[s][0] for s in pirates) == [0, 1, 1]
    assert T.pirate_king_answer() == 2 * (len(pirates) + 1) == 8


def the_cartographer_one_a_completed_island():
    state = T.lay_and_man(T.royal_cartographer(), "new sea")
    assert (0, 1, "the royal cartographer, 1 per completed island (1).") in state.scoring


def one_island_completed_one_point():
    state = T.lay_and_man(T.royal_cartographer(), "new sea")
    assert sum(line.startswith("The completed island") for line in state.log) == 1
    assert T.cartographer_answer() == 1


def the_storm_asks_two_a_pirate():
    state = T.storm().apply(LayExploration(*T.EXPLORATION_SPOTS["sea"]))
    dues = state.task.data
    assert isinstance(dues, Dues) and dues.amount == 2
    assert sorted(owner for _, owner in dues.ships) == [0, 1, 1]


def player_2_pays_for_neither():
    start = T.storm()
    after = scenarios.with_defaults(start.apply(LayExploration(*T.EXPLORATION_SPOTS["sea"])))
    assert sum(after.resources[1]) == sum(start.resources[1]) == 1 < 2
    assert _ships(after, 1) == [s for s in _ships(start, 1) if start.where(start.ships[s][1])[0] == (2, 0)]
    assert T.storm_ships_home_answer() == 2


def the_fleet_makes_four_galleons():
    state = T.treasure_fleet().apply(LayExploration(*T.EXPLORATION_SPOTS["sea"]))
    without = T.viceroy().apply(LayExploration(*T.EXPLORATION_SPOTS["sea"]))      # no ship may go on it there
    assert (1, 2, "the most pirates (2) in a sea zone with 1 galleon and 0 serpents.") in without.scoring
    assert any("with 4 galleons" in said for _, _, said in state.scoring)


def player_2_leads_the_zone_eight():
    state = T.treasure_fleet().apply(LayExploration(*T.EXPLORATION_SPOTS["sea"]))
    assert (1, 8, "the most pirates (2) in a sea zone with 4 galleons and 0 serpents.") in state.scoring
    assert T.fleet_zone_answer() == 2 * (1 + 3)


REFERENCE_CLAIMS = {
    "Setup": {
        "The starting tile lies face up, so 79 tiles were shuffled face down.": seventy_nine_shuffled_face_down,
        "You have drawn one of them: 79 − 1 = 78 are left.": one_drawn_seventy_eight_left,
    },
    "Playing the Game": {
        "The route then runs from crossroads to crossroads: it is complete and scores at once, 1 point for each of its "
        "3 segments.": the_route_scores_its_three_segments_at_once,
        "Your merchant goes back to your supply.": the_merchant_goes_back_to_the_supply,
    },
    "Placing Ships": {
        "A crossroads has 6 segments: 3 route ends and 3 corners of sea.": a_crossroads_has_six_segments,
        "Its west route runs into the route where Player 2's merchant sails, so that route is taken, however far away "
        "the merchant is: 6 − 1 = 5.": the_west_route_is_taken_five_places_left,
    },
    "Scoring Islands and Trade Routes": {
        "Laid at (1, 0), the spice route joins both routes into one from crossroads to crossroads over 5 tiles: 5 "
        "points.": five_tiles_five_points,
        "You and Player 2 have one merchant each on it, a tie, so both of you score the 5 points and collect its "
        "resources.": a_tie_both_score_and_collect,
    },
    "Moving Pirates and Battle": {
        "A pirate's base defence is 0, and Player 2 can add its 1 resource: at most 1.":
            base_defence_zero_plus_one_resource,
        "A tie repulses the attack, so you need 2, more than the most Player 2 can reach.":
            a_tie_repulses_so_two_are_needed,
    },
    "Ports": {
        "(1, 1) touches the port tile at a corner, and every tile laid on one of the 8 squares around it, corners "
        "included, brings 1 cloth.": a_corner_square_brings_one_cloth,
        "It was the last empty one of the 8: the port is surrounded, and your harbormaster goes back to your supply.":
            the_last_square_surrounds_the_port,
    },
    "Final Scoring": {
        "You and Player 2 hold 2 cloth each, a tie, so both of you score 7.": cloth_tied_both_score_seven,
        "Your 2 pirates lead their sea zone, with 2 treasure galleons and 1 sea serpent: 2 × 2 − 2 = 2 points.":
            the_sea_zone_gives_two,
        "7 + 2 = 9.": nine_wherever_the_last_tile_goes,
    },
    "Archipelago": {
        "Your pirate at (0, 1) sails in the same sea zone and counts 1; a pirate on the Archipelago counts as 2: "
        "1 + 2 = 3.": the_archipelago_counts_two,
    },
    "Buried Treasure": {
        "An explorer placed on the Buried Treasure scores 5 points at once.": the_explorer_scores_five_at_once,
        "The 5 resources come later, when its island is completed.": the_resources_come_later,
    },
    "Natives": {
        "Player 2 must pay 2 resources for its explorer on that island but holds only 1: the explorer goes back to "
        "Player 2's supply.": natives_the_explorer_goes_back,
        "Its 2 pirates at sea stay: 2 ships.": natives_two_pirates_stay,
    },
    "Pirate Cove": {
        "At the end the pirate king scores 2 points for every pirate in its sea zone, itself included: Player 2's 2 "
        "pirates, your pirate and the king, 2 × 4 = 8.": the_pirate_king_counts_every_pirate,
    },
    "Royal Cartographer": {
        "The royal cartographer scores 1 point for each island completed in the game.":
            the_cartographer_one_a_completed_island,
        "Only one has been: the island you have just completed, so 1 point.": one_island_completed_one_point,
    },
    "Storm": {
        "Each player pays 2 resources for each of its pirates in that sea zone, or sends it home.":
            the_storm_asks_two_a_pirate,
        "Player 2 holds 1 resource for 2 pirates: it can pay for neither, so both go home.": player_2_pays_for_neither,
    },
    "Treasure Fleet": {
        "The Treasure Fleet counts as 3 galleons, and the sea zone already has 1: 4 galleons.":
            the_fleet_makes_four_galleons,
        "Player 2 has the most pirates there (2 against your 1), so it scores 2 × 4 = 8.": player_2_leads_the_zone_eight,
    },
}
