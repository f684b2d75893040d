"""check_protocol catches leaks, false re-deals and a broken agenda (mutants of the Skirmish toy must fail)."""
import random
from collections import namedtuple
from dataclasses import dataclass

import pytest

from pirates_lab.core import AgendaError, SeatView, State, Task
from pirates_lab.core.hidden import Hidden, can_differ, cards_at, put_cards, swaps
from pirates_lab.core.testing import check_protocol

from flow_toy import FLOW, Pass, SkirmishGame, SkirmishState


def mutant(name, **methods):
    """A Skirmish whose State has ``methods`` replaced (one broken promise each)."""
    state_class = type(name, (SkirmishState,), methods)
    return type(name + "Game", (SkirmishGame,), {"new_initial_state": lambda self: state_class(self)})(players=3)


def leaky_observation(self, player):
    seen = SkirmishState.observation(self, player)
    seen["hands"] = [list(hand) for hand in self.hands]          # every hand, face up
    return seen


def copy_only(self, player, rng):
    return self.clone()


def test_the_honest_skirmish_passes():
    assert len(check_protocol(SkirmishGame(players=3), seeds=range(6))) == 6


def test_an_observation_that_shows_a_hidden_card_fails_even_with_a_redeal_that_changes_nothing():
    # the old checks pass this one: the re-deal is a copy, so the leaking observation never changes
    game = mutant("Leaky", observation=leaky_observation, redeal_hidden=copy_only)
    with pytest.raises(AssertionError, match="leaks a hidden card"):
        check_protocol(game, seeds=range(3))


def test_a_redeal_that_redeals_nothing_fails():
    with pytest.raises(AssertionError, match="redeal_hidden never re-dealt anything"):
        check_protocol(mutant("Lazy", redeal_hidden=copy_only), seeds=range(3))


def test_a_redeal_that_invents_cards_fails():
    def invent(self, player, rng):
        new = self.clone()
        for q in range(self.game.players):
            if q != player:
                new.hands[q] = ["rum"] * len(self.hands[q])
        return new
    with pytest.raises(AssertionError, match="did not keep the cards"):
        check_protocol(mutant("Inventor", redeal_hidden=invent), seeds=range(3))


def test_a_leak_through_a_place_declared_hidden_from_a_seat_that_sees_it_is_named():
    def wrong_declaration(self):
        return [Hidden(("hands", q)) for q in range(self.game.players)] + [Hidden(("deck",))]
    with pytest.raises(AssertionError, match="leaks a hidden card"):
        check_protocol(mutant("Misdeclared", hidden_cards=wrong_declaration), seeds=range(2))


def test_a_game_declaring_hidden_information_must_say_where():
    with pytest.raises(AssertionError, match="names no place"):
        check_protocol(mutant("Vague", hidden_cards=lambda self: []), seeds=range(1))


def test_the_new_checks_are_opt_in_an_undeclared_game_is_not_held_to_them():
    game = mutant("Undeclared", observation=leaky_observation, redeal_hidden=copy_only, hidden_information=None)
    assert len(check_protocol(game, seeds=range(2))) == 2


def test_two_decisions_stacked_for_one_seat_fail_the_agenda_check():
    def stacking(self, task, move):
        SkirmishState.play(self, task, move)
        if isinstance(move, Pass):
            FLOW.push(self, Task("turn", task.player), Task("turn", task.player))
    with pytest.raises(AgendaError, match="two 'turn' decisions stacked"):
        check_protocol(mutant("Stacking", play=stacking), seeds=range(3))


def test_check_protocol_hands_its_policy_a_seat_view_never_the_state():
    seen = []

    def careful(view, rng):
        assert isinstance(view, SeatView) and not isinstance(view, State)
        seen.append(view.player)
        return view.legal_actions[rng.randrange(len(view.legal_actions))]
    check_protocol(SkirmishGame(players=3), seeds=range(2), policy=careful)
    assert set(seen) == {0, 1, 2}


# ---------------------------------------------------------------- the declaration's machinery
@dataclass(frozen=True)
class Seat:
    hand: tuple
    coins: int = 0


