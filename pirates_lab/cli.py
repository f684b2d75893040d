"""The ``pirates-lab`` command: open the lab, serve a lesson to a class, compute odds in a terminal.

::

    pirates-lab lab                                   # JupyterLab at notebooks/00_index.ipynb
    pirates-lab classroom pillage_and_plunder         # one lesson as a Voila app on 127.0.0.1
    pirates-lab classroom --list                      # the lessons there are
    pirates-lab classroom --all                       # every lesson from one server (a menu)
    pirates-lab odds dice 3d6 --at-least 12           # exact odds, no game package needed
    pirates-lab odds battle Galleon "merchant 4"      # Pillage & Plunder sea battle
    pirates-lab odds hand Cannon "Cutlass Crewman+Pistol Crewman"
    pirates-lab odds combat 9 --modifier 1 --cannonballs 2    # King of Pirates
    pirates-lab odds mutiny 4 --upkeeps 5

Exit codes: 0 done, 1 a server failed, 2 a bad request (unknown lesson, bad value, a game
package that is not there yet).  Game packages and Jupyter are imported only by the
subcommand that needs them.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

__all__ = ["main", "build_parser", "percent", "probability_line", "parse_ship", "parse_card_groups"]


class Refused(Exception):
    """A request we cannot serve; the message says why (exit code 2)."""


# ---------------------------------------------------------------- output helpers
def percent(p: Fraction) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'`` (more digits for tiny probabilities).

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 216)), percent(Fraction(1, 10**7))
    ('33.33%', '0.46%', '0.000010%')
    """
    value = float(p) * 100
    if value == 0 or value >= 0.01:
        return f"{value:.2f}%"
    return f"{value:.6f}%"


def probability_line(label: str, p: Fraction) -> str:
    """One line of output: the exact fraction and its percentage.

    >>> probability_line("P(total >= 12)", Fraction(5, 12))
    'P(total >= 12) = 5/12 ≈ 41.67%'
    """
    p = Fraction(p)
    return f"{label} = {p} ≈ {percent(p)}"


def table(rows: Sequence[tuple[str, Fraction]], heading: str = "outcome") -> str:
    """Aligned rows: label, exact probability, percentage."""
    rows = [(str(label), Fraction(p)) for label, p in rows]
    width = max([len(heading)] + [len(label) for label, _ in rows])
    exact_width = max([5] + [len(str(p)) for _, p in rows])
    lines = [f"{heading:<{width}}  {'exact':>{exact_width}}  {'%':>8}"]
    lines += [f"{label:<{width}}  {str(p):>{exact_width}}  {percent(p):>8}" for label, p in rows]
    return "\n".join(lines)


def _need(module: str, *names: str):
    """Import ``names`` from a game module, or refuse with a clear message if it is not there yet."""
    try:
        imported = importlib.import_module(module)
        return tuple(getattr(imported, name) for name in names)
    except (ImportError, AttributeError) as error:
        raise Refused(f"this calculator needs {module} ({', '.join(names)}), which is not available in "
                      f"this version of pirates_lab ({error}).") from error


# ---------------------------------------------------------------- odds: dice (core only)
def odds_dice(args) -> int:
    from pirates_lab.core import parse_dice

    dist = parse_dice(args.expression)
    checks = [("at_least", ">="), ("at_most", "<="), ("exactly", "==")]
    asked = [(op, getattr(args, name)) for name, op in checks if getattr(args, name) is not None]
    if not asked:
        print(f"{args.expression}: every total (mean {dist.mean()} ≈ {float(dist.mean()):.3f})")
        print(table(dist.items(), heading="total"))
        return 0
    tests = {">=": lambda x, n: x >= n, "<=": lambda x, n: x <= n, "==": lambda x, n: x == n}
    for op, n in asked:
        print(probability_line(f"P({args.expression} {op} {n})", dist.probability(lambda x: tests[op](x, n))))
    return 0


# ---------------------------------------------------------------- odds: Pillage & Plunder
SHIP_FLAGS = {"pistol": "pistol", "doctor": "doctor", "gunner": "master_gunner", "nest": "crows_nest",
              "plating": "iron_plating", "sail": "extra_sail"}
SHIP_NUMBERS = ("cannons", "crew", "pistols", "damage")


