"""The benchmark contract: each ``bench_*.py`` defines ``benchmarks()`` yielding :class:`Benchmark`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class Benchmark:
    """Ours against a peer doing the same computation, timed in the same run.

    ``check(ours_result, peer_result)`` (optional) asserts the two agree, so a ratio is never
    printed for two different answers.  ``cold=True`` times every run in a fresh Python process
    (after imports), so neither side profits from a cache filled by an earlier run.
    """

    name: str
    ours: Callable[[], object]
    peer: Callable[[], object] | None = None
    peer_name: str = ""
    goal_seconds: float | None = None
    check: Callable[[object, object], bool] | None = None
    repeat: int = 5
    #: time each run in a fresh process (for peers that cache results between calls)
    cold: bool = False
    #: run (untimed) before each timed call of ``ours``: e.g. move a widget's control away from the
    #: value that the timed call sets back
    setup: Callable[[], object] | None = None
