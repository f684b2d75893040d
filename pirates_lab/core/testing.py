"""Checks every game's tests run on its protocol: observations, hidden cards, the agenda, returns, saves.

Games call these from their own tests::

    from pirates_lab.core.testing import check_protocol
    def test_protocol():
        check_protocol(Game(players=3), seeds=range(20))

They play seeded games with the core's play loop (policies are handed a
:class:`~pirates_lab.core.SeatView`, never the state) and check, every ``observe_every`` steps:

- ``observation(p)`` is JSON-plain, for every seat, and a re-deal of what ``p`` cannot see
  (``redeal_hidden``) leaves it equal;
- ``apply`` never changes the old state (its save text is the same after);
- for a :class:`~pirates_lab.core.FlowState`, at every step: the agenda keeps the table's
  promises (bounded, no decision stacked twice for one seat, typed data; see
  :meth:`~pirates_lab.core.TurnFlow.check_agenda`);

and at the end that ``returns()`` sums to exactly 1 and a save loads back equal.

A game that **declares** its hidden information (``State.hidden_information = True`` and
``State.hidden_cards()``: see :mod:`pirates_lab.core.hidden`) is checked further:

- **no leak**: two different cards a seat cannot see are swapped (between two of its hidden
  places of one kind, or within an ordered deck) and the seat's observation must not change;
- **a true re-deal**: ``redeal_hidden(p)`` keeps the cards ``p`` cannot see (the same multiset of
  each kind) and, over the sampled positions where a different deal is possible, changes them at
  least once;
- **chance tells no secret**: at chance nodes, pairs of outcomes whose results differ only in cards a
  seat cannot see (:func:`~pirates_lab.core.hidden.alike_but_hidden`) must leave that seat's
  observation, its choices, who acts next and the (public) log the same: a card drawn face down is never
  named in the log;
- **coverage**: every hidden place the game declares holds a card at some checked position of the run
  (a protocol test that never reaches a secret moment checks nothing there, and fails).

Swaps and outcome pairs are picked at random from a seeded generator, so every card gets its turn.
"""
from __future__ import annotations

import contextlib
import random
import signal
from fractions import Fraction

from .errors import IllegalMove
from .hidden import alike_but_hidden, can_differ, cards_at, hidden_signature, swaps, unseen_pool
from .loop import play
from .flow import FlowState
from .protocol import CHANCE, TERMINAL, State, is_json_plain

__all__ = ["check_protocol", "check_observation", "check_hidden", "no_hang", "refused"]


def check_observation(state: State, rng: random.Random) -> None:
    """Observations are JSON-plain and hide exactly what a re-deal changes."""
    for player in range(state.game.players):
        seen = state.observation(player)
        assert is_json_plain(seen), f"observation({player}) is not JSON-plain: {seen!r}"[:500]
        other = state.redeal_hidden(player, rng)
        assert other.observation(player) == seen, f"re-dealing what player {player} cannot see changed their observation"


class _Redeals:
    """How often a re-deal could have changed the hidden cards, and how often it did; which declared places
    held a card at a checked position; how many chance pairs were compared."""

    def __init__(self):
        self.possible = 0
        self.changed = 0
        self.declared: set = set()
        self.filled: set = set()
        self.pairs = 0

    def cover(self, state: State) -> None:
        for place in state.hidden_cards():
            where = _place_name(place.path)
            self.declared.add(where)
            if cards_at(state, place.path):
                self.filled.add(where)


def _place_name(path: tuple) -> tuple:
    """A place's path with seat numbers folded (``players/2/hand`` and ``players/0/hand`` are one place)."""
    return tuple("#" if isinstance(key, int) else key for key in path)


