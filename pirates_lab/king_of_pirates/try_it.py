"""Positions to try a rule on: the live examples of the lesson's reference screens (issue 34 item 4).

Each position function returns a hand-built position (plain engine state, no widgets) in which player 1 (seat 0)
is at the decision the heading is about, holding only the cards and pirates the rule needs; the lesson's "try it"
table (:class:`pirates_lab.widgets.king_of_pirates_table.TryIt`) lets a student make that move on the real engine,
and the computer captains play on.  The ``*_answer`` functions compute a screen's question on the engine (by
playing the move, or reading the engine's own rule), never by hand.

>>> s = the_game_board()
>>> s.phase.name, s.current_player(), s.players[0].doubloons
('dig', 0, 7000)
>>> point_track_after_digging(), ways_to_keep_two_pirates(), cards_playable_now()
(10000, 6, 2)

Rules: King of Pirates › The Game Board
Rules: King of Pirates › Game Setup
Rules: King of Pirates › Phases of a Turn
Rules: King of Pirates › Action Cards
Rules: King of Pirates › Pirate Skills
Rules: King of Pirates › Captain's Skills
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import random

from pirates_lab.core import CHANCE, Task, play

from .actions import Attack, Dig, KeepPirates, Play
from .game import Game, State
from .headings import RULE_BOARD, RULE_CAPTAINS_SKILLS, RULE_CARDS, RULE_PIRATE_SKILLS, RULE_SETUP, RULE_TURN
from .lessons import compass_rolls_in_a_round, pass_or_first, setup_keep_position
from .rules import FLOW
from .rules.movement_phase import maps_needed_here
from .rules.pirate_skills import max_cannonballs, max_rum, treasure_maps_needed

__all__ = ["TRY_IT", "TRY_IT_ANSWERS", "PLAYERS", "ROUND_PLAYERS", "GOAL_ISLAND", "CAPTAIN_ISLAND", "SKILL_CITY", "BOARD_DOUBLOONS",
           "SKILL_CREW", "CAPTAIN_CREW", "CARDS_HELD", "position", "the_game_board", "point_track_after_digging",
           "game_setup", "ways_to_keep_two_pirates", "phases_of_a_turn", "dutchman_moves_in_a_round", "action_cards",
           "cards_playable_now", "pirate_skills", "conquest_chance", "captains_skills", "maps_turned_in",
           "maps_with_the_captains_swapped"]

PLAYERS = 2                      # a short table: the board and both players fit the screen
ROUND_PLAYERS = 3                # the Phases of a Turn table (its question counts the Dutchman's moves in a round)
GOAL_ISLAND = (2, -3)            # a large treasure island (hidden rating 4, 3000 Doubloons)
CAPTAIN_ISLAND = (3, -1)         # a small treasure island (hidden rating 3, 2000 Doubloons)
SKILL_CITY = (2, 2)              # the Spanish City (Defense Value 10)
BOARD_DOUBLOONS = 7000           # 3000 short of the Point Track's round (10,000: a house rule)
#: Pirate Skills: two pirates whose skill is "+1 Combat vs. Nations" (the captain's own skill counts too)
SKILL_CREW = ("Stede Bonnet", "Olivier Levasseur")
#: Captain's Skills: the rulebook's example, a captain who counts as 2 Treasure Maps and a pirate who counts as 1
CAPTAIN_CREW = ("Black Bart", "Mary Read")
#: Action Cards: one card of each letter but C* (M, C, U, A), held in the Movement Phase
CARDS_HELD = ("Tailwind", "Assault", "Keelhauling", "Scurvy")


def position(tasks, *, players: int = PLAYERS, crew=(), hand=(), say: str = "", **player_fields) -> State:
    """A fresh table (nobody has drawn a pirate or a card yet), player 1 with ``crew`` (captain first), ``hand``
    and ``player_fields`` (position, doubloons …), full of Rum and Cannonballs unless told, at ``tasks`` (the
    first first); the others at their Pirates Lairs with empty ships.  ``say``: the log's line about it."""
    s = Game(players=players).new_initial_state()
    for pirate in crew:
        s.pirate_deck.remove(pirate)
    for card in hand:
        s.action_deck[card] -= 1
    for p in range(players):
        ship = s.players[p]
        if p == 0:
            ship = replace(ship, crew=tuple(crew), hand=tuple(sorted(hand)))
        ship = replace(ship, rum=max_rum(ship, s.comp), cannonballs=max_cannonballs(ship, s.comp))
        s.players[p] = replace(ship, **player_fields) if p == 0 else ship
    s.agenda = ([] if tasks[0].phase == "start_turn" else [Task("end_turn", 0)]) + [_typed(t) for t in reversed(tasks)]
    if say:
        s.say(say)
    entered = player_fields.get("position")
    s.entered = entered if entered is not None and entered not in s.comp.lairs else None
    s.flow.settle(s)
    s.validate()
    return s


def _typed(task: Task) -> Task:
    """A task with no data gets its row's empty value (a movement step its Voyage)."""
    kind = FLOW.phases[task.phase].data
    return Task(task.phase, task.player, kind()) if task.data == () and isinstance(kind, type) else task


