"""The rules of Combat: Enemies, Engagement, Broadside, Boarding and the Results of a Combat.

Rules: Plunder › Combat
"""
import re
from fractions import Fraction

import pytest

from pirates_lab.core import IllegalMove, InvalidInput
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import (AddCard, Attack, AttackCaptain, AttackPort, Board, Buy, Fight, Flee, Give,
                                         LetGo, Secret, Sink, StartTrade, TakePrize)
from pirates_lab.plunder.components import load_components
from pirates_lab.plunder.headings import RULE_ENEMIES
from pirates_lab.plunder.odds import npc_chain, npc_chain_odds, side_of

from plunder_helpers import (_action, _at_sea_against, _engine_wins_the_broadside, _in_port_holding, _meeting,
                             _port_boarding, _raw, _spain_out_of_flags, _unseen_numbers, _write, at_step, DATA_NUMBER,
                             fresh, from_deck, hand, lay, pirates_attack, play, ship, to_deck)


def test_attacking_a_port_skips_the_engagement_and_boards_the_garrison():
    """Rules: Plunder › Combat"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Sint Eustatius")                 # cannon 2, garrison 3
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "Spanish Galleon")                     # cannon 3, crew 4
    hand(state, p, [])
    state = play(at_step(state, p, "action", "give"), AttackPort())
    assert state.legal_actions() == (Board(),) and "Netherlands" in state.captains[p]["flags"]
    state = play(state, Board(), "Havana")               # loot 3 Sugar, hold 5
    assert state.captains[p]["loot"] == {"Sugar": 3} and state.sea[(1, 0)] == "Sint Eustatius"


def test_refusals_in_each_step_of_a_combat_name_the_step():
    """Rules: Plunder › Combat"""
    met = _meeting("Spanish Galleon")
    cases = [
        (met, Board(), "Resolve the Encounter", "A merchant ship played to you: attack it or let it go."),
        (met.apply(Attack()), Board(), "Broadside", "If the enemy's Cannon is higher you may add one card"),
        (_meeting("Spanish Sloop").apply(Attack()), Board(), "Engagement", "Add one card from your hand (or none)"),
        (_port_boarding(), AddCard("Kraken"), "Boarding", "If the enemy's Crew is higher you may add one card"),
    ]
    two = fresh()
    p, q = two.first, 1 - two.first
    for seat in (p, q):
        two.captains[seat]["at"] = (1, 0)
    hand(two, p, [])
    cases.append((play(at_step(two, p, "action", "give"), AttackCaptain(q), Fight()), Secret("Kraken"),
                  "Attacking Another Captain", "Place one card of your hand face down, or none."))
    cases.append((at_step(fresh(), fresh().first, "give"), Give("Kraken"), "Play an Encounter",
                  "You must play one card from your hand as an Encounter to the captain on your left."))
    for state, move, rule, words in cases:
        with pytest.raises(IllegalMove) as error:
            state.apply(move)
        assert error.value.rule == rule and words in error.value.reason, (state.phase, error.value)


def test_attacking_a_port_is_logged_with_the_captains_number():
    """Rules: Plunder › Combat

    Given a captain in Havana, When they attack the Port, Then the log names them (numbered from 1) and the Port."""
    state, p = _in_port_holding("Havana", [])
    state = state.apply(AttackPort())
    assert f"Captain {p + 1} attacks Havana (Combat)." in state.log


def test_no_spanish_ship_is_attacked_when_the_herald_has_no_spanish_flag_left():
    """Rules: Plunder › Enemies

    Given all six Spanish flags out (three captains' mats, three wars), When a fourth captain meets a Spanish Sloop,
    Then they cannot attack it (no flag to place in the Enemies space): they let it go."""
    state, p = _spain_out_of_flags()
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = at_step(state, p, "encounter", "action", "give")
    assert state.legal_actions() == (LetGo(),)
    assert "The Herald has no Spain flag left" in refused(state, Attack(), RULE_ENEMIES).reason
    state.validate()


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


def test_pirates_attack_a_captain_on_the_open_sea_and_flight_needs_the_speed():
    """Rules: Plunder › Engagement"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Open Sea")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Bottle of Rum", "Open Sea"])       # numbers 6 and 1; the Pinnace has speed 2
    from_deck(state, "Pirates")
    state.encounters[p] = "Pirates"
    state = at_step(state, p, "encounter", "pay", "sail", "action", "give")
    assert state.phase == "engage"
    # When fleeing with Open Sea (2 + 1 = 3 against speed 3): equal is enough to escape (printed for Flee)
    after = state.apply(Flee("Open Sea"))
    assert after.combat is None and after.discard.get("Pirates") == 1 and after.phase == "sail"
    # When fleeing with no card: 2 against 3, the Pirates catch up: Broadside, cannon 1 against 3
    caught = state.apply(Flee(""))
    assert caught.phase == "broadside"
    sunk = caught.apply(AddCard("Open Sea"))            # 1 + 1 < 3: the ship is sunk, the turn ends
    assert sunk.captains[p]["lost"] and sunk.captains[p]["hand"] == [] and sunk.current != p or sunk.round > 1


