"""Behaviour the post-port mutation sample (issue 21 item 3, ``random.Random(31)``) found untested.

Each test names the rulebook heading of the rule it guards, and fails with its mutant switched on
(``MUTANT_UNDER_TEST=<name>`` in the mutation clone's ``mutants/``; docs/plunder.md › Mutation testing).

Rules: Plunder › Setup
"""
import json
import random
import tomllib
from pathlib import Path

import pytest

from pirates_lab.core import IllegalMove, InvalidInput
from pirates_lab.plunder import Game
from pirates_lab.plunder.actions import (Attack, AttackCaptain, AttackPort, Board, Explore, Fight, Flee, Marque,
                                         PassAction, Play, Secret, TakeAbandoned, TakePrize)
from pirates_lab.plunder.components import components, describe, load_components

from plunder_helpers import at_step, fresh, from_deck, hand, lay, play, ship

DATA = Path(__file__).resolve().parents[2] / "pirates_lab" / "plunder" / "data" / "cards.toml"


# ---------------------------------------------------------------- a data file written from a table
def _toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value) if isinstance(value, str) else str(value)


def _write(tmp_path, raw) -> Path:
    """The raw table (as tomllib reads the shipped file) written back as TOML."""
    lines = []
    for table in ("rules", "pinnace"):
        lines.append(f"[{table}]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in raw[table].items()]
    for card in raw["card"]:
        lines.append("[[card]]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in card.items()]
    path = tmp_path / "cards.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _raw():
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def test_the_table_writer_gives_back_the_shipped_deck(tmp_path):
    """Given the shipped file read raw and written back, Then it loads as the very same deck."""
    assert load_components(_write(tmp_path, _raw())) == components()


def _small_deck(size: int) -> dict:
    """The fewest cards that keep every kind (one copy each, two Ports, the Spanish ships), topped up with
    Open Sea cards (at least the 4 of the setup) to ``size`` cards in all."""
    raw = _raw()
    kept, ports = [], 0
    for card in raw["card"]:
        if card["kind"] == "port":
            ports += 1
            if ports > 2:
                continue
        if card["kind"] == "ship" and card.get("nation") not in ("Spain", None):
            continue
        if card["kind"] == "war" and card["nation"] not in ("Spain", "England"):
            continue
        kept.append(dict(card, count=1))
    open_sea = next(c for c in kept if c["kind"] == "open_sea")
    open_sea["count"] = size - (sum(c["count"] for c in kept) - 1)
    assert open_sea["count"] >= 4, "the smallest deck is already too big for this test"
    raw["card"] = kept
    assert sum(c["count"] for c in kept) == size
    return raw


def test_a_deck_must_hold_four_hands_of_six_beside_tortuga_and_the_first_sea(tmp_path):
    """Rules: Plunder › Setup

    Given decks of 33 and 32 cards, When they are loaded, Then 33 loads (33 - Tortuga - 4 Open Sea = 28 =
    4 hands of 6 + 4 to draw) and 32 is refused with its sentence."""
    assert load_components(_write(tmp_path, _small_deck(33))).size == 33
    with pytest.raises(InvalidInput) as error:
        load_components(_write(tmp_path, _small_deck(32)))
    assert str(error.value) == "The deck is too small to deal 6 cards to 4 captains."


def test_a_card_met_at_no_place_is_refused_by_name(tmp_path):
    """Rules: Plunder › Resolve the Encounter

    Given the Natives met at a 'reef' (not a map card), When the file is loaded, Then it is refused with the
    encounter named, before the Natives' own check."""
    raw = _raw()
    natives = next(c for c in raw["card"] if c["kind"] == "natives")
    natives["encounter"] = "reef"
    with pytest.raises(InvalidInput) as error:
        load_components(_write(tmp_path, raw))
    assert str(error.value) == ("card 'Natives': encounter 'reef' is not a place "
                                "(tortuga, open_sea, port, coastland).")


def test_a_card_described_in_one_line():
    """Rules: Plunder › Setup (the cards' numbers, as the data file gives them)

    Given a merchant ship, a Port, the Pirates (no nation) and the Storm, Then each is one line for people."""
    deck = components()
    assert describe(deck.card("Spanish Sloop")) == ("Spanish Sloop (number 4; loot 4 Sugar) — speed 4, cannon 1, "
                                                     "crew 2, cargo 2, value 8, Spain")
    assert describe(deck.card("Pirates")) == ("Pirates (number 5; loot 5 Rum) — speed 3, cannon 3, crew 3, cargo 2, "
                                              "value 12")
    assert describe(deck.card("Havana")) == ("Havana (number 3; loot 3 Sugar) — Spain; buy {'Sugar': 1, "
                                             "'Tobacco': 2}; sell {'Rum': 5, 'Spices': 6}; garrison 6")
    assert describe(deck.card("Storm")) == "Storm (number 0; loot 0 Sugar)"


# ---------------------------------------------------------------- War: a Letter of Marque
def test_a_letter_sought_with_a_card_not_in_hand_cites_the_action():
    """Rules: Plunder › Action

    Given a captain in Port Royal (England) while Spain and England are at war, When they seek the Letter of
    Marque with a card they do not hold, Then it is refused under Action with the card named, and nothing
    changes."""
    state = fresh(players=3)
    p = state.first
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    hand(state, p, ["Coastland"])
    state = at_step(state, p, "action", "give")
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Marque("Navigator"))
    assert error.value.rule == "Action"
    assert error.value.reason == "Place a card from your hand face down ('Navigator' is not in it)."
    assert state.to_json() == before


# ---------------------------------------------------------------- Captured Ships: the log of a prize
def _won(p_ship, seat):
    """Captain ``seat + 1`` (on turn) has just boarded and won a Spanish Sloop."""
    state = fresh(players=3)
    p = seat
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, ["Havana"])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board())
    assert state.phase == "prize"
    return state