def check_hidden(state: State, rng: random.Random, tally: _Redeals | None = None) -> None:
    """The declared hidden cards: swapping two a seat cannot see leaves its observation equal, and
    ``redeal_hidden`` keeps the unseen cards while (``tally``) counting whether it re-dealt them."""
    places = state.hidden_cards()
    if tally is not None:
        tally.cover(state)
    for player in range(state.game.players):
        seen = state.observation(player)
        for what, swapped in swaps(state, player, places, rng=rng):
            assert swapped.observation(player) == seen, (
                f"player {player}'s observation changed when two cards it cannot see were swapped ({what}): "
                f"the observation leaks a hidden card (or hidden_cards() says a place is hidden that this seat sees)")
            assert swapped.current_player() == state.current_player(), (
                f"who acts changed when two cards player {player} cannot see were swapped ({what})")
            if state.current_player() == player:
                assert tuple(swapped.legal_actions()) == tuple(state.legal_actions()), (
                    f"player {player}'s choices changed when two cards it cannot see were swapped ({what}): "
                    f"the legal actions leak a hidden card")
            _play_on_alike(state, swapped, player, what, rng)
        other = state.redeal_hidden(player, rng)
        assert unseen_pool(other, player, other.hidden_cards()) == unseen_pool(state, player, places), (
            f"redeal_hidden({player}) did not keep the cards player {player} cannot see: a re-deal shuffles them, "
            f"it never adds or loses one")
        if tally is not None and can_differ(state, player, places):
            tally.possible += 1
            tally.changed += hidden_signature(other, player, places) != hidden_signature(state, player, places)


#: chance outcomes compared at one chance node (pairs of them), at most
CHANCE_SAMPLE = 5


def check_chance(state: State, rng: random.Random, tally: _Redeals | None = None) -> None:
    """At a chance node: two outcomes whose results differ only in cards a seat cannot see leave that seat's
    observation, its choices, who acts next and the public log the same (see the module docstring)."""
    outcomes = list(state.chance_outcomes().outcomes())
    if len(outcomes) < 2:
        return
    picked = rng.sample(outcomes, min(len(outcomes), CHANCE_SAMPLE))
    results = [(outcome, state.apply(outcome)) for outcome in picked]
    for player in range(state.game.players):
        for i, (first, a) in enumerate(results):
            for second, b in results[i + 1:]:
                if not alike_but_hidden(a, b, player):
                    continue
                if tally is not None:
                    tally.pairs += 1
                what = f"chance gave {first!r} or {second!r}, alike but for cards player {player} cannot see"
                assert list(a.log) == list(b.log), (
                    f"the log differs when {what}: the log is public and names a hidden card "
                    f"({(list(a.log)[-1:] or ['(empty)'])[0]!r} against {(list(b.log)[-1:] or ['(empty)'])[0]!r})")
                assert a.observation(player) == b.observation(player), (
                    f"player {player}'s observation differs when {what}: it leaks a hidden card")
                assert a.current_player() == b.current_player(), f"who acts next differs when {what}"
                if a.current_player() == player:
                    assert tuple(a.legal_actions()) == tuple(b.legal_actions()), (
                        f"player {player}'s choices differ when {what}: the legal actions leak a hidden card")


def _observe(state: State, rng: random.Random, declared, tally: _Redeals, flow) -> str | None:
    """Check one position's observations (and declared hidden cards); its save text, to test ``apply``."""
    if state.is_terminal():
        return None
    check_observation(state, rng)
    if declared:
        check_hidden(state, rng, tally)
    if flow is not None:
        flow.check_agenda(state)
    return state.to_json()


def _play_on_alike(real: State, swapped: State, player: int, what: str, rng: random.Random, depth: int = 3) -> None:
    """Play the same moves in both worlds (a chance outcome both allow, a choice both allow) and require
    the seat's observation, and who acts, to stay alike: a leak through *who is asked next* (a window that
    opens only for a seat holding a card) shows a move or two after the swap, not at once."""
    for step in range(1, depth + 1):
        actor = real.current_player()
        if actor == TERMINAL:
            return
        assert swapped.current_player() == actor, (
            f"{step} move(s) after two cards player {player} cannot see were swapped ({what}), a different seat "
            f"acts ({actor} against {swapped.current_player()}): who is asked reveals a hidden card")
        if actor == CHANCE:
            other = swapped.chance_outcomes()
            common = [o for o in real.chance_outcomes().outcomes() if o in other]
        else:
            mine = real.legal_actions()
            if actor == player:
                assert tuple(swapped.legal_actions()) == tuple(mine), (
                    f"player {player}'s own choices differ {step} move(s) after a swap of cards it cannot see ({what})")
            common = [a for a in mine if _allowed(swapped, a)]
        if not common:
            return                                   # the worlds part here (a card drawn only in one of them)
        move = common[rng.randrange(len(common))]
        hidden_before = unseen_pool(real, player, real.hidden_cards())
        real, swapped = real.apply(move), swapped.apply(move)
        if real.is_terminal() or swapped.is_terminal():
            return
        unseen = unseen_pool(real, player, real.hidden_cards())
        if unseen != hidden_before or unseen != unseen_pool(swapped, player, swapped.hidden_cards()):
            return      # a card the seat could not see was shown by a rule (a hand discarded face up): the worlds part
        assert swapped.observation(player) == real.observation(player), (
            f"player {player}'s observation differs {step} move(s) ({move}) after two cards it cannot see were "
            f"swapped ({what}): the game leaks a hidden card through what happens next")


