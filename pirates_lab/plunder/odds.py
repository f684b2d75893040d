"""Exact Plunder odds: each combat step and the whole chain, the Letter of Marque, loot, the Storm.

Rules: Plunder › Combat

Everything is a Fraction from counting hands: an unseen hand is a multiset drawn without
replacement from the cards you have not seen, grouped by card number (only numbers matter in a
fight), so a 6-card hand from 50 cards is a few hundred compositions, not millions of hands.

Two readings (ASSUMPTIONS, also in docs/plunder.md): in a fight between captains each side places
its highest card left at every step (the card is spent), and the attacker boards after winning the
Broadside.  Against a ship, Port or Natives the captain plays, at each step where it is behind, the
smallest card that is enough (this wins whenever any assignment of cards to steps does).

>>> chain = captain_fight(Side(2, 1, 2), Side(2, 1, 2), my_hand=[3], unseen={1: 10, 5: 10}, their_hand=1)
>>> chain.win, chain.steps["broadside"]
(Fraction(1, 2), Fraction(1, 2))
>>> storm_within(3, deck_size=40)
Fraction(3, 40)
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from pirates_lab.core import Deck, Dist, InvalidInput

from .components import Card, components
from .trade import crew_share

__all__ = ["Side", "side_of", "card_name", "ChainOdds", "need", "npc_chain", "npc_chain_odds", "captain_fight", "marque_probability",
           "loot_dist", "loot_cards", "loot_value", "attack_value", "storm_within", "unseen_numbers", "unseen_cards", "STEPS",
           "MAX_UNSEEN", "MAX_HAND"]

STEPS = ("engagement", "broadside", "boarding")
STATS = {"engagement": "speed", "broadside": "cannon", "boarding": "crew"}
#: bounds that keep every calculator well under a second
MAX_UNSEEN = 200
MAX_HAND = 7


@dataclass(frozen=True)
class Side:
    """The numbers a side fights with: speed (the lower with a Captured Ship), cannon, crew; ``own_speed``, with a
    Captured Ship, your own ship's speed (Engagement: a faster enemy flees, "any Captured Ship accompanying you does
    not count", but a card to catch up is added to the lower speed).  Rules: Plunder › Engagement"""

    speed: int
    cannon: int
    crew: int
    own_speed: int | None = field(default=None, repr=False)

    def __post_init__(self):
        for stat in ("speed", "cannon", "crew"):
            _whole(stat, getattr(self, stat), 0, 20)
        if self.own_speed is not None:
            _whole("own_speed", self.own_speed, self.speed, 20)

    def value(self, step: str) -> int:
        return getattr(self, STATS[step])

    def reach(self) -> int:
        """The speed that decides whether a ship you attack flees: your own ship's."""
        return self.speed if self.own_speed is None else self.own_speed


