"""Core benchmarks: sorted dice comparisons, ours against icepool computing the same thing.

icepool caches evaluations between calls, so the comparisons are timed cold: each run in a
fresh process, after the imports.
"""
from fractions import Fraction

import icepool

from bench_common import Benchmark
from pirates_lab.core import Dist, sorted_pair_counts


def ours_pairs(n, m):
    return sorted_pair_counts(Dist.die(6), n, Dist.die(6), m).map(lambda c: c.attacker_higher)


def ours_enumerated(n, m):
    d6 = Dist.die(6)
    return Dist.independent(d6.pool(n), d6.pool(m)).map(lambda ab: sum(x > y for x, y in zip(*ab)))


def icepool_pairs(n, m):
    return icepool.d6.pool(n).sort_pair(">", icepool.d6.pool(m)).size()


def same(ours, peer):
    return all(ours[o] == Fraction(peer.probability(o)) for o in peer.outcomes()) and len(ours) == len(peer)


def benchmarks():
    for n, m, label in ((6, 6, "6 vs 6 sorted dice, pairs won"), (3, 2, "RISK 3 vs 2, defender losses")):
        yield Benchmark(label, ours=lambda n=n, m=m: ours_pairs(n, m), peer=lambda n=n, m=m: icepool_pairs(n, m),
                        peer_name="icepool", check=same, cold=True, repeat=3)
    yield Benchmark("6 vs 6 by enumerating sorted rolls (naive)", ours=lambda: ours_enumerated(6, 6),
                    peer=lambda: icepool_pairs(6, 6), peer_name="icepool", check=same, repeat=1, cold=True)
    yield Benchmark("Dist.die(6).pool(6)", ours=lambda: Dist.die(6).pool(6), peer=lambda: icepool.d6.pool(6).expand(),
                    peer_name="icepool", repeat=5)
