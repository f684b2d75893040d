"""Every sentence a student reads in the Pillage & Plunder lesson is backed by a check on the engine (issue 36 item 4;
Plunder (2013)'s ``test_plunder_2013_lesson_rules.py`` is the model).

Each sentence of the opening screen's text and of every class screen's text and why is listed here with the engine
behaviour that makes it true: a sentence added or changed in ``pirates_lab/pillage_and_plunder/data/lessons.toml``
without a check here fails the first test, and a rule the engine stops applying fails its check.  The checks play
the game (hand-built positions through ``apply`` and the chance steps' exact odds) or count the dice and cards
another way (every roll enumerated, ``math.comb``) and compare with the engine's own odds.  The two sentences that
told an assumption as a rule were corrected (the strength-4 merchant's prize is a house rule, said so in its
question; a battle goes on to the mêlée only if no ship sinks).

Rules: Pillage & Plunder › Game Setup
Rules: Pillage & Plunder › Stage 2: The draw and play stage
Rules: Pillage & Plunder › Stage 2: Fight or Flee
Rules: Pillage & Plunder › Stage 3: The Cannon Battle
Rules: Pillage & Plunder › Stage 4: The Mêlée
Rules: Pillage & Plunder › Player Attacking Merchant Ship
"""
from __future__ import annotations

import random
import re
import tomllib
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import pytest

import pirates_lab.pillage_and_plunder as package
from pirates_lab.pillage_and_plunder import battles as B
from pirates_lab.pillage_and_plunder import examples, lessons, try_it
from pirates_lab.pillage_and_plunder.game import Act, Play, Retrieve, new_game
from pirates_lab.pillage_and_plunder.odds import merchant_prize
from pirates_lab.pillage_and_plunder.scenarios import equip, give, scenario, ship

from pillage_steps import run, to_play

LESSON = Path(package.__file__).parent / "data" / "lessons.toml"
ROLLS = list(product(range(1, 7), repeat=2))


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def read_lesson() -> dict[tuple[str, str], list[str]]:
    """{(screen, "text" or "why"): its sentences} for every class screen and every live reference screen (the
    others show the rulebook's own text only)."""
    out = {}
    for screen in tomllib.loads(LESSON.read_text(encoding="utf-8"))["screen"]:
        if screen.get("kind") == "reference" and not screen.get("demo"):
            continue
        for key in ("text", "why"):
            if screen.get(key):
                out[(screen.get("heading") or screen["title"], key)] = sentences(screen[key])
    return out


# ---------------------------------------------------------------- positions of the engine
def battle_at(step: str, *, defender_sail: bool = False, cannons: int = 1):
    """Player 1 attacks player 2 (Sloops, ``cannons`` each); the battle is played up to ``step``: "flee" (the
    defender flees, the chase roll is next) or "volley" (the defender stands, the cannon volley is next)."""
    s = scenario(2)
    for p in (0, 1):
        equip(s, p, cannons=cannons)
    if defender_sail:
        equip(s, 1, addons=("Extra Sail",))
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON)
    if step == "flee":
        return run(s, Act.FLEE)
    return run(s, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)


def chase_results(state) -> dict[str, int]:
    """Each of the 36 chase rolls applied to the engine: how many let the defender escape, go on, or are rolled
    again."""
    assert state.phase == "flee_roll" and set(state.chance_outcomes().outcomes()) == set(ROLLS)
    counts = {"escapes": 0, "goes on": 0, "again": 0}
    for roll in ROLLS:
        after = state.apply(roll)
        counts["again" if after.phase == "flee_roll" else "escapes" if after.battle() is None else "goes on"] += 1
    return counts


def first_deal(players: int = 4):
    """A new game at its first card dealt (a chance step over the shuffled cards)."""
    s = new_game(players)
    assert s.phase == "deal"
    return s


# ---------------------------------------------------------------- the checks, one per sentence
def each_pirate_starts_with_the_printed_kit():
    s = new_game(4)
    for p in s.players:
        assert [level["hull"] for level in p["ships"][0]["hulls"]] == ["Sloop"]
        assert p["ships"][0]["cannons"] == 1 and p["ships"][0]["crew"] == ["Cutlass Crewman"] * 2
        assert p["hoard"] == 3250


