"""Pirates & Plunder by rule: Final Scoring — incomplete features, resource majorities, sea zones (ties all score).

Rules: Pirates & Plunder › Final Scoring
"""
from __future__ import annotations

from pirates_lab.core import Task
from pirates_lab.pirates_and_plunder import breakdown, FLOW
from pirates_lab.pirates_and_plunder.scenarios import build
from pirates_lab.pirates_and_plunder.scoring import describe


def test_a_sea_zone_is_described_with_its_galleons_serpents_and_worth():
    """Rules: Pirates & Plunder › Final Scoring"""
    # Given player 1's pirate in a sea zone of 1 galleon
    state = build(tiles=[("open sea with galleon", (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn="bend")
    # Then it reads as a sentence: capital A, its galleons, its worth at the end
    # (scoring.describe__mutmut_42: "a sea zone"; describe__mutmut_55: worth 0)
    assert describe(state, state.node((0, 0), 0)) == ("A sea zone of 1 segment, open (12 open edge places), with "
                                                      "1 galleon and 0 serpents: worth 2 at the end to player 1.")


def test_an_unfinished_route_scored_at_the_end_is_called_incomplete():
    """Rules: Pirates & Plunder › Final Scoring"""
    # Given player 1's merchant on an open route of 3 segments and no tile left
    state = build(tiles=[("straight route", (x, 0), 0) for x in range(3)], ships=[(0, (1, 0), 0)], bag={})
    # When the final scoring is made
    state.agenda = []
    FLOW.push(state, Task("final"))
    FLOW.settle(state)
    # Then "Incomplete trade routes score 1 point per trade route segment", in these words
    # (scoring.score_feature__mutmut_34: "INCOMPLETE")
    assert breakdown(state) == ["Player 1: +3 for the incomplete trade route of 3 segments, with the most merchants "
                                "(player 1: 1)."]


# ------------------------------------------------------------------ Final Scoring
def test_final_scoring_incomplete_features_majorities_and_sea_zones():
    """Rules: Pirates & Plunder › Final Scoring"""
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0), ("headland", (0, 1), 2),
             ("open sea with serpent", (5, 5), 0), ("open sea with serpent", (6, 5), 0), ("open sea with galleon", (5, 6), 0)]
    ships = [(0, (0, 0), 0), (0, (1, 0), 0), (1, (0, 1), 1), (1, (0, 1), 0), (1, (5, 5), 0)]
    state = build(tiles=tiles, ships=ships, phase="final", resources=[[2, 0, 0, 0], [2, 1, 0, 0]], bag={})
    assert state.is_terminal()
    assert state.points == [4 + 7, 2 + 7 + 7]
    assert breakdown(state, 0) == ["Player 1: +7 for the most cloth (2).",
                                   "Player 1: +4 for the most pirates (2) in a sea zone with 2 galleons and 0 serpents."]
    assert state.returns() == (0, 1)


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
