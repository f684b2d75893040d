"""What a tournament found: scores per game, win rates with confidence intervals, a tidy table.

``Results.scores`` holds one tuple per game, in game order, with one entry per *policy* (in the
order the policies were given), whatever seat the policy sat in; ``Results.seats`` says who sat
where.  ``rows()`` is the tidy table (a list of dicts, one per policy); ``table()`` prints it and a
notebook shows it as HTML.  Win rates are mean win shares (``returns()``: 1 a win, 1/k a k-way
tie, 1/players a capped game).
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pirates_lab.core import InvalidInput
from pirates_lab.core.report import percent

from .stats import exact_interval, wilson_interval

__all__ = ["Results"]


@dataclass(frozen=True, repr=False)
class Results:
    """The games of one tournament (see :func:`~pirates_lab.lab.tournament.tournament`)."""

    game: Any
    labels: tuple[str, ...]
    records: tuple
    seed: Any = 0
    confidence: float = 0.95

    # ------------------------------------------------------------ per game
    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def scores(self) -> tuple[tuple, ...]:
        """One tuple per game (game order): each policy's points."""
        return tuple(r.scores for r in self.records)

    @property
    def returns(self) -> tuple[tuple, ...]:
        """One tuple per game (game order): each policy's win share (Fractions)."""
        return tuple(r.returns for r in self.records)

    @property
    def seats(self) -> tuple[tuple[int, ...], ...]:
        """One tuple per game: the policy index in each seat."""
        return tuple(r.seats for r in self.records)

    @property
    def capped(self) -> int:
        """Games stopped at the step cap (counted as draws)."""
        return sum(r.capped for r in self.records)

    @property
    def steps(self) -> tuple[int, ...]:
        return tuple(r.steps for r in self.records)

    # ------------------------------------------------------------ per policy
    def wins(self, label: str) -> Fraction:
        """The summed win shares of one policy."""
        i = self._index(label)
        return sum((r.returns[i] for r in self.records), Fraction(0))

    def win_rate(self, label: str) -> Fraction:
        """Mean win share, exact."""
        return self.wins(label) / self.games

    def interval(self, label: str, method: str = "wilson") -> tuple[float, float]:
        """The confidence interval of the win rate: ``"wilson"`` or ``"exact"`` (Clopper-Pearson)."""
        if method not in ("wilson", "exact"):
            raise ValueError(f"method is 'wilson' or 'exact', not {method!r}")
        function = wilson_interval if method == "wilson" else exact_interval
        return function(self.wins(label), self.games, self.confidence)

    def mean_score(self, label: str) -> Fraction:
        i = self._index(label)
        return sum((Fraction(r.scores[i]) for r in self.records), Fraction(0)) / self.games

    def seat_win_rates(self) -> tuple[Fraction, ...]:
        """Win rate of each seat, whoever sat there (shows a first-player advantage)."""
        players = len(self.labels)
        totals = [Fraction(0)] * players
        for r in self.records:
            for seat, policy in enumerate(r.seats):
                totals[seat] += r.returns[policy]
        return tuple(t / self.games for t in totals)

    @property
    def fair_share(self) -> Fraction:
        """The win rate of a policy no better than the others: 1 / players."""
        return Fraction(1, len(self.labels))

    def verdict(self, label: str) -> str:
        """"better", "worse" or "unclear": is the interval wholly above/below the fair share?"""
        low, high = self.interval(label)
        fair = float(self.fair_share)
        return "better" if low > fair else "worse" if high < fair else "unclear"

    def rows(self) -> list[dict]:
        """The tidy table: one dict per policy."""
        rows = []
        for label in self.labels:
            low, high = self.interval(label)
            rows.append({"policy": label, "games": self.games, "wins": self.wins(label),
                         "win_rate": float(self.win_rate(label)), "low": low, "high": high,
                         "mean_score": float(self.mean_score(label)), "verdict": self.verdict(label)})
        return rows

    # ------------------------------------------------------------ display
    def _cells(self) -> tuple[list[str], list[list[str]]]:
        head = ["policy", "win rate", f"{self.confidence:.0%} interval", "wins", "mean score", "vs fair share"]
        body = []
        for row in self.rows():
            wins = row["wins"]
            body.append([row["policy"], percent(self.win_rate(row["policy"])),
                         f"{row['low']:.1%} – {row['high']:.1%}", f"{float(wins):g} of {self.games}",
                         f"{row['mean_score']:.1f}", row["verdict"]])
        return head, body

    def _footer(self) -> str:
        title = getattr(self.game, "title", "game")
        text = f"{title}, {self.games} games, seed {self.seed}, seats rotated"
        if self.capped:
            text += f"; {self.capped} stopped at the step cap (draws)"
        return text

    def table(self) -> str:
        """The table as aligned text."""
        head, body = self._cells()
        widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
        lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [head, *body]]
        return "\n".join(lines + [self._footer()])

    def _repr_html_(self) -> str:
        head, body = self._cells()
        cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body)
        return (f"<table class='pl-lab-results'><thead><tr>{cells}</tr></thead><tbody>{rows}</tbody></table>"
                f"<p><small>{html.escape(self._footer())}</small></p>")

    def __str__(self) -> str:
        return self.table()

    __repr__ = __str__   # a person reads it: the table, not the records

    def _index(self, label: str) -> int:
        try:
            return self.labels.index(label)
        except ValueError:
            raise InvalidInput(f"No policy {label!r} in this tournament: {', '.join(self.labels)}") from None
