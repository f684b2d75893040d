"""Exact odds of Pillage & Plunder: hand-checkable values, naive references, Monte Carlo, the sample battles."""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.pillage_and_plunder import (MeleeResult, Ship, Volley, battle, call_off_policy, cannon_volley,
                                             flee_escape_probability, hand_probability, load, melee,
                                             melee_round_win_probability, merchant_prize, treasure_hunt)
from pirates_lab.pillage_and_plunder.battles import pair_sequences, spotting
from pirates_lab.pillage_and_plunder.odds import cargo_price, doubles_probability

DATA = load()


# ------------------------------------------------------------------ components
def test_card_frequency_table_exactly():
    expected = {
        "Sloop": 6, "Schooner": 12, "Galleon": 8, "Man O' War": 6,
        "Iron Hull Plating": 3, "Crow's Nest": 3, "Extra Cargo Hold": 3, "Extra Sail": 8,
        "Cannon": 30, "Cutlass Crewman": 30, "Pistol Crewman": 20, "Quarter Master": 2, "Navigator": 2,
        "Doctor": 2, "Cartographer": 2, "Master Gunner": 2, "Repair at No Cost": 4, "Repair at 25% Cost": 4,
        "Attack": 15, "French Navy": 2, "English Navy": 2, "Spanish Navy": 2, "Dutch Navy": 2,
        "Treasure Hunt": 15, "Bury Treasure": 15, "Rats in Cargo": 2, "Siren's Song": 2, "Mutiny": 4,
        "Scurvy": 4, "Stormy Seas": 2, "Shipwreck": 2, "Sea Monster": 2, "Thieves Onboard": 2,
        "Leaky Cargo Hold": 2,
    }
    for kind in ("Fruit", "Rum", "Gems", "Spices"):
        expected.update({f"{kind} 10 Units": 8, f"{kind} 20 Units": 4, f"{kind} 40 Units": 2})
    for nation in ("French", "English", "Spanish", "Dutch"):
        expected.update({f"{nation} Merchant (Strength 2)": 1, f"{nation} Merchant (Strength 4)": 3,
                         f"{nation} Merchant (Strength 6)": 1})
    assert DATA.counts == expected
    assert DATA.total == 298 == sum(expected.values())
    assert len(DATA.categories) == 12          # "twelve basic types of cards"


def test_starting_kit_and_money():
    assert DATA.starting_kit == {"Sloop": 1, "Cannon": 1, "Cutlass Crewman": 2}
    assert DATA.game["starting_money"] == 2 * 1000 + 10 * 100 + 5 * 50 == 3250
    deck = DATA.deck_after_setup(4)
    assert deck.size == 298 - 16
    assert deck.count("Sloop") == 2 and deck.count("Cannon") == 26 and deck.count("Cutlass Crewman") == 22


def test_data_consistent_with_printed_numbers():
    assert DATA.hulls["Sloop"].speed == 5                                   # Example 2
    assert DATA.hulls["Sloop"].cannons >= 3 and DATA.hulls["Sloop"].crew >= 3  # Joe's sloop
    schooner = DATA.hulls["Schooner"]
    assert schooner.speed == 6 and schooner.speed + 1 == 7 and schooner.strength > 3 and schooner.cannons >= 4
    assert [DATA.hulls[h].level for h in ("Sloop", "Schooner", "Galleon", "Man O' War")] == [1, 2, 3, 4]
    assert sorted(DATA.merchants) == [2, 4, 6]
    m2 = DATA.merchants[2]
    assert (m2["speed"], m2["cannons"], m2["crew"], m2["prize_dice"], m2["prize_per_pip"]) == (5, 2, 3, 1, 1000)
    assert DATA.navy["crew"] > 6 and DATA.navy["speed"] > schooner.speed
    assert DATA.costs["Pistol Crewman"] > DATA.costs["Cutlass Crewman"]


# ------------------------------------------------------------------ stage 2
def test_flee_probabilities():
    assert flee_escape_probability(5, 6) == Fraction(5, 6)
    assert flee_escape_probability(7, 6) == Fraction(1, 6)
    assert flee_escape_probability(5, 5) == Fraction(1, 2)
    assert doubles_probability() == Fraction(1, 6)


# ------------------------------------------------------------------ stage 3
def naive_sequence(a_roll, d_roll):
    a, d = sorted(a_roll, reverse=True), sorted(d_roll, reverse=True)
    seq = []
    for x, y in zip(a, d):
        seq.append("B" if x == y else "A" if x < y else "D")
    seq += ["D"] * (len(a) - len(d)) + ["A"] * (len(d) - len(a))
    return tuple(seq)


