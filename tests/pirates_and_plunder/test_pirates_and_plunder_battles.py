"""Pirates & Plunder by rule: Battles (the option) — secret commitments, solved exactly, hidden from the other seats.

Rules: Pirates & Plunder › Battles
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.core.hidden import can_differ, hidden_signature, swaps, unseen_pool
from pirates_lab.core.testing import check_hidden, refused
from pirates_lab.pirates_and_plunder import Commit, Game, MovePirate, NoShip, PlaceTile
from pirates_lab.pirates_and_plunder.battles import _Remembered, _solve_exact, MAX_DIGITS, open_battle, secret_battle
from pirates_lab.pirates_and_plunder.game import SecretBattles
from pirates_lab.pirates_and_plunder.parts import resource_counts
from pirates_lab.pirates_and_plunder.scenarios import build


CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


# ------------------------------------------------------------------ Moving Pirates and Battle
def pirate_board(**kwargs):
    """Player 1 completes a 2-segment route; their pirate waits north of it; player 0's pirate beyond."""
    tiles = [(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)]
    ships = kwargs.pop("ships", [(1, (0, 0), 3), (0, (0, -1), 0)])
    state = build(tiles=tiles, ships=ships, drawn=CROSS, player=1, **kwargs)
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


# ------------------------------------------------------------------ Moving Pirates and Battle: commitments
def battle_board(resources, **options):
    """Player 2's pirate attacks player 1's pirate (player 2 completed a 2-segment route)."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                  drawn=CROSS, player=1, resources=resources, **options)
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))


entries = st.one_of(st.integers(-6, 6), st.fractions(-5, 5, max_denominator=7))


def equilibrium(game):
    """No pure commitment of either side does better against the other's mix (exact)."""
    assert sum(p for _, p in game.attacker.items()) == 1 and sum(p for _, p in game.defender.items()) == 1
    assert all(p > 0 for _, p in game.attacker.items()) and all(p > 0 for _, p in game.defender.items())
    for a in range(game.attacker_resources + 1):
        assert game.against_defender(a) <= game.value
    for d in range(game.defender_resources + 1):
        assert game.against_attacker(d) >= game.value
    assert game.against_defender(max(game.attacker.outcomes())) == game.value     # the mix's own moves pay v


@pytest.mark.parametrize("call, message", [
    (lambda: secret_battle(61, 0, 0, 1, 1),
     "attacker_resources is a whole number from 0 to 60 (the game has 60 resources in all), not 61."),
    (lambda: open_battle(3, 2, 11),
     "defender_base is a whole number from 0 to 10 (the game has 60 resources in all), not 11."),
    (lambda: secret_battle(1, 1, 0, "x" * 100, 1),
     "ship_value is a number such as 3 or 1/2, not '" + "x" * 39 + "…'."),
    (lambda: secret_battle(1, 1, 0, 1, -2),
     "resource_value is between 0 and 1000, not -2."),
])
def test_a_refusal_names_the_value_it_refuses_cut_to_one_line(call, message):
    """Given a value outside the game, When a battle is solved with it, Then the refusal is one sentence
    that quotes the value given (parts.said: whole numbers as typed, other values cut to 40 characters with "…")."""
    with pytest.raises(InvalidInput) as refused:
        call()
    assert str(refused.value) == message


def test_a_game_without_the_battles_option_hides_nothing():
    """Rules: Pirates & Plunder › Battles"""
    # Given a game without the Battles option (commitments open), and one with it
    from pirates_lab.pirates_and_plunder import Game
    open_game, secret_game = Game().new_initial_state(), Game(secret_battles=True).new_initial_state()
    # Then only the secret one keeps cards from the other seats (Game.new_initial_state__mutmut_3: always secret)
    assert not open_game.hidden_information and open_game.hidden_cards() == []
    assert secret_game.hidden_information and len(secret_game.hidden_cards()) == 4


def test_secret_battles_hide_the_attack_from_the_defender():
    """Rules: Pirates & Plunder › Battles"""
    state = pirate_board(resources=[[1, 0, 0, 0], [0, 2, 0, 0]], secret_battles=True)
    state = state.apply(MovePirate(8, (0, -1), 0, 0, route=2)).apply(Commit((0, 2, 0, 0)))
    assert "attack" not in state.observation(0)["battle"] and state.observation(1)["battle"]["attack"] == [0, 2, 0, 0]


def test_a_secret_attack_is_redealt_with_any_types_and_the_defender_cannot_tell():
    """Rules: Pirates & Plunder › Battles"""
    # Given player 2 attacking in secret with 1 cloth and 2 rum of its 3 cloth and 2 rum
    state = battle_board([[0, 1, 0, 0], [3, 2, 0, 0]], secret_battles=True).apply(Commit((1, 2, 0, 0)))
    assert state.current_player() == 0 and "attack" not in state.observation(0)["battle"]
    assert state.observation(1)["battle"]["attack"] == [1, 2, 0, 0]
    # Then a re-deal for the defender re-chooses the attack (any amount, any types) from the attacker's resources
    redealt = {resource_counts(state.redeal_hidden(0, random.Random(seed)).committed[1]) for seed in range(30)}
    assert len(redealt) > 4 and all(a[0] <= 3 and a[1] <= 2 and not any(a[2:]) for a in redealt)
    assert all(state.redeal_hidden(0, random.Random(seed)).observation(0) == state.observation(0) for seed in range(30))
    assert state.redeal_hidden(1, random.Random(0)).committed[1] == ("cloth", "rum", "rum")   # the attacker knows
    # and swapping a committed resource for a kept one (the core's leak check) changes nothing player 1 sees; the
    # re-deal keeps the attacker's resources and changes the split.  (core.testing.check_hidden also plays on after
    # the swap, and the defence reveals the attack as the rules say: signals/requests.md asks it to stop there.)
    places = state.hidden_cards()
    swapped = swaps(state, 0, places)
    assert swapped and all(world.observation(0) == state.observation(0) for _, world in swapped)
    changed = 0
    for seed in range(5):
        other = state.redeal_hidden(0, random.Random(seed))
        assert unseen_pool(other, 0, places) == unseen_pool(state, 0, places)
        changed += hidden_signature(other, 0, places) != hidden_signature(state, 0, places)
    assert can_differ(state, 0, places) and changed > 0


def test_the_leak_check_catches_an_observation_that_shows_the_secret_attack(monkeypatch):
    """Rules: Pirates & Plunder › Battles"""
    state = battle_board([[0, 1, 0, 0], [3, 2, 0, 0]], secret_battles=True).apply(Commit((1, 2, 0, 0)))
    honest = SecretBattles.observation

    def leaky(self, player):
        seen = honest(self, player)
        seen["attacker_hand"] = list(self.committed[1])
        return seen
    monkeypatch.setattr(SecretBattles, "observation", leaky)
    with pytest.raises(AssertionError, match="leaks a hidden card"):
        check_hidden(state, random.Random(1))
    assert any(world.observation(0) != state.observation(0) for _, world in swaps(state, 0, state.hidden_cards()))


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