def parse_ship(spec: str):
    """A ship from words: ``"Galleon cannons=4 crew=5 pistols=1 doctor plating"``, ``"merchant 4"``, ``"navy"``.

    Hull names come from the components data (Sloop, Schooner, Galleon, Man O' War; any case,
    ``-``/``_`` for spaces).  Flags: pistol, doctor, gunner (Master Gunner), nest (Crow's Nest),
    plating (Iron Hull Plating), sail (Extra Sail).  Numbers: cannons, crew, pistols, damage.
    Returns ``(ship, role)`` with role ``"player"``, ``"merchant"`` or ``"navy"``.
    """
    Ship, load = _need("pirates_lab.pillage_and_plunder", "Ship", "load")
    words = spec.replace(",", " ").split()
    if not words:
        raise Refused("describe a ship, e.g. \"Sloop\", \"Galleon crew=5 doctor\", \"merchant 4\" or \"navy\".")
    numbers: dict[str, int] = {}
    flags: set[str] = set()
    name_words: list[str] = []
    for word in words:
        key, sep, value = word.partition("=")
        if sep:
            if key.lower() not in SHIP_NUMBERS:
                raise Refused(f"unknown ship number {key!r} in {spec!r}; use {', '.join(SHIP_NUMBERS)}.")
            try:
                numbers[key.lower()] = int(value)
            except ValueError:
                raise Refused(f"{key} must be a whole number in {spec!r}, not {value!r}.") from None
        elif word.lower() in SHIP_FLAGS:
            flags.add(word.lower())
        elif word.isdigit() and name_words:
            numbers["strength"] = int(word)
        else:
            name_words.append(word)
    name = " ".join(name_words).lower().replace("-", " ").replace("_", " ")
    if name == "merchant":
        extra = set(numbers) - {"strength", "damage", "crew"}
        if extra or flags:
            raise Refused(f"a merchant ship takes only a strength, damage= and crew=, not {sorted(extra | flags)}.")
        return Ship.merchant(numbers.get("strength", 2), damage=numbers.get("damage", 0),
                             crew=numbers.get("crew")), "merchant"
    if name == "navy":
        if set(numbers) - {"damage"} or flags:
            raise Refused("a navy ship takes only damage=.")
        return Ship.navy(damage=numbers.get("damage", 0)), "navy"
    if "strength" in numbers:
        raise Refused(f"a bare number only follows 'merchant' (its strength), in {spec!r}.")
    hulls = {hull.lower().replace("'", "").replace("’", ""): hull for hull in load().hulls}
    hull = hulls.get(name.replace("'", "").replace("’", ""))
    if hull is None:
        raise Refused(f"no hull called {name!r}; hulls: {', '.join(load().hulls)}, or 'merchant N', 'navy'.")
    pistols = numbers.get("pistols", 1 if "pistol" in flags else 0)
    officers = tuple(officer for flag, officer in (("doctor", "Doctor"), ("gunner", "Master Gunner")) if flag in flags)
    addons = tuple(addon for flag, addon in (("nest", "Crow's Nest"), ("plating", "Iron Hull Plating"),
                                             ("sail", "Extra Sail")) if flag in flags)
    ship = Ship.player(hull, cannons=numbers.get("cannons"), crew=numbers.get("crew"), pistols=pistols,
                       officers=officers, addons=addons, damage=numbers.get("damage", 0))
    return ship, "player"


def describe_ship(ship) -> str:
    extras = [label for attribute, label in (("pistol", "pistol crewman"), ("doctor", "Doctor"),
                                             ("master_gunner", "Master Gunner"), ("crows_nest", "Crow's Nest"),
                                             ("iron_plating", "Iron Hull Plating"), ("extra_sail", "Extra Sail"))
              if getattr(ship, attribute)]
    text = (f"{ship.name}: strength {ship.strength}, speed {ship.speed}, {ship.cannons} cannons, "
            f"{ship.crew} crew, damage {ship.damage}")
    return text + (f"; {', '.join(extras)}" if extras else "")


