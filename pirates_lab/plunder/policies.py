"""Computer captains for Plunder, for the strategy lab.

The strategy lab (``pirates_lab.lab``) finds ``POLICIES`` here: name -> ``chooser(view, rng)``, with
``view`` a :class:`~pirates_lab.core.PlayerView` (observation, legal actions, seat).  A chooser reads
only its view and the printed card data (:func:`~pirates_lab.plunder.components.components`), never a
hidden card.  The rulebook prints no strategy tips, so there are no ``TIPS``.

- ``greedy`` — a trader who goes for the 60 silver (Rules: Plunder › Overview): it buys goods where a
  Port's Buy price is below a Sell price it can reach, sails for the best market by the shortest way over
  the map cards (exploring a friendly Port from its hand when one is useful), sells its plunder in
  Tortuga, keeps out of enemy Ports, lets ships go by, flees what attacks it, and otherwise adds its
  highest card in a combat.  Random captains rarely finish a game; this one does.
"""
from __future__ import annotations

import random
from collections import deque

from pirates_lab.core import State
from pirates_lab.core.geometry import EDGES, step

from .actions import (AddCard, AttackPort, Board, Buy, BuyShip, Contest, DoneTrading, Explore, Flee, KeepLetter,
                      LetGo, PassAction, Pay, Play, Sail, Secret, Sell, Shout, StartTrade, StopSailing, TakePrize)
from .components import components

__all__ = ["Greedy", "TRADER", "POLICIES", "TIPS", "seat_view"]

#: how much a captain wants to keep a card in hand (the lowest is played as an Encounter first)
KEEP = {"port": 10, "rum": 8, "sneak": 8, "open_sea": 6, "coastland": 5, "first_mate": 3, "ship": 2,
        "natives": 1, "war": 0, "treaty": 0, "storm": 0, "tortuga": 0}


#: the share of sailing decisions made at random, so that no map traps the captain in a loop
WANDER = 0.1


def seat_view(seen):
    """The seat's view a computer captain decides from: a view (observation, legal actions, seat) as given, or
    the view of a view-only stand-in (``seen.view()``).  A State is refused: players never see the whole state."""
    if isinstance(seen, State):
        raise TypeError("A computer captain is handed its seat's view (state.view()), never the state itself.")
    return seen if hasattr(seen, "observation") else seen.view()


