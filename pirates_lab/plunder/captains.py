"""Computer captains: callables ``(state, rng) -> action`` that decide from ``state.view(player)`` only.

Rules: Plunder › Overview

:func:`trader` sails to the Port that pays best for what it carries (or sells cheapest what
another Port pays well for), trades, takes a First Mate, attacks a merchant only when its hand
surely wins every step, and flees Pirates when a card can outrun them.  :func:`random_captain`
picks any legal action.  Both see only what the seat may see.

>>> import random
>>> from pirates_lab.plunder import Game
>>> state = Game(players=2).new_initial_state()
>>> while state.is_chance_node():
...     state = state.apply(state.chance_outcomes().sample(random.Random(1)))
>>> trader(state, random.Random(0)) in state.legal_actions()
True
"""
from __future__ import annotations

import random

from .actions import (AddCard, Attack, Board, BuyShip, Contest, DoneTrading, Explore, Fight, Flee, Give, KeepLetter,
                      LetGo, PassAction, Pay, Play, Sail, Secret, Sell, Shout, StartTrade, StopSailing, TakeAbandoned,
                      TakePrize)
from .components import components
from pirates_lab.core.geometry import step

__all__ = ["trader", "random_captain", "make_trader"]


def random_captain(state, rng: random.Random):
    """Any legal action, uniformly."""
    return rng.choice(state.view().legal_actions)


def _stats(obs: dict, p: int) -> dict:
    deck = components()
    mat = obs["captains"][p]
    ship = deck.pinnace if mat["ship"] == "Pinnace" else vars(deck.card(mat["ship"]))
    stats = {k: ship[k] for k in ("speed", "cannon", "crew", "cargo")}
    if mat["first_mate"]:
        stats[deck.card(mat["first_mate"]).ability] += 1
    if mat["captured"]:
        stats["speed"] = min(stats["speed"], deck.card(mat["captured"]).speed)
    return stats


def _target(obs: dict, p: int):
    """The Port cell worth sailing to, or None."""
    deck = components()
    mat = obs["captains"][p]
    at = tuple(mat["at"])
    best, best_score = None, 0.0
    ports = [(x, y, deck.card(name)) for x, y, name in obs["sea"] if deck.card(name).kind == "port"
             and deck.card(name).nation not in mat["enemies"]]
    for x, y, port in ports:
        distance = abs(x - at[0]) + abs(y - at[1])
        if mat["cargo"]:
            score = sum(n * (port.sell_price(g) or 0) for g, n in mat["cargo"].items())
        else:
            score = max([(other.sell_price(g) or 0) - price for g, price in port.buy for _, _, other in ports]
                        + [0])
        score -= 0.5 * distance
        if (x, y) != at and score > best_score:
            best, best_score = (x, y), score
    if mat["loot"] or mat["captured"]:
        return (0, 0)
    return best


def _cheapest_card(hand, need: int):
    deck = components()
    enough = sorted((deck.card(n).number, n) for n in hand if deck.card(n).number >= need)
    return enough[0][1] if enough else None


def _wins_every_step(obs: dict, p: int, enemy) -> bool:
    deck = components()
    mine = _stats(obs, p)
    numbers = sorted((deck.card(n).number for n in obs["hand"]), reverse=True)
    gaps = [max(0, enemy.speed - mine["speed"]), max(0, enemy.cannon - mine["cannon"]),
            max(0, enemy.crew - mine["crew"])]
    for gap in sorted((g for g in gaps if g), reverse=True):
        if not numbers or numbers[0] < gap:
            return False
        numbers.pop(0)
    return True


def make_trader(explore_chance: float = 0.5):
    """A trading captain; ``explore_chance``: how often it plays a map card into an empty space."""

    def trader(state, rng: random.Random):
        view = state.view()
        obs, legal, p = view.observation, view.legal_actions, view.player
        deck = components()
        kinds = {type(a) for a in legal}
        mat = obs["captains"][p]
        step_name = obs["step"]
        if Pay in kinds:
            return Pay(True, True) if Pay(True, True) in legal else legal[0]
        if Shout in kinds:
            return Shout(True)
        if step_name == "sail":
            target = _target(obs, p)
            at = tuple(mat["at"])
            sails = [a for a in legal if isinstance(a, Sail)]
            if target == at:
                return StopSailing()
            if target is not None:
                here = abs(target[0] - at[0]) + abs(target[1] - at[1])
                closer = [a for a in sails if abs(target[0] - step(at, a.heading)[0])
                          + abs(target[1] - step(at, a.heading)[1]) < here]
                if closer:
                    return rng.choice(closer)
            explores = [a for a in legal if isinstance(a, Explore)]
            if explores and (rng.random() < explore_chance or not sails):
                ports = [a for a in explores if deck.card(a.card).kind == "port"]
                return rng.choice(ports or explores)
            if target is None and sails and rng.random() < 0.5:
                return rng.choice(sails)
            return StopSailing()
        if step_name == "action":
            if StartTrade() in legal:
                return StartTrade()
            mates = [a for a in legal if isinstance(a, Play) and deck.card(a.card).kind == "first_mate"]
            if mates and not mat["first_mate"]:
                return mates[0]
            return PassAction() if PassAction() in legal else rng.choice(legal)
        if step_name == "trade":
            sells = [a for a in legal if isinstance(a, Sell)]
            if sells:
                return max(sells, key=lambda a: a.amount)
            ships = [a for a in legal if isinstance(a, BuyShip) and deck.card(a.card).cargo > _stats(obs, p)["cargo"]]
            if ships and mat["silver"] >= deck.card(ships[0].card).value + 6:
                return ships[0]
            buys = [a for a in legal if type(a).__name__ == "Buy"]
            if buys and not mat["cargo"]:
                return max(buys, key=lambda a: a.amount)
            return DoneTrading()
        if step_name in ("meet", "natives"):
            enemy = obs["combat"] and obs["combat"].get("enemy")
            if enemy and _wins_every_step(obs, p, deck.card(enemy)) and deck.card(enemy).kind == "ship":
                return Attack()
            return StartTrade() if StartTrade() in legal else LetGo()
        if AddCard in kinds or Flee in kinds:
            combat = obs["combat"] or {}
            enemy = deck.card(combat["enemy"]) if combat.get("enemy") else None
            stat = {"engage": "speed", "broadside": "cannon", "boarding": "crew"}.get(step_name)
            if enemy is not None and stat:
                value = enemy.garrison if stat == "crew" and enemy.kind == "port" else \
                    enemy.warriors if stat == "crew" and enemy.kind == "natives" else getattr(enemy, stat)
                card = _cheapest_card(obs["hand"], value - _stats(obs, p)[stat])
                if Flee in kinds:
                    return Flee(card) if card and Flee(card) in legal else Fight()
                return AddCard(card or "")
            return Fight() if Fight() in legal else legal[0]
        if Secret in kinds:
            numbers = sorted((deck.card(n).number, n) for n in obs["hand"])
            return Secret(numbers[-1][1]) if numbers else Secret("")
        if Board() in legal:
            return Board()
        if TakePrize in kinds:
            return TakePrize("captured")
        if TakeAbandoned in kinds:
            return TakeAbandoned(True)
        if Contest in kinds:
            return Contest("")
        if KeepLetter in kinds:
            return legal[0]  # the new Letter

        if Give in kinds:
            harmful = [a for a in legal if deck.card(a.card).name == "Pirates"]
            return rng.choice(harmful or legal)
        if Fight() in legal:
            return Fight()
        return rng.choice(legal)

    return trader


trader = make_trader()
