"""The Plunder deck and its numbers, read from ``data/cards.toml`` and checked.

Rules: Plunder › Setup

The rulebook names the cards but prints none of their values, so every card value is ours and
marked so in the data file; the few printed numbers (5 silver, 60 to win, 6 cards, fewer than 7
to move, 4 Open Sea cards) are checked here.

>>> deck = components()
>>> deck.card("Havana").nation, deck.card("Treasure Fleet").nation, deck.rules["win_silver"]
('Spain', 'Spain', 60)
>>> deck.size, deck.count("Open Sea"), deck.card("Storm").kind
(60, 12, 'storm')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pirates_lab.core import InvalidInput, load_data

from .headings import GAME

__all__ = ["Card", "Components", "components", "load_components", "MAP_KINDS", "KINDS", "PLACES"]

#: Map cards (played into the sea) and the places a captain can be.
MAP_KINDS = ("tortuga", "open_sea", "port", "coastland")
PLACES = MAP_KINDS
KINDS = MAP_KINDS + ("natives", "ship", "storm", "war", "treaty", "rum", "sneak", "first_mate")
STATS = ("speed", "cannon", "crew", "cargo")
ABILITIES = STATS

#: (what must be printed, its value) — checked against the data file.
PRINTED = {"silver_per_captain": 5, "win_silver": 60, "hand_size": 6, "move_below": 7, "open_sea_at_setup": 4,
           "first_mate_wage": 1, "lost_ship_draw": 6}


@dataclass(frozen=True)
class Card:
    """One kind of card (``count`` copies in the deck)."""

    name: str
    kind: str
    count: int
    number: int
    loot_good: str
    nation: str | None = None
    act: str | None = None
    encounter: str | None = None
    speed: int = 0
    cannon: int = 0
    crew: int = 0
    cargo: int = 0
    value: int = 0
    wages: int = 0
    prize: bool = False
    buy: tuple = ()            # ((good, price), ...)
    sell: tuple = ()
    garrison: int = 0
    warriors: int = 0
    ability: str | None = None
    text: str = ""

    @property
    def loot(self) -> tuple[str, int]:
        """The loot when the card is turned over: its icon's good, and as many tokens as its number.

        Rules: Plunder › Results of a Combat ("the number indicates the quantity")
        """
        return (self.loot_good, self.number)

    @property
    def is_map(self) -> bool:
        return self.kind in MAP_KINDS

    def buy_price(self, good: str) -> int | None:
        return dict(self.buy).get(good)

    def sell_price(self, good: str) -> int | None:
        return dict(self.sell).get(good)


@dataclass(frozen=True)
class Components:
    """Everything read from a data file: rules numbers, goods, nations, the Pinnace and the cards."""

    rules: dict
    goods: tuple[str, ...]
    nations: tuple[str, ...]
    pinnace: dict
    cards: dict = field(repr=False)           # name -> Card, in file order

    def card(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise InvalidInput(f"There is no card called {name!r} in the Plunder deck.") from None

    def count(self, name: str) -> int:
        return self.card(name).count

    @property
    def size(self) -> int:
        return sum(card.count for card in self.cards.values())

    def of_kind(self, *kinds: str) -> list[Card]:
        return [card for card in self.cards.values() if card.kind in kinds]

    def full_deck(self) -> dict[str, int]:
        """Every card of the box: name -> copies."""
        return {name: card.count for name, card in self.cards.items()}


def _need(entry: dict, key: str, kind: type, where: str, minimum: int | None = 0):
    if key not in entry:
        raise InvalidInput(f"{where} has no {key!r}.")
    value = entry[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidInput(f"{where}: {key} must be a whole number, not {value!r}.")
    if kind is int and minimum is not None and value < minimum:
        raise InvalidInput(f"{where}: {key} must be at least {minimum}, not {value}.")
    if kind is str and not isinstance(value, str):
        raise InvalidInput(f"{where}: {key} must be text, not {value!r}.")
    return value


def _prices(entry: dict, key: str, goods: tuple, where: str) -> tuple:
    table = entry.get(key, {})
    if not isinstance(table, dict):
        raise InvalidInput(f"{where}: {key} must be a table of good = price.")
    for good, price in table.items():
        if good not in goods:
            raise InvalidInput(f"{where}: {key} names {good!r}, which is not one of the goods {list(goods)}.")
        _need(table, good, int, f"{where} {key}", 1)
    return tuple(sorted(table.items()))


def _card(entry: dict, goods: tuple, nations: tuple) -> Card:
    name = _need(entry, "name", str, "a card")
    where = f"card {name!r}"
    kind = _need(entry, "kind", str, where)
    if kind not in KINDS:
        raise InvalidInput(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}.")
    loot = entry.get("loot")
    if not isinstance(loot, str) or loot not in goods:
        raise InvalidInput(f"{where}: loot is the icon's good, one of {list(goods)}, not {loot!r} (the quantity is "
                           "the card's number: \"the number indicates the quantity\").")
    nation = entry.get("nation")
    if nation is not None and nation not in nations:
        raise InvalidInput(f"{where}: nation {nation!r} is not one of {list(nations)}.")
    for place_key in ("act", "encounter"):
        place = entry.get(place_key)
        if place is not None and place not in PLACES:
            raise InvalidInput(f"{where}: {place_key} {place!r} is not a place ({', '.join(PLACES)}).")
    card = Card(name=name, kind=kind, count=_need(entry, "count", int, where, 1),
                number=_need(entry, "number", int, where, 0), loot_good=loot, nation=nation,
                act=entry.get("act"), encounter=entry.get("encounter"),
                **{k: _need(entry, k, int, where, 0) for k in ("speed", "cannon", "crew", "cargo", "value", "wages",
                                                               "garrison", "warriors") if k in entry},
                prize=bool(entry.get("prize", False)), buy=_prices(entry, "buy", goods, where),
                sell=_prices(entry, "sell", goods, where), ability=entry.get("ability"), text=entry.get("text", ""))
    if kind == "ship":
        for stat in ("speed", "cannon", "crew", "cargo", "value"):
            _need(entry, stat, int, where, 1)
        if card.encounter != "open_sea":
            raise InvalidInput(f"{where}: a ship is met on the Open Sea (encounter = \"open_sea\").")
    if kind == "port" and (nation is None or not card.buy or not card.sell or card.garrison < 1):
        raise InvalidInput(f"{where}: a Port needs a nation, buy and sell prices and a garrison.")
    if kind == "natives" and (card.warriors < 1 or card.encounter != "coastland"):
        raise InvalidInput(f"{where}: Natives need warriors and are met on a Coastland.")
    if kind == "war" and nation is None:
        raise InvalidInput(f"{where}: War is Declared names a nation.")
    if kind == "first_mate" and card.ability not in ABILITIES:
        raise InvalidInput(f"{where}: a First Mate's ability is one of {', '.join(ABILITIES)}.")
    if kind in ("war", "treaty", "rum", "sneak", "first_mate") and card.act != "port":
        raise InvalidInput(f"{where}: this card is played in a Port (act = \"port\").")
    return card


def load_components(path: str | Path | None = None) -> Components:
    """Read and check a data file (the shipped ``cards.toml`` by default)."""
    raw = load_data(GAME, path if path is not None else "cards.toml")
    rules = raw.get("rules")
    if not isinstance(rules, dict):
        raise InvalidInput("The data file has no [rules] table.")
    for key, printed in PRINTED.items():
        if rules.get(key) != printed:
            raise InvalidInput(f"rules.{key} is printed in the rulebook as {printed}, not {rules.get(key)!r}.")
    for key in ("bank_silver", "goods_per_kind", "tortuga_price", "flags_per_nation"):
        _need(rules, key, int, "[rules]", 1)
    goods = tuple(rules.get("goods", ()))
    nations = tuple(rules.get("nations", ()))
    if len(goods) < 1 or len(set(goods)) != len(goods) or len(nations) < 2 or len(set(nations)) != len(nations):
        raise InvalidInput("rules.goods and rules.nations must list distinct names (at least two nations).")
    pinnace = raw.get("pinnace", {})
    for stat in STATS:
        _need(pinnace, stat, int, "[pinnace]", 1)
    _need(pinnace, "wages", int, "[pinnace]", 0)
    cards: dict[str, Card] = {}
    for entry in raw.get("card", []):
        card = _card(entry, goods, nations)
        if card.name in cards:
            raise InvalidInput(f"Two cards are called {card.name!r}: names must be unique.")
        cards[card.name] = card
    kinds = {card.kind for card in cards.values()}
    missing = [kind for kind in KINDS if kind not in kinds]
    if missing:
        raise InvalidInput(f"The deck has no card of kind {', '.join(missing)}.")
    if sum(c.count for c in cards.values() if c.kind == "tortuga") != 1 or \
            sum(c.count for c in cards.values() if c.kind == "storm") != 1:
        raise InvalidInput("The deck holds exactly one Tortuga and one Storm.")
    if sum(c.count for c in cards.values() if c.kind == "open_sea") < rules["open_sea_at_setup"]:
        raise InvalidInput("The deck needs at least 4 Open Sea cards for the setup.")
    if not any(c.kind == "ship" and c.nation == "Spain" for c in cards.values()) or \
            any(c.name == "Treasure Fleet" and c.nation != "Spain" for c in cards.values()):
        raise InvalidInput("All Treasure Fleets belong to Spain.")
    data = Components(rules=dict(rules), goods=goods, nations=nations, pinnace=dict(pinnace), cards=cards)
    if data.size - 1 - rules["open_sea_at_setup"] < 4 * rules["hand_size"] + 4:
        raise InvalidInput("The deck is too small to deal 6 cards to 4 captains.")
    return data


@lru_cache(maxsize=None)
def components() -> Components:
    """The shipped deck (read once)."""
    return load_components()


def describe(card: Card) -> str:
    """One line about a card, for people."""
    parts = [f"{card.name} (number {card.number}; loot {card.loot[1]} {card.loot[0]})"]
    if card.kind == "ship":
        parts.append(f"speed {card.speed}, cannon {card.cannon}, crew {card.crew}, cargo {card.cargo}, "
                     f"value {card.value}" + (f", {card.nation}" if card.nation else ""))
    if card.kind == "port":
        parts.append(f"{card.nation}; buy {dict(card.buy)}; sell {dict(card.sell)}; garrison {card.garrison}")
    return " — ".join(parts)


