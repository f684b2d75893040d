"""Pillage & Plunder actions: frozen dataclasses with a readable ``str()`` (no numbers packed).

Simple decisions are ``Act("fight on")``; every choice with a parameter has its own class
(``SellCargo(ship=0, card="Rum 20 Units")``, ``Offer(500)``, ``MoveCrewman(0, 1)``).  Playing a
card is :class:`Play`, the final discard :class:`Discard`.

Rules: Pillage & Plunder › Actions Performed During Your Turn
"""
from __future__ import annotations

from pirates_lab.core import action

__all__ = ["counted", "Act", "AttackMerchant", "SellCargo", "Retrieve", "SellShip", "MoveCrewman", "MoveCannon", "MoveCargo", "LoseCrewman", "DoctorSaves", "ReturnPrize", "TakeCargo", "Repair", "StealMap",
           "StealDebt", "Offer", "Play", "Discard"]


@action("{name}")
class Act:
    """A decision with no parameter: ``Act("draw")``, ``Act("fight on")``, ``Act("call off")``."""

    name: str


@action()
class SellCargo:
    """Rules: Pillage & Plunder › Sell Cargo"""

    ship: int
    card: str

    def __str__(self) -> str:
        return f"sell the {self.card} on ship {counted(self.ship)}"


@action("retrieve the buried treasure of {amount}")
class Retrieve:
    """Rules: Pillage & Plunder › Retrieve Buried Treasure"""

    amount: int


@action()
class SellShip:
    """Rules: Pillage & Plunder › Fleet Play"""

    ship: int

    def __str__(self) -> str:
        return f"sell ship {counted(self.ship)}"


@action()
class MoveCrewman:
    """Rules: Pillage & Plunder › Fleet Play"""

    source: int
    target: int
    card: str

    def __str__(self) -> str:
        return f"move a {self.card} from ship {counted(self.source)} to ship {counted(self.target)}"


@action()
class MoveCannon:
    """Rules: Pillage & Plunder › Fleet Play"""

    source: int
    target: int

    def __str__(self) -> str:
        return f"move a cannon from ship {counted(self.source)} to ship {counted(self.target)}"


@action()
class MoveCargo:
    """Rules: Pillage & Plunder › Fleet Play"""

    source: int
    target: int
    card: str

    def __str__(self) -> str:
        return f"move the {self.card} from ship {counted(self.source)} to ship {counted(self.target)}"


@action("give up a {card}")
class LoseCrewman:
    """The player who loses a crewman picks which one.

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    Rules: Pillage & Plunder › Play Event Card
    """

    card: str


@action("the Doctor saves the crewman")
class DoctorSaves:
    """A Doctor aboard saves the crewman just lost in the mêlée (once a battle).

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    """


@action("return the {card}")
class ReturnPrize:
    """After a battle with a Navy Ship, put one prize of its nation on the discard pile.

    Rules: Pillage & Plunder › Navy Ship Attacking Player
    """

    card: str


@action()
class TakeCargo:
    """The winner of a battle picks the cargo he takes (what fits his hold).

    Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
    """

    cards: tuple = ()

    def __str__(self) -> str:
        return "take " + (", ".join(self.cards) if self.cards else "no cargo")


@action()
class AttackMerchant:
    """Attack a merchant ship that sailed on to you, with one of your ships (Fleet Play: any of them).

    Rules: Pillage & Plunder › Player Attacking Merchant Ship
    Rules: Pillage & Plunder › Fleet Play ("When attacking, you must declare which ship you will be using")
    """

    ship: int = 0

    def __str__(self) -> str:
        return "attack merchant" + (f" with ship {counted(self.ship)}" if self.ship else "")


@action()
class Repair:
    """Rules: Pillage & Plunder › Stage 3: The repair stage"""

    ship: int

    def __str__(self) -> str:
        return f"repair one damage on ship {counted(self.ship)}"


@action()
class StealMap:
    """Rules: Pillage & Plunder › Stealing Treasure Maps"""

    index: int

    def __str__(self) -> str:
        return f"try to steal treasure map {counted(self.index)}"


@action("try to steal the privateer's debt")
class StealDebt:
    """Rules: Pillage & Plunder › Privateering"""


@action()
class Offer:
    """Terms of surrender: any combination of coins, treasure maps (by amount), cargo, crew and cannons.

    Rules: Pillage & Plunder › Player Attacking Player
    """

    coins: int = 0
    maps: tuple = ()
    cargo: tuple = ()
    crew: tuple = ()
    cannons: int = 0

    def __str__(self) -> str:
        return "offer " + describe_terms(self.coins, self.maps, self.cargo, self.crew, self.cannons)


def counted(index):
    """A seat, ship or map index as a person counts it: from 1 (``counted(0) == 1``); junk as given."""
    return index + 1 if isinstance(index, int) and not isinstance(index, bool) else index


def describe_terms(coins: int, maps, cargo, crew, cannons: int) -> str:
    """Terms in words: ``800 pieces of eight, the treasure map of 1200, Rum 20 Units and 1 cannon``."""
    parts = [f"{coins} pieces of eight"] if coins else []
    parts += [f"the treasure map of {m}" for m in maps] + list(cargo) + [f"a {c}" for c in crew]
    parts += [f"{cannons} cannon" + ("s" if cannons > 1 else "")] if cannons else []
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@action()
class Play:
    """Play a card from the hand.  ``target``: an opponent; ``ship``/``target_ship``: fleet ships;
    ``extra``: Cargo cards sent with a Merchant Ship; ``amount``: coins to bury;
    ``discard``: play it onto the discard pile instead; ``steal``: a treasure hunt that steals
    map ``steal`` of player ``target`` (Stealing Treasure Maps); ``privateer``: lay a Navy Ship
    in front of yourself."""

    card: str
    target: int | None = None
    ship: int = 0
    target_ship: int = 0
    extra: tuple = ()
    amount: int = 0
    discard: bool = False
    steal: int | None = None
    privateer: bool = False

    def __str__(self) -> str:
        if self.discard:
            return f"play {self.card} onto the discard pile"
        words = [f"play {self.card}"]
        if self.privateer:
            words.append("as a privateer")
        if self.target is not None:
            words.append(f"on player {counted(self.target)}")
        if self.steal is not None:
            words.append(f"to steal map {counted(self.steal)}")
        if self.ship:
            words.append(f"from ship {counted(self.ship)}")
        if self.target_ship:
            words.append(f"against ship {counted(self.target_ship)}")
        if self.extra:
            words.append("with " + ", ".join(self.extra))
        if self.amount:
            words.append(f"burying {self.amount}")
        return " ".join(words)


@action("discard {card}")
class Discard:
    """The final discard of the draw-and-play stage."""

    card: str
