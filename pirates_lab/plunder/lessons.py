"""Hand-built Plunder positions for the lesson on screens (``data/lessons.toml``) and the answers to its
questions, computed here by the engine at run time (never written in the lesson).  The drawings, tables and
calculators the screens show are in ``pirates_lab.widgets.plunder_lessons``.

Rules: Plunder › Turn

Every position is a real dealt game changed by hand with every card, silver piece and goods token
conserved (:meth:`State.validate` passes); the answers run the engine's own rules on it.

>>> state = dealt()
>>> len(state.captains), all(len(state.hand(p)) == 6 for p in range(4))
(4, True)
>>> first_card_five_or_more(), storm_missed()
(Fraction(5, 18), Fraction(28, 31))
"""
from __future__ import annotations

import random
from fractions import Fraction

from pirates_lab.core import play

from .actions import StartTrade
from .components import components
from .game import Game, State
from .odds import loot_dist, marque_probability, npc_chain_odds, side_of, storm_within
from . import scenarios
from .sail_and_explore import sailing_paths

__all__ = ["dealt", "start_unseen", "first_draw_cards", "take", "lay", "give_hand", "at_step", "sailing_example", "encounter_state",
           "captain_at", "in_port", "plunder_sale", "longest_course", "ANSWERS", "war_answer",
           "MARQUE_HAND", "MARQUE_CARD", "WAR_CARD", "COURSE", "COURSES", "LOOT_SHIP", "FIGHT", "FIGHT_DRAWS",
           "first_card_five_or_more", "storm_missed", "storms_predicted", "marque_answer", "chain_answer",
           "loot_tokens", "attack_silver", "storm_deck_size", "fight_gain", "shuffled_deck", "numbers_of"]

#: every answer function of the lesson, in the order of its screens (the class path, issue 39)
ANSWERS = ("first_card_five_or_more", "storm_missed", "storms_predicted", "marque_answer", "chain_answer",
           "loot_tokens", "war_answer", "attack_silver")

# ---------------------------------------------------------------- building positions (cards conserved)
def dealt(players: int = 4, seed: int = 3) -> State:
    """A dealt game at the First Captain's first decision (the core's loop draws the chance steps)."""
    return play(Game(players=players).new_initial_state(), rng=random.Random(seed), humans=range(players)).run()


def start_unseen(hand=()) -> dict:
    """The cards a captain has not seen at the start (the deck without Tortuga and the 4 Open Sea cards
    of the first sea, and without the captain's own ``hand``): name -> copies."""
    deck = components()
    unseen = {k: v for k, v in deck.full_deck().items() if deck.card(k).kind != "tortuga"}
    unseen["Open Sea"] -= deck.rules["open_sea_at_setup"]
    for name in hand:
        unseen[name] -= 1
    return {k: v for k, v in unseen.items() if v}


def take(state: State, name: str) -> None:
    """Take one ``name`` card out of the deck (fetched from the discard pile or a hand if the deck has none)."""
    if not state.deck.get(name):
        if state.discard.get(name):
            state.discard[name] -= 1
            if not state.discard[name]:
                del state.discard[name]
        else:
            cap = next(cap for p, cap in enumerate(state.captains) if name in state.hand(p))
            cap["shown" if name in cap["shown"] else "hand"].remove(name)
        state.deck[name] = state.deck.get(name, 0) + 1
    state.deck[name] -= 1
    if not state.deck[name]:
        del state.deck[name]


def load_goods(state: State, p: int, where: str, good: str, n: int) -> None:
    """Put ``n`` ``good`` tokens from the Quartermaster's supply into captain ``p``'s ``"cargo"`` or ``"loot"``
    (tokens conserved)."""
    if not 0 <= n <= state.goods[good]:
        raise ValueError(f"the Quartermaster has {state.goods[good]} {good}, not {n}")
    if n:
        state.goods[good] -= n
        store = state.cap(p)[where]
        store[good] = store.get(good, 0) + n


def _back(state: State, name: str) -> None:
    state.deck[name] = state.deck.get(name, 0) + 1


def lay(state: State, cell: tuple, name: str) -> None:
    """Put a map card into the sea at ``cell`` (the card there goes back to the deck)."""
    if cell in state.sea:
        _back(state, state.sea[cell])
    take(state, name)
    state.sea[cell] = name


def give_hand(state: State, p: int, cards) -> None:
    """Captain ``p`` holds exactly ``cards`` (the old hand goes back to the deck)."""
    cap = state.cap(p)
    for name in state.hand(p):
        _back(state, name)
    cap["hand"], cap["shown"] = [], []
    for name in cards:
        take(state, name)
        cap["hand"].append(name)
    cap["hand"].sort()


