"""The typed data the tasks of the phase table carry (frozen, saveable values: a change is a new value).

Rules: King of Pirates › Phases of a Turn

A combat is a :class:`Combat` carried by the one combat step on the agenda (the dice and re-rolls
change it by :func:`dataclasses.replace`), so a card window, a re-roll or the Flying Dutchman in the
middle of it is a task pushed on top; a move is a :class:`Voyage`; a card window a :class:`Window`.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from pirates_lab.core import saveable

__all__ = ["Timing", "Side", "Drawn", "Steals", "Voyage", "Tile", "CrewVisit", "Combat", "Spent", "Loot", "Window",
           "Reopen", "Keelhaul", "Played"]


@saveable
class Timing(enum.Enum):
    """A card window and the timing letters it accepts.  Rules: King of Pirates › Action Cards"""

    UPKEEP = ("U", "A")        # 1D, after the upkeep die
    MOVEMENT = ("M", "A")      # before moving, and at the player's own steps of the Movement Phase
    COMBAT = ("C", "A")        # before and after the combat dice
    STEP = ("A",)              # the other players, between two steps of a move

    @property
    def letters(self) -> tuple[str, ...]:
        return self.value


@saveable
class Side(enum.Enum):
    """Who rolls in a combat."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


@saveable
@dataclass(frozen=True)
class Drawn:
    """Cards (action cards or pirates) drawn so far at this step."""

    count: int = 0


@saveable
@dataclass(frozen=True)
class Steals:
    """The players robbed so far this upkeep ("Move 2 on the victory track")."""

    victims: tuple = ()


@saveable
@dataclass(frozen=True)
class Voyage:
    """The move in progress: spaces sailed so far (what is left is :attr:`State.moves_left`)."""

    sailed: int = 0


@saveable
@dataclass(frozen=True)
class Tile:
    """An undiscovered ocean tile being turned over: where, and from which pile ("shark"/"ocean")."""

    cell: tuple
    pool: str


@saveable
@dataclass(frozen=True)
class CrewVisit:
    """A lair's crew adjustments: has a captain been made this visit (one a visit: our limit)?"""

    captain_changed: bool = False


@saveable
@dataclass(frozen=True)
class Combat:
    """One combat: the attacker, the defending player (None against a nation's ship or town), the
    target's name (None against a player), the space, the dice (None: not rolled yet, high die first) and
    ``settled``: the two modifiers when the last re-roll step was done (None before), so a card played
    after the dice that changes them lets the side now behind spend Cannonballs again."""

    attacker: int
    defender: int | None
    target: str | None
    cell: tuple
    attacker_roll: tuple | None = None
    defender_roll: tuple | None = None
    settled: tuple | None = None

    def roll(self, side: Side) -> tuple | None:
        return self.attacker_roll if side is Side.ATTACKER else self.defender_roll

    def roller(self, side: Side) -> int:
        return self.attacker if side is Side.ATTACKER else self.defender

    def rolled(self, side: Side, dice: tuple) -> "Combat":
        """The same combat with this side's dice."""
        return replace(self, **{side.value + "_roll": dice})


@saveable
@dataclass(frozen=True)
class Spent:
    """A cannonball spent: which side re-rolls and which die it keeps ("high", "low" or "none")."""

    side: Side
    keep: str


@saveable
@dataclass(frozen=True)
class Loot:
    """Loot cards still to draw, the player who pays (None: a nation's treasure), the total drawn and the
    cards drawn so far (held face up until the loot is counted, then "returned to the discard pile")."""

    cards_left: int
    loser: int | None = None
    total: int = 0
    drawn: tuple = ()


@saveable
@dataclass(frozen=True)
class Window:
    """A card window: its timing and the players still to answer, first first."""

    timing: Timing
    asked: tuple


@saveable
@dataclass(frozen=True)
class Reopen:
    """After a card, the window goes round again from the player after the one who played it."""

    timing: Timing
    after: int


@saveable
@dataclass(frozen=True)
class Keelhaul:
    """After the victim accepts a mutiny: the other players still to be asked whether they keelhaul."""

    victim: int
    asked: tuple


@saveable
@dataclass(frozen=True)
class Played:
    """An action card in play this turn (Tailwind, Assault, Ambush, Mercenaries, Soldiers): who played it
    and on whom (a player, or "nation")."""

    card: str
    by: int
    target: object = None
