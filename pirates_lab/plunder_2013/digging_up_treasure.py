"""Digging Up Treasure: a crew card, circled with a location, goes face down into the Treasure Chest.

Rules: Plunder (2013) › Digging Up Treasure

"At any time, when you think you have figured out the location of another pirate's treasure, take
one of your Crew cards.  Circle the Island, Marker and Trap you believe to be correct.  Then toss
your Crew Card with the answer side face down into the Treasure Chest. ... once you send your
Crewmember to dig, they cannot come back from the Treasure Chest."

ASSUMPTION (docs/plunder_2013.md): "at any time" is a window after each day's answers, each pirate
with crew cards in turn from the asker's left, the asker last; a pirate may send several crew cards
in one window.  A crew card names a location only; your own treasure's location is refused.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pirates_lab.core import IllegalMove, InvalidInput, Task, action, saveable
from pirates_lab.core.errors import shown

from .components import CATEGORIES, location_name, pirate_name
from .headings import RULE_DIG
from .how_to_play import out_of_step

__all__ = ["Dig", "Pass", "ChestCard", "Window", "RULE_DIG", "digs"]



@action()
class Dig:
    """Send a crew card to a location (island, marker, trap); it matches at most one pirate.

    Rules: Plunder (2013) › Digging Up Treasure — "Circle the Island, Marker and Trap": three
    cards, each a whole number (``Dig(True, 1, 1)`` or ``Dig(2.0, 2, 2)`` is refused at once).
    Two digs are equal only when their cards are the same whole numbers (``True`` is not ``1``).
    """

    island: int
    marker: int
    trap: int

    def __post_init__(self) -> None:
        for category, value in zip(CATEGORIES, (self.island, self.marker, self.trap)):
            if type(value) is not int:
                raise InvalidInput(f"A dig circles one {category} card by its number (a whole number), "
                                   f"not {shown(value)}.")

    def __eq__(self, other) -> bool:
        return (type(other) is Dig and all(type(a) is type(b) and a == b for a, b in zip(self.location, other.location)))

    def __hash__(self) -> int:
        return hash(("dig",) + self.location)

    @property
    def location(self) -> tuple[int, int, int]:
        return (self.island, self.marker, self.trap)

    def __str__(self) -> str:
        return f"dig at {location_name(self.location)}"


@action("pass")
class Pass:
    """Send no crew card now."""


@saveable
@dataclass(frozen=True)
class ChestCard:
    """A crew card in the Treasure Chest, in the order it was tossed in."""

    player: int
    location: tuple[int, int, int]
    day: int


@saveable
@dataclass(frozen=True)
class Window:
    """Today's digging window: the pirates still to decide, in turn (first decides now)."""

    seats: tuple[int, ...]


@lru_cache(maxsize=16)
def _every_dig(cards: int) -> tuple[Dig, ...]:
    return tuple(Dig(i, m, t) for i in range(1, cards + 1) for m in range(1, cards + 1) for t in range(1, cards + 1))


@lru_cache(maxsize=512)
def digs(cards: int, own: tuple[int, int, int]) -> tuple[Dig, ...]:
    """Every location a pirate may send a crew card to: all but his own treasure's.

    Rules: Plunder (2013) › Digging Up Treasure — "when you think you have figured out the
    location of another pirate's treasure, take one of your Crew cards".
    """
    every = _every_dig(cards)
    i, m, t = own
    if not all(1 <= x <= cards for x in own):            # not dealt yet: nothing to leave out
        return every
    k = ((i - 1) * cards + (m - 1)) * cards + (t - 1)
    return every[:k] + every[k + 1:]


def open_window(state) -> None:
    """After the day's answers: every pirate with crew cards, from the asker's left, the asker last.
    (Someone always has one: the game ends the moment the last crew card goes into the chest.)"""
    players = state.game.players
    seats = tuple((state.asker + i) % players for i in range(1, players + 1) if state.crew[(state.asker + i) % players])
    state.flow.replace(state, Task("dig", None, Window(seats)))


def window_seat(state, task) -> int:
    """the next pirate in the digging window"""
    return task.data.seats[0]


def dig_actions(state, task) -> tuple:
    """Row ``dig``: pass, or a crew card to any location but your own."""
    return (Pass(),) + digs(state.game.cards, tuple(state.hands[task.data.seats[0]]))


def dig_legal(state, task, move) -> bool:
    """A Dig checked by its fields, at once: each card a whole number 1..n, not your own location.
    (The same digs ``dig_actions`` lists; checking one against a list of n**3 costs 1,728 comparisons
    at 12 cards, and the core's leak check asks about every one of them.)"""
    n = state.game.cards
    return (isinstance(move, Dig) and all(type(x) is int and 1 <= x <= n for x in move.location)
            and move.location != tuple(state.hands[task.data.seats[0]]))


def dig(state, task, move) -> None:
    seats = task.data.seats
    player = seats[0]
    if isinstance(move, Pass):
        seats = seats[1:]
    else:
        state.crew[player] -= 1
        state.chest.append(ChestCard(player, move.location, state.day))
        state.say(f"{pirate_name(player)} tosses a crew card into the Treasure Chest.")
        if state.crew[player] == 0:
            seats = seats[1:]
    if all(n == 0 for n in state.crew):
        from .game_end_and_scoring import finish

        finish(state, "Every crew card has been used.")
    elif seats:
        state.flow.replace(state, Task("dig", None, Window(seats)))
    else:
        state.flow.replace(state, Task("end_day"))


def why_dig(state, task, move) -> IllegalMove | None:
    if isinstance(move, Dig):
        n = state.game.cards
        if not all(type(x) is int and 1 <= x <= n for x in move.location):
            return IllegalMove(RULE_DIG, f"A location is one island, one marker and one trap, each 1 to {n}.")
        player = task.data.seats[0]
        if move.location == tuple(state.hands[player]):
            return IllegalMove(RULE_DIG, f"{location_name(move.location)} is where {pirate_name(player)}'s own "
                                         f"treasure is hidden: a crew card digs for another pirate's treasure.")
    return out_of_step(state, move, own=(Dig, Pass))