def _whole(name: str, value, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{name} is a whole number from {low} to {high}, not {value!r}.")
    return value


def _side(value, who: str) -> Side:
    if not isinstance(value, Side):
        raise InvalidInput(f"{who} is a Side(speed, cannon, crew), e.g. side_of('Pinnace'), not {value!r}.")
    return value


def _steps(steps) -> tuple:
    if isinstance(steps, str) or not isinstance(steps, (tuple, list)) or \
            not all(isinstance(s, str) and s in STATS for s in steps) or len(set(steps)) != len(steps):
        raise InvalidInput(f"The combat steps are some of {', '.join(STEPS)}, each once, in order; not {steps!r}.")
    return tuple(steps)


_KIND_WORDS = {"ship": "ship", "port": "Port", "natives": "Natives", "first_mate": "First Mate"}


def card_name(name, *kinds: str) -> str:
    """The card's name as printed, matched without regard to case (and "Pinnace" when kinds has "pinnace").

    >>> card_name("spanish GALLEON", "ship"), card_name("pinnace", "pinnace", "ship")
    ('Spanish Galleon', 'Pinnace')
    """
    deck = components()
    allowed = (["Pinnace"] if "pinnace" in kinds else []) + sorted(
        n for n, c in deck.cards.items() if not kinds or c.kind in kinds)
    words = [_KIND_WORDS.get(k, k.replace("_", " ")) for k in kinds if k != "pinnace"]
    what = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else (words[0] if words else "card")
    key = name.strip().lower() if isinstance(name, str) else None
    found = {n.lower(): n for n in allowed}.get(key)
    if found is None:
        other = {n.lower(): n for n in deck.cards}.get(key)
        if other:
            kind = deck.cards[other].kind.replace("_", " ")
            raise InvalidInput(f"{other} is a {kind} card, not a {what}; choose from: {', '.join(allowed)}.")
        raise InvalidInput(f"No {what} called {name!r}; choose from: {', '.join(allowed)}.")
    return found


def side_of(ship: str, mate: str | None = None, captured: str | None = None) -> Side:
    """A captain's fighting numbers: ``side_of("Spanish Galleon", mate="Master Gunner")``.

    >>> side_of("Pinnace"), side_of("English Brigantine", mate="Navigator", captured="Spanish Galleon")
    (Side(speed=2, cannon=1, crew=2), Side(speed=2, cannon=2, crew=3))
    """
    deck = components()
    ship = card_name(ship, "pinnace", "ship", "port", "natives")
    if ship == "Pinnace":
        values = {k: deck.pinnace[k] for k in STATS.values()}
    else:
        card = _card(ship, "ship", "port", "natives")
        values = {"speed": card.speed, "cannon": card.cannon,
                  "crew": card.garrison or card.warriors or card.crew}
    if mate:
        ability = _card(mate, "first_mate").ability
        if ability in values:
            values[ability] += 1
    if captured:
        values["own_speed"] = values["speed"]
        values["speed"] = min(values["speed"], _card(captured, "ship").speed)
    return Side(**values)


def _card(name: str, *kinds: str) -> Card:
    return components().card(card_name(name, *kinds))


def _numbers(cards: Iterable) -> list[int]:
    """Card names or numbers -> numbers."""
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise InvalidInput(f"A hand is a list of card names or numbers, not {cards!r}.")
    cards = list(cards)
    if len(cards) > MAX_HAND:
        raise InvalidInput(f"A hand holds at most {MAX_HAND} cards, not {len(cards)}.")
    found = []
    for c in cards:
        if isinstance(c, bool):
            raise InvalidInput("A card is a name or a number, not True/False.")
        if isinstance(c, int):
            if not 0 <= c <= 20:
                raise InvalidInput(f"A card number is between 0 and 20, not {c}.")
            found.append(c)
        elif isinstance(c, str):
            found.append(components().card(card_name(c)).number)
        else:
            raise InvalidInput(f"A card is a name or a number, not {c!r}.")
    if len(found) > MAX_HAND:
        raise InvalidInput(f"A hand holds at most {MAX_HAND} cards, not {len(found)}.")
    return found


def unseen_numbers(unseen: Mapping) -> dict[int, int]:
    """``{card name or number: copies}`` -> ``{number: copies}``, bounded."""
    if not isinstance(unseen, Mapping):
        raise InvalidInput(f"The unseen cards are a dict {{card name or number: copies}}, not {unseen!r}.")
    counts: dict[int, int] = {}
    for key, n in unseen.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_UNSEEN:
            raise InvalidInput(f"Copies of {key!r} must be a whole number from 0 to {MAX_UNSEEN}, not {n!r}.")
        (number,) = _numbers([key])
        counts[number] = counts.get(number, 0) + n
    if sum(counts.values()) > MAX_UNSEEN:
        raise InvalidInput(f"At most {MAX_UNSEEN} unseen cards, not {sum(counts.values())}.")
    return {k: v for k, v in sorted(counts.items()) if v}


def unseen_cards(observation: dict) -> dict[str, int]:
    """The cards a captain has not seen, from their observation: the deck, the others' hidden hands and the
    cards they placed face down."""
    left = components().full_deck()
    try:
        seen = [name for _, _, name in observation["sea"]] + list(observation["hand"])
        for seat, mat in enumerate(observation["captains"]):
            seen += [mat["ship"], mat["captured"], mat["first_mate"], mat["encounter"]]
            if seat != observation["player"]:  # your own shown cards are in your hand already
                seen += list(mat["shown"])
        seen += [w[0] for w in observation["wars"]] + [observation["offered"]]
        seen += list(observation.get("in_play", ()))  # an enemy's card, a prize: face up, out of the deck
        for held in (observation["combat"] or {}, observation["contest"] or {}):
            seen.append(held.get("my_card"))
        for name, n in observation["discard"].items():
            seen += [name] * int(n)
        hash(tuple(seen))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise InvalidInput("unseen_cards needs a Plunder observation (State.observation(player)).") from None
    for name in seen:
        if name and name != "Pinnace" and left.get(name):
            left[name] -= 1
    return {k: v for k, v in left.items() if v}


def _hands(unseen: dict[int, int], size: int, keep: int = MAX_HAND) -> Dist:
    """The Dist of an unseen hand's ``keep`` highest numbers (sorted highest first), counting hands exactly.

    One pass over the numbers, highest first, choosing how many of each the hand holds (``comb``
    weights); once ``keep`` numbers are known the rest of the hand only counts its ways.
    """
    total = sum(unseen.values())
    if isinstance(size, bool) or not isinstance(size, int) or not 0 <= size <= min(total, MAX_HAND):
        raise InvalidInput(f"Cannot draw a hand of {size} from {total} unseen cards (at most {MAX_HAND}).")
    numbers = sorted(unseen, reverse=True)
    below = [sum(unseen[n] for n in numbers[i:]) for i in range(len(numbers) + 1)]
    weights: dict = {}

    def walk(i: int, left: int, top: tuple, weight: int) -> None:
        if left == 0 or len(top) >= keep:
            weights[top] = weights.get(top, 0) + weight * math.comb(below[i], left)
            return
        if i == len(numbers):
            return
        n = numbers[i]
        for k in range(min(unseen[n], left) + 1):
            if below[i + 1] >= left - k:
                walk(i + 1, left - k, top + (n,) * min(k, keep - len(top)), weight * math.comb(unseen[n], k))

    walk(0, size, (), 1)
    return Dist(weights)


# ---------------------------------------------------------------- against a ship, a Port or Natives
@dataclass(frozen=True)
class ChainOdds:
    """P(win the whole chain), P(reach and win each step), and how it ends (a Dist of words).

    ``plays`` (when a calculator gives it) is what the answers were counted from: a Dist of ``(end, cards)``,
    the cards placed at each step reached, for the why tree (:meth:`why`)."""

    win: Fraction
    steps: dict = field(default_factory=dict)
    ends: Dist | None = None
    plays: Dist | None = field(default=None, compare=False, repr=False)
    about: tuple = field(default=(), compare=False, repr=False)      # (kind, sides and steps) for the labels

    def lines(self) -> list[tuple[str, Fraction]]:
        return [(f"win the {s.title()}", p) for s, p in self.steps.items()] + [("win the whole combat", self.win)]

    def why(self):
        """The :class:`~pirates_lab.core.why.Why` tree of :attr:`win`: step by step, the cards placed (see
        :func:`pirates_lab.plunder.why.chain_why`)."""
        from .why import chain_why
        return chain_why(self)


def _attacked_steps(steps: tuple, attacked) -> tuple:
    """Pirates attacking: they "always attack", so there is no chase (a captain who stands to fight goes to the
    Broadside) and the steps are the Broadside and the Boarding."""
    if not isinstance(attacked, bool):
        raise InvalidInput(f"attacked is True (Pirates attack you) or False (you attack), not {attacked!r}.")
    if attacked and "engagement" in steps:
        raise InvalidInput("When Pirates attack there is no chase: the steps are the Broadside and the Boarding "
                           "(a captain who flees does not fight).")
    return steps


def need(me: Side, enemy: Side, step: str, attacked: bool = False) -> int:
    """The smallest card number that wins ``step`` (0: none needed).  "Ties always favor the attacker": the
    captain's when they attack, the Pirates' when Pirates attack (``attacked``).  Rules: Plunder › Broadside

    >>> need(Side(2, 2, 3), Side(3, 3, 3), "broadside"), need(Side(2, 2, 3), Side(3, 3, 3), "broadside", attacked=True)
    (1, 2)
    >>> brig = side_of("English Brigantine", captured="Spanish Galleon")   # speed 3, the Galleon's 2
    >>> need(brig, side_of("Spanish Brigantine"), "engagement"), need(brig, side_of("Spanish Sloop"), "engagement")
    (0, 2)
    """
    if step == "engagement" and not attacked and me.reach() >= enemy.speed:
        return 0  # it does not flee: your own ship is as fast (the Captured Ship does not count)
    return max(0, enemy.value(step) - me.value(step) + (1 if attacked else 0))


def npc_chain(me: Side, enemy: Side, hand: Iterable, steps: tuple = STEPS, attacking: bool = True,
              attacked: bool = False) -> tuple[str, list]:
    """How a combat with a known hand ends: ``("won" | "escaped" | "sunk", cards used per step)``.

    The captain plays, when behind, the smallest card that is enough; ties go to the captain, or to the Pirates
    when they attack (``attacked``: the steps are then the Broadside and the Boarding).

    >>> npc_chain(Side(2, 1, 2), Side(4, 1, 2), ["Coastland", "Havana"])
    ('won', [2, 0, 0])
    >>> npc_chain(Side(2, 3, 3), Side(3, 3, 3), ["Open Sea", "Coastland"], ("broadside", "boarding"), attacked=True)
    ('won', [1, 2])
    """
    me, enemy, steps = _side(me, "me"), _side(enemy, "enemy"), _steps(steps)
    steps = _attacked_steps(steps, attacked)
    cards = sorted(_numbers(hand))
    used = []
    for step in steps:
        gap = need(me, enemy, step, attacked)
        if gap <= 0:
            used.append(0)
            continue
        enough = [c for c in cards if c >= gap]
        if not enough:
            return ("escaped" if step == "engagement" and attacking else "sunk"), used
        cards.remove(enough[0])
        used.append(enough[0])
    return "won", used


def npc_chain_odds(me: Side, enemy: Side, hand: Iterable = (), draws: int = 0, unseen: Mapping | None = None,
                   steps: tuple = STEPS, attacked: bool = False) -> ChainOdds:
    """Odds against a ship, Port or Natives for a hand you hold plus ``draws`` cards still to come from ``unseen``;
    ``attacked``: Pirates attack you (no chase; ties at the Broadside and the Boarding are theirs).

    >>> npc_chain_odds(Side(2, 1, 2), Side(4, 1, 2), draws=1, unseen={"Open Sea": 1, "Coastland": 1}).win
    Fraction(1, 2)
    >>> npc_chain_odds(Side(2, 2, 3), Side(3, 3, 3), draws=1, unseen={"Open Sea": 1, "Coastland": 1},
    ...                steps=("broadside",), attacked=True).win
    Fraction(1, 2)
    """
    me, enemy, steps = _side(me, "me"), _side(enemy, "enemy"), _steps(steps)
    steps = _attacked_steps(steps, attacked)
    known = _numbers(hand)
    pool = unseen_numbers({} if unseen is None else unseen)
    draws = _whole("draws", draws, 0, MAX_HAND)
    if len(known) + draws > MAX_HAND:
        raise InvalidInput(f"A hand holds at most {MAX_HAND} cards.")
    weights: dict = {}
    for extra, p in _hands(pool, draws).items():
        end, used = npc_chain(me, enemy, known + list(extra), steps, attacked=attacked)
        key = (end, tuple(used))
        weights[key] = weights.get(key, 0) + p
    plays = Dist.from_probabilities(weights)
    ends = plays.map(lambda k: (k[0], len(k[1])))
    reached = {}
    for i, step in enumerate(steps):
        reached[step] = ends.probability(lambda k, i=i: k[0] == "won" or k[1] > i)
    return ChainOdds(win=ends.probability(lambda k: k[0] == "won"), steps=reached, ends=ends.map(lambda k: k[0]),
                     plays=plays, about=("npc", me, enemy, steps, tuple(known), draws, attacked))


# ---------------------------------------------------------------- between captains
def _fight(attacker: Side, defender: Side, mine: list[int], theirs: tuple, flees: bool) -> str:
    """One fight with both hands known, each side placing its highest card left at every step."""
    mine, theirs = sorted(mine, reverse=True), list(theirs)

    def card(hand):
        return hand.pop(0) if hand else 0

    for step in (("engagement",) if flees else ()) + ("broadside", "boarding"):
        a = attacker.value(step) + card(mine)
        d = defender.value(step) + card(theirs)
        if step == "engagement" and d > a:
            return "escaped"
        if step == "broadside" and d > a:
            return "attacker sunk"
        if step == "boarding":
            return "attacker captures" if a >= d else "defender captures"
    raise AssertionError("unreachable")


def captain_fight(attacker: Side, defender: Side, my_hand: Iterable, unseen: Mapping, their_hand: int,
                  flees: bool = False) -> ChainOdds:
    """The attacker's odds against a captain whose ``their_hand`` cards are unseen.  Rules: Plunder › Attacking Another Captain"""
    attacker, defender = _side(attacker, "attacker"), _side(defender, "defender")
    mine = _numbers(my_hand)
    pool = unseen_numbers(unseen)
    weights: dict = {}
    plays: dict = {}
    for theirs, p in _hands(pool, their_hand, keep=3).items():
        end = _fight(attacker, defender, mine, theirs, flees)
        weights[end] = weights.get(end, 0) + p
        plays[(end, theirs)] = plays.get((end, theirs), 0) + p
    ends = Dist.from_probabilities(weights)
    steps = {}
    if flees:
        steps["engagement"] = 1 - ends.probability(lambda e: e == "escaped")
    steps["broadside"] = ends.probability(lambda e: e in ("attacker captures", "defender captures"))
    steps["boarding"] = ends["attacker captures"] if "attacker captures" in ends.outcomes() else Fraction(0)
    return ChainOdds(win=steps["boarding"], steps=steps, ends=ends, plays=Dist.from_probabilities(plays),
                     about=("captain", attacker, defender, flees, tuple(sorted(mine, reverse=True)), their_hand))


# ---------------------------------------------------------------- Letters of Marque, loot, Storm
def marque_probability(my_card, unseen: Mapping, contesters: int, hand_size: int, *, why: bool = False):
    """P(your card is equal to or greater than every contester's highest card); with ``why=True`` its
    :class:`~pirates_lab.core.why.Why` tree (:func:`pirates_lab.plunder.why.marque_why`).  Rules: Plunder › War

    >>> marque_probability(3, {1: 5, 3: 5, 6: 10}, contesters=1, hand_size=1)
    Fraction(1, 2)
    """
    mine, pool, cards = _marque_counts(my_card, unseen, contesters, hand_size)
    total = sum(pool.values())
    if why:
        from .why import marque_why
        return marque_why(mine, pool, contesters, hand_size)
    low = sum(n for number, n in pool.items() if number <= mine)
    return Fraction(math.comb(low, cards), math.comb(total, cards))


def _marque_counts(my_card, unseen: Mapping, contesters: int, hand_size: int) -> tuple[int, dict, int]:
    """Your card's number, the unseen numbers and how many cards the contesters hold (checked)."""
    (mine,) = _numbers([my_card])
    pool = unseen_numbers(unseen)
    if isinstance(contesters, bool) or not isinstance(contesters, int) or not 0 <= contesters <= 3:
        raise InvalidInput("From 0 to 3 captains may contest a Letter of Marque.")
    hand_size = _whole("hand_size", hand_size, 0, MAX_HAND)
    cards = contesters * hand_size
    total = sum(pool.values())
    if cards > total:
        raise InvalidInput(f"{contesters} hands of {hand_size} do not fit in {total} unseen cards.")
    return mine, pool, cards


def loot_dist(unseen: Mapping[str, int], prize_cargo: int, room: int) -> Dist:
    """The loot of the top card: (good, tokens), at most the prize's cargo and the room in your hold.

    Rules: Plunder › Results of a Combat
    """
    for label, value in (("prize_cargo", prize_cargo), ("room", room)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
            raise InvalidInput(f"{label} is a whole number from 0 to 99, not {value!r}.")
    weights: dict = {}
    for name, key, n in loot_cards(unseen, prize_cargo, room):
        weights[key] = weights.get(key, 0) + n
    if not weights:
        raise InvalidInput("There is no unseen card to turn over.")
    return Dist(weights)


def loot_cards(unseen: Mapping[str, int], prize_cargo: int, room: int) -> list[tuple[str, tuple, int]]:
    """Each unseen card's loot: ``(card, (good, tokens), copies)`` (what :func:`loot_dist` adds up)."""
    unseen_numbers(unseen)  # bounds and names
    found = []
    for name, n in unseen.items():
        if n:
            card = components().card(card_name(name) if isinstance(name, str) else name)
            good, qty = card.loot
            found.append((card.name, (good, min(qty, prize_cargo, room)), n))
    return found


def loot_value(loot: Dist, prices: Mapping[str, int]) -> Fraction:
    """Expected silver the loot sells for (before the crew's half)."""
    if not isinstance(loot, Dist):
        raise InvalidInput(f"loot is the Dist from loot_dist, not {loot!r}.")
    if not isinstance(prices, Mapping) or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99
                                                  for v in prices.values()):
        raise InvalidInput(f"prices is a dict {{good: silver from 0 to 99}}, not {prices!r}.")
    return loot.map(lambda gq: gq[1] * prices.get(gq[0], components().rules["tortuga_price"])).mean()


def attack_value(odds: ChainOdds, gain_if_won, loss_if_sunk: Fraction | int = 0) -> Fraction:
    """"Should I attack?" as expected silver: win × your half of the plunder − sunk × ``loss_if_sunk``.

    ``gain_if_won`` is what the plunder sells for, a number or a :class:`Dist` of it.  The captain keeps half of
    each sale, rounded down (Selling), so a Dist is halved outcome by outcome and then averaged — exact, never
    halved after averaging.  ``loss_if_sunk`` is 0 unless told: sinking costs no silver (If You Lose Your Ship
    takes the ship, its cargo, the First Mate and the hand).

    Rules: Plunder › Selling

    >>> attack_value(ChainOdds(Fraction(1, 2), ends=Dist({"won": 1, "sunk": 1})), 20)
    Fraction(5, 1)
    >>> attack_value(ChainOdds(Fraction(1, 2), ends=Dist({"won": 1, "sunk": 1})), Dist({7: 1, 8: 1}))
    Fraction(7, 4)
    """
    if not isinstance(odds, ChainOdds):
        raise InvalidInput(f"attack_value needs the ChainOdds of a combat, not {odds!r}.")
    if isinstance(gain_if_won, Dist):
        for silver in gain_if_won.outcomes():
            _silver("gain_if_won", silver)
        half = gain_if_won.map(lambda silver: crew_share(int(silver))).mean()
    else:
        half = Fraction(crew_share(int(_silver("gain_if_won", gain_if_won))))
    loss_if_sunk = _silver("loss_if_sunk", loss_if_sunk)
    ends = odds.ends
    sunk = ends.probability(lambda e: e in ("sunk", "attacker sunk", "defender captures")) if ends else Fraction(0)
    return odds.win * half - sunk * loss_if_sunk


def _silver(name: str, value) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or not 0 <= value <= 10_000:
        raise InvalidInput(f"{name} is an amount of silver from 0 to 10000, not {value!r}.")
    return Fraction(value)


def storm_within(draws: int, deck_size: int, *, why: bool = False):
    """P(the Storm, somewhere in a deck of ``deck_size``, comes within the next ``draws`` draws): each place in
    the deck is as likely; with ``why=True`` its :class:`~pirates_lab.core.why.Why` tree, a branch a place.

    >>> print(storm_within(2, 40, why=True).text())
    The Storm comes within 2 draws of a deck of 40: 5.00% (1/20) [Rules: Sail and Explore]
      it is the 1st card drawn: 2.50% (1/40) [Rules: Sail and Explore]
      it is the 2nd card drawn: 2.50% (1/40) [Rules: Sail and Explore]
    """
    for label, value in (("draws", draws), ("deck_size", deck_size)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_UNSEEN:
            raise InvalidInput(f"{label} is a whole number from 0 to {MAX_UNSEEN}, not {value!r}.")
    if deck_size == 0:
        raise InvalidInput("An empty deck holds no Storm.")
    places = [Fraction(1, deck_size)] * min(draws, deck_size)       # the Storm is card k from the top
    answer = sum(places, Fraction(0))
    if not why:
        return answer
    from .why import storm_why
    return storm_why(draws, deck_size, places, answer)

