"""Computer players that decide from what their seat may see: random and greedy.

Rules: Pirates & Plunder › Playing the Game

A player is a callable ``(state, rng) -> action`` that reads ``state.view()`` (its observation and
legal actions) and, to look one move ahead, ``state.redeal_hidden(seat, rng)``: a whole position
the seat cannot tell from the real one (the only hidden thing in this game is a secret battle
commitment).

The greedy player tries its legal actions (at most ``limit`` of them, sampled; a tile together with
the best ship on it) on that position and keeps the one that leaves it furthest ahead *if the game
ended now* (final scoring included).  In a
battle it uses the solved battles: the smallest winning attack, or the cheapest repulse.

Where the rules leave a choice the engine used to make by itself, the computer players keep that old
choice (:func:`default_choice`): draw the exploration tile, pay from the largest piles, take the most
plentiful resources, commit from the largest piles, and move each pirate with the longest route left.
"""
from __future__ import annotations

import random

from .battles import open_battle
from .game import Commit, PlaceTile
from .pirates import canonical_commitment
from .scoring import final_scoring

__all__ = ["random_player", "greedy_player", "standing", "default_choice", "DEFAULT_FIRST", "default_moves"]

#: steps whose first listed action is the computer players' default (the choice the engine made by itself
#: before it was a decision)
DEFAULT_FIRST = ("explore_offer", "pay", "treasure", "royal_port")


def default_choice(view):
    """The computer players' default at a step of :data:`DEFAULT_FIRST` (None elsewhere)."""
    if (view.observation or {}).get("phase") in DEFAULT_FIRST and view.legal_actions:
        return view.legal_actions[0]
    return None


def default_moves(view, actions) -> list:
    """At the ``pirates`` step, the moves that use the longest route left (and "stop"): the old order."""
    observation = view.observation or {}
    routes = observation.get("routes")
    if observation.get("phase") != "pirates" or not routes:
        return list(actions)
    return [a for a in actions if getattr(a, "route", routes[0]) == routes[0]]


def random_player(state, rng: random.Random):
    """Any legal action, uniformly at random."""
    return rng.choice(state.view().legal_actions)


def standing(state, player: int) -> int:
    """``player``'s lead over the best other player if the game ended now (final scoring on a copy)."""
    ended = state.clone()
    final_scoring(ended)
    others = [p for i, p in enumerate(ended.points) if i != player]
    return ended.points[player] - max(others)


def _battle_choice(view, legal):
    """The solved open battle: attack with just enough to win, defend with just enough to repulse."""
    observation = view.observation
    battle = observation["battle"]
    me = view.player
    roles = {ship[0]: ship[-1] for ship in observation["ships"]}
    pirate, target = battle["ships"]
    base = 1 if roles.get(target) == "merchant" else 0
    held = observation["resources"][me]
    if battle["phase"] == "attack":
        defender = next(ship[1] for ship in observation["ships"] if ship[0] == target)
        solved = open_battle(min(60, sum(held)), min(60, sum(observation["resources"][defender])), base)
        amount = solved.winning_attack or 0
    else:
        attack = battle.get("attack")
        if attack is None:           # secret battle: answer as if the attacker went all in
            attacker = next(ship[1] for ship in observation["ships"] if ship[0] == pirate)
            attack_size = sum(observation["resources"][attacker])
        else:
            attack_size = sum(attack)
        need = max(0, attack_size - base)
        amount = need if need <= sum(held) else 0
    wanted = Commit(canonical_commitment(held, amount))
    return wanted if wanted in legal else legal[0]


def greedy_player(state, rng: random.Random, limit: int = 12):
    """One move ahead: the action that leaves this seat furthest ahead if the game ended now."""
    view = state.view()
    legal = list(view.legal_actions)
    if len(legal) == 1:
        return legal[0]
    if view.observation.get("battle") and view.observation["phase"] in ("attack", "defend"):
        return _battle_choice(view, legal)
    default = default_choice(view)
    if default is not None:
        return default
    legal = default_moves(view, legal)
    world = state.redeal_hidden(view.player, rng)
    candidates = legal if len(legal) <= limit else rng.sample(legal, limit)
    best, best_value = [], None
    for action in candidates:
        after = world.apply(action)
        if isinstance(action, PlaceTile):     # the tile and then the best ship on it: one whole turn
            value = max(standing(after.apply(ship), view.player) for ship in after.legal_actions())
        else:
            value = standing(after, view.player)
        if best_value is None or value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)
