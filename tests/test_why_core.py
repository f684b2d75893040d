"""Why trees of the core calculators (issue 23): dice notation stage by stage, a deck's hypergeometric
terms, the bounded grower behind every calculator's tree, and the one wording for certain and impossible."""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import Deck, InvalidInput, dice_why, parse_dice
from pirates_lab.core.deck import hand_at_least
from pirates_lab.core.report import chance, exact_text, table
from pirates_lab.core.why import ELLIPSIS, MAX_NODES, Why

SMALL = settings(max_examples=25, deadline=None)


# ---------------------------------------------------------------- dice notation
terms = st.one_of(st.builds(lambda n, s: f"{n}d{s}", st.integers(1, 4), st.integers(1, 8)),
                  st.builds(lambda n, s, h, k: f"{n}d{s}k{h}{k}", st.integers(1, 4), st.integers(1, 6),
                            st.sampled_from("hl"), st.integers(1, 4)).filter(lambda t: int(t[-1]) <= int(t[0])),
                  st.integers(0, 5).map(str))
expressions = st.lists(st.tuples(st.sampled_from("+-"), terms), min_size=1, max_size=3).map(
    lambda parts: "".join(sign + term for sign, term in parts).lstrip("+"))


@SMALL
@given(expressions, st.sampled_from(["at_least", "at_most", "exactly"]), st.integers(-12, 20))
def test_a_dice_tree_is_the_answer_split_exactly_and_bounded(text, how, n):
    dist = parse_dice(text)
    test = {"at_least": lambda x: x >= n, "at_most": lambda x: x <= n, "exactly": lambda x: x == n}[how]
    tree = dice_why(text, **{how: n}).check(dist.probability(test))
    for depth, node in tree.walk():
        if depth == 1 and not node.other:                # the first stage: a value of the first dice term
            assert node.label.split(" ")[1] in ("totals", "shows", "keeps", "(taken") or node.label.startswith(ELLIPSIS)


@SMALL
@given(expressions)
def test_every_total_is_a_branch_of_the_whole(text):
    tree = dice_why(text).check(Fraction(1))
    dist = parse_dice(text)
    shown = {int(c.label.rsplit(" ", 1)[1]): c.p for c in tree.children if not c.other}
    assert all(dist[t] == p for t, p in shown.items())


def test_two_dice_by_hand():
    die = Fraction(1, 36)
    expected = Why("P(2d6 >= 11)", Fraction(1, 12), children=(
        Why("2d6 totals 11", 2 * die, children=(Why("the 1st die shows 5, so the 2nd shows 6", die),
                                                 Why("the 1st die shows 6, so the 2nd shows 5", die))),
        Why("2d6 totals 12", die, children=(Why("the 1st die shows 6, so the 2nd shows 6", die),))))
    assert dice_why("2d6", at_least=11) == expected


def test_a_kept_pool_shows_its_rolls_and_a_subtracted_die_says_so():
    tree = dice_why("2d4kh1-1d2", exactly=3)
    assert tree.p == parse_dice("2d4kh1-1d2")[3]
    labels = [node.label for _, node in tree.walk()]
    assert "2d4kh1 keeps 4 (its highest die)" in labels
    assert "the dice show 4, 1: keep the 4" in labels
    assert "1d2 (taken away) shows 1" in labels


def test_the_largest_expressions_keep_their_tree_bounded():
    for text, kw in (("30d80", {"at_least": 1300}), ("20d6kh3", {"at_least": 16}), ("30d80", {})):
        tree = dice_why(text, **kw)
        assert tree.size() <= MAX_NODES and sum(1 for _ in tree.walk()) == tree.size()


@pytest.mark.parametrize("text, words", [
    ("2d6+", "ends with '\\+'"), ("2d6+-3", "two signs in a row"), ("d6--1", "two signs in a row")])
def test_a_sign_without_a_term_is_refused_in_words(text, words):
    with pytest.raises(InvalidInput, match=words) as refused:
        parse_dice(text)
    assert "''" not in str(refused.value)


def test_one_question_at_a_time():
    with pytest.raises(InvalidInput, match="one thing at a time"):
        dice_why("2d6", at_least=3, at_most=5)


# ---------------------------------------------------------------- deck odds
def brute(counts: dict, hand: int, needs: dict) -> Fraction:
    cards = [c for c, n in counts.items() for _ in range(n)]
    hands = list(combinations(range(len(cards)), hand))
    good = sum(all(sum(cards[i] in group for i in h) >= need for group, need in needs.items()) for h in hands)
    return Fraction(good, len(hands))


