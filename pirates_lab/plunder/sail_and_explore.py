"""Sail and Explore: one direction with one turn, one map card explored before each move, a card drawn
after each move, a Port or a Coastland ends the move, and the Storm.

Rules: Plunder › Sail and Explore

The sail task carries a :class:`~pirates_lab.plunder.tasks.Voyage` (heading, the one turn, whether a card
was explored since the last move); the draw after a move carries a :class:`~pirates_lab.plunder.tasks.Move`.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import EDGE_NAMES, EDGES, step, turn

from .actions import Explore, Sail, StopSailing
from .headings import RULE_SAIL
from .tasks import Move, Voyage, replace
from . import captured_ships
from . import setup
from . import turn as turns

__all__ = ["before_move_draw", "do_sail", "drawn_move_draw", "headings", "move", "sail_actions", "the_storm", "why_sail",
           "sailing_paths", "MAP_IN_HAND"]

#: the map cards a captain may explore with
MAP_IN_HAND = ("open_sea", "port", "coastland")
#: entering one of these ends the move
STOPS = ("port", "coastland")


def sailing_paths(kinds: dict, start: tuple) -> list[list[tuple]]:
    """Every legal course from ``start`` over the map cards (``kinds``: cell -> map kind): one direction,
    at most one turn to port or starboard, never diagonally, stopping in a Port or a Coastland.

    Each path lists the cells entered (the hand limit and the draws are left out).

    >>> sea = {(0, 0): "tortuga", (1, 0): "open_sea", (2, 0): "port", (1, 1): "coastland"}
    >>> sorted(tuple(p) for p in sailing_paths(sea, (0, 0)))
    [((1, 0),), ((1, 0), (1, 1)), ((1, 0), (2, 0))]
    """
    found = []

    def go(cell, heading, turned, path):
        for new in ([heading] if turned else [heading, turn(heading, "port"), turn(heading, "starboard")]):
            nxt = step(cell, new)
            if nxt not in kinds:  # one straight line and one turn never come back to a cell
                continue
            route = path + [nxt]
            found.append(route)
            if kinds[nxt] not in STOPS:
                go(nxt, new, turned or new != heading, route)

    for heading in EDGES:
        nxt = step(start, heading)
        if nxt in kinds:
            found.append([nxt])
            if kinds[nxt] not in STOPS:
                go(nxt, heading, False, [nxt])
    return found


def headings(state, voyage: Voyage) -> list[int]:
    if voyage.heading < 0:
        return list(EDGES)
    h = voyage.heading
    return [h] if voyage.turned else [h, turn(h, "port"), turn(h, "starboard")]


def sail_actions(state, task):
    p, voyage = task.player, task.data
    cap = state.cap(p)
    found = []
    if len(state.hand(p)) < state.comp.rules["move_below"]:
        found += [Sail(h) for h in headings(state, voyage) if step(cap["at"], h) in state.sea]
    if voyage.explored:
        return found + [StopSailing()]  # one Explore, then Move: the steps repeat in sequence
    maps = sorted({n for n in state.hand(p) if state.card(n).kind in MAP_IN_HAND})
    for h in EDGES:
        cell = step(cap["at"], h)
        if cell not in state.sea:
            found += [Explore(cell, n) for n in maps]
    return found + [StopSailing()]


def why_sail(state, task, action) -> IllegalMove:
    p, voyage = task.player, task.data
    cap = state.cap(p)
    if isinstance(action, Sail):
        if not isinstance(action.heading, int) or action.heading not in EDGES:
            return IllegalMove(RULE_SAIL, "You cannot move diagonally: sail north, east, south or west.")
        if len(state.hand(p)) >= state.comp.rules["move_below"]:
            return IllegalMove(RULE_SAIL, "You may move only if you have fewer than 7 cards in hand.")
        if action.heading not in headings(state, voyage):
            return IllegalMove(RULE_SAIL, f"You sail one direction a turn, turning at most once to port or "
                                          f"starboard: {EDGE_NAMES[action.heading]} is not one of them now.")
        return IllegalMove(RULE_SAIL, f"There is no map card to the {EDGE_NAMES[action.heading]}: explore first.")
    if isinstance(action, Explore):
        if voyage.explored:
            return IllegalMove(RULE_SAIL, "You explore once before each move (Explore, Move, Draw, in sequence): "
                                          "move first, or stop.")
        if action.card not in state.hand(p) or state.card(action.card).kind not in MAP_IN_HAND:
            return IllegalMove(RULE_SAIL, f"You explore with a map card from your hand ({shown(action.card)} is "
                                          "not one).")
        return IllegalMove(RULE_SAIL, f"{shown(action.at)} is not an empty space next to your ship.")
    return IllegalMove(RULE_SAIL, f"{shown(action)} is not part of sailing and exploring.")


def do_sail(state, task, action) -> None:
    p = task.player
    cap = state.cap(p)
    if isinstance(action, StopSailing):
        state.flow.pop(state)
        return
    if isinstance(action, Explore):
        state._take_from_hand(p, action.card)
        state.sea[tuple(action.at)] = action.card
        state.flow.replace(state, Task("sail", p, replace(task.data, explored=True)))
        state.say(f"Captain {p + 1} explores: {action.card} at {tuple(action.at)}.")
        return
    if cap["unpaid"]:
        turns.take_up_ship(state, p, action.heading)  # Pay the Crew: the others may shout "Mutiny!" first
        return
    move(state, p, action.heading)


def move(state, p: int, heading: int) -> None:
    """The captain's sail task is on top: move one card on, then draw (the move ends in a Port or Coastland)."""
    voyage = state.flow.top(state).data
    turned = voyage.heading >= 0 and (voyage.turned or heading != voyage.heading)
    state.flow.replace(state, Task("sail", p, Voyage(heading, turned, False)))
    cap = state.cap(p)
    cap["at"] = step(cap["at"], heading)
    kind = state.place(p)
    state.say(f"Captain {p + 1} sails {EDGE_NAMES[heading]} to {state.sea[cap['at']]} at {cap['at']}.")
    state.flow.push(state, Task("move_draw", p, Move(ends=kind in STOPS)))


def before_move_draw(state, task):
    """No card left to draw at all: no draw, and the move ends if it entered a Port or a Coastland."""
    if setup.before_draw(state, task) is False:
        return False  # a card to draw
    if task.data.ends:  # the draw was dropped: the sail task goes too
        state.flow.pop(state)
    return None


def drawn_move_draw(state, task, name: str) -> None:
    p = task.player
    state.flow.pop(state)
    storm = state.card(name).kind == "storm"
    if storm or task.data.ends:
        state.flow.pop(state)  # the sail task: the move is over
    if storm:
        the_storm(state, p, name)
        return
    state._draw(p, name)


def the_storm(state, p: int, name: str) -> None:
    """The Storm, face up: the move ends, the Captured Ship and the Loot are lost (ASSUMPTION: the card's text)."""
    state._from_deck(name)
    cap = state.cap(p)
    state.say(f"Captain {p + 1} draws the Storm! {state.card(name).text}")
    if cap["captured"]:
        state._discard(cap["captured"])
        cap["captured"] = None
    for good, n in list(cap["loot"].items()):
        state._goods_back(p, "loot", good, n)
    captured_ships.trim_cargo(state, p)
    state._discard(name)
    state._reshuffle()