def _mat(state: State, p: int, *, ship: str | None = None, mate: str | None = None, captured: str | None = None,
         silver: int | None = None) -> None:
    cap = state.cap(p)
    for key, name in (("ship", ship), ("mate", mate), ("captured", captured)):
        if name is not None:
            take(state, name)
            cap[key] = name
    if silver is not None:
        state.bank -= silver - cap["silver"]
        cap["silver"] = silver


def at_step(state: State, p: int, *phases: str, data: tuple = ()) -> State:
    """Captain ``p`` on turn with these phases left (the first listed is on top), then settled."""
    return scenarios.at_step(state, p, *phases, data=data)


# ---------------------------------------------------------------- scenarios
def sailing_example() -> State:
    """The First Captain in Tortuga, 3 cards in hand, on a sea with a Port (Havana) and a Coastland."""
    state = dealt(2, 1)
    give_hand(state, state.first, ("Bottle of Rum", "Navigator", "Pirates"))
    for cell, name in (((2, 0), "Open Sea"), ((2, 1), "Havana"), ((1, -1), "Coastland"), ((0, -2), "Open Sea")):
        lay(state, cell, name)
    state.validate()
    return state


def longest_course(state: State | None = None) -> int:
    """Sail and Explore: the most spaces one course of :func:`sailing_example` enters (a card drawn after each)."""
    state = state or sailing_example()
    kinds = {cell: state.card(name).kind for cell, name in state.sea.items()}
    return max(len(path) for path in sailing_paths(kinds, state.cap(state.first)["at"]))


def encounter_state(card: str, where: str = "Open Sea") -> State:
    """The captain after the First Captain stands on ``where`` (at (1, 0)); ``card`` was played to them as an
    Encounter; their turn starts now (the engine resolves it)."""
    state = dealt(2, 1)
    p = state.left_of(state.first)
    if where != "Open Sea":
        lay(state, (1, 0), where)
    state.cap(p)["at"] = (1, 0)
    take(state, card)
    state.encounters[p] = card
    state.round = 2
    state.validate()
    return at_step(state, p, "encounter", "pay")


def captain_at(ship: str = "Pinnace", **mat) -> tuple[State, int]:
    """The First Captain of a two-captain game in Tortuga, in ``ship`` (``mat``: mate, captured, silver)."""
    state = dealt(2, 1)
    p = state.first
    _mat(state, p, ship=None if ship == "Pinnace" else ship, **mat)
    return state, p


def in_port(name: str, **mat) -> tuple[State, int]:
    """A captain in the Port ``name`` (laid at (1, 0)), trading."""
    state, p = captain_at(**mat)
    lay(state, (1, 0), name)
    state.cap(p)["at"] = (1, 0)
    return state, p


def plunder_sale(where: str, marque: str | None = None, captured: str = "Spanish Sloop",
                 loot: tuple[str, int] = ("Sugar", 2)) -> tuple[State, State, int]:
    """Selling: a captain with 5 silver brings ``captured`` and its ``loot`` into ``where`` (Tortuga or a Port),
    holding the Letter of Marque of ``marque``, and trades there.  (before, after, silver kept)."""
    if where == "Tortuga":
        state, p = captain_at(captured=captured, silver=5)
    else:
        state, p = in_port(where, captured=captured, silver=5)
    load_goods(state, p, "loot", *loot)
    state.cap(p)["marque"] = marque
    state.validate()
    state = at_step(state, p, "action")
    after = state.apply(StartTrade())
    return state, after, after.cap(p)["silver"] - state.cap(p)["silver"]


# ---------------------------------------------------------------- the probability thread (issue 39)
#: the Action screen's hand (seen by its captain): the card placed is Cartagena (4)
MARQUE_HAND = ("Cartagena", "Open Sea", "Coastland", "Havana", "Pirates", "Bottle of Rum")
MARQUE_CARD = "Cartagena"
#: the War screen's card (numbered 5): the captain holds it, so it is not among the contesters' cards
WAR_CARD = "Pirates"
#: the Sail and Explore screens: a course of this many moves, and the courses of the simulation screen
COURSE, COURSES = 3, 310
#: the Results of a Combat screen's captured ship
LOOT_SHIP = "Spanish Galleon"
#: the Combat screen's fight and the cards drawn before it (the Pinnace holds no card)
FIGHT, FIGHT_DRAWS = ("Pinnace", "Treasure Fleet"), 2


def numbers_of(cards: dict) -> dict[int, int]:
    """``{card name: copies}`` -> ``{card number: copies}`` (what counts in a fight or a contest).

    >>> numbers_of({"Open Sea": 2, "Havana": 1, "Port Royal": 1})
    {1: 2, 3: 2}
    """
    found: dict[int, int] = {}
    for name, n in cards.items():
        number = components().card(name).number
        found[number] = found.get(number, 0) + n
    return dict(sorted(found.items()))


