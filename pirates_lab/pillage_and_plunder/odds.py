"""Exact odds off the battlefield: treasure hunts, hands of cards, cargo prices, prizes.

Rules: Pillage & Plunder › Treasure Hunt
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from pirates_lab.core import Dist, InvalidInput, saveable
from pirates_lab.core.deck import hand_at_least

from . import components as _components
from .headings import RULE_CARD_FREQUENCY, RULE_GAME_SETUP


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
    if not isinstance(cartographer, bool):
        raise InvalidInput(f"cartographer is True or False, not {cartographer!r}.")
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
    cards_by_name = {name.lower(): name for name in data.counts}
    categories_by_name = {name.lower(): name for name in data.categories}
    cards: list[str] = []
    for name in names:
        if not isinstance(name, str):
            raise InvalidInput(f"A card or category is named by a text, not {name!r}.")
        wanted = " ".join(name.split()).lower()
        if wanted in cards_by_name:
            cards.append(cards_by_name[wanted])
        elif wanted in categories_by_name:
            cards.extend(data.categories[categories_by_name[wanted]])
        else:
            raise InvalidInput(f"No card or category {name!r} in the Card Frequency table. Categories: "
                               f"{', '.join(data.categories)}. Cards: {', '.join(data.counts)}.")
    if len(set(cards)) != len(cards):
        raise InvalidInput(f"{key!r} names a card twice.")
    return tuple(cards)


def hand_probability(at_least: Mapping | None = None, hand_size: int = 5, players: int = 4, data=None, *,
                     why: bool = False):
    """Probability that a hand of ``hand_size`` cards dealt from the deck holds at least the
    given counts.  The deck is the 298 cards less every player's starting kit.  With ``why=True``: the
    :class:`~pirates_lab.core.why.Why` tree of its hypergeometric terms (the same counts).

    >>> hand_probability({"Attack": 1}) == 1 - Fraction(math.comb(298 - 16 - 15, 5), math.comb(298 - 16, 5))
    True

    Rules: Pillage & Plunder › Game Setup
    Rules: Pillage & Plunder › Card Frequency
    """
    from .game import Game      # the player range is the Game's (imported late: the game imports odds)

    data = data or _components.load()
    if at_least is not None and not isinstance(at_least, Mapping):
        raise InvalidInput(f"at_least maps card names to counts, e.g. {{'Attack': 1}}, not {at_least!r}.")
    at_least = {"Attack": 1} if at_least is None else dict(at_least)
    low, high = Game.min_players, Game.max_players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise InvalidInput(f"Pillage & Plunder is for {low} to {high} players, not {players!r}.")
    deck = data.deck_after_setup(players)
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 0 <= hand_size <= deck.size:
        raise InvalidInput(f"hand_size must be 0 to {deck.size}, got {hand_size!r}.")
    groups = {}
    names = {}
    for key, need in at_least.items():
        if isinstance(need, bool) or not isinstance(need, int) or need < 0:
            raise InvalidInput(f"The count for {key!r} must be a whole number >= 0, got {need!r}.")
        cards = expand_card_names(key, data)
        groups[cards] = need
        names[cards] = " or ".join(key) if isinstance(key, tuple) else str(key)
    seen = [c for cards in groups for c in cards]
    if len(seen) != len(set(seen)):
        raise InvalidInput("A card is counted in two groups.")
    counts = deck.counts()
    sizes = [(names[cards], sum(counts.get(card, 0) for card in cards), need) for cards, need in groups.items()]
    other = deck.size - sum(size for _, size, _ in sizes)
    return hand_at_least(sizes, other, hand_size, why=why, rule=RULE_GAME_SETUP, group_rule=RULE_CARD_FREQUENCY)


def cargo_price(card: str, selling: bool, data=None) -> Dist:
    """The price rolled for a Cargo card: (sum of dice) × per_pip × units / 10 (ASSUMPTION).

    Rules: Pillage & Plunder › Sell Cargo
    Rules: Pillage & Plunder › Buy Cargo
    """
    data = data or _components.load()
    cargo = {name.lower(): name for name in data.categories.get("Cargo", {})}
    if not isinstance(card, str) or " ".join(card.split()).lower() not in cargo:
        raise InvalidInput(f"No Cargo card {card!r}; Cargo cards: {', '.join(cargo.values())}.")
    if not isinstance(selling, bool):
        raise InvalidInput(f"selling is True (selling) or False (buying), not {selling!r}.")
    card = cargo[" ".join(card.split()).lower()]
    info = data.cargo_prices[data.cargo_kind(card)]
    dice = info["sell_dice" if selling else "buy_dice"]
    units = data.cargo_units(card)
    return Dist.die(6).repeat_sum(dice).map(lambda total: total * info["per_pip"] * units // 10)


def merchant_prize(strength: int, data=None) -> Dist:
    """The coins rolled on capturing a merchant: dice × 1000 (the strength-2 ship is printed).

    Rules: Pillage & Plunder › Example 2: Player Vs. Merchant Ship
    """
    data = data or _components.load()
    if isinstance(strength, bool) or not isinstance(strength, int) or strength not in data.merchants:
        raise InvalidInput(f"Merchant ships have strength {sorted(data.merchants)}, not {strength!r}.")
    m = data.merchants[strength]
    return Dist.die(6).repeat_sum(m["prize_dice"]).map(lambda total: total * m["prize_per_pip"])
