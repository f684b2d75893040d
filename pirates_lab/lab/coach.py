"""The coach: at any decision, each legal move's chance to win (and expected score) with a 95 % interval.

``Coach(budget=200).advise(view, seed=1)`` is given a seat's :class:`~pirates_lab.core.SeatView` — never
the state — and answers for every legal action of that view:

- **chance to win**: the mean win share (1 for a win, 1/k for a k-way tie) over ``samples`` playouts
  after that move, with its Wilson 95 % interval (:func:`~pirates_lab.lab.stats.wilson_interval`);
- **expected score**: the mean of the game's own points, with a normal 95 % interval.

How (flat Monte Carlo, "determinised"): playout ``j`` re-deals what the seat cannot see
(``view.redeal(Random("<seed>/<j>/deal"))``), plays the move, then lets every seat play on by the
``rollout`` player (uniformly random by default) with chance drawn from ``Random("<seed>/<j>/play")``
for at most ``horizon`` steps.  Every move shares playout ``j``'s re-deal and dice ("common random
numbers"), so two moves are compared on the same luck.  A playout cut at the horizon counts 1 shared
by the leaders on the scores (the search player's rule, :func:`~pirates_lab.lab.search.leader_shares`).

Each playout depends on ``(seed, j)`` only, so the answer is the same on one core, on a
``ProcessPoolExecutor`` or on a Dask cluster (``executor=``).  The budget is counted in playouts,
never in seconds, so a seed gives the same answer on every machine; a budget that would take far
more than a classroom minute is refused at once (:class:`~pirates_lab.core.InvalidInput`).

**Exact** where the game tree left is small enough to walk whole (the end of a game; a tiny game):
the expected win share of every move under the very same rollout player and the exact chance of every
die and card (``exact_limit`` positions at most).  It is what the playouts estimate, so it lies inside
their interval 95 times in 100; the answer then says ``exact``.  Only for games that hide nothing (a
re-deal would need its exact odds too).

>>> import random
>>> from pirates_lab.core import Dist, Game, State
>>> class Guess(State):                # chance rolls a die; the player calls "low" (1-2) or "high" (3-6)
...     hidden_information = False
...     def __init__(self, game): super().__init__(game); self.call = self.roll = None
...     def current_player(self): return 0 if self.call is None else -1 if self.roll is None else -2
...     def _legal_actions(self): return ("low", "high")
...     def _chance_outcomes(self): return Dist.die(6)
...     def _apply_action(self, action):
...         if self.call is None: self.call = action
...         else: self.roll = action
...     def scores(self): hit = int((self.roll <= 2) == (self.call == "low")); return (hit, 1 - hit)
...     def returns(self): return scores_to_returns(self.scores())
...     def observation(self, player): return {"call": self.call}
>>> from pirates_lab.lab.search import leader_shares as scores_to_returns
>>> class GuessGame(Game):
...     min_players = max_players = 2
...     def new_initial_state(self): return Guess(self)
>>> advice = Coach(budget=100).advise(GuessGame(players=2).new_initial_state().view(0), seed=1)
>>> advice.best.label, advice.exact
('high', True)
>>> [(m.label, str(m.exact)) for m in advice.moves]
[('high', '2/3'), ('low', '1/3')]
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from concurrent.futures import as_completed
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pirates_lab.core import CHANCE, TERMINAL, InvalidInput, play

from .policies import Policy, make_policy, view_of
from .search import leader_shares
from .stats import wilson_interval, z_value

__all__ = ["Coach", "Advice", "MoveEstimate", "DEFAULT_BUDGET", "DEFAULT_HORIZON", "MAX_WORK", "exact_values", "game_exact", "exact_text", "WIN",
           "CoachPolicy", "playout_policy", "game_settings"]

#: playouts per question, shared among the moves (about 2 s on two cores for the games here)
DEFAULT_BUDGET = 240
#: at most this many steps (moves and chance) after the move; then the leaders on points share the win
DEFAULT_HORIZON = 120
#: playouts x horizon above this are refused at once (about a minute of one core at the slowest game)
MAX_WORK = 2_000_000
#: the exact walk gives up beyond this many positions
EXACT_LIMIT = 3_000
#: what the exact walk's values are the chance of
WIN = "to win"


def game_exact(view):
    """The game's own exact calculator for this decision, if its package offers one: ``COACH_EXACT(view)`` in
    ``<package>/policies.py`` returns None (not covered) or ``(values, what, trees)``: one Fraction per legal
    action of the view (in its order), what they are the chance of ("to conquer the target"), and a tuple of
    :class:`~pirates_lab.core.why.Why` trees (may be empty); or ``(values, what, trees, unit)`` when the values
    are exact expected amounts in ``unit`` ("pieces of eight"), not chances.  Returns ``(values, what, trees,
    unit)`` (``unit`` "" for chances), or None."""
    import importlib

    from .policies import game_package
    try:
        module = importlib.import_module(game_package(view.game) + ".policies")
    except ModuleNotFoundError:
        return None
    hook = getattr(module, "COACH_EXACT", None)
    answer = hook(view) if hook is not None else None
    if answer is None:
        return None
    values, what, trees, *unit = answer
    unit = str(unit[0]) if unit else ""
    values = [Fraction(v) for v in values]
    if len(values) != len(view.legal_actions) or not (unit or all(0 <= v <= 1 for v in values)):
        raise InvalidInput(f"{view.game.title}'s exact calculator gave {len(values)} chances for "
                           f"{len(view.legal_actions)} moves (each must be between 0 and 1).")
    return values, str(what), tuple(trees), unit


def exact_text(value: Fraction, unit: str = "") -> str:
    """An exact value for people: a chance as ``62.5 %``, an amount as ``1,234.5 pieces of eight``.

    >>> exact_text(Fraction(5, 8)), exact_text(Fraction(2469, 2), "pieces of eight")
    ('62.5 %', '1,234.5 pieces of eight')
    """
    if unit:
        return f"{float(value):,.1f}".replace(".0", "") + f" {unit}"
    return f"{100 * float(value):.1f} %"


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move's estimate: win share and score over ``samples`` playouts, their 95 % intervals."""

    action: Any
    label: str
    samples: int
    wins: float                      # summed win shares
    win_rate: float
    low: float
    high: float
    mean_score: float
    score_low: float
    score_high: float
    exact: Fraction | None = None    # the exact value, where computed
    exact_what: str = ""             # what it is the chance of: "to win", or the game calculator's words
    exact_unit: str = ""             # "" for a chance; else the unit of an exact expected amount
    outcomes: tuple = field(default=(), repr=False, compare=False)   # per playout: (win share, score, events)

    @property
    def mean_lead(self) -> float:
        """The mean lead on points at the end of the playouts (the seat's score less the best other's)."""
        leads = [r[4] for r in self.outcomes if len(r) > 4]
        return sum(leads) / len(leads) if leads else 0.0

    @property
    def percent(self) -> str:
        return f"{100 * self.win_rate:.0f} %"

    def line(self) -> str:
        """``bank 9: 62 % win (50–73 %)`` (and the exact value when there is one)."""
        text = f"{self.label}: {100 * self.win_rate:.0f} % win ({100 * self.low:.0f}–{100 * self.high:.0f} %)"
        if self.exact is not None:
            fraction = f" ({self.exact})" if len(str(self.exact)) <= 15 else ""      # a long fraction says nothing
            text += f", exactly {exact_text(self.exact, self.exact_unit)} {self.exact_what}{fraction}"
        return text


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one decision: every move's estimate (best first) and how it was made."""

    seat: int
    moves: tuple                     # MoveEstimate, best first
    budget: int
    samples: int                     # playouts per move
    seed: Any
    horizon: int
    rollout: str
    exact: bool                      # every move's exact value is known
    rule: str = ""                   # the rulebook heading of the decision
    capped: int = 0                  # playouts cut at the horizon (scored by the leaders on points)
    exact_what: str = ""             # what the exact values are the chance of ("" when none)
    why_trees: tuple = ()            # the game's exact Why trees for the moves, where its solver gives them
    exact_unit: str = ""             # "" when the exact values are chances; else their unit

    @property
    def best(self) -> MoveEstimate:
        return self.moves[0]

    def lines(self) -> list[str]:
        """One line per move, the best marked with ``*``."""
        return [("* " if i == 0 else "  ") + m.line() for i, m in enumerate(self.moves)]

    def how(self) -> str:
        """How the estimate was made, in one sentence for people."""
        if self.exact and self.exact_unit:
            return (f"Exact {self.exact_unit} {self.exact_what}: the game's own calculator; the chances to win come "
                    f"from {self.samples} playouts a move (what you cannot see re-dealt each time).")
        if self.exact and self.exact_what != WIN:
            return (f"Exact {self.exact_what}: the game's own calculator; the chances to win come from "
                    f"{self.samples} playouts a move (what you cannot see re-dealt each time).")
        if self.exact:
            return (f"Exact: every die and card weighed, then the rest played by {self.rollout} players "
                    f"(checked by {self.samples} playouts a move).")
        cut = (f"; {self.capped} of {self.samples * len(self.moves)} playouts stopped after {self.horizon} steps "
               f"and count the leader on points as the winner" if self.capped else "")
        return (f"{self.samples} playouts a move (what you cannot see re-dealt each time), the rest played by "
                f"{self.rollout} players; 95 % intervals{cut}.")


