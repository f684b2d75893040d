"""Rules: Pillage & Plunder › Chapter II: Your Ship and Other Resources (Your Ship, Ship Hull, Cargo Hold, Treasure Maps and Prize Ships, Your Hoard), one Given/When/Then test per rule.

Folded from the files named after audit and mutation rounds (issue 36 item 3): each test's
docstring cites the heading it holds.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pirates_lab.core import play
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import Act, Discard, Game, Play
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

from pillage_steps import add_ship, run, to_play


# ------------------------------------------------------------------ set-up steps of the folded tests
def bury(s, amount: int):
    s._draw_card("Bury Treasure")
    s.players[0]["maps"].append(amount)


def _already_sunk(s, player: int) -> None:
    """``player`` was eliminated earlier: his ship's cards and his hand lie on the discard pile."""
    p = s.players[player]
    for level in ship(s, player)["hulls"]:
        s.discard.append(level["hull"])
    s.discard += ["Cannon"] * ship(s, player)["cannons"] + ship(s, player)["crew"] + p["hand"]
    p.update(ships=[], hand=[], hoard=0, eliminated=True)
    s.validate()


def _sink_both_in_a_tie(s):
    """Player 1 attacks player 2, each in a Sloop one hit from sinking; the cannon battle's tie sinks both."""
    for p in (0, 1):
        equip(s, p, cannons=2)
        ship(s, p)["damage"] = 2
    give(s, 0, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", 0)
    for action in (Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
                   Act.FIGHT_ON):
        s = s.apply(action)
    return s.apply(next(v for v in s.chance_outcomes().outcomes() if v.attacker_destroyed and v.defender_destroyed))


def test_fleet_play_a_ship_sinks_by_its_own_strength():
    """Rules: Pillage & Plunder › Ship Hull ("When the number of damage points on your ship's hull is greater than or
    equal to its strength value, your ship is destroyed")

    Given player 2 with a Galleon (strength 7) and a Sloop (strength 3) with one damage, When Shipwreck (two damage)
    hits the Sloop, Then the Sloop is destroyed and the Galleon sails on.
    """
    s = scenario(2, fleet_play=True)
    ship(s, 1)["hulls"] = [{"hull": "Galleon", "addons": []}]
    s.deck["Sloop"] += 1
    s._draw_card("Galleon")
    add_ship(s, 1, "Sloop", crew=("Cutlass Crewman",))
    ship(s, 1, 1)["damage"] = 1
    s = to_play(s)
    give(s, 0, "Shipwreck")
    s = s.apply(Play("Shipwreck", target=1, target_ship=1))
    assert [sh["hulls"][0]["hull"] for sh in s.players[1]["ships"]] == ["Galleon"]
    s.validate()


def test_cargo_capacity_is_each_ships_own():
    """Rules: Pillage & Plunder › Cargo Hold; Fleet Play ("Each Ship Hull card that you play has its own … cargo hold")"""
    s = scenario(2, fleet_play=True)
    add_ship(s, 0, "Galleon")
    assert (s.cargo_capacity(0), s.cargo_capacity(0, 1), s.cargo_capacity(1)) == (30, 80, 30)


def test_a_treasure_map_of_one_piece_of_eight_is_a_treasure():
    s = scenario(2)
    bury(s, 1)
    s.validate()


def test_a_hoard_that_reaches_the_goal_wins_at_the_end_of_the_turn():
    """Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win the
    game"; the goal, 20,000, is ours: data file)

    Given player 2 with 20,000 and player 1 with 19,999, When player 1's turn ends, Then player 2 has won.
    """
    s = scenario(2)
    s.players[0]["hoard"], s.players[1]["hoard"] = 19_799, 20_000
    s = s.apply(Act.WORK)                                    # player 1 earns 200: 19,999
    assert s.is_terminal() and s.winners() == (1,) and s.observation(0)["winners"] == [1]
    assert s.log[-1] == "Game over: player 2 reaches 20000 pieces of eight (Your Hoard)."


def test_a_ship_sunk_to_its_old_hull_keeps_what_that_hull_holds_and_the_winner_takes_the_rest():
    """Rules: Pillage & Plunder › Ship Hull ("this action exposes whatever ship hull and ship add-ons you had prior to
    upgrading")
    Rules: Pillage & Plunder › Player Attacking Player ("any crewmen or cannons that can no longer fit … provided there is
    room for them on the victorious player's ship")

    Given player 1 in a Galleon and player 2's Schooner (over a Sloop) with 4 cannons, 4 crewmen and 40 units of cargo,
    When the Schooner sinks, Then player 2 falls back on the Sloop with 3 cannons, 3 crewmen and 30 units of cargo (as
    the Sloop holds), and player 1 takes the loose cannon, crewman and the cargo that fits his hold.
    """
    s = scenario(2)
    equip(s, 0, hull="Galleon", cannons=5, crew=("Cutlass Crewman", "Cutlass Crewman", "Cutlass Crewman"))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman"),
          cargo=("Rum 10 Units", "Gems 10 Units", "Fruit 10 Units", "Spices 10 Units"))
    ship(s, 1)["damage"] = 4
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_damage))
    loser, winner = ship(s, 1), ship(s, 0)
    assert loser["hulls"] == [{"hull": "Sloop", "addons": []}] and "Player 2 falls back on his Sloop." in s.log
    assert (loser["cannons"], len(loser["crew"]), s.cargo_units(1)) == (3, 3, 0)      # all his cargo was plundered
    assert winner["cannons"] == 5 and len(winner["crew"]) == 6
    assert sorted(winner["cargo"]) == ["Fruit 10 Units", "Gems 10 Units", "Rum 10 Units", "Spices 10 Units"]
    assert "Player 1 takes the Cutlass Crewman." in s.log
    s.validate()