def first_draw_cards() -> dict:
    """The cards that can come at the draw for First Captain: the whole deck less Tortuga and the first sea's 4 Open
    Sea cards, less the Storm (a Storm drawn is put back and another drawn: house rule 3, as the engine plays it).

    >>> sum(first_draw_cards().values()), "Storm" in first_draw_cards()
    (54, False)
    """
    return {name: n for name, n in start_unseen().items() if components().card(name).kind != "storm"}


def first_card_five_or_more() -> Fraction:
    """Setup: P(the card a captain draws to choose the First Captain is numbered 5 or more), every card of
    :func:`first_draw_cards` as likely.

    >>> first_card_five_or_more()
    Fraction(5, 18)
    """
    cards = numbers_of(first_draw_cards())
    return Fraction(sum(n for number, n in cards.items() if number >= 5), sum(cards.values()))


def storm_deck_size() -> int:
    """Sail and Explore: the deck the First Captain draws from on the first course (four captains dealt 6 each;
    a Storm dealt was shuffled back, so the Storm is in it)."""
    state = dealt(4, 3)
    assert state.deck.get("Storm") == 1
    return sum(state.deck.values())


def storm_missed() -> Fraction:
    """Sail and Explore: P(a course of :data:`COURSE` moves, a card drawn after each, does not meet the Storm).

    >>> storm_missed()
    Fraction(28, 31)
    """
    return 1 - storm_within(COURSE, storm_deck_size())


def storms_predicted() -> int:
    """The simulation screen: how many of :data:`COURSES` courses the exact odds say meet the Storm."""
    expected = COURSES * storm_within(COURSE, storm_deck_size())
    assert expected.denominator == 1
    return int(expected)


def shuffled_deck(rng: random.Random) -> list[str]:
    """The deck after the deal of four captains (Setup), shuffled by ``rng``: one card a place, top first."""
    cards = [name for name, n in sorted(dealt(4, 3).deck.items()) for _ in range(n)]
    rng.shuffle(cards)
    return cards


def marque_answer() -> Fraction:
    """Action: P(Cartagena (4), placed from :data:`MARQUE_HAND`, wins a Letter of Marque contested by one captain
    placing one card).  The contester's card is one of the cards this captain has not seen: the start's unseen
    cards less the six in the hand (the card placed among them).

    >>> marque_answer()
    Fraction(36, 49)
    """
    return marque_probability(MARQUE_CARD, start_unseen(MARQUE_HAND), contesters=1, hand_size=1)


def chain_answer() -> Fraction:
    """Combat: P(a Pinnace holding no card, drawing :data:`FIGHT_DRAWS` cards, wins the whole combat against a
    Treasure Fleet): the Engagement is no contest (same speed), the Broadside and the Boarding each need a card.

    >>> chain_answer()
    Fraction(14, 33)
    """
    me, enemy = FIGHT
    return npc_chain_odds(side_of(me), side_of(enemy), [], FIGHT_DRAWS, start_unseen()).win


def loot_tokens() -> Fraction:
    """Results of a Combat: the expected number of loot tokens when a Pinnace (holding no card) captures
    :data:`LOOT_SHIP`: the top card's number, at most the prize's cargo and the room in both holds.

    >>> loot_tokens()
    Fraction(174, 55)
    """
    prize = components().card(LOOT_SHIP)
    room = components().pinnace["cargo"] + prize.cargo
    return loot_dist(start_unseen(), prize.cargo, room).map(lambda loot: loot[1]).mean()


def fight_gain() -> int:
    """What the captain keeps of the captured Treasure Fleet sold in Tortuga (no loot counted): the engine's sale."""
    return plunder_sale("Tortuga", captured=FIGHT[1], loot=("Spices", 0))[2]


def attack_silver() -> Fraction:
    """The synthesis: the expected silver a Pinnace drawing 2 cards takes from attacking a Treasure Fleet, counting
    the captured ship only (sold in Tortuga, half kept); sunk, it loses no silver.

    >>> attack_silver()
    Fraction(70, 11)
    """
    return chain_answer() * fight_gain()


def war_answer() -> Fraction:
    """War: P(your card numbered 5 (:data:`WAR_CARD`) wins a Letter of Marque contested by two captains, 6 unseen
    cards each).  Your own card is seen: it is not among theirs (the count ``pirates-lab odds plunder-marque``
    makes)."""
    return marque_probability(WAR_CARD, start_unseen((WAR_CARD,)), contesters=2, hand_size=6)