class Greedy:
    """Rules: Plunder › Trade

    Decides from the view only; see the module docstring.
    """

    needs_observation = True

    def __init__(self):
        self.deck = components()

    # ---------------------------------------------------------------- reading the view
    def _me(self, view) -> dict:
        return view.observation["captains"][view.player]

    def _sea(self, view) -> dict:
        return {(x, y): name for x, y, name in view.observation["sea"]}

    def _friendly_port(self, name: str, me: dict) -> bool:
        card = self.deck.card(name)
        return card.kind == "port" and card.nation not in me["enemies"]

    def _number(self, name: str) -> int:
        return self.deck.card(name).number if name else 0

    def _capacity(self, me: dict) -> int:
        cargo = self.deck.pinnace["cargo"] if me["ship"] == "Pinnace" else self.deck.card(me["ship"]).cargo
        return cargo + (self.deck.card(me["captured"]).cargo if me.get("captured") else 0)

    def _best_sell(self, good: str, sea: dict, me: dict, besides=None) -> int:
        """The best Sell price for ``good`` at a friendly Port on the map (other than ``besides``)."""
        prices = [self.deck.card(n).sell_price(good) or 0 for cell, n in sea.items()
                  if cell != besides and self._friendly_port(n, me)]
        return max(prices, default=0)

    def _target(self, view, sea: dict, me: dict):
        """Where to sail: Tortuga with plunder; the best market for the cargo; else the best place to buy."""
        at = tuple(me["at"])
        if me["loot"] or me.get("captured"):
            return next((cell for cell, n in sea.items() if self.deck.card(n).kind == "tortuga"), None)
        ports = {cell: n for cell, n in sea.items() if self._friendly_port(n, me)}
        if me["cargo"]:
            worth = {cell: sum(n_ * (self.deck.card(n).sell_price(g) or 0) for g, n_ in me["cargo"].items())
                     for cell, n in ports.items()}
            best = max(worth, key=lambda c: (worth[c], -self._far(sea, at, c)), default=None)
            return best if best is not None and worth[best] > 0 else None
        margins = {}
        for cell, n in ports.items():
            card = self.deck.card(n)
            margins[cell] = max((self._best_sell(g, sea, me, besides=cell) - price for g, price in card.buy),
                                default=0)
        best = max(margins, key=lambda c: (margins[c], -self._far(sea, at, c)), default=None)
        return best if best is not None and margins[best] > 0 else None

    @staticmethod
    def _far(sea: dict, start, goal) -> int:
        """Moves over map cards from ``start`` to ``goal`` (a large number if no way is laid yet)."""
        if goal is None:
            return 0
        seen = {tuple(start): 0}
        todo = deque([tuple(start)])
        while todo:
            cell = todo.popleft()
            if cell == tuple(goal):
                return seen[cell]
            for h in EDGES:
                nxt = step(cell, h)
                if nxt in sea and nxt not in seen:
                    seen[nxt] = seen[cell] + 1
                    todo.append(nxt)
        return 100 + abs(goal[0] - start[0]) + abs(goal[1] - start[1])

    # ---------------------------------------------------------------- the steps
    def _sail(self, view, actions, rng):
        me, sea = self._me(view), self._sea(view)
        at = tuple(me["at"])
        target = self._target(view, sea, me)
        here = self._far(sea, at, target)
        want = set(me["cargo"]) if me["cargo"] else None

        def score(action):
            if isinstance(action, Explore):
                card = self.deck.card(action.card)
                if card.kind == "port" and card.nation not in me["enemies"]:
                    useful = (any(card.sell_price(g) for g in want) if want else
                              any(self._best_sell(g, sea, me) > p for g, p in card.buy))
                    return 60 if useful else 5
                if target is not None and card.kind != "port":
                    closer = abs(target[0] - action.at[0]) + abs(target[1] - action.at[1]) < \
                        abs(target[0] - at[0]) + abs(target[1] - at[1])
                    return 3 if closer else -5
                return -5 if card.kind == "port" else 1
            if isinstance(action, Sail):
                cell = step(at, action.heading)
                name = sea.get(cell, "")
                card = self.deck.card(name)
                if card.kind == "port" and card.nation in me["enemies"]:
                    return -100
                if target is None:          # nothing to trade yet: sail on, drawing cards, exploring
                    return 4 if card.kind == "port" else 3
                if cell == target:
                    return 50
                gain = here - self._far(sea, cell, target)
                return 10 * gain - 2        # a step closer is worth it even into a Port that ends the move
            if isinstance(action, StopSailing):
                return 1 if at == target else -1
            return -50

        if rng.random() < WANDER:
            return self._random(actions, rng)
        return self._best(actions, score, rng)

    def _action(self, view, actions, rng):
        me, sea = self._me(view), self._sea(view)
        kinds = {type(a) for a in actions}
        if AttackPort in kinds and PassAction not in kinds and StartTrade not in kinds:  # an enemy Port
            plays = [a for a in actions if isinstance(a, Play)]
            return plays[0] if plays else AttackPort()
        if StartTrade in kinds:
            place = self.deck.card(sea[tuple(me["at"])])
            sells = any(place.sell_price(g) for g in me["cargo"])
            buys = any(self._best_sell(g, sea, me, besides=tuple(me["at"])) > p for g, p in place.buy)
            if sells or buys or PassAction not in kinds or me["loot"] or me.get("captured"):
                return StartTrade()
        calm = [a for a in actions if isinstance(a, PassAction)]
        return calm[0] if calm else self._random(actions, rng)

    def _trade(self, view, actions, rng):
        me, sea = self._me(view), self._sea(view)
        at = tuple(me["at"])
        sells = [a for a in actions if isinstance(a, Sell)]
        if sells:
            return max(sells, key=lambda a: (a.amount, a.good))
        place = self.deck.card(sea[at]) if at in sea else None

        def margin(a):
            price = place.buy_price(a.good) if place else None
            return self._best_sell(a.good, sea, me, besides=at) - (price or 99)

        buys = [a for a in actions if isinstance(a, Buy) and margin(a) > 0]
        if buys:
            return max(buys, key=lambda a: (margin(a), a.amount, a.good))
        ships = [a for a in actions if isinstance(a, BuyShip) and self.deck.card(a.card).cargo > self._capacity(me)
                 and self.deck.card(a.card).value + 10 <= me["silver"] and self.deck.card(a.card).wages <= 1]
        if ships:
            return max(ships, key=lambda a: (self.deck.card(a.card).cargo, a.card))
        done = [a for a in actions if isinstance(a, DoneTrading)]
        return done[0] if done else self._random(actions, rng)

    def _give(self, view, actions, rng):
        return min(actions, key=lambda a: (KEEP.get(self.deck.card(a.card).kind, 0), self._number(a.card), a.card))

    def _combat(self, view, actions, rng):
        """Pay the crew; flee (with the highest card); board; let ships go; take the prize as a Captured Ship;
        keep quiet at a mutiny; do not contest; keep the new Letter; else add the highest card."""
        for kind, keep in ((Pay, lambda a: a.crew), (Flee, lambda a: not a.abandon), (Board, None), (LetGo, None)):
            picks = [a for a in actions if isinstance(a, kind) and (keep is None or keep(a))]
            if picks:
                return max(picks, key=lambda a: (self._number(getattr(a, "card", "")), str(a)))
        for kind, pick in ((TakePrize, lambda a: a.how == "captured"), (Shout, lambda a: not a.mutiny),
                           (Contest, lambda a: a.card == ""), (KeepLetter, lambda a: True)):
            if any(isinstance(a, kind) for a in actions):
                return next((a for a in actions if isinstance(a, kind) and pick(a)), actions[0])
        cards = [a for a in actions if isinstance(a, (AddCard, Secret))]
        if cards:
            return max(cards, key=lambda a: (self._number(a.card), a.card))
        return self._random(actions, rng)

    # ---------------------------------------------------------------- choosing
    @staticmethod
    def _random(actions, rng):
        return actions[rng.randrange(len(actions))]

    @staticmethod
    def _best(actions, score, rng):
        scored = [(score(a), a) for a in actions]
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s == top]
        return best[rng.randrange(len(best))]

    def __call__(self, view, rng: random.Random):
        view = seat_view(view)
        actions = list(view.legal_actions)
        if len(actions) == 1:
            return actions[0]
        step_name = view.observation.get("step")
        if step_name == "sail":
            return self._sail(view, actions, rng)
        if step_name == "action":
            return self._action(view, actions, rng)
        if step_name in ("trade", "natives") and any(isinstance(a, (Buy, Sell, DoneTrading)) for a in actions):
            return self._trade(view, actions, rng)
        if step_name == "give":
            return self._give(view, actions, rng)
        if step_name == "natives":
            return next((a for a in actions if isinstance(a, LetGo)), actions[0])
        return self._combat(view, actions, rng)


#: the one Plunder computer trader (``captains.trader`` is the same chooser)
TRADER = Greedy()

#: name -> chooser(view, rng): found by the strategy lab
POLICIES = {"greedy": TRADER}

#: the rulebook prints no strategy tips
TIPS: list = []
