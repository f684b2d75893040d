"""Hand-built King of Pirates positions for Given/When/Then tests (imported by the rule tests)."""
import random
from dataclasses import replace

from pirates_lab.core import Task, play, rulebook
from pirates_lab.king_of_pirates import components
from pirates_lab.king_of_pirates.game import FLOW, Game

from fractions import Fraction
from pirates_lab.core import CHANCE
from pirates_lab.king_of_pirates.game import AcceptMutiny, Attack, Pass

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


CARD_WINDOWS = ("window", "keelhauling")


def seen_alike(a, b, seat, answer=Pass()):
    """``a`` and ``b`` differ only in cards ``seat`` cannot see: walk both through every question put to
    another player (each passes) and check ``seat`` sees the same at every step."""
    for _ in range(20):
        assert a.observation(seat) == b.observation(seat)
        if a.current_player() in (seat, CHANCE) or a.phase.name not in CARD_WINDOWS:
            return a, b
        a, b = a.apply(answer), b.apply(answer)
    raise AssertionError("the window did not close")


def mutiny_facing(hands):
    """Player 0 accepts a mutiny (no rum, the die takes 1) in a 3-player game with these hands."""
    state = set_crew(deal(bare(players=3), hands), 0, ["Anne Bonny", "Mary Read"])
    state = scenario(with_player(state, 0, position=(3, 0), rum=0), [Task("upkeep_die", 0)])
    return state.apply("lose 1 rum").apply(AcceptMutiny())


def player_combat(attacker_crew=(), defender_crew=(), defender_scurvy=0):
    state = set_crew(set_crew(bare(), 0, attacker_crew), 1, defender_crew)
    state = with_player(state, 0, position=(2, 0), cannonballs=0, doubloons=1000)
    state = with_player(state, 1, position=(2, 0), cannonballs=0, doubloons=1000, scurvy=defender_scurvy)
    return scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))


def loot_all(state):
    """Draw 100-Doubloon loot cards while the loot phase lasts; how many were drawn."""
    drawn = 0
    while state.phase.name == "loot":
        state, drawn = state.apply(100), drawn + 1
    return state, drawn


def attack_on_a_city(cannonballs=2, hands=None):
    """Player 0 on a City it sailed onto this turn, attacking it; player 1 (holding ``hands``) passes before the dice."""
    city = place("city")
    state = deal(with_player(bare(), 0, position=city, cannonballs=cannonballs), hands or {1: ["Soldiers"]})
    state = scenario(state, [Task("combat_choose", 0)], entered=city).apply(Attack("city"))
    assert state.phase.name == "window" and state.current_player() == 1
    return state.apply(Pass())


def mutiny_with_two_keelhaulers():
    """Given three players, player 0 facing a mutiny (2 rum lost at 1 rum), players 1 and 2 each holding
    a Keelhauling card, When player 0 accepts the mutiny, Then the others are asked in turn order."""
    state = set_crew(bare(players=3), 0, ["William Kidd", "Anne Bonny"])
    state = give_hand(state, 1, ["Keelhauling"])
    state = give_hand(state, 2, ["Keelhauling"])
    state = with_player(state, 0, position=(3, 0), rum=1)
    state = scenario(state, [Task("upkeep_die", 0)])
    return state.apply("lose 2 rum").apply(AcceptMutiny())


def nation_combat_success(state, policy):
    """P(conquest) by exact recursion over the engine's chance nodes, decisions by ``policy``."""
    if any(t.phase == "loot" for t in state.agenda):
        return Fraction(1)
    if state.combat is None:
        return Fraction(0)
    if state.current_player() == CHANCE:
        return sum((p * nation_combat_success(state.apply(o), policy) for o, p in state.chance_outcomes().items()), Fraction(0))
    return nation_combat_success(state.apply(policy(state)), policy)


def without_empty(state, cell):
    """Tile pools with the empty tile at ``cell`` already turned over."""
    pools = {k: dict(v) for k, v in state.tile_pools.items()}
    pools["shark" if cell in COMP.shark_cells else "ocean"]["empty"] -= 1
    return pools