def _work_check(budget: int, horizon: int) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise InvalidInput(f"The budget is a number of playouts, a whole number of at least 1, not {budget!r}.")
    if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
        raise InvalidInput(f"The horizon is a number of steps, a whole number of at least 1, not {horizon!r}.")
    if budget * horizon > MAX_WORK:
        raise InvalidInput(f"A budget of {budget:,} playouts of up to {horizon:,} steps is too large to answer in a "
                           f"class (at most {MAX_WORK // horizon:,} playouts at this horizon). Ask with a smaller "
                           f"budget, or spread it over a cluster with a smaller question each time.")


def _reward(world, seat: int) -> tuple[float, float, bool, float]:
    """(win share, score, cut at the horizon, lead: the seat's score less the best other seat's)."""
    scores = world.scores()
    shares = world.returns() if world.is_terminal() else leader_shares(scores)
    lead = float(scores[seat]) - max((float(s) for i, s in enumerate(scores) if i != seat), default=0.0)
    return float(shares[seat]), float(scores[seat]), not world.is_terminal(), lead


def _event(step) -> str:
    return str(step.action)


def play_samples(worlds, actions, seat: int, seed, indices, horizon: int, rollout) -> list:
    """Playouts ``indices`` (one per re-dealt world): for each, every action's (win share, score, capped,
    the first chance events, the lead on points).  Top level, so it travels to any executor."""
    out = []
    for j, world in zip(indices, worlds):
        row = []
        for action in actions:
            rng = random.Random(f"{seed}/{j}/play")
            events = []
            playthrough = play(world.apply(action), rollout, rng, max_steps=horizon)
            for step in playthrough:
                if step.is_chance and len(events) < 3:
                    events.append(_event(step))
            win, score, cut, lead = _reward(playthrough.state, seat)
            row.append((win, score, cut, tuple(events), lead))
        out.append((j, row))
    return out


