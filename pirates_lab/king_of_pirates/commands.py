"""King of Pirates' ``pirates-lab odds`` subcommands: combat, mutiny.

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

from pirates_lab.core.report import probability_line

from .odds import (combat_success_probability, expected_cannonballs_used, expected_upkeeps_until_mutiny,
                   p_no_mutiny_within, reroll_policy)

__all__ = ["add_odds_commands"]


def odds_combat(args) -> int:
    success, expected, policy = combat_success_probability, expected_cannonballs_used, reroll_policy
    print(f"King of Pirates combat: 2d6 {args.modifier:+d} ≥ {args.target}, {args.cannonballs} cannonballs "
          "(best re-roll policy)")
    for balls in range(args.cannonballs + 1) if args.table else (args.cannonballs,):
        p = success(args.target, args.modifier, balls)
        used = expected(args.target, args.modifier, balls)
        print(probability_line(f"P(success | {balls} cannonballs)", p)
              + f"; expected cannonballs used {used} ≈ {float(used):.3f}")
    print()
    print(policy(args.target, args.modifier, args.cannonballs))
    return 0


def odds_mutiny(args) -> int:
    expected, p_none = expected_upkeeps_until_mutiny, p_no_mutiny_within
    e = expected(args.rum)
    print(f"King of Pirates upkeep with {args.rum} rum (no lair visits):")
    print(f"expected upkeeps until a mutiny (counting its roll) = {e} ≈ {float(e):.3f}")
    for n in range(1, args.upkeeps + 1):
        print(probability_line(f"P(no mutiny within {n} upkeep{'s' if n > 1 else ''})", p_none(args.rum, n)))
    return 0


def add_odds_commands(calculators) -> None:
    """Add combat and mutiny to ``pirates-lab odds``."""
    combat = calculators.add_parser("combat", help="King of Pirates: 2d6 + modifier ≥ target, with cannonballs")
    combat.add_argument("target", type=int)
    combat.add_argument("--modifier", type=int, default=0)
    combat.add_argument("--cannonballs", type=int, default=0)
    combat.add_argument("--table", action="store_true", help="one line for each number of cannonballs up to N")
    combat.set_defaults(run=odds_combat)

    mutiny = calculators.add_parser("mutiny", help="King of Pirates: how long the rum lasts")
    mutiny.add_argument("rum", type=int)
    mutiny.add_argument("--upkeeps", type=int, default=5, help="list P(no mutiny) for 1..N upkeeps")
    mutiny.set_defaults(run=odds_mutiny)