@pytest.mark.parametrize("a,d", [(0, 0), (1, 0), (0, 2), (1, 1), (2, 1), (2, 2), (3, 2), (1, 3), (3, 3), (4, 2)])
def test_pair_sequences_match_every_ordered_roll(a, d):
    naive: dict = {}
    for roll in itertools.product(range(1, 7), repeat=a + d):
        key = naive_sequence(roll[:a], roll[a:])
        naive[key] = naive.get(key, 0) + 1
    assert pair_sequences(a, d) == naive


def test_volley_one_die_each():
    v = cannon_volley(1, 1, attacker_strength=3, defender_strength=3)
    assert v[Volley(1, 0, False, False)] == Fraction(15, 36)
    assert v[Volley(0, 1, False, False)] == Fraction(15, 36)
    assert v[Volley(1, 1, False, False)] == Fraction(1, 6)


def test_volley_tie_can_sink_both():
    v = cannon_volley(1, 1, attacker_strength=1, defender_strength=1)
    assert v[Volley(1, 1, True, True)] == Fraction(1, 6)


def test_uncontested_dice_and_plating():
    assert cannon_volley(2, 0, attacker_strength=3, defender_strength=5) == Dist.certain(Volley(0, 2, False, False))
    assert cannon_volley(2, 0, attacker_strength=3, defender_strength=5, defender_plating=True) == \
        Dist.certain(Volley(0, 0, False, False))
    assert cannon_volley(3, 0, attacker_strength=3, defender_strength=5, defender_plating=True) == \
        Dist.certain(Volley(0, 1, False, False))
    # the volley stops at once: the third die of Example 2 never fires
    assert cannon_volley(3, 0, attacker_strength=3, defender_strength=2) == Dist.certain(Volley(0, 2, False, True))


def test_volley_caps_at_six_dice_and_refuses_sunk_ships():
    assert cannon_volley(8, 1, attacker_strength=9, defender_strength=9) == \
        cannon_volley(6, 1, attacker_strength=9, defender_strength=9)
    with pytest.raises(InvalidInput):
        cannon_volley(1, 1, attacker_strength=3, defender_strength=3, defender_damage=3)
    with pytest.raises(InvalidInput):
        cannon_volley(-1, 1, attacker_strength=3, defender_strength=3)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.integers(1, 6), st.integers(1, 6), st.booleans(), st.booleans())
def test_volley_invariants(a, d, sa, sd, pa, pd):
    v = cannon_volley(a, d, attacker_strength=sa, defender_strength=sd, attacker_plating=pa, defender_plating=pd)
    assert sum(p for _, p in v.items()) == 1
    for r, _ in v.items():
        assert r.attacker_destroyed == (r.attacker_damage >= sa)
        assert r.defender_destroyed == (r.defender_damage >= sd)
        assert r.attacker_damage <= sa and r.defender_damage <= sd
        assert r.attacker_damage + r.defender_damage <= a + d


# ------------------------------------------------------------------ stage 4
def test_melee_one_against_one():
    assert melee(1, 1)[MeleeResult("attacker", 1, 0)] == Fraction(5, 12)     # ties go to the defender
    assert melee(1, 1, attacker_pistol=True)[MeleeResult("attacker", 1, 0)] == Fraction(7, 12)
    assert melee(1, 1, attacker_pistol=True, defender_pistol=True) == melee(1, 1)
    assert melee(1, 1, defender_doctor=True)[MeleeResult("attacker", 1, 0)] == Fraction(25, 144)
    assert melee(1, 1, attacker_doctor=True)[MeleeResult("defender", 0, 1)] == Fraction(7, 12) ** 2


def test_melee_round_uses_at_most_six_dice():
    assert melee_round_win_probability(8, 8) == melee_round_win_probability(6, 6)
    # highest of 2 dice beats one die: sum over faces
    wins = sum((k * k - (k - 1) ** 2) * (k - 1) for k in range(1, 7))
    assert melee_round_win_probability(2, 1) == Fraction(wins, 216)