@pytest.mark.parametrize("seat", [0, 2])
def test_sailing_a_prize_is_logged_with_the_captains_number(seat):
    """Rules: Plunder › Captured Ships

    Given Captain 1 or 3 who won a Spanish Sloop sailing an English Sloop, When they sail the prize (the old ship
    discarded) or swap (the old ship follows), Then the log says so, captains numbered from 1."""
    state = _won("English Sloop", seat).apply(TakePrize("sail"))
    assert f"Captain {seat + 1} sails Spanish Sloop as their own ship." in state.log
    state = _won("English Sloop", seat).apply(TakePrize("swap"))
    assert (f"Captain {seat + 1} sails Spanish Sloop as their own ship; English Sloop follows as a Captured Ship."
            in state.log)


# ---------------------------------------------------------------- the log of an attack and of a card played
def _in_port(port, cards):
    state = fresh(players=3)
    p = state.first
    lay(state, (1, 0), port)
    state.captains[p]["at"] = (1, 0)
    hand(state, p, cards)
    return at_step(state, p, "action", "give"), p


def test_attacking_a_port_is_logged_with_the_captains_number():
    """Rules: Plunder › Combat

    Given a captain in Havana, When they attack the Port, Then the log names them (numbered from 1) and the Port."""
    state, p = _in_port("Havana", [])
    state = state.apply(AttackPort())
    assert f"Captain {p + 1} attacks Havana (Combat)." in state.log


@pytest.mark.parametrize("card", ["Bottle of Rum", "Sneak into Port"])
def test_a_card_that_opens_trade_is_logged_with_the_captains_number(card):
    """Rules: Plunder › Action

    Given a captain in Havana holding Bottle of Rum or Sneak into Port, When they play it, Then the log says they
    may trade there, plunder included, and names them from 1."""
    state, p = _in_port("Havana", [card])
    state = state.apply(Play(card))
    assert f"Captain {p + 1} plays {card} and may trade here, plunder included." in state.log
    assert state.discard.get(card) == 1 and state.phase == "trade"


# ---------------------------------------------------------------- options, the deal, the observation
@pytest.mark.parametrize("win,shown_as", [(0, "'0'"), ("60", "'60'"), (True, "'True'")])
def test_a_bad_target_is_refused_with_what_was_given(win, shown_as):
    """Rules: Plunder › Overview (the first captain to 60 silver wins; a lesson may change the target)"""
    with pytest.raises(InvalidInput) as error:
        Game(players=2, win_silver=win)
    assert str(error.value) == f"win_silver must be a positive whole number or None, not {shown_as}."


def test_during_the_deal_the_first_captain_is_on_turn():
    """Rules: Plunder › Setup

    Given a game whose first draw chose the First Captain, When the cards are being dealt (a chance step), Then
    every captain's view shows the First Captain on turn, and so does the state's one line."""
    for seed in range(4):
        state, rng = Game(players=3).new_initial_state(), random.Random(seed)
        while state.phase != "deal":
            state = state.apply(state.chance_outcomes().sample(rng))
        assert state.is_chance_node()
        assert all(state.observation(q)["current"] == state.first for q in range(3))
        assert f"(captain {state.first + 1} on turn)" in str(state)


def test_every_captain_sees_the_wars_in_play():
    """Rules: Plunder › War

    Given Spain and England at war (the card with the Herald), Then every captain's view lists that war."""
    state, p = _in_port("Port Royal", [])
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    assert all(state.observation(q)["wars"] == [["War is Declared: Spain", "England"]] for q in range(3))


