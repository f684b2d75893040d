"""Plunder's ``pirates-lab odds`` subcommands: plunder-fight, plunder-attack, plunder-marque, plunder-loot,
plunder-storm.

Rules: Plunder › Combat

Unless told otherwise, the unseen cards are the deck at the start of a game (less Tortuga, the four
Open Sea cards of the setup and the cards named in your hand).
"""
from __future__ import annotations

from pirates_lab.core import InvalidInput
from pirates_lab.core.report import plural, probability_line, table
from pirates_lab.core.why import WHY_HELP, why_block

from .components import components
from .odds import (MAX_HAND, MAX_UNSEEN, attack_value, captain_fight, card_name, loot_dist, marque_probability,
                   npc_chain_odds, side_of, storm_within)

__all__ = ["add_odds_commands", "attack_odds", "parse_hand", "start_unseen"]


def parse_hand(text: str) -> list[str]:
    """``"Havana, Open Sea"`` -> ``['Havana', 'Open Sea']`` (names checked against the deck).

    >>> parse_hand("havana, open sea")
    ['Havana', 'Open Sea']
    """
    names = {name.lower(): name for name in components().cards}
    found = []
    for word in (w.strip() for w in str(text).split(",")):
        if not word:
            continue
        if word.lower() not in names:
            raise InvalidInput(f"No card called {word!r}; cards: {', '.join(sorted(components().cards))}.")
        found.append(names[word.lower()])
    return found


def start_unseen(hand: list[str]) -> dict[str, int]:
    unseen = {k: v for k, v in components().full_deck().items() if components().card(k).kind != "tortuga"}
    unseen["Open Sea"] -= components().rules["open_sea_at_setup"]
    for name in hand:
        if not unseen.get(name):
            raise InvalidInput(f"There are not that many {name} cards in the deck.")
        unseen[name] -= 1
    return {k: v for k, v in unseen.items() if v}


def _mate(name: str | None) -> str | None:
    return None if name is None else card_name(name, "first_mate")


