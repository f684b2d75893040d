"""Game Contents: the pieces every chapter moves — a player's record, the action cards between hand and
discard pile, the pirates between crew and discard pile, the tokens a smaller hold sends back.

Rules: King of Pirates › Game Contents
"""
from __future__ import annotations

from dataclasses import replace

from . import captains_skills
from . import captains_skills
from .pirate_skills import max_cannonballs, max_rum

__all__ = ["set_player", "discard_card", "remove_from_hand", "discard_pirates", "lose_pirate", "clamp", "within"]


def set_player(state, p: int, **changes) -> None:
    """Player ``p``'s record with ``changes`` (a Player is a frozen value: a change is a new one)."""
    state.players[p] = replace(state.players[p], **changes)


def discard_card(state, card: str) -> None:
    state.action_discard[card] = state.action_discard.get(card, 0) + 1


def remove_from_hand(state, p: int, card: str, n: int = 1) -> None:
    hand = list(state.players[p].hand)
    for _ in range(n):
        hand.remove(card)
        discard_card(state, card)
    set_player(state, p, hand=tuple(hand), held_before_shuffle=within(state.players[p].held_before_shuffle, hand))


def discard_pirates(state, pirates) -> None:
    state.pirate_discard.extend(pirates)
    state.pirate_discard.sort()


def lose_pirate(state, p: int, pirate: str) -> None:
    crew = tuple(c for c in state.players[p].crew if c != pirate)
    set_player(state, p, crew=crew)
    discard_pirates(state, [pirate])
    clamp(state, p)
    captains_skills.new_captain(state, p)
    captains_skills.check_hand_limit(state, p)


def clamp(state, p: int) -> None:
    """Rum and cannonballs above a smaller maximum go back to the supply (our assumption)."""
    player = state.players[p]
    set_player(state, p, rum=min(player.rum, max_rum(player, state.comp)),
               cannonballs=min(player.cannonballs, max_cannonballs(player, state.comp)))


def within(cards, hand) -> tuple:
    """The cards of ``cards`` that ``hand`` still holds (a multiset intersection), sorted.

    >>> within(("Scurvy", "Scurvy", "Tailwind"), ["Scurvy", "Ambush"])
    ('Scurvy',)
    """
    left = list(hand)
    kept = []
    for card in sorted(cards):
        if card in left:
            left.remove(card)
            kept.append(card)
    return tuple(kept)