def _allowed(state: State, action) -> bool:
    try:
        state.check(action)
    except IllegalMove:
        return False
    return True


def check_protocol(game, seeds=range(10), max_steps: int = 20_000, observe_every: int = 7,
                   policy=None, chance_every: int = 3, covered: bool = True) -> list[State]:
    """Play one seeded game per seed and check the protocol's promises; return the final states.

    ``policy(view, rng)`` plays every seat (default: uniformly random), given a SeatView.  Every
    ``chance_every``-th chance node has its outcomes compared in pairs (a game that declares hidden
    information); ``covered=False`` leaves out the coverage check (for a run that is not meant to reach
    every secret moment, such as a one-turn smoke test).
    """
    finals = []
    tally = _Redeals()
    declared = None
    for seed in seeds:
        checks = random.Random(f"{seed}/checks")
        start = game.new_initial_state()
        declared = type(start).hidden_information
        flow = start.flow if isinstance(start, FlowState) else None
        saved = _observe(start, checks, declared, tally, flow)
        playthrough = play(start, policy, random.Random(seed), max_steps=max_steps)
        chances = 0
        for index, step in enumerate(playthrough, start=1):
            if declared and step.player == CHANCE:
                chances += 1
                if chances % chance_every == 0:
                    check_chance(step.state, checks, tally)
            if saved is not None:
                assert step.state.to_json() == saved, f"apply({step.action}) changed the old state"
            saved = None
            if flow is not None:
                flow.check_agenda(step.after)
            if index % observe_every == 0:
                saved = _observe(step.after, checks, declared, tally, flow)
        state = playthrough.state
        if playthrough.capped:
            raise AssertionError(f"seed {seed}: no end after {max_steps} steps (set max_turns)")
        shares = state.returns()
        assert sum(shares) == 1 and all(isinstance(s, Fraction) and s >= 0 for s in shares), shares
        again = game.load_state(state.to_json())
        assert again.to_json() == state.to_json()
        finals.append(state)
    if declared:
        assert game.new_initial_state().hidden_cards() or tally.possible, (
            f"{game.title} declares hidden information but hidden_cards() names no place where cards lie hidden")
        assert tally.possible == 0 or tally.changed > 0, (
            f"redeal_hidden never re-dealt anything: at {tally.possible} sampled positions a different deal of the "
            f"hidden cards was possible, and every re-deal left them as they were")
        never = sorted("/".join(map(str, place)) for place in tally.declared - tally.filled)
        assert not covered or not never, (
            f"{game.title}: these declared hidden places never held a card at a checked position, so nothing "
            f"was checked there: {', '.join(never)} (play longer, more seeds, or a policy that reaches them)")
    return finals


@contextlib.contextmanager
def no_hang(seconds: int = 20):
    """Fail a call that neither answers nor refuses within ``seconds`` (fuzz tests: "never a hang").

    A generous alarm, not a timing: speed is measured in ``benchmarks/``.  Unix main thread only.

    >>> with no_hang(5):
    ...     sum(range(10))
    45
    """
    def alarm(*_):
        raise TimeoutError(f"no answer and no refusal within {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused(state: State, action, rule: str) -> IllegalMove:
    """Assert ``action`` is refused citing ``rule`` (the rulebook heading) and leaves ``state`` untouched;
    returns the error so a test can read its reason."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalMove as error:
        assert error.rule == rule, error
        assert state.to_json() == before, "a refused move changed the state"
        return error
    raise AssertionError(f"{action} was accepted; expected a refusal under {rule!r}")
