"""Components of Plunder (2013): map cards, clue decks, pirates — read from ``data/components.toml``.

Rules: Plunder (2013) › Setup

Three categories of map cards (island, marker, trap), each numbered 1..n with a name.  Cards are
plain ints 1..n everywhere in the package; names are for people.
"""
from __future__ import annotations

from functools import lru_cache

from pirates_lab.core import load_data

from .headings import GAME, RULE_SETUP

__all__ = ["CATEGORIES", "GAME", "components", "card_name", "pirate_name", "location_name", "steal_points", "RULE_SETUP"]

CATEGORIES = ("island", "marker", "trap")


@lru_cache(maxsize=None)
def components() -> dict:
    """The parsed ``components.toml`` (cached; treat as read-only)."""
    return load_data(GAME, "components.toml")


def steal_points(place: int) -> int:
    """Points for the ``place``-th finder of a treasure (0 = first): 3, 2, 1, then 0.

    Rules: Plunder (2013) › Game End and Scoring
    """
    steal = components()["scoring"]["steal"]
    return steal[place] if 0 <= place < len(steal) else 0


def card_name(category: str, card: int) -> str:
    """``card_name("island", 1)`` -> ``"Whale Island"``; cards past the named ones get a number."""
    if category not in CATEGORIES:
        raise KeyError(f"No map-card category {category!r}; known: {', '.join(CATEGORIES)}")
    names = components()["names"][category]
    return names[card - 1] if 1 <= card <= len(names) else f"{category.title()} {card}"


def pirate_name(player: int) -> str:
    names = components()["names"]["pirates"]
    return names[player] if 0 <= player < len(names) else f"Pirate {player + 1}"     # seats count from 1 for people


def location_name(location: tuple[int, int, int]) -> str:
    """``(1, 2, 3)`` -> ``"Whale Island / Shipwreck / Rolling Boulder"``."""
    return " / ".join(card_name(c, x) for c, x in zip(CATEGORIES, location))
