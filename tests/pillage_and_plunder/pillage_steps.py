"""Set-up steps shared by the Pillage & Plunder rule tests (one copy: the chapter files import them)."""
from __future__ import annotations

from pirates_lab.core import replay
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

__all__ = ["run", "to_play", "add_ship", "MERCHANT", "won_battle", "fleet"]


def run(state, *actions):
    """``state`` after ``actions`` (the core's ``replay``: an illegal one names its place in the list)."""
    return replay(state, actions)


def to_play(s, player: int = 0):
    """Skip to the play step; ``player`` holds three Bury Treasure cards as filler."""
    give(s, player, "Bury Treasure", "Bury Treasure", "Bury Treasure")
    return at_step(s, "play", player)


def add_ship(s, player: int, hull: str, crew=(), cannons: int = 0, cargo=()):
    """Fleet Play: one more ship for ``player``, its cards taken from the draw piles."""
    for card in (hull, *crew, *cargo, *["Cannon"] * cannons):
        s._draw_card(card)
    s.players[player]["ships"].append({"hulls": [{"hull": hull, "addons": []}], "damage": 0, "cannons": cannons,
                                       "crew": list(crew), "cargo": list(cargo)})
    s.validate()


MERCHANT = "French Merchant (Strength 2)"


def won_battle(s, attacker: int = 0, defender: int = 1):
    """``attacker`` beats ``defender`` (whose crew is gone) in the mêlée; the steal step follows if he has maps."""
    ship(s, defender)["crew"] = []
    s.deck["Cutlass Crewman"] += 2
    s.current = attacker
    give(s, attacker, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", attacker)
    s = run(s, Play("Attack", target=defender), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
            Act.FIGHT_ON, Volley(0, 1, False, False), Act.NO_OFFER, Act.FIGHT_ON)
    return s


def fleet():
    """Given Fleet Play and player 0 with his Sloop (1 cannon, 2 crewmen, Rum 20) and an empty Galleon."""
    s = scenario(2, fleet_play=True)
    equip(s, 0, cargo=("Rum 20 Units",))
    s._draw_card("Galleon")
    s.players[0]["ships"].append({"hulls": [{"hull": "Galleon", "addons": []}], "damage": 0, "cannons": 0,
                                  "crew": [], "cargo": []})
    s.validate()
    return s
