"""Why each Plunder (2013) number is what it is: a Solution Grid cell (the deals that fit every answer,
counted after each day's clue, and split by where they put the rival's treasure) and the blind guesses of
``pirates-lab odds deals``, as :class:`~pirates_lab.core.why.Why` trees from the same counts.

The solver is read through its public API only (:class:`~pirates_lab.plunder_2013.deduction.Deduction`).

>>> from pirates_lab.plunder_2013.deduction import Deduction
>>> s = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
>>> s.record(asker=1, clues={"island": 3, "marker": 2, "trap": 6}, answers={0: "nay", 2: "aye", 3: "nay"})
>>> tree = posterior_why(s, 2, "island", 3)
>>> tree.p == s.marginals()[2]["island"][3], tree.label.split(":")[0]
(True, 'Barnacle Bill holds Parrot Island')

Rules: Plunder (2013) › Using the Solution Grids
"""
from __future__ import annotations

from fractions import Fraction
from math import perm

from pirates_lab.core import InvalidInput
from pirates_lab.core.report import plural
from pirates_lab.core.why import Why

from .components import CATEGORIES, card_name, location_name, pirate_name
from .headings import RULE_GRIDS, RULE_SETUP

__all__ = ["posterior_why", "deals_per_day", "deals_why"]

#: a blind guess's tree lists this many of the (equally likely) ways each category may lie
SHOWN = 2


def deals_per_day(deduction) -> list[int]:
    """The deals that fit every answer so far, before any clue and after each day (the same solver, fed the
    recorded days one at a time)."""
    from .deduction import Deduction

    replay = Deduction(deduction.players, deduction.me, dict(zip(CATEGORIES, deduction.my_cards)), deduction.cards)
    counts = [replay.count()]
    for record in deduction.records:
        replay.add(record, partial=len(record.answers) < deduction.players - 1)
        counts.append(replay.count())
    return counts


def posterior_why(deduction, player: int, category: str, card: int) -> Why:
    """Why a Solution Grid cell (``player`` holds ``card`` of ``category``) has the probability the grid shows:
    the deals of the rivals' cards that fit every answer, counted day by day (in the title), and those that
    give ``player`` the card, split by where they put that pirate's treasure (island, marker, trap).

    Rules: Plunder (2013) › Using the Solution Grids
    """
    explanation = deduction.why(player, category, card)        # checks player, category and card
    category, who, name = explanation.category, pirate_name(player), card_name(explanation.category, card)
    p = explanation.probability
    if player == deduction.me:
        words = "hold" if p else "do not hold"
        return Why(f"You {words} {name}: these are your own cards", p, RULE_SETUP)
    total = deduction.count()
    days = deals_per_day(deduction)
    counted = ", ".join(f"{n:,} after day {day}" for day, n in enumerate(days[1:], 1))
    title = (f"{who} holds {name}: {int(p * total):,} of the {total:,} deals that fit every answer "
             f"({days[0]:,} deals before any clue" + (f", {counted})" if counted else ")"))
    if not p:
        return Why(title, p, RULE_GRIDS)
    index = CATEGORIES.index(category)
    dist = deduction.location_distribution(player)

    def expand(_):
        return [(f"{who}'s treasure at {location_name(location)}: {int(q * total):,} of the {total:,} deals", q,
                 RULE_GRIDS, None) for location, q in dist.items() if location[index] == card]

    return Why.grow(title, p, expand, "locations", rule=RULE_GRIDS, depth=1, width=8)


def deals_why(players: int, cards: int, every: bool = False) -> Why:
    """Why a blind guess finds one rival's treasure (``every=False``) or every rival's (``every=True``) as often
    as :func:`~pirates_lab.plunder_2013.commands.deal_counts` says: category by category, each branch a way the
    cards may lie *and* the guess naming them (a guess as blind as the deal: any of the cards you do not hold).

    Rules: Plunder (2013) › Setup
    """
    from .commands import deal_counts

    counts = deal_counts(players, cards)                        # checks the table
    answer = counts["every_location"] if every else counts["one_location"]
    rivals, left = players - 1, cards - 1                       # you hold one card of each category
    ways = perm(left, rivals) if every else left                # how one category may lie for the rivals
    title = (f"A blind guess finds {'every rival' if every else 'one rival'}'s treasure "
             f"({plural(players, 'pirate')}, {cards} cards of each kind, {left} you do not hold)")
    def expand(key):
        c, reach = key
        category = CATEGORIES[c]
        share = Fraction(1, ways) * Fraction(1, ways)           # this way of lying, and the guess naming it
        rest = Fraction(1, ways) ** (3 - c - 1)                 # the later categories guessed right
        shown = min(ways, SHOWN)                                # every way is alike: a few, then the rest
        if every:
            said = [f"the rivals' {category} cards lie way {n} of {ways:,}, and the guess names it"
                    for n in range(1, shown + 1)]
        else:
            said = [f"their {category} card is card {n} of the {left} you do not hold, and the guess names it"
                    for n in range(1, shown + 1)]
        each = reach * share * rest
        parts = [(words, each, RULE_SETUP, (c + 1, reach * share) if c < 2 else None) for words in said]
        if ways > shown:
            parts.append(("other outcomes", each * (ways - shown), None, None, True))
        return parts

    return Why.grow(title, answer, expand, (0, Fraction(1)), rule=RULE_SETUP, depth=3, width=3)