def test_melee_edges_and_reference():
    assert melee(0, 3) == Dist.certain(MeleeResult("defender", 0, 3))
    assert melee(2, 0) == Dist.certain(MeleeResult("attacker", 2, 0))
    # reference: plain recursion without doctors
    def ref(a, d):
        if a == 0:
            return {("defender", 0, d): Fraction(1)}
        if d == 0:
            return {("attacker", a, 0): Fraction(1)}
        p = melee_round_win_probability(a, d, True, False)
        out: dict = {}
        for k, q in ref(a, d - 1).items():
            out[k] = out.get(k, 0) + p * q
        for k, q in ref(a - 1, d).items():
            out[k] = out.get(k, 0) + (1 - p) * q
        return out
    exact = melee(4, 5, attacker_pistol=True)
    assert {tuple(r): p for r, p in exact.items()} == ref(4, 5)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_melee_invariants(a, d, pa, pd, da, dd):
    m = melee(a, d, attacker_pistol=pa, defender_pistol=pd, attacker_doctor=da, defender_doctor=dd)
    assert sum(p for _, p in m.items()) == 1
    for r, _ in m.items():
        assert (r.winner == "attacker") == (r.defender_crew == 0 and r.attacker_crew > 0)
        assert 0 <= r.attacker_crew <= a and 0 <= r.defender_crew <= d


# ------------------------------------------------------------------ whole battle and Monte Carlo
def simulate(attacker: Ship, defender: Ship, rng: random.Random) -> str:
    """A naive die-by-die battle, written straight from the rulebook (the Monte Carlo reference)."""
    a, d = spotting(attacker, defender)
    if a.damage >= a.strength:
        return "attacker"
    if d.damage >= d.strength:
        return "defender"
    sa, sd = a.effective_speed, d.effective_speed
    roll = lambda: rng.randint(1, 6)
    if sd > sa:
        if roll() != roll():
            return "escaped"
    elif sa > sd:
        if roll() == roll():
            return "escaped"
    else:
        while True:
            x, y = roll(), roll()
            if x != y:
                if y > x:
                    return "escaped"
                break
    ar = sorted((roll() for _ in range(a.dice)), reverse=True)
    dr = sorted((roll() for _ in range(d.dice)), reverse=True)
    ad, dd = a.damage, d.damage
    ap, dp = 2 * a.iron_plating, 2 * d.iron_plating
    for hit in naive_sequence(ar, dr):
        if hit in "AB":
            ap, ad = (ap - 1, ad) if ap else (ap, ad + 1)
        if hit in "DB":
            dp, dd = (dp - 1, dd) if dp else (dp, dd + 1)
        if ad >= a.strength or dd >= d.strength:
            return "both" if ad >= a.strength and dd >= d.strength else "attacker" if ad >= a.strength else "defender"
    ac, dc, adoc, ddoc = a.crew, d.crew, a.doctor, d.doctor
    while ac and dc:
        x = max(roll() for _ in range(min(ac, 6))) + a.pistol
        y = max(roll() for _ in range(min(dc, 6))) + d.pistol
        if x > y:
            ddoc, dc = (False, dc) if ddoc else (ddoc, dc - 1)
        else:
            adoc, ac = (False, ac) if adoc else (adoc, ac - 1)
    return "attacker wins" if ac else "defender wins"


BIG_A = Ship.player("Man O' War", cannons=6, crew=6, pistols=1, officers=("Doctor", "Master Gunner"),
                    addons=("Iron Hull Plating", "Crow's Nest", "Extra Sail"))
BIG_D = Ship.player("Man O' War", cannons=6, crew=8, pistols=2, officers=("Doctor",), addons=("Iron Hull Plating",))


def classify(result) -> str:
    return {"escaped": "escaped", "attacker destroyed": "attacker", "defender destroyed": "defender",
            "both destroyed": "both", "attacker wins mêlée": "attacker wins",
            "defender wins mêlée": "defender wins"}[result.outcome]


@pytest.mark.parametrize("attacker,defender", [
    (Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(2)),
    (BIG_A, BIG_D),
    (Ship.player("Schooner", crew=4, cannons=4, pistols=1, addons=("Extra Sail",)),
     Ship.player("Schooner", crew=3, cannons=4, addons=("Crow's Nest",))),
])
def test_battle_matches_monte_carlo_within_4_sigma(attacker, defender):
    exact = battle(attacker, defender).map(classify)
    assert sum(p for _, p in exact.items()) == 1
    rng = random.Random(20261129)
    n = 4000
    counts: dict = {}
    for _ in range(n):
        r = simulate(attacker, defender, rng)
        counts[r] = counts.get(r, 0) + 1
    for outcome in set(counts) | set(exact.outcomes()):
        p = float(exact[outcome])
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(counts.get(outcome, 0) / n - p) <= 4 * sigma + 1e-9, outcome


