"""Pillage & Plunder's ``pirates-lab odds`` subcommands: battle, melee, hand.

Every answer prints percentages first with a short fraction (``≈ 5/12`` when the exact one is
long); ``--exact`` adds one line ``label = a/b  (41.67%)`` per headline number and the full
fractions in tables.  Bad input is refused before any output (``InvalidInput``, exit code 2),
and requests too big to answer in about 2 s are refused at once, naming the limit.

Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from __future__ import annotations

import textwrap
from collections.abc import Sequence
from fractions import Fraction

from pirates_lab.core import InvalidInput
from pirates_lab.core.report import CERTAIN, IMPOSSIBLE, chance, plural
from pirates_lab.core.why import WHY_HELP, why_block

from .battles import MAX_CREW, Ship, battle, melee
from .components import load
from .odds import hand_probability

__all__ = ["add_odds_commands", "parse_ship", "parse_card_groups", "describe_ship", "short_fraction",
           "headline", "odds_table"]

#: widest line of a table (labels are cut to fit; ``--exact`` fractions go after it)
WIDTH = 100
#: exact fractions longer than this are shown as the nearest fraction with a small denominator
SHORT = 12


def short_fraction(p: Fraction) -> str:
    """``5/12`` when short, else ``≈ 41/98``-style (denominator at most 1000), or ``""`` when
    no small fraction is close (tiny probabilities, or just short of 1); an exact 1 or 0 is a word.

    >>> short_fraction(Fraction(5, 12)), short_fraction(Fraction(10**20 + 1, 3 * 10**20))
    ('5/12', '≈ 1/3')
    >>> short_fraction(Fraction(1)), short_fraction(Fraction(0))
    ('certain', 'impossible')
    """
    p = Fraction(p)
    if p in (0, 1):
        return CERTAIN if p == 1 else IMPOSSIBLE
    if len(str(p)) <= SHORT:
        return str(p)
    near = p.limit_denominator(1000)
    if near in (0, 1):
        return ""
    return f"≈ {near}"


def headline(label: str, p: Fraction, exact: bool = False) -> list[str]:
    """The percentage first and a short fraction; with ``exact`` also ``label = a/b  (pct)``.

    >>> headline("P(win)", Fraction(1, 3), exact=True)
    ['P(win)  33.33%  (1/3)', 'P(win) = 1/3  (33.33%)']
    """
    short = short_fraction(p)
    lines = [f"{label}  {chance(p)}" + (f"  ({short})" if short else "")]
    if exact:
        lines.append(f"{label} = {Fraction(p) if p not in (0, 1) else short}  ({chance(p)})")
    return lines


def odds_table(rows, heading: str = "outcome", exact: bool = False) -> str:
    """Aligned rows: label, percentage, short fraction; ``exact`` adds the full fraction last.
    Labels are cut so the first three columns fit in :data:`WIDTH` columns."""
    rows = [(str(label), Fraction(p)) for label, p in rows]
    shorts = [short_fraction(p) for _, p in rows]
    short_width = max([len("fraction")] + [len(text) for text in shorts])
    room = WIDTH - 2 - 10 - 2 - short_width
    width = min(room, max([len(heading)] + [len(label) for label, _ in rows]))
    cut = lambda text: text if len(text) <= width else text[:width - 1] + "…"  # noqa: E731
    head = f"{cut(heading):<{width}}  {'%':>10}  {'fraction':<{short_width}}" + ("  exact" if exact else "")
    lines = [head.rstrip()]
    for (label, p), short in zip(rows, shorts):
        line = f"{cut(label):<{width}}  {chance(p):>10}  {short:<{short_width}}"
        lines.append((line + f"  {p if p not in (0, 1) else short}" if exact else line).rstrip())
    return "\n".join(lines)


def _count(text, label: str, low: int = 0, high: int | None = None) -> int:
    """A whole number typed by the user, within its range, or InvalidInput naming the range."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise InvalidInput(f"{label} must be a whole number, not {text!r}.") from None
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise InvalidInput(f"{label} must be {bounds}, not {value}.")
    return value


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
    words = spec.replace(",", " ").split()
    if not words:
        raise InvalidInput("describe a ship, e.g. \"Sloop\", \"Galleon crew=5 doctor\", \"merchant 4\" or \"navy\".")
    numbers: dict[str, int] = {}
    flags: set[str] = set()
    name_words: list[str] = []
    for word in words:
        key, sep, value = word.partition("=")
        if sep:
            if key.lower() not in SHIP_NUMBERS:
                raise InvalidInput(f"unknown ship number {key!r} in {spec!r}; use {', '.join(SHIP_NUMBERS)}.")
            try:
                numbers[key.lower()] = int(value)
            except ValueError:
                raise InvalidInput(f"{key} must be a whole number in {spec!r}, not {value!r}.") from None
            if numbers[key.lower()] < 0:
                raise InvalidInput(f"{key.lower()} must be >= 0 in {spec!r}, not {value}.")
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
            raise InvalidInput(f"a merchant ship takes only a strength, damage= and crew=, not {sorted(extra | flags)}.")
        return Ship.merchant(numbers.get("strength", 2), damage=numbers.get("damage", 0),
                             crew=numbers.get("crew")), "merchant"
    if name == "navy":
        if set(numbers) - {"damage"} or flags:
            raise InvalidInput("a navy ship takes only damage=.")
        return Ship.navy(damage=numbers.get("damage", 0)), "navy"
    if "strength" in numbers:
        raise InvalidInput(f"a bare number only follows 'merchant' (its strength), in {spec!r}.")
    hulls = {hull.lower().replace("'", "").replace("’", ""): hull for hull in load().hulls}
    hull = hulls.get(name.replace("'", "").replace("’", ""))
    if hull is None:
        raise InvalidInput(f"no hull called {name!r}; hulls: {', '.join(load().hulls)}, or 'merchant N', 'navy'.")
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
    text = (f"{ship.name}: strength {ship.strength}, speed {ship.speed}, {plural(ship.cannons, 'cannon')}, "
            f"{plural(ship.crew, 'crewman', 'crewmen')}, damage {ship.damage}")
    return text + (f"; {', '.join(extras)}" if extras else "")


