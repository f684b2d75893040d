"""Tournaments: many seeded games between policies, on one core or many machines, same answer.

``tournament(game, policies, games=N, seed=0, executor=None)`` plays N games with one policy per
seat and returns :class:`Results`.  Games are played by the core's one play loop
(:func:`pirates_lab.core.play`): a policy is handed its seat's SeatView, never the state.

- **Seats rotate.**  In game ``i`` seat ``s`` is played by policy ``(s + i) % players``: over every
  run of ``players`` games each policy sits in each seat once (first-player advantage cancels).
- **Seeds per game.**  Game ``i`` draws its dice and cards from ``random.Random`` seeded with the
  text ``"<seed>/<i>/chance"`` and its players' coin flips from ``"<seed>/<i>/policies"``.  A game's
  result depends on ``(seed, i)`` only — never on which worker plays it or in what order — so the
  same seed gives identical ``.scores`` in-process, on a ``ProcessPoolExecutor`` or on a Dask cluster.
- **Executors.**  ``executor=None`` plays in this process.  Any ``concurrent.futures.Executor``
  works: ``ProcessPoolExecutor()`` uses this machine's cores; ``dask.distributed.Client(address)
  .get_executor()`` spreads the games over a cluster (``pip install ".[scale]"``).  Games are sent in
  chunks of consecutive indices; policies and the game must pickle (define them in a module, not a
  notebook, for a process pool; Dask pickles notebook classes too).
- **Caps are draws.**  A game still running after ``max_steps`` decisions and chance events is
  stopped and counted as a draw (every seat gets ``1/players``); ``Results.capped`` counts them.
  A game's own round limit (``Game(max_turns=...)``) is the game's rule: it ends the game and the
  game's ``winners()`` decides (usually the most points).
- **Progress.**  A ``tqdm.auto`` bar counts games done (``progress=False`` turns it off).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pirates_lab.core import InvalidInput, play

from .policies import make_policy, policy_name
from .results import Results

__all__ = ["tournament", "play_game", "seating", "GameRecord", "game_rngs"]


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament, by policy (not by seat): ``seats[s]`` is the policy in seat ``s``."""

    index: int
    seats: tuple[int, ...]
    scores: tuple            # the game's own points, one per policy
    returns: tuple            # win shares (Fractions), one per policy
    steps: int
    capped: bool


def seating(index: int, players: int) -> tuple[int, ...]:
    """Which policy sits in each seat in game ``index``: seat ``s`` gets policy ``(s + index) % players``.

    >>> [seating(i, 3) for i in range(3)]
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    """
    return tuple((seat + index) % players for seat in range(players))


def game_rngs(seed, index: int) -> tuple[random.Random, random.Random]:
    """The two random streams of game ``index``: (chance, policies), from ``seed`` and ``index`` only."""
    return random.Random(f"{seed}/{index}/chance"), random.Random(f"{seed}/{index}/policies")


def _by_policy(values, seats) -> tuple:
    out = [None] * len(seats)
    for seat, policy in enumerate(seats):
        out[policy] = values[seat]
    return tuple(out)


def play_game(game, policies: Sequence, seed, index: int, max_steps: int = 20_000) -> GameRecord:
    """Play game ``index`` of a tournament (policies in tournament order; seats rotated), with the
    core's play loop: each policy is handed its seat's SeatView, never the state."""
    players = game.players
    seats = seating(index, players)
    chance_rng, policy_rng = game_rngs(seed, index)
    playthrough = play(game.new_initial_state(), [policies[seats[seat]] for seat in range(players)], policy_rng,
                       chance_rng=chance_rng, max_steps=max_steps)
    state = playthrough.run()
    capped = not state.is_terminal()
    shares = tuple(Fraction(1, players) for _ in range(players)) if capped else tuple(state.returns())
    return GameRecord(index, seats, _by_policy(tuple(state.scores()), seats), _by_policy(shares, seats),
                      playthrough.steps, capped)


def _play_chunk(game, policies, seed, start: int, stop: int, max_steps: int) -> list[GameRecord]:
    return [play_game(game, policies, seed, i, max_steps) for i in range(start, stop)]


def _resolve(game, policies) -> tuple[Any, list, list[str]]:
    if isinstance(policies, Mapping):
        labels, chosen = [str(k) for k in policies], list(policies.values())
    else:
        chosen, labels = list(policies), None
    if isinstance(game, str):
        from pirates_lab.core import game_class
        game = game_class(game)(players=len(chosen))
    elif isinstance(game, type):
        game = game(players=len(chosen))
    if len(chosen) != game.players:
        raise InvalidInput(f"{game.title} is set up for {game.players} players, so it needs {game.players} "
                           f"policies (one per seat), not {len(chosen)}.")
    chosen = [make_policy(game, p) if isinstance(p, str) else p for p in chosen]
    if labels is None:
        labels, seen = [], {}
        for policy in chosen:
            name = policy_name(policy)
            seen[name] = seen.get(name, 0) + 1
            labels.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
        if len(set(labels)) < len(labels):  # e.g. "a", "a", "a #2"
            labels = [f"{label} ({i})" for i, label in enumerate(labels)]
    return game, chosen, labels


def tournament(game, policies, games: int = 100, seed: int | str = 0, executor=None, *,
               max_steps: int = 20_000, chunk_size: int | None = None, progress: bool = True,
               confidence: float = 0.95) -> Results:
    """Play ``games`` seeded games, one policy per seat (rotated), and return :class:`Results`.

    ``game``: a Game (with its options), a Game class or a registered name (then one seat per
    policy).  ``policies``: a list (labels from their names) or a dict label -> policy; a string is
    looked up with :func:`~pirates_lab.lab.policies.make_policy`.  See the module docstring for
    seeding, executors and caps.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidInput(f"games must be a whole number of at least 1, got {games!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidInput(f"max_steps must be a whole number of at least 1, got {max_steps!r}")
    game, chosen, labels = _resolve(game, policies)
    if chunk_size is None:
        chunk_size = 1 if executor is None else max(1, min(25, games // 16))
    chunks = [(start, min(games, start + chunk_size)) for start in range(0, games, chunk_size)]
    records: list[GameRecord] = []
    bar = _progress(games, progress, f"{game.title}: " + " v ".join(labels))
    try:
        if executor is None:
            for start, stop in chunks:
                records += _play_chunk(game, chosen, seed, start, stop, max_steps)
                bar.update(stop - start)
        else:
            futures = [executor.submit(_play_chunk, game, chosen, seed, start, stop, max_steps)
                       for start, stop in chunks]
            for future in as_completed(futures):
                done = future.result()
                records += done
                bar.update(len(done))
    finally:
        bar.close()
    records.sort(key=lambda r: r.index)
    return Results(game=game, labels=tuple(labels), records=tuple(records), seed=seed, confidence=confidence)


class _NoBar:
    def update(self, n): pass

    def close(self): pass


def _progress(total: int, on: bool, description: str):
    if not on:
        return _NoBar()
    from tqdm.auto import tqdm
    return tqdm(total=total, desc=description[:60], unit="game")
