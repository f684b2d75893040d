"""Pillage & Plunder on Core 2: the protocol checks, observations, re-deals, the phase table, bury any amount."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE, TERMINAL, FlowState, IllegalMove, Stage, is_json_plain, random_playout
from pirates_lab.core.testing import check_protocol
from pirates_lab.pillage_and_plunder import Game, State
from pirates_lab.pillage_and_plunder.game import FLOW, Act, Offer, Play, SellCargo
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, until_a_decision

from pillage_steps import to_play


def test_check_protocol_plain_game():
    finals = check_protocol(Game(players=3, max_turns=3), seeds=range(4))
    assert all(sum(f.returns()) == 1 for f in finals)


def test_check_protocol_every_variation():
    check_protocol(Game(players=4, max_turns=2, asset_liquidation=True, stealing_treasure_maps=True,
                        privateering=True, fleet_play=True), seeds=range(3))


def test_state_is_exported_and_turn_flow_has_one_table():
    assert State is type(Game(2).new_initial_state())
    table = FLOW.table()
    assert table.count("| predraw |") == 1
    assert "| repair | the next player who can pay for a repair | Stage 3: The repair stage |" in table
    assert set(FLOW.phases) >= {"deal", "predraw", "draw", "play", "discard", "battle_call", "volley", "melee_roll",
                                "melee_loss", "repair", "end_turn"}


def test_current_player_uses_the_constants():
    s = Game(2).new_initial_state()
    assert s.current_player() == CHANCE
    end = random_playout(Game(2, max_turns=1).new_initial_state(), random.Random(2))
    assert end.current_player() == TERMINAL and end.phase == "game over" and end.phase.rule == "Your Hoard"


def test_the_phase_is_the_cores_stage_named_with_its_rulebook_heading():
    """The one phase API (issue 35): ``state.phase`` is the core's Stage, the row's name carrying its heading;
    "game over" at the end, with the rule of the game's end (Your Hoard)."""
    s = to_play(scenario(2))
    assert isinstance(s.phase, Stage) and s.phase == "play" and s.phase.name == "play"
    assert s.phase.rule == "Stage 2: The draw and play stage"
    assert s.observation(0)["phase"] == "play"
    assert not hasattr(type(s), "phase") or type(s).phase is FlowState.phase     # no engine-own phase


def dealt(seed=5, players=3):
    return until_a_decision(Game(players).new_initial_state(), random.Random(seed))


def test_observation_hides_other_hands_and_the_deck():
    """Given a dealt game, When another player's hand or the draw piles change, Then player 0 sees no change;
    his own hand is listed, the others only counted."""
    s = dealt()
    seen = s.observation(0)
    assert is_json_plain(seen)
    assert seen["players"][0]["hand"] == sorted(s.players[0]["hand"])
    assert [seat["hand"] for seat in seen["players"][1:]] == [None, None]
    assert [seat["hand_size"] for seat in seen["players"]] == [5, 5, 5]
    assert seen["deck"] == sum(s.deck.values())
    for victim in (1, 2):
        changed = s.clone()
        hand = changed.players[victim]["hand"]
        swap = next(card for card in sorted(changed.deck) if card != hand[0])
        changed._draw_card(swap)
        changed.deck[hand[0]] = changed.deck.get(hand[0], 0) + 1
        hand[0] = swap
        changed.validate()
        assert changed.observation(0) == seen, f"player {victim}'s hand leaks into player 0's observation"


def test_observation_changes_when_own_hand_changes():
    s = dealt()
    changed = s.clone()
    changed.players[0]["hand"][0] = "Attack" if changed.players[0]["hand"][0] != "Attack" else "Cannon"
    assert changed.observation(0) != s.observation(0)


def test_redeal_keeps_the_observation_and_every_card():
    s = dealt(players=4)
    again = s.redeal_hidden(0, random.Random(9))
    assert again.observation(0) == s.observation(0)
    assert again.players[0]["hand"] == s.players[0]["hand"]
    assert [len(p["hand"]) for p in again.players] == [len(p["hand"]) for p in s.players]
    again.validate()
    assert any(again.players[i]["hand"] != s.players[i]["hand"] for i in (1, 2, 3)) or again.deck != s.deck


def test_buried_treasure_is_public():
    """Buried coins lie face up on the Bury Treasure card: everybody sees the amount.

    Rules: Pillage & Plunder › Treasure Maps
    """
    s = scenario(2)
    s.players[1]["maps"] = [1200]
    s._draw_card("Bury Treasure")
    assert s.observation(0)["players"][1]["maps"] == [1200]


def test_winners_and_returns_follow_the_win_rule():
    end = random_playout(Game(3, max_turns=2).new_initial_state(), random.Random(4))
    won = end.winners()
    best = max(end.worth(i) for i in end.alive())
    assert won and all(end.worth(i) == best for i in won)
    assert end.returns() == tuple(Fraction(1, len(won)) if i in won else 0 for i in range(3))
    assert Game(3).new_initial_state().returns() == (0, 0, 0)


# ------------------------------------------------------------------ bury any amount
def bury_position(hoard=3250):
    s = scenario(2)
    give(s, 0, "Bury Treasure", "Attack", "Attack")
    s.players[0]["hoard"] = hoard
    return at_step(s, "play")