def draw_to_eight_and_play_two():
    s = scenario(2)
    give(s, 0, "Attack", "Cannon", "Cannon", "Cannon", "Cannon")
    s = s.apply(Act.DRAW)
    while s.phase in ("draw", "draw_card"):
        s = s.apply(Act.DRAW_FROM_PILE if s.phase == "draw" else next(iter(s.chance_outcomes().outcomes())))
    assert len(s.players[0]["hand"]) == 8 and s.phase == "play" and s.data.game["plays_per_turn"] == 2


def only_the_hoard_counts():
    s = scenario(2)
    s.players[0]["hoard"] -= 1000
    s.players[0]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    assert s.worth(0) == 2250 and s.scores()[0] == 2250


def five_cards_are_dealt():
    s = first_deal()
    while s.phase == "deal":
        s = s.apply(next(iter(s.chance_outcomes().outcomes())))
    assert all(len(p["hand"]) == 5 for p in s.players)


def kits_come_out_first():
    s = first_deal()
    assert sum(s.deck.values()) == 298 - 16 == 282 and s.data.total == 298


def fifteen_of_282_equally_likely():
    odds = first_deal().chance_outcomes()
    assert odds.probability("Attack") == Fraction(15, 282) == Fraction(5, 94)
    assert all(odds.probability(card) == Fraction(n, 282) for card, n in first_deal().deck.items())


def at_least_one_is_one_minus_none():
    none = Fraction(comb(267, 5), comb(282, 5))
    chain = Fraction(267 * 266 * 265 * 264 * 263, 282 * 281 * 280 * 279 * 278)
    assert none == chain and round(float(none), 3) == 0.759
    assert lessons.five_cards_hold_an_attack() == 1 - none and round(float(1 - none), 3) == 0.241
    many = sum(Fraction(comb(15, k) * comb(267, 5 - k), comb(282, 5)) for k in range(1, 6))
    assert many == 1 - none                       # the many cases add up to the one opposite case taken from 1


def a_drawn_card_does_not_go_back():
    s = first_deal()
    after_attack = s.apply("Attack").chance_outcomes()
    after_cannon = s.apply("Cannon").chance_outcomes()
    assert after_attack.probability("Attack") == Fraction(14, 281) < Fraction(15, 282)
    assert after_cannon.probability("Attack") == Fraction(15, 281) != Fraction(14, 281)      # not independent


def faster_defender_escapes_unless_doubles():
    counts = chase_results(battle_at("flee", defender_sail=True))
    assert counts == {"escapes": 30, "goes on": 6, "again": 0}
    assert B.flee_escape_probability(5, 6) == Fraction(30, 36) == 1 - Fraction(6, 36)


def same_speed_ties_are_rolled_again():
    counts = chase_results(battle_at("flee"))
    assert counts == {"escapes": 15, "goes on": 15, "again": 6}
    assert B.flee_escape_probability(5, 5) == Fraction(15, 30) == Fraction(1, 2)


def one_cannon_each():
    volley = battle_at("volley").chance_outcomes()
    hit_defender = sum(1 for a, d in ROLLS if a >= d)
    assert hit_defender == 15 + 6 == 21
    assert volley.probability(lambda v: v.defender_damage == 1) == Fraction(21, 36)
    assert volley.probability(lambda v: v.attacker_damage == 1 and v.defender_damage == 1) == Fraction(6, 36)


def two_cannons_each():
    volley = battle_at("volley", cannons=2).chance_outcomes()
    two_hits = 0
    for a1, a2, d1, d2 in product(range(1, 7), repeat=4):
        mine, theirs = sorted((a1, a2), reverse=True), sorted((d1, d2), reverse=True)
        two_hits += all(x >= y for x, y in zip(mine, theirs))
    assert two_hits == 581
    assert volley.probability(lambda v: v.defender_damage == 2) == Fraction(581, 1296)
    assert Fraction(581, 1296) != Fraction(7, 12) ** 2 and round(float(Fraction(7, 12) ** 2), 2) == 0.34


def melee_ties_go_to_the_defender():
    assert sum(1 for a, d in ROLLS if a > d) == 15
    assert B.melee_round_win_probability(1, 1) == Fraction(15, 36) == Fraction(5, 12)


