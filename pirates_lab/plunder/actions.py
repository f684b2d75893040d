"""Plunder's actions: frozen, saveable dataclasses with a readable ``str()``.

Rules: Plunder › Turn

>>> str(Sail(heading=0)), str(Explore(at=(1, 0), card="Havana")), str(Buy("Sugar", 2))
('sail north', 'explore: Havana at (1, 0)', 'buy 2 Sugar')
>>> str(AddCard("")), str(AddCard("Navigator")), str(AttackCaptain(0))
('add no card', 'add Navigator', 'attack captain 1')
"""
from __future__ import annotations

from pirates_lab.core import action
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import EDGE_NAMES

__all__ = ["Pay", "Sail", "Explore", "StopSailing", "Shout", "PassAction", "Play", "Marque", "Contest",
           "StartTrade", "AttackPort", "AttackCaptain", "Buy", "Sell", "BuyShip", "SellShip", "DoneTrading",
           "Attack", "LetGo", "Flee", "Fight", "AddCard", "Sink", "Board", "TakePrize", "Secret", "TakeAbandoned",
           "Give", "DismissMate", "AbandonCaptured", "KeepLetter"]


@action()
class Pay:
    """Pay the crew and the First Mate (``False`` for a wage the captain forgets: the Mutiny! option)."""
    crew: bool = True
    mate: bool = True

    def __str__(self):
        if self.crew and self.mate:
            return "pay the crew"
        return "forget to pay " + " and ".join(w for w, paid in (("the crew", self.crew), ("the First Mate", self.mate))
                                             if not paid)


@action()
class Sail:
    heading: int

    def __str__(self):
        known = isinstance(self.heading, int) and 0 <= self.heading < len(EDGE_NAMES)
        return f"sail {EDGE_NAMES[self.heading]}" if known else f"sail in direction {shown(self.heading)}"


@action("explore: {card} at {at}")
class Explore:
    at: tuple
    card: str


@action("stop sailing")
class StopSailing:
    pass


@action()
class Shout:
    """Another captain shouts "Mutiny!" (``True``) or keeps quiet."""
    mutiny: bool

    def __str__(self):
        return 'shout "Mutiny!"' if self.mutiny else "keep quiet"


@action("take no action")
class PassAction:
    pass


@action()
class Play:
    """Play a card whose "Act" place you are in; ``choice``: the other warring nation, or the war a treaty ends."""
    card: str
    choice: str = ""

    def __str__(self):
        return f"play {self.card}" + (f" ({self.choice})" if self.choice else "")


@action("seek a Letter of Marque with {card} face down")
class Marque:
    card: str


@action()
class Contest:
    """Contest a Letter of Marque with a card face down (``""``: do not contest)."""
    card: str

    def __str__(self):
        return f"contest with {self.card} face down" if self.card else "do not contest"


@action("trade")
class StartTrade:
    pass


@action("attack the port")
class AttackPort:
    pass


@action()
class AttackCaptain:
    """Attack the captain in seat ``target`` (seats from 0; read "Captain 1" for seat 0)."""
    target: int

    def __str__(self):
        seat = self.target
        return f"attack captain {seat + 1}" if isinstance(seat, int) and not isinstance(seat, bool) \
            else f"attack captain {shown(seat)}"


@action("buy {amount} {good}")
class Buy:
    good: str
    amount: int


@action("sell {amount} {good}")
class Sell:
    good: str
    amount: int


@action("buy the ship {card}")
class BuyShip:
    card: str


@action("sell your ship")
class SellShip:
    pass


@action("done trading")
class DoneTrading:
    pass


@action("attack it")
class Attack:
    pass


@action("let it go")
class LetGo:
    pass


@action()
class Flee:
    card: str = ""
    abandon: bool = False

    def __str__(self):
        return "flee" + (f", adding {self.card}" if self.card else "") + (", abandoning the Captured Ship"
                                                                            if self.abandon else "")


@action("stand and fight")
class Fight:
    pass


@action()
class AddCard:
    card: str

    def __str__(self):
        return f"add {self.card}" if self.card else "add no card"


@action("sink it")
class Sink:
    pass


@action("board it")
class Board:
    pass


@action()
class TakePrize:
    """After a won combat: ``"captured"`` (a Captured Ship), ``"sail"`` (your ship now), ``"leave"``."""
    how: str

    def __str__(self):
        return {"captured": "take it as a Captured Ship", "sail": "sail it as your own ship",
                "leave": "leave the ship", "swap": "sail it, yours as the Captured Ship"}.get(self.how, f"prize: {self.how}")


@action()
class Secret:
    """A card placed face down in a fight between captains (``""``: none)."""
    card: str

    def __str__(self):
        return f"place {self.card} face down" if self.card else "place no card"


@action()
class TakeAbandoned:
    take: bool

    def __str__(self):
        return "take the abandoned ship" if self.take else "pursue the fleeing captain"


@action("play {card} as an Encounter")
class Give:
    card: str


@action("let the First Mate go")
class DismissMate:
    pass


@action("abandon the Captured Ship")
class AbandonCaptured:
    pass


@action("keep the {nation} Letter of Marque")
class KeepLetter:
    """Holding two Letters of Marque: the one kept (the other nation becomes your enemy)."""
    nation: str
