"""Hand-built King of Pirates scenarios for the lesson (``data/lessons.toml``): positions taken from
the engine at the moment a rule acts, and the answers to the lesson's questions, computed here at
run time (never written in the lesson).  The drawings are in ``pirates_lab.widgets.king_of_pirates_lessons``.

Rules: King of Pirates › Phase 2: Movement Phase

>>> start = movement_start()
>>> start.phase().name, start.current_player()
('movement', 0)
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from pirates_lab.core import CHANCE
from pirates_lab.core.geometry import hex_neighbours

from .actions import Dig, Pass, Sail, StopMoving
from .components import components
from .game import Game, State
from .odds import combat_success_probability, dutchman_distribution
from .upkeep_odds import p_no_mutiny_within

__all__ = ["movement_start", "sail_targets", "digging_story", "reveal_odds", "face_down_tiles",
           "dutchman_one_roll_answer", "upkeep_safe_answer", "stronghold_answer", "sail_targets_answer",
           "dig_maps_answer", "small_island"]


def _advance(state: State, rng: random.Random, until) -> State:
    """Chance by a seeded rng, other players pass (or take the first choice) until ``until(state)``."""
    for _ in range(500):
        if until(state):
            return state
        if state.current_player() == CHANCE:
            state = state.apply(state.chance_outcomes().sample(rng))
            continue
        actions = state.legal_actions()
        state = state.apply(Pass() if Pass() in actions else actions[0])
    raise RuntimeError("the scenario did not reach its moment")   # pragma: no cover


def movement_start(seed: int = 0) -> State:
    """A 2-player game after setup and player 0's upkeep: player 0 about to sail from its lair."""
    state = Game(players=2).new_initial_state()
    return _advance(state, random.Random(seed),
                    lambda s: s.phase().name == "movement" and s.current_player() == 0)


def sail_targets(state: State | None = None) -> list:
    """The cells player 0 may sail into next (the engine's legal Sail actions)."""
    state = state or movement_start()
    return sorted(a.to for a in state.legal_actions() if isinstance(a, Sail))


def sail_targets_answer() -> int:
    """How many spaces player 0 can sail into with its first step."""
    return len(sail_targets())


def small_island():
    """The first small island on the board."""
    comp = components()
    return next(cell for cell, (kind, _) in sorted(comp.places.items()) if kind == "small island")


def digging_story(seed: int = 0) -> list[tuple[str, State]]:
    """Player 0, one step from a small island with Treasure Maps in hand, sails onto it and digs:
    (caption, state) frames taken from the engine."""
    comp = components()
    island = small_island()
    start = movement_start(seed).clone()
    beside = next(c for c in hex_neighbours(island, comp.radius) if c not in comp.places and c not in comp.lairs)
    rating = comp.islands["small island"]["rating"]
    hand = start.players[0].hand + ("Treasure Map",) * rating
    start.action_deck["Treasure Map"] = start.action_deck.get("Treasure Map", 0) - rating
    start.players[0] = replace(start.players[0], position=beside, hand=tuple(sorted(hand)))
    start.validate()
    frames = [(f"Player 0 stands beside the small island at {island} with {rating} Treasure Maps.", start)]
    state = start.apply(Sail(island))
    rng = random.Random(seed)
    state = _advance(state, rng, lambda s: s.current_player() == 0)
    frames.append((f"It sails onto the island at {island}.", state))
    if StopMoving() in state.legal_actions():
        state = state.apply(StopMoving())
    state = _advance(state, rng, lambda s: s.current_player() == 0 and Dig() in s.legal_actions())
    frames.append(("The move ends on the island: the engine offers to dig.", state))
    state = state.apply(Dig())
    frames.append((next(line for line in reversed(state.log) if "digs up" in line), state))
    return frames


def dig_maps_answer() -> int:
    """Treasure Maps turned in to dig up the small island in :func:`digging_story`."""
    story = digging_story()
    before, after = story[-2][1].players[0], story[-1][1].players[0]
    return before.hand.count("Treasure Map") - after.hand.count("Treasure Map")


def reveal_odds(seed: int = 0):
    """What a face-down tile next to player 0's lair hides: the engine's exact chance outcomes."""
    state = movement_start(seed)
    hidden = [c for c in sail_targets(state) if state.hidden(c)]
    after = state.apply(Sail(hidden[0]))
    return hidden[0], after.chance_outcomes()


def face_down_tiles() -> int:
    """How many spaces start as face-down sea tiles (shark and ocean)."""
    comp = components()
    return len(comp.shark_cells) + len(comp.ocean_cells)


def dutchman_one_roll_answer() -> Fraction:
    """P(the Dutchman stands on (1, 0) after one compass roll from the centre)."""
    return dutchman_distribution(1)[(1, 0)]


def upkeep_safe_answer() -> Fraction:
    """With 0 rum, P(no mutiny at the next upkeep roll)."""
    return p_no_mutiny_within(0, 1)


def stronghold_answer() -> Fraction:
    """P(conquering a stronghold with no modifier and no cannonballs)."""
    return combat_success_probability(components().targets["stronghold"]["defence"], 0, 0)