def odds_battle(args) -> int:
    (battle,) = _need("pirates_lab.pillage_and_plunder", "battle")
    attacker, attacker_role = parse_ship(args.attacker)
    defender, defender_role = parse_ship(args.defender)
    if attacker_role == "merchant" or defender_role == "navy":
        raise Refused("merchant ships never attack and navy ships are never attacked: "
                      "the attacker is a player's ship or 'navy', the defender a player's ship or 'merchant N'.")
    if attacker_role == "navy" and defender_role == "merchant":
        raise Refused("a navy ship attacks players, not merchants.")
    kind = "navy" if attacker_role == "navy" else "merchant" if defender_role == "merchant" else "player"
    dist = battle(attacker, defender, kind, defender_flees=None if kind == "merchant" else not args.stand)
    print(f"Attacker  {describe_ship(attacker)}")
    print(f"Defender  {describe_ship(defender)}")
    print(f"Battle: {kind}" + ("" if kind == "merchant" else
                               "; the defender stands and fights" if args.stand else "; the defender tries to flee"))
    print()
    by_outcome: dict[str, Fraction] = {}
    for result, p in dist.items():
        by_outcome[result.outcome] = by_outcome.get(result.outcome, Fraction(0)) + p
    print(table(sorted(by_outcome.items(), key=lambda row: -row[1])))
    print()
    print(probability_line("P(attacker wins)", dist.probability(lambda r: r.winner == "attacker")))
    print(probability_line("P(defender wins)", dist.probability(lambda r: r.winner == "defender")))
    if args.detail:
        print()
        print(table([(str(result), p) for result, p in dist.items()], heading="outcome (damage a/d, crew a/d)"))
    return 0


def odds_melee(args) -> int:
    (melee,) = _need("pirates_lab.pillage_and_plunder", "melee")
    dist = melee(args.attacker_crew, args.defender_crew, attacker_pistol=args.attacker_pistol,
                 defender_pistol=args.defender_pistol, attacker_doctor=args.attacker_doctor,
                 defender_doctor=args.defender_doctor)
    print(f"Mêlée: {args.attacker_crew} attacking crew against {args.defender_crew} (ties: the attacker loses)")
    print(probability_line("P(attacker wins)", dist.probability(lambda r: r.winner == "attacker")))
    print(probability_line("P(defender wins)", dist.probability(lambda r: r.winner == "defender")))
    print()
    print(table([(f"{r.winner} wins, crew left {r.attacker_crew}/{r.defender_crew}", p) for r, p in dist.items()]))
    return 0


def parse_card_groups(specs: Sequence[str]) -> dict:
    """``["Cannon", "Cutlass Crewman+Pistol Crewman=2"]`` -> ``{"Cannon": 1, ("Cutlass Crewman", "Pistol Crewman"): 2}``.

    >>> parse_card_groups(["Attack", "Cannon=2", "Cutlass Crewman + Pistol Crewman"])
    {'Attack': 1, 'Cannon': 2, ('Cutlass Crewman', 'Pistol Crewman'): 1}
    """
    groups: dict = {}
    for spec in specs:
        names, sep, count = spec.rpartition("=") if "=" in spec else (spec, "", "1")
        try:
            need = int(count)
        except ValueError:
            raise Refused(f"the count after '=' must be a whole number in {spec!r}.") from None
        cards = tuple(name.strip() for name in names.split("+") if name.strip())
        if not cards:
            raise Refused(f"name a card or category in {spec!r}.")
        key = cards[0] if len(cards) == 1 else cards
        if key in groups:
            raise Refused(f"{spec!r} is asked twice.")
        groups[key] = need
    return groups


def odds_hand(args) -> int:
    (hand_probability,) = _need("pirates_lab.pillage_and_plunder", "hand_probability")
    groups = parse_card_groups(args.cards or ["Attack"])
    p = hand_probability(groups, hand_size=args.hand_size, players=args.players)
    wanted = " and ".join(f"≥{n} {' or '.join(k) if isinstance(k, tuple) else k}" for k, n in groups.items())
    print(f"Pillage & Plunder, {args.players} players (starting kits out of the deck), a hand of {args.hand_size}:")
    print(probability_line(f"P({wanted})", p))
    return 0


# ---------------------------------------------------------------- odds: King of Pirates
def odds_combat(args) -> int:
    success, expected, policy = _need("pirates_lab.king_of_pirates", "combat_success_probability",
                                      "expected_cannonballs_used", "reroll_policy")
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
    expected, p_none = _need("pirates_lab.king_of_pirates", "expected_upkeeps_until_mutiny", "p_no_mutiny_within")
    e = expected(args.rum)
    print(f"King of Pirates upkeep with {args.rum} rum (no lair visits):")
    print(f"expected upkeeps until a mutiny (counting its roll) = {e} ≈ {float(e):.3f}")
    for n in range(1, args.upkeeps + 1):
        print(probability_line(f"P(no mutiny within {n} upkeep{'s' if n > 1 else ''})", p_none(args.rum, n)))
    return 0


