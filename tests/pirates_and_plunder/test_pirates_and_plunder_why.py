"""Pirates & Plunder's numbers explain themselves (issue 23): tile-draw odds by their hypergeometric terms and
the secret battle by the commitments in each mix (with the indifference values).  At random valid inputs each
tree's root is the calculator's number, its branches add up exactly, it cites the rulebook and stays bounded."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from pirates_lab.core.why import Why
from pirates_lab.pirates_and_plunder.battles import secret_battle
from pirates_lab.pirates_and_plunder.odds import GapOdds, hits, within

GAME = "pirates_and_plunder"
SMALL = settings(max_examples=15, deadline=None)


@SMALL
@given(st.integers(0, 80).flatmap(lambda u: st.tuples(st.just(u), st.integers(0, u), st.integers(0, u))))
def test_a_tile_draw_tree_is_its_hypergeometric_terms(counts):
    unseen, fitting, draws = counts
    tree = within(unseen, fitting, draws, why=True).check(within(unseen, fitting, draws), GAME)
    dist = hits(unseen, fitting, draws)
    assert [(int(c.label.split()[1]), c.p) for c in tree.children] == [(h, p) for h, p in dist.items() if h]


def test_tile_draws_by_hand():
    rule = "Drawing and Placing Land Tiles"
    assert within(10, 3, 2, why=True) == Why(
        "A fitting tile comes within 2 draws (3 of the 10 unseen tiles fit)", Fraction(8, 15), rule, (
            Why("exactly 1 of the 2 tiles drawn fits (3 × 7 = 21 of the 45 draws)", Fraction(7, 15), rule),
            Why("exactly 2 of the 2 tiles drawn fit (3 × 1 = 3 of the 45 draws)", Fraction(1, 15), rule)))
    gap = GapOdds((2, 1), {"Island": 2, "Route": 1}, unseen=10, draws=2)
    assert gap.why().p == gap.probability and "2 Island, 1 Route" in gap.why().label


@SMALL
@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 2), st.fractions(0, 12, max_denominator=3),
       st.fractions(0, 3, max_denominator=2))
def test_a_secret_battle_tree_shows_why_each_commitment_is_in_the_mix(a, d, base, ship, resource):
    game = secret_battle(a, d, base, ship, resource)
    tree = game.why().check(game.success(), GAME)
    for node in tree.children:
        committed = int(node.label.split("commits ")[1].split(" ")[0])
        assert game.against_defender(committed) == game.value                  # the indifference value
        assert f"gains {game.value}, the value" in node.label
        for beaten in node.children:
            d = int(beaten.label.split("commits ")[1].split(" ")[0])
            assert committed > base + d and game.against_attacker(d) == game.value


def test_a_secret_battle_by_hand():
    game = secret_battle(2, 1, 0, 3, 1)          # attacker 1 or 2 (1/3, 2/3); defender 0 or 1 (2/3, 1/3)
    tree = game.why()
    assert tree.p == Fraction(8, 9)
    assert [(c.label.split(" (")[0], c.p) for c in tree.children] == [
        ("the attacker commits 1", Fraction(1, 3) * Fraction(2, 3)), ("the attacker commits 2", Fraction(2, 3))]
    assert [(c.label.split(" (")[0], c.p) for c in tree.children[1].children] == [
        ("the defender commits 0", Fraction(4, 9)), ("the defender commits 1", Fraction(2, 9))]
    assert "the best commitment outside the mix, 0, gains 1/3" in tree.children[0].label


def test_a_features_odds_explain_themselves_on_a_dealt_board():
    import random

    from pirates_lab.pirates_and_plunder import Game
    from pirates_lab.pirates_and_plunder.odds import feature_odds

    state, rng = Game().new_initial_state(), random.Random(3)
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes().sample(rng))
    tree = feature_odds(state, 0, 2, why=True).check(feature_odds(state, 0, 2), GAME)
    assert tree.label.startswith("A tile that fits a gap of this feature comes within 2 draws")