def a_pistol_adds_one_to_the_highest_die():
    assert B.melee_round_win_probability(1, 1, attacker_pistol=True) == Fraction(sum(1 for a, d in ROLLS if a + 1 > d), 36)
    assert B.melee_round_win_probability(1, 1, defender_pistol=True) == Fraction(sum(1 for a, d in ROLLS if a > d + 1), 36)


def fewer_crewmen_roll_fewer_dice():
    one_v_two = Fraction(sum(1 for a, d1, d2 in product(range(1, 7), repeat=3) if a > max(d1, d2)), 216)
    assert B.melee_round_win_probability(1, 2) == one_v_two
    for a, d in ((2, 2), (2, 1), (1, 2)):           # every round ends with one crewman fewer on one side
        results = B.melee(a, d).outcomes()
        assert all((r.attacker_crew, r.defender_crew) != (a, d) for r in results)


def two_v_two_round():
    wins = sum(1 for a1, a2, d1, d2 in product(range(1, 7), repeat=4) if max(a1, a2) > max(d1, d2))
    assert wins == 505 and B.melee_round_win_probability(2, 2) == Fraction(505, 1296)
    assert lessons.MELEE_START == (2, 2)


def win_from_the_start_weighted():
    right, down = lessons.win_from(2, 1), lessons.win_from(1, 2)
    assert round(float(right), 3) == 0.754 and round(float(down), 3) == 0.106
    whole = lessons.win_from(2, 2)
    assert whole == Fraction(505, 1296) * right + Fraction(791, 1296) * down and round(float(whole), 3) == 0.359


def two_or_three_rounds():
    lengths = set()
    for first in (True, False):                    # a won first round leaves 2 v 1, a lost one 1 v 2
        a, d = (2, 1) if first else (1, 2)
        for second in (True, False):
            a2, d2 = (a, d - 1) if second else (a - 1, d)
            lengths.add(2 if 0 in (a2, d2) else 3)
    assert lengths == {2, 3}
    assert round(float(lessons.expected_rounds(2, 1)), 2) == 1.42 and round(float(lessons.expected_rounds(1, 2)), 2) == 1.25
    assert lessons.melee_rounds_on_average() == 1 + Fraction(505, 1296) * lessons.expected_rounds(2, 1) \
        + Fraction(791, 1296) * lessons.expected_rounds(1, 2)
    assert round(float(lessons.melee_rounds_on_average()), 2) == 2.32


def merchant_prize_averages_seven_thousand():
    totals = [a + b for a, b in ROLLS]
    assert totals.count(5) == totals.count(9) and totals.count(3) == totals.count(11)
    assert Fraction(sum(totals), 36) == 7
    assert merchant_prize(4).mean() == 7000 == lessons.merchant_prize_on_average()
    assert merchant_prize(2).mean() == Fraction(7, 2) * 1000         # the printed card: one die × 1,000


def example_1_extra_sail_and_pistol():
    ships = examples.example_ships()
    you, stephanie = ships["you"], ships["Stephanie"]
    assert you.effective_speed == 7 and stephanie.effective_speed == 6
    assert B.flee_escape_probability(you.effective_speed, stephanie.effective_speed) == Fraction(1, 6)
    assert B.usable_cannons(you.cannons, you.crew) == 4 and B.usable_cannons(stephanie.cannons, stephanie.crew) == 3
    assert you.pistol and not stephanie.pistol
    whole = B.battle(you, stephanie)
    assert sum(p for _, p in whole.items()) == 1
    assert whole.probability(lambda r: r.winner == "attacker") == examples.example_1_you_win()


def a_defender_who_stands_cannot_escape():
    a, d = lessons.calculator_ships()
    assert B.battle(a, d, defender_flees=True).probability(lambda r: r.outcome == "escaped") > 0
    stands = B.battle(a, d, defender_flees=False)
    assert stands.probability(lambda r: r.outcome == "escaped") == 0
    assert stands.probability(lambda r: r.outcome.endswith("mêlée")) > 0
    s = battle_at("volley", cannons=2)
    ship(s, 1)["damage"] = 2                        # one hit from sinking: the volley may end the battle
    volleys = s.chance_outcomes().outcomes()
    sunk = s.apply(next(v for v in volleys if v.defender_destroyed and not v.attacker_destroyed))
    assert sunk.battle() is None and not any(line.startswith("Mêlée") for line in sunk.log)       # no mêlée
    goes_on = s.apply(next(v for v in volleys if not (v.attacker_destroyed or v.defender_destroyed)))
    assert goes_on.battle() is not None and goes_on.battle().stage == 4


