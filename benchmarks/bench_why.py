"""Why trees (issue 23): each calculator's tree at its largest accepted input, beside the calculator's own
answer (not a peer: our own calculator, the number the tree explains, so the ratio is what the explanation costs;
kind "ours, another setting").  The check is the tree's root equal to the answer.
Timed cold (a fresh process each run): both sides keep caches (solvers, mêlées, dice expressions) that would
flatter whichever runs second.  Goal: the tree within the calculator's ~2 s bound."""
from __future__ import annotations

from bench_common import SAME_CODE, Benchmark
from pirates_lab.core import dice_why, parse_dice
from pirates_lab.king_of_pirates import odds as kop
from pirates_lab.king_of_pirates import why as kop_why
from pirates_lab.pillage_and_plunder import why as pnp_why
from pirates_lab.pillage_and_plunder.battles import Ship, battle, melee
from pirates_lab.pirates_and_plunder.battles import secret_battle
from pirates_lab.plunder.commands import start_unseen
from pirates_lab.plunder.odds import npc_chain_odds, side_of

ROUTE = [[(0, 0)]] + [[(0, 0)]] * 999


def _root(tree, answer) -> bool:
    return tree.p == answer


def benchmarks():
    yield Benchmark("why: dice 30d80 >= 1300", lambda: dice_why("30d80", at_least=1300),
                    lambda: parse_dice("30d80").probability(lambda x: x >= 1300), "our parse_dice, no tree", 2.0, _root, kind=SAME_CODE,
                    repeat=3, cold=True)
    mow = Ship.player("Man O' War")
    yield Benchmark("why: battle Man O' War v Man O' War", lambda: pnp_why.battle_why(mow, mow),
                    lambda: battle(mow, mow).probability(lambda r: r.winner == "attacker"), "our battle, no tree", 2.0, _root, kind=SAME_CODE,
                    repeat=3, cold=True)
    yield Benchmark("why: melee 100 v 100, both doctors", lambda: pnp_why.melee_why(
        100, 100, attacker_doctor=True, defender_doctor=True), lambda: melee(
        100, 100, attacker_doctor=True, defender_doctor=True).probability(lambda m: m.winner == "attacker"),
        "our melee, no tree", 2.0, _root, kind=SAME_CODE, repeat=3, cold=True)
    yield Benchmark("why: combat 12 with 100 cannonballs", lambda: kop_why.combat_why(12, cannonballs=100),
                    lambda: kop.combat_success_probability(12, cannonballs=100), "our combat_success_probability, no tree", 2.0,
                    _root, kind=SAME_CODE, repeat=3, cold=True)
    yield Benchmark("why: no mutiny, 150 rum, 1,999 upkeeps", lambda: kop_why.mutiny_why(150, 1999),
                    lambda: kop.p_no_mutiny_within(150, 1999), "our p_no_mutiny_within, no tree", 2.0, _root, kind=SAME_CODE, repeat=3, cold=True)
    yield Benchmark("why: a 1,000-roll Dutchman route", lambda: kop_why.route_why(ROUTE, (3, 0)),
                    lambda: kop.route_survival(ROUTE, (3, 0)), "our route_survival, no tree", 2.0, _root, kind=SAME_CODE, repeat=3, cold=True)
    yield Benchmark("why: secret battle 60 v 60, ship 1000", lambda: secret_battle(60, 60, 0, 1000, 1).why(),
                    lambda: secret_battle(60, 60, 0, 1000, 1).success(), "our secret_battle, no tree", 2.0, _root, kind=SAME_CODE, repeat=3,
                    cold=True)
    pool = start_unseen([])
    yield Benchmark("why: Plunder chain, 7 cards to draw",
                    lambda: npc_chain_odds(side_of("Pinnace"), side_of("Spanish Galleon"), [], 7, pool).why(),
                    lambda: npc_chain_odds(side_of("Pinnace"), side_of("Spanish Galleon"), [], 7, pool).win,
                    "our npc_chain_odds, no tree", 2.0, _root, kind=SAME_CODE, repeat=3, cold=True)
