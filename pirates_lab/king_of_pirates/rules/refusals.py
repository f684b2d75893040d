"""Why a move is refused: the phase table's ``why`` column, naming the rule a move breaks here.

Rules: King of Pirates › Phases of a Turn
"""
from __future__ import annotations

from pirates_lab.core import CHANCE, IllegalMove
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import on_hex_board

from ..actions import Attack, BuyPart, Dig, Discard, Dismiss, KeepPirates, MakeCaptain, Play, Recruit, Replace, Reroll, Sail
from ..headings import RULE_BOARD, RULE_CARDS, RULE_COMBAT, RULE_MOVEMENT, RULE_SETUP, RULE_UPKEEP
from .task_data import Voyage

__all__ = ["why_not", "why_not_card", "why_not_prevent"]


def why_not(state, task, action) -> IllegalMove:
    """A refusal naming the rule a move breaks here, the user's words quoted with ``shown``."""
    p = state.current_player()
    rule = state.flow.phases[task.phase].rule
    if isinstance(action, Sail):
        if not isinstance(task.data, Voyage):
            return IllegalMove(RULE_MOVEMENT, "You can only sail during your Movement Phase.")
        if not on_hex_board(action.to, state.comp.radius):
            return IllegalMove(RULE_BOARD, f"{shown(action.to)} is not a space of the 61-tile board.")
        return IllegalMove(RULE_MOVEMENT, f"You move one space at a time: {shown(action.to)} is not next to "
                                          f"{state.players[task.player].position}.")
    if isinstance(action, Play):
        return IllegalMove(RULE_CARDS, f"You cannot play {shown(action.card)} now: you need it in your hand, "
                                       f"in a phase its timing letter allows.")
    if isinstance(action, Reroll):
        return IllegalMove(RULE_COMBAT, "A cannonball re-roll needs a cannonball and a failed roll (or a "
                                        "player-versus-player attack).")
    if isinstance(action, BuyPart):
        return IllegalMove(RULE_MOVEMENT, f"Ship parts cost {state.comp.ship['part_cost']} Doubloons, are bought "
                                          f"at a Pirates Lair, and each part only once.")
    if isinstance(action, Dig):
        return IllegalMove(RULE_MOVEMENT, "Digging needs a Treasure Island with its treasure and enough "
                                          "Treasure Map cards.")
    if isinstance(action, Attack):
        target = (f"player {action.target + 1}" if isinstance(action.target, int) and not isinstance(action.target, bool)
                  else shown(action.target))
        return IllegalMove(RULE_COMBAT, f"There is no {target} here to attack (or you are at a Pirates "
                                        f"Lair, where nobody can be attacked).")
    if isinstance(action, (Recruit, Replace, Dismiss, MakeCaptain)):
        return IllegalMove(RULE_MOVEMENT, "Crew changes happen at a Pirates Lair, with the pirates drawn there.")
    if isinstance(action, Discard) and task.phase not in ("make_room", "over_hand_limit"):
        return IllegalMove(RULE_UPKEEP, "You discard only to make room before the upkeep draw.")
    if isinstance(action, KeepPirates):
        return IllegalMove(RULE_SETUP, "Keep two of the three pirates you drew.")
    if p == CHANCE:
        return IllegalMove(rule, f"{shown(action)} is not something chance can do here.")
    listed = state.legal_actions()
    allowed = ", ".join(str(a) for a in listed[:8]) + (", …" if len(listed) > 8 else "")
    step = state.flow.phases[task.phase].doc or task.phase.replace("_", " ")
    return IllegalMove(rule, f"{shown(action, 60)} is not allowed now ({step}). Allowed: {allowed}.")


def why_not_card(state, task, action) -> IllegalMove:
    """At a card window: a card held but not playable now, or not on that target."""
    if isinstance(action, Play) and action.card in state.players[task.data.asked[0]].hand:
        letter = state.comp.action_cards[action.card]["timing"]
        if letter not in task.data.timing.letters:
            return IllegalMove(RULE_CARDS, f"{action.card} is a {letter} card: not playable in this window "
                                           f"({', '.join(task.data.timing.letters)} cards only).")
        return IllegalMove(RULE_CARDS, f"{shown(action, 60)} is not a use of {action.card} the card allows here.")
    return why_not(state, task, action)


def why_not_prevent(state, task, action) -> IllegalMove:
    """At a mutiny: only Keelhauling or a scapegoat prevents it."""
    if isinstance(action, Play) and action.card != "Keelhauling":
        return IllegalMove(RULE_CARDS, "Only Keelhauling (or a scapegoat) prevents a mutiny.")
    return why_not(state, task, action)