def attack_in_eight_times_doubles():
    none = Fraction(comb(267, 8), comb(282, 8))
    assert round(float(none), 3) == 0.642 and lessons.hand_has_kind(8) == 1 - none
    assert sum(1 for a, b in ROLLS if a == b) == 6
    assert lessons.attack_in_eight_and_caught() == (1 - none) * Fraction(6, 36)
    assert round(float(lessons.attack_in_eight_and_caught()), 2) == 0.06


def a_treasure_comes_back_whole_before_drawing():
    s = try_it.retrieve_buried_treasure()
    assert [a for a in s.legal_actions() if isinstance(a, Retrieve)] == [Retrieve(1500)]          # whole, not a part
    assert try_it.hoard_after_retrieving() == 2500 + 1500 == 4000
    drawn = s.apply(Act.DRAW)
    assert not any(isinstance(a, Retrieve) for a in drawn.legal_actions())                 # only before drawing


def an_extra_sail_adds_one():
    s = try_it.buy_ship_add_on()
    assert s.battle_ship(0).effective_speed == 5
    assert try_it.speed_with_an_extra_sail() == 6 == s.apply(Play("Extra Sail")).battle_ship(0).effective_speed


def a_damaged_hull_is_repaired_before_the_upgrade():
    s = try_it.ship_hull()
    assert ship(s, 0)["damage"] == 1 and Play("Schooner") not in s.legal_actions()
    repaired = s.apply(Play("Repair at No Cost"))
    assert ship(repaired, 0)["damage"] == 0 and Play("Schooner") in repaired.legal_actions()


def the_extra_sail_stays_with_the_old_hull():
    upgraded = try_it.ship_hull().apply(Play("Repair at No Cost")).apply(Play("Schooner"))
    sloop, schooner = ship(upgraded, 0)["hulls"]
    assert sloop == {"hull": "Sloop", "addons": ["Extra Sail"]} and schooner == {"hull": "Schooner", "addons": []}
    assert try_it.speed_after_upgrading() == upgraded.battle_ship(0).effective_speed == 6
    assert upgraded.battle_ship(0).effective_speed + 1 == 7                  # the sail would have made it 7


def the_hold_takes_ten_more_units():
    s = try_it.cargo_hold()
    assert (s.cargo_units(0), s.cargo_capacity(0)) == (20, 30) and try_it.cargo_room_left() == 30 - 20 == 10
    for card, fits in (("Gems 10 Units", True), ("Gems 20 Units", False)):
        laid = s.apply(Play(card))
        assert all((Act.BUY_CARGO in laid.apply(price).legal_actions()) is fits
                   for price in laid.chance_outcomes().outcomes())


def joes_cash_averages_3500():
    """The engine's own prize roll, reached from Example 2's position by playing on (seeded) until Joe wins."""
    rng = random.Random(2)
    for _ in range(200):
        s = try_it.example_2()
        while s.phase != "prize_roll" and not s.is_terminal() and s.battle() is not None:
            if s.current_player() == 0:
                s = s.apply(Act.FIGHT_ON if Act.FIGHT_ON in s.legal_actions() else s.legal_actions()[0])
            elif s.current_player() is None or s.current_player() < 0:
                s = s.apply(s.chance_outcomes().sample(rng))
            else:
                s = s.apply(s.legal_actions()[0])
        if s.phase == "prize_roll":
            break
    roll = s.chance_outcomes()
    assert {coins: roll.probability(coins) for coins in roll.outcomes()} == {1000 * f: Fraction(1, 6) for f in range(1, 7)}
    assert Fraction(1 + 2 + 3 + 4 + 5 + 6, 6) == Fraction(7, 2)
    assert roll.mean() == try_it.joe_cash_on_average() == Fraction(7, 2) * 1000 == 3500


def joe_escapes_only_on_doubles():
    s = try_it.example_3()
    fled = s.apply(Act.FLEE)
    escaped = [roll for roll in fled.chance_outcomes().outcomes() if fled.apply(roll).battle() is None]
    assert sorted(escaped) == [(f, f) for f in range(1, 7)]
    assert sum(1 for a, b in ROLLS if a == b) == 6 and try_it.joe_escapes_by_fleeing() == Fraction(6, 36) == Fraction(1, 6)


