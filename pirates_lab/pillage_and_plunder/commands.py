"""Pillage & Plunder's ``pirates-lab odds`` subcommands: battle, melee, hand.

Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pirates_lab.core import InvalidInput
from pirates_lab.core.report import probability_line, table

from .battles import Ship, battle, melee
from .components import load
from .odds import hand_probability

__all__ = ["add_odds_commands", "parse_ship", "parse_card_groups", "describe_ship"]


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
    text = (f"{ship.name}: strength {ship.strength}, speed {ship.speed}, {ship.cannons} cannons, "
            f"{ship.crew} crew, damage {ship.damage}")
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
            raise InvalidInput(f"the count after '=' must be a whole number in {spec!r}.") from None
        cards = tuple(name.strip() for name in names.split("+") if name.strip())
        if not cards:
            raise InvalidInput(f"name a card or category in {spec!r}.")
        key = cards[0] if len(cards) == 1 else cards
        if key in groups:
            raise InvalidInput(f"{spec!r} is asked twice.")
        groups[key] = need
    return groups


def odds_hand(args) -> int:
    groups = parse_card_groups(args.cards or ["Attack"])
    p = hand_probability(groups, hand_size=args.hand_size, players=args.players)
    wanted = " and ".join(f"≥{n} {' or '.join(k) if isinstance(k, tuple) else k}" for k, n in groups.items())
    print(f"Pillage & Plunder, {args.players} players (starting kits out of the deck), a hand of {args.hand_size}:")
    print(probability_line(f"P({wanted})", p))
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

