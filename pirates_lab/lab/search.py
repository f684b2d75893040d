"""A generic search player: information-set Monte Carlo tree search (ISMCTS) over any game.

It knows no game and never holds the real state: it is handed the seat's
:class:`~pirates_lab.core.SeatView` like every policy.  Each iteration it *determinises* what its seat
cannot see — ``view.redeal(rng)`` re-deals hidden cards into a world that seat cannot tell from the
real one — then walks one shared tree (keyed by actions, chance sampled, "open loop"), expands
one new action, plays at random to the end or for ``rollout_steps`` steps (the core's play loop),
and backs up each seat's reward.  It plays the legal action of its view that was visited most.

Rewards: ``returns()`` at the end of a game; when a rollout is cut short, 1 shared by the leaders on
``scores()`` (a game's points standing in for who is winning).  Selection uses UCB1 with
availability counts (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree
Search"): a child's exploration term counts the iterations in which it was legal.

It is bounded by ``iterations`` (and ``rollout_steps``), never by the clock, so the same seed
gives the same move on any machine.  It trusts the game's ``redeal_hidden``: a game that keeps the
core's default (a copy) while having hidden cards would let it peek — each game's
``check_protocol`` test is what guards that.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

from pirates_lab.core import play

from .policies import Policy, view_of

__all__ = ["SearchPolicy", "leader_shares"]


def leader_shares(scores) -> tuple[Fraction, ...]:
    """1 shared equally by the seats with the best score (the reward of a cut-off rollout).

    >>> leader_shares((3, 7, 7))
    (Fraction(0, 1), Fraction(1, 2), Fraction(1, 2))
    """
    scores = tuple(scores)
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    return tuple(Fraction(1, len(leaders)) if i in leaders else Fraction(0) for i in range(len(scores)))


class _Node:
    __slots__ = ("children", "visits", "reward", "available")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0     # summed reward of the seat that chose the action leading here
        self.available = 0    # iterations in which that action was legal


def _key(action):
    try:
        hash(action)
        return action
    except TypeError:
        return str(action)


class _TreeWalk:
    """The tree policy of one iteration, as a computer player of :func:`~pirates_lab.core.play`: at each
    decision it counts the legal children available, expands one untried action (and is done) or
    follows the best child by UCB1; ``path`` is each child taken with the seat that chose it."""

    def __init__(self, search: "SearchPolicy", root: _Node):
        self.search, self.node, self.path, self.expanded = search, root, [], False

    def done(self, world) -> bool:
        return self.expanded

    def __call__(self, view, rng: random.Random):
        actions = {_key(a): a for a in view.legal_actions}
        node = self.node
        for key in actions:
            child = node.children.get(key)
            if child is not None:
                child.available += 1
        untried = [key for key in actions if key not in node.children]
        if untried:
            key = untried[rng.randrange(len(untried))]
            child = node.children[key] = _Node()
            child.available = 1
            self.expanded = True
        else:
            key = max(actions, key=lambda k: self.search._ucb(node.children[k]))
            child = node.children[key]
        self.node = child
        self.path.append((child, view.player))
        return actions[key]


class SearchPolicy(Policy):
    """ISMCTS with ``iterations`` determinised playouts per decision (see the module docstring)."""

    name = "search"

    def __init__(self, iterations: int = 200, rollout_steps: int = 60, exploration: float = 0.7):
        if iterations < 1 or rollout_steps < 0:
            raise ValueError("iterations must be at least 1 and rollout_steps at least 0")
        self.iterations = iterations
        self.rollout_steps = rollout_steps
        self.exploration = exploration

    def __call__(self, view, rng: random.Random):
        view = view_of(view)
        view.observation             # ObservationMissing in plain words if the game hides nothing yet
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        root = _Node()
        for _ in range(self.iterations):
            self._iterate(root, view.redeal(rng), rng)
        legal = {_key(a): a for a in view.legal_actions}
        visited = [(child.visits, child.reward / max(1, child.visits), k) for k, child in root.children.items()
                   if k in legal]
        if not visited:
            return view.legal_actions[rng.randrange(len(view.legal_actions))]
        best = max(v[:2] for v in visited)
        ties = [k for v, r, k in visited if (v, r) == best]
        return legal[ties[0]] if len(ties) == 1 else legal[sorted(ties, key=str)[rng.randrange(len(ties))]]

    # one iteration: select / expand in the tree (the core's play loop, chance sampled), roll out, back up
    def _iterate(self, root: _Node, world, rng: random.Random) -> None:
        walk = _TreeWalk(self, root)
        world = play(world, walk, rng, until=walk.done).run()
        world = self._rollout(world, rng)
        reward = world.returns() if world.is_terminal() else leader_shares(world.scores())
        for child, player in walk.path:
            child.visits += 1
            child.reward += float(reward[player])

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return child.reward / child.visits + self.exploration * math.sqrt(math.log(max(1, child.available)) / child.visits)

    def _rollout(self, world, rng: random.Random):
        return play(world, None, rng, max_steps=self.rollout_steps).run()

    def __repr__(self) -> str:
        return f"search({self.iterations} iterations)"
