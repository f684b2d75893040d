"""Plunder (2013)'s ``pirates-lab odds`` subcommand: ``deals``.

Rules: Plunder (2013) › Setup

``pirates-lab odds deals --players 4 --cards 6``: how many ways the map cards can be dealt
("Deal an Island, Marker and Trap Map card face down to each player ... no duplicate cards"),
how many of them one pirate still has to tell apart once they have looked at their own three
cards, and the chance that a blind guess of one rival's location is right.  Exact integers
and Fractions, answered at once for every table the Game accepts (bounded by its options).
"""
from __future__ import annotations

from fractions import Fraction
from math import perm

from pirates_lab.core import InvalidInput
from pirates_lab.core.errors import shown
from pirates_lab.core.report import probability_line
from pirates_lab.core.why import WHY_HELP, why_block

from .components import components
from .engine import MAX_CARDS

__all__ = ["add_odds_commands", "deal_counts"]


def deal_counts(players: int, cards: int) -> dict[str, object]:
    """Exact deal counts for ``players`` pirates and ``cards`` cards per category.

    >>> deal_counts(4, 6)["table"], deal_counts(4, 6)["seat"]
    (46656000, 216000)
    """
    low, high = components()["game"]["min_players"], components()["game"]["max_players"]
    for name, value in (("players", players), ("cards", cards)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInput(f"--{name} must be a whole number, got {shown(value)}.")
    if not low <= players <= high:
        raise InvalidInput(f"Plunder (2013) is for {low} to {high} pirates, not {players}.")
    if not players <= cards <= MAX_CARDS:
        raise InvalidInput(f"--cards (per category) must be from {players} (one for each pirate) to {MAX_CARDS}, "
                           f"not {cards}.")
    rivals = players - 1
    return {
        "table": perm(cards, players) ** 3,                 # every deal of the whole table
        "seat": perm(cards - 1, rivals) ** 3,               # what one pirate cannot tell apart
        "one_location": Fraction(1, (cards - 1) ** 3),      # a blind guess at one rival's treasure
        "every_location": Fraction(1, perm(cards - 1, rivals) ** 3),
    }


def odds_deals(args) -> int:
    counts = deal_counts(args.players, args.cards)
    print(f"Plunder (2013), {args.players} pirates, {args.cards} map cards in each category:")
    print(f"  deals of the whole table:                      {counts['table']:,}")
    print(f"  deals you cannot tell apart after seeing yours: {counts['seat']:,}")
    print(probability_line("  P(a blind guess at one rival's treasure is right)", counts["one_location"]))
    print(probability_line("  P(guessing every rival's treasure blind)", counts["every_location"]))
    if args.why:
        from .why import deals_why

        print(why_block([deals_why(args.players, args.cards), deals_why(args.players, args.cards, every=True)]))
    return 0


def add_odds_commands(calculators) -> None:
    """Add ``deals`` to ``pirates-lab odds``."""
    deals = calculators.add_parser(
        "deals", help="Plunder (2013): how many deals, and the chance of a blind guess",
        description="Count the deals of the map cards (one island, marker and trap per pirate, no card twice) "
                    "and the chance that a guess with no clues at all finds a rival's treasure.")
    deals.add_argument("--players", type=int, default=4, help="pirates at the table (2-6)")
    deals.add_argument("--cards", type=int, default=components()["game"]["cards_per_category"],
                       help=f"map cards in each category (players to {MAX_CARDS})")
    deals.add_argument("--why", action="store_true", help=WHY_HELP)
    deals.set_defaults(run=odds_deals)
