"""Important Game Concepts: Mutiny, Pirates Lairs, the Flying Dutchman (and the compass die that
sends a ship back to a random lair).

Rules: King of Pirates › Important Game Concepts
"""
from __future__ import annotations

from pirates_lab.core import Dist, Task
from pirates_lab.core.geometry import HEX_DIRECTIONS, on_hex_board

from . import captains_skills, game_contents
from ..actions import AcceptMutiny, Pass, Play, Sacrifice
from ..components import Cell
from .task_data import Keelhaul

__all__ = ["move_dutchman", "sweep", "relocate_odds", "relocate", "mutiny", "mutiny_actions", "answer_mutiny",
           "keelhauling_actions", "answer_keelhauling", "carry_out_mutiny"]


# ---- the Flying Dutchman
def move_dutchman(state, face: str) -> None:
    """One space in the compass direction; off the map it returns to the centre.

    Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    dq, dr = HEX_DIRECTIONS[state.comp.compass.index(face)]
    q, r = state.dutchman
    nxt = (q + dq, r + dr)
    if not on_hex_board(nxt, state.comp.radius):
        nxt = state.comp.centre
        state.say("The Flying Dutchman sails off the map and returns to the centre.")
    state.dutchman = nxt
    state.say(f"The Flying Dutchman moves {face} to {nxt}.")
    if nxt not in state.comp.lairs:       # "you cannot be attacked by ... the Flying Dutchman" there
        sweep(state, nxt)


def sweep(state, cell: Cell) -> None:
    """Everyone on the Dutchman's space loses hand and pirates and goes to a random lair; the
    current player's turn ends.  (Never called at a Pirates Lair: the callers check.)

    Rules: King of Pirates › Important Game Concepts"""
    victims = [p for p, pl in enumerate(state.players) if pl.position == cell]
    for p in victims:
        player = state.players[p]
        for card in player.hand:
            game_contents.discard_card(state, card)
        game_contents.discard_pirates(state, player.crew)
        game_contents.set_player(state, p, hand=(), held_before_shuffle=(), crew=())
        game_contents.clamp(state, p)
        state.say(f"The Flying Dutchman takes player {p + 1}'s cards and pirates!")
    if state.current in victims:      # (a combat is on the mover's space: its ships are taken too)
        state.flow.cut(state, "end_turn")
    state.flow.push(state, *[Task("relocate", p) for p in victims])


def relocate_odds(state, task) -> Dist:
    return Dist.uniform(state.comp.compass)


def relocate(state, task, face) -> None:
    state.flow.pop(state)
    p = task.player
    lair = state.comp.corner_lair(state.comp.compass.index(face))
    game_contents.set_player(state, p, position=lair)
    state.say(f"The compass die sends player {p + 1} to the Pirates Lair at {lair}.")


# ---- Mutiny
def mutiny(state, p: int) -> None:
    """Rules: King of Pirates › Important Game Concepts"""
    state.say(f"Player {p + 1}'s crew threatens a mutiny!")
    state.flow.push(state, Task("mutiny", p))


def mutiny_actions(state, task):
    p = task.player
    out = [AcceptMutiny()]
    if "Keelhauling" in state.players[p].hand:
        out.append(Play("Keelhauling"))
    comp = state.comp
    out += [Sacrifice(c) for c in state.players[p].crew if comp.pirates[c]["skill"] == "Sacrifice to prevent Mutiny"]
    return out


def answer_mutiny(state, task, action):
    """Keelhauling or a scapegoat prevents it; else the captain goes, a random lair, the turn ends.

    Rules: King of Pirates › Important Game Concepts
    """
    p = task.player
    state.flow.pop(state)
    if isinstance(action, Play):
        game_contents.remove_from_hand(state, p, "Keelhauling")
        state.say(f"Player {p + 1} keelhauls the ringleader: no mutiny.")
    elif isinstance(action, Sacrifice):
        game_contents.lose_pirate(state, p, action.pirate)
        state.say(f"Player {p + 1} sacrifices {action.pirate}: no mutiny.")
    else:
        order = [(p + i) % state.game.players for i in range(1, state.game.players)]
        asked = tuple(q for q in order if state.players[q].hand)   # public: who holds a card at all
        if asked:       # "Keelhauling (U) - Prevent one Mutiny": anybody holding one may
            state.flow.push(state, Task("keelhauling", p, Keelhaul(p, asked)))
        else:
            carry_out_mutiny(state, p)


def keelhauling_actions(state, task):
    """Every player holding a card is asked (so being asked tells nobody who holds Keelhauling)."""
    return [Pass()] + ([Play("Keelhauling")] if "Keelhauling" in state.players[task.data.asked[0]].hand else [])


def answer_keelhauling(state, task, action):
    """Another player may prevent the mutiny with a Keelhauling card.  Rules: King of Pirates › Action Cards"""
    victim, q = task.data.victim, task.data.asked[0]
    state.flow.pop(state)
    asked = tuple(p for p in task.data.asked[1:] if state.players[p].hand)
    if isinstance(action, Play):
        game_contents.remove_from_hand(state, q, "Keelhauling")
        state.say(f"Player {q + 1} keelhauls player {victim + 1}'s ringleader: no mutiny.")
    elif asked:
        state.flow.push(state, Task("keelhauling", victim, Keelhaul(victim, asked)))
    else:
        carry_out_mutiny(state, victim)


def carry_out_mutiny(state, p: int) -> None:
    """The captain is discarded, a random lair, and the turn ends.  Rules: King of Pirates › Important Game Concepts"""
    crew = state.players[p].crew
    if crew:
        state.say(f"Mutiny! Captain {crew[0]} is thrown overboard.")
        game_contents.lose_pirate(state, p, crew[0])
    else:
        state.say("Mutiny! (There is no captain to discard.)")
    if p == state.current:
        state.flow.cut(state, "end_turn")
    state.flow.push(state, Task("relocate", p))
    captains_skills.check_hand_limit(state, p)       # (again: the cut took away the one the lost captain pushed)