# ---------------------------------------------------------------- sample 2 (Random(32)): refusals, the deal, the view
def test_staying_in_an_enemy_port_is_refused_with_the_whole_sentence():
    """Rules: Plunder › Action

    Given a Spanish enemy in Havana, When they pass the action, Then the refusal cites Action and says, whole,
    that they must attack it unless they play Bottle of Rum or Sneak into Port."""
    state, p = _in_port("Havana", [])
    state.captains[p]["flags"] = ["Spain"]
    with pytest.raises(IllegalMove) as error:
        state.apply(PassAction())
    assert error.value.rule == "Action"
    assert error.value.reason == ("Havana is an enemy Port: you MUST attack it, unless you play Bottle of Rum or "
                                  "Sneak into Port.")


def test_a_port_of_a_nation_with_no_flag_left_cannot_be_attacked():
    """Rules: Plunder › Enemies

    Given all six Spanish flags out (three captains' mats, three wars on the other nations), When a fourth captain
    in Havana attacks the Port, Then it is refused under Enemies: Spain cannot become their enemy."""
    state = fresh(players=4)
    p = state.first
    for q in range(4):
        if q != p:
            state.captains[q]["flags"] = ["Spain"]
    for nation in ("England", "France", "Netherlands"):
        from_deck(state, f"War is Declared: {nation}")
        state.wars.append([f"War is Declared: {nation}", "Spain"])
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, [])
    state = at_step(state, p, "action", "give")
    assert AttackPort() not in state.legal_actions()
    with pytest.raises(IllegalMove) as error:
        state.apply(AttackPort())
    assert error.value.rule == "Enemies"
    assert error.value.reason == ("The Herald has no Spain flag left: Spain cannot become your enemy, so you cannot "
                                  "attack its Port.")


def test_the_end_of_the_deal_is_logged():
    """Rules: Plunder › Setup

    Given a new game dealt to its first decision, Then the log says every captain holds 6 cards and that a Storm
    dealt is replaced and shuffled back."""
    state = fresh(players=3)
    assert ("Every captain holds 6 cards; a Storm dealt is replaced and shuffled back (so it never reaches a hand)."
            in state.log)


def test_every_captain_sees_the_quartermasters_goods():
    """Rules: Plunder › Setup (the Quartermaster holds the goods: 12 of each)

    Given a new game and then a captain who bought 2 Sugar, Then every view shows the supply left, good by good."""
    state = fresh(players=3)
    assert all(state.observation(q)["goods"] == {"Sugar": 12, "Tobacco": 12, "Rum": 12, "Spices": 12}
               for q in range(3))
    state.goods["Sugar"] -= 2
    state.captains[0]["cargo"]["Sugar"] = state.captains[0]["cargo"].get("Sugar", 0) + 2
    assert all(state.observation(q)["goods"]["Sugar"] == 10 for q in range(3))


def test_after_seven_ties_the_cards_drawn_last_go_so_a_hand_holds_six():
    """Rules: Plunder › Setup — the First Captain: the highest card; tied captains draw again, and the cards drawn
    stay in hand.

    Given two captains who tie seven times (four Open Seas each, two Coastlands, a Natives) and then draw
    Havana (3) and Cartagena (4), When the game starts, Then captain 2 is the First Captain (the log names the
    roles) and each captain discards the two cards drawn last, keeping six."""
    state = Game(players=2).new_initial_state()
    ties = ["Open Sea"] * 4 + ["Coastland"] * 2 + ["Natives"]         # numbers 1, 1, 1, 1, 2, 2, 3
    plan = {0: ties + ["Havana"], 1: ties + ["Cartagena"]}
    while state.phase == "first_draw":
        state = state.apply(plan[state.flow.top(state).player].pop(0))
    assert plan == {0: [], 1: []} and state.first == 1
    # the roles from the First Captain's left (with two captains: the other, then themselves), the Dealer on the right
    assert ("Captain 2 is the First Captain; Tortuga's North points to them. Treasurer: captain 1, Quartermaster: "
            "captain 2, Herald: captain 1, Dealer: captain 1.") in state.log
    for p, last in ((0, "Havana"), (1, "Cartagena")):
        assert f"Captain {p + 1} discards {last}: a hand holds 6 cards." in state.log
        assert f"Captain {p + 1} discards Natives: a hand holds 6 cards." in state.log
        assert sorted(state.hand(p)) == ["Coastland"] * 2 + ["Open Sea"] * 4
    assert state.discard == {"Havana": 1, "Cartagena": 1, "Natives": 2}


