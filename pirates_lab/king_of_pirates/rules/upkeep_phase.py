"""Phase 1: Upkeep Phase — 1A draw action cards (hand limit), 1B the compass die moves the Flying
Dutchman, 1C the upkeep die (scurvy or rum; a mutiny without it), 1D the card window.

Rules: King of Pirates › Phase 1: Upkeep Phase
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import Dist

from . import captains_skills, game_contents, important_game_concepts
from ..actions import Discard
from ..components import RUM_LOST
from ..odds import upkeep_die
from .captains_skills import hand_limit, upkeep_draws
from .agenda import carry_on
from .task_data import Drawn

__all__ = ["auto_setup_hand", "auto_upkeep_draw", "auto_make_room", "make_room_actions", "discard_to_make_room",
           "draw_until", "action_card_odds", "draw_action_card", "compass_odds", "roll_compass", "auto_upkeep_die",
           "upkeep_die_odds", "roll_upkeep_die"]


# ---- 1A: draw, making room first
def auto_setup_hand(state, task):
    """Game Setup: "Each Player draws 3 secret Action Cards"."""
    return draw_until(state, task, state.comp.rules["starting_action_cards"])


def auto_upkeep_draw(state, task):
    """1A: 2 cards (+1 per "+1 Black Card per turn")."""
    return draw_until(state, task, upkeep_draws(state.players[task.player], state.comp))


def auto_make_room(state, task):
    p = task.player
    if len(state.players[p].hand) + upkeep_draws(state.players[p], state.comp) <= hand_limit(state.players[p], state.comp):
        carry_on(state)
        return True
    return False


def make_room_actions(state, task):
    """Discard (or "use a card before drawing": the U and A cards are added by :mod:`.action_cards`)."""
    return [Discard(c) for c in sorted(set(state.players[task.player].hand))]


def discard_to_make_room(state, task, action):
    p = task.player
    game_contents.remove_from_hand(state, p, action.card)
    state.say(f"Player {p + 1} discards {action.card} to make room.")


def draw_until(state, task, target: int):
    """Draw one card at a time until ``target`` are drawn, the hand is full or no card is left."""
    p = task.player
    if task.data.count >= target or (not any(state.action_deck.values()) and not any(state.action_discard.values())):
        carry_on(state)
        return True
    if len(state.players[p].hand) >= hand_limit(state.players[p], state.comp):
        carry_on(state)
        return True
    if not any(state.action_deck.values()):
        state.action_deck, state.action_discard = {k: v for k, v in state.action_discard.items() if v}, {}
        for q, player in enumerate(state.players):    # what each hand held before: not from the new deck
            game_contents.set_player(state, q, held_before_shuffle=player.hand)
        state.say("The action deck is empty: the discard pile is shuffled into a new deck.")
    return False


def action_card_odds(state, task) -> Dist:
    return Dist.from_weights({c: n for c, n in state.action_deck.items() if n})


def draw_action_card(state, task, card) -> None:
    p = task.player
    state.action_deck[card] -= 1
    if not state.action_deck[card]:
        del state.action_deck[card]
    game_contents.set_player(state, p, hand=tuple(sorted(state.players[p].hand + (card,))))
    state.say(f"Player {p + 1} draws an action card.")
    state.flow.replace(state, replace(task, data=Drawn(task.data.count + 1)))


# ---- 1B: the compass die
def compass_odds(state, task) -> Dist:
    return Dist.uniform(state.comp.compass)


def roll_compass(state, task, face) -> None:
    carry_on(state)
    important_game_concepts.move_dutchman(state, face)


# ---- 1C: the upkeep die
def auto_upkeep_die(state, task):
    if state.at_lair(task.player):
        state.say(f"Player {task.player + 1} is at a Pirates Lair: no upkeep die.")
        carry_on(state)
        return True
    return False


def upkeep_die_odds(state, task) -> Dist:
    return upkeep_die(state.comp.upkeep_die)


def roll_upkeep_die(state, task, face) -> None:
    """Rules: King of Pirates › Phase 1: Upkeep Phase"""
    carry_on(state)
    p = task.player
    state.say(f"Upkeep die: {face}.")
    if face == "scurvy":
        captains_skills.gain_scurvy(state, p)
        return
    lost = RUM_LOST[face]
    player = state.players[p]
    if lost > player.rum:
        game_contents.set_player(state, p, rum=0)
        important_game_concepts.mutiny(state, p)
    else:
        game_contents.set_player(state, p, rum=player.rum - lost)
