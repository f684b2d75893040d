"""Captain's Skills that act on their own: the hand limit and extra draw, stealing Doubloons during
the upkeep, immunity to scurvy.  (Bonuses that only change a number are in :mod:`.pirate_skills`.)

Rules: King of Pirates › Captain's Skills
"""
from __future__ import annotations

from dataclasses import replace


from pirates_lab.core import Task

from . import game_contents, the_game_board
from ..actions import Discard, Pass, Steal
from ..components import components
from ..player import Player
from .agenda import carry_on
from .task_data import Steals
from .pirate_skills import count_skill

__all__ = ["hand_limit", "upkeep_draws", "gain_scurvy", "new_captain", "check_hand_limit", "auto_over_hand_limit",
           "over_hand_limit_actions", "discard_over_limit", "steals_left", "auto_steal", "steal_actions", "steal"]


def hand_limit(player: Player, comp=None) -> int:
    """Six action cards, one more with "+1 Black Card per turn".

    Rules: King of Pirates › Phase 1: Upkeep Phase
    Rules: King of Pirates › Captain's Skills
    """
    comp = comp or components()
    return comp.rules["hand_limit"] + count_skill(player, "+1 Black Card per turn", comp)


def upkeep_draws(player: Player, comp) -> int:
    """Two cards at the upkeep, one more with "+1 Black Card per turn".  Rules: King of Pirates › Captain's Skills"""
    return comp.rules["upkeep_draw"] + count_skill(player, "+1 Black Card per turn", comp)


def gain_scurvy(state, p: int) -> None:
    """Immune to Scurvy: the token is discarded.  Rules: King of Pirates › Captain's Skills"""
    if count_skill(state.players[p], "Immune to Scurvy", state.comp):
        state.say(f"Player {p + 1}'s crew is immune to scurvy: the token is discarded.")
    else:
        game_contents.set_player(state, p, scurvy=state.players[p].scurvy + 1)
        state.say(f"Player {p + 1} gets a Scurvy token ({state.players[p].scurvy}).")


def new_captain(state, p: int) -> None:
    """A pirate with "Immune to Scurvy" who becomes captain (or whose captain skill a new captain
    switches on) clears the ship's Scurvy tokens: "Your crew are immune to Scurvy, so simply
    discard any tokens you would get."  Rules: King of Pirates › Captain's Skills"""
    player = state.players[p]
    if player.scurvy and count_skill(player, "Immune to Scurvy", state.comp):
        game_contents.set_player(state, p, scurvy=0)
        state.say(f"Player {p + 1}'s new captain is immune to scurvy: {player.scurvy} Scurvy token(s) discarded.")


# ---- "+1 Black Card per turn": "may hold 1 additional Action card" only while the skill is in effect
def check_hand_limit(state, p: int) -> None:
    """A crew change that loses "+1 Black Card per turn" lowers the hand limit at once: a player holding
    more cards than the new limit discards down to it, choosing which (house rule: the rulebook says
    when the limit is checked only at the upkeep draw).  Rules: King of Pirates › Captain's Skills"""
    player = state.players[p]
    if len(player.hand) > hand_limit(player, state.comp) and \
            not any(task.phase == "over_hand_limit" and task.player == p for task in state.agenda):
        state.say(f"Player {p + 1} holds {len(player.hand)} cards against a hand limit of "
                  f"{hand_limit(player, state.comp)} and must discard.")
        state.flow.push(state, Task("over_hand_limit", p))


def auto_over_hand_limit(state, task):
    player = state.players[task.player]
    if len(player.hand) <= hand_limit(player, state.comp):
        state.flow.pop(state)
        return True
    return False


def over_hand_limit_actions(state, task):
    return [Discard(c) for c in sorted(set(state.players[task.player].hand))]


def discard_over_limit(state, task, action):
    """Rules: King of Pirates › Captain's Skills ("+1 Black Card per turn")"""
    p = task.player
    game_contents.remove_from_hand(state, p, action.card)
    state.say(f"Player {p + 1} discards {action.card} down to the hand limit.")


# ---- "Move 2 on the victory track": steal up to 200 Doubloons during the upkeep
def steals_left(state, task) -> int:
    """One steal per "Move 2 on the victory track" in effect, less those made this upkeep."""
    return count_skill(state.players[task.player], "Move 2 on the victory track", state.comp) - len(task.data.victims)


def auto_steal(state, task):
    p = task.player
    if steals_left(state, task) <= 0 or not any(pl.doubloons for q, pl in enumerate(state.players) if q != p):
        carry_on(state)
        return True
    return False


def steal_actions(state, task):
    p = task.player
    return [Pass()] + [Steal(q) for q, pl in enumerate(state.players) if q != p and pl.doubloons]


def steal(state, task, action):
    """Each skill in effect steals once.  Rules: King of Pirates › Captain's Skills ("Move 2 on the victory track")"""
    p = task.player
    if not isinstance(action, Steal):
        carry_on(state)
    else:
        state.flow.replace(state, replace(task, data=Steals(task.data.victims + (action.player,))))   # settle ends it
        amount = min(state.comp.rules["steal_limit"], state.players[action.player].doubloons)
        game_contents.set_player(state, action.player, doubloons=state.players[action.player].doubloons - amount)
        game_contents.set_player(state, p, doubloons=state.players[p].doubloons + amount)
        state.say(f"Player {p + 1}'s captain steals {amount} Doubloons from player {action.player + 1}.")
        the_game_board.check_winner(state)