# ---------------------------------------------------------------- servers
def _notebooks(args) -> Path:
    from pirates_lab import classroom

    folder = Path(args.notebooks).resolve() if args.notebooks else classroom.notebooks_dir()
    if not folder.is_dir():
        raise Refused(f"no notebooks folder at {folder}; pass --notebooks DIR or set {classroom.NOTEBOOKS_ENV}.")
    return folder


def _pick_port(requested: int | None, default: int) -> int:
    from pirates_lab import classroom

    if requested == 0:
        return classroom.free_port()
    port = default if requested is None else requested
    if classroom.port_is_free(port):
        return port
    if requested is None:
        return classroom.free_port()
    raise Refused(f"port {port} is in use; choose another with --port N (or --port 0 for any free port).")


def _run(server, url: str, what: str) -> int:
    """Start ``server``, print where it is, run until Ctrl+C (or SIGTERM) or until it stops."""
    import signal

    def stop_on_signal(signum, frame):
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):  # the server has its own process group: stop it ourselves
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop_on_signal)
    try:
        server.start(timeout=120)
    except (RuntimeError, TimeoutError) as error:
        print(f"pirates-lab: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        server.stop()
        return 0
    print(f"{what} at {url}", flush=True)
    print("Press Ctrl+C to stop.", flush=True)
    try:
        return server.process.wait() or 0
    except KeyboardInterrupt:
        print("\nStopping…", flush=True)
        return 0
    finally:
        server.stop()


def cmd_classroom(args) -> int:
    from pirates_lab import classroom

    folder = _notebooks(args)
    if args.list:
        print(f"Lessons in {folder} (serve one with: pirates-lab classroom NAME):")
        for name, path in classroom.available_lessons(folder).items():
            print(f"  {name:<22} {path.name if path else '(no notebook yet)'}")
        return 0
    if args.all == (args.lesson is not None):
        raise Refused("name one lesson (pirates-lab classroom --list shows them), or --all for every lesson.")
    if args.all:
        target, path = folder, "voila/tree"
    elif args.lesson.endswith(".ipynb"):
        target, path = Path(args.lesson).resolve(), ""
        if not target.is_file():
            raise Refused(f"no notebook at {target}.")
    else:
        try:
            target, path = classroom.lesson_path(args.lesson, folder), ""
        except classroom.UnknownLesson as error:
            raise Refused(str(error)) from None
        except classroom.MissingNotebook as error:
            raise Refused(f"{error} Lessons with a notebook: "
                          f"{', '.join(n for n, p in classroom.available_lessons(folder).items() if p)}.") from None
    port = _pick_port(args.port, 8866)
    url = f"http://127.0.0.1:{port}/{path}"
    env = {**os.environ, classroom.LARGE_ENV: "1"} if args.large else None
    with tempfile.TemporaryDirectory(prefix="pirates-lab-voila-") as config_dir:
        command = classroom.voila_command(target, port, config_dir=classroom.write_voila_config(Path(config_dir)),
                                          cell_timeout=args.cell_timeout, show_tracebacks=args.tracebacks)
        if args.dry_run:
            print(" ".join(command))
            print(url)
            return 0
        what = "Serving every lesson" if args.all else f"Serving {target.name}"
        return _run(classroom.Server(command, port, env=env), url, what)


def cmd_lab(args) -> int:
    from pirates_lab import classroom

    folder = _notebooks(args)
    index = folder / classroom.INDEX
    if not index.is_file():
        raise Refused(f"no index notebook at {index}.")
    port = _pick_port(args.port, 8888)
    root = folder.parent
    command = classroom.lab_command(index, root, port, open_browser=not args.no_browser, extra=args.jupyter_args)
    url = f"http://127.0.0.1:{port}/lab/tree/{index.relative_to(root).as_posix()}"
    if args.dry_run:
        print(" ".join(command))
        print(url)
        return 0
    return _run(classroom.Server(command, port), url,
                "JupyterLab (Jupyter prints the full address with its login token above) is running")


# ---------------------------------------------------------------- the parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pirates-lab", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    lab = commands.add_parser("lab", help="open JupyterLab at notebooks/00_index.ipynb")
    lab.add_argument("--port", type=int, default=None, help="port (default 8888, or a free one; 0: any free port)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser")
    lab.add_argument("--notebooks", help="the notebooks folder (default: the checkout's notebooks/)")
    lab.add_argument("--dry-run", action="store_true", help="print the command and the address, start nothing")
    lab.add_argument("jupyter_args", nargs=argparse.REMAINDER,
                     help="after --: options passed to jupyter lab as they are")
    lab.set_defaults(run=cmd_lab)

    room = commands.add_parser("classroom", help="serve a lesson as a Voila app (no code shown) on 127.0.0.1")
    room.add_argument("lesson", nargs="?", help="a lesson name (see --list) or a path to a .ipynb")
    room.add_argument("--list", action="store_true", help="list the lessons and stop")
    room.add_argument("--all", action="store_true", help="serve every lesson from one server (a menu page)")
    room.add_argument("--port", type=int, default=None, help="port (default 8866, or a free one; 0: any free port)")
    room.add_argument("--large", action="store_true", help="start with large fonts (for a projector)")
    room.add_argument("--cell-timeout", type=int, default=30, help="seconds a notebook cell may take (default 30)")
    room.add_argument("--tracebacks", action="store_true", help="show Python errors in the page (for authors)")
    room.add_argument("--notebooks", help="the notebooks folder (default: the checkout's notebooks/)")
    room.add_argument("--dry-run", action="store_true", help="print the command and the address, start nothing")
    room.set_defaults(run=cmd_classroom)

    odds = commands.add_parser("odds", help="exact odds in the terminal (fractions and percentages)")
    calculators = odds.add_subparsers(dest="calculator", metavar="CALCULATOR", required=True)

    dice = calculators.add_parser("dice", help="any dice expression: 2d6, 3d6kh2, d20+4")
    dice.add_argument("expression")
    dice.add_argument("--at-least", type=int)
    dice.add_argument("--at-most", type=int)
    dice.add_argument("--exactly", type=int)
    dice.set_defaults(run=odds_dice)

    sea = calculators.add_parser(
        "battle", help="Pillage & Plunder: a whole sea battle",
        description="Ships in words: 'Sloop', 'Galleon cannons=4 crew=5 pistols=1 doctor plating', "
                    "'merchant 4', 'navy'. Flags: pistol doctor gunner nest plating sail; numbers: "
                    "cannons= crew= pistols= damage=.")
    sea.add_argument("attacker")
    sea.add_argument("defender")
    sea.add_argument("--stand", action="store_true", help="the defender does not try to flee")
    sea.add_argument("--detail", action="store_true", help="also list damage and crew left")
    sea.set_defaults(run=odds_battle)

    fight = calculators.add_parser("melee", help="Pillage & Plunder: a mêlée between two crews")
    fight.add_argument("attacker_crew", type=int)
    fight.add_argument("defender_crew", type=int)
    for side in ("attacker", "defender"):
        fight.add_argument(f"--{side}-pistol", action="store_true")
        fight.add_argument(f"--{side}-doctor", action="store_true")
    fight.set_defaults(run=odds_melee)

    hand = calculators.add_parser(
        "hand", help="Pillage & Plunder: chance a hand holds some cards",
        description="Each CARDS is 'Name', 'Name=2' or 'Name+Other Name=1' (counted together); names are "
                    "cards or categories of the Card Frequency table. Default: one Attack card.")
    hand.add_argument("cards", nargs="*")
    hand.add_argument("--hand-size", type=int, default=5)
    hand.add_argument("--players", type=int, default=4)
    hand.set_defaults(run=odds_hand)

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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "jupyter_args", None) and args.jupyter_args[0] == "--":
        args.jupyter_args = args.jupyter_args[1:]
    run: Callable = args.run
    try:
        return run(args)
    except Refused as error:
        print(f"pirates-lab: {error}", file=sys.stderr)
        return 2
    except ValueError as error:  # InvalidInput and friends: a bad value typed by the user
        print(f"pirates-lab: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head`: stop quietly
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
