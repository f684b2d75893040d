"""The Pillage & Plunder lesson's own positions and answers (``data/lessons.toml``, on screens).

Most answers of the lesson are the engine's lesson functions in :mod:`.scenarios`; the ones here are
the positions the class path adds: a Master Gunner at the cannons, two crow's nests, a player battle
played to its plunder, and the calculators' questions.  Each answer is computed when a screen is
checked (never written in the lesson); tests/pillage_and_plunder/test_pillage_and_plunder_lessons.py
checks each one against a count made another way.

>>> cannon_dice_without_gunner(), cannon_dice_with_gunner(), both_nests_damage()
(2, 4, 0)
>>> plundered_coins()
1625

Rules: Pillage & Plunder › Stage 3: The Cannon Battle
"""
from __future__ import annotations

import random
from fractions import Fraction

from pirates_lab.core import play

from .actions import Play
from .battles import Ship, battle, melee, melee_round_win_probability, spotting
from .game import PPState
from .scenarios import at_step, equip, give, scenario, ship

__all__ = ["gunner_position", "cannon_dice_without_gunner", "cannon_dice_with_gunner", "NEST_SHIPS",
           "nest_ships", "speed_before_and_after_the_shot", "both_nests_damage", "plunder_position",
           "plunder_battle_log", "plundered_coins", "PLUNDERED_HOARD", "melee_two_on_two",
           "CALCULATOR_ATTACKER", "CALCULATOR_DEFENDER", "calculator_ships", "stand_and_fight_win",
           "NAVY_TARGET_CREW", "navy_round_win", "LESSON_PLAYERS", "DECK_KIND", "FIRST_HAND", "FULL_HAND",
           "lesson_deck", "kind_count", "first_card_is_attack", "second_attack_after_first", "hand_has_kind",
           "five_cards_hold_an_attack", "one_cannon_each_defender_hit", "two_cannons_each_two_hits", "MELEE_START",
           "round_chance", "win_from", "expected_rounds", "melee_rounds_on_average", "MERCHANT_STRENGTH",
           "merchant_prize_on_average", "attack_in_eight_and_caught"]


# ---------------------------------------------------------------- Stage 3: the cannons and the Master Gunner
def gunner_position(gunner: bool) -> PPState:
    """Player 1's Schooner with four cannons and two crewmen; with ``gunner`` one of the two is a Master
    Gunner (the other a cutlass crewman).

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    state = scenario(2)
    equip(state, 0, hull="Schooner", cannons=4)
    if gunner:
        crew = ship(state, 0)["crew"]
        state.discard.append(crew.pop())            # one cutlass crewman leaves; the Master Gunner comes aboard
        equip(state, 0, crew=("Master Gunner",))
    return state


def cannon_dice_without_gunner() -> int:
    """Four cannons, two cutlass crewmen: the cannons that fire (one crewman each)."""
    return gunner_position(False).battle_ship(0).dice


def cannon_dice_with_gunner() -> int:
    """Four cannons, a Master Gunner and one cutlass crewman: "the master gunner has the ability to fire all
    of the cannons on the cannon deck without the assistance of other crewmen".

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    return gunner_position(True).battle_ship(0).dice


# ---------------------------------------------------------------- Stage 1: the crow's nest
#: two Schooners (speed 6); the attacker has a Crow's Nest
NEST_SHIPS = {"cannons": 4, "crew": 4}


def nest_ships(both: bool = False) -> tuple[Ship, Ship]:
    """The attacker with a Crow's Nest, the defender with one too if ``both``."""
    attacker = Ship.player("Schooner", addons=("Crow's Nest",), name="Attacker (Schooner)", **NEST_SHIPS)
    defender = Ship.player("Schooner", addons=("Crow's Nest",) if both else (), name="Defender (Schooner)",
                           **NEST_SHIPS)
    return attacker, defender


def speed_before_and_after_the_shot() -> tuple[int, int]:
    """The defender's speed before and after the crow's-nest shot (one damage: one less speed).

    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
    """
    attacker, defender = nest_ships()
    return defender.effective_speed, spotting(attacker, defender)[1].effective_speed


def both_nests_damage() -> int:
    """Both ships have a crow's nest: damage the defender takes in stage 1 ("neither ship receives this
    advantage").  Rules: Pillage & Plunder › Stage 1: Spotting the Enemy"""
    return spotting(*nest_ships(both=True))[1].damage


