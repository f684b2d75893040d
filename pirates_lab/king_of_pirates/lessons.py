"""Hand-built King of Pirates scenarios for the lesson (``data/lessons.toml``): positions taken from the
engine at the moment a rule acts, and the answers to the lesson's questions, computed here at run time
(never written in the lesson).  The screens that show them are in ``pirates_lab.widgets.king_of_pirates_lessons``.

Seats are 0-based here, as in the engine; everything a person reads numbers players from 1.

Rules: King of Pirates › Phase 2: Movement Phase

>>> start = movement_start()
>>> start.phase().name, start.current_player()
('movement', 0)
>>> keep_choices_answer(), compass_rolls_in_a_round()
(6, 4)
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from pirates_lab.core import CHANCE
from pirates_lab.core.geometry import hex_neighbours

from .actions import Dig, KeepPirates, Pass, Sail, StopMoving
from .components import components
from .game import Game, State
from .odds import combat_success_probability, dutchman_distribution
from .player import Player
from .rules.pirate_skills import skills, treasure_maps_needed
from .rules.task_data import Timing
from .upkeep_odds import p_no_mutiny_within

__all__ = ["movement_start", "setup_done", "setup_keep_position", "sail_targets", "digging_story", "reveal_odds",
           "small_island", "crew", "face_down_tiles", "keep_choices_answer", "dutchman_one_roll_answer",
           "dutchman_back_in_two_answer", "compass_rolls_in_a_round", "upkeep_safe_answer", "stronghold_answer",
           "sail_targets_answer", "tile_merchant_answer", "dig_maps_answer", "combat_cards", "combat_cards_answer",
           "MAP_CREW", "CAPTAIN_CREW", "map_crew_answer", "captain_crew_answer", "skills_in_effect", "ROUND_PLAYERS"]

#: the Pirate Skills screen's crew: two pirates with the pirate skill "Count as 1 Treasure Map"
MAP_CREW = ("Mary Read", "Samuel Bellamy")
#: the Captain's Skills screen's crew, both ways round (the rulebook's example: Black Bart as captain)
CAPTAIN_CREW = ("Black Bart", "Mary Read")
#: the table of the Phases of a Turn question
ROUND_PLAYERS = 4


def _advance(state: State, rng: random.Random, until) -> State:
    """Chance by a seeded rng, other players pass (or take the first choice) until ``until(state)``."""
    for _ in range(3000):
        if until(state):
            return state
        if state.current_player() == CHANCE:
            state = state.apply(state.chance_outcomes().sample(rng))
            continue
        actions = state.legal_actions()
        state = state.apply(Pass() if Pass() in actions else actions[0])
    raise RuntimeError("the scenario did not reach its moment")   # pragma: no cover


# ---------------------------------------------------------------- setup
def setup_keep_position(players: int = 2, seed: int = 0) -> State:
    """The first player's setup decision: three pirates drawn, two to keep (the captain first)."""
    return _advance(Game(players=players).new_initial_state(), random.Random(seed),
                    lambda s: s.phase().name == "setup_keep")


def keep_choices_answer() -> int:
    """In how many ways a player may keep 2 of the 3 pirates drawn, one as captain: the engine's legal moves."""
    state = setup_keep_position()
    return sum(isinstance(a, KeepPirates) for a in state.legal_actions())


def setup_done(players: int = 4, seed: int = 3) -> State:
    """A seeded game just after the setup (each keeps a random two of its three pirates)."""
    rng = random.Random(seed)
    state = Game(players=players).new_initial_state()
    while state.phase().name.startswith("setup"):
        state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                            else rng.choice(state.legal_actions()))
    return state


def crew(*pirates: str, position=(4, 0)) -> Player:
    """A ship with this crew (the first is the captain), full of Rum and Cannonballs as at the setup."""
    from .rules.pirate_skills import max_cannonballs, max_rum

    player = Player(position=position, crew=tuple(pirates))
    return replace(player, rum=max_rum(player), cannonballs=max_cannonballs(player))


# ---------------------------------------------------------------- the board and the Dutchman
def face_down_tiles() -> int:
    """How many spaces start as face-down sea tiles (shark and ocean)."""
    comp = components()
    return len(comp.shark_cells) + len(comp.ocean_cells)


def dutchman_one_roll_answer() -> Fraction:
    """P(the Dutchman stands on (1, 0) after one compass roll from the centre)."""
    return dutchman_distribution(1)[(1, 0)]


def dutchman_back_in_two_answer() -> Fraction:
    """P(the Dutchman is back on the centre after two compass rolls from it)."""
    return dutchman_distribution(2)[components().centre]


