"""Rules: Pillage & Plunder › Chapter III: Taking Your Turn (The Three Stages of Your Turn, "Working"), one Given/When/Then test per rule.

Folded from the files named after audit and mutation rounds (issue 36 item 3): each test's
docstring cites the heading it holds.
"""

from __future__ import annotations

import pytest

from pirates_lab.core import CHANCE, IllegalMove, play
from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.game import Act, Discard, Play, Repair, SellCargo
from pirates_lab.pillage_and_plunder.scenarios import equip, give, scenario, ship

from pillage_steps import add_ship, run, to_play


def test_only_one_card_comes_from_the_discard_pile_even_when_it_holds_more():
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage ("One of these cards may come from the top of the
    discard pile")

    Given a discard pile of three cards, When the player takes its top card, Then he may not take the next one.
    """
    s = scenario(2)
    for card in ("Attack", "Cannon", "Cannon"):
        s._draw_card(card)
        s.discard.append(card)
    s = run(s, Act.DRAW, Act.TAKE_DISCARD)
    assert Act.TAKE_DISCARD not in s.legal_actions()
    refused(s, Act.TAKE_DISCARD, "Stage 2: The draw and play stage")


def test_the_repair_stage_asks_every_damaged_player_in_turn():
    """Rules: Pillage & Plunder › Stage 3: The repair stage ("all players have the opportunity to repair one of their
    ship's damage points")

    Given three players, the second and third damaged, When the first works, Then the second is asked, then the
    third, and each repairs one damage.
    """
    s = scenario(3)
    ship(s, 1)["damage"] = ship(s, 2)["damage"] = 2
    s = s.apply(Act.WORK)
    assert s.current_player() == 1
    s = s.apply(Repair(0))
    assert s.current_player() == 2 and s.phase == "repair"
    s = s.apply(Repair(0))
    assert [ship(s, i)["damage"] for i in range(3)] == [0, 1, 1] and s.current == 1


def test_an_event_on_yourself_is_refused_with_the_reason():
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage ("Event, Attack, and Navy Ship cards are played on
    opponents")"""
    s = to_play(scenario(2))
    give(s, 0, "Scurvy")
    error = refused(s, Play("Scurvy", target=0), "Stage 2: The draw and play stage")
    assert error.reason == "Event cards are played on an opponent."


def test_fleet_play_only_a_damaged_ship_is_offered_a_repair():
    """Rules: Pillage & Plunder › Stage 3: The repair stage"""
    s = scenario(2, fleet_play=True)
    add_ship(s, 1, "Galleon")
    ship(s, 1, 1)["damage"] = 1
    s = s.apply(Act.WORK)
    assert s.current_player() == 1 and s.legal_actions() == (Act.NO_REPAIR, Repair(1))


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top_card():
    """ASSUMPTION (the rulebook does not say): when the draw piles run out, the discard pile but its top card is
    shuffled into them.

    Given empty draw piles and every other card on the discard pile, When the player draws, Then the discard pile keeps
    only its top card, the rest can be drawn, and every card is accounted for.
    """
    s = scenario(2)
    for card, n in sorted(s.deck.items()):
        s.discard += [card] * n
    s.deck = {}
    top = s.discard[-1]
    s = s.apply(Act.DRAW)
    assert s.legal_actions()[0] is Act.DRAW_FROM_PILE
    s = s.apply(Act.DRAW_FROM_PILE)
    assert s.discard == [top] and s.is_chance_node() and sum(s.deck.values()) > 200
    assert "The draw piles are empty: the discard pile (all but its top card) is shuffled into them." in s.log
    s.validate()


def test_refusals_in_the_draw_step_name_only_their_own_reason():
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage

    Given the draw step, When a battle's move is tried, Then it is refused without the discard pile's reason; and an
    Attack on a seat that does not exist is refused saying Attack cards are played on an opponent.
    """
    s = scenario(2).apply(Act.DRAW)
    assert "Only one of your cards" not in refused(s, Act.FIGHT_ON, "Stage 2: The draw and play stage").reason
    s = to_play(scenario(2))
    give(s, 0, "Attack")
    assert refused(s, Play("Attack", target=2), "Attack Opponent").reason == "Attack cards are played on an opponent."


def test_no_working_after_selling_cargo_in_the_same_turn():
    """Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates

    Given a pirate who has rolled to sell his Rum this pre-draw stage (and kept it), When he then tries to
    work on the docks, Then it is refused: working replaces the whole pre-draw and draw-and-play stages.
    """
    from pirates_lab.pillage_and_plunder.game import SellCargo

    s = scenario(2)
    equip(s, 0, cargo=("Rum 20 Units",))
    assert Act("work") in s.legal_actions()
    s = s.apply(SellCargo(0, "Rum 20 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0]).apply(Act("keep it"))
    assert s.phase == "predraw" and Act("work") not in s.legal_actions()
    error = refused(s, Act("work"), '"Working" – An Alternative For Desperate Pirates')
    assert error.reason == "Working replaces the whole pre-draw and draw-and-play stages."


def test_the_repair_stage_repairs_exactly_one_damage_for_the_hull_repair_cost():
    """Rules: Pillage & Plunder › Stage 3: The repair stage
    "all players have the opportunity to repair one of their ship's damage points by paying the repair cost
    indicated on their ship hull card"

    Given player 2's Schooner with three damage, When player 1's turn ends and player 2 repairs, Then one damage
    is removed (two remain) and the Schooner's repair cost is paid; declining leaves all three.
    """
    s = scenario(2)
    equip(s, 1, hull="Schooner")
    ship(s, 1)["damage"] = 3
    s = s.apply(Act("work"))
    assert s.phase == "repair" and s.current_player() == 1
    repaired = s.apply(Repair(0))
    assert ship(repaired, 1)["damage"] == 2
    assert repaired.players[1]["hoard"] == 3250 - s.data.hulls["Schooner"].repair
    assert ship(s.apply(Act("no repair")), 1)["damage"] == 3


def test_working_200_pieces_of_eight_instead_of_stages_one_and_two():
    s = scenario()
    s = s.apply(Act("work"))
    assert s.players[0]["hoard"] == 3450
    assert s.current == 1 and s.phase == "predraw"


def test_stage_2_draw_to_eight_cards_one_of_them_from_the_discard_pile():
    s = scenario()
    s.discard.append("Attack"); s._draw_card("Attack")
    s = s.apply(Act("draw"))
    s = s.apply(Act("take discard"))
    assert s.players[0]["hand"] == ["Attack"]
    with pytest.raises(IllegalMove) as error:
        s.apply(Act("take discard"))
    assert error.value.rule == "Stage 2: The draw and play stage"
    s = s.apply(Act("draw from pile"))
    assert s.current_player() == CHANCE
    for _ in range(7):
        if s.phase == "draw":
            s = s.apply(Act("draw from pile"))
        s = s.apply("Cannon")
    assert len(s.players[0]["hand"]) == 8 and s.phase == "play"


def test_stage_2_play_two_cards_then_discard_one():
    s = to_play(scenario())
    give(s, 0, "Cannon", "Cutlass Crewman", "Attack")
    s = s.apply(Play("Cannon"))
    s = s.apply(Play("Cutlass Crewman"))
    assert s.phase == "discard" and ship(s, 0)["cannons"] == 2 and len(ship(s, 0)["crew"]) == 3
    assert s.players[0]["hoard"] == 3250 - 300 - 200
    s = s.apply(Discard("Attack"))
    assert s.discard[-1] == "Attack" and s.current == 1
    s.validate()