def the_coach_table():
    from pirates_lab.widgets.pillage_and_plunder_lessons import coach_at_the_table

    return coach_at_the_table()


def a_choice_to_draw_or_work():
    table = the_coach_table()
    s = table.model.state
    assert s.current_player() == 0 and s.phase == "predraw" and set(table.model.legal_actions()) == {Act.DRAW, Act.WORK}
    assert s.apply(Act.WORK).players[0]["hoard"] - s.players[0]["hoard"] == 200
    drawn = s.apply(Act.DRAW)
    while drawn.phase in ("draw", "draw_card"):
        drawn = drawn.apply(Act.DRAW_FROM_PILE if drawn.phase == "draw" else drawn.chance_outcomes().outcomes()[0])
    assert len(drawn.players[0]["hand"]) == 8 and drawn.phase == "play"


def a_coach_toggle_at_the_table():
    table = the_coach_table()
    assert table.coach_toggle.description == "Coach" and table.coach_toggle.value is False
    assert len(table.model.legal_actions()) >= 2


def the_coach_plays_on_at_random_and_gives_ranges():
    from pirates_lab.lab.coach import Coach
    from pirates_lab.lab.coach_why import why_lines

    s = the_coach_table().model.state
    coach = Coach(16)
    assert coach.rollout == "random"
    advice = coach.advise(s.view(0), seed=1)
    assert {m.label for m in advice.moves} == {"draw", "work"}
    assert all(0 <= m.low <= m.win_rate <= m.high <= 1 for m in advice.moves)
    best, second = advice.moves[:2]
    overlap = best.low <= second.high
    assert ("Their ranges overlap: think longer to be surer." in why_lines(advice, s.game.title)) is overlap


