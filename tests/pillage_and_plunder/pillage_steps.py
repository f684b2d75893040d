"""Set-up steps shared by the Pillage & Plunder rule tests (one copy: the chapter files import them)."""
from __future__ import annotations

from pirates_lab.core import replay
from pirates_lab.pillage_and_plunder.scenarios import at_step, give

__all__ = ["run", "to_play", "add_ship"]


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
