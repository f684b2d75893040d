"""Pillage & Plunder on Core 2: the protocol checks, observations, re-deals, the phase table, bury any amount."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from pirates_lab.core import (CHANCE, CorruptSave, FlowState, IllegalMove, is_json_plain, play, random_playout, Stage,
                              TERMINAL)
from pirates_lab.core.testing import check_protocol, refused
from pirates_lab.pillage_and_plunder import Game, State
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import (Act, FLOW, Game, new_game, Offer, Play, Repair, SellCargo, StealDebt,
                                                  StealMap)
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship, until_a_decision

from pillage_steps import MERCHANT, run, to_play, won_battle


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


# ------------------------------------------------------------------ set-up steps of the folded tests


def bury(s, amount: int):
    s._draw_card("Bury Treasure")
    s.players[0]["maps"].append(amount)


def overload(s, card: str, n: int):
    """Put ``n`` more ``card`` aboard player 2's Sloop, taken from the draw piles (the card count stays right)."""
    for _ in range(n):
        s._draw_card(card)
    if card == "Cannon":
        ship(s, 1)["cannons"] += n
    else:
        ship(s, 1)["crew"] += [card] * n


def sink(s, player: int) -> list:
    """Take every ship of ``player`` off the table; its cards, to be laid on the discard pile."""
    cards = []
    for sh in s.players[player]["ships"]:
        cards += [level["hull"] for level in sh["hulls"]] + ["Cannon"] * sh["cannons"] + sh["crew"] + sh["cargo"]
    s.players[player]["ships"] = []
    return cards


def rejected(s, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalMove) as error:
        s.apply(action)
    assert error.value.rule == rule, error.value
    assert s.to_json() == before


def seeded_games(count: int):
    """``count`` seeded random games: 2-6 players, the variations mixed by seed, 4 rounds each."""
    for seed in range(count):
        options = dict(asset_liquidation=seed % 2 == 0, stealing_treasure_maps=seed % 3 == 0,
                       privateering=seed % 4 < 2, fleet_play=seed % 5 == 0)
        yield random_playout(new_game(2 + seed % 5, max_turns=4, **options), random.Random(seed))


def check_finished(end) -> None:
    assert end.is_terminal() and end.winners()
    end.validate()
    assert sum(end.returns()) == 1


def test_the_observation_shows_the_battle_as_it_stands():
    """What every seat sees of a battle: the sides (a navy's owner among them), the stage, the terms on offer.

    Given player 2 offering terms at the start of stage 2, Then the observation shows the offer in full; given the
    French Navy sent by player 1 after player 2, Then it shows the navy's card, damage, crew and owner.
    """
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Rum 10 Units",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Offer(100, cargo=("Rum 10 Units",), crew=("Cutlass Crewman",), cannons=1))
    seen = s.observation(0)["battle"]
    assert seen == {"kind": "player", "attacker": {"type": "player", "player": 0, "ship": 0},
                    "defender": {"type": "player", "player": 1, "ship": 0}, "stage": 2, "doctors_used": [],
                    "offer": {"coins": 100, "maps": [], "cargo": ["Rum 10 Units"], "crew": ["Cutlass Crewman"],
                              "cannons": 1}}
    s = to_play(scenario(2))
    s._draw_card(MERCHANT)
    s.players[1]["prizes"].append(MERCHANT)
    give(s, 0, "French Navy")
    s = s.apply(Play("French Navy", target=1))
    assert s.observation(1)["battle"]["attacker"] == {"type": "navy", "card": "French Navy", "damage": 0, "crew": 8,
                                                      "owner": 0}


@pytest.mark.parametrize("break_it, message", [
    (lambda s: s.players[0].update(hoard=-5), "player 1 has negative money"),
    (lambda s: overload(s, "Cannon", 3), "player 2's ship 1 is over capacity"),
    (lambda s: overload(s, "Cutlass Crewman", 2), "player 2's ship 1 is over capacity"),
    (lambda s: s.discard.append("Kraken"), "the cards do not add up to the 298 of the box: Kraken 1 .the box has 0."),
    (lambda s: bury(s, 0), "player 1 has a treasure map of no money"),
    (lambda s: s.discard.extend(sink(s, 1)), "player 2 has no ship but is not eliminated"),
])
def test_validate_names_what_is_wrong(break_it, message):
    """A position that breaks a rule of the table is refused naming the player and ship as a person counts them."""
    s = scenario(2)
    break_it(s)
    with pytest.raises(ValueError, match=message):
        s.validate()


def test_the_log_counts_players_from_one_everywhere():
    """Players are numbered from 1 in every log line (issue 19 item 6): seat 1's moves are "Player 2"'s."""
    s = scenario(2)
    s._draw_card("Attack")
    s.discard.append("Attack")
    s = at_step(s, "draw", 1).apply(Act.TAKE_DISCARD)
    assert "Player 2 takes Attack from the discard pile." in s.log
    s = scenario(2, privateering=True)
    s.current = 1
    give(s, 1, "Dutch Navy", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Dutch Navy", privateer=True))
    assert "Player 2 sails as a privateer for the Dutch." in s.log
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Fruit 10 Units",))
    give(s, 0, "Rats in Cargo")
    assert "Player 2 loses Fruit 10 Units." in s.apply(Play("Rats in Cargo", target=1)).log
    s = scenario(2)
    s._draw_card("Bury Treasure")
    s.players[1]["maps"] = [300]
    s = run(won_battle(s), StealMap(0), (1, 2))
    assert "Player 1 rolls (1, 2): no doubles, the map stays." in s.log
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 300}
    s = run(won_battle(s), StealDebt(), (1, 2))
    assert "Player 1 rolls (1, 2): no doubles." in s.log


