"""The cards, ships and prices of Pillage & Plunder, read from ``data/components.toml``.

The deck is exactly the "Card Frequency" table (298 cards); everything the rulebook does not
print (hull statistics, costs, prices, event texts, the winning hoard) is in the same data file,
each value marked PRINTED or ASSUMPTION.

Rules: Pillage & Plunder › Card Frequency
Rules: Pillage & Plunder › Game Setup
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pirates_lab.core import Deck, InvalidInput, load_data

from .headings import GAME


OFFICERS = ("Quarter Master", "Navigator", "Doctor", "Cartographer", "Master Gunner")
CREW_CARDS = ("Cutlass Crewman", "Pistol Crewman") + OFFICERS
NATIONS = ("French", "English", "Spanish", "Dutch")
CARGO_KINDS = ("Fruit", "Rum", "Gems", "Spices")
ADDONS = ("Iron Hull Plating", "Crow's Nest", "Extra Cargo Hold", "Extra Sail")


@dataclass(frozen=True)
class Hull:
    name: str
    level: int
    cost: int
    strength: int
    speed: int
    cannons: int
    crew: int
    cargo: int
    repair: int


@dataclass(frozen=True)
class MerchantSpec:
    nation: str
    strength: int
    speed: int
    cannons: int
    crew: int
    prize_dice: int
    prize_per_pip: int


class Components:
    """Everything in the box, from one data file (the shipped one unless ``path`` is given)."""

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.game = data["game"]
        self.categories: dict[str, dict[str, int]] = {cat: dict(cards) for cat, cards in data["deck"].items()}
        self.counts: dict[str, int] = {}
        self.category_of: dict[str, str] = {}
        for category, cards in self.categories.items():
            for card, n in cards.items():
                self.counts[card] = n
                self.category_of[card] = category
        self.starting_kit: dict[str, int] = dict(data["starting_kit"])
        self.hulls = {name: Hull(name=name, **values) for name, values in data["hulls"].items()}
        self.addons = data["addons"]
        self.costs: dict[str, int] = dict(data["costs"])
        self.cargo_prices = data["cargo"]
        self.events = data["events"]
        self.navy = data["navy"]
        self.merchants = {int(k): v for k, v in data["merchants"].items()}
        self._check()

    def _check(self) -> None:
        for card in self.starting_kit:
            if card not in self.counts:
                raise InvalidInput(f"The starting kit names {card!r}, which is not in the deck.")
        for card in self.categories.get("Ship Hull", {}):
            if card not in self.hulls:
                raise InvalidInput(f"No statistics for the hull {card!r}.")
        for card in self.categories.get("Event", {}):
            if card not in self.events:
                raise InvalidInput(f"No text for the event {card!r}.")

    # ------------------------------------------------------------------ the deck
    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def full_deck(self) -> Deck:
        """All 298 cards. Rules: Pillage & Plunder › Card Frequency"""
        return Deck(self.counts)

    def deck_after_setup(self, players: int) -> Deck:
        """The deck once every player's starting kit is taken out. Rules: Pillage & Plunder › Game Setup"""
        return self.full_deck().without({card: n * players for card, n in self.starting_kit.items()})

    # ------------------------------------------------------------------ card facts
    def category(self, card: str) -> str:
        try:
            return self.category_of[card]
        except KeyError:
            raise InvalidInput(f"There is no card {card!r} in Pillage & Plunder.") from None

    def cargo_kind(self, card: str) -> str:
        return card.split()[0]

    def cargo_units(self, card: str) -> int:
        return int(card.split()[1])

    def merchant(self, card: str) -> MerchantSpec:
        nation = card.split()[0]
        strength = int(card.rsplit(" ", 1)[1].rstrip(")"))
        return MerchantSpec(nation=nation, strength=strength, **self.merchants[strength])

    def navy_nation(self, card: str) -> str:
        return card.split()[0]

    def addon_cost(self, addon: str, hull: str) -> int:
        """A percentage of the hull cost. Rules: Pillage & Plunder › Buy Ship Add-On"""
        return self.hulls[hull].cost * self.addons[addon]["percent"] // 100

    def price(self, card: str) -> int:
        """Face value of a card for Asset Liquidation (cargo: its average selling price).

        Rules: Pillage & Plunder › Asset Liquidation
        """
        category = self.category(card)
        if category == "Ship Hull":
            return self.hulls[card].cost
        if card in self.costs:
            return self.costs[card]
        if category == "Cargo":
            info = self.cargo_prices[self.cargo_kind(card)]
            return info["sell_dice"] * 7 * info["per_pip"] * self.cargo_units(card) // 20
        return 0


@lru_cache(maxsize=None)
def _shipped() -> Components:
    return Components(load_data(GAME, "components.toml"))


def load(path: str | Path | None = None) -> Components:
    """The shipped components, or your own edited copy of the data file."""
    if path is None:
        return _shipped()
    return Components(load_data(GAME, Path(path)))