#: each sentence a student reads, and the engine behaviour that makes it true
CLAIMS = {
    ("Pillage & Plunder in one screen", "text"): {
        "Every pirate starts with a Sloop, one cannon, two crewmen and 3,250 pieces of eight.":
            each_pirate_starts_with_the_printed_kit,
        "On your turn you draw up to eight cards and play two of them: build up your ship, buy and sell cargo, and "
        "fight sea battles against merchant ships, navy ships and the other pirates.": draw_to_eight_and_play_two,
        "Only the money in your hoard counts towards the total needed to win the game.": only_the_hoard_counts,
        "Deal yourself five cards: which would you hope for?": five_cards_are_dealt,
    },
    ("Game Setup", "why"): {
        "Four starting kits of four cards come out first: 298 - 16 = 282 cards are shuffled.": kits_come_out_first,
        "Each of them is equally likely to be dealt first, and 15 of them are Attack cards: 15/282 = 5/94, about 5 %.":
            fifteen_of_282_equally_likely,
    },
    ("At least one Attack card", "text"): {
        "A hand with at least one Attack card may hold one, two, three or more: many cases.":
            at_least_one_is_one_minus_none,
        "Its opposite is one case: no Attack card at all.": at_least_one_is_one_minus_none,
        "So the chance of at least one is 1 minus the chance of none.": at_least_one_is_one_minus_none,
    },
    ("At least one Attack card", "why"): {
        "No Attack card: the first card is one of the 267 others out of 282, the second one of 266 out of 281, and "
        "so on: 267/282 × 266/281 × 265/280 × 264/279 × 263/278, about 75.9 %.": at_least_one_is_one_minus_none,
        "At least one is everything else: 100 % - 75.9 % = 24.1 %.": at_least_one_is_one_minus_none,
    },
    ("Stage 2: The draw and play stage", "why"): {
        "A card drawn does not go back: 281 cards are left and 14 of them are Attack cards: 14/281, a little less "
        "than 15/282.": a_drawn_card_does_not_go_back,
        "Each card drawn changes the chances of the next: draws from a pile are not independent, unlike rolls of a "
        "die.": a_drawn_card_does_not_go_back,
    },
    ("If the defending ship is faster", "why"): {
        "The battle goes on only on doubles: 6 of the 36 squares.": faster_defender_escapes_unless_doubles,
        "The defender escapes on the other 30: 30/36 = 5/6.": faster_defender_escapes_unless_doubles,
        "Counting the opposite (6 squares) and taking it from 36 is quicker than counting 30.":
            faster_defender_escapes_unless_doubles,
    },
    ("If both ships are the same speed", "why"): {
        "A tie is never the end: the 6 grey squares are rolled again, so only the other 30 squares decide.":
            same_speed_ties_are_rolled_again,
        "15 of those 30 let the defender escape: 15/30 = 1/2, not 15/36.": same_speed_ties_are_rolled_again,
    },
    ("Stage 3: The Cannon Battle", "text"): {
        "Equal dice hit both ships (Example 1 prints it).": one_cannon_each,
    },
    ("Stage 3: The Cannon Battle", "why"): {
        "The defender is hit when the attacker's die is higher (15 gold squares) and when the dice are equal (6 red "
        "squares): 21 of the 36 rolls, 21/36 = 7/12.": one_cannon_each,
    },
    ("Two cannons each: dice compared in pairs", "text"): {
        "Each ship fires two cannons.": two_cannons_each,
        "Both sort their dice highest first: the highest against the highest, then the second against the second.":
            two_cannons_each,
        "Fire a few volleys before you predict.": two_cannons_each,
    },
    ("Two cannons each: dice compared in pairs", "why"): {
        "Of the 6 × 6 × 6 × 6 = 1,296 rolls, 581 give the defender two hits: 581/1,296, about 44.8 %.":
            two_cannons_each,
        "It is not 7/12 × 7/12, about 34 %: sorting ties the two pairs together (a high first die often comes with a "
        "high second one), so the two hits are not independent.": two_cannons_each,
    },
    ("Stage 4: The Mêlée", "text"): {
        "A side with a pistol crewman adds one to its highest die.": a_pistol_adds_one_to_the_highest_die,
    },
    ("Stage 4: The Mêlée", "why"): {
        "The attacker needs the higher die: 15 of the 36 squares.": melee_ties_go_to_the_defender,
        "The 6 ties (grey) go to the defender, with its own 15: 15/36 = 5/12 for the attacker.":
            melee_ties_go_to_the_defender,
    },
    ("The mêlée, round by round", "text"): {
        "Two crewmen each.": two_v_two_round,
        "Every round one side loses a crewman, and a side with fewer crewmen rolls fewer dice.":
            fewer_crewmen_roll_fewer_dice,
        "Fight a few rounds: the gold square is where the mêlée is now.": two_v_two_round,
    },
    ("The mêlée, round by round", "why"): {
        "After one round the mêlée is one square right (505 of the 1,296 rolls) or one square down (the other 791).":
            two_v_two_round,
        "Your chance from the start is each square's chance, weighted: 505/1,296 × 75.4 % + 791/1,296 × 10.6 %, "
        "about 35.9 %.": win_from_the_start_weighted,
    },
    ("How long a mêlée lasts", "text"): {
        "From two crewmen each a mêlée lasts two or three rounds.": two_or_three_rounds,
        "Each square shows the rounds still to come, on average, from there.": two_or_three_rounds,
    },
    ("How long a mêlée lasts", "why"): {
        "One round is always fought; then the average from where it leads: 1 + 505/1,296 × 1.42 + 791/1,296 × 1.25, "
        "about 2.32 rounds.": two_or_three_rounds,
    },
    ("Player Attacking Merchant Ship", "why"): {
        "Mirror each pale square across the gold diagonal: a total of 5 pairs with 9, 3 with 11, each pair averaging "
        "7.": merchant_prize_averages_seven_thousand,
        "So the dice total 7 on average, and the prize is 7 × 1,000 = 7,000 pieces of eight.":
            merchant_prize_averages_seven_thousand,
    },
    ("Example 1: Player Vs. Player", "why"): {
        "Your Extra Sail makes Stephanie the slower ship, so she escapes only on doubles; your four cannons against "
        "her three and your pistol crewman in every mêlée round do the rest.": example_1_extra_sail_and_pistol,
        "The whole battle adds up every way you can win, not only the printed one.": example_1_extra_sail_and_pistol,
    },
    ("The battle calculator", "why"): {
        "A defender who stays to fight cannot escape: the battle goes on to the cannons, and to the mêlée unless a "
        "ship sinks.": a_defender_who_stands_cannot_escape,
    },
    ("Retrieve Buried Treasure", "why"): {
        "A buried treasure comes back whole, before you draw: 2,500 + 1,500 = 4,000.":
            a_treasure_comes_back_whole_before_drawing,
    },
    ("Buy Ship Add-On", "why"): {
        "An Extra Sail adds one to the ship's speed: 5 + 1 = 6.": an_extra_sail_adds_one,
    },
    ("Ship Hull", "why"): {
        "A damaged ship cannot be upgraded, so repair first.": a_damaged_hull_is_repaired_before_the_upgrade,
        "The Extra Sail stays with the Sloop's hull: the Schooner sails at its own speed, 6, not 7.":
            the_extra_sail_stays_with_the_old_hull,
    },
    ("Cargo Hold", "why"): {
        "Your Rum fills 20 of the hold's 30 units: 30 - 20 = 10 are left, so Gems 10 Units fits and Gems 20 Units "
        "does not.": the_hold_takes_ten_more_units,
    },
    ("Example 2: Player Vs. Merchant Ship", "why"): {
        "One die averages (1 + 2 + 3 + 4 + 5 + 6)/6 = 3.5, so the cash averages 3.5 × 1,000 = 3,500 pieces of "
        "eight.": joes_cash_averages_3500,
    },
    ("Example 3: Navy Ship Vs. Player", "why"): {
        "The navy ship is faster, so Joe escapes only on doubles: 6 of the 36 rolls, 6/36 = 1/6.":
            joe_escapes_only_on_doubles,
    },
    ("Predict the best move, then ask the coach", "text"): {
        "You are Player 1 at the start of your turn, and you have a choice: draw up to eight cards, or work on the "
        "docks for 200 pieces of eight instead of drawing.": a_choice_to_draw_or_work,
        "Which move would you play?": a_choice_to_draw_or_work,
        "Tell your neighbour why.": a_choice_to_draw_or_work,
        "Then switch on Coach.": a_coach_toggle_at_the_table,
        "For each move it plays the game on many times, every pirate choosing at random, and shows the move's "
        "chance to win with the coach's range.": the_coach_plays_on_at_random_and_gives_ranges,
        "Does it agree with you?": the_coach_plays_on_at_random_and_gives_ranges,
        "Where two ranges overlap, the coach is not sure either.": the_coach_plays_on_at_random_and_gives_ranges,
    },
    ("Cards and dice together", "why"): {
        "At least one Attack card in eight: 1 minus the chain of no Attack card, about 100 % - 64.2 % = 35.8 %.":
            attack_in_eight_times_doubles,
        "Doubles: 6 of the 36 squares.": attack_in_eight_times_doubles,
        "The cards in your hand do not change the dice, so the two chances multiply: 35.8 % × 6/36, about 6 %.":
            attack_in_eight_times_doubles,
    },
}