Pair = namedtuple("Pair", "left right")


class Table:
    hidden_information = True

    def __init__(self):
        self.seats = [Seat(("ace", "two")), Seat(("king",))]
        self.deck = {"ace": 0, "two": 2, "queen": 1}
        self.pairs = [Pair(["x"], ["y", "z"])]

    def clone(self):
        new = Table.__new__(Table)
        new.__dict__.update(self.__dict__)
        return new


def test_cards_are_put_through_frozen_dataclasses_tuples_and_counts_without_touching_the_original():
    table = Table()
    new = put_cards(table, ("seats", 0, "hand"), ["queen", "two"])
    assert new.seats[0] == Seat(("queen", "two")) and table.seats[0] == Seat(("ace", "two"))
    assert new.seats[1] is table.seats[1]
    counted = put_cards(table, ("deck",), ["ace", "two", "two"])
    assert counted.deck == {"ace": 1, "two": 2, "queen": 0} and table.deck == {"ace": 0, "two": 2, "queen": 1}
    assert cards_at(table, ("deck",)) == ["queen", "two", "two"]
    paired = put_cards(table, ("pairs", 0, 1), ["w"])
    assert paired.pairs[0] == Pair(["x"], ["w"]) and table.pairs[0] == Pair(["x"], ["y", "z"])


def test_swaps_exchange_different_cards_a_seat_cannot_see_and_only_within_a_kind():
    table = Table()
    places = [Hidden(("seats", 0, "hand"), seen_by={0}), Hidden(("seats", 1, "hand"), seen_by={1}),
              Hidden(("deck",)), Hidden(("pairs", 0, 0), kind="token")]
    found = swaps(table, 0, places)
    assert found                                 # the deck and seat 2's hand can swap (seat 1 sees neither)
    for what, new in found:                      # seat 0's own hand never moves; the token never mixes in
        assert new.seats[0] == table.seats[0] and new.pairs == table.pairs
        assert sorted(cards_at(new, ("seats", 1, "hand")) + cards_at(new, ("deck",))) == ["king", "queen", "two", "two"]
        assert (cards_at(new, ("seats", 1, "hand")), new.deck) != (["king"], table.deck)
    assert can_differ(table, 0, places)
    same = [Hidden(("seats", 1, "hand"), seen_by={1}), Hidden(("pairs", 0, 0), kind="token")]
    assert swaps(table, 0, same) == [] and not can_differ(table, 0, same)
    ordered = [Hidden(("pairs", 0, 1), ordered=True)]
    assert [what for what, _ in swaps(table, 0, ordered)] == ["two cards of ('pairs', 0, 1) reordered"]
    with pytest.raises(ValueError):
        Hidden((0, "hand"))


def test_the_skirmish_redeal_really_redeals_over_many_positions():
    state = SkirmishGame(players=3).new_initial_state()
    rng = random.Random(5)
    places = state.hidden_cards()
    signatures = {tuple(tuple(sorted(h)) for h in state.redeal_hidden(0, rng).hands[1:]) for _ in range(30)}
    assert len(signatures) > 3 and can_differ(state, 0, places)


def test_a_leak_through_who_is_asked_next_shows_a_move_after_the_swap():
    """A window that asks only the seats holding an ambush card tells everyone who holds one: no
    observation differs at the swap itself, but one move later a different seat is asked."""
    from flow_toy import Battle, Raid, Window

    def ask_only_holders(self, task, move):
        SkirmishState.play(self, task, move)
        top = self.agenda[-1]
        if isinstance(move, Raid) and top.phase == "window":
            asked = tuple(q for q in top.data.asked if "ambush" in self.hands[q])
            self.agenda[-1] = (Task("window", None, Window(top.data.battle, asked)) if asked
                               else Task("commit", None, top.data.battle))
    with pytest.raises(AssertionError, match=r"move\(s\) .*after two cards .* cannot see were swapped"):
        check_protocol(mutant("AsksHolders", play=ask_only_holders), seeds=range(6))
