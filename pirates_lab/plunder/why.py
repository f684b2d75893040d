"""Why each Plunder number is what it is: the combat chain step by step (the cards placed), the Letter of
Marque contest (the contesters' highest card), the Storm (its place in the deck) and the loot of the top
card, as :class:`~pirates_lab.core.why.Why` trees built from the counts that give the numbers.

>>> from pirates_lab.plunder.odds import Side, npc_chain_odds
>>> odds = npc_chain_odds(Side(2, 1, 2), Side(4, 1, 2), draws=1, unseen={"Open Sea": 1, "Coastland": 1})
>>> print(odds.why().text())
You win the whole combat (Engagement, Broadside, Boarding): 50.00% (1/2) [Rules: Combat]
  Engagement: your speed 2 against 4, behind by 2: play a 2: 50.00% (1/2) [Rules: Engagement]
    Broadside: your cannon 1 against 1: no card needed: 50.00% (1/2) [Rules: Broadside]
      Boarding: your crew 2 against 2: no card needed: 50.00% (1/2) [Rules: Boarding]

Rules: Plunder › Combat
"""
from __future__ import annotations

import math
from fractions import Fraction

from pirates_lab.core.report import plural
from pirates_lab.core.why import Why

from .headings import (RULE_ACTION, RULE_BOARDING, RULE_BROADSIDE, RULE_CAPTAIN, RULE_COMBAT, RULE_ENGAGEMENT,
                       RULE_RESULTS, RULE_SAIL, RULE_WAR)
from .odds import STATS, loot_cards, need

__all__ = ["chain_why", "marque_why", "storm_why", "loot_why"]

#: each combat step's heading ("engagement" -> Engagement, ...)
RULE_STEP = {"engagement": RULE_ENGAGEMENT, "broadside": RULE_BROADSIDE, "boarding": RULE_BOARDING}
assert set(RULE_STEP) == set(STATS)

def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def chain_why(odds) -> Why:
    """Why the combat is won as often as ``odds.win`` says (``odds`` a
    :class:`~pirates_lab.plunder.odds.ChainOdds` from :func:`~pirates_lab.plunder.odds.npc_chain_odds` or
    :func:`~pirates_lab.plunder.odds.captain_fight`): a level for each step, a branch for each card placed
    there, read from the hands the answer was counted from."""
    if odds.plays is None:
        return Why("You win the whole combat", odds.win, RULE_COMBAT)
    kind = odds.about[0]
    if kind == "npc":
        _, me, enemy, steps, _, _, attacked = odds.about
        won = {detail: p for (end, detail), p in odds.plays.items() if end == "won"}

        def words(j: int, used: tuple) -> str:
            step = steps[j]
            stat, mine, theirs = STATS[step], me.value(step), enemy.value(step)
            if need(me, enemy, step, attacked) <= 0:
                if step == "engagement" and me.reach() > mine:
                    return (f"{step.title()}: your ship's speed {me.reach()} against {theirs} (the Captured Ship does "
                            "not count): no card needed")
                return f"{step.title()}: your {stat} {mine} against {theirs}: no card needed"
            if attacked and mine >= theirs:
                return f"{step.title()}: your {stat} {mine} against {theirs}, a tie is the Pirates': play a {used[j]}"
            return f"{step.title()}: your {stat} {mine} against {theirs}, behind by {theirs - mine}: play a {used[j]}"

        title = (f"You win the whole combat ({', '.join(s.title() for s in steps)})" if not attacked else
                 f"You beat the Pirates who attack you ({', '.join(s.title() for s in steps)}; ties are theirs)")
        depth = len(steps)
    else:
        _, attacker, defender, flees, mine, their_hand = odds.about
        steps = (("engagement",) if flees else ()) + ("broadside", "boarding")
        won = {detail: p for (end, detail), p in odds.plays.items() if end == "attacker captures"}

        def words(j: int, theirs: tuple) -> str:
            step = steps[j]
            stat = STATS[step]
            card = theirs[j] if j < len(theirs) else 0
            own = mine[j] if j < len(mine) else 0
            placed = f"they place a {card}" if card else "they add nothing (no card left, or a 0)"
            return (f"{step.title()}: {placed}: their {stat} {defender.value(step)} + {card} against your "
                    f"{attacker.value(step)} + {own}")

        title = (f"You capture the captain's ship (they hold {plural(their_hand, 'unseen card')}; each side places "
                 f"its highest card left at every step, ties to the attacker)")
        depth = len(steps)

    def key_of(detail: tuple, j: int) -> tuple:
        """What step ``j`` shows of a play (the card placed), so plays that agree so far are one branch."""
        if kind == "npc":
            return detail[: j + 1]
        return tuple(detail[i] if i < len(detail) else 0 for i in range(j + 1))

    def expand(prefix):
        j = len(prefix)
        groups: dict[tuple, Fraction] = {}
        example: dict[tuple, tuple] = {}
        for detail, p in won.items():
            key = key_of(detail, j)
            if key[:j] == prefix:
                groups[key] = groups.get(key, Fraction(0)) + p
                example.setdefault(key, detail)
        return [(words(j, example[key]), p, RULE_STEP[steps[j]], key if j + 1 < depth else None)
                for key, p in sorted(groups.items())]

    return Why.grow(title, odds.win, expand, (), rule=RULE_COMBAT if kind == "npc" else RULE_CAPTAIN,
                    depth=depth, width=8)


