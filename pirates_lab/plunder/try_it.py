"""Positions to try a rule on: the live examples of the Plunder lesson's reference screens (issue 34 item 4).

Each function returns a position of a two-captain game (plain engine state, no widgets) in which Captain 1
(seat 0, the First Captain of the deal) is at the decision the heading is about, holding only the cards the
rule needs; every position is a real deal changed by hand with every card, silver piece and goods token
conserved (:meth:`State.validate` passes), and where it can, the engine's own moves lead to it (an Encounter
played to Captain 1 and resolved, a fight attacked and fought).  The lesson's "try it" table lets a student make
that move on the real engine.  The other functions compute a screen's question by playing on the engine.

>>> s = resolve_the_encounter()
>>> s.current_player(), [str(a) for a in s.legal_actions()]
(0, ['attack it', 'let it go'])
>>> silver_after_paying(), spices_you_can_buy(), silver_after_the_sale()
(7, 2, 14)

Rules: Plunder › Turn
Rules: Plunder › Combat
"""
from __future__ import annotations

import random

from pirates_lab.core import Task, play

from .actions import AddCard, Attack, AttackPort, Board, Give, Play, StartTrade, TakePrize
from .components import components
from .game import Game, State
from .lessons import _mat, at_step, dealt, give_hand, lay, load_goods, take
from .scenarios import start_turn
from .turn import auto_start
from . import war

__all__ = ["TRY_IT", "ME", "overview", "silver_when_you_win", "turn", "TURN_PHASES", "turn_phases", "first_turn_phases", "resolve_the_encounter", "encounter_cards_on_open_sea",
           "takes_effect", "pay_the_crew", "silver_after_paying", "play_an_encounter", "ENCOUNTER_HAND",
           "encounters_that_apply", "buying", "spices_you_can_buy", "selling", "silver_after_the_sale",
           "first_mate", "speed_with_the_navigator", "enemies", "flag_for_a_treasure_fleet",
           "if_you_lose_your_ship", "cards_drawn_after_a_lost_ship", "enemies_in_a_war", "flags_on_your_mat",
           "captured_ships", "speed_with_the_captured_ship", "engagement", "FIGHT_HAND", "cards_that_catch",
           "broadside", "smallest_card_for_the_broadside", "boarding", "cards_that_win_the_boarding", "attacking_another_captain"]

#: the seat the student plays: Captain 1, the First Captain of the deal ``dealt(2, 1)``
ME = 0
#: the neighbouring space of Tortuga where the encounters and fights happen (an Open Sea card of the first sea)
NEAR = (1, 0)
#: the hand of the fights' positions: cards numbered 1, 2 and 3
FIGHT_HAND = ("Coastland", "Havana", "Open Sea")
#: the hand of Play an Encounter: two cards that apply on the Open Sea, two that do not
ENCOUNTER_HAND = ("Havana", "Natives", "Pirates", "Spanish Sloop")


def _table(mutiny: bool = False) -> State:
    """Two captains just dealt (Captain 1 is the First Captain), as ``dealt(2, 1)`` deals them."""
    if not mutiny:
        state = dealt(2, 1)
    else:                                      # the same deal with the Mutiny! option
        state = play(Game(players=2, mutiny=True).new_initial_state(), rng=random.Random(1), humans=range(2)).run()
    assert state.first == ME and state.current_player() == ME, "the deal's First Captain is Captain 1"
    return state


def _captain(hand=(), at=(0, 0), place: str | None = None, mutiny: bool = False, **mat) -> State:
    """Captain 1 holding only ``hand``, at ``at`` (on the map card ``place`` laid there), with ``mat`` (ship,
    mate, captured, silver)."""
    state = _table(mutiny)
    give_hand(state, ME, hand)
    if place is not None:
        lay(state, at, place)
    state.cap(ME)["at"] = at
    _mat(state, ME, **mat)
    return state


def _encounter(card: str, hand=(), place: str = "Open Sea", **mat) -> State:
    """Round 2: ``card`` was played to Captain 1 as an Encounter, on ``place`` next to Tortuga; his turn starts
    and the engine resolves it (Resolve the Encounter)."""
    state = _captain(hand, NEAR, None if place == "Open Sea" else place, **mat)
    take(state, card)
    state.encounters[ME] = card
    state.validate()
    return start_turn(state, ME, round_no=2)


def _check(state: State) -> State:
    state.validate()
    assert state.current_player() == ME, state.phase
    return state


