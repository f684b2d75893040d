"""Whole Plunder games: the protocol's promises, and seeded games played to a winner with invariants.

Rules: Plunder › Overview
"""
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from pirates_lab.core import CorruptSave, play
from pirates_lab.core.testing import check_protocol
from pirates_lab.plunder import Game
from pirates_lab.plunder.captains import random_captain, trader

#: seeded games in the default run: 40 games, 2-3 s on a busy two-core machine (docs/plunder.md)
GAMES = 40
#: the nightly run (``pytest -m nightly``): 1,000 games to the end, several minutes (docs/plunder.md has the figure)
NIGHTLY_GAMES = 1000


def test_a_computer_captain_refuses_to_be_handed_the_state():
    state = Game(players=2).new_initial_state()
    with pytest.raises(TypeError, match="never the state"):
        trader(state, random.Random(0))
    with pytest.raises(TypeError, match="never the state"):
        random_captain(state, random.Random(0))


def test_protocol_random_captains():
    """Two seeded games by default, the other two nightly (issue 38), each half keeping check_protocol's coverage."""
    check_protocol(Game(players=3, max_turns=12), seeds=range(2))


@pytest.mark.nightly
def test_protocol_random_captains_nightly():
    check_protocol(Game(players=3, max_turns=12), seeds=range(2, 4))


def test_protocol_traders_with_the_mutiny_option():
    """One seeded game in the default run (every hidden place still reached: check_protocol's coverage); the
    other two nightly (issue 38: 9 s a game on a quiet machine)."""
    check_protocol(Game(players=4, max_turns=25, mutiny=True), seeds=range(1), policy=trader)


@pytest.mark.nightly
def test_protocol_traders_with_the_mutiny_option_nightly():
    check_protocol(Game(players=4, max_turns=25, mutiny=True), seeds=range(1, 3), policy=trader)


def test_protocol_two_captains_fighting():
    """One seeded game by default, the other two nightly (issue 38)."""
    check_protocol(Game(players=2, max_turns=20), seeds=range(1), policy=random_captain)


@pytest.mark.nightly
def test_protocol_two_captains_fighting_nightly():
    check_protocol(Game(players=2, max_turns=20), seeds=range(1, 3), policy=random_captain)


def trader_with_random_moves(view, rng):
    """The trader, but 15% of its decisions at random (so the games wander into every rule)."""
    return rng.choice(view.legal_actions) if rng.random() < 0.15 else trader(view, rng)


def play_checked(seed: int):
    game = Game(players=2 + seed % 3, max_turns=400, mutiny=seed % 5 == 0)
    state, steps = game.new_initial_state(), 0
    for step in play(state, trader_with_random_moves, random.Random(seed)):
        state = step.after
        state.validate()                      # cards, silver, goods, flags conserved; hands within 7; the agenda
        assert state.is_terminal() or max(state.scores()) < game.win_silver   # 60 silver wins at once
        steps += 1
    return state, steps


def _seeded_games_keep_every_invariant(games: int) -> None:
    reached = 0
    for seed in range(games):
        state, _ = play_checked(seed)
        assert sum(state.returns()) == 1 and all(isinstance(r, Fraction) for r in state.returns())
        if state.winner is not None:
            reached += 1
            assert state.captains[state.winner]["silver"] >= 60
            assert state.winners() == (state.winner,)
    assert reached >= games * 9 // 10, f"only {reached} of {games} games reached 60 silver"


def test_seeded_games_end_with_a_winner_and_every_invariant_kept():
    _seeded_games_keep_every_invariant(GAMES)


@pytest.mark.nightly
def test_a_thousand_seeded_games_end_with_a_winner_and_every_invariant_kept():
    _seeded_games_keep_every_invariant(NIGHTLY_GAMES)


def test_save_and_load_round_trip_mid_game_and_refuse_a_damaged_save():
    state, _ = play_checked(7)
    game = Game(players=3, max_turns=30)
    for step in play(game.new_initial_state(), trader, random.Random(7), max_steps=150):
        s = step.after
        text = s.to_json()
        again = game.load_state(text)
        assert again.to_json() == text and again.legal_actions() == s.legal_actions()
    damaged = text.replace('"silver": 5', '"silver": 6', 1)
    if damaged != text:
        with pytest.raises(CorruptSave):
            game.load_state(damaged)
    with pytest.raises(CorruptSave):
        game.load_state(text[:-20])


