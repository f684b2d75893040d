"""The benchmark contract: each ``bench_*.py`` defines ``benchmarks()`` yielding :class:`Benchmark`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

#: what ours is compared with (``Benchmark.kind``):
#: another project's library, used the best way a user of it would (its own evaluator or a plain loop)
PEER = "peer"
#: the plain way written here for the comparison: brute force over every case, a closed form, a naive recursion
BASELINE = "baseline"
#: a Monte Carlo estimate of an exact answer: its check reports the estimate's error
ESTIMATE = "Monte Carlo estimate"
#: ours again in another setting (one core against all; a calculator's answer without its why tree)
SAME_CODE = "ours, another setting"
KINDS = (PEER, BASELINE, ESTIMATE, SAME_CODE)


@dataclass
class Benchmark:
    """Ours against something doing the same computation, timed in the same run.

    ``check(ours_result, peer_result)`` compares the two answers in the run: it returns True/False, or
    ``(agrees, words)`` to say how they agree (``"within 4 σ: 0.51 ± 0.01 against 0.509"``); the runner
    prints no ratio for two different answers and writes the words in the table's "same answer" column.
    A row with a peer needs a check.  ``kind`` says what the peer is (:data:`PEER`, :data:`BASELINE`,
    :data:`ESTIMATE`, :data:`SAME_CODE`): this project's own older code is none of them (it is not a
    peer; such rows were removed).  ``cold=True`` times every run in a fresh Python process (after
    imports), so neither side profits from a cache filled by an earlier run.
    """

    name: str
    ours: Callable[[], object]
    peer: Callable[[], object] | None = None
    peer_name: str = ""
    goal_seconds: float | None = None
    check: Callable[[object, object], object] | None = None
    repeat: int = 5
    #: time each run in a fresh process (for peers that cache results between calls)
    cold: bool = False
    #: run (untimed) before each timed call of ``ours``: e.g. move a widget's control away from the
    #: value that the timed call sets back
    setup: Callable[[], object] | None = None
    kind: str = PEER

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: kind must be one of {KINDS}, got {self.kind!r}")
        if self.peer is not None and self.check is None:
            raise ValueError(f"{self.name}: a row with a peer compares the answers (give it a check)")


def agreement(check, ours, peer) -> tuple[bool, str]:
    """Run a check: ``(agrees, words for the "same answer" column)``; an error in the check disagrees."""
    try:
        result = check(ours, peer)
    except Exception as error:                      # a check that cannot even compare
        return False, f"NO ({type(error).__name__}: {error})"[:120]
    agrees, words = result if isinstance(result, tuple) else (bool(result), "")
    return bool(agrees), (words or "yes, equal") if agrees else f"NO{': ' + words if words else ''}"
