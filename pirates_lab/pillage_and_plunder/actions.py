"""Pillage & Plunder actions: typed, with a readable ``str()`` (no numbers packed).

A decision with no parameter is a member of the enum :class:`Act` (``Act.FIGHT_ON``, read aloud as
"fight on"; ``Act("fight on")`` finds the same member); every choice with a parameter is a frozen
dataclass (``SellCargo(ship=0, card="Rum 20 Units")``, ``Offer(500)``, ``MoveCrewman(0, 1, "Doctor")``).
Playing a card is :class:`Play`, the final discard :class:`Discard`.  Seats, ships and maps are
counted from 1 in the words (``str(Play("Attack", target=1)) == "play Attack on player 2"``).

Rules: Pillage & Plunder › Actions Performed During Your Turn
"""
from __future__ import annotations

import enum
from dataclasses import fields

from pirates_lab.core import action, saveable

__all__ = ["a", "counted", "listed", "well_formed", "ACTIONS", "Act", "AttackMerchant", "SellCargo", "Retrieve", "SellShip", "MoveCrewman", "MoveCannon", "MoveCargo", "LoseCrewman", "DoctorSaves", "ReturnPrize", "TakeCargo", "Repair", "StealMap",
           "StealDebt", "Offer", "Play", "Discard"]


@saveable
class Act(enum.Enum):
    """A decision with no parameter, one member per choice the rulebook gives.

    >>> Act("fight on") is Act.FIGHT_ON, str(Act.CALL_OFF)
    (True, 'call off')
    """

    # Stage 1: The pre-draw stage; "Working"; Privateering
    DRAW = "draw"
    WORK = "work"
    END_PRIVATEERING = "end privateering"
    # Sell Cargo
    SELL_IT = "sell it"
    KEEP_IT = "keep it"
    # Stage 2: The draw and play stage
    DRAW_FROM_PILE = "draw from pile"
    TAKE_DISCARD = "take discard"
    STOP_DRAWING = "stop drawing"
    # Buy Cargo
    BUY_CARGO = "buy cargo"
    DECLINE_CARGO = "decline cargo"
    # Player Attacking Player: terms of surrender and calling off
    NO_OFFER = "no offer"
    FIGHT_ON = "fight on"
    CALL_OFF = "call off"
    ACCEPT_TERMS = "accept terms"
    STOP_STEALING = "stop stealing"
    # Stage 2: Fight or Flee
    FLEE = "flee"
    STAND_AND_FIGHT = "stand and fight"
    # Player Attacking Merchant Ship; Navy Ship Attacking Player
    LET_IT_PASS = "let it pass"
    KEEP_PRIZES = "keep prizes"
    # Stage 3: The repair stage
    NO_REPAIR = "no repair"

    def __str__(self) -> str:
        return self.value


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
        return f"move {a(self.card)} from ship {counted(self.source)} to ship {counted(self.target)}"


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


@action()
class LoseCrewman:
    """The player who loses a crewman picks which one.

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    Rules: Pillage & Plunder › Play Event Card
    """

    card: str

    def __str__(self) -> str:
        return f"give up {a(self.card)}"


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

    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "take " + (listed(self.cards) if self.cards else "no cargo")


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
    maps: tuple[int, ...] = ()
    cargo: tuple[str, ...] = ()
    crew: tuple[str, ...] = ()
    cannons: int = 0

    def __str__(self) -> str:
        if not well_formed(self):
            return f"offer {self.coins!r} coins, maps {self.maps!r}, cargo {self.cargo!r}, crew {self.crew!r}, " \
                   f"cannons {self.cannons!r}"
        return "offer " + describe_terms(self.coins, self.maps, self.cargo, self.crew, self.cannons)


#: first words that begin with a vowel letter but a consonant sound ("a unicorn"), and the other way round ("an hour")
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "eu", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")


def a(noun, capital: bool = False) -> str:
    """``noun`` with "a" or "an", chosen by the sound of its first word (for card names in the log and refusals).

    >>> a("Extra Sail"), a("Iron Hull Plating"), a("Cutlass Crewman"), a("Man O' War"), a("Extra Sail", capital=True)
    ('an Extra Sail', 'an Iron Hull Plating', 'a Cutlass Crewman', "a Man O' War", 'An Extra Sail')
    >>> a("Unicorn Horn"), a("Hourglass")
    ('a Unicorn Horn', 'an Hourglass')
    """
    text = str(noun)
    word = text.split(" ", 1)[0].lower()
    vowel = (word[:1] in tuple("aeiou") and not word.startswith(_CONSONANT_SOUND)) or word.startswith(_VOWEL_SOUND)
    article = "an" if vowel else "a"
    return f"{article.capitalize() if capital else article} {text}"


def counted(index):
    """A seat, ship or map index as a person counts it: from 1 (``counted(0) == 1``); junk as given."""
    return index + 1 if _whole(index) else index


def listed(items) -> str:
    """``"a, b"`` for a tuple of words; anything else as it is (a junk field still prints)."""
    return ", ".join(map(str, items)) if isinstance(items, (tuple, list)) else str(items)


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


#: the field types the actions declare, and how a value is checked against each
_SHAPES = {
    "int": _whole,
    "str": lambda x: isinstance(x, str),
    "bool": lambda x: isinstance(x, bool),
    "int | None": lambda x: x is None or _whole(x),
    "tuple[str, ...]": lambda x: isinstance(x, tuple) and all(isinstance(i, str) for i in x),
    "tuple[int, ...]": lambda x: isinstance(x, tuple) and all(_whole(i) for i in x),
}


def well_formed(move) -> bool:
    """Is ``move`` one of this game's actions with every field of its declared type?  (A junk value in
    a field is refused as not a move of the game, before any rule looks at it.)

    >>> well_formed(Play("Attack", target=1)), well_formed(Play("Attack", target="1")), well_formed("attack")
    (True, False, False)
    """
    if isinstance(move, Act):
        return True
    if type(move) not in ACTIONS:
        return False
    return all(_SHAPES[f.type](getattr(move, f.name)) for f in fields(move))


def describe_terms(coins: int, maps, cargo, crew, cannons: int) -> str:
    """Terms in words: ``800 pieces of eight, the treasure map of 1200, Rum 20 Units and 1 cannon``."""
    parts = [f"{coins} pieces of eight"] if coins else []
    parts += [f"the treasure map of {m}" for m in maps] + list(cargo) + [a(c) for c in crew]
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
    extra: tuple[str, ...] = ()
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
            words.append("with " + listed(self.extra))
        if self.amount:
            words.append(f"burying {self.amount}")
        return " ".join(words)


@action("discard {card}")
class Discard:
    """The final discard of the draw-and-play stage."""

    card: str


#: every action class of the game (the enum :class:`Act` aside)
ACTIONS = (SellCargo, Retrieve, SellShip, MoveCrewman, MoveCannon, MoveCargo, LoseCrewman, DoctorSaves, ReturnPrize,
           TakeCargo, AttackMerchant, Repair, StealMap, StealDebt, Offer, Play, Discard)