# ---------------------------------------------------------------- The Game Board
def the_game_board() -> State:
    """Rules: King of Pirates › The Game Board — player 1 stands on a large treasure island (hidden rating 4, 3000
    Doubloons) with 4 Treasure Maps and 7,000 Doubloons: dig, and the token comes round the Point Track."""
    maps = ("Treasure Map",) * 4
    return position([Task("dig", 0)], hand=maps, position=GOAL_ISLAND, doubloons=BOARD_DOUBLOONS,
                    say="Player 1 ends the move on a large treasure island with 4 Treasure Maps.")


def point_track_after_digging() -> int:
    """Player 1's Doubloons on the Point Track after digging, played on the engine."""
    return the_game_board().apply(Dig()).players[0].doubloons


# ---------------------------------------------------------------- Game Setup
def game_setup() -> State:
    """Rules: King of Pirates › Game Setup — player 1 has drawn 3 pirate cards: keep 2 (the captain first)."""
    return setup_keep_position(PLAYERS)


def ways_to_keep_two_pirates() -> int:
    """How many ways the engine offers to keep 2 of the 3 pirates drawn, one as captain."""
    return sum(isinstance(a, KeepPirates) for a in game_setup().legal_actions())


# ---------------------------------------------------------------- Phases of a Turn
def phases_of_a_turn() -> State:
    """Rules: King of Pirates › Phases of a Turn — a three-player table, player 1's first turn: the Upkeep Phase is
    done (the log says what it did), the Movement Phase begins, the Combat Phase follows, then the next player."""
    start = position([Task("start_turn", 0)], players=ROUND_PLAYERS)
    return play(start, pass_or_first, random.Random(0), max_steps=300,
                until=lambda s: s.phase.name == "movement" and s.current_player() == 0).run()


def dutchman_moves_in_a_round() -> int:
    """How many times the Compass Die moves the Flying Dutchman in one round of a game of :data:`ROUND_PLAYERS`,
    counted on a seeded game played by the engine."""
    return compass_rolls_in_a_round(players=ROUND_PLAYERS)


# ---------------------------------------------------------------- Action Cards
def action_cards() -> State:
    """Rules: King of Pirates › Action Cards — player 1 at the start of the Movement Phase holding Tailwind (M),
    Assault (C), Keelhauling (U) and Scurvy (A)."""
    return position([Task("start_movement", 0)], hand=CARDS_HELD,
                    say="Player 1's Movement Phase begins.")


def cards_playable_now() -> int:
    """How many of the cards held the engine lets player 1 play now (kinds of card among the legal moves)."""
    return len({a.card for a in action_cards().legal_actions() if isinstance(a, Play)})


# ---------------------------------------------------------------- Pirate Skills
def pirate_skills() -> State:
    """Rules: King of Pirates › Pirate Skills — player 1's ship sailed onto the Spanish City; its captain and mate
    each have "+1 Combat vs. Nations"; no Cannonballs: one roll."""
    return position([Task("combat_choose", 0)], crew=SKILL_CREW, position=SKILL_CITY, cannonballs=0,
                    say="Player 1 sails onto the Spanish City.")


def conquest_chance() -> Fraction:
    """The chance the attack on the City conquers it, summed over the engine's dice (their exact odds)."""
    s = pirate_skills().apply(Attack("city"))
    if s.current_player() != CHANCE:                                # nobody holds a card: the dice at once
        raise RuntimeError("the attack did not come to the dice")   # pragma: no cover
    return sum((p for roll, p in s.chance_outcomes().items() if s.apply(roll).phase.name == "loot"), Fraction(0))


# ---------------------------------------------------------------- Captain's Skills
def captains_skills() -> State:
    """Rules: King of Pirates › Captain's Skills — player 1 on a small treasure island (hidden rating 3) with no
    Treasure Map card; Black Bart (captain: "Count as 2 Treasure Maps") and Mary Read ("Count as 1 Treasure Map")."""
    return position([Task("dig", 0)], crew=CAPTAIN_CREW, position=CAPTAIN_ISLAND,
                    say="Player 1 ends the move on a small treasure island, no Treasure Map in hand.")


def maps_turned_in() -> int:
    """Treasure Map cards player 1 must turn in to dig there: the engine's rule at that position."""
    return maps_needed_here(captains_skills(), 0)


def maps_with_the_captains_swapped() -> int:
    """The same island with Mary Read as captain and Black Bart as mate: the engine's count."""
    s = captains_skills()
    swapped = replace(s.players[0], crew=tuple(reversed(CAPTAIN_CREW)))
    rating = s.comp.islands[s.place_at(CAPTAIN_ISLAND)[0]]["rating"]
    return treasure_maps_needed(swapped, rating, s.comp)


#: the questions of the live reference screens (the lesson's answers)
TRY_IT_ANSWERS = ("point_track_after_digging", "ways_to_keep_two_pirates", "dutchman_moves_in_a_round",
                  "cards_playable_now", "conquest_chance", "maps_turned_in")

#: heading → the position to try it on (the lesson's reference screens with a live example)
TRY_IT = {
    RULE_BOARD: the_game_board,
    RULE_SETUP: game_setup,
    RULE_TURN: phases_of_a_turn,
    RULE_CARDS: action_cards,
    RULE_PIRATE_SKILLS: pirate_skills,
    RULE_CAPTAINS_SKILLS: captains_skills,
}
