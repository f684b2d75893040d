"""What the turn's tasks carry: frozen, saveable values, one kind per step of the phase table.

Rules: Plunder › Turn

A combat, a contested Letter of Marque or a mutiny is not kept in the state beside the agenda: it
travels with its tasks (``Task("broadside", p, fight)``), and the next step is the same value with a
field changed (:func:`dataclasses.replace`).  Cards a task holds (the enemy's card, cards face down,
an abandoned ship, a prize) are counted by :meth:`~pirates_lab.plunder.state.State.all_cards`.

>>> fight = Battle("ship", hero=0, enemy="Spanish Sloop")
>>> fight.held(), replace(fight, placed=((0, "Havana"),)).held()
(['Spanish Sloop'], ['Spanish Sloop', 'Havana'])
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pirates_lab.core import saveable

__all__ = ["Voyage", "Move", "Mutiny", "Battle", "Market", "Claim", "Letters", "Prize", "Loot", "Tie", "replace"]


@saveable
@dataclass(frozen=True)
class Voyage:
    """Sail and Explore: the heading so far (-1 before the first move), the one turn, and whether a map card was
    explored since the last move (one Explore, then Move, then Draw)."""

    heading: int = -1
    turned: bool = False
    explored: bool = False


@saveable
@dataclass(frozen=True)
class Move:
    """The draw after a move: ``ends`` when the captain entered a Port or a Coastland (the move is over)."""

    ends: bool = False


@saveable
@dataclass(frozen=True)
class Mutiny:
    """A captain who forgot to pay takes up the ship (heading): the other captains, in turn, may shout."""

    captain: int
    heading: int
    asked: tuple = ()


@saveable
@dataclass(frozen=True)
class Battle:
    """A combat in progress.

    ``against``: "ship", "port", "natives" or "captain"; ``hero``: the captain on turn; ``enemy``: the enemy's
    card while the combat lasts (a ship or Natives; a Port stays in the sea: ``port``); ``hero_attacks``: False
    when Pirates attack.  Between captains: ``target`` (the defender), ``step`` (engagement, broadside,
    boarding), ``placed`` (``(seat, card)`` face down this step, ``""`` for none), ``abandoned`` (the Captured
    Ship a fleeing defender left) and ``left`` (the goods left on it).
    """

    against: str
    hero: int
    enemy: str | None = None
    port: str | None = None
    hero_attacks: bool = True
    target: int | None = None
    step: str = ""
    placed: tuple = ()
    abandoned: str | None = None
    left: tuple = ()

    def held(self) -> list[str]:
        """The cards this combat holds: the enemy's, the cards face down, an abandoned ship."""
        return [name for name in (self.enemy, *(card for _, card in self.placed), self.abandoned) if name]

    def to_place(self) -> int:
        """Between captains: the seat that places a card face down next (the attacker first)."""
        return self.hero if self.card_of(self.hero) is None else self.target

    def card_of(self, seat: int) -> str | None:
        """The card ``seat`` placed face down this step ("" for none), or None if it has not placed yet."""
        return next((card for who, card in self.placed if who == seat), None)


@saveable
@dataclass(frozen=True)
class Market:
    """A trade: the Port, Tortuga or Natives card, and whether plunder may be sold in it (Tortuga, a Port of
    your Letter's nation, or with Bottle of Rum or Sneak into Port)."""

    name: str
    plunder: bool = False


@saveable
@dataclass(frozen=True)
class Claim:
    """A Letter of Marque sought: the claimant, the nation, the cards face down ``(seat, card)``, claimant first,
    and the captains still to decide whether to contest (the first answers first)."""

    claimant: int
    nation: str
    cards: tuple = ()
    asked: tuple = ()

    def held(self) -> list[str]:
        return [card for _, card in self.cards]


@saveable
@dataclass(frozen=True)
class Letters:
    """Two Letters of Marque held: ``old`` and the ``new`` one just received; the captain keeps one."""

    old: str
    new: str


@saveable
@dataclass(frozen=True)
class Prize:
    """A ship won: the card, the loot limit (its Cargo; -1: no loot card is turned, as for a captain's ship),
    and the goods taken with it (``(good, n)`` pairs: a captain's cargo, or what was left on an abandoned ship)."""

    ship: str
    limit: int = -1
    goods: tuple = ()


@saveable
@dataclass(frozen=True)
class Loot:
    """The top card turned over for loot: at most ``limit`` tokens (besides the room in the hold)."""

    limit: int


@saveable
@dataclass(frozen=True)
class Tie:
    """Setup: the captains whose latest cards are compared (tied captains keep drawing)."""

    seats: tuple