# ---------------------------------------------------------------- Overview
def overview() -> State:
    """Rules: Plunder › Overview — 53 silver and a captured Spanish Brigantine in Tortuga: sell it (half is yours)."""
    state = _captain(silver=53, captured="Spanish Brigantine")
    return _check(at_step(state, ME, "action", "give"))


def silver_when_you_win() -> int:
    """Captain 1's silver after the sale of :func:`overview` (the engine's sale); he has won if it is 60."""
    after = overview().apply(StartTrade())
    assert after.winner is not None or after.cap(ME)["silver"] < 60
    return after.cap(ME)["silver"]


# ---------------------------------------------------------------- Turn
#: the phases of a turn, in the order the rulebook prints them under Turn
TURN_PHASES = ("encounter", "pay", "sail", "action", "give")


def turn() -> State:
    """Rules: Plunder › Turn — the game's first turn: Captain 1, the First Captain, holding an Open Sea card, at
    Sail and Explore (no Encounter to resolve on the first turn; the Pinnace's crew costs nothing)."""
    return _check(_captain(("Open Sea",)))


def turn_phases(p: int, round_no: int) -> tuple[str, ...]:
    """The phases the engine schedules when captain ``p``'s turn starts in round ``round_no`` (its start step)."""
    state = _table()
    state.round, state.agenda = round_no, []
    start = Task("start", p)
    state.agenda.append(start)
    auto_start(state, start)
    return tuple(task.phase for task in reversed(state.agenda) if task.phase in TURN_PHASES)


def first_turn_phases() -> int:
    """How many phases the First Captain plays on the first turn of the game (the engine's schedule)."""
    return len(turn_phases(ME, 1))


def resolve_the_encounter() -> State:
    """Rules: Plunder › Resolve the Encounter — the English Sloop played to Captain 1 on the Open Sea: attack it or
    let it go."""
    return _check(_encounter("English Sloop", FIGHT_HAND))


def takes_effect(card: str, place: str = "Open Sea") -> bool:
    """Does ``card``, played as an Encounter to a captain on ``place``, take effect (a meeting, a fight, the
    Natives) rather than being discarded?  Played on the engine."""
    state = _captain((), NEAR, None if place == "Open Sea" else place)
    take(state, card)
    state.encounters[ME] = card
    state = start_turn(state, ME, round_no=2)
    return state.phase in ("meet", "natives", "engage")


def encounter_cards_on_open_sea() -> int:
    """The cards of the deck (every copy) that take effect when played to a captain on the Open Sea."""
    deck = components()
    return sum(n for name, n in deck.full_deck().items() if deck.card(name).kind != "tortuga" and takes_effect(name))


def pay_the_crew() -> State:
    """Rules: Plunder › Pay the Crew — a game with the Mutiny! option: Captain 1 sails a Spanish Galleon (wages 2)
    with a First Mate (1) and holds 10 silver; pay, or forget and hope nobody shouts."""
    state = _captain(("Open Sea",), mutiny=True, ship="Spanish Galleon", mate="Navigator", silver=10)
    state.validate()
    return _check(start_turn(state, ME, round_no=2))


def silver_after_paying() -> int:
    """The silver Captain 1 keeps after paying the crew and the First Mate (the engine's Pay)."""
    state = pay_the_crew()
    paid = next(a for a in state.legal_actions() if a.crew and a.mate)
    return state.apply(paid).cap(ME)["silver"]


def play_an_encounter() -> State:
    """Rules: Plunder › Play an Encounter — Captain 1 ends his turn holding four cards; Captain 2 is on the Open
    Sea next to Tortuga."""
    state = _captain(ENCOUNTER_HAND)
    state.cap(1)["at"] = NEAR
    return _check(at_step(state, ME, "give"))


def encounters_that_apply() -> int:
    """How many cards of :data:`ENCOUNTER_HAND` take effect on Captain 2 at the start of his turn (played on the
    engine: Captain 2 meets it, or it is discarded)."""
    found = 0
    for name in sorted(set(ENCOUNTER_HAND)):
        after = play_an_encounter().apply(Give(name))
        found += after.current_player() == 1 and after.phase in ("meet", "natives", "engage")
    return found


# ---------------------------------------------------------------- Trade
def buying() -> State:
    """Rules: Plunder › Buying — Captain 1 trades in Cartagena in a Spanish Galleon (cargo 5, empty) with 7 silver."""
    state = _captain((), NEAR, "Cartagena", ship="Spanish Galleon", silver=7)
    return _check(at_step(state, ME, "trade", "give", data=("Cartagena",)))


