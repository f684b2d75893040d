"""Every calculator widget: the recompute a user triggers by changing a value, against a 16 ms frame.

Each widget is built headless exactly as its notebook shows it (default values, untimed). Then one
control is changed the way a user changes it (``control.value = ...``: the widget's own observer
runs, recomputes and redraws) to a neighbouring value and back again:

* **first change (cold)**: in a fresh Python process, the first change after the widget was built
  (nothing cached for the new value), median over several processes;
* **back to defaults (warm)**: in one process, change away (untimed) and back (timed), repeated:
  best and median — the recompute at the default values.

Beside each wall time, the process's CPU time (``time.process_time``): on a shared machine the
difference is time spent waiting for a core, so a wall-time miss with its CPU time within the frame
says "the machine was busy", not "the widget is slow".

A recompute that ends in an error message would be fast and wrong: the run stops with the message.
The reference is the frame budget: ``ratio = median / 16 ms`` (below 1: within a frame). Where a
peer computes the same numbers (icepool, a closed form, brute force over every deal) it runs in the
same process and must agree with what the widget shows, or no ratio is printed for it.

    python benchmarks/bench_widgets.py [runs] [word]  # the table (cold: 5 fresh processes per widget)
    python benchmarks/run.py widgets            # warm rows with their peers, through the runner
"""
from __future__ import annotations

import math
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from pathlib import Path
from typing import Any, Callable

if __name__ == "__main__":                       # run directly: with the project's venv
    from run import _in_project_python
    _in_project_python()

from bench_common import BASELINE, PEER, Benchmark  # noqa: E402

FRAME = 0.016          # seconds: one frame at 60 Hz, the budget for a recompute


@dataclass
class WidgetSpec:
    """A widget as its notebook shows it, the control a user changes, and the value it changes to.

    ``timed="back"`` times the change back to the default (the recompute at default values);
    ``timed="away"`` times the change away instead (for a control whose default means "nothing
    to compute", such as an empty prediction box).  ``shown(widget)`` returns the numbers on
    screen after the timed change, for the peer's check.
    """

    name: str
    build: Callable[[], Any]
    control: Callable[[Any], Any]
    away: Any
    timed: str = "back"
    shown: Callable[[Any], Any] | None = None
    peer: Callable[[], Any] | None = None
    peer_name: str = ""
    check: Callable[[Any, Any], bool] | None = None
    #: what the peer is (bench_common.PEER: another library; BASELINE: a closed form or brute force written here)
    kind: str = PEER
    default: Any = field(default=None, init=False)


# ---------------------------------------------------------------- peers (same numbers, other code)
def _as_fractions(dist) -> dict:
    return {outcome: Fraction(p) for outcome, p in dist.items()}


def icepool_2d6() -> dict:
    import icepool      # imported by main() before the peer is timed: its first call is timed, not the import

    die = 2 @ icepool.d6
    return {outcome: Fraction(quantity, die.denominator()) for outcome, quantity in die.items()}


def deck_closed_form() -> Fraction:
    """P(at least one Attack card in a hand of 5), 4 players: 1 - C(N - K, 5) / C(N, 5)."""
    from pirates_lab.pillage_and_plunder import components as C

    deck = C.load().deck_after_setup(4)
    attack = deck.count("Attack")
    return 1 - Fraction(math.comb(deck.size - attack, 5), math.comb(deck.size, 5))


#: the classroom day in notebooks/plunder_2013.ipynb: 4 pirates, me 0 holding (2, 5, 1), 6 cards a category
DAY = dict(players=4, me=0, my_cards=(2, 5, 1), asker=1, clue=(3, 2, 6), answers={0: "nay", 2: "aye", 3: "nay"})


