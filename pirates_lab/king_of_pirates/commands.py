"""King of Pirates' ``pirates-lab odds`` subcommands: combat, mutiny.

Every value is checked, and the whole answer computed, before anything is printed; work is bounded
by the odds functions (they refuse at once, naming the limit).  Lines read percentage first with a
short exact fraction; ``--exact`` prints every line as ``label = a/b ≈ percent`` with the full fraction.

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

import sys
from fractions import Fraction

from pirates_lab.core import InvalidInput
from pirates_lab.core.report import chance, exact_text, percent, plural
from pirates_lab.core.why import WHY_HELP, why_block

from .odds import (MAX_CANNONBALLS, combat_success_probability, expected_cannonballs_used, reroll_policy)
from .upkeep_odds import MAX_RUM, MAX_UPKEEPS, expected_upkeeps_until_mutiny, no_mutiny_series

__all__ = ["add_odds_commands"]

#: A fraction is "short" (shown beside the percentage) up to this many characters.
SHORT = 13
#: Policy rows for every count of cannonballs left are listed up to this many cannonballs.
POLICY_ROWS_UP_TO = 3


def _short(p: Fraction) -> str:
    """`` (a/b)`` when the fraction is short and not a whole number, else nothing."""
    if p.denominator == 1 or p.numerator.bit_length() + p.denominator.bit_length() > 4 * SHORT:
        return ""
    text = str(p)
    return f" ({text})" if len(text) <= SHORT else ""


def _full(x: Fraction) -> str:
    """The whole fraction, however long (Python refuses to print over 4,300 digits unless asked)."""
    sys.set_int_max_str_digits(0)
    return str(x)


def _probability(label: str, p: Fraction, exact: bool) -> str:
    """``label: 41.67% (5/12)``; an exact 1 or 0 reads ``label: 100% (certain)`` / ``label: 0% (impossible)``."""
    if p in (0, 1):
        return f"{label}: {chance(p)} ({exact_text(p)})"
    return f"{label} = {_full(p)} ≈ {percent(p)}" if exact else f"{label}: {percent(p)}{_short(p)}"


def _number(label: str, x: Fraction, exact: bool) -> str:
    return f"{label} = {_full(x)} ≈ {float(x):.3f}" if exact else f"{label}: {float(x):,.3f}{_short(x)}"


def odds_combat(args) -> int:
    target, modifier, balls = args.target, args.modifier, args.cannonballs
    if balls < 0:
        raise InvalidInput(f"--cannonballs must be 0 or more, got {balls}.")
    if balls > MAX_CANNONBALLS:
        raise InvalidInput(f"--cannonballs can be at most {MAX_CANNONBALLS} (got {balls:,}): each cannonball adds "
                           "a round of exact work, and a ship holds far fewer.")
    counts = range(balls + 1) if args.table else (balls,)
    answers = [(k, combat_success_probability(target, modifier, k), expected_cannonballs_used(target, modifier, k))
               for k in counts]
    policy = reroll_policy(target, modifier, balls)
    lines = [f"King of Pirates combat: 2d6 {modifier:+d} ≥ {target}, {plural(balls, 'cannonball')} "
             "(best re-roll policy)"]
    for k, p, used in answers:
        lines.append(_probability(f"P(success | {plural(k, 'cannonball')})", p, args.exact)
                     + "; " + _number("expected cannonballs used", used, args.exact).replace(": ", " ", 1)
                     .replace(" = ", " ", 1))
    lines.append("")
    lines.extend(_policy_lines(policy, balls))
    print("\n".join(lines))
    if args.why:
        from .why import combat_why

        print(why_block([combat_why(target, modifier, balls)]))
    return 0


def _policy_lines(policy, balls: int) -> list[str]:
    if balls == 0:
        return ["No cannonballs: the first roll stands."]
    shown = range(1, balls + 1) if balls <= POLICY_ROWS_UP_TO else (balls,)
    out = ["Re-roll policy (failed roll, cannonballs left: what to do, then P(success)):"]
    for k, roll, choice, p in policy.choices:
        if k in shown:
            out.append(f"  {roll[0]}+{roll[1]}, {k} left: {policy.words(roll, choice)} (then {chance(p)})")
    if balls > POLICY_ROWS_UP_TO:
        out.append("  (rows with fewer cannonballs left: pirates_lab.king_of_pirates.reroll_policy)")
    return out


def odds_mutiny(args) -> int:
    rum, upkeeps = args.rum, args.upkeeps
    if rum < 0:
        raise InvalidInput(f"rum must be 0 or more, got {rum}.")
    if rum > MAX_RUM:
        raise InvalidInput(f"rum can be at most {MAX_RUM:,} (got {rum:,}): the exact answer grows with the rum.")
    if upkeeps < 0:
        raise InvalidInput(f"--upkeeps must be 0 or more, got {upkeeps}.")
    if upkeeps > MAX_UPKEEPS:
        raise InvalidInput(f"--upkeeps can be at most {MAX_UPKEEPS:,} here, got {upkeeps:,} (each roll makes the exact "
                           "answer longer).")
    e = expected_upkeeps_until_mutiny(rum)
    series = no_mutiny_series(rum, upkeeps)   # one pass for every n (refuses too much work at once)
    lines = [f"King of Pirates upkeep with {rum:,} rum (no lair visits):",
             _number("expected upkeeps until a mutiny (counting its roll)", e, args.exact)]
    for n in range(1, upkeeps + 1):
        lines.append(_probability(f"P(no mutiny within {plural(n, 'upkeep')})", series[n], args.exact))
    print("\n".join(lines))
    if args.why and upkeeps:        # the tree of the last line (each earlier line is a part of it)
        from .why import mutiny_why

        print(why_block([mutiny_why(rum, upkeeps)]))
    return 0


def add_odds_commands(calculators) -> None:
    """Add combat and mutiny to ``pirates-lab odds``."""
    combat = calculators.add_parser("combat", help="King of Pirates: 2d6 + modifier ≥ target, with cannonballs")
    combat.add_argument("target", type=int)
    combat.add_argument("--modifier", type=int, default=0)
    combat.add_argument("--cannonballs", type=int, default=0, help=f"0 to {MAX_CANNONBALLS}")
    combat.add_argument("--table", action="store_true", help="one line for each number of cannonballs up to N")
    combat.add_argument("--exact", action="store_true", help="full fractions: label = a/b ≈ percent")
    combat.add_argument("--why", action="store_true", help=WHY_HELP + "; with --table, for the last line")
    combat.set_defaults(run=odds_combat)

    mutiny = calculators.add_parser("mutiny", help="King of Pirates: how long the rum lasts")
    mutiny.add_argument("rum", type=int)
    mutiny.add_argument("--upkeeps", type=int, default=5, help="list P(no mutiny) for 1..N upkeeps")
    mutiny.add_argument("--exact", action="store_true", help="full fractions: label = a/b ≈ percent")
    mutiny.add_argument("--why", action="store_true", help=WHY_HELP + ", for the last line")
    mutiny.set_defaults(run=odds_mutiny)