def exact_values(world, seat: int, actions, horizon: int, limit: int = EXACT_LIMIT, rollout_random: bool = True):
    """The exact expected win share of each action for ``seat`` when every later choice is uniformly random
    and chance keeps its exact odds, cut at ``horizon`` steps like a playout; None beyond ``limit`` positions
    (the module docstring's die game is an example: ``low`` 1/3, ``high`` 2/3)."""
    if not rollout_random:
        return None
    count = [0]

    def value(state, steps: int) -> Fraction:
        count[0] += 1
        if count[0] > limit:
            raise _TooBig
        player = state.current_player()
        if player == TERMINAL:
            return Fraction(state.returns()[seat])
        if steps >= horizon:
            return leader_shares(state.scores())[seat]
        if player == CHANCE:
            return sum((p * value(state.apply(o), steps + 1) for o, p in state.chance_outcomes().items()), Fraction(0))
        legal = state.legal_actions()
        return sum((value(state.apply(a), steps + 1) for a in legal), Fraction(0)) / len(legal)

    try:
        return [value(world.apply(a), 0) for a in actions]
    except (_TooBig, RecursionError):
        return None


class _TooBig(Exception):
    pass


class Coach:
    """Advice at any decision from a seat's view (see the module docstring).

    ``budget``: playouts per question, shared equally among the legal moves (at least ``min_samples``
    each); ``horizon``: steps played after the move before the leaders on points count as winners;
    ``rollout``: who plays on ("random", a policy name of the game, or a policy); ``executor``: any
    ``concurrent.futures.Executor`` (a Dask client's ``get_executor()`` too) — same answer, less time.
    """

    def __init__(self, budget: int | None = None, *, horizon: int | None = None, rollout="random",
                 executor=None, min_samples: int = 8, exact_limit: int = EXACT_LIMIT, chunks: int = 8):
        _work_check(DEFAULT_BUDGET if budget is None else budget, DEFAULT_HORIZON if horizon is None else horizon)
        self.budget = budget                # None: the game's default (``COACH_SETTINGS``), else DEFAULT_BUDGET
        self.horizon = horizon              # None: likewise, else DEFAULT_HORIZON
        self.rollout = rollout
        self.executor = executor
        self.min_samples = min_samples
        self.exact_limit = exact_limit
        self.chunks = chunks

    def settings(self, game=None) -> tuple[int, int]:
        """``(budget, horizon)`` for ``game``: the ones given, else the game's ``COACH_SETTINGS`` (a dict in its
        ``policies.py``, for a game whose playouts are slow: the same answer time), else the defaults."""
        own = game_settings(game) if game is not None and None in (self.budget, self.horizon) else {}
        budget = self.budget if self.budget is not None else int(own.get("budget", DEFAULT_BUDGET))
        horizon = self.horizon if self.horizon is not None else int(own.get("horizon", DEFAULT_HORIZON))
        return budget, horizon

    def samples_for(self, moves: int, game=None) -> int:
        """Playouts per move when there are ``moves`` legal moves (of ``game``, whose default budget may differ)."""
        return max(self.min_samples, self.settings(game)[0] // max(1, moves))

    def advise(self, view, seed=0, progress: Callable[[int, int], None] | None = None) -> Advice:
        """Every legal move of ``view`` with its chance to win; ``progress(done, total)`` is told as playouts end."""
        if hasattr(view, "legal_actions") and callable(view.legal_actions):
            raise InvalidInput("The coach is given a seat's view (state.view(seat)), never the whole game.")
        view = view_of(view)
        actions = tuple(view.legal_actions)
        if not actions:
            raise InvalidInput(f"Player {view.player + 1} has no decision to make here.")
        seat = view.player
        budget, horizon = self.settings(view.game)
        samples = self.samples_for(len(actions), view.game)
        _work_check(samples * len(actions), horizon)
        rollout = self._rollout_policy(view.game)
        worlds = [view.redeal(random.Random(f"{seed}/{j}/deal")) for j in range(samples)]
        rows = self._run(worlds, actions, seat, seed, rollout, progress, horizon)
        exact, what, trees, unit = None, "", (), ""
        solved = game_exact(view)
        if solved is not None:
            exact, what, trees, unit = solved
        elif self.rollout == "random" and getattr(type(worlds[0]), "hidden_information", None) is False:
            exact = exact_values(worlds[0], seat, actions, horizon, self.exact_limit)
            what = WIN if exact is not None else ""
        moves = []
        capped = 0
        for i, action in enumerate(actions):
            results = [rows[j][i] for j in range(samples)]
            capped += sum(1 for r in results if r[2])
            moves.append(_estimate(action, results, None if exact is None else exact[i], what, unit))
        moves.sort(key=lambda m: (-(m.exact if m.exact is not None else m.win_rate), -m.win_rate, -m.mean_score,
                                  m.label))
        return Advice(seat=seat, moves=tuple(moves), budget=budget, samples=samples, seed=seed,
                      horizon=horizon, rollout=self._rollout_name(), exact=exact is not None,
                      rule=_rule(worlds[0]), capped=capped, exact_what=what, why_trees=trees, exact_unit=unit)

    def _rollout_policy(self, game):
        if self.rollout == "random" or self.rollout is None:
            return None
        return playout_policy(game, self.rollout) if isinstance(self.rollout, str) else self.rollout

    def _rollout_name(self) -> str:
        if self.rollout in ("random", None):
            return "random"
        return str(self.rollout) if isinstance(self.rollout, str) else getattr(self.rollout, "name", "computer")

    def _run(self, worlds, actions, seat, seed, rollout, progress, horizon) -> dict:
        samples = len(worlds)
        rows: dict = {}
        size = max(1, math.ceil(samples / self.chunks))
        parts = [list(range(start, min(samples, start + size))) for start in range(0, samples, size)]
        total = samples * len(actions)
        if self.executor is None:
            for part in parts:
                for j, row in play_samples([worlds[j] for j in part], actions, seat, seed, part, horizon, rollout):
                    rows[j] = row
                if progress:
                    progress(len(rows) * len(actions), total)
            return rows
        futures = [self.executor.submit(play_samples, [worlds[j] for j in part], actions, seat, seed, part,
                                        horizon, rollout) for part in parts]
        for future in as_completed(futures):
            for j, row in future.result():
                rows[j] = row
            if progress:
                progress(len(rows) * len(actions), total)
        return rows


def game_settings(game) -> dict:
    """The game's own default coach settings: ``COACH_SETTINGS`` in its ``policies.py`` (``{"budget": …,
    "horizon": …}``), or {} (a game whose playouts are slow asks for fewer, shorter ones: the same answer time)."""
    import importlib

    from .policies import game_package
    try:
        module = importlib.import_module(game_package(game) + ".policies")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "COACH_SETTINGS", {}))