def test_every_sentence_a_student_reads_has_its_engine_check():
    """Given the lesson file, When each class screen's text and why are split into sentences, Then every sentence is
    one listed here with its check (a new or changed statement needs one)."""
    assert read_lesson() == {screen: list(claims) for screen, claims in CLAIMS.items()}


@pytest.mark.parametrize("screen, sentence", [(s, t) for s, claims in CLAIMS.items() for t in claims],
                         ids=lambda value: value[0][:30] if isinstance(value, tuple) else value[:40])
def test_the_engine_applies_the_rule_the_lesson_states(screen, sentence):
    """Given a statement of the lesson, When the engine plays (or counts) the situation it describes, Then the engine
    does what the sentence says."""
    CLAIMS[screen][sentence]()


def test_the_merchant_screen_tells_its_prize_as_a_house_rule():
    """Issue 36 item 4: the strength-4 merchant's two dice × 1,000 is ours (only the strength-2 card is printed), so
    the question a student reads says it is a house rule; the data file marks the card as an assumption."""
    screen = next(s for s in tomllib.loads(LESSON.read_text(encoding="utf-8"))["screen"]
                  if s.get("heading") == "Player Attacking Merchant Ship")
    assert screen["question"]["prompt"].startswith("House rule")
    assert "strength-4" in screen["question"]["prompt"] and lessons.MERCHANT_STRENGTH == 4
