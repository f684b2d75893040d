"""Setup: the sea around Tortuga, the First Captain by the highest card, the roles, the deal.

Rules: Plunder › Setup
"""
from __future__ import annotations

from pirates_lab.core import Dist, Task
from pirates_lab.core.geometry import SQUARE_STEPS

from .tasks import Tie

__all__ = ["auto_first_check", "before_deal", "before_draw", "deal_odds", "deck_odds", "drawn_deal",
           "drawn_first_draw", "no_storm", "refill", "setup_agenda", "start_game", "ROLES"]

#: Roles in order from the First Captain's left; "the last Captain" (on the First Captain's right) deals.
ROLES = ("Treasurer", "Quartermaster", "Herald")


def setup_agenda(state) -> None:
    tortuga = next(c for c in state.comp.of_kind("tortuga"))
    open_sea = next(c for c in state.comp.of_kind("open_sea"))
    state._from_deck(tortuga.name)
    state.sea[(0, 0)] = tortuga.name
    for dx, dy in SQUARE_STEPS:  # above, to the right, below and to the left, facing as Tortuga
        state._from_deck(open_sea.name)
        state.sea[(dx, dy)] = open_sea.name
    seats = tuple(range(state.game.players))
    state.flow.push(state, *(Task("first_draw", p) for p in seats), Task("first_check", None, Tie(seats)))
    state.say(f"{state.game.players} captains with {state.comp.rules['silver_per_captain']} silver each; "
             f"Tortuga and four Open Sea cards make the sea.")


# ---------------------------------------------------------------- the deck's odds
def deck_odds(state, task) -> Dist:
    """Each card left in the deck equally likely (the deck is a multiset)."""
    return Dist(dict(state.deck))


def deal_odds(state, task) -> Dist:
    """Dealt cards: the Storm "is discarded and replaced", so it never comes."""
    return Dist(no_storm(state))


def no_storm(state) -> dict:
    return {k: n for k, n in state.deck.items() if state.card(k).kind != "storm"}


def before_draw(state, task):
    """Before any draw: an empty deck takes the discard pile back (ASSUMPTION); nothing left, no draw."""
    return refill(state, lambda: state.deck)


def before_deal(state, task):
    """Before a card is dealt (never the Storm): the same, counting only the cards that can be dealt."""
    return refill(state, lambda: no_storm(state))


def refill(state, usable):
    if not usable():
        state._reshuffle()
        if state.deck:
            state.say("The deck ran out: the discard pile is shuffled into a new deck.")
    if not usable():
        state.flow.pop(state)
        return None
    return False


# ---------------------------------------------------------------- the First Captain
def drawn_first_draw(state, task, name: str) -> None:
    p = task.player
    state._from_deck(name)
    state.cap(p)["shown"].append(name)  # face up: in the hand, and seen by all
    state.first_draws.setdefault(p, []).append(name)
    state.say(f"Captain {p + 1} draws {name} (number {state.card(name).number}) face up.")
    state.flow.pop(state)


def auto_first_check(state, task) -> None:
    """The highest latest card becomes First Captain; tied captains keep drawing."""
    state.flow.pop(state)
    seats = task.data.seats
    latest = {p: state.card(state.first_draws[p][-1]).number for p in seats if state.first_draws.get(p)}
    if not latest:
        seats = tuple(range(state.game.players))
        latest = {p: 0 for p in seats}
    best = max(latest.values())
    tied = tuple(p for p in seats if latest.get(p) == best)
    if len(tied) > 1 and state.deck:
        state.say(f"Captains {', '.join(str(p + 1) for p in tied)} tie with {best}: they draw again.")
        state.flow.push(state, *(Task("first_draw", p) for p in tied), Task("first_check", None, Tie(tied)))
        return
    start_game(state, tied[0])


def start_game(state, first: int) -> None:
    n = state.game.players
    limit = state.comp.rules["hand_size"]
    for p in range(n):  # a tie can leave more than 6: the most recently drawn go
        cap = state.cap(p)
        drawn = state.first_draws.get(p, [])
        while len(state.hand(p)) > limit:
            name = drawn.pop()
            state._play_to_discard(p, name)
            state.say(f"Captain {p + 1} discards {name}: a hand holds 6 cards.")
    state.first = first
    state.current = first
    state.roles = {role: (first + 1 + i) % n for i, role in enumerate(ROLES)}
    state.roles["Dealer"] = (first - 1) % n
    state.say(f"Captain {first + 1} is the First Captain; Tortuga's North points to them. "
             + ", ".join(f"{role}: captain {seat + 1}" for role, seat in state.roles.items()) + ".")
    order = [(state.roles["Dealer"] + 1 + i) % n for i in range(n)]
    deals = []
    sizes = {p: len(state.hand(p)) for p in range(n)}
    while any(sizes[p] < limit for p in order):
        for p in order:
            if sizes[p] < limit:
                deals.append(Task("deal", p))
                sizes[p] += 1
    state.flow.push(state, *deals, Task("start", first))


def drawn_deal(state, task, name: str) -> None:
    state._draw(task.player, name)
    state.flow.pop(state)
    if state.flow.top(state).phase != "deal":
        state.say(f"Every captain holds {state.comp.rules['hand_size']} cards; a Storm dealt is replaced and "
                 "shuffled back (so it never reaches a hand).")