def compass_rolls_in_a_round(players: int = ROUND_PLAYERS, seed: int = 0) -> int:
    """How many times the Compass Die moves the Flying Dutchman in one round (each player one turn), counted
    in a seeded game of ``players`` (the other Compass Die rolls, sending a ship to a lair, are not counted)."""
    rng = random.Random(seed)
    state = _advance(Game(players=players).new_initial_state(), rng, lambda s: not s.phase().name.startswith("setup"))
    first, rolls = state.round, 0
    while state.round == first and not state.is_terminal():
        if state.current_player() == CHANCE:
            rolls += state.phase().name == "compass"
            state = state.apply(state.chance_outcomes().sample(rng))
        else:
            actions = state.legal_actions()
            state = state.apply(Pass() if Pass() in actions else actions[0])
    return rolls


# ---------------------------------------------------------------- upkeep
def upkeep_safe_answer() -> Fraction:
    """With 0 rum, P(no mutiny at the next upkeep roll)."""
    return p_no_mutiny_within(0, 1)


# ---------------------------------------------------------------- movement
def movement_start(seed: int = 0) -> State:
    """A 2-player game after setup and player 1's upkeep: player 1 (seat 0) about to sail from its lair."""
    state = Game(players=2).new_initial_state()
    return _advance(state, random.Random(seed),
                    lambda s: s.phase().name == "movement" and s.current_player() == 0)


def sail_targets(state: State | None = None) -> list:
    """The cells player 1 (seat 0) may sail into next (the engine's legal Sail actions)."""
    state = state or movement_start()
    return sorted(a.to for a in state.legal_actions() if isinstance(a, Sail))


def sail_targets_answer() -> int:
    """How many spaces player 1 can sail into with its first step."""
    return len(sail_targets())


def reveal_odds(seed: int = 0):
    """What the first face-down tile next to player 1's lair hides: (cell, the engine's exact chance outcomes
    when the ship sails onto it)."""
    state = movement_start(seed)
    hidden = [c for c in sail_targets(state) if state.hidden(c)]
    after = state.apply(Sail(hidden[0]))
    return hidden[0], after.chance_outcomes()


def tile_merchant_answer() -> Fraction:
    """P(the tile of :func:`reveal_odds` hides a merchant ship, British or Spanish)."""
    _, outcomes = reveal_odds()
    return outcomes.probability(lambda content: str(content).startswith("Merchant Ship"))


def small_island():
    """The first small island on the board."""
    comp = components()
    return next(cell for cell, (kind, _) in sorted(comp.places.items()) if kind == "small island")


def digging_story(seed: int = 0) -> list[tuple[str, State]]:
    """Player 1, one step from a small island with Treasure Maps in hand, sails onto it and digs:
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
    frames = [(f"Player 1 stands beside a small treasure island with {rating} Treasure Map cards in hand.", start)]
    state = start.apply(Sail(island))
    rng = random.Random(seed)
    state = _advance(state, rng, lambda s: s.current_player() == 0)
    frames.append(("It sails onto the island (outlined gold).", state))
    if StopMoving() in state.legal_actions():
        state = state.apply(StopMoving())
    state = _advance(state, rng, lambda s: s.current_player() == 0 and Dig() in s.legal_actions())
    frames.append(("The move ends on the island: Player 1 may dig for treasure.", state))
    state = state.apply(Dig())
    frames.append((next(line for line in reversed(state.log) if "digs up" in line), state))
    return frames


def dig_maps_answer() -> int:
    """Treasure Maps turned in to dig up the small island in :func:`digging_story`."""
    story = digging_story()
    before, after = story[-2][1].players[0], story[-1][1].players[0]
    return before.hand.count("Treasure Map") - after.hand.count("Treasure Map")


# ---------------------------------------------------------------- combat
def stronghold_answer() -> Fraction:
    """P(conquering a stronghold with no modifier and no cannonballs)."""
    return combat_success_probability(components().targets["stronghold"]["defence"], 0, 0)


# ---------------------------------------------------------------- action cards
def combat_cards() -> list[str]:
    """The kinds of action card the engine offers in a Combat phase window (their letters: C or A)."""
    comp = components()
    return [name for name, card in comp.action_cards.items() if card["timing"] in Timing.COMBAT.letters]


def combat_cards_answer() -> int:
    """How many kinds of action card may be played during the Combat phase."""
    return len(combat_cards())


# ---------------------------------------------------------------- skills
def map_crew_answer() -> int:
    """Treasure Maps the :data:`MAP_CREW` turns in for a large treasure island (the engine's rule)."""
    rating = components().islands["large island"]["rating"]
    return treasure_maps_needed(crew(*MAP_CREW), rating)


def captain_crew_answer() -> int:
    """Treasure Maps for a small treasure island with :data:`CAPTAIN_CREW` the other way round: Mary Read captain."""
    rating = components().islands["small island"]["rating"]
    return treasure_maps_needed(crew(*reversed(CAPTAIN_CREW)), rating)


def skills_in_effect(*pirates: str) -> list[str]:
    """The skills in effect on a ship with this crew (captain first): the engine's list."""
    return skills(crew(*pirates))