def _count(option: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise InvalidInput(f"{option} is a whole number from {low} to {high}, not {value}.")
    return value


def odds_fight(args) -> int:
    _count("--their-hand", args.their_hand, 0, MAX_HAND)
    hand = parse_hand(args.hand)
    attacker, defender = card_name(args.attacker, "pinnace", "ship"), card_name(args.defender, "pinnace", "ship")
    a, d = side_of(attacker, _mate(args.mate)), side_of(defender)
    odds = captain_fight(a, d, hand, start_unseen(hand), args.their_hand, flees=args.flees)
    print(f"Plunder: {attacker} attacks a captain in {defender} holding {plural(args.their_hand, 'unseen card')}"
          + ("; the defender flees" if args.flees else "; the defender fights"))
    print("Each side places its highest card left at every step (ties to the attacker).\n")
    print(table(odds.lines(), heading="step"))
    print()
    print(table(sorted(odds.ends.items(), key=lambda row: -row[1])))
    if args.why:
        print(why_block([odds.why()]))
    return 0


def attack_odds(ship: str, enemy: str, hand=(), *, draws: int = 0, mate: str | None = None, room: int = 5):
    """"Should I attack?" for ``plunder-attack``: ``(chain odds, the plunder's sale as a Dist, expected silver)``.

    The loot is priced at Tortuga's price (the attacked nation becomes your enemy, so its Ports are closed to
    you: plunder sells in Tortuga), the ship won at its Value; the captain keeps half of the sale rounded down,
    halved outcome by outcome (exact); sinking costs no silver.  The lesson's combat calculator counts the same.

    >>> odds, sale, value = attack_odds("Pinnace", "Treasure Fleet", ["Open Sea", "Coastland"], draws=2)
    >>> odds.win, value
    (Fraction(315, 689), Fraction(304290, 36517))
    """
    hand = list(hand)
    _count("--draws", draws, 0, MAX_HAND)
    if len(hand) + draws > MAX_HAND:
        raise InvalidInput(f"--hand names {plural(len(hand), 'card')} and --draws adds {draws}: a hand holds at "
                           f"most {MAX_HAND} cards.")
    _count("--room", room, 0, 99)
    ship, enemy_name = card_name(ship, "pinnace", "ship"), card_name(enemy, "ship", "port", "natives")
    me, card = side_of(ship, _mate(mate)), components().card(enemy_name)
    attacked = card.name == "Pirates"  # "who always attack": no chase, and a tie is theirs (as the engine plays it)
    steps = {"ship": ("engagement", "broadside", "boarding"), "port": ("broadside", "boarding"),
             "natives": ("boarding",)}[card.kind][1 if attacked else 0:]
    unseen = start_unseen(hand)
    odds = npc_chain_odds(me, side_of(enemy_name), hand, draws, unseen, steps, attacked=attacked)
    ship_value = card.value if card.kind == "ship" else 0
    tortuga = components().rules["tortuga_price"]
    sale = loot_dist(unseen, card.cargo or 99, room).map(lambda gq: ship_value + gq[1] * tortuga)
    return odds, sale, attack_value(odds, sale)


def odds_attack(args) -> int:
    hand = parse_hand(args.hand)
    odds, sale, ev = attack_odds(args.ship, args.enemy, hand, draws=args.draws, mate=args.mate, room=args.room)
    ship, enemy_name = card_name(args.ship, "pinnace", "ship"), card_name(args.enemy, "ship", "port", "natives")
    print(f"Plunder: {ship} against {enemy_name} with {', '.join(hand) or 'no cards'}"
          + (f" and {plural(args.draws, 'card')} still to draw" if args.draws else ""))
    if enemy_name == "Pirates":
        print("The Pirates attack you (they always attack): no chase, and a tie is theirs.")
    print(table(odds.lines(), heading="step"))
    print(f"\nShould I attack? expected silver {float(ev):+.2f} (exactly {ev}): the chance to win times your half "
          f"of the plunder (worth {float(sale.mean()):.2f} on average, sold in Tortuga at "
          f"{components().rules['tortuga_price']} silver a token, halved sale by sale, rounded down); sinking "
          "costs no silver")
    if args.why:
        print(why_block([odds.why()]))
    return 0


def odds_marque(args) -> int:
    cards = parse_hand(args.card)
    if len(cards) != 1:
        raise InvalidInput(f"Name one card for the Letter of Marque, not {len(cards)}.")
    (card,) = cards
    _count("--contesters", args.contesters, 0, 3)
    _count("--hand-size", args.hand_size, 0, MAX_HAND)
    p = marque_probability(card, start_unseen([card]), args.contesters, args.hand_size)
    print(f"Plunder: a Letter of Marque with {card} ({components().card(card).number}) against "
          f"{plural(args.contesters, 'contesting captain')} holding {plural(args.hand_size, 'card')} each "
          f"(each places their highest)")
    print(probability_line("P(yours is equal to or greater than all)", p))
    if args.why:
        print(why_block([marque_probability(card, start_unseen([card]), args.contesters, args.hand_size, why=True)]))
    return 0


def odds_loot(args) -> int:
    _count("--cargo", args.cargo, 0, 99)
    _count("--room", args.room, 0, 99)
    dist = loot_dist(start_unseen([]), args.cargo, args.room)
    print(f"Plunder: loot from the top card (prize cargo {args.cargo}, room {args.room})")
    print(table([(f"{q} {g}", p) for (g, q), p in dist.items()], heading="loot"))
    if args.why:
        from .why import loot_why

        print(why_block([loot_why(start_unseen([]), args.cargo, args.room)]))
    return 0


def odds_storm(args) -> int:
    _count("deck", args.deck, 1, MAX_UNSEEN)
    _count("--draws", args.draws, 1, MAX_UNSEEN)
    lines = [probability_line(f"P(Storm within {plural(n, 'draw')} of {args.deck})", storm_within(n, args.deck))
             for n in range(1, args.draws + 1)]
    print("\n".join(lines))
    if args.why:       # the last line's tree (each earlier line is a part of it)
        print(why_block([storm_within(args.draws, args.deck, why=True)]))
    return 0


def add_odds_commands(calculators) -> None:
    """Add Plunder's calculators to ``pirates-lab odds``."""
    fight = calculators.add_parser("plunder-fight", help="Plunder: attack another captain (whole chain)")
    fight.add_argument("attacker", help="your ship: Pinnace, 'English Brigantine', …")
    fight.add_argument("defender", help="their ship")
    fight.add_argument("--hand", default="", help="your cards, comma-separated")
    fight.add_argument("--their-hand", type=int, default=6)
    fight.add_argument("--mate", default=None, help="your First Mate")
    fight.add_argument("--flees", action="store_true", help="the defender tries to flee")
    fight.add_argument("--why", action="store_true", help=WHY_HELP)
    fight.set_defaults(run=odds_fight)

    attack = calculators.add_parser("plunder-attack", help="Plunder: attack a ship, Port or Natives; expected silver")
    attack.add_argument("ship")
    attack.add_argument("enemy")
    attack.add_argument("--hand", default="")
    attack.add_argument("--draws", type=int, default=0, help="cards still to draw before the fight")
    attack.add_argument("--mate", default=None)
    attack.add_argument("--room", type=int, default=5, help="room in your hold for loot")
    attack.add_argument("--why", action="store_true", help=WHY_HELP)
    attack.set_defaults(run=odds_attack)

    marque = calculators.add_parser("plunder-marque", help="Plunder: win a Letter of Marque contest")
    marque.add_argument("card")
    marque.add_argument("--contesters", type=int, default=1)
    marque.add_argument("--hand-size", type=int, default=6)
    marque.add_argument("--why", action="store_true", help=WHY_HELP)
    marque.set_defaults(run=odds_marque)

    loot = calculators.add_parser("plunder-loot", help="Plunder: the loot of the top card")
    loot.add_argument("--cargo", type=int, default=3)
    loot.add_argument("--room", type=int, default=5)
    loot.add_argument("--why", action="store_true", help=WHY_HELP)
    loot.set_defaults(run=odds_loot)

    storm = calculators.add_parser("plunder-storm", help="Plunder: the Storm within n draws")
    storm.add_argument("deck", type=int)
    storm.add_argument("--draws", type=int, default=3)
    storm.add_argument("--why", action="store_true", help=WHY_HELP + ", for the last line")
    storm.set_defaults(run=odds_storm)