def odds_battle(args) -> int:
    attacker, attacker_role = parse_ship(args.attacker)
    defender, defender_role = parse_ship(args.defender)
    if attacker_role == "merchant" or defender_role == "navy":
        raise InvalidInput("merchant ships never attack and navy ships are never attacked: "
                      "the attacker is a player's ship or 'navy', the defender a player's ship or 'merchant N'.")
    if attacker_role == "navy" and defender_role == "merchant":
        raise InvalidInput("a navy ship attacks players, not merchants.")
    kind = "navy" if attacker_role == "navy" else "merchant" if defender_role == "merchant" else "player"
    dist = battle(attacker, defender, kind, defender_flees=None if kind == "merchant" else not args.stand)
    for side, ship in (("Attacker", attacker), ("Defender", defender)):
        print(textwrap.fill(describe_ship(ship), WIDTH, initial_indent=f"{side}  ", subsequent_indent=" " * 10))
    print(f"Battle: {kind}" + ("" if kind == "merchant" else
                               "; the defender stands and fights" if args.stand else "; the defender tries to flee"))
    print()
    by_outcome: dict[str, Fraction] = {}
    for result, p in dist.items():
        by_outcome[result.outcome] = by_outcome.get(result.outcome, Fraction(0)) + p
    print(odds_table(sorted(by_outcome.items(), key=lambda row: -row[1]), exact=args.exact))
    print()
    for line in (headline("P(attacker wins)", dist.probability(lambda r: r.winner == "attacker"), args.exact)
                 + headline("P(defender wins)", dist.probability(lambda r: r.winner == "defender"), args.exact)):
        print(line)
    if args.detail:
        print()
        print(odds_table([(str(result), p) for result, p in dist.items()], heading="outcome (damage a/d, crew a/d)",
                         exact=args.exact))
    if args.why:
        from .why import battle_why

        flees = None if kind == "merchant" else not args.stand
        print(why_block(battle_why(attacker, defender, kind, defender_flees=flees, winner=side)
                        for side in ("attacker", "defender")))
    return 0


