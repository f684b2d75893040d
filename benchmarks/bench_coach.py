"""The coach: what one piece of advice costs, and whether following it wins (issue 37 item 5).

``benchmarks()`` (for ``benchmarks/run.py coach``): one decision of each registered game at the coach's
default budget (ours) against the search player's decision at its default 200 iterations (the peer: the
generic player a user of this lab would write first), on the same seat's view.  They answer different
questions (the coach rates every move; the search picks one), so no answer check: the ratio is the cost.

``python benchmarks/bench_coach.py --proof [GAME ...]`` plays the seeded tournaments of the proof: a player
that follows the coach (:class:`~pirates_lab.lab.coach.CoachPolicy`) against the random player and against
the game's best heuristic player, two players, seats rotated, and prints one line of JSON per tournament
(win rate, Wilson 95 % interval, games, seconds per coached decision).  Run it niced: it is long.
"""
from __future__ import annotations

import json
import random
import sys
import time

from bench_common import Benchmark
from pirates_lab.core import game_class, games, play
from pirates_lab.lab import SearchPolicy, make_policy, tournament
from pirates_lab.lab.coach import Coach, CoachPolicy

#: the proof's set-up per game: game options, the best heuristic player, games per match, the coach's settings.
#: Long games are played short (a round limit: the most points win, the game's own rule for a round limit) and
#: coached with a smaller budget so that a tournament fits an evening on two shared cores; the table says so.
#: Against the heuristic player the coach's playouts are played by that heuristic (``rollout``): the coach then
#: improves on the heuristic by one look-ahead (a rollout algorithm), where random playouts would only measure
#: what is best against random players.
PROOF = {
    "skull_dice": dict(options={}, heuristic="cautious", games=40, coach={}),
    "plunder_2013": dict(options={}, heuristic="solver", games=40, coach={}),
    "pirates_and_plunder": dict(options={"max_turns": 3}, heuristic="greedy", games=16,
                                coach={"budget": 32, "horizon": 40}),
    # against greedy, benchmarks/README.md's "better" row: --against=greedy --games=16 --rank=lead --budget=64 --horizon=60
    "king_of_pirates": dict(options={"max_turns": 6}, heuristic="greedy", games=20,
                            coach={"budget": 32, "horizon": 40}),
    "plunder": dict(options={"max_turns": 6}, heuristic="greedy", games=20, coach={"budget": 32, "horizon": 40}),
    "pillage_and_plunder": dict(options={"max_turns": 4}, heuristic="greedy", games=20,
                                coach={"budget": 32, "horizon": 40}),
}


def a_decision(name: str, seed: int = 1, moves: int = 12):
    """A seat's view at a choice of two moves or more, after ``moves`` random moves of a seeded game."""
    game = game_class(name)(players=2)
    state = play(game.new_initial_state(), None, random.Random(seed), max_steps=moves).run()
    def a_choice(position) -> bool:
        return position.current_player() >= 0 and len(position.legal_actions()) > 1

    state = play(state, None, random.Random(f"{seed}/walk"), until=a_choice, max_steps=20_000).run()
    if not a_choice(state):                 # the game ended first: the start of the next seed's game
        return a_decision(name, seed + 1, 0)
    return state.view(state.current_player())


def benchmarks():
    for name in games():
        view = a_decision(name)
        yield Benchmark(f"{name}: one decision of the coach ({len(view.legal_actions)} moves, default budget)",
                        ours=lambda view=view: Coach().advise(view, seed=1),
                        peer=lambda view=view: SearchPolicy()(view, random.Random(1)),
                        peer_name="SearchPolicy() (200 iterations), the same view", repeat=3)


class TimedCoach(CoachPolicy):
    """The coach player, counting its questions and their time."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.questions, self.seconds = 0, 0.0

    def choose(self, view, rng):
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        started = time.process_time()
        try:
            return super().choose(view, rng)
        finally:
            self.questions += 1
            self.seconds += time.process_time() - started


def proof(name: str, seed: int = 37, against=None, games: int | None = None, coach: dict | None = None) -> list[dict]:
    setup = dict(PROOF[name], **({"games": games} if games else {}))
    setup["coach"] = dict(setup["coach"], **(coach or {}))
    cls = game_class(name)
    rows = []
    for other in against or ("random", setup["heuristic"]):
        settings = dict({"rollout": other} if other != "random" else {}, **setup["coach"])
        coach = TimedCoach(**settings)
        game = cls(players=2, **setup["options"])
        started = time.time()
        results = tournament(game, {"coach": coach, other: make_policy(game, other)}, games=setup["games"], seed=seed,
                             progress=False)
        low, high = results.interval("coach")
        rows.append(dict(game=cls.title, against=other, games=setup["games"], options=setup["options"],
                         coach={"budget": coach.coach.budget, "horizon": coach.coach.horizon,
                                "rollout": settings.get("rollout", "random"), "rank": coach.rank},
                         win_rate=float(results.win_rate("coach")), low=low, high=high,
                         verdict=results.verdict("coach"), capped=sum(r.capped for r in results.records),
                         questions=coach.questions, cpu_per_question=coach.seconds / max(1, coach.questions),
                         wall_seconds=round(time.time() - started, 1), seed=seed))
        print(json.dumps(rows[-1]), flush=True)
    return rows


if __name__ == "__main__":
    if "--proof" in sys.argv:
        words = [a for a in sys.argv[1:] if a != "--proof"]
        against = [a[len("--against="):] for a in words if a.startswith("--against=")]
        count = [int(a[len("--games="):]) for a in words if a.startswith("--games=")]
        settings = {key: int(a.split("=", 1)[1]) for a in words for key in ("budget", "horizon")
                    if a.startswith(f"--{key}=")}
        settings.update({key: a.split("=", 1)[1] for a in words for key in ("rank", "rollout")
                         if a.startswith(f"--{key}=")})
        for game_name in [a for a in words if not a.startswith("--")] or list(PROOF):
            proof(game_name, against=against or None, games=count[0] if count else None, coach=settings)