def test_battle_kinds():
    sloop = Ship.player("Sloop", cannons=3, crew=3)
    navy = Ship.navy()
    # a merchant always flees, even when told otherwise
    assert battle(sloop, Ship.merchant(2), "merchant", defender_flees=False) == battle(sloop, Ship.merchant(2))
    # a navy ship never calls off
    assert battle(navy, sloop, "navy", call_off=lambda a, d: True) == battle(navy, sloop, "navy")
    stand = battle(sloop, Ship.merchant(2), "player", defender_flees=False)
    assert stand.probability(lambda r: r.outcome == "escaped") == 0
    with pytest.raises(InvalidInput):
        battle(sloop, sloop, "pirate")


def test_crows_nest_shot():
    nest = Ship.player("Sloop", cannons=1, crew=1, addons=("Crow's Nest",))
    weak = Ship.player("Sloop", cannons=1, crew=1, damage=2)
    a, d = spotting(nest, weak)
    assert d.damage == 3 and a.damage == 0
    assert battle(nest, weak) == Dist.certain(battle(nest, weak).outcomes()[0])
    assert battle(nest, weak).outcomes()[0].outcome == "defender destroyed"
    both = Ship.player("Sloop", cannons=1, crew=1, addons=("Crow's Nest",))
    assert spotting(nest, both) == (nest, both)
    no_cannon = Ship.player("Sloop", cannons=0, crew=1, addons=("Crow's Nest",))
    assert spotting(no_cannon, weak) == (no_cannon, weak)


# ------------------------------------------------------------------ the sample battles
def test_example_1_player_vs_player():
    you = Ship.player("Schooner", cannons=4, crew=4, pistols=1, addons=("Extra Sail",), name="you")
    stephanie = Ship.player("Schooner", cannons=4, crew=3, name="Stephanie")
    assert (you.effective_speed, stephanie.effective_speed) == (7, 6)
    assert flee_escape_probability(7, 6) == Fraction(1, 6)          # she must roll doubles
    assert (you.dice, stephanie.dice) == (4, 3)                       # she can fire only three
    seq = pair_sequences(4, 3)
    assert ("A", "B", "D", "D") in seq                                # rounds 1-4 as printed
    volley = cannon_volley(4, 3, attacker_strength=5, defender_strength=5)
    assert volley[Volley(1, 3, False, False)] > 0
    # mêlée: 5 v 4 → she loses; 6+1 v 6 → she loses; 4+1 v 5 → tie, you lose; 4+1 v 2 → she loses
    assert melee_round_win_probability(4, 3, True, False) > Fraction(1, 2)
    m = melee(4, 3, attacker_pistol=True)
    assert m[MeleeResult("attacker", 3, 0)] > 0


def test_example_2_player_vs_merchant():
    joe = Ship.player("Sloop", cannons=3, crew=3, name="Joe")
    merchant = Ship.merchant(2)
    assert (merchant.speed, merchant.cannons, merchant.crew, merchant.pistol) == (5, 2, 3, False)
    assert flee_escape_probability(joe.effective_speed, merchant.effective_speed) == Fraction(1, 2)
    volley = cannon_volley(3, 2, attacker_strength=3, defender_strength=2)
    assert volley[Volley(0, 2, False, True)] == Fraction(pair_sequences(3, 2)[("D", "D", "D")], 6 ** 5)
    assert merchant_prize(2)[4000] == Fraction(1, 6)


def test_example_3_navy_vs_player():
    navy = Ship.navy()
    joe = Ship.player("Schooner")
    assert navy.effective_speed > joe.effective_speed
    assert flee_escape_probability(navy.effective_speed, joe.effective_speed) == Fraction(1, 6)
    assert battle(navy, joe, "navy").probability(lambda r: r.outcome == "escaped") == Fraction(1, 6)


