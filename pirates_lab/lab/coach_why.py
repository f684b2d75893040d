"""Why the coach prefers its move: the few outcomes that decide between the top two moves, in the game's words.

The coach plays both moves on the *same* re-deals and dice (playout ``j`` shares its luck), so the two can be
compared playout by playout: where one wins and the other does not, the luck of that playout decided.
:func:`why_lines` says it in sentences:

1. the rule of the decision (``Rules:``, the game and the heading as printed: the phase table's rule);
2. the comparison: in how many of the same playouts the best move won where the second lost, and back;
3. the chance events that change the ranking: the first roll or card after the move (the game's own words
   for it, ``str`` of chance's outcome), grouped, those where the two moves differ most: "when chance's next
   outcome is 1 (11 of 60 trial games): bank 9 wins 11, roll 0";
4. where the game's calculator covers the decision: its exact numbers and its Why tree's main branches
   (the tree itself is in ``Advice.why_trees``).

>>> from pirates_lab.lab.coach import Advice, MoveEstimate
>>> def move(label, wins):                      # four playouts; events: the first chance outcome of each
...     rows = tuple((w, w, False, (e,)) for w, e in zip(wins, "1212"))
...     return MoveEstimate(label, label, 4, sum(wins), sum(wins) / 4, 0, 1, 0, 0, 0, outcomes=rows)
>>> advice = Advice(0, (move("bank", (1, 0, 1, 0)), move("roll", (0, 0, 0, 1))), 8, 4, 1, 10, "random", False)
>>> print("\\n".join(why_lines(advice, "Skull Dice")))
bank or roll? In the same 4 trial games (the same hidden cards and dice), bank won 2 that roll lost, and roll won 1 that bank lost.
When the next roll or card is “1” (2 of 4 trial games): bank wins 2, roll 0.
When the next roll or card is “2” (2 of 4 trial games): bank wins 0, roll 1.
Their ranges overlap: think longer to be surer.
"""
from __future__ import annotations

from collections import defaultdict

from pirates_lab.core.report import percent

__all__ = ["why_lines", "deciding_events"]


def _count(x: float) -> str:
    return f"{x:g}" if x != int(x) else str(int(x))


def deciding_events(best, second, limit: int = 2) -> list[tuple[str, int, float, float]]:
    """The first chance outcomes after the move where the two moves' wins differ most:
    ``(event, playouts, wins of best, wins of second)``, the largest differences first (at most ``limit``)."""
    groups: dict[str, list] = defaultdict(lambda: [0, 0.0, 0.0])
    for mine, theirs in zip(best.outcomes, second.outcomes):
        events = mine[3] or theirs[3] or ("nothing more (the game ended)",)
        group = groups[events[0]]
        group[0] += 1
        group[1] += mine[0]
        group[2] += theirs[0]
    ranked = sorted(((event, n, a, b) for event, (n, a, b) in groups.items() if a != b),
                    key=lambda row: (-abs(row[2] - row[3]), -row[1], row[0]))
    return ranked[:limit]


def why_lines(advice, title: str = "") -> list[str]:
    """The why of the coach's best move, a few sentences (see the module docstring)."""
    lines = []
    if advice.rule:
        lines.append(f"Rules: {title} › {advice.rule}" if title else f"Rules: {advice.rule}")
    best = advice.moves[0]
    if len(advice.moves) == 1:
        return lines + [f"{best.label} is the only move allowed here; the chance to win from here is "
                        f"{best.percent}."]
    second = advice.moves[1]
    if best.exact is not None and second.exact is not None:
        from .coach import exact_text

        def shown(value):
            return exact_text(value, best.exact_unit) if best.exact_unit else percent(value, places=1)
        lines.append(f"Exactly: {best.label} {shown(best.exact)} {best.exact_what}, {second.label} "
                     f"{shown(second.exact)}.")
        for tree in advice.why_trees[:1]:
            lines += [f"  {child.label}: {percent(child.p, places=1)}" for child in tree.children[:3]]
    ahead = sum(1 for a, b in zip(best.outcomes, second.outcomes) if a[0] > b[0])
    behind = sum(1 for a, b in zip(best.outcomes, second.outcomes) if a[0] < b[0])
    n = len(best.outcomes)
    if ahead == behind == 0:
        lines.append(f"{best.label} and {second.label} ended alike in all {n} trial games (the same hidden "
                     f"cards and dice): here the choice hardly matters.")
        return lines
    lines.append(f"{best.label} or {second.label}? In the same {n} trial games (the same hidden cards and dice), "
                 f"{best.label} won {ahead} that {second.label} lost, and {second.label} won {behind} that "
                 f"{best.label} lost.")
    overlap = best.low <= second.high and second.low <= best.high
    for event, count, a, b in deciding_events(best, second):
        lines.append(f"When the next roll or card is “{event}” ({count} of {n} trial games): {best.label} wins "
                     f"{_count(a)}, {second.label} {_count(b)}.")
    if overlap and best.exact is None and len(lines) < 6:
        lines.append("Their ranges overlap: think longer to be surer.")
    return lines
