"""Independent reference solvers, used by the tests and the benchmarks to check the engine.

Rules: Plunder (2013) › Setup

* :func:`brute_force` — enumerate every deal of the other pirates' cards and test each answer.
  Plain Python, no cleverness: slow, obviously right.
* :func:`cp_sat_counts` — the same question as a constraint model for OR-Tools CP-SAT, every
  solution enumerated (no time limit, so the count is never truncated).  OR-Tools is a test
  dependency, imported only when this function runs.
* :func:`python_constraint_counts` — the same model for python-constraint.
* :func:`random_game` — a seeded random deal and days of clues and answers to check them on.

Each returns ``(total, counts)`` with ``counts[player][category][card]`` = deals in which that
player holds that card (ints), for every player except ``me``.
"""
from __future__ import annotations

import random
from itertools import permutations

from .components import CATEGORIES
from .deduction import Record
from .engine import Constraint, answer_is_aye

__all__ = ["brute_force", "cp_sat_counts", "python_constraint_counts", "random_game"]


def random_game(rng: random.Random, players: int, days: int, cards: int = 6,
                lie: float = 0.0) -> tuple[list[tuple[int, int, int]], list[Record]]:
    """A random deal and ``days`` days of uniformly random clues, asked in turn from player 0.

    Each answer is the truthful one, flipped with chance ``lie`` (a wrong answer at the table).
    Returns ``(hands, records)``.
    """
    deal = [rng.sample(range(1, cards + 1), players) for _ in range(3)]
    hands = [tuple(deal[c][p] for c in range(3)) for p in range(players)]
    records = []
    for day in range(days):
        asker = day % players
        clue = tuple(rng.randint(1, cards) for _ in range(3))
        answers = tuple((p, answer_is_aye(hands[p], clue) != (rng.random() < lie))
                        for p in range(players) if p != asker)
        records.append(Record(asker, clue, answers))
    return hands, records


def _empty_counts(players: int, me: int, cards: int) -> dict:
    return {p: {c: {x: 0 for x in range(1, cards + 1)} for c in CATEGORIES} for p in range(players) if p != me}


def brute_force(players: int, me: int, my_cards: tuple[int, int, int], cards: int,
                constraints: tuple[Constraint, ...] | list[Constraint] = ()) -> tuple[int, dict]:
    """Enumerate all deals; count those where every answer is what the cards say."""
    others = [p for p in range(players) if p != me]
    pools = [[x for x in range(1, cards + 1) if x != my_cards[c]] for c in range(3)]
    per_category = [list(permutations(pool, len(others))) for pool in pools]
    counts = _empty_counts(players, me, cards)
    total = 0
    for island in per_category[0]:
        for marker in per_category[1]:
            for trap in per_category[2]:
                hands = {p: (island[j], marker[j], trap[j]) for j, p in enumerate(others)}
                hands[me] = tuple(my_cards)
                if all(answer_is_aye(hands[f.player], f.clue) == f.aye for f in constraints):
                    total += 1
                    for p in others:
                        for c, name in enumerate(CATEGORIES):
                            counts[p][name][hands[p][c]] += 1
    return total, counts


def cp_sat_counts(players: int, me: int, my_cards: tuple[int, int, int], cards: int,
                  constraints: tuple[Constraint, ...] | list[Constraint] = ()) -> tuple[int, dict]:
    """Enumerate every solution of a CP-SAT model with one Boolean per (player, category, card)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    holds = {(p, c, x): model.NewBoolVar(f"p{p}_{CATEGORIES[c]}_{x}")
             for p in range(players) for c in range(3) for x in range(1, cards + 1)}
    for c in range(3):
        for p in range(players):   # one card of each category per pirate
            model.AddExactlyOne(holds[p, c, x] for x in range(1, cards + 1))
        for x in range(1, cards + 1):   # no card twice
            model.AddAtMostOne(holds[p, c, x] for p in range(players))
        model.Add(holds[me, c, my_cards[c]] == 1)
    for f in constraints:
        matches = [holds[f.player, c, f.clue[c]] for c in range(3)]
        if f.aye:
            model.AddBoolOr(matches)
        else:
            for literal in matches:
                model.Add(literal == 0)
    others = [p for p in range(players) if p != me]
    counts = _empty_counts(players, me, cards)
    watched = [(p, c, x) for p in others for c in range(3) for x in range(1, cards + 1)]

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.total = 0

        def on_solution_callback(self) -> None:
            self.total += 1
            for p, c, x in watched:
                if self.Value(holds[p, c, x]):
                    counts[p][CATEGORIES[c]][x] += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collector = Collector()
    status = solver.Solve(model, collector)
    if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT did not finish the enumeration (status {solver.StatusName(status)})")
    return collector.total, counts


def python_constraint_counts(players: int, me: int, my_cards: tuple[int, int, int], cards: int,
                             constraints: tuple[Constraint, ...] | list[Constraint] = ()) -> tuple[int, dict]:
    """The same count with python-constraint: one variable per (player, category)."""
    import constraint as pc

    problem = pc.Problem()
    others = [p for p in range(players) if p != me]
    for c, name in enumerate(CATEGORIES):
        for p in others:
            problem.addVariable((p, name), [x for x in range(1, cards + 1) if x != my_cards[c]])
        problem.addConstraint(pc.AllDifferentConstraint(), [(p, name) for p in others])
    for f in constraints:
        if f.player == me:
            if answer_is_aye(tuple(my_cards), f.clue) != f.aye:
                return 0, _empty_counts(players, me, cards)
            continue
        names = [(f.player, name) for name in CATEGORIES]
        if f.aye:
            problem.addConstraint(lambda a, b, c, clue=f.clue: a == clue[0] or b == clue[1] or c == clue[2], names)
        else:
            problem.addConstraint(lambda a, b, c, clue=f.clue: a != clue[0] and b != clue[1] and c != clue[2], names)
    counts = _empty_counts(players, me, cards)
    total = 0
    for solution in problem.getSolutionIter():
        total += 1
        for (p, name), x in solution.items():
            counts[p][name][x] += 1
    return total, counts