def brute_force_deals(said: dict[int, bool]) -> int:
    """Deals of the other pirates' cards that fit ``said`` ({pirate: aye}), counted one by one."""
    others = [p for p in range(DAY["players"]) if p != DAY["me"]]
    pools = [[x for x in range(1, 7) if x != DAY["my_cards"][c]] for c in range(3)]
    per_category = [list(permutations(pool, len(others))) for pool in pools]
    column = {p: j for j, p in enumerate(others)}
    clue = DAY["clue"]
    total = 0
    for islands in per_category[0]:
        for markers in per_category[1]:
            for traps in per_category[2]:
                if all((islands[column[p]] == clue[0] or markers[column[p]] == clue[1]
                        or traps[column[p]] == clue[2]) == aye for p, aye in said.items()):
                    total += 1
    return total


# ---------------------------------------------------------------- the widgets, as their notebooks show them
def _dice_lab():
    from pirates_lab.widgets.dice import DiceLab
    return DiceLab("2d6")


def _dist_view():
    from pirates_lab.core import Dist
    from pirates_lab.widgets import DistView
    return DistView(Dist.die(6) + Dist.die(6), title="Two dice")


def _classroom():
    from pirates_lab.plunder_2013.deduction import Deduction
    from pirates_lab.widgets.plunder_2013 import ClassroomRound, ClassroomView
    round_ = ClassroomRound(Deduction(players=DAY["players"], me=DAY["me"], my_cards=DAY["my_cards"]),
                            asker=DAY["asker"], clue=DAY["clue"], answers=DAY["answers"])
    return ClassroomView(round_)


class _TileDraw:
    """The tile-draw board is redrawn with ``board_ops(..., odds_draws=n)``; n is the value a reader changes."""

    def __init__(self):
        from pirates_lab.widgets import pirates_and_plunder_lessons as lessons
        from pirates_lab.widgets.pirates_and_plunder import board_view
        import ipywidgets as widgets
        self.observation = lessons.scenarios.drawing_state().observation(0)
        self.board = board_view(lessons.scenarios.drawing_state().observation(0), width=440, height=440, odds_draws=3)
        self.draws = widgets.IntSlider(value=3, min=1, max=10)
        self.draws.observe(lambda change: self.redraw(), names="value")

    def redraw(self) -> None:
        from pirates_lab.widgets.pirates_and_plunder import board_ops, frontier_odds
        self.odds = frontier_odds(self.observation, self.draws.value)
        self.board.draw("background", board_ops(self.observation, 440, 440, odds_draws=self.draws.value))


def _kop(name):
    def build():
        from pirates_lab.widgets import king_of_pirates as kop
        if name == "DutchmanView":
            return kop.DutchmanView(kop.DutchmanPlanner(dutchman=(2, -1), ship=(3, -2), goal=(0, 0), turns=2))
        return getattr(kop, name)()
    return build


def _pp(name):
    def build():
        from pirates_lab.widgets import pillage_and_plunder as pp
        from pirates_lab.widgets import pillage_and_plunder_battle as battle
        return {"BattleCalculator": lambda: battle.BattleCalculator(), "CallOffTable": lambda: battle.CallOffTable(6, 6),
                "DeckOddsCalculator": lambda: pp.DeckOddsCalculator()}[name]()
    return build


def _lesson_view():
    from pirates_lab.widgets.lesson import lesson_view
    return lesson_view("plunder_2013", presenter=False)


def _pnp_battle_lab():
    from pirates_lab.widgets.pirates_and_plunder import BattleLab
    return BattleLab()


def _chain():
    from pirates_lab.widgets.plunder import ChainCalculator
    return ChainCalculator(draws=0)


