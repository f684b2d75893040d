"""Hand-built King of Pirates scenarios for the lesson (``data/lessons.toml``): positions taken from the
engine at the moment a rule acts, and the answers to the lesson's questions, computed here at run time
(never written in the lesson).  The screens that show them are in ``pirates_lab.widgets.king_of_pirates_lessons``.

Seats are 0-based here, as in the engine; everything a person reads numbers players from 1.

Rules: King of Pirates › Phase 2: Movement Phase

>>> start = movement_start()
>>> start.phase.name, start.current_player()
('movement', 0)
>>> keep_choices_answer(), compass_rolls_in_a_round()
(6, 4)
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from pirates_lab.core import play
from pirates_lab.core.loop import CHANCE_STEP
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
           "MAP_CREW", "CAPTAIN_CREW", "map_crew_answer", "captain_crew_answer", "skills_in_effect", "ROUND_PLAYERS",
           "ARROWS", "RUM_FULL", "RUM_UPKEEPS", "RETRY_TARGET", "RETRY_CANNONBALLS", "KEEP_ROLL", "KEEP_DIE",
           "WALKS_ASKED", "LOOT_TARGET", "dice_pairs", "defence", "compass_step", "compass_end", "walks_expected_answer",
           "upkeep_losses", "upkeep_mean_answer", "rum_lasts_answer", "city_one_roll_answer", "tries_chance",
           "retry_answer", "keep_die_chance", "keep_six_answer", "loot_per_roll", "loot_per_roll_answer"]

#: the Pirate Skills screen's crew: two pirates with the pirate skill "Count as 1 Treasure Map"
MAP_CREW = ("Mary Read", "Samuel Bellamy")
#: the Captain's Skills screen's crew, both ways round (the rulebook's example: Black Bart as captain)
CAPTAIN_CREW = ("Black Bart", "Mary Read")
#: the table of the Phases of a Turn question
ROUND_PLAYERS = 4


def pass_or_first(view, rng):
    """A seat that passes when it may, else takes the first move offered (a lesson's quiet players)."""
    return Pass() if Pass() in view.legal_actions else view.legal_actions[0]


def _advance(state: State, rng: random.Random, until) -> State:
    """Chance by a seeded rng, other players pass (or take the first choice) until ``until(state)``: the
    core's one loop, :func:`~pirates_lab.core.play`."""
    through = play(state, pass_or_first, rng, until=until, max_steps=3000)
    reached = through.run()
    if not through.reached:
        raise RuntimeError("the scenario did not reach its moment")   # pragma: no cover
    return reached


# ---------------------------------------------------------------- setup
def setup_keep_position(players: int = 2, seed: int = 0) -> State:
    """The first player's setup decision: three pirates drawn, two to keep (the captain first)."""
    return _advance(Game(players=players).new_initial_state(), random.Random(seed),
                    lambda s: s.phase.name == "setup_keep")


def keep_choices_answer() -> int:
    """In how many ways a player may keep 2 of the 3 pirates drawn, one as captain: the engine's legal moves."""
    state = setup_keep_position()
    return sum(isinstance(a, KeepPirates) for a in state.legal_actions())


def setup_done(players: int = 4, seed: int = 3) -> State:
    """A seeded game just after the setup (each keeps a random two of its three pirates)."""
    return play(Game(players=players).new_initial_state(), None, random.Random(seed),
                until=lambda state: not state.phase.startswith("setup")).run()


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
    state = _advance(Game(players=players).new_initial_state(), rng, lambda s: not s.phase.name.startswith("setup"))
    first = state.round
    round_played = play(state, pass_or_first, rng, until=lambda now: now.round != first)
    return sum(step.kind == CHANCE_STEP and step.state.phase == "compass" for step in round_played)


# ---------------------------------------------------------------- upkeep
def upkeep_safe_answer() -> Fraction:
    """With 0 rum, P(no mutiny at the next upkeep roll)."""
    return p_no_mutiny_within(0, 1)


# ---------------------------------------------------------------- movement
def movement_start(seed: int = 0) -> State:
    """A 2-player game after setup and player 1's upkeep: player 1 (seat 0) about to sail from its lair."""
    state = Game(players=2).new_initial_state()
    return _advance(state, random.Random(seed),
                    lambda s: s.phase.name == "movement" and s.current_player() == 0)


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


# ---------------------------------------------------------------- the probability thread (issue 39)
#: the compass die's faces as arrows (the order of components' compass: east, north-east, …)
ARROWS = ("→", "↗", "↖", "←", "↙", "↘")
#: the Rum on a full ship at the start (the rum question), and the upkeeps it asks about
RUM_FULL, RUM_UPKEEPS = 4, 3
#: the re-roll screen: the target, and the Cannonballs spent re-rolling both dice after each failed roll
RETRY_TARGET, RETRY_CANNONBALLS = "stronghold", 2
#: the keep-a-die screen: the failed roll against the Stronghold, and the die kept
KEEP_ROLL, KEEP_DIE = (6, 1), 6
#: the simulation screen: walks of two compass rolls, and how many the question asks about
WALKS_ASKED = 360
#: the synthesis: the target whose Loot Cards per roll the class works out
LOOT_TARGET = "Merchant Ship (Spanish)"


def dice_pairs() -> list[tuple[int, int]]:
    """The 36 equally likely rolls of two dice, first die first.

    >>> len(dice_pairs()), dice_pairs()[:2]
    (36, [(1, 1), (1, 2)])
    """
    return [(a, b) for a in range(1, 7) for b in range(1, 7)]


def defence(target: str) -> int:
    """A target's Defense Value as printed (Rules: King of Pirates › Phase 3: Combat Phase).

    >>> defence("city"), defence("stronghold")
    (10, 11)
    """
    return components().targets[target]["defence"]


def compass_step(cell, face: int):
    """Where one compass roll (face counted from 0: east, north-east, north-west, west, south-west, south-east)
    moves the Dutchman from ``cell``: one space that way, and off the map back to the centre (1B).

    >>> compass_step((0, 0), 0), compass_step((4, 0), 0)
    ((1, 0), (0, 0))
    """
    from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_ring

    comp = components()
    dq, dr = HEX_DIRECTIONS[face]
    nxt = (cell[0] + dq, cell[1] + dr)
    return nxt if hex_ring(nxt) <= comp.radius else comp.centre


def compass_end(first: int, second: int):
    """Where two compass rolls (faces counted from 0) take the Dutchman from the centre."""
    return compass_step(compass_step(components().centre, first), second)


def walks_expected_answer() -> int:
    """Of :data:`WALKS_ASKED` walks of two compass rolls from the centre, how many the exact odds expect back."""
    return int(WALKS_ASKED * dutchman_back_in_two_answer())


def upkeep_losses() -> dict[int, int]:
    """Rum the Upkeep Die takes: {Rum lost: faces} (a Scurvy face takes none; house rule: the faces' counts)."""
    from .components import RUM_LOST

    losses: dict[int, int] = {}
    for face, count in components().upkeep_die.items():
        losses[RUM_LOST[face]] = losses.get(RUM_LOST[face], 0) + count
    return losses


def upkeep_mean_answer() -> Fraction:
    """On average, how much Rum one roll of the Upkeep Die takes (the engine's die: faces from components)."""
    from .components import RUM_LOST
    from .upkeep_odds import upkeep_die

    return upkeep_die().map(lambda face: RUM_LOST[face]).mean()


def rum_lasts_answer() -> Fraction:
    """P(no mutiny in :data:`RUM_UPKEEPS` upkeeps with :data:`RUM_FULL` Rum): the engine's chain."""
    return p_no_mutiny_within(RUM_FULL, RUM_UPKEEPS)


def city_one_roll_answer() -> Fraction:
    """P(conquering a City with one roll of the two Combat dice, no bonus, no Cannonballs)."""
    return combat_success_probability(defence("city"), 0, 0)


def tries_chance(target: str, tries: int) -> Fraction:
    """P(at least one of ``tries`` rolls of both dice reaches the target): 1 − P(every roll fails), the rolls
    being independent.  (Re-rolling both dice every time; keeping a good die does better: the calculator.)

    >>> tries_chance("stronghold", 1)
    Fraction(1, 12)
    """
    fail = 1 - combat_success_probability(defence(target), 0, 0)
    return 1 - fail ** tries


def retry_answer() -> Fraction:
    """P(conquering the Stronghold with 2 Cannonballs, each spent re-rolling both dice after a failed roll)."""
    return tries_chance(RETRY_TARGET, RETRY_CANNONBALLS + 1)


def keep_die_chance(kept: int, target: str = RETRY_TARGET) -> Fraction:
    """P(the kept die and one re-rolled die reach the target's Defense Value)."""
    from pirates_lab.core import Dist

    return Dist.die(6).probability(lambda other: kept + other >= defence(target))


def keep_six_answer() -> Fraction:
    """After a failed 6 and 1 against the Stronghold: keep the 6, re-roll the other die."""
    return keep_die_chance(KEEP_DIE)


def loot_per_roll(target: str) -> Fraction:
    """Loot Cards one roll brings on average: the Loot Value times the chance of conquering (else nothing)."""
    return components().targets[target]["loot"] * combat_success_probability(defence(target), 0, 0)


def loot_per_roll_answer() -> Fraction:
    """Loot Cards one roll against :data:`LOOT_TARGET` brings on average."""
    return loot_per_roll(LOOT_TARGET)