@pytest.mark.parametrize("amount", [1, 37, 499, 1234, 3250])
def test_bury_accepts_every_amount_the_rule_allows(amount):
    """Given a hoard of 3,250, When burying any amount from 1 to 3,250, Then it is buried.

    Rules: Pillage & Plunder › Bury Treasure ("You may bury any amount of the treasure in your hoard")
    """
    s = bury_position()
    after = s.apply(Play("Bury Treasure", amount=amount))
    assert after.players[0]["maps"] == [amount] and after.players[0]["hoard"] == 3250 - amount


def test_bury_lists_a_few_amounts_for_random_play():
    s = bury_position()
    listed = [a.amount for a in s.legal_actions() if a.card == "Bury Treasure" and not a.discard]
    assert listed == [500, 1000, 1500, 2000, 2500, 3000, 3250]


@pytest.mark.parametrize("amount", [0, -5, 3251])
def test_bury_refuses_what_the_hoard_does_not_hold(amount):
    s = bury_position()
    before = s.to_json()
    with pytest.raises(IllegalMove) as error:
        s.apply(Play("Bury Treasure", amount=amount))
    assert error.value.rule == "Bury Treasure"
    assert s.to_json() == before


def test_bury_needs_the_card():
    s = scenario(2)
    give(s, 0, "Attack")
    s = at_step(s, "play")
    with pytest.raises(IllegalMove) as error:
        s.apply(Play("Bury Treasure", amount=100))
    assert error.value.rule == "Stage 2: The draw and play stage"


# ------------------------------------------------------------------ actions read well
def test_actions_read_as_words():
    assert str(SellCargo(0, "Rum 20 Units")) == "sell the Rum 20 Units on ship 1"     # counted from 1
    assert str(Offer(800)) == "offer 800 pieces of eight"
    assert str(Play("Attack", target=1)) == "play Attack on player 2"
    assert str(Act("fight on")) == "fight on"
    s = scenario(2)
    equip(s, 0, cargo=("Rum 20 Units",))
    assert "sell the Rum 20 Units on ship 1" in [str(a) for a in s.legal_actions()]


def test_the_docs_show_the_phase_table_as_it_is():
    from pathlib import Path
    docs = (Path(__file__).resolve().parents[2] / "docs" / "pillage_and_plunder.md").read_text(encoding="utf-8")
    assert FLOW.table() in docs


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(hoard=st.integers(0, 9000), amount=st.integers(-100, 9100))
def test_bury_is_legal_exactly_for_amounts_the_hoard_holds(hoard, amount):
    """Rules: Pillage & Plunder › Bury Treasure"""
    s = bury_position(hoard)
    action = Play("Bury Treasure", amount=amount)
    if 1 <= amount <= hoard:
        after = s.apply(action)
        assert after.players[0]["hoard"] + sum(after.players[0]["maps"]) == hoard
    else:
        with pytest.raises(IllegalMove):
            s.apply(action)


# ------------------------------------------------------------------ the leak checks see this game's hidden cards
class LeakyState(State):
    """A mutant that shows every hand to everybody."""

    def observation(self, player):
        seen = super().observation(player)
        seen["hands"] = [sorted(p["hand"]) for p in self.players]
        return seen


class LeakyGame(Game):
    def new_initial_state(self):
        return LeakyState(self)


def test_check_protocol_catches_a_hand_shown_to_the_other_seats():
    """The game declares its hidden cards (``hidden_cards``: each hand, seen by its player, and the draw piles), so
    the core's check swaps them itself: an observation that shows another seat's hand fails, the real one passes."""
    with pytest.raises(AssertionError):
        check_protocol(LeakyGame(players=2, max_turns=1), seeds=range(1))
    assert check_protocol(Game(players=2, max_turns=1), seeds=range(1))


def test_each_rulebook_heading_is_one_constant_of_headings_py():
    """One constant per rule heading (issue 35 item 5): every ``cite(...)`` of the package is in ``headings.py``, no
    heading is cited twice there, every constant is used elsewhere in the package, and no other module writes a heading
    as its own string constant (a module-level name bound to a heading's text)."""
    import ast
    from pathlib import Path

    from pirates_lab.core import rulebook
    from pirates_lab.pillage_and_plunder import headings

    package = Path(headings.__file__).parent
    from pirates_lab.pillage_and_plunder import components

    printed = set(rulebook("pillage_and_plunder").headings) - set(components.load().counts)    # "Attack" is a card too
    cited, constants_elsewhere, sources = [], [], {}
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        sources[path] = source
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "cite":
                cited.append((path.name, node.args[1].value))
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and node.value.value in printed
                    and path.name != "headings.py"):
                constants_elsewhere.append((path.name, node.value.value))
    assert cited and {name for name, _ in cited} == {"headings.py"}
    texts = [text for _, text in cited]
    assert len(texts) == len(set(texts)), sorted(t for t in texts if texts.count(t) > 1)
    assert constants_elsewhere == []
    names = [n for n in vars(headings) if n.startswith("RULE_")]
    unused = [n for n in names if not any(n in src for p, src in sources.items() if p.name != "headings.py")]
    assert unused == []