def test_a_faster_merchant_escapes_unless_a_card_makes_up_the_speed():
    """Rules: Plunder › Engagement"""
    state, p = _at_sea_against("Spanish Sloop", ["Open Sea", "Coastland"])   # speed 4 against 2
    state = state.apply(Attack())
    assert "Spain" in state.captains[p]["flags"]          # Enemies, before the Engagement
    escaped = state.apply(AddCard("Open Sea"))            # 2 + 1 < 4
    assert escaped.combat is None and escaped.discard.get("Spanish Sloop") == 1
    caught = state.apply(AddCard("Coastland"))            # 2 + 2 = 4: equal catches it
    assert caught.phase == "sink_or_board"           # cannon 1 against 1: at least equal


def test_a_captured_ship_does_not_count_to_reach_but_slows_the_catch_up():
    """Rules: Plunder › Engagement"""
    state, p = _at_sea_against("Spanish Brigantine", ["Open Sea"], p_ship="English Sloop")   # speed 4 against 3
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"                                       # speed 2
    state = state.apply(Attack())
    assert state.phase == "broadside"              # own speed 4 reaches 3: no card needed
    state2, p = _at_sea_against("Spanish Sloop", ["Open Sea", "Coastland"], p_ship="English Brigantine")  # 3 < 4
    from_deck(state2, "Dutch Galleon")
    state2.captains[p]["captured"] = "Dutch Galleon"
    state2 = state2.apply(Attack())
    assert state2.phase == "engage"
    assert state2.apply(AddCard("Open Sea")).combat is None       # 2 (the lower) + 1 < 4: it escapes (3 + 1 would not)


def test_no_chase_when_pirates_attack():
    """Rules: Plunder › Engagement

    Given Pirates, "who always attack", When the odds are asked for an Engagement they attack in, Then the input is
    refused with a sentence (a captain who stands to fight goes to the Broadside)."""
    with pytest.raises(InvalidInput, match="no chase"):
        npc_chain_odds(side_of("Pinnace"), side_of("Pirates"), [], 1, {"Open Sea": 3}, attacked=True)
    with pytest.raises(InvalidInput, match="attacked is True"):
        npc_chain_odds(side_of("Pinnace"), side_of("Pirates"), [], 1, {"Open Sea": 3}, ("broadside",), attacked=1)