# ---------------------------------------------------------------- sample 3 (Random(33))
def test_a_boarding_won_against_a_pinnace_takes_only_the_cargo():
    """Rules: Plunder › Attacking Another Captain — the loser of the Boarding loses the ship; the winner takes it
    (not a Pinnace) and its cargo.

    Given captain p on an English Brigantine (cannon 2, crew 3) against captain q on the Pinnace (cannon 1, crew 2)
    with 1 Rum, both placing no card, When p wins the Broadside and the Boarding, Then the log says p takes q's
    cargo (no ship named), and the Rum is p's loot."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, p, "English Brigantine")
    state.captains[q]["cargo"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""), Secret(""), Board(),
                 Secret(""), Secret(""))
    assert f"Captain {p + 1} wins the Boarding and takes captain {q + 1}'s cargo." in state.log
    assert state.captains[p]["loot"] == {"Rum": 1} and not state.captains[q]["cargo"]
    state.validate()


def test_taking_an_abandoned_ship_is_logged_with_both_captains():
    """Rules: Plunder › Attacking Another Captain — a fleeing defender may abandon their Captured Ship; the attacker
    may take it instead of fighting.

    Given captain q fleeing and abandoning the Dutch Galleon, When captain p takes it, Then the log names the ship
    and both captains, numbered from 1."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True), TakeAbandoned(True))
    assert f"Captain {p + 1} forgoes the combat and takes Dutch Galleon from captain {q + 1}." in state.log


def test_a_ship_card_without_cannons_is_refused_by_name(tmp_path):
    """Rules: Plunder › Broadside (a ship fights with its Cannon)

    Given the Spanish Sloop's cannon set to 0 in the data file, When it is loaded, Then the sentence names the card."""
    raw = _raw()
    next(c for c in raw["card"] if c["name"] == "Spanish Sloop")["cannon"] = 0
    with pytest.raises(InvalidInput) as error:
        load_components(_write(tmp_path, raw))
    assert str(error.value) == "card 'Spanish Sloop': cannon must be at least 1, not 0."


def test_a_defender_who_flees_is_logged_and_so_is_an_abandoned_ship():
    """Rules: Plunder › Attacking Another Captain — the defender may flee, and may abandon the Captured Ship.

    Given captain q attacked by captain p, When q flees keeping the Captured Ship, or flees abandoning it, Then the
    log says so, captains numbered from 1."""
    def attacked():
        state = fresh()
        p = state.first
        q = 1 - p
        for seat in (p, q):
            state.captains[seat]["at"] = (1, 0)
        from_deck(state, "Dutch Galleon")
        state.captains[q]["captured"] = "Dutch Galleon"
        hand(state, p, [])
        hand(state, q, [])
        return play(at_step(state, p, "action", "give"), AttackCaptain(q)), q

    state, q = attacked()
    assert f"Captain {q + 1} tries to flee." in state.apply(Flee("", False)).log
    state, q = attacked()
    assert f"Captain {q + 1} abandons the Captured Ship Dutch Galleon to flee." in state.apply(Flee("", True)).log


def test_exploring_twice_before_a_move_is_refused_with_the_whole_sentence():
    """Rules: Plunder › Sail and Explore — Explore, Move, Draw, in sequence.

    Given a captain who has explored Havana, When they explore the Coastland before moving, Then the refusal cites
    Sail and Explore and says, whole, to move first or stop."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Havana", "Coastland"])
    state = play(at_step(state, p, "sail", "action", "give"), Explore((2, 0), "Havana"))
    with pytest.raises(IllegalMove) as error:
        state.apply(Explore((1, 1), "Coastland"))
    assert error.value.rule == "Sail and Explore"
    assert error.value.reason == ("You explore once before each move (Explore, Move, Draw, in sequence): move first, "
                                  "or stop.")


def test_every_captain_sees_the_bank():
    """Rules: Plunder › Setup — the Treasurer pays each captain 5 silver from the bank (400, ours).

    Given three captains dealt, Then every view shows 385 silver left in the bank."""
    state = fresh(players=3)
    assert all(state.observation(q)["bank"] == 400 - 3 * 5 for q in range(3))


def test_an_abandoned_ship_let_go_is_discarded_and_the_chase_goes_on():
    """Rules: Plunder › Attacking Another Captain — the attacker may take the abandoned ship instead of fighting;
    if not, the defender flees: the Engagement is fought.

    Given captain q fleeing and abandoning the Dutch Galleon, When captain p lets it go, Then it is discarded, and
    both captains place a card face down for the Engagement (a speed 2 against 2: the tie goes to the attacker)."""
    state = fresh()
    p = state.first
    q = 1 - p
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True), TakeAbandoned(False))
    assert state.discard.get("Dutch Galleon") == 1 and state.captains[q]["captured"] is None
    assert state.phase == "secret" and state.observation(q)["combat"]["step"] == "engagement"
    state = play(state, Secret(""), Secret(""))
    assert (f"Cards revealed (engagement): captain {p + 1} 2 against captain {q + 1} 2; ties to the attacker."
            in state.log)
