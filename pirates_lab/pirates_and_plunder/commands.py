"""Pirates & Plunder's ``pirates-lab odds`` subcommands: secret-battle, tile-draw.

Rules: Pirates & Plunder › Battles
"""
from __future__ import annotations


from pirates_lab.core.report import probability_line, table

from .battles import open_battle, secret_battle
from .odds import hits, within

__all__ = ["add_odds_commands", "odds_secret_battle", "odds_tile_draw"]


def odds_secret_battle(args) -> int:
    game = secret_battle(args.attacker, args.defender, args.base, args.ship, args.resource)
    print(f"Pirates & Plunder battle: attacker {args.attacker} resources, defender {args.defender} "
          f"(base defence {args.base}); ship value {game.ship_value}, resource value {game.resource_value}")
    print(f"Open battle: {open_battle(args.attacker, args.defender, args.base).describe()}")
    print("Secret battle (the Battles option), the optimal mixes:")
    print(table([(f"attacker commits {a}", p) for a, p in game.attacker.items()], heading="attacker"))
    print(table([(f"defender commits {d}", p) for d, p in game.defender.items()], heading="defender"))
    print(probability_line("P(the attack succeeds)", game.success()))
    print(f"value to the attacker = {game.value} ≈ {float(game.value):.3f}")
    return 0


def odds_tile_draw(args) -> int:
    p = within(args.unseen, args.fitting, args.draws)
    print(f"Pirates & Plunder tile draws: {args.fitting} fitting tiles among {args.unseen} unseen, next {args.draws} draws")
    print(probability_line("P(at least one fitting tile)", p))
    dist = hits(args.unseen, args.fitting, args.draws)
    print(table([(f"{h} fitting", q) for h, q in dist.items()], heading="how many"))
    return 0


def add_odds_commands(calculators) -> None:
    """Add secret-battle and tile-draw to ``pirates-lab odds``."""
    battle = calculators.add_parser("secret-battle", help="Pirates & Plunder: open and secret resource battles solved")
    battle.add_argument("attacker", type=int, help="the attacker's resources (0-60)")
    battle.add_argument("defender", type=int, help="the defender's resources (0-60)")
    battle.add_argument("--base", type=int, default=0, help="base defence: 0 pirate, 1 merchant")
    battle.add_argument("--ship", default="6", help="what the ship is worth (a number, e.g. 6 or 13/2)")
    battle.add_argument("--resource", default="1", help="what one resource is worth")
    battle.set_defaults(run=odds_secret_battle)

    draw = calculators.add_parser("tile-draw", help="Pirates & Plunder: will a fitting tile come within k draws?")
    draw.add_argument("unseen", type=int, help="tiles not yet drawn")
    draw.add_argument("fitting", type=int, help="how many of them fit the gap")
    draw.add_argument("--draws", type=int, default=1)
    draw.set_defaults(run=odds_tile_draw)