def test_the_observation_names_the_step():
    s = scenario(2)
    assert s.observation(1)["phase"] == "predraw" and s.observation(1)["to_act"] == 0


def test_the_refused_helper_fails_when_a_move_is_accepted_or_refused_under_another_rule():
    import random

    from pirates_lab.pillage_and_plunder import Game
    from pirates_lab.pillage_and_plunder.scenarios import until_a_decision

    state = until_a_decision(Game(players=2).new_initial_state(), random.Random(0))
    legal = state.legal_actions()[0]
    with pytest.raises(AssertionError, match="was accepted"):
        refused(state, legal, "Attack")


def test_players_and_ships_are_numbered_from_one_in_everything_a_person_reads():
    """Players (and ships, maps) are numbered from 1 in the log, the actions' words and the refusals; seat
    indices in code stay 0-based (issue 19 item 6).

    Given seat 0's turn, When it plays an Attack on seat 1, Then the log says "Player 1 attacks player 2", the
    action reads "play Attack on player 2", and the state reads "player 1's turn".
    """
    s = to_play(scenario(2))
    give(s, 0, "Attack")
    assert str(Play("Attack", target=1)) == "play Attack on player 2"
    assert str(Repair(0)) == "repair one damage on ship 1" and str(StealMap(0)) == "try to steal treasure map 1"
    assert str(s) == "Pillage & Plunder: player 1's turn, phase play"
    after = s.apply(Play("Attack", target=1))
    assert "Player 1 attacks player 2." in after.log


def test_a_refusal_quotes_what_the_user_typed_safely():
    """Issue 24 item 1: a refusal echoes a user's value quoted, escaped and short (``shown``).

    Given the play step, When a card name with a newline and an escape sequence is played, Then the refusal is
    one line quoting it; When a ship that does not exist is named, Then it is named as the user counts ships.
    """
    from pirates_lab.core.testing import refused

    s = to_play(scenario(2))
    error = refused(s, Play("Rum\n\x1b[2J" + "x" * 80), "Stage 2: The draw and play stage")
    assert "\n" not in str(error) and "\x1b" not in str(error)
    assert "'Rum\\n\\x1b[2Jxxx" in error.reason and "…'" in error.reason
    give(s, 0, "Cannon")
    error = refused(s, Play("Cannon", ship=4), "Fleet Play")
    assert error.reason == "You have no ship number '5'."
    error = refused(s, Play("Cannon", ship="x"), "Stage 2: The draw and play stage")     # a value of the wrong kind
    assert "Play(card='Cannon'" in error.reason and "ship='x'" in error.reason
    assert "is not a Pillage & Plunder move" in error.reason


def test_illegal_moves_name_their_rule():
    s = to_play(scenario(3))
    give(s, 0, "Galleon", "Schooner", "Attack", "Scurvy", "French Navy", "Crow's Nest", "Crow's Nest")
    rejected(s, Play("Galleon"), "Buy Ship")                   # not exactly one level higher
    ship(s, 0)["damage"] = 1
    rejected(s, Play("Schooner"), "Buy Ship")                  # damaged
    ship(s, 0)["damage"] = 0
    rejected(s, Play("French Navy", target=1), "Play Navy Ship")   # no French prize
    rejected(s, SellCargo(0, "Rum 10 Units"), "Sell Cargo")                  # only in the pre-draw stage
    rejected(s, Act("work"), '"Working" – An Alternative For Desperate Pirates')
    s2 = s.apply(Play("Attack", target=1))
    assert s2.current_player() in (0, 1)
    s3 = s.apply(Play("Scurvy", target=1))
    rejected(s3, Play("Attack", target=1), "Stage 2: The draw and play stage")   # one card per opponent
    s4 = s.apply(Play("Crow's Nest"))
    rejected(s4, Play("Crow's Nest"), "Buy Ship Add-On")       # one of each type
    pre = scenario()
    rejected(pre, Play("Attack", target=1), "Stage 1: The pre-draw stage")


def test_save_load_round_trips_and_corrupt_saves():
    rng = random.Random(7)
    game = play(new_game(3, max_turns=3, stealing_treasure_maps=True, privateering=True), rng=random.Random(8))
    checked = 0
    for step in game:
        if rng.random() < 0.1:
            text = step.state.to_json()
            back = step.state.game.load_state(text)
            assert back.to_json() == text
            assert back.legal_actions() == step.state.legal_actions()
            checked += 1
    s = game.state
    assert checked > 5 and s.is_terminal()
    text = s.to_json()
    with pytest.raises(CorruptSave):
        s.game.load_state(text.replace('"hoard": ', '"hoard": 1', 1))
    data = json.loads(text)
    data["state"]["deck"]["Attack"] = 99
    from pirates_lab.core.saveload import _checksum
    body = {k: data[k] for k in ("format", "version", "game", "options", "state")}
    data["checksum"] = _checksum(body)
    with pytest.raises(CorruptSave):
        s.game.load_state(json.dumps(data))                     # 298 cards no longer add up


def test_random_games_replay_identically():
    a = random_playout(new_game(4, max_turns=4), random.Random(3))
    b = random_playout(new_game(4, max_turns=4), random.Random(3))
    assert a.to_json() == b.to_json()


def test_one_hundred_seeded_random_games():
    """Sized for the suite: 100 games (every mix of players and variations, about 4 s on one core).
    The 1,000-game run is nightly, and timed in benchmarks/bench_pillage_and_plunder.py."""
    for end in seeded_games(100):
        check_finished(end)


@pytest.mark.nightly
def test_one_thousand_random_games():
    for end in seeded_games(1000):
        check_finished(end)