# ------------------------------------------------------------------ beyond the rulebook
def test_call_off_policy():
    never = call_off_policy(4, 4, prize=5000, crew_value=0)
    assert all(cell == "fight" for row in never.table() for cell in row)
    always = call_off_policy(3, 3, prize=1, crew_value=1000)
    assert always.table()[0][0] == "call off"
    # the value is a true maximum: fighting 1 v 1 is worth p·(prize + crew) vs stopping
    p = melee_round_win_probability(1, 1)
    policy = call_off_policy(1, 1, prize=900, crew_value=300)
    assert policy.value[(1, 1)] == max(p * 1200, Fraction(300))
    # playing the policy in melee() earns exactly its value, and more than always fighting on
    mixed = call_off_policy(3, 3, prize=3000, crew_value=300)
    assert {c for row in mixed.table() for c in row} == {"fight", "call off"}

    def worth(result) -> Fraction:
        if result.winner == "attacker":
            return mixed.prize + mixed.crew_value * result.attacker_crew
        if result.winner == "called off":
            return mixed.crew_value * result.attacker_crew
        return -mixed.defeat_cost

    played = melee(3, 3, call_off=mixed.calls_off)
    assert played.probability(lambda r: r.winner == "called off") > 0
    assert sum(p * worth(r) for r, p in played.items()) == mixed.value[(3, 3)]
    assert sum(p * worth(r) for r, p in melee(3, 3).items()) < mixed.value[(3, 3)]


# ------------------------------------------------------------------ off the battlefield
def test_treasure_hunt():
    hunt = treasure_hunt()
    assert hunt.probability(lambda h: h.lose_turn) == Fraction(1, 6)
    assert hunt.map(lambda h: h.coins).mean() == Fraction(10000, 6)
    assert treasure_hunt(cartographer=True).probability(lambda h: h.lose_turn) == 0


def test_hand_probability():
    deck = 298 - 16
    assert hand_probability({"Attack": 1}) == 1 - Fraction(math.comb(deck - 15, 5), math.comb(deck, 5))
    assert hand_probability({"Attack": 1}, players=2) == 1 - Fraction(math.comb(290 - 15, 5), math.comb(290, 5))
    crew = 30 - 8 + 20
    both = hand_probability({"Cannon": 1, ("Cutlass Crewman", "Pistol Crewman"): 1})
    p_no_cannon = Fraction(math.comb(deck - 26, 5), math.comb(deck, 5))
    p_no_crew = Fraction(math.comb(deck - crew, 5), math.comb(deck, 5))
    p_neither = Fraction(math.comb(deck - 26 - crew, 5), math.comb(deck, 5))
    assert both == 1 - p_no_cannon - p_no_crew + p_neither
    assert hand_probability({"Merchant Ship": 1}) == 1 - Fraction(math.comb(deck - 20, 5), math.comb(deck, 5))
    with pytest.raises(InvalidInput):
        hand_probability({"Kraken": 1})
    with pytest.raises(InvalidInput):
        hand_probability({"Cargo": 1, "Rum 10 Units": 1})


def test_cargo_prices():
    sell = cargo_price("Gems 20 Units", selling=True)
    assert sell.mean() == 7 * 150 * 2
    assert sum(p for _, p in sell.items()) == 1
    assert cargo_price("Fruit 10 Units", selling=False) == Dist.die(6).map(lambda r: 50 * r)


@pytest.mark.parametrize("a,d", [(1, 1), (2, 3), (3, 3), (4, 2), (6, 6), (5, 0), (0, 4)])
def test_streamed_volley_equals_sequence_reference(a, d):
    from pirates_lab.pillage_and_plunder.battles import _volley_cached, volley_from_sequences
    for a_left, d_left, ap, dp in [(1, 1, 0, 0), (2, 3, 2, 0), (4, 5, 0, 2), (9, 9, 2, 2), (3, 1, 1, 0)]:
        assert _volley_cached(a, d, a_left, d_left, ap, dp) == volley_from_sequences(a, d, a_left, d_left, ap, dp)


@pytest.mark.parametrize("a,d", [(3, 2), (6, 6), (2, 5)])
def test_pair_sequences_agree_with_core_sorted_pair_counts(a, d):
    from pirates_lab.core import sorted_pair_counts
    counts = sorted_pair_counts(Dist.die(6), a, Dist.die(6), d)
    n = min(a, d)
    mine = Dist(pair_sequences(a, d)).map(lambda s: (s[:n].count("D"), s[:n].count("A"), s[:n].count("B")))
    assert mine == counts.map(lambda c: (c.attacker_higher, c.defender_higher, c.ties))


def test_ship_volley_reads_the_ships():
    from pirates_lab.pillage_and_plunder.battles import ship_volley
    gunner = Ship.player("Galleon", cannons=5, crew=2, officers=("Master Gunner",), addons=("Iron Hull Plating",),
                         damage=3)
    crewed = Ship.player("Schooner", cannons=4, crew=2, damage=1)
    assert ship_volley(gunner, crewed) == cannon_volley(5, 2, attacker_strength=7, defender_strength=5,
                                                        attacker_damage=3, defender_damage=1, attacker_plating=True)