def test_a_save_with_a_card_too_many_is_refused():
    state = Game(players=2).new_initial_state()
    state.deck["Havana"] = state.deck.get("Havana", 0) + 1
    with pytest.raises(CorruptSave):
        Game(players=2).load_state(state.to_json())


def _dealt(players=3, seed=3):
    from pirates_lab.plunder.scenarios import dealt
    return dealt(Game(players=players), seed)


def _unshown(cap) -> list:
    """The cards of a hand nobody else has seen (the First Captain draw's cards stay face up in ``shown``)."""
    return sorted(cap["hand"])


def test_redeal_keeps_what_a_captain_saw_and_never_deals_the_storm():
    state = _dealt()
    for seed in range(30):
        other = state.redeal_hidden(0, random.Random(seed))
        other.validate()
        assert other.observation(0) == state.observation(0)
        assert all("Storm" not in c["hand"] for c in other.captains)
        assert [c["shown"] for c in other.captains] == [c["shown"] for c in state.captains]


def test_redeal_truly_redeals_the_other_hands_and_the_deck():
    """A re-deal changes what seat 0 cannot see (the others' unshown cards, the deck) nearly every time, and
    never what it can (its own hand, the shown cards, the sea)."""
    state = _dealt()
    changed = 0
    for seed in range(40):
        other = state.redeal_hidden(0, random.Random(seed))
        assert other.captains[0]["hand"] == state.captains[0]["hand"]
        assert [c["shown"] for c in other.captains] == [c["shown"] for c in state.captains]
        assert [len(c["hand"]) for c in other.captains] == [len(c["hand"]) for c in state.captains]
        if any(_unshown(a) != _unshown(b) for a, b in zip(other.captains[1:], state.captains[1:])):
            changed += 1
    assert changed >= 38, f"only {changed} of 40 re-deals changed another captain's hidden cards"


def test_swapping_a_hidden_card_leaves_the_observation_and_swapping_your_own_does_not():
    """Swap a card of captain 2's unshown hand with a different card of the deck: captain 1 sees nothing change.
    Swap a card of captain 1's own hand the same way: captain 1's observation changes."""
    state = _dealt()
    for seat, seen_change in ((1, False), (0, True)):
        other = state.clone()
        cap = other.captains[seat]
        mine = _unshown(cap)[0]
        card = next(n for n in sorted(other.deck) if n != mine and other.card(n).kind != "storm")
        cap["hand"].remove(mine)
        cap["hand"] = sorted(cap["hand"] + [card])
        other._from_deck(card)
        other.deck[mine] = other.deck.get(mine, 0) + 1
        other.validate()
        assert (other.observation(0) != state.observation(0)) is seen_change
        assert (other.observation(seat) != state.observation(seat)) is True


def test_a_card_placed_face_down_is_hidden_and_redealt():
    """Rules: Plunder › Attacking Another Captain

    The attacker's card face down: the defender's observation says a card is placed, not which; swapping it for
    another card changes nothing the defender sees; a re-deal for the defender changes it."""
    from plunder_helpers import at_step, hand
    from pirates_lab.plunder.actions import AttackCaptain, Fight, Secret

    state = _dealt(players=2, seed=1)
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    hand(state, p, ["Havana", "Open Sea"])
    state = at_step(state, p, "action", "give")
    state = state.apply(AttackCaptain(q)).apply(Fight()).apply(Secret("Havana"))
    assert state.observation(q)["combat"]["placed"] == {str(p): True} and "my_card" not in state.observation(q)["combat"]
    swapped = state.clone()
    card = next(n for n in sorted(swapped.deck) if n != "Havana" and swapped.card(n).kind != "storm")
    swapped._from_deck(card)
    swapped.deck["Havana"] = swapped.deck.get("Havana", 0) + 1
    top = swapped.agenda[-1]
    swapped.agenda[-1] = replace(top, data=replace(top.data, cards=((card,),)))
    swapped.validate()
    assert swapped.observation(q) == state.observation(q) and swapped.observation(p) != state.observation(p)
    redealt = {state.redeal_hidden(q, random.Random(seed)).combat.card_of(p) for seed in range(20)}
    assert len(redealt) > 1 and state.redeal_hidden(p, random.Random(0)).combat.card_of(p) == "Havana"


