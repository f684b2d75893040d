"""Hand-built Plunder positions for the lesson on screens (``data/lessons.toml``) and the answers to its
questions, computed here by the engine at run time (never written in the lesson).  The drawings, tables and
calculators the screens show are in ``pirates_lab.widgets.plunder_lessons``.

Rules: Plunder › Turn

Every position is a real dealt game changed by hand with every card, silver piece and goods token
conserved (:meth:`State.validate` passes); the answers run the engine's own rules on it.

>>> state = dealt()
>>> len(state.captains), all(len(state.hand(p)) == 6 for p in range(4))
(4, True)
>>> silver_to_win()
55
"""
from __future__ import annotations

import random
from fractions import Fraction

from pirates_lab.core import Task

from .actions import Buy, Sell, StartTrade
from .components import components
from .game import Game, State
from .headings import RULE_TURN
from .odds import captain_fight, marque_probability, npc_chain_odds, side_of
from . import scenarios
from .turn import FLOW, sailing_paths

__all__ = ["dealt", "start_unseen", "take", "lay", "give_hand", "at_step", "sailing_example", "encounter_state",
           "captain_at", "in_port", "plunder_sale", "longest_course", "CAPTAIN_HAND", "ANSWERS",
           "silver_to_win", "deck_after_setup", "turn_phases", "first_turn_phases", "courses_from_tortuga",
           "marque_with_four", "best_trade_margin", "tortuga_sale_kept", "combat_answer", "navigator_engagement",
           "broadside_answer", "boarding_answer", "captain_answer", "war_answer"]

#: every answer function of the lesson, in the order of its screens
ANSWERS = ("silver_to_win", "deck_after_setup", "first_turn_phases", "courses_from_tortuga", "marque_with_four",
           "best_trade_margin", "tortuga_sale_kept", "combat_answer", "navigator_engagement", "broadside_answer",
           "boarding_answer", "captain_answer", "war_answer")

#: the attacker's hand in "Attacking Another Captain"
CAPTAIN_HAND = ("Havana", "Coastland", "Open Sea")


# ---------------------------------------------------------------- building positions (cards conserved)
def dealt(players: int = 4, seed: int = 3) -> State:
    """A dealt game at the First Captain's first decision."""
    state = Game(players=players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes().sample(rng))
    return state


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
            holder = next(p for p, cap in enumerate(state.captains) if name in state.hand(p))
            state._take_from_hand(holder, name)
        state.deck[name] = state.deck.get(name, 0) + 1
    state._from_deck(name)


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
    state._goods_to(p, "loot", *loot)
    state.cap(p)["marque"] = marque
    state.validate()
    state = at_step(state, p, "action")
    after = state.apply(StartTrade())
    return state, after, after.cap(p)["silver"] - state.cap(p)["silver"]


# ---------------------------------------------------------------- the answers (engine, at run time)
def silver_to_win() -> int:
    """Overview: the silver a captain still needs at the start of the game."""
    state = Game(players=4).new_initial_state()
    return state.game.win_silver - state.cap(0)["silver"]


def deck_after_setup() -> int:
    """Setup: cards left in the deck once four captains hold 6 each."""
    return sum(dealt(4, 3).deck.values())


def _phases_of(state: State, p: int, round_no: int) -> set[str]:
    """The rulebook headings of the phases the engine schedules when captain ``p``'s turn starts."""
    state = state.clone()
    state.round = round_no
    state.agenda = [Task("start", p)]
    state._auto_start(Task("start", p))
    return {FLOW.phases[task.phase].rule for task in state.agenda} - {RULE_TURN}


def turn_phases() -> int:
    """Turn: how many rulebook phases the engine schedules for a captain's turn (after the first turn)."""
    state = dealt(4, 3)
    return len(_phases_of(state, state.left_of(state.first), 2))


def first_turn_phases() -> int:
    """Turn: how many phases the First Captain plays on the first turn of the game."""
    state = dealt(4, 3)
    return len(_phases_of(state, state.first, 1))


def courses_from_tortuga() -> int:
    """Sail and Explore: the courses the First Captain may sail over the cards on the table."""
    state = sailing_example()
    kinds = {cell: state.card(name).kind for cell, name in state.sea.items()}
    return len(sailing_paths(kinds, state.cap(state.first)["at"]))


def marque_with_four() -> Fraction:
    """Action: P(a card numbered 4 wins a Letter of Marque contested by one captain with one unseen card)."""
    return marque_probability(4, start_unseen(), contesters=1, hand_size=1)


def best_trade_margin() -> int:
    """Trade: the most silver one token of Traded Cargo earns, bought in one Port and sold in another."""
    deck = components()
    costs: dict = {}
    gains: dict = {}
    for port in deck.of_kind("port"):
        for good, _ in port.buy:
            state, p = in_port(port.name, silver=20)
            state = at_step(state, p, "trade", data=(port.name,))
            costs.setdefault(good, []).append(20 - state.apply(Buy(good, 1)).cap(p)["silver"])
        for good, _ in port.sell:
            state, p = in_port(port.name, silver=20)
            state._goods_to(p, "cargo", good, 1)
            state = at_step(state, p, "trade", data=(port.name,))
            gains.setdefault(good, []).append(state.apply(Sell(good, 1)).cap(p)["silver"] - 20)
    return max(max(gains[g]) - min(costs[g]) for g in costs if g in gains)


def tortuga_sale_kept() -> int:
    """Selling: the silver kept after selling a captured Spanish Galleon and 3 Spices of loot in Tortuga."""
    return plunder_sale("Tortuga", captured="Spanish Galleon", loot=("Spices", 3))[2]


def combat_answer() -> Fraction:
    """Combat: P(a Pinnace with no card, one card still to draw, wins the whole combat against a Spanish Sloop)."""
    return npc_chain_odds(side_of("Pinnace"), side_of("Spanish Sloop"), [], 1, start_unseen()).win


def navigator_engagement() -> Fraction:
    """Engagement: P(a Pinnace with the Navigator, no card, one to draw, catches a Spanish Sloop)."""
    return npc_chain_odds(side_of("Pinnace", mate="Navigator"), side_of("Spanish Sloop"), [], 1, start_unseen(),
                          ("engagement",)).win


def broadside_answer() -> Fraction:
    """Broadside: P(a Pinnace with one card to draw wins the Broadside against a Treasure Fleet)."""
    return npc_chain_odds(side_of("Pinnace"), side_of("Treasure Fleet"), [], 1, start_unseen(), ("broadside",)).win


def boarding_answer() -> Fraction:
    """Boarding: P(a Pinnace with one card to draw wins the Boarding against Havana's garrison)."""
    return npc_chain_odds(side_of("Pinnace"), side_of("Havana"), [], 1, start_unseen(), ("boarding",)).win


def captain_answer() -> Fraction:
    """Attacking Another Captain: P(an English Brigantine holding :data:`CAPTAIN_HAND` captures a captain in a
    Spanish Sloop who holds one unseen card)."""
    return captain_fight(side_of("English Brigantine"), side_of("Spanish Sloop"), CAPTAIN_HAND,
                         start_unseen(CAPTAIN_HAND), 1).win


def war_answer() -> Fraction:
    """War: P(a card numbered 5 wins a Letter of Marque contested by two captains, 6 unseen cards each)."""
    return marque_probability(5, start_unseen(), contesters=2, hand_size=6)