# ---------------------------------------------------------------- Player Attacking Player: the plunder
#: the defender's hoard in the plunder position (the starting hoard)
PLUNDERED_HOARD = 3250
_STANDS = frozenset({"no offer", "fight on", "stand and fight"})


def plunder_position() -> tuple[PPState, int, int]:
    """Player 1 attacks player 2, whose crew all left his ship before the battle (their cards on the discard
    pile); player 2 stands and fights, nobody offers terms.  The engine plays the battle to its end: the
    state after it, where the battle's lines start in the log, and player 1's hoard before it.

    Rules: Pillage & Plunder › Player Attacking Player
    """
    state = scenario(2)
    defender = ship(state, 1)
    state.discard.extend(defender["crew"])
    defender["crew"] = []
    state.players[1]["hoard"] = PLUNDERED_HOARD
    state.validate()
    give(state, 0, "Attack")
    state = at_step(state, "play")
    start, before = len(state.log), state.players[0]["hoard"]
    battle = play(state.apply(Play("Attack", target=1)), _stand, random.Random(1), until=lambda s: s.battle() is None,
                  max_steps=500)
    return battle.run(), start, before


def _stand(view, rng) -> object:
    """Both sides in the plunder lesson: no terms offered, fight on, stand and fight."""
    choices = [a for a in view.legal_actions if str(a) in _STANDS]
    if not choices:
        raise ValueError(f"the plunder lesson expected no terms, fight on or stand and fight; the engine "
                         f"offers {', '.join(map(str, view.legal_actions))}")
    return choices[0]


def plunder_battle_log() -> list[str]:
    """The engine's log of that battle, up to the moment the attacker wins (the plunder is the question)."""
    state, start, _ = plunder_position()
    lines = [line for line in state.log[start:] if line.strip()]
    plunder = next((i for i, line in enumerate(lines) if "plunders" in line), len(lines))
    return lines[:plunder]


def plundered_coins() -> int:
    """What player 1 gains from player 2's hoard: "the victorious player is entitled to half of the defeated
    player's hoard".  Rules: Pillage & Plunder › Player Attacking Player"""
    state, _, before = plunder_position()
    return state.players[0]["hoard"] - before


# ---------------------------------------------------------------- Navy Ship Attacking Player
#: the navy ship boards a ship with this many cutlass crewmen
NAVY_TARGET_CREW = 4


def navy_round_win() -> Fraction:
    """A navy ship (all pistol crewmen, more than six of them) against four cutlass crewmen: P(the navy ship
    wins one mêlée round).  "A maximum of six dice can be rolled", and "its highest die should always be
    increased by one".  Rules: Pillage & Plunder › Navy Ship Attacking Player"""
    navy = Ship.navy()
    return melee_round_win_probability(navy.crew, NAVY_TARGET_CREW, navy.pistol, False)


# ---------------------------------------------------------------- the calculators' questions
def melee_two_on_two() -> Fraction:
    """Two crewmen each, no pistols: P(the attacker wins the whole mêlée).  Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    return melee(2, 2).probability(lambda r: r.winner == "attacker")


#: the battle calculator opens on a fight near even: Example 1's ships without the pistol crewman
CALCULATOR_ATTACKER = {"hull": "Schooner", "cannons": 4, "crew": 4, "addons": ("Extra Sail",)}
CALCULATOR_DEFENDER = {"hull": "Schooner", "cannons": 4, "crew": 3, "addons": ()}


def calculator_ships() -> tuple[Ship, Ship]:
    """The battle calculator's opening ships."""
    def made(spec: dict, role: str) -> Ship:
        return Ship.player(spec["hull"], cannons=spec["cannons"], crew=spec["crew"], addons=spec["addons"],
                           name=f"{role} ({spec['hull']})")
    return made(CALCULATOR_ATTACKER, "Attacker"), made(CALCULATOR_DEFENDER, "Defender")


def stand_and_fight_win() -> Fraction:
    """The calculator's opening ships, the defender standing to fight: P(the attacker wins the battle).

    Rules: Pillage & Plunder › Stage 2: Fight or Flee ("the defending ship may attempt to flee")
    """
    attacker, defender = calculator_ships()
    return battle(attacker, defender, "player", defender_flees=False).probability(lambda r: r.winner == "attacker")


# ---------------------------------------------------------------- the probability thread (issue 39)
#: the lesson's deck: four players, every starting kit out (282 cards shuffled); the card kind it follows
LESSON_PLAYERS = 4
DECK_KIND = "Attack"
#: cards in a hand at the start (Game Setup) and after drawing (Stage 2: The draw and play stage)
FIRST_HAND, FULL_HAND = 5, 8
#: the cannon questions: ships strong enough that no volley sinks one (the damage is all that is asked)
_STRONG = 10


