"""What the turn's tasks carry: frozen, saveable values, one kind per step of the phase table.

Rules: Plunder › Turn

A combat, a contested Letter of Marque or a mutiny is not kept in the state beside the agenda: it
travels with its tasks (``Task("broadside", p, fight)``), and the next step is the same value with a
field changed (:func:`dataclasses.replace`).  Cards a task holds (the enemy's card, cards face down,
an abandoned ship, a prize) are counted by :meth:`~pirates_lab.plunder.state.State.all_cards`.

>>> fight = Battle("captain", hero=0, target=1, step="broadside")
>>> fight = fight.placing(0, "Havana").placing(1, "")
>>> fight.card_of(0), fight.card_of(1), fight.held(), fight.cards
('Havana', '', ['Havana'], (('Havana',), ()))
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
    boarding), ``placed`` (the seats that placed this step, in order) and ``cards`` (beside each, the card it
    placed face down as a 1-tuple, or ``()`` for none), ``abandoned`` (the Captured Ship a fleeing defender
    left) and ``left`` (the goods left on it).
    """

    against: str
    hero: int
    enemy: str | None = None
    port: str | None = None
    hero_attacks: bool = True
    target: int | None = None
    step: str = ""
    placed: tuple = ()
    cards: tuple = ()
    abandoned: str | None = None
    left: tuple = ()

    def held(self) -> list[str]:
        """The cards this combat holds: the enemy's, the cards face down, an abandoned ship."""
        return [name for name in (self.enemy, *(c for card in self.cards for c in card), self.abandoned) if name]

    def to_place(self) -> int:
        """Between captains: the seat that places a card face down next (the attacker first)."""
        return self.hero if self.hero not in self.placed else self.target

    def card_of(self, seat: int) -> str | None:
        """The card ``seat`` placed face down this step ("" for none), or None if it has not placed yet."""
        if seat not in self.placed:
            return None
        card = self.cards[self.placed.index(seat)]
        return card[0] if card else ""

    def placing(self, seat: int, card: str) -> "Battle":
        """This battle with ``seat``'s card (``""``: none) placed face down."""
        return replace(self, placed=self.placed + (seat,), cards=self.cards + ((card,) if card else (),))


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
    """A Letter of Marque sought: the claimant, the nation, the seats that placed a card face down (the
    claimant first) and beside each its card as a 1-tuple, and the captains still to decide whether to
    contest (the first answers first)."""

    claimant: int
    nation: str
    seats: tuple = ()
    cards: tuple = ()
    asked: tuple = ()

    def held(self) -> list[str]:
        return [c for card in self.cards for c in card]

    def placing(self, seat: int, card: str) -> "Claim":
        return replace(self, seats=self.seats + (seat,), cards=self.cards + ((card,),))


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
