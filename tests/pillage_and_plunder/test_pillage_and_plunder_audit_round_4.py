"""Audit, round 4 (issue 21): what an independent reading of the rulebook found, each as a Given/When/Then test
cited to its heading (docs/pillage_and_plunder.md, "Audit, round 4").

The two lesson tests failed on the lesson as it stood before this audit (checked against the old text); the house
rule tests pin readings the rulebook leaves open, so that changing one is a decision and not an accident.
"""
from __future__ import annotations

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship
from pirates_lab.widgets.lesson_model import Lesson


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game("pillage_and_plunder")


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def attack(players: int = 2):
    """Player 1 (three Bury Treasure cards as filler and an Attack card) at the play step."""
    s = scenario(players)
    give(s, 0, "Bury Treasure", "Bury Treasure", "Bury Treasure", "Attack")
    return at_step(s, "play", 0)


# ------------------------------------------------------------------ Sea Battle Basics: not every stage is played
def test_the_lesson_says_a_battle_can_end_before_its_last_stage_as_the_engine_plays_it(lesson):
    """Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    "There are five stages to a sea battle, but not all five stages will be played out if one of the ships is
    destroyed, surrenders, escapes, or loses all of its crew."

    Given the Sea Battle Basics screen, When a student reads its why, Then it does not say that every battle runs
    through every stage, and it names the early endings (escape, sinking); And given a defender who flees and
    escapes, When the engine plays the chase, Then the battle is over at stage 2: no cannon battle, no mêlée.
    """
    said = " ".join(t for screen in lesson.screens for t in screen.student_texts())
    assert "runs through the same stages" not in said
    basics = lesson.find("Sea Battle Basics")
    if basics.kind == "reference":                # the rulebook's own words (issue 39: the class path teaches chances)
        from pirates_lab.core import rulebook

        assert lesson.find("The Five Stages Of A Sea Battle").kind == "reference"      # shows the section whole
        assert "not all five stages will be played out" in rulebook("pillage_and_plunder").section(
            "The Five Stages Of A Sea Battle")
    else:
        assert "Not every battle plays them all" in basics.why
        assert all(word in basics.why for word in ("escapes", "sinks", "surrenders", "loses all of its crew"))

    s = run(attack(), Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("flee"))
    assert s.phase == "flee_roll"
    s = s.apply((1, 6))                           # same speed: the defender rolls 6 to the attacker's 1, he escapes
    assert s.battle() is None and s.phase == "play"
    battle_lines = s.log[s.log.index("Player 1 attacks player 2."):]
    assert not any(line.startswith(("Cannon battle", "Mêlée")) for line in battle_lines)


# ------------------------------------------------------------------ Iron Hull Plating: the cannon battle only
def test_iron_hull_plating_takes_cannon_hits_only_and_the_teacher_note_says_so(lesson):
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    "During the cannon battle, if either ship has the Iron Hull Plating … up to two damage markers may be placed on
    top of the hull plating instead of on the ship itself."
    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("The enemy ship automatically receives one unit of
    damage (represented by a damage marker being placed on their Ship Hull card)")

    Given player 2's Sloop with Iron Hull Plating and player 1's Crow's Nest, When the crow's nest fires, Then the
    shot is one damage on the Sloop's hull (the plating does not take it); When the cannon battle then hits it
    three times, Then the plating takes two and the hull one more. And the lesson's teacher note no longer says the
    plating takes "the first two hits of a battle".
    """
    notes = " ".join(lesson.find("Stage 3: The Cannon Battle").teacher)
    assert "first two hits of a battle" not in notes
    assert "up to two hits of the cannon battle" in notes and "goes on the hull itself" in notes

    s = attack()
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",), addons=("Crow's Nest",))
    equip(s, 1, addons=("Iron Hull Plating",))
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"))
    assert ship(s, 1)["damage"] == 1                       # the shot: on the hull
    s = run(s, Act("no offer"), Act("fight on"), Act("stand and fight"), Act("no offer"), Act("fight on"))
    assert s.phase == "volley"
    volleys = s.chance_outcomes().outcomes()
    assert max(v.defender_damage for v in volleys) == 1       # at most three hits: two on the plating, one on the hull
    s = s.apply(Volley(0, 1, False, False))
    assert ship(s, 1)["damage"] == 2


# ------------------------------------------------------------------ Asset Liquidation: a house rule pinned
def test_asset_liquidation_counts_what_is_aboard_not_buried_treasure():
    """Rules: Pillage & Plunder › Asset Liquidation ("factor in the face value of all of his assets: cannons,
    crewmen, ships and so on")
    Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win")

    House rule (the variation lists ships and their contents, not buried coins; docs/pillage_and_plunder.md):
    Given Asset Liquidation and a player who has buried 1,000 of his 3,250, When his worth is counted, Then it is
    the 2,250 left in his hoard plus his Sloop, cannon and two crewmen at their cost — the treasure map adds
    nothing, as in the game without the variation.
    """
    s = scenario(2, asset_liquidation=True)
    base = s.worth(0)
    s.players[0]["hoard"] -= 1000
    s.players[0]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    s.validate()
    data = s.data
    aboard = data.hulls["Sloop"].cost + data.costs["Cannon"] + 2 * data.costs["Cutlass Crewman"]
    assert s.worth(0) == 2250 + aboard == base - 1000
    plain = scenario(2)
    plain.players[0]["hoard"] -= 1000
    plain.players[0]["maps"].append(1000)
    plain._draw_card("Bury Treasure")
    assert plain.worth(0) == 2250


# ------------------------------------------------------------------ an Event card on an immune opponent: a house rule pinned
def test_an_event_on_an_immune_opponent_is_played_for_nothing_and_uses_up_that_opponent():
    """Rules: Pillage & Plunder › Play Event Card ("a Scurvy card will not affect an opponent if he has a Doctor
    onboard or Fruit in his cargo hold"; "You may only play one card on each opponent during any one turn")
    Rules: Pillage & Plunder › Buy Cargo ("They prevent other players from playing Scurvy and Mutiny event cards")

    House rule (docs/pillage_and_plunder.md, item 22): Given player 2 with Fruit in his hold, When player 1 plays
    Scurvy on him, Then nobody loses a crewman, the card is on the discard pile, it was one of player 1's two
    plays, and player 1 may not also attack player 2 this turn.
    """
    s = attack()
    equip(s, 1, cargo=("Fruit 10 Units",))
    give(s, 0, "Scurvy")
    crew = list(ship(s, 1)["crew"])
    s = s.apply(Play("Scurvy", target=1))
    assert ship(s, 1)["crew"] == crew and s.discard[-1] == "Scurvy"
    assert s.log[-1] == "Player 2 is spared: the Fruit in the hold."
    assert s.phase == "play" and s.turn().plays == 1
    assert Play("Attack", target=1) not in s.legal_actions()
    with pytest.raises(IllegalMove, match="one card on each opponent"):
        s.apply(Play("Attack", target=1))
