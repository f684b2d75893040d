"""Advisors built on the exact solver: which extra clue to flip, and whether to dig now.

Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Digging Up Treasure

Flip advisor.  The answers are fixed by the deal, so what a day teaches is exactly the entropy
of its answer vector: information gain = H(answers | clue) in bits.  Flipping one more card of a
deck replaces that category's clue by a random card drawn from the deck's remaining cards, so its
value is the average of H over that draw.  The answer distributions are exact (counts of deals);
only the entropy, a logarithm, is a float.

Dig advisor.  Your own race for one rival's treasure over the coming days: digging on day t from
now is worth ``q_t x points_t`` — the chance your best guess is right then, exact for every day it
looks at (:mod:`.look_ahead`; tomorrow's clue is the top card of each deck, ASSUMPTION: no extra
flip), up to the first day the rival answers by default — times the points you can still steal when
other pirates may dig first (``overtake`` per pirate per day, an ASSUMPTION you set).  Later days
are not guessed at.  Scarce crew cards (fewer than the treasures left) go to the likeliest
treasures.  See :func:`dig_advice` for the model.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from pirates_lab.core import InvalidInput
from pirates_lab.core.errors import shown

from .components import CATEGORIES, components, location_name, pirate_name, steal_points
from .deduction import Deduction, _parse_cards
from .look_ahead import MAX_HORIZON, look_ahead

__all__ = ["FlipOption", "flip_advice", "DigAdvice", "dig_advice", "race_points", "entropy_bits", "steal_points",
           "hunters_for", "MAX_HORIZON"]


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


#: the most deals :func:`dig_advice` weighs for tomorrow (each clue the decks can show is counted over
#: every deal: 12 cards a category, 60,000 deals take 0.3 s, so 100,000 about 0.5 s; 1.3 million took 11 s)
MAX_DEAL_LIMIT = 100_000
#: the most days :func:`dig_advice` plans ahead (the Game's ``max_days`` option goes up to 100)
MAX_DAYS = 100


def _deduction(deduction) -> Deduction:
    if not isinstance(deduction, Deduction):
        raise InvalidInput(f"deduction must be a Deduction (what one pirate knows), got {shown(deduction)}.")
    return deduction


def _seat(deduction: Deduction, value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < deduction.players:
        raise InvalidInput(f"{name} must be a player number from 0 to {deduction.players - 1}, got {shown(value)}.")
    return value


def _decks(decks, cards: int) -> Mapping:
    if not isinstance(decks, Mapping):
        raise InvalidInput(f"decks must be a dict {{category: {{card: copies left}}}} for {', '.join(CATEGORIES)}, "
                           f"got {shown(decks)}.")
    unknown = [k for k in decks if k not in CATEGORIES]
    if unknown:
        raise InvalidInput(f"decks has unknown categories {shown(unknown)}; the clue decks are {', '.join(CATEGORIES)}.")
    for category in CATEGORIES:
        _deck_counts(decks, category, cards)
    return decks


def _deck_counts(decks: Mapping, category: str, cards: int) -> dict[int, int]:
    counts = decks.get(category, {}) if isinstance(decks, Mapping) else {}
    if not isinstance(counts, Mapping):
        raise InvalidInput(f"deck {category} must be a dict {{card: copies left}}, got {shown(counts)}.")
    clean = {}
    for card, n in dict(counts).items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or not isinstance(card, int) or not 1 <= card <= cards:
            raise InvalidInput(f"deck {category}: counts must be whole numbers >= 0 for cards 1..{cards}, "
                               f"got {shown(card)}: {shown(n)}.")
        if n:
            clean[card] = n
    return clean


def flip_advice(deduction: Deduction, clue, decks: Mapping, asker: int | None = None) -> list[FlipOption]:
    """Every choice of the extra flip, best first, with its exact expected information gain.

    ``clue``: the three cards flipped; ``decks``: ``{"island": {card: copies left}, ...}``;
    ``asker``: whose turn it is (default: you).  Bad values raise InvalidInput before any work.
    """
    deduction = _deduction(deduction)
    asker = deduction.me if asker is None else _seat(deduction, asker, "asker")
    clue = _parse_cards(clue, "clue", deduction.cards)
    decks = _decks(decks, deduction.cards)
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
    """Expected points of sending a crew card for one rival's treasure now or on a later day.

    ``plan`` lists, for each day ``t`` from now to the ``horizon`` (the days looked at exactly),
    (t, chance the best guess is right then, expected points for a right guess then, expected
    value); ``best_day`` is the first day with the highest value.  ``wait`` is the best value of
    any later day looked at (None when the look-ahead was not computed: too many deals or too much
    work; the note says which).
    """

    rival: int
    location: tuple[int, int, int]
    probability: Fraction           # P(rival's treasure is at ``location``) now
    now: Fraction                   # expected points of digging now
    wait: Fraction | None           # best expected points of digging on a later day
    tomorrow_best: Fraction | None  # E[max probability after tomorrow's answers] (exact)
    note: str
    plan: tuple[tuple[int, Fraction, Fraction, Fraction], ...] = ()
    best_day: int = 0
    keep_card: bool = False         # crew cards are scarce and likelier treasures need them
    horizon: int = 0                # the days looked at exactly

    @property
    def dig_now(self) -> bool:
        if self.keep_card:
            return False
        return self.wait is None and self.probability == 1 or self.wait is not None and self.best_day == 0

    def __str__(self) -> str:
        verdict = ("keep the crew card" if self.keep_card else "dig now" if self.dig_now
                   else "wait" if self.wait is None      # waiting not weighed: no best day to name (the note says why)
                   else f"wait (best in {self.best_day} day{'s' if self.best_day != 1 else ''})")
        wait = "?" if self.wait is None else f"{float(self.wait):.3f}"
        return (f"{pirate_name(self.rival)} at {location_name(self.location)}: P = {float(self.probability):.1%}; "
                f"dig now {float(self.now):.3f} points, best later {wait} points → {verdict}. {self.note}")


def _whole(value, name: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or high is not None and value > high:
        span = f"of at least {low}" if high is None else f"from {low} to {high}"
        raise InvalidInput(f"{name} must be a whole number {span}, got {shown(value)}.")
    return value


def race_points(finders_before: int, hunters: int, overtake: Fraction, days: int) -> Fraction:
    """Expected points of a right guess sent ``days`` from now, when each of ``hunters`` other
    pirates finds the treasure first on any one day with chance ``overtake`` (independently).

    Rules: Plunder (2013) › Game End and Scoring — "The player who sent the Crew Card there first
    steals 3 Treasure points ... The second ... 2 ... the third receives 1".
    """
    found = 1 - (1 - overtake) ** days
    return sum(Fraction(math.comb(hunters, j)) * found ** j * (1 - found) ** (hunters - j)
               * steal_points(finders_before + j) for j in range(hunters + 1))


def hunters_for(crew, me: int, rival: int) -> int:
    """The other pirates racing you for ``rival``'s treasure: those with crew cards left, but
    neither you nor the rival (nobody digs for his own treasure).

    >>> hunters_for([4, 4, 0, 2], me=0, rival=1)
    1
    """
    return sum(1 for p, left in enumerate(crew) if left and p not in (me, rival))


def _horizon(deduction: Deduction, rival: int, next_asker: int, days_left: int, horizon) -> int:
    """The days looked at: by default up to the first one on which the rival answers (he does not
    answer on his own turn), so a day that teaches little is never taken for the whole future."""
    if horizon is None:
        horizon = 2 if next_asker == rival else 1
    return min(_whole(horizon, "horizon", 1, MAX_HORIZON), days_left)


def dig_advice(deduction: Deduction, rival: int, *, decks: Mapping | None = None, next_asker: int | None = None,
               days_left: int = 1, finders_before: int = 0, overtake: Fraction | int | None = None,
               hunters: int | None = None, crew_left: int | None = None, rivals_left: int | None = None,
               deal_limit: int = 50_000, horizon: int | None = None, copies: int | None = None) -> DigAdvice:
    """Dig for ``rival``'s most likely location now, or on a coming day?  The model it solves:

    * **Your race for this treasure over the days it looks at.**  Digging on day t (0 = now) is
      worth ``q_t x points_t``; the best day has the highest value (the earliest on a tie), and
      "dig now" means no day looked at beats today.
    * ``q_t`` — the chance your best guess is right after t more days of answers, EXACT for every
      day looked at (:func:`.look_ahead.look_ahead`: each coming day's clue is the top card of each
      deck, drawn from ``decks`` without replacement — ASSUMPTION: no extra flip — and every
      consistent deal is equally likely).  ``horizon`` days are looked at (at most
      :data:`MAX_HORIZON`; default: up to the first day the rival answers — he does not answer
      when it is his turn to ask, so tomorrow alone may teach nothing about him).  Days after the
      horizon are not guessed at: a dig then is worth at most ``points_t`` (a certain guess), and
      the note says so.
    * ``points_t`` — each of ``hunters`` other pirates with crew cards (default: everyone but you
      and the rival; :func:`hunters_for` counts them from the crew cards) finds it first on any
      day with chance ``overtake`` (ASSUMPTION, default from ``data/components.toml`` [advisor]:
      1/10); you then steal 3, 2, 1 or 0 by your place (:func:`race_points`).
    * **Crew cards.**  With ``crew_left`` cards and ``rivals_left`` treasures still to dig for
      (this one included), fewer cards than treasures make a card scarce: dig for this rival
      only if its treasure is among the ``crew_left`` likeliest (``keep_card`` otherwise).

    Bounded: the look-ahead enumerates the consistent deals (above ``deal_limit``, at most
    100,000, it is not tried) and counts its work before doing it (more than about a second is
    not started); then ``wait`` is None and the note says why.  Every value is an exact Fraction.
    Bad values raise InvalidInput before any work.
    """
    deduction = _deduction(deduction)
    if isinstance(rival, bool) or not isinstance(rival, int) or rival not in deduction.rivals():
        whose = ("no player number" if isinstance(rival, bool) or not isinstance(rival, int)
                 else "your own seat" if rival == deduction.me else "no rival at this table")
        raise InvalidInput(f"rival must be another pirate, one of {list(deduction.rivals())}; {shown(rival)} is {whose}.")
    try:
        overtake = Fraction(components()["advisor"]["overtake"] if overtake is None else overtake)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        raise InvalidInput(f"overtake must be a probability from 0 to 1, got {shown(overtake)}.") from None
    if not 0 <= overtake <= 1:
        raise InvalidInput(f"overtake must be a probability from 0 to 1, got {shown(overtake)}.")
    days_left = _whole(days_left, "days_left", 0, MAX_DAYS)
    others = deduction.players - 2                      # every pirate but you and the rival
    finders_before = _whole(finders_before, "finders_before", 0, others)
    hunters = _whole(others if hunters is None else hunters, "hunters", 0, others)
    deal_limit = _whole(deal_limit, "deal_limit", 0, MAX_DEAL_LIMIT)
    next_asker = deduction.me if next_asker is None else _seat(deduction, next_asker, "next_asker")
    copies = _whole(components()["game"]["clue_copies"] if copies is None else copies, "copies", 1, 20)
    if horizon is not None:
        _whole(horizon, "horizon", 1, MAX_HORIZON)
    if decks is not None:
        decks = _decks(decks, deduction.cards)
    scarcity = crew_left is not None or rivals_left is not None
    if scarcity:
        crew_left = _whole(crew_left if crew_left is not None else len(deduction.rivals()), "crew_left", 1)
        rivals_left = _whole(rivals_left if rivals_left is not None else len(deduction.rivals()), "rivals_left", 1)
    likeliest = deduction.most_likely()
    location, probability = likeliest[rival]

    def points(t: int) -> Fraction:
        return race_points(finders_before, hunters, overtake, t)

    now = probability * points(0)
    keep_card, scarce = False, ""
    if scarcity and crew_left < rivals_left:
        better = sum(1 for p, (_, q) in likeliest.items() if p != rival and q > probability)
        keep_card = better >= crew_left
        scarce = (f" Crew cards are scarce ({crew_left} for {rivals_left} treasures): "
                  + ("keep this one for a likelier treasure." if keep_card else "this treasure is worth one."))
    plan0 = ((0, probability, points(0), now),)
    if days_left <= 0:
        return DigAdvice(rival, location, probability, now, Fraction(0), None,
                         "No days left: waiting is worth nothing." + scarce, plan0, 0, keep_card, 0)
    days = _horizon(deduction, rival, next_asker, days_left, horizon)
    if probability == 1:
        chances = [Fraction(1)] * days                 # certain now: certain on every later day
    else:
        if decks is None:
            decks = {c: {x: copies for x in range(1, deduction.cards + 1)} for c in CATEGORIES}
        chances, why_not = _chances(deduction, rival, decks, next_asker, days, deal_limit, copies)
        if chances is None:
            return DigAdvice(rival, location, probability, now, None, None, why_not + scarce, plan0, 0, keep_card, 0)
    plan = tuple((t, q, points(t), q * points(t)) for t, q in enumerate([probability] + chances))
    best_day = max(range(len(plan)), key=lambda t: (plan[t][3], -t))
    wait = max(row[3] for row in plan[1:])
    looked = f"the next {days} days" if days > 1 else "tomorrow"
    note = (f"Looking exactly at {looked}: the best guess becomes {float(plan[-1][1]):.1%} likely on average; "
            f"the best day to dig is {'today' if best_day == 0 else 'tomorrow' if best_day == 1 else f'in {best_day} days'}.")
    if days < days_left:
        note += (f" Later days are not weighed (a dig then is worth at most {float(points(days + 1)):.3f} points, "
                 f"if the guess were certain).")
    return DigAdvice(rival, location, probability, now, wait, chances[0], note + scarce, plan, best_day, keep_card, days)


def _chances(deduction: Deduction, rival: int, decks: Mapping, next_asker: int, days: int, deal_limit: int,
             copies: int) -> tuple[list[Fraction] | None, str]:
    """q_1 .. q_days exactly (:func:`.look_ahead.look_ahead`), or None and the reason in words."""
    post = deduction.posterior
    counts = [_deck_counts(decks, c, deduction.cards) for c in CATEGORIES]
    if not all(counts):
        raise InvalidInput("Every clue deck needs at least one card to look a day ahead.")
    deals = post.deals(deal_limit)
    if deals is None:
        return None, f"More than {deal_limit:,} deals still fit: too early to weigh waiting exactly."
    askers = [(next_asker + t) % deduction.players for t in range(days)]
    answering = [[post.others.index(p) for p in post.answering(a)] for a in askers]
    chances = look_ahead(deals, post.others.index(rival), deduction.cards, counts, copies, answering)
    if chances is None:
        return None, (f"Weighing {days} days over {len(deals):,} deals would take too long: "
                      f"too early to weigh waiting exactly.")
    return chances, ""
