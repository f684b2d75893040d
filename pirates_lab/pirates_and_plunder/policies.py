"""Computer players of Pirates & Plunder for the strategy lab, and the bluffing question.

The strategy lab (``pirates_lab.lab``) finds ``POLICIES`` here: *choosers* ``chooser(view, rng)`` given only
the seat's :class:`~pirates_lab.core.SeatView` (``greedy`` looks a turn ahead on ``view.redeal(rng)``, a
position its seat cannot tell from the real one).

- ``greedy`` — :func:`.players.greedy_player` (one whole turn ahead; battles by the solved open battle).
- ``bluffer`` — random play that attacks with a pirate whenever it can, and in a battle it commits a number drawn from the exact optimal mix of
  the secret battle (:func:`.battles.secret_battle`, a ship worth 6 and a resource worth 1, as in the
  calculator): it bluffs — Rules: Pirates & Plunder › Battles.
- ``open_hand`` — the same battle-seeking random play, but in a battle it commits what wins an *open* battle: the smallest
  attack the defender cannot answer (nothing if there is none), and as defender just enough to repulse
  the attack it sees, or, when the attack is secret, the attacker's whole supply — Rules: Pirates &
  Plunder › Moving Pirates and Battle.
"""
from __future__ import annotations

import random

from .battles import open_battle, secret_battle
from .game import Commit
from .headings import RULE_BATTLES
from .pirates import canonical_commitment
from .players import default_choice, default_moves, greedy_player, is_battle

__all__ = ["POLICIES", "TIPS", "BattleHabit", "COACH_EXACT", "COACH_SETTINGS"]

#: the coach's default here (``pirates_lab.lab.coach.game_settings``): this game's playouts are the slowest (its
#: tile placements), so 160 playouts of at most 40 steps answer in about 1.6 CPU s where 240 of 120 took 5.6 s
COACH_SETTINGS = {"budget": 160, "horizon": 40}

#: the values the secret battle is solved with (the calculator's defaults)
SHIP_VALUE, RESOURCE_VALUE = 6, 1
#: the solver's bound
MOST = 60


def _battle(view):
    """(my role "attack"/"defend", my supply, the other side's supply, the defender's base, the attack seen)."""
    obs = view.observation
    battle = obs["battle"]
    pirate, target = battle["ships"]
    owners = {ship[0]: ship[1] for ship in obs["ships"]}
    roles = {ship[0]: ship[-1] for ship in obs["ships"]}
    base = 1 if roles.get(target) == "merchant" else 0
    other = owners[target] if battle["phase"] == "attack" else owners[pirate]
    mine, theirs = obs["resources"][view.player], obs["resources"][other]
    return battle["phase"], mine, sum(theirs), base, battle.get("attack")


class BattleHabit:
    """Random play that seeks battles (a pirate move that attacks, when there is one); in a battle
    (``attack``/``defend``) it commits by ``style``: "secret" or "open"."""

    needs_observation = True

    def __init__(self, style: str):
        self.style = style

    def __call__(self, view, rng: random.Random):
        actions = view.legal_actions
        if not is_battle(view):
            default = default_choice(view)
            if default is not None:
                return default
            actions = default_moves(view, actions)
            attacks = [a for a in actions if getattr(a, "target", -1) >= 0]   # a pirate move that attacks
            pool = attacks or actions
            return pool[rng.randrange(len(pool))]
        phase, mine, theirs, base, seen = _battle(view)
        held = min(MOST, sum(mine))
        if self.style == "secret":
            attacker, defender = (held, min(MOST, theirs)) if phase == "attack" else (min(MOST, theirs), held)
            game = secret_battle(attacker, defender, base, SHIP_VALUE, RESOURCE_VALUE)
            amount = (game.attacker if phase == "attack" else game.defender).sample(rng)
        elif phase == "attack":
            amount = open_battle(held, min(MOST, theirs), base).winning_attack or 0
        else:
            attack = sum(seen) if seen is not None else theirs
            need = max(0, attack - base)
            amount = need if need <= held else 0
        wanted = Commit(canonical_commitment(mine, min(amount, sum(mine))))
        return wanted if wanted in actions else actions[0]


#: name -> chooser(view, rng): found by the strategy lab
POLICIES = {
    "greedy": greedy_player,
    "bluffer": BattleHabit("secret"),
    "open_hand": BattleHabit("open"),
}

#: the rulebook's bluffing remark as a question: secret battles, the bluffer against the open hand
TIPS = [
    {"heading": RULE_BATTLES,
     "quote": "This option offers plenty of bluffing opportunities",
     "question": "In secret battles, does a pirate who bluffs (commits by the optimal mix) beat one who "
                 "commits what would win an open battle?",
     "tip": "bluffer", "against": "open_hand", "players": 2, "games": 40, "options": {"secret_battles": True}},
]


# ---------------------------------------------------------------- the coach's exact calculator
def COACH_EXACT(view):
    """The coach's exact calculator (``pirates_lab.lab.coach.game_exact``) in a secret battle (the Battles
    option): each commitment's exact expected gain against the other side's optimal mix
    (:func:`~pirates_lab.pirates_and_plunder.battles.secret_battle`, a ship worth 6 and a resource 1, as in the
    calculator); the best commitments are those of the optimal mix (all worth the battle's value), so the coach
    advises a number, and the bluffer's mix says how often to play each.  None elsewhere (an open battle, more
    than 60 resources a side, any other decision).
    Rules: Pirates & Plunder › Battles"""
    from fractions import Fraction

    from pirates_lab.core.why import Why

    actions = view.legal_actions
    if not view.game.options.get("secret_battles") or not is_battle(view) \
            or not all(isinstance(a, Commit) for a in actions):
        return None
    phase, mine, theirs, base, _ = _battle(view)
    held = sum(mine)
    if phase not in ("attack", "defend") or held > MOST or theirs > MOST:
        return None
    attacking = phase == "attack"
    game = secret_battle(*((held, theirs) if attacking else (theirs, held)), base, SHIP_VALUE, RESOURCE_VALUE)
    other = game.defender if attacking else game.attacker

    def gain(amount: int) -> Fraction:
        return game.against_defender(amount) if attacking else -game.against_attacker(amount)

    def wins(amount: int) -> Fraction:
        if attacking:
            return sum((p for d, p in other.items() if amount > base + d), Fraction(0))
        return sum((p for a, p in other.items() if not a > base + amount), Fraction(0))

    values = [gain(sum(a.resources)) for a in actions]
    best = max(range(len(actions)), key=lambda i: (values[i], -sum(actions[i].resources)))
    amount = sum(actions[best].resources)
    tree = Why(f"{actions[best]} against the other side's best mix", Fraction(1), rule=RULE_BATTLES, children=(
        Why("you win the battle", wins(amount), rule=RULE_BATTLES),
        Why("you lose the battle", 1 - wins(amount), rule=RULE_BATTLES)))
    return values, "expected gain against the other side's best mix (a ship 6, a resource 1)", (tree,), "points"