@SMALL
@given(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 4), min_size=1), st.integers(0, 6),
       st.lists(st.tuples(st.sampled_from("abcde"), st.integers(0, 3)), max_size=2, unique_by=lambda t: t[0]))
def test_a_hand_tree_is_its_hypergeometric_terms(counts, hand, wanted):
    deck = Deck(counts)
    wanted = [(card, need) for card, need in wanted if deck.count(card)]
    if hand > deck.size or not deck.size:
        return
    needs = {card: need for card, need in wanted}
    answer = deck.hand_probability(hand, needs)
    assert answer == brute(counts, hand, {(card,): need for card, need in wanted})
    tree = deck.hand_probability(hand, needs, why=True).check(answer)
    assert len(tree.children) <= 8 and all(c.label.split(" ")[0].isdigit() or c.other for c in tree.children)


def test_a_hand_by_hand():
    tree = hand_at_least([("Attack", 3, 1)], other=7, hand_size=2, why=True)
    assert tree == Why("P(at least 1 Attack in a hand of 2 cards)", Fraction(8, 15), children=(
        Why("1 of the 3 Attack cards, 1 of the 7 other cards (3 × 7 = 21 of 45 hands)", Fraction(21, 45)),
        Why("2 of the 3 Attack cards, 0 of the 7 other cards (3 × 1 = 3 of 45 hands)", Fraction(3, 45))))
    assert hand_at_least([("a", 2, 1), ("b", 3, 1)], 4, 3) == brute({"a": 2, "b": 3, "c": 4}, 3, {("a",): 1, ("b",): 1})
    assert math.comb(9, 3) == 84


# ---------------------------------------------------------------- the grower
def test_grow_takes_a_level_whole_or_not_at_all():
    calls = []

    def expand(key):
        calls.append(key)
        return [(f"{key}{k}", Fraction(1, 3 ** (len(key) + 1)), None, key + str(k)) for k in range(3)]

    tree = Why.grow("root", Fraction(1), expand, "", depth=10, limit=40)
    assert tree.size() <= 40 and tree.check(Fraction(1)) is tree
    depths = {d for d, n in tree.walk() if n.label != ELLIPSIS}
    assert depths == {0, 1, 2, 3}                          # 1 + 3 + 9 + 27 = 40 nodes: level 4 would not fit
    assert max(len(key) for key in calls) == 3           # level 4 was computed once (to see it did not fit), no deeper


def test_grow_folds_the_smallest_parts_into_other_and_drops_zeros():
    parts = [("big", Fraction(1, 2)), ("zero", Fraction(0)), ("a", Fraction(1, 4)), ("b", Fraction(1, 8)),
             ("c", Fraction(1, 8))]
    tree = Why.grow("all", Fraction(1), lambda _: [(n, p, None, None) for n, p in parts], "k", width=3)
    assert [c.label for c in tree.children] == ["big", "a", "other outcomes"] and tree.children[-1].other


def test_check_catches_a_broken_promise():
    with pytest.raises(AssertionError, match="not the answer"):
        Why("a", Fraction(1, 2)).check(Fraction(1, 3))
    with pytest.raises(AssertionError, match="cites no rule"):
        Why("a", Fraction(1, 2)).check(game="plunder")
    with pytest.raises(AssertionError, match="does not have"):
        Why("a", Fraction(1, 2), "Not A Heading").check(game="plunder")
    big = Why.split("many", [(str(i), Fraction(1, 300)) for i in range(300)], keep=300)
    with pytest.raises(AssertionError, match="more than its bound"):
        big.check()


# ---------------------------------------------------------------- one wording for certain and impossible
def test_certain_and_impossible_read_one_way():
    assert (chance(Fraction(1)), exact_text(Fraction(1))) == ("100%", "certain")
    assert (chance(Fraction(0)), exact_text(Fraction(0))) == ("0%", "impossible")
    assert chance(1 - Fraction(1, 10**9)) == "> 99.99%" and exact_text(Fraction(1, 3)) == "1/3"
    rows = table([("sure", Fraction(1)), ("never", Fraction(0))]).splitlines()[1:]
    assert [row.split()[-2:] for row in rows] == [["100%", "certain"], ["0%", "impossible"]]