SPECS = [
    WidgetSpec("dice basics: DiceLab 2d6, expression 2d6 -> 3d6 -> 2d6", _dice_lab, lambda w: w.expression.text, "3d6",
               shown=lambda w: _as_fractions(w.exact.dist), peer=icepool_2d6, peer_name="icepool 2@d6",
               check=lambda ours, peer: ours == peer),
    WidgetSpec("kit: DistView of 2d6, dist set (chart and table)", _dist_view, None, None,
               shown=lambda w: _as_fractions(w.dist), peer=icepool_2d6, peer_name="icepool 2@d6",
               check=lambda ours, peer: ours == peer),
    WidgetSpec("kit: LessonView of Plunder (2013), contents: screen 1 -> 3 (How to Play: flip advice, a question)",
               _lesson_view, lambda w: w.contents, 2),
    WidgetSpec("King of Pirates: CombatView (re-roll table), cannonballs 2 -> 3", _kop("CombatView"),
               lambda w: w.cannonballs, 3),
    WidgetSpec("King of Pirates: RumView (upkeep), rum 4 -> 5", _kop("RumView"), lambda w: w.rum, 5),
    WidgetSpec("King of Pirates: DutchmanView, turns ahead 2 -> 3", _kop("DutchmanView"), lambda w: w.turns, 3),
    WidgetSpec("Pillage & Plunder: BattleCalculator, attacker crew 4 -> 3", _pp("BattleCalculator"),
               lambda w: w.attacker_box.crew, 3),
    WidgetSpec("Pillage & Plunder: CallOffTable 6 v 6, prize 3000 -> 3250", _pp("CallOffTable"), lambda w: w.prize, 3250),
    WidgetSpec("Pillage & Plunder: DeckOddsCalculator, at least 1 -> 2 Attack", _pp("DeckOddsCalculator"),
               lambda w: w.count, 2, shown=lambda w: w.value, peer=deck_closed_form,
               peer_name="closed form 1 - C(N-K,5)/C(N,5)", check=lambda ours, peer: ours == peer, kind=BASELINE),
    WidgetSpec("Pirates & Plunder: BattleLab, attacker's resources 3 -> 4", _pnp_battle_lab, lambda w: w.attacker, 4),
    WidgetSpec("Pirates & Plunder: tile-draw odds board, draws 3 -> 4", _TileDraw, lambda w: w.draws, 4),
    WidgetSpec("Plunder: ChainCalculator, cards to draw 0 -> 1", _chain, lambda w: w.draws, 1),
    WidgetSpec("Plunder (2013): Solution Grid, By hand -> Solver", _classroom, lambda w: w.grid.mode, "hand",
               shown=lambda w: w.round.current.count(), peer=lambda: brute_force_deals({}),
               peer_name="brute force, every deal", check=lambda ours, peer: ours == peer, kind=BASELINE),
    WidgetSpec("Plunder (2013): classroom prediction typed (solver previews the next answer)", _classroom,
               lambda w: w.prediction, "1000", timed="away", shown=lambda w: w.round.preview().count(),
               peer=lambda: brute_force_deals({2: True}), peer_name="brute force, every deal",
               check=lambda ours, peer: ours == peer, kind=BASELINE),
]


# ---------------------------------------------------------------- timing
def _message(widget) -> str:
    for holder in (widget, getattr(widget, "result", None)):
        text = getattr(getattr(holder, "message", None), "value", "")
        if text:
            return text
    return ""


class Harness:
    """One built widget and the two values of its control (or, for a DistView, two Dists)."""

    def __init__(self, spec: WidgetSpec):
        self.spec = spec
        self.widget = spec.build()
        if spec.control is None:                       # the DistView: set .dist to another Dist and back
            from pirates_lab.core import Dist
            self.values = (self.widget.dist, Dist.die(6) + Dist.die(6) + Dist.die(6))
        else:
            self.values = (spec.control(self.widget).value, spec.away)

    def set(self, index: int) -> float:
        value = self.values[index]
        start, start_cpu = time.perf_counter(), time.process_time()
        if self.spec.control is None:
            self.widget.dist = value
        else:
            self.spec.control(self.widget).value = value
        elapsed = time.perf_counter() - start
        self.cpu = time.process_time() - start_cpu          # this process's CPU: the wall time less waiting
        self.at = index
        if _message(self.widget):
            raise RuntimeError(f"{self.spec.name}: the widget shows an error: {_message(self.widget)[:200]}")
        return elapsed

    def prepare(self) -> None:
        """Untimed: stand where the timed change starts (away for "back", at the default for "away")."""
        start = 1 if self.spec.timed == "back" else 0
        if getattr(self, "at", 0) != start:
            self.set(start)

    def timed(self) -> float:
        return self.set(0 if self.spec.timed == "back" else 1)

    def timed_change(self) -> float:
        self.prepare()
        return self.timed()