def test_every_refusal_names_a_rulebook_heading_and_changes_nothing():
    from pirates_lab.core import IllegalMove, rulebook
    from pirates_lab.plunder.actions import AttackPort, Buy, Give, PassAction, Play, Sail, Secret, Sell, StartTrade

    headings = set(rulebook("plunder").headings)
    probes = [Sail(9), Sail(0), Buy("Gold", 1), Buy("Sugar", 99), Sell("Rum", 5), Give("Kraken"), PassAction(),
              Play("Navigator"), StartTrade(), AttackPort(), Secret("Havana"), "not an action"]
    rng = random.Random(5)
    state = Game(players=3, max_turns=20).new_initial_state()
    refused = 0
    for _ in range(600):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            before = state.to_json()
            legal = state.legal_actions()
            for probe in probes:
                if probe in legal:
                    continue
                try:
                    state.apply(probe)
                except IllegalMove as error:
                    refused += 1
                    assert error.rule in headings, error
                    assert error.reason.endswith((".", "!", "?")), error.reason
                else:
                    assert state._is_legal(probe)      # a parameterised action the rules allow
            assert state.to_json() == before
        state = state.apply(state.chance_outcomes().sample(rng) if state.is_chance_node() else trader(state.view(), rng))
    assert refused > 500


@pytest.mark.parametrize("options", [{"mutiny": None}, {"mutiny": "\x00yes"}, {"win_silver": 0}, {"win_silver": "60"},
                                     {"win_silver": True}])
def test_bad_options_are_refused_with_a_sentence(options):
    from pirates_lab.core import InvalidInput
    with pytest.raises(InvalidInput) as error:
        Game(players=2, **options)
    assert str(error.value).endswith(".") and "\x00" not in str(error.value)


class _Leaky(Game):
    """A Plunder whose observation shows every hand (a leak the core's check must catch)."""

    def new_initial_state(self):
        from pirates_lab.plunder.state import State

        class LeakyState(State):
            def observation(self, player):
                seen = super().observation(player)
                seen["hands"] = [sorted(cap["hand"]) for cap in self.captains]
                return seen
        return LeakyState(self)


class _NoRedeal(Game):
    """A Plunder whose re-deal only copies (the core's check must catch it)."""

    def new_initial_state(self):
        from pirates_lab.plunder.state import State

        class CopyingState(State):
            def redeal_hidden(self, player, rng):
                return self.clone()
        return CopyingState(self)


@pytest.mark.parametrize("broken", [_Leaky, _NoRedeal])
def test_the_declared_hidden_cards_catch_a_leak_and_a_copy_for_a_redeal(broken):
    """The hands, the deck and the cards face down are declared (State.hidden_cards): check_protocol swaps them
    and re-deals; a leaking observation or a re-deal that changes nothing fails it, the real State passes."""
    with pytest.raises(AssertionError):
        check_protocol(broken(players=3, max_turns=3), seeds=range(1))
    check_protocol(Game(players=3, max_turns=3), seeds=range(1))


def test_the_docs_state_the_phase_table_and_the_game_counts_the_code_uses():
    """docs/plunder.md: its phase table is FLOW.table(), and the seeded games it counts are the tests' (issue 25)."""
    from pathlib import Path

    from pirates_lab.plunder.phases import FLOW

    docs = (Path(__file__).resolve().parents[2] / "docs" / "plunder.md").read_text(encoding="utf-8")
    assert FLOW.table() in docs
    words = " ".join(docs.split())
    assert f"the default run plays {GAMES} " in words and f"`pytest -m nightly` plays {NIGHTLY_GAMES:,}:" in words


def test_the_engine_is_one_shape_plain_functions_named_in_the_table_and_the_core_s_phase():
    """Issue 35 item 5: every column of the phase table is a plain function of a chapter module (no method-name
    string), the State is a FlowState with no mixins and no clone or phase of its own, and the step in progress is
    the core's Stage: a string with its rulebook heading, "game over" at the end."""
    import inspect

    from pirates_lab.core import FlowState, Stage
    from pirates_lab.plunder.phases import FLOW
    from pirates_lab.plunder.state import State

    for phase in FLOW.phases.values():
        for column in ("actions", "odds", "apply", "auto", "legal", "why"):
            ref = getattr(phase, column)
            assert ref is None or inspect.isfunction(ref), (phase.name, column, ref)
            if ref is not None:
                assert ref.__module__.startswith("pirates_lab.plunder."), (phase.name, column)
                assert next(iter(inspect.signature(ref).parameters)) == "state", (phase.name, column)
    assert State.__bases__ == (FlowState,)
    assert "clone" not in vars(State) and "phase" not in vars(State)
    state = Game(players=2).new_initial_state()
    assert isinstance(state.phase, Stage) and state.phase.rule == FLOW.phases[state.phase].rule
    state.agenda.clear()
    assert state.phase == "game over" and state.phase.rule == "Overview"