def odds_melee(args) -> int:
    attackers = _count(args.attacker_crew, "the attacking crew", 0, MAX_CREW)
    defenders = _count(args.defender_crew, "the defending crew", 0, MAX_CREW)
    dist = melee(attackers, defenders, attacker_pistol=args.attacker_pistol,
                 defender_pistol=args.defender_pistol, attacker_doctor=args.attacker_doctor,
                 defender_doctor=args.defender_doctor)
    print(f"Mêlée: {plural(attackers, 'crewman', 'crewmen')} attacking {plural(defenders, 'crewman', 'crewmen')}"
          " (ties: the attacker loses)")
    for line in (headline("P(attacker wins)", dist.probability(lambda r: r.winner == "attacker"), args.exact)
                 + headline("P(defender wins)", dist.probability(lambda r: r.winner == "defender"), args.exact)):
        print(line)
    print()
    print(odds_table([(f"{r.winner} wins, crew left {r.attacker_crew}/{r.defender_crew}", p) for r, p in dist.items()],
                     exact=args.exact))
    if args.why:
        from .why import melee_why

        print(why_block(melee_why(attackers, defenders, attacker_pistol=args.attacker_pistol,
                                  defender_pistol=args.defender_pistol, attacker_doctor=args.attacker_doctor,
                                  defender_doctor=args.defender_doctor, winner=side)
                        for side in ("attacker", "defender")))
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
            raise InvalidInput(f"the count after '=' must be a whole number in {spec!r}.") from None
        if need < 0:
            raise InvalidInput(f"the count after '=' must be >= 0 in {spec!r}.")
        cards = tuple(name.strip() for name in names.split("+") if name.strip())
        if not cards:
            raise InvalidInput(f"name a card or category in {spec!r}.")
        key = cards[0] if len(cards) == 1 else cards
        if key in groups:
            raise InvalidInput(f"{spec!r} is asked twice.")
        groups[key] = need
    return groups


def odds_hand(args) -> int:
    from .game import Game

    players = _count(args.players, "--players", Game.min_players, Game.max_players)
    deck = load().deck_after_setup(players).size
    hand_size = _count(args.hand_size, "--hand-size", 0, deck)
    groups = parse_card_groups(args.cards or ["Attack"])
    p = hand_probability(groups, hand_size=hand_size, players=players)
    wanted = " and ".join(f"≥{n} {' or '.join(k) if isinstance(k, tuple) else k}" for k, n in groups.items())
    print(f"Pillage & Plunder, {plural(players, 'player')} (starting kits out of the deck), "
          f"a hand of {plural(hand_size, 'card')}:")
    for line in headline(f"P({wanted})", p, args.exact):
        print(line)
    if args.why:
        print(why_block([hand_probability(groups, hand_size=hand_size, players=players, why=True)]))
    return 0


def add_odds_commands(calculators) -> None:
    """Add battle, melee and hand to ``pirates-lab odds``."""
    sea = calculators.add_parser(
        "battle", help="Pillage & Plunder: a whole sea battle",
        description="Ships in words: 'Sloop', 'Galleon cannons=4 crew=5 pistols=1 doctor plating', "
                    "'merchant 4', 'navy'. Flags: pistol doctor gunner nest plating sail; numbers: "
                    "cannons= crew= pistols= damage=.")
    sea.add_argument("attacker")
    sea.add_argument("defender")
    sea.add_argument("--stand", action="store_true", help="the defender does not try to flee")
    sea.add_argument("--detail", action="store_true", help="also list damage and crew left")
    sea.add_argument("--exact", action="store_true", help="also print the full exact fractions")
    sea.add_argument("--why", action="store_true", help=WHY_HELP)
    sea.set_defaults(run=odds_battle)

    fight = calculators.add_parser("melee", help="Pillage & Plunder: a mêlée between two crews")
    fight.add_argument("attacker_crew", help=f"0 to {MAX_CREW}")
    fight.add_argument("defender_crew", help=f"0 to {MAX_CREW}")
    fight.add_argument("--exact", action="store_true", help="also print the full exact fractions")
    for side in ("attacker", "defender"):
        fight.add_argument(f"--{side}-pistol", action="store_true")
        fight.add_argument(f"--{side}-doctor", action="store_true")
    fight.add_argument("--why", action="store_true", help=WHY_HELP)
    fight.set_defaults(run=odds_melee)

    hand = calculators.add_parser(
        "hand", help="Pillage & Plunder: chance a hand holds some cards",
        description="Each CARDS is 'Name', 'Name=2' or 'Name+Other Name=1' (counted together); names are "
                    "cards or categories of the Card Frequency table. Default: one Attack card.")
    hand.add_argument("cards", nargs="*")
    hand.add_argument("--hand-size", default="5")
    hand.add_argument("--players", default="4", help="2 to 6")
    hand.add_argument("--exact", action="store_true", help="also print the full exact fraction")
    hand.add_argument("--why", action="store_true", help=WHY_HELP)
    hand.set_defaults(run=odds_hand)

