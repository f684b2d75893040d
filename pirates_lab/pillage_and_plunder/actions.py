"""Pillage & Plunder actions: frozen dataclasses with a readable ``str()`` (no numbers packed).

Simple decisions are ``Act("fight on")``; every choice with a parameter has its own class
(``SellCargo(ship=0, card="Rum 20 Units")``, ``Offer(500)``, ``MoveCrewman(0, 1)``).  Playing a
card is :class:`Play`, the final discard :class:`Discard`.

Rules: Pillage & Plunder › Actions Performed During Your Turn
"""
from __future__ import annotations

from pirates_lab.core import action

__all__ = ["Act", "SellCargo", "Retrieve", "SellShip", "MoveCrewman", "MoveCannon", "MoveCargo", "LoseCrewman", "TakeCargo", "Repair", "StealMap",
           "StealDebt", "Offer", "Play", "Discard"]


@action("{name}")
class Act:
    """A decision with no parameter: ``Act("draw")``, ``Act("fight on")``, ``Act("call off")``."""

    name: str


@action("sell the {card} on ship {ship}")
class SellCargo:
    """Rules: Pillage & Plunder › Sell Cargo"""

    ship: int
    card: str


@action("retrieve the buried treasure of {amount}")
class Retrieve:
    """Rules: Pillage & Plunder › Retrieve Buried Treasure"""

    amount: int


@action("sell ship {ship}")
class SellShip:
    """Rules: Pillage & Plunder › Fleet Play"""

    ship: int


@action("move a crewman from ship {source} to ship {target}")
class MoveCrewman:
    """Rules: Pillage & Plunder › Fleet Play"""

    source: int
    target: int


@action("move a cannon from ship {source} to ship {target}")
class MoveCannon:
    """Rules: Pillage & Plunder › Fleet Play"""

    source: int
    target: int


@action("move the {card} from ship {source} to ship {target}")
class MoveCargo:
    """Rules: Pillage & Plunder › Fleet Play"""

    source: int
    target: int
    card: str


@action("give up a {card}")
class LoseCrewman:
    """The player who loses a crewman picks which one.

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    Rules: Pillage & Plunder › Play Event Card
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


@action("repair one damage on ship {ship}")
class Repair:
    """Rules: Pillage & Plunder › Stage 3: The repair stage"""

    ship: int


@action("try to steal treasure map {index}")
class StealMap:
    """Rules: Pillage & Plunder › Stealing Treasure Maps"""

    index: int


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
            words.append(f"on player {self.target}")
        if self.steal is not None:
            words.append(f"to steal map {self.steal}")
        if self.ship:
            words.append(f"from ship {self.ship}")
        if self.target_ship:
            words.append(f"against ship {self.target_ship}")
        if self.extra:
            words.append("with " + ", ".join(self.extra))
        if self.amount:
            words.append(f"burying {self.amount}")
        return " ".join(words)


@action("discard {card}")
class Discard:
    """The final discard of the draw-and-play stage."""

    card: str