@pytest.mark.parametrize("enemy,cards,reached", [
    ("Spanish Brigantine", [], True),        # speed 3: not higher than the Brigantine's own 3, it does not flee
    ("Spanish Sloop", ["Open Sea"], False),   # speed 4 flees; the card goes on the LOWER speed: 2 + 1 < 4
    ("Spanish Sloop", ["Coastland"], True),   # 2 + 2 = 4 catches it
])
def test_the_odds_decide_a_flight_by_your_own_ship_and_a_catch_up_by_the_lower_speed(enemy, cards, reached):
    """Rules: Plunder › Engagement

    Given an English Brigantine (speed 3) with a Captured Spanish Galleon (speed 2) and these cards, When it attacks
    this merchant, Then the engine and the odds agree: "If your enemy's speed is higher than your ship's (any Captured
    Ship accompanying you does not count), it manages to flee"; a card to catch up is added "to the lower speed"
    (the odds used the lower speed for both, so the Brigantine was said to need a card it does not need)."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Brigantine")
    from_deck(state, "Spanish Galleon")
    state.captains[p]["captured"] = "Spanish Galleon"
    hand(state, p, cards)
    from_deck(state, enemy)
    state.encounters[p] = enemy
    state = at_step(state, p, "encounter", "action", "give").apply(Attack())
    if state.phase == "engage":
        state = state.apply(AddCard(cards[0] if cards else ""))
    assert (state.phase in ("broadside", "sink_or_board", "boarding", "prize")) == reached, state.phase
    me = side_of("English Brigantine", captured="Spanish Galleon")
    end, used = npc_chain(me, side_of(enemy), [DATA_NUMBER[c] for c in cards], ("engagement",))
    assert (end == "won") == reached
    assert used == ([0] if not cards else [DATA_NUMBER[cards[0]]] if reached else [])


def test_fleeing_pirates_offers_every_card_with_or_without_the_captured_ship():
    """Rules: Plunder › Engagement

    Given Pirates attacking a captain with a Captured Ship and two cards, Then the choices are: fight, flee with no
    card or either card, and the same again abandoning the Captured Ship."""
    state = _meeting("Pirates", "English Sloop", ["Havana", "Open Sea"])
    from_deck(state, "Dutch Galleon")
    state.captains[state.first]["captured"] = "Dutch Galleon"
    from pirates_lab.plunder.actions import Flee
    assert set(state.legal_actions()) == {Fight(), Flee(""), Flee("Havana"), Flee("Open Sea"), Flee("", True),
                                          Flee("Havana", True), Flee("Open Sea", True)}


def test_sinking_a_ship_gives_no_plunder():
    """Rules: Plunder › Broadside

    Given an English Brigantine (cannon 2) that catches a Dutch Sloop (speed 4, cannon 1) with a card numbered 3,
    When it wins the Broadside, Then "you may choose to sink its ship or board it"; sinking it discards the enemy's
    card and "Combat ends here": no prize, no loot card, no silver, and the turn goes on to the Action."""
    state, p = _at_sea_against("Dutch Sloop", ["Havana"], p_ship="English Brigantine")   # 3 + 3 >= 4
    state = play(state, Attack(), AddCard("Havana"))
    assert state.phase == "sink_or_board" and set(state.legal_actions()) == {Sink(), Board()}
    silver, deck = state.captains[p]["silver"], dict(state.deck)
    sunk = state.apply(Sink())
    cap = sunk.captains[p]
    assert sunk.combat is None and sunk.discard.get("Dutch Sloop") == 1 and sunk.phase == "action"
    assert cap["captured"] is None and cap["loot"] == {} and cap["silver"] == silver and sunk.deck == deck
    assert cap["ship"] == "English Brigantine"
    sunk.validate()


def test_natives_trade_at_their_prices_or_fight_with_warriors_only():
    """Rules: Plunder › Broadside"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Coastland")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, [])
    from_deck(state, "Natives")
    state.encounters[p] = "Natives"
    state = at_step(state, p, "encounter", "action", "give")
    traded = play(state, StartTrade(), Buy("Tobacco", 2))
    assert traded.captains[p]["cargo"] == {"Tobacco": 2} and traded.captains[p]["silver"] == 3
    fought = state.apply(Attack())
    assert fought.phase == "boarding"                # no Engagement on land, no Broadside: no cannons


def test_when_pirates_attack_a_broadside_tie_is_theirs():
    """Rules: Plunder › Broadside

    Given Pirates (cannon 3) attacking a captain, When the captain's cannon plus a card comes to 3, Then "ties always
    favor the attacker": the Pirates sink the ship."""
    state, p = pirates_attack("Pinnace", ["Coastland"])   # cannon 1 + 2
    state = play(state, Fight(), AddCard("Coastland"))
    assert state.captains[p]["lost"]
    galleon, p = pirates_attack("Spanish Galleon", [])     # cannon 3 = 3: behind, may add a card
    galleon = galleon.apply(Fight())
    assert galleon.phase == "broadside"
    assert galleon.apply(AddCard("")).captains[p]["lost"]


@pytest.mark.parametrize("number", range(7))
def test_the_odds_give_a_broadside_tie_to_attacking_pirates_as_the_engine_does(number):
    """Rules: Plunder › Broadside

    Given Pirates (cannon 3) attacking an English Brigantine (cannon 2) that holds one card of this number, When it
    fights the Broadside in the engine and in the odds (``attacked=True``), Then both say the same: "ties always
    favor the attacker", so a card numbered 1 (3 against 3) loses and 2 or more wins."""
    engine = _engine_wins_the_broadside(number)
    assert engine == (2 + number > 3)
    hand_cards = [number] if number else []
    odds = npc_chain(side_of("English Brigantine"), side_of("Pirates"), hand_cards, ("broadside",), attacked=True)
    assert (odds[0] == "won") == engine