def lesson_deck():
    """The 282 cards shuffled once four starting kits are out.  Rules: Pillage & Plunder › Game Setup"""
    from . import components
    return components.load().deck_after_setup(LESSON_PLAYERS)


def kind_count(kind: str = DECK_KIND) -> int:
    """How many of the lesson deck's cards are of ``kind`` (a card or a category of the Card Frequency table).

    >>> kind_count(), lesson_deck().size
    (15, 282)
    """
    from .odds import expand_card_names
    counts = lesson_deck().counts()
    return sum(counts.get(card, 0) for card in expand_card_names(kind))


def first_card_is_attack() -> Fraction:
    """The first card dealt is an Attack card: every one of the 282 cards is equally likely.

    Rules: Pillage & Plunder › Game Setup
    """
    return Fraction(kind_count(), lesson_deck().size)


def second_attack_after_first() -> Fraction:
    """The first card drawn was an Attack card: the chance that the next one is too (drawing without
    replacement: one Attack card fewer, one card fewer).  Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
    return Fraction(kind_count() - 1, lesson_deck().size - 1)


def hand_has_kind(hand_size: int, kind: str = DECK_KIND) -> Fraction:
    """P(a hand of ``hand_size`` cards holds at least one card of ``kind``), from the engine's hand odds."""
    from .odds import hand_probability
    return hand_probability({kind: 1}, hand_size=hand_size, players=LESSON_PLAYERS)


def five_cards_hold_an_attack() -> Fraction:
    """Rules: Pillage & Plunder › Card Frequency"""
    return hand_has_kind(FIRST_HAND)


def one_cannon_each_defender_hit() -> Fraction:
    """One cannon die each: P(the defender's ship takes damage); a tie damages both ships (Example 1).

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    from .battles import cannon_volley
    return cannon_volley(1, 1, attacker_strength=_STRONG, defender_strength=_STRONG).probability(
        lambda v: v.defender_damage >= 1)


def two_cannons_each_two_hits() -> Fraction:
    """Two cannon dice each, sorted and compared in pairs: P(the defender's ship takes two damage).

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    from .battles import cannon_volley
    return cannon_volley(2, 2, attacker_strength=_STRONG, defender_strength=_STRONG).probability(
        lambda v: v.defender_damage == 2)


#: the mêlée screens start from two crewmen each, no pistols
MELEE_START = (2, 2)


def round_chance(attackers: int, defenders: int) -> Fraction:
    """P(the attacker wins one mêlée round) with these crews (no pistols).  Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    return melee_round_win_probability(attackers, defenders)


def win_from(attackers: int, defenders: int) -> Fraction:
    """The attacker's chance to win the mêlée from here: the engine's whole mêlée from this position."""
    return melee(attackers, defenders).probability(lambda r: r.winner == "attacker")


def expected_rounds(attackers: int, defenders: int) -> Fraction:
    """The mêlée's rounds on average from here: one round, then the rounds expected from where it leads.

    >>> expected_rounds(1, 1), expected_rounds(2, 1) == 2 - round_chance(2, 1)
    (Fraction(1, 1), True)
    """
    if attackers == 0 or defenders == 0:
        return Fraction(0)
    p = round_chance(attackers, defenders)
    return 1 + p * expected_rounds(attackers, defenders - 1) + (1 - p) * expected_rounds(attackers - 1, defenders)


def melee_rounds_on_average() -> Fraction:
    """Two crewmen each: the rounds a whole mêlée lasts, on average.  Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    return expected_rounds(*MELEE_START)


#: the merchant screen's card: strength 4 (two dice × 1,000 pieces of eight, a house rule)
MERCHANT_STRENGTH = 4


def merchant_prize_on_average() -> Fraction:
    """The strength-4 merchant's prize on average.  Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
    from .odds import merchant_prize
    return merchant_prize(MERCHANT_STRENGTH).mean()


def attack_in_eight_and_caught() -> Fraction:
    """The synthesis: an eight-card hand holds an Attack card AND, attacking a faster ship, you roll doubles so
    it cannot escape.  The cards and the dice do not affect each other: the two chances multiply.

    Rules: Pillage & Plunder › If the defending ship is faster
    """
    from .battles import flee_escape_probability
    return hand_has_kind(FULL_HAND) * (1 - flee_escape_probability(5, 6))
