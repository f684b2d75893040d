"""Final Scoring: the sea zones (issue 36: a breakage no test caught).

Rules: Pirates & Plunder › Final Scoring
"""
from __future__ import annotations

from pirates_lab.pirates_and_plunder import breakdown
from pirates_lab.pirates_and_plunder.scenarios import build


def test_players_tied_for_a_sea_zone_all_score_it():
    """Rules: Pirates & Plunder › Final Scoring"""
    # Given one sea zone of two open-sea tiles with 2 galleons, one pirate of player 1 and one of player 2 in it,
    # and no resources anywhere (so nothing else scores)
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (1, 0), 0)], phase="final", bag={})
    # When the final scoring is done
    assert state.is_terminal()
    # Then "if two or more players are tied for control of a sea zone, all tied players score that sea zone":
    # 2 points a galleon each
    assert state.points == [4, 4]
    assert breakdown(state) == ["Player 1: +4 for the most pirates (1) in a sea zone with 2 galleons and 0 serpents.",
                                "Player 2: +4 for the most pirates (1) in a sea zone with 2 galleons and 0 serpents."]


def test_a_sea_zone_with_one_more_pirate_scores_for_that_player_alone():
    """Rules: Pirates & Plunder › Final Scoring"""
    # Given the same zone with two pirates of player 2, When the final scoring is done, Then only player 2 scores
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0), ("open sea", (2, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (1, 0), 0), (1, (2, 0), 0)], phase="final", bag={})
    assert state.points == [0, 4]