def marque_why(mine: int, pool: dict[int, int], contesters: int, hand_size: int) -> Why:
    """Why a Letter of Marque is won as often as :func:`~pirates_lab.plunder.odds.marque_probability` says:
    a branch for each highest card the contesters can place, from yours down (ties are yours).

    The counts are the answer's: ``C(cards at most v, n) / C(unseen, n)`` for the ``n`` cards they hold."""
    cards = contesters * hand_size
    total = sum(pool.values())
    hands = math.comb(total, cards)

    def at_most(v: int) -> int:
        return sum(n for number, n in pool.items() if number <= v)

    answer = Fraction(math.comb(at_most(mine), cards), hands)
    title = (f"Your {mine} is equal to or greater than every card placed by {plural(contesters, 'contesting captain')} "
             f"({plural(hand_size, 'card')} each, {total} unseen)")
    if not cards:
        return Why(title, answer, RULE_WAR)
    below = sorted(number for number in pool if number <= mine)
    parts = []
    for i, v in enumerate(below):
        lower = at_most(below[i - 1]) if i else 0
        ways = math.comb(at_most(v), cards) - math.comb(lower, cards)
        if ways:
            tie = " (a tie: yours)" if v == mine else ""
            parts.append(Why(f"the highest of their {cards} cards is a {v}{tie} ({ways:,} of the {hands:,} ways to "
                             f"hold {cards} of the {total})", Fraction(ways, hands), RULE_ACTION))
    return Why(title, answer, RULE_WAR, tuple(reversed(parts))).bounded()


def storm_why(draws: int, deck_size: int, places: list[Fraction], answer: Fraction) -> Why:
    """Why the Storm comes within ``draws`` draws as often as :func:`~pirates_lab.plunder.odds.storm_within`
    says: each place it can have among the cards drawn (the places the answer adds up)."""
    title = f"The Storm comes within {plural(draws, 'draw')} of a deck of {deck_size}"
    return Why.grow(title, answer, lambda _: [(f"it is the {_ordinal(k)} card drawn", p, RULE_SAIL, None)
                                              for k, p in enumerate(places, 1)], "places", rule=RULE_SAIL,
                    depth=1, width=12)


def loot_why(unseen: dict, prize_cargo: int, room: int) -> Why:
    """The loot of the top card, every outcome (certain in all: the root is 1), and under each the cards
    that give it (the same cards :func:`~pirates_lab.plunder.odds.loot_dist` adds up)."""
    found = loot_cards(unseen, prize_cargo, room)
    total = sum(n for _, _, n in found)
    by_loot: dict[tuple, list] = {}
    for name, key, n in found:
        by_loot.setdefault(key, []).append((name, n))

    def expand(key):
        if key == "all":
            return [(f"{qty} {good}" if qty else f"no {good} (no room or no cargo)",
                     Fraction(sum(n for _, n in cards), total), RULE_RESULTS, loot)
                    for loot, cards in sorted(by_loot.items()) for good, qty in (loot,)]
        return [(f"the top card is {name} ({plural(n, 'copy', 'copies')} of the {total} unseen)", Fraction(n, total),
                 RULE_RESULTS, None) for name, n in sorted(by_loot[key])]

    return Why.grow(f"The loot of the top card (prize cargo {prize_cargo}, room {room})", Fraction(1), expand, "all",
                    rule=RULE_RESULTS, depth=2, width=8)