def test_a_sunk_ships_cargo_beyond_the_old_hulls_hold_goes_to_the_winner_or_the_discard_pile():
    """Rules: Pillage & Plunder › Ship Hull; Player Attacking Player ("If there is no room for any remaining cargo …
    they are placed on the discard pile")

    Given player 2's Schooner (40 units aboard) sunk while player 1's Galleon carries 80 units already, Then the cargo
    the Sloop beneath cannot hold goes to the discard pile (player 1 has no room).
    """
    s = scenario(2)
    equip(s, 0, hull="Galleon", cannons=5, cargo=("Rum 40 Units", "Fruit 40 Units"))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman"),
          cargo=("Gems 20 Units", "Spices 20 Units"))
    ship(s, 1)["damage"] = 4
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_damage))
    assert s.cargo_units(1) <= 30 and ship(s, 1)["cargo"] == ["Gems 20 Units"]
    assert "Spices 20 Units" in s.discard
    s.validate()


def test_the_last_pirate_afloat_wins_at_the_end_of_his_turn():
    """Rules: Pillage & Plunder › Your Hoard

    Given two players and player 1 eliminated, When player 0 ends his turn (he works on the docks),
    Then the game is over, player 0 wins, and the log says why.
    """
    s = scenario(2)
    s.players[1]["eliminated"] = True
    s = s.apply(Act("work"))
    assert s.is_terminal() and s.winners() == (0,)
    assert s.log[-1] == "Game over: player 1 is the last pirate afloat (Your Hoard)."


def test_validate_checks_cargo_like_cannons_and_crew():
    """Rules: Pillage & Plunder › Cargo Hold"""
    s = scenario(2)
    equip(s, 0, cargo=("Gems 20 Units", "Rum 10 Units"))
    s._draw_card("Gems 20 Units")
    ship(s, 0)["cargo"].append("Gems 20 Units")            # 50 units in a 30-unit hold
    with pytest.raises(ValueError, match="cargo"):
        s.validate()


def test_destroyed_hull_exposes_the_previous_one():
    s = to_play(scenario(2))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman", "Pistol Crewman"))
    ship(s, 1)["damage"] = 4
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",))
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 2
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Act("no offer"), Act("fight on"), Act("stand and fight"), Act("no offer"), Act("fight on"))
    s = s.apply(Volley(0, 1, False, True))
    loser = s.players[1]
    assert ship(s, 1)["hulls"] == [{"hull": "Sloop", "addons": []}]
    assert ship(s, 1)["cannons"] == 3 and len(ship(s, 1)["crew"]) == 3
    assert ship(s, 0)["cannons"] == 3                          # no room for the loose cannon
    assert len(ship(s, 0)["crew"]) == 3                        # two loose crewmen found room
    assert loser["hoard"] == 3250 - 1625
    s.validate()


def test_last_hull_destroyed_eliminates_and_ends_the_game():
    s = to_play(scenario(2))
    ship(s, 1)["damage"] = 2
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Act("no offer"), Act("fight on"), Act("stand and fight"), Act("no offer"), Act("fight on"))
    s = s.apply(Volley(0, 1, False, True))
    assert s.players[1]["eliminated"] and s.players[0]["hoard"] == 6500
    s = s.apply(Discard(s.players[0]["hand"][0])) if s.phase == "discard" else s
    s = play(s, lambda view, rng: view.legal_actions[0], random.Random(1)).run()
    assert s.is_terminal() and s.winners() == (0,) and s.returns() == (1, 0)


def test_when_the_last_two_ships_sink_together_the_two_share_the_win():
    """Rules: Pillage & Plunder › Ship Hull ("If your last ship hull is destroyed, you are eliminated from the game")
    Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win")

    The rulebook is silent on who wins when no pirate is left afloat. House rule 3 (docs/pillage_and_plunder.md):
    the pirates who sank last share the win (a draw: they outlasted everyone else, and a sunk ship's hoard is gone
    with it, so no hoard can part them); a pirate eliminated before them has lost.

    Given three pirates, player 3 sunk earlier, and the last two each in a Sloop one hit from sinking, When a tie of
    the cannon battle sinks both, Then the game is over, players 1 and 2 are the winners, the log says so by name,
    the win shares are 1/2, 1/2 and 0 (exactly 1 in all), and player 3 gets nothing.
    """
    s = scenario(3)
    _already_sunk(s, 2)
    s = _sink_both_in_a_tie(s)
    assert s.is_terminal() and s.phase == "game over" and s.phase.rule == "Your Hoard"
    assert s.winners() == (0, 1)
    assert s.log[-3:] == ["Player 2's Sloop is destroyed.", "Player 2 has lost his last ship and is eliminated.",
                          "Game over: player 1 and player 2 sank together, the last pirates afloat, and share the win "
                          "(Ship Hull; Your Hoard)."]
    assert str(s) == "Pillage & Plunder: game over, won by player 1 and player 2"
    assert s.returns() == (Fraction(1, 2), Fraction(1, 2), Fraction(0)) and sum(s.returns()) == 1
    s.validate()


def test_when_the_last_two_ships_sink_together_in_a_two_player_game_it_is_a_draw():
    """Rules: Pillage & Plunder › Ship Hull; house rule 3 (the pirates who sank last share the win).

    Given two pirates, When a tie sinks both, Then both are winners and each has half a win."""
    s = _sink_both_in_a_tie(scenario(2))
    assert s.winners() == (0, 1) and s.returns() == (Fraction(1, 2), Fraction(1, 2))