def spices_you_can_buy() -> int:
    """The most Spices the engine lets Captain 1 buy in :func:`buying`."""
    return max(a.amount for a in buying().legal_actions() if getattr(a, "good", None) == "Spices")


def selling() -> State:
    """Rules: Plunder › Selling — Captain 1 brings a captured Spanish Galleon and 3 Spices of loot into Tortuga,
    holding 5 silver."""
    state = _captain(silver=5, captured="Spanish Galleon")
    load_goods(state, ME, "loot", "Spices", 3)
    return _check(at_step(state, ME, "action", "give"))


def silver_after_the_sale() -> int:
    """The silver Captain 1 keeps from the sale in :func:`selling` (the engine's sale)."""
    state = selling()
    return state.apply(StartTrade()).cap(ME)["silver"] - state.cap(ME)["silver"]


# ---------------------------------------------------------------- First Mate
def first_mate() -> State:
    """Rules: Plunder › First Mate — Captain 1 is in Port Royal (a Port) holding the Navigator."""
    state = _captain(("Navigator", "Open Sea"), NEAR, "Port Royal")
    return _check(at_step(state, ME, "action", "give"))


def speed_with_the_navigator() -> int:
    """The Pinnace's speed once the Navigator is on the mat (the engine's speed)."""
    return first_mate().apply(Play("Navigator")).speed(ME)


# ---------------------------------------------------------------- Enemies
def enemies() -> State:
    """Rules: Plunder › Enemies — Captain 1 holds the Spanish Letter of Marque; a Treasure Fleet is played to him."""
    state = _captain(FIGHT_HAND, NEAR)
    state.cap(ME)["marque"] = "Spain"
    return _check(_encounter_on(state, "Treasure Fleet"))


def _encounter_on(state: State, card: str) -> State:
    take(state, card)
    state.encounters[ME] = card
    state.validate()
    return start_turn(state, ME, round_no=2)


def flag_for_a_treasure_fleet() -> str:
    """The flag the engine puts on Captain 1's mat when he attacks the Treasure Fleet (and his Letter is gone)."""
    after = enemies().apply(Attack())
    assert after.cap(ME)["marque"] is None
    return after.cap(ME)["flags"][0]


def if_you_lose_your_ship() -> State:
    """Rules: Plunder › If You Lose Your Ship — Captain 1 attacked Havana in a Spanish Brigantine (crew 3) with the
    Carpenter and 2 Sugar aboard, won the Broadside with a Coastland and boards: crew 3 and a card of 2 at most
    against Havana's garrison of 6."""
    state = _captain(("Coastland", "Coastland", "Open Sea"), NEAR, "Havana", ship="Spanish Brigantine",
                     mate="Carpenter", silver=8)
    load_goods(state, ME, "cargo", "Sugar", 2)
    state = at_step(state, ME, "action", "give")
    for move in (AttackPort(), AddCard("Coastland"), Board()):
        state = state.apply(move)
    assert state.phase == "boarding"
    return _check(state)


def cards_drawn_after_a_lost_ship() -> int:
    """Captain 1 loses the Boarding of :func:`if_you_lose_your_ship`; at the start of his next turn, the cards he
    draws one at a time (no Storm comes)."""
    state = if_you_lose_your_ship().apply(AddCard(""))
    assert state.cap(ME)["ship"] == "Pinnace" and not state.hand(ME)
    state = start_turn(state, ME, round_no=3)
    drawn = 0
    while state.phase == "lost_draw":
        state = state.apply(next(n for n in sorted(state.deck) if state.card(n).kind != "storm"))
        drawn += 1
    return drawn


def enemies_in_a_war() -> State:
    """Rules: Plunder › Enemies (the second) — Spain and England are at war; Captain 1 holds the Spanish Letter of
    Marque and is in Port Royal, an English Port, holding a Bottle of Rum."""
    state = _captain(("Bottle of Rum", "Open Sea"), NEAR, "Port Royal")
    take(state, "War is Declared: Spain")
    state.wars.append(["War is Declared: Spain", "England"])
    state.cap(ME)["marque"] = "Spain"
    return _check(at_step(state, ME, "action", "give"))


def flags_on_your_mat() -> int:
    """The flags on Captain 1's mat in :func:`enemies_in_a_war`, where the engine counts England as his enemy."""
    state = enemies_in_a_war()
    assert war.enemies(state, ME) == {"England"}
    return len(state.cap(ME)["flags"])