def test_the_broadside_screen_counts_the_pirates_row_with_ties_to_the_pirates():
    """Rules: Plunder › Broadside

    Given the Broadside screen's table (an English Brigantine, cannon 2, with one card drawn), When a student reads the
    Pirates row (cannon 3), Then it says the Pirates attack and a tie is theirs, and its chance is the share of unseen
    cards numbered 2 or more (it showed "any card but the Storm", as if the Brigantine attacked and a tie were its)."""
    from pirates_lab.widgets import plunder_lessons
    from pirates_lab.widgets.plunder_calculators import pct

    text = plunder_lessons.broadside().value
    row = next(r for r in re.findall(r"<tr>.*?</tr>", text, re.S) if "Pirates" in r)
    numbers = _unseen_numbers()
    expected = Fraction(sum(n >= 2 for n in numbers), len(numbers))
    assert "a tie is theirs" in row and pct(expected) in row
    assert pct(Fraction(sum(n >= 1 for n in numbers), len(numbers))) not in row
    sloop = next(r for r in re.findall(r"<tr>.*?</tr>", text, re.S) if "Spanish Sloop" in r)
    assert "tie" not in sloop                                   # a merchant ship is attacked by the captain


def test_the_combat_calculator_fights_attacking_pirates_without_a_chase_and_ties_theirs():
    """Rules: Plunder › Broadside

    Given the combat calculator set to a Pinnace (2/1/2) holding Havana (3) and Open Sea (1) against Pirates
    (3/3/3), When it counts, Then it plays the engine's fight: no Engagement (the Pirates attack), the Broadside
    needs more than 3 (Havana: 4) and the Boarding more than 3 (crew 2 + Open Sea = 3: a tie, theirs) — the captain
    is sunk; as the attacker it would have won."""
    from pirates_lab.widgets.plunder_calculators import chain_report

    report = chain_report("Pinnace", "Pirates", ["Havana", "Open Sea"])
    assert sorted(report["steps"]) == ["boarding", "broadside"] and report["win"] == 0
    state, p = pirates_attack("Pinnace", ["Havana", "Open Sea"])
    state = play(state, Fight(), AddCard("Havana"), Board(), AddCard("Open Sea"))
    assert state.captains[p]["lost"]
    assert npc_chain(side_of("Pinnace"), side_of("Pirates"), [3, 1], ("broadside", "boarding")) == ("won", [3, 1])


def test_the_attack_command_plays_attacking_pirates_as_the_engine_does(capsys):
    """Rules: Plunder › Broadside

    Given ``pirates-lab odds plunder-attack`` for an English Brigantine holding Open Sea (1) against Pirates, When it
    answers, Then it says the Pirates attack and a tie is theirs, and the Broadside (2 + 1 against 3) is lost: 0%."""
    from pirates_lab.cli import main

    assert main(["odds", "plunder-attack", "English Brigantine", "Pirates", "--hand", "Open Sea"]) == 0
    out = capsys.readouterr().out
    assert "a tie is theirs" in out and "Engagement" not in out.title()
    line = next(line for line in out.splitlines() if "win the Broadside" in line)
    assert line.split()[-1] in ("0%", "0.00%") or "impossible" in line, line
    assert not _engine_wins_the_broadside(1)


def test_a_ship_card_without_cannons_is_refused_by_name(tmp_path):
    """Rules: Plunder › Broadside (a ship fights with its Cannon)

    Given the Spanish Sloop's cannon set to 0 in the data file, When it is loaded, Then the sentence names the card."""
    raw = _raw()
    next(c for c in raw["card"] if c["name"] == "Spanish Sloop")["cannon"] = 0
    with pytest.raises(InvalidInput) as error:
        load_components(_write(tmp_path, raw))
    assert str(error.value) == "card 'Spanish Sloop': cannon must be at least 1, not 0."


def test_losing_the_boarding_sinks_your_ship_and_ends_your_turn():
    """Rules: Plunder › Boarding"""
    state, p = _at_sea_against("Spanish Galleon", ["Open Sea"], p_ship="Treasure Fleet")  # crew 5 against 4 ...
    state.captains[p]["ship"] = "English Sloop"
    from_deck(state, "English Sloop")
    to_deck(state, "Treasure Fleet")
    with pytest.raises(IllegalMove):
        state.apply(Sink())
    state = play(state, Attack(), AddCard(""))            # speed 4 ≥ 2; cannon 1 < 3: no card
    assert state.captains[p]["lost"] and state.current_player() != p or state.current != p


