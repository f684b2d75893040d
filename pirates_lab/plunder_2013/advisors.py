"""Advisors built on the exact solver: which extra clue to flip, and whether to dig now.

Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Digging Up Treasure

Flip advisor.  The answers are fixed by the deal, so what a day teaches is exactly the entropy
of its answer vector: information gain = H(answers | clue) in bits.  Flipping one more card of a
deck replaces that category's clue by a random card drawn from the deck's remaining cards, so its
value is the average of H over that draw.  The answer distributions are exact (counts of deals);
only the entropy, a logarithm, is a float.

Dig advisor.  Digging now for a rival's most likely location is worth
``P(right) x the points for your place among the finders``.  Waiting one day is worth
``E[max P(location | tomorrow's answers)] x the same points``: tomorrow's clue is the top card of
each deck (ASSUMPTION: no extra flip), drawn from the decks' remaining cards, and the answers come
from the exact posterior.  Both are exact Fractions.  Waiting gives better odds but risks a
rival digging first (``overtake``, an ASSUMPTION you set) and runs out of days.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pirates_lab.core import InvalidInput

from .components import CATEGORIES, components, location_name, pirate_name, steal_points
from .deduction import Deduction

__all__ = ["FlipOption", "flip_advice", "DigAdvice", "dig_advice", "entropy_bits", "steal_points"]


def entropy_bits(weights) -> float:
    """Shannon entropy in bits of integer weights."""
    weights = [w for w in weights if w]
    total = sum(weights)
    return -sum(w / total * math.log2(w / total) for w in weights) if total else 0.0


@dataclass(frozen=True)
class FlipOption:
    """Keep the three clues (``category is None``) or flip one more card of ``category``."""

    category: str | None
    bits: float                       # expected information gain (entropy of the answers)
    draws: tuple[tuple[int, Fraction, float], ...]   # (new card, probability, bits) for a flip

    def __str__(self) -> str:
        what = "keep the three clues" if self.category is None else f"flip one more {self.category} card"
        return f"{what}: expected information {self.bits:.3f} bits"


def _deck_counts(decks: Mapping, category: str, cards: int) -> dict[int, int]:
    counts = decks.get(category, {}) if isinstance(decks, Mapping) else {}
    clean = {}
    for card, n in dict(counts).items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or not isinstance(card, int) or not 1 <= card <= cards:
            raise InvalidInput(f"deck {category}: counts must be whole numbers >= 0 for cards 1..{cards}, got {card!r}: {n!r}.")
        if n:
            clean[card] = n
    return clean


def flip_advice(deduction: Deduction, clue, decks: Mapping, asker: int | None = None) -> list[FlipOption]:
    """Every choice of the extra flip, best first, with its exact expected information gain.

    ``clue``: the three cards flipped; ``decks``: ``{"island": {card: copies left}, ...}``.
    """
    asker = deduction.me if asker is None else asker
    clue = tuple(clue[c] for c in CATEGORIES) if isinstance(clue, Mapping) else tuple(clue)
    post = deduction.posterior

    def bits(q) -> float:
        return entropy_bits(post.answer_counts(q, asker).values())

    options = [FlipOption(None, bits(clue), ())]
    for c, category in enumerate(CATEGORIES):
        counts = _deck_counts(decks, category, deduction.cards)
        total = sum(counts.values())
        if not total:
            continue
        draws = []
        for card, n in sorted(counts.items()):
            q = clue[:c] + (card,) + clue[c + 1:]
            draws.append((card, Fraction(n, total), bits(q)))
        expected = sum(float(p) * b for _, p, b in draws)
        options.append(FlipOption(category, expected, tuple(draws)))
    options.sort(key=lambda o: -o.bits)
    return options


@dataclass(frozen=True)
class DigAdvice:
    """Expected points for sending a crew card now against waiting one more day."""

    rival: int
    location: tuple[int, int, int]
    probability: Fraction           # P(rival's treasure is at ``location``) now
    now: Fraction                   # expected points of digging now
    wait: Fraction | None           # expected points after one more day (None: not computed)
    tomorrow_best: Fraction | None  # E[max probability after tomorrow's answers]
    note: str

    @property
    def dig_now(self) -> bool:
        return self.wait is None and self.probability == 1 or self.wait is not None and self.now >= self.wait

    def __str__(self) -> str:
        verdict = "dig now" if self.dig_now else "wait a day"
        wait = "?" if self.wait is None else f"{self.wait} ≈ {float(self.wait):.3f}"
        return (f"{pirate_name(self.rival)} at {location_name(self.location)}: P = {self.probability}; "
                f"dig now {self.now} ≈ {float(self.now):.3f} points, wait {wait} points → {verdict}. {self.note}")


def dig_advice(deduction: Deduction, rival: int, *, decks: Mapping | None = None, next_asker: int | None = None,
               days_left: int = 1, finders_before: int = 0, overtake: Fraction | int = 0,
               deal_limit: int = 50_000) -> DigAdvice:
    """Dig for ``rival``'s most likely location now, or wait a day?

    ``finders_before``: rivals you think already found it (your place among finders);
    ``overtake``: the chance (ASSUMPTION, default 0) that one more rival finds it before you if
    you wait; ``days_left``: days after today (0: waiting is worth nothing).  The wait value is
    exact but enumerates the consistent deals: it is left out (None) above ``deal_limit`` deals.
    """
    if rival not in deduction.rivals():
        whose = "your own seat" if rival == deduction.me else "no rival at this table"
        raise InvalidInput(f"rival must be another pirate, one of {list(deduction.rivals())}; {rival!r} is {whose}.")
    overtake = Fraction(overtake)
    if not 0 <= overtake <= 1:
        raise InvalidInput(f"overtake must be a probability from 0 to 1, got {overtake}.")
    location, probability = deduction.most_likely()[rival]
    value = steal_points(finders_before)
    now = probability * value
    if days_left <= 0:
        return DigAdvice(rival, location, probability, now, Fraction(0), None,
                         "No days left: waiting is worth nothing.")
    later = (1 - overtake) * value + overtake * steal_points(finders_before + 1)
    if decks is None:
        decks = {c: {x: components()["game"]["clue_copies"] for x in range(1, deduction.cards + 1)} for c in CATEGORIES}
    best = tomorrow_best(deduction, rival, decks, deduction.me if next_asker is None else next_asker, deal_limit)
    if best is None:
        return DigAdvice(rival, location, probability, now, None, None,
                         f"More than {deal_limit} deals still fit: too early to weigh waiting exactly.")
    return DigAdvice(rival, location, probability, now, best * later, best,
                     f"Tomorrow's answers raise the best guess to {float(best):.3f} on average.")


def tomorrow_best(deduction: Deduction, rival: int, decks: Mapping, asker: int, deal_limit: int) -> Fraction | None:
    """E over tomorrow's clue and answers of max over locations of P(rival's location | answers)."""
    post = deduction.posterior
    deals = post.deals(deal_limit)
    if deals is None:
        return None
    n = deduction.cards
    j = post.others.index(rival)
    location = (deals[:, j, 0].astype(np.int64) * n + deals[:, j, 1]) * n + deals[:, j, 2]
    answering = [post.others.index(p) for p in post.answering(asker)]
    counts = [_deck_counts(decks, c, n) for c in CATEGORIES]
    if not all(counts):
        raise InvalidInput("Every clue deck needs at least one card to look a day ahead.")
    weight_total = math.prod(sum(c.values()) for c in counts)
    # bit j of a deal's answer code is "answering pirate j says Aye": an OR over the three
    # categories, so the code of a clue is the OR of one precomputed code per category
    codes = []
    for c in range(3):
        per_card = {}
        for card in counts[c]:
            hit = deals[:, :, c] == card - 1
            code = np.zeros(len(deals), dtype=np.int64)
            for bit, col in enumerate(answering):
                code |= hit[:, col].astype(np.int64) << bit
            per_card[card] = code
        codes.append(per_card)
    cells = n ** 3
    score = 0
    for ci, wi in counts[0].items():
        for cm, wm in counts[1].items():
            code_im = codes[0][ci] | codes[1][cm]
            for ct, wt in counts[2].items():
                key = (code_im | codes[2][ct]) * cells + location
                table = np.bincount(key, minlength=(1 << len(answering)) * cells)
                score += wi * wm * wt * int(table.reshape(-1, cells).max(axis=1).sum())
    return Fraction(score, weight_total * post.total)

