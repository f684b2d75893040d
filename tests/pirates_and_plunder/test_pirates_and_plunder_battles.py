"""The secret battle's exact kernel: whole-number elimination, candidates tried once, every accepted size.

Rules: Pirates & Plunder › Battles
"""
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.pirates_and_plunder.battles import MAX_DIGITS, _Remembered, _solve_exact, secret_battle



def equilibrium(game):
    """No pure commitment of either side does better against the other's mix (exact)."""
    assert sum(p for _, p in game.attacker.items()) == 1 and sum(p for _, p in game.defender.items()) == 1
    assert all(p > 0 for _, p in game.attacker.items()) and all(p > 0 for _, p in game.defender.items())
    for a in range(game.attacker_resources + 1):
        assert game.against_defender(a) <= game.value
    for d in range(game.defender_resources + 1):
        assert game.against_attacker(d) >= game.value
    assert game.against_defender(max(game.attacker.outcomes())) == game.value     # the mix's own moves pay v

entries = st.one_of(st.integers(-6, 6), st.fractions(-5, 5, max_denominator=7))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.lists(entries, min_size=n + 1,
                                                                                   max_size=n + 1),
                                                                          min_size=1, max_size=6))))
def test_the_whole_number_elimination_solves_exactly_what_sympy_says_is_solvable(system):
    """Given a random system of Fractions, the answer satisfies every equation exactly, and None
    comes exactly when sympy finds the system inconsistent (rank of A < rank of [A | b])."""
    n, rows = system
    solution = _solve_exact(rows, n)
    a = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v
                       for v in row[:-1]] for row in rows])
    augmented = a.row_join(sympy.Matrix([sympy.Rational(Fraction(row[-1]).numerator, Fraction(row[-1]).denominator)
                                         for row in rows]))
    assert (solution is None) == (a.rank() < augmented.rank())
    if solution is not None:
        assert all(isinstance(x, Fraction) for x in solution)
        assert all(sum(c * x for c, x in zip(row[:-1], solution)) == row[-1] for row in rows)


def test_an_inconsistent_system_has_no_solution_and_the_rows_are_not_changed():
    rows = [[1, 1, 1], [2, 2, Fraction(3)]]
    assert _solve_exact(rows, 2) is None
    assert rows == [[1, 1, 1], [2, 2, 3]]


def test_remembered_candidates_are_computed_once_however_often_they_are_tried():
    made = []

    def candidates():
        for i in range(3):
            made.append(i)
            yield i

    remembered = _Remembered(candidates())
    assert next(iter(remembered)) == 0 and made == [0]          # lazily: only what was asked for
    assert list(remembered) == [0, 1, 2] and list(remembered) == [0, 1, 2]
    assert made == [0, 1, 2]


def test_the_largest_battle_the_game_accepts_is_an_exact_equilibrium():
    """60 resources a side and a ship worth 1000 (the case that took 7-22 s with Fraction elimination)."""
    game = secret_battle(60, 60, 0, 1000, 1)
    equilibrium(game)
    assert game.value == Fraction(5817, 100)
    assert len(game.attacker.outcomes()) == len(game.defender.outcomes()) == 61


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 10), st.integers(6, 299),
       st.sampled_from([1, Fraction(13, 2), 1000]))
def test_a_ship_worth_a_billion_resources_or_more_is_still_exact(a_res, d_res, base, digits, ship):
    """The linear program cannot see resource costs 10**-9 of the ship: the full-support guess is
    tried and verified exactly instead (this raised RuntimeError before)."""
    equilibrium(secret_battle(a_res, d_res, base, ship, Fraction(1, 10 ** digits)))


@pytest.mark.parametrize("ship, resource", [(Fraction(1, 10 ** MAX_DIGITS), 1), (1, Fraction(10 ** MAX_DIGITS + 1, 10 ** MAX_DIGITS)),
                                            (1e-300, 1), (Fraction(10 ** 400 + 1, 10 ** 400), 1)])
def test_values_too_long_to_solve_at_once_are_refused_naming_the_limit(ship, resource):
    with pytest.raises(InvalidInput, match=f"at most {MAX_DIGITS} digits"):
        secret_battle(60, 60, 0, ship, resource)


def test_the_longest_values_accepted_answer():
    longest = 10 ** MAX_DIGITS - 1                                   # 300 nines
    equilibrium(secret_battle(60, 60, 0, Fraction(longest, 10 ** (MAX_DIGITS - 1) + 1), Fraction(1, longest)))