# ---------------------------------------------------------------- Captured Ships
def captured_ships() -> State:
    """Rules: Plunder › Captured Ships — Captain 1's English Brigantine has just beaten a Spanish Galleon played to
    him (a card at the Broadside and one at the Boarding): take it, sail it, swap or leave it."""
    state = _encounter("Spanish Galleon", ("Open Sea", "Open Sea"), ship="English Brigantine")
    for move in (Attack(), AddCard("Open Sea"), Board(), AddCard("Open Sea")):
        state = state.apply(move)
    assert state.phase == "prize"
    return _check(state)


def speed_with_the_captured_ship() -> int:
    """The speed the engine compares (fleeing, Captured Ships' "all comparisons") once Captain 1 tows the Galleon."""
    return captured_ships().apply(TakePrize("captured")).speed(ME)


# ---------------------------------------------------------------- Combat
def engagement() -> State:
    """Rules: Plunder › Engagement — Captain 1's Pinnace (speed 2) attacks the Spanish Sloop (speed 4) played to
    him, holding cards numbered 1, 2 and 3."""
    state = _encounter("Spanish Sloop", FIGHT_HAND).apply(Attack())
    assert state.phase == "engage"
    return _check(state)


def _won(state: State, step: str) -> bool:
    """Did Captain 1 win the step (the next step, the plunder or the prize is on the agenda)?"""
    later = ("broadside", "sink_or_board", "boarding", "prize", "loot")
    after = later[later.index({"engage": "broadside", "broadside": "sink_or_board", "boarding": "prize"}[step]):]
    return any(task.phase in after for task in state.agenda)


def cards_that_catch() -> int:
    """How many cards of :data:`FIGHT_HAND` catch the Sloop in :func:`engagement` (played on the engine)."""
    return sum(_won(engagement().apply(AddCard(name)), "engage") for name in FIGHT_HAND)


def broadside() -> State:
    """Rules: Plunder › Broadside — Captain 1's Pinnace (cannon 1) has reached a Treasure Fleet (cannon 4): the
    same speed, so no card was needed at the Engagement."""
    state = _encounter("Treasure Fleet", FIGHT_HAND).apply(Attack())
    assert state.phase == "broadside"
    return _check(state)


def smallest_card_for_the_broadside() -> int:
    """The smallest card number of :data:`FIGHT_HAND` that wins the Broadside of :func:`broadside` (the engine)."""
    return min(components().card(name).number for name in FIGHT_HAND
               if _won(broadside().apply(AddCard(name)), "broadside"))


def boarding() -> State:
    """Rules: Plunder › Boarding — Captain 1's Pinnace (crew 2) attacks the Natives (4 warriors) played to him on a
    Coastland: Natives have no cannons, so the fight is the Boarding."""
    state = _encounter("Natives", FIGHT_HAND, place="Coastland").apply(Attack())
    assert state.phase == "boarding"
    return _check(state)


def cards_that_win_the_boarding() -> int:
    """How many cards of :data:`FIGHT_HAND` win the Boarding of :func:`boarding` (played on the engine)."""
    return sum(_won(boarding().apply(AddCard(name)), "boarding") for name in FIGHT_HAND)


def attacking_another_captain() -> State:
    """Rules: Plunder › Attacking Another Captain — Captain 1's English Brigantine and Captain 2's Spanish Sloop
    are on the same Open Sea card; Captain 1 holds cards numbered 1, 2 and 3, Captain 2 one card."""
    state = _captain(FIGHT_HAND, NEAR, ship="English Brigantine")
    give_hand(state, 1, ("Coastland",))
    take(state, "Spanish Sloop")
    state.cap(1)["ship"], state.cap(1)["at"] = "Spanish Sloop", NEAR
    return _check(at_step(state, ME, "action", "give"))


#: heading -> the position of its live screen (the lesson's demo is ``"try_" + the function's name``)
TRY_IT = {
    "Overview": overview,
    "Turn": turn,
    "Resolve the Encounter": resolve_the_encounter,
    "Pay the Crew": pay_the_crew,
    "Play an Encounter": play_an_encounter,
    "Buying": buying,
    "Selling": selling,
    "First Mate": first_mate,
    "Enemies": enemies,
    "If You Lose Your Ship": if_you_lose_your_ship,
    "Enemies (2)": enemies_in_a_war,
    "Captured Ships": captured_ships,
    "Engagement": engagement,
    "Broadside": broadside,
    "Boarding": boarding,
    "Attacking Another Captain": attacking_another_captain,
}
