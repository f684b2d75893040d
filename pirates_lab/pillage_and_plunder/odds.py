"""Exact odds off the battlefield: treasure hunts, hands of cards, cargo prices, prizes.

Rules: Pillage & Plunder › Treasure Hunt
"""
from __future__ import annotations

import math  # noqa: F401  (used in the doctest)
from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from pirates_lab.core import Dist, InvalidInput, saveable

from . import components as _components


__all__ = ["TreasureHunt", "treasure_hunt", "hand_probability", "cargo_price", "merchant_prize",
           "doubles_probability", "expand_card_names"]


@saveable
class TreasureHunt(NamedTuple):
    coins: int
    lose_turn: bool

    def __str__(self) -> str:
        if self.lose_turn:
            return "lost: lose your next turn"
        return f"{self.coins} pieces of eight" if self.coins else "empty-handed"


def treasure_roll(roll: int, cartographer: bool = False) -> TreasureHunt:
    """What one die does on a treasure hunt: 1-4 pays 1000 × roll, 5 nothing, 6 lose a turn.

    With a Cartographer aboard (our ASSUMPTION for his card) the party never gets lost.
    Rules: Pillage & Plunder › Treasure Hunt
    """
    if roll <= 4:
        return TreasureHunt(1000 * roll, False)
    return TreasureHunt(0, roll == 6 and not cartographer)


def treasure_hunt(cartographer: bool = False) -> Dist:
    """Exact distribution of a treasure hunt (outcomes have ``.coins`` and ``.lose_turn``).

    Rules: Pillage & Plunder › Treasure Hunt
    """
    return Dist.die(6).map(lambda roll: treasure_roll(roll, cartographer))


def doubles_probability() -> Fraction:
    """Two dice showing the same face (fleeing, stealing maps). Rules: Pillage & Plunder › Stealing Treasure Maps"""
    return Dist.independent(Dist.die(6), Dist.die(6)).probability(lambda r: r[0] == r[1])


def expand_card_names(key, data=None) -> tuple[str, ...]:
    """A card name, a category name ("Cargo", "Merchant Ship", ...) or a tuple of either.

    Rules: Pillage & Plunder › Card Frequency
    """
    data = data or _components.load()
    names = key if isinstance(key, tuple) else (key,)
    cards: list[str] = []
    for name in names:
        if name in data.counts:
            cards.append(name)
        elif name in data.categories:
            cards.extend(data.categories[name])
        else:
            raise InvalidInput(f"No card or category {name!r} in the Card Frequency table.")
    if len(set(cards)) != len(cards):
        raise InvalidInput(f"{key!r} names a card twice.")
    return tuple(cards)


def hand_probability(at_least: Mapping | None = None, hand_size: int = 5, players: int = 4, data=None) -> Fraction:
    """Probability that a hand of ``hand_size`` cards dealt from the deck holds at least the
    given counts.  The deck is the 298 cards less every player's starting kit.

    >>> hand_probability({"Attack": 1}) == 1 - Fraction(math.comb(298 - 16 - 15, 5), math.comb(298 - 16, 5))
    True

    Rules: Pillage & Plunder › Game Setup
    Rules: Pillage & Plunder › Card Frequency
    """
    data = data or _components.load()
    at_least = {"Attack": 1} if at_least is None else dict(at_least)
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 6:
        raise InvalidInput(f"players must be 1 to 6, got {players!r}.")
    deck = data.deck_after_setup(players)
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 0 <= hand_size <= deck.size:
        raise InvalidInput(f"hand_size must be 0 to {deck.size}, got {hand_size!r}.")
    groups = {}
    for key, need in at_least.items():
        if isinstance(need, bool) or not isinstance(need, int) or need < 0:
            raise InvalidInput(f"The count for {key!r} must be a whole number >= 0, got {need!r}.")
        groups[expand_card_names(key, data)] = need
    seen = [c for cards in groups for c in cards]
    if len(seen) != len(set(seen)):
        raise InvalidInput("A card is counted in two groups.")
    if not groups:
        return Fraction(1)
    return deck.hand_probability(hand_size, groups)


def cargo_price(card: str, selling: bool, data=None) -> Dist:
    """The price rolled for a Cargo card: (sum of dice) × per_pip × units / 10 (ASSUMPTION).

    Rules: Pillage & Plunder › Sell Cargo
    Rules: Pillage & Plunder › Buy Cargo
    """
    data = data or _components.load()
    info = data.cargo_prices[data.cargo_kind(card)]
    dice = info["sell_dice" if selling else "buy_dice"]
    units = data.cargo_units(card)
    return Dist.die(6).repeat_sum(dice).map(lambda total: total * info["per_pip"] * units // 10)


def merchant_prize(strength: int, data=None) -> Dist:
    """The coins rolled on capturing a merchant: dice × 1000 (the strength-2 ship is printed).

    Rules: Pillage & Plunder › Example 2: Player Vs. Merchant Ship
    """
    data = data or _components.load()
    if strength not in data.merchants:
        raise InvalidInput(f"Merchant ships have strength {sorted(data.merchants)}, not {strength}.")
    m = data.merchants[strength]
    return Dist.die(6).repeat_sum(m["prize_dice"]).map(lambda total: total * m["prize_per_pip"])