def test_when_pirates_attack_a_boarding_tie_is_theirs():
    """Rules: Plunder › Boarding

    Given a captain who won the Broadside against Pirates (crew 3), When they board with crew 3, Then the tie is the
    attacking Pirates': the captain's ship is lost."""
    state, p = pirates_attack("Treasure Fleet", ["Open Sea"])   # cannon 4 > 3; crew 5
    state.captains[p]["ship"] = "Treasure Fleet"
    state = play(state, Fight(), Board())
    assert state.phase == "prize"                            # crew 5 > 3: won
    state, p = pirates_attack("Spanish Brigantine", ["Havana"])  # 3/2/3: cannon 2 + 3 > 3, crew 3 = 3
    state = play(state, Fight(), AddCard("Havana"), Board())
    assert state.phase == "boarding"
    assert state.apply(AddCard("")).captains[p]["lost"]


def test_a_boarding_tie_is_the_pirates_in_the_odds_and_in_the_engine():
    """Rules: Plunder › Boarding

    Given a Spanish Brigantine (cannon 2, crew 3) holding Havana (3) and Open Sea (1) attacked by Pirates (3/3/3),
    When it wins the Broadside with Havana (5 against 3) and boards with crew 3, Then the tie is the Pirates': it needs
    the Open Sea, and the odds say the same (won, playing 3 then 1)."""
    state, p = pirates_attack("Spanish Brigantine", ["Havana", "Open Sea"])
    state = play(state, Fight(), AddCard("Havana"), Board())
    assert state.phase == "boarding"
    assert state.clone().apply(AddCard("")).captains[p]["lost"]
    assert state.apply(AddCard("Open Sea")).phase == "prize"
    me, pirates = side_of("Spanish Brigantine"), side_of("Pirates")
    assert npc_chain(me, pirates, [3, 1], ("broadside", "boarding"), attacked=True) == ("won", [3, 1])
    assert npc_chain(me, pirates, [3], ("broadside", "boarding"), attacked=True) == ("sunk", [3])
    assert npc_chain(me, pirates, [3], ("broadside", "boarding")) == ("won", [3, 0])      # the captain attacking


def test_win_every_step_then_take_the_prize_and_the_loot_capped_by_its_cargo():
    """Rules: Plunder › Results of a Combat"""
    state, p = _at_sea_against("Spanish Sloop", ["Havana"], p_ship="English Sloop")  # 4/1/2 against 4/1/2
    state = play(state, Attack(), Board())
    assert state.phase == "prize"
    state = state.apply(TakePrize("captured"))
    state = state.apply("Guadeloupe")                    # loot icon: 2 Spices
    cap = state.captains[p]
    assert cap["captured"] == "Spanish Sloop" and cap["loot"] == {"Spices": 2}
    state2, p = _at_sea_against("Spanish Sloop", ["Havana"], p_ship="English Sloop")
    state2 = play(state2, Attack(), Board(), TakePrize("captured"), "Sint Eustatius")  # 3 Tobacco, cargo 2
    assert state2.captains[p]["loot"] == {"Tobacco": 2}


def test_the_loot_quantity_is_the_number_of_the_card_turned_over():
    """Rules: Plunder › Results of a Combat

    Given a captain in an English Galleon (cargo 5) who boarded a Spanish Galleon (cargo 5), When the loot card is
    Guadeloupe (number 4, a Spices icon), Then "the number indicates the quantity": 4 Spices."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Galleon")
    hand(state, p, [])
    from_deck(state, "Spanish Galleon")
    state.encounters[p] = "Spanish Galleon"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board(), TakePrize("captured"))
    state = state.apply("Guadeloupe")
    assert state.captains[p]["loot"] == {"Spices": 4}


def test_the_log_of_a_broadside_lost_and_a_port_plundered():
    """Rules: Plunder › Results of a Combat"""
    p_lost = _meeting("Spanish Galleon")
    p = p_lost.first
    lost = play(p_lost, Attack(), AddCard(""))
    assert (f"Spanish Galleon wins the Broadside: 1 against 3; captain {p + 1}'s ship is sunk (Broadside)."
            in lost.log)
    state = _action(port="Sint Eustatius")                 # cannon 2, garrison 3
    ship(state, state.first, "Spanish Galleon")            # cannon 3, crew 4
    state = play(state, AttackPort(), Board())
    assert f"Captain {state.first + 1} plunders Sint Eustatius." in state.log
    assert state.phase == "loot"
