"""Hand-built Plunder positions for scenario tests (cards always conserved)."""
import random

from pirates_lab.plunder import Game
from pirates_lab.plunder.scenarios import at_step, dealt, start_turn  # noqa: F401  (scenario positions)


def fresh(players=2, seed=0, **options):
    """A dealt game at the First Captain's first decision."""
    return dealt(Game(players=players, **options), seed)


def to_deck(state, name):
    state.deck[name] = state.deck.get(name, 0) + 1


def from_deck(state, name):
    if not state.deck.get(name):  # fetch it from the discard pile, or a hand, if the deck has none
        if state.discard.get(name):
            state.discard[name] -= 1
            if not state.discard[name]:
                del state.discard[name]
            to_deck(state, name)
        else:
            for p in range(len(state.captains)):
                if name in state.hand(p):
                    state._take_from_hand(p, name)
                    to_deck(state, name)
                    break
    state._from_deck(name)


def hand(state, p, cards):
    """Give captain ``p`` exactly these cards."""
    cap = state.captains[p]
    for name in state.hand(p):
        to_deck(state, name)
    cap["hand"], cap["shown"] = [], []
    for name in cards:
        from_deck(state, name)
        cap["hand"].append(name)
    cap["hand"].sort()


def lay(state, cell, name):
    """Put a map card from the deck into the sea."""
    if cell in state.sea:
        to_deck(state, state.sea[cell])
    from_deck(state, name)
    state.sea[cell] = name


def ship(state, p, name):
    cap = state.captains[p]
    if cap["ship"] != "Pinnace":
        to_deck(state, cap["ship"])
    if name != "Pinnace":
        from_deck(state, name)
    cap["ship"] = name


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
    return state


def auto_chance(state, card):
    """Resolve the chance step on top with a chosen card."""
    assert state.is_chance_node(), state.phase
    return state.apply(card)


def enough_silver(state, p, silver):
    """Captain ``p`` holds exactly ``silver`` (taken from or paid to the bank)."""
    cap = state.captains[p]
    state.bank -= silver - cap["silver"]
    cap["silver"] = silver


def pirates_attack(ship_name, cards):
    """Pirates (speed 3, cannon 3, crew 3) played to the captain on turn on the Open Sea, who sails `ship_name`
    holding `cards`: the Encounter resolved, the captain to fight them. Returns (state, the captain's seat)."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, ship_name)
    hand(state, p, cards)
    from_deck(state, "Pirates")
    state.encounters[p] = "Pirates"
    return at_step(state, p, "encounter", "action", "give"), p