def playout_policy(game, name: str):
    """A player for the playouts by name: one of the game's players (:func:`~pirates_lab.lab.policies.make_policy`)
    or one of the cheap playout players its ``policies.py`` offers in ``PLAYOUTS`` (name -> chooser)."""
    import importlib

    from .policies import FunctionPolicy, game_package
    try:
        module = importlib.import_module(game_package(game) + ".policies")
    except ModuleNotFoundError:
        module = None
    chooser = getattr(module, "PLAYOUTS", {}).get(name)
    return make_policy(game, name) if chooser is None else FunctionPolicy(chooser, name)


class CoachPolicy(Policy):
    """A computer player that follows the coach: the best move of :meth:`Coach.advise` at every choice of two
    moves or more (the seed of each question drawn from the player's ``rng``, so a tournament stays seeded).
    ``rank="lead"``: where playouts were cut at the horizon, the move with the best mean lead on points instead
    (the same playouts, a finer reading of them; the coach's exact values still decide where it has them).

    >>> CoachPolicy(budget=40).name
    'coach'
    """

    name = "coach"

    def __init__(self, budget: int | None = DEFAULT_BUDGET, *, rank: str = "win", **options):
        if rank not in ("win", "lead"):
            raise InvalidInput(f"The coach player ranks by 'win' or 'lead', not {rank!r}.")
        self.coach = Coach(budget, **options)
        self.rank = rank

    def choose(self, view, rng: random.Random):
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        advice = self.coach.advise(view, seed=rng.getrandbits(32))
        if self.rank == "lead" and not advice.exact and advice.capped:
            # most playouts cut at the horizon: the mean lead on points tells moves apart where "who leads" hardly
            # does (a lead of 1 and of 20 both count 1)
            return max(advice.moves, key=lambda m: (m.mean_lead, m.win_rate)).action
        return advice.best.action


def _estimate(action, results, exact, what: str, unit: str = "") -> MoveEstimate:
    n = len(results)
    wins = sum(r[0] for r in results)
    scores = [r[1] for r in results]
    mean = sum(scores) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1)) if n > 1 else 0.0
    half = z_value(0.95) * spread / math.sqrt(n)
    low, high = wilson_interval(wins, n)
    return MoveEstimate(action=action, label=str(action), samples=n, wins=wins, win_rate=wins / n, low=low,
                        high=high, mean_score=mean, score_low=mean - half, score_high=mean + half, exact=exact, exact_what=what if exact is not None else "",
                        exact_unit=unit if exact is not None else "", outcomes=tuple(results))


def _rule(world) -> str:
    """The rulebook heading of the decision (the phase table's rule), or ''."""
    flow = getattr(type(world), "flow", None)
    try:
        return flow.rule(world) if flow is not None else ""
    except Exception:
        return ""