def warm(spec: WidgetSpec, repeat: int = 15) -> tuple[float, float, float]:
    """(best, median, median CPU) seconds of the timed change, one process, after one untimed round trip."""
    harness = Harness(spec)
    harness.timed_change()
    times, cpu = [], []
    for _ in range(repeat):
        times.append(harness.timed_change())
        cpu.append(harness.cpu)
    return min(times), statistics.median(times), statistics.median(cpu)


COLD = """
import sys, time
sys.path.insert(0, {here!r})
import bench_widgets as b
harness = b.Harness(b.SPECS[{index}])
print(harness.set(1), harness.cpu)
"""


def cold(index: int, runs: int = 5) -> tuple[float, float]:
    """Medians over ``runs`` fresh processes of the first change after the widget was built: (wall, CPU)."""
    here = str(Path(__file__).resolve().parent)
    times, cpu = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", COLD.format(here=here, index=index)], capture_output=True,
                              text=True)
        if done.returncode:
            raise RuntimeError(done.stderr.strip().splitlines()[-1])
        wall, used = done.stdout.split()[-2:]
        times.append(float(wall))
        cpu.append(float(used))
    return statistics.median(times), statistics.median(cpu)


def benchmarks():
    """Warm rows for ``benchmarks/run.py``: the widget's recompute (setup moves the control away,
    untimed) against the frame budget, and beside it the peer computing the same numbers."""
    for spec in SPECS:
        harness = Harness(spec)
        harness.timed_change()

        def check(widget, answer, spec=spec):
            return spec.check(spec.shown(widget), answer)

        yield Benchmark(f"widget: {spec.name}", ours=lambda harness=harness: (harness.timed(), harness.widget)[1],
                        setup=harness.prepare, peer=spec.peer, peer_name=spec.peer_name, goal_seconds=FRAME,
                        check=check if spec.check else None, repeat=5, kind=spec.kind)


def main(runs: int = 5, only: str = "") -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; cold: median of {runs} fresh "
          f"processes; warm: best / median of 15 changes")
    print("| widget, control changed | first change, cold (CPU) | back to defaults, warm best / median (CPU) "
          "| median / 16 ms | peer (same numbers) | peer time | widget / peer | verdict (< 16 ms) |")
    print("|---|---:|---:|---:|---|---:|---:|---|")
    for index, spec in enumerate(SPECS):
        if only and only not in spec.name:
            continue
        try:
            first, first_cpu = cold(index, runs)
            best, median, median_cpu = warm(spec)
        except Exception as error:                     # a widget being edited elsewhere: say so, go on
            print(f"| {spec.name} | error: {str(error)[:120]} | | | | | | |")
            continue
        peer = peer_time = ratio = ""
        if spec.peer is not None:
            harness = Harness(spec)
            harness.timed_change()
            shown = spec.shown(harness.widget)
            import icepool  # noqa: F401  (the peers' imports are not part of their time)
            start = time.perf_counter()
            answer = spec.peer()
            elapsed = time.perf_counter() - start
            peer, peer_time = spec.peer_name, f"{elapsed * 1000:.1f} ms"
            ratio = f"{median / elapsed:.3g}" if spec.check(shown, answer) else "DISAGREE (no ratio)"
        if max(first, median) < FRAME:
            verdict = "met"
        elif max(first_cpu, median_cpu) < FRAME:
            verdict = "MISSED in wall time; its CPU time is within (waiting for a shared core)"
        else:
            verdict = "MISSED"
        print(f"| {spec.name} | {first * 1000:.1f} ms ({first_cpu * 1000:.1f}) | {best * 1000:.1f} / "
              f"{median * 1000:.1f} ms ({median_cpu * 1000:.1f}) | {median / FRAME:.2f} | {peer} | {peer_time} "
              f"| {ratio} | {verdict} |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].isdigit():
        if sys.argv[1] in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        sys.exit(f"bench_widgets.py: runs must be a whole number, not {sys.argv[1]!r} (try --help)")
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, sys.argv[2] if len(sys.argv) > 2 else "")
