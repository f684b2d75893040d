"""Hand-built King of Pirates positions for Given/When/Then tests (imported by the rule tests)."""
import random
from dataclasses import replace

from pirates_lab.core import Task, play, rulebook
from pirates_lab.king_of_pirates import components
from pirates_lab.king_of_pirates.game import FLOW, Game

COMP = components()
BOOK = rulebook("king_of_pirates")


def quoted(heading, words):
    """The words are printed under the heading (so a test quotes the rulebook, not our memory)."""
    assert words in BOOK.section(heading), (heading, words)
    return words


def first_choice(view, rng):
    """A computer player that always takes the first move it is offered."""
    return view.legal_actions[0]


def after_setup(players=2, seed=0, **options):
    """The setup played (chance by a seeded rng, players take the first choice) up to player 0's turn."""
    state = Game(players=players, **options).new_initial_state()
    for step in play(state, first_choice, random.Random(seed)):
        if not step.after.phase.name.startswith("setup"):
            return step.after
    raise AssertionError("the setup did not end")


def _typed(task):
    """A hand-made task with no data gets its row's empty value (``Task("steal", 0)`` carries ``Steals()``)."""
    kind = FLOW.phases[task.phase].data
    if task.data == () and isinstance(kind, type):
        return Task(task.phase, task.player, kind())
    return task


def scenario(state, tasks, **fields):
    """The same position with a hand-made agenda (first task first) and fields replaced."""
    new = state.clone()
    new.agenda = [Task("end_turn", 0)] + [_typed(task) for task in reversed(tasks)]
    for key, value in fields.items():
        setattr(new, key, value)
    FLOW.settle(new)
    new.validate()
    return new


def with_player(state, p, **changes):
    new = state.clone()
    new.players[p] = replace(new.players[p], **changes)
    return new


def give_hand(state, p, cards):
    """Move cards from the action deck into player p's hand."""
    new = state.clone()
    for card in cards:
        new.action_deck[card] -= 1
    new.players[p] = replace(new.players[p], hand=tuple(sorted(new.players[p].hand + tuple(cards))))
    return new


def set_crew(state, p, crew):
    new = state.clone()
    for pirate in new.players[p].crew:
        new.pirate_deck.append(pirate)
    for pirate in crew:
        new.pirate_deck.remove(pirate)
    new.pirate_deck.sort()
    new.players[p] = replace(new.players[p], crew=tuple(crew))
    return new


def bare(players=2, seed=0):
    """After setup, every hand back in the deck and every crew emptied: a clean slate."""
    state = after_setup(players, seed)
    for p in range(players):
        state = set_crew(state, p, [])
        new = state.clone()
        for card in new.players[p].hand:
            new.action_deck[card] = new.action_deck.get(card, 0) + 1
        new.players[p] = replace(new.players[p], hand=())
        state = new
    state.validate()
    return state


def place(kind):
    """The first cell holding a place of this kind ("city", "stronghold", "large island" …)."""
    return next(c for c, (k, _) in COMP.places.items() if k == kind)


def reveal_ship(state, cell, ship, pool="ocean"):
    """A ship turned over at ``cell`` (taken from that tile pool)."""
    new = state.clone()
    new.revealed[cell] = new.ships[cell] = ship
    new.tile_pools[pool][ship] -= 1
    return new


def deal(state, hands):
    """Every listed player's hand replaced by ``hands[p]`` (the old cards back in the deck first)."""
    new = state.clone()
    for p in hands:
        for card in new.players[p].hand:
            new.action_deck[card] = new.action_deck.get(card, 0) + 1
        new.players[p] = replace(new.players[p], hand=())
    for p, cards in hands.items():
        for card in cards:
            new.action_deck[card] -= 1
        new.players[p] = replace(new.players[p], hand=tuple(sorted(cards)))
    new.validate()
    return new
