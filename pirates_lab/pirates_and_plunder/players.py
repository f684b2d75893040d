"""Computer players that decide from what their seat may see: random and greedy.

Rules: Pirates & Plunder › Playing the Game

A player is a callable ``(view, rng) -> action`` given the seat's :class:`~pirates_lab.core.SeatView`, never
the state: it reads ``view.observation`` and ``view.legal_actions`` and, to look one move ahead,
``view.redeal(rng)``: a whole position the seat cannot tell from the real one (the only hidden thing in
this game is a secret battle commitment).

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
from .game import Commit, DrawExploration, MovePirate, Pay, PlaceTile, Take
from .pirates import canonical_commitment
from .scoring import final_scoring

__all__ = ["random_player", "greedy_player", "standing", "default_choice", "DEFAULT_FIRST", "default_moves", "is_battle"]

#: the decisions whose first listed action is the computer players' default (the choice the engine made by
#: itself before it was a decision): draw the exploration tile, pay from the largest piles, take the most plentiful
DEFAULT_FIRST = (DrawExploration, Pay, Take)


def default_choice(view):
    """The computer players' default when the choices are those of :data:`DEFAULT_FIRST` (None otherwise)."""
    legal = view.legal_actions
    return legal[0] if legal and isinstance(legal[0], DEFAULT_FIRST) else None


def is_battle(view) -> bool:
    """Is the seat committing resources to a battle?"""
    return bool(view.legal_actions) and isinstance(view.legal_actions[0], Commit)


def default_moves(view, actions) -> list:
    """Among pirate moves, those that use the longest route left (and "stop"): the old order."""
    if not any(isinstance(a, MovePirate) for a in actions):
        return list(actions)
    longest = max(a.route for a in actions if isinstance(a, MovePirate))
    return [a for a in actions if not isinstance(a, MovePirate) or a.route == longest]


def random_player(view, rng: random.Random):
    """Any legal action, uniformly at random."""
    return view.legal_actions[rng.randrange(len(view.legal_actions))]


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


def greedy_player(view, rng: random.Random, limit: int = 12):
    """One move ahead: the action that leaves this seat furthest ahead if the game ended now."""
    legal = list(view.legal_actions)
    if len(legal) == 1:
        return legal[0]
    if is_battle(view):
        return _battle_choice(view, legal)
    default = default_choice(view)
    if default is not None:
        return default
    legal = default_moves(view, legal)
    world = view.redeal(rng)
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
