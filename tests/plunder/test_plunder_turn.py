"""The rules of Turn: its phases in order: Resolve the Encounter, Pay the Crew, Play an Encounter.

Rules: Plunder › Turn
"""
import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.core.geometry import E
from pirates_lab.plunder.actions import Attack, Give, LetGo, Pay, Play, Sail, Shout
from pirates_lab.plunder.components import load_components

from plunder_helpers import (_action, _meeting, _raw, _write, at_step, enough_silver, fresh, from_deck, hand, play,
                             ship, start_turn)


def test_a_map_card_played_as_an_encounter_is_discarded():
    """Rules: Plunder › Resolve the Encounter"""
    state = fresh()
    p = state.first
    state.encounters[p] = "Coastland"
    from_deck(state, "Coastland")
    state = at_step(state, p, "encounter", "pay", "sail", "action", "give")
    assert state.discard.get("Coastland") == 1 and p not in state.encounters
    assert state.phase == "sail"


def test_a_merchant_ship_may_be_let_go_or_attacked():
    """Rules: Plunder › Resolve the Encounter"""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Spanish Galleon")
    state.encounters[p] = "Spanish Galleon"
    state = at_step(state, p, "encounter", "pay", "sail", "action", "give")
    assert set(state.legal_actions()) == {Attack(), LetGo()}
    assert state.apply(LetGo()).discard.get("Spanish Galleon") == 1


def test_after_a_lost_ship_draw_six_and_a_storm_stops_the_draw_and_discards_the_encounter():
    """Rules: Plunder › Resolve the Encounter"""
    state = fresh()
    p = state.first
    state.captains[p]["lost"] = True
    hand(state, p, [])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = start_turn(state, p)
    assert state.phase == "lost_draw"
    state = play(state, "Open Sea", "Coastland", "Storm")
    assert len(state.captains[p]["hand"]) == 2 and p not in state.encounters
    assert "Spanish Sloop" in state.deck and "discarded" in " ".join(state.log[-3:])   # and shuffled back
    assert state.discard.get("Storm") is None and state.deck["Storm"] == 1  # shuffled back


def test_the_first_captain_resolves_the_encounter_after_the_first_turn():
    """Rules: Plunder › Resolve the Encounter

    Given the First Captain at the start of round 2 with a Spanish Sloop played to them on the Open Sea, When their
    turn begins, Then they resolve it (skipping it is for the first turn of the game only)."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = start_turn(state, p, round_no=2)
    assert set(state.legal_actions()) == {Attack(), LetGo()}


def test_the_log_of_a_storm_after_a_lost_ship_a_lost_letter_and_a_first_mate():
    """Rules: Plunder › Resolve the Encounter"""
    from plunder_helpers import start_turn
    state = fresh()
    p = state.first
    state.captains[p]["lost"] = True
    hand(state, p, [])
    state = play(start_turn(state, p), "Storm")
    assert f"Captain {p + 1} draws the Storm: they stop drawing and the Encounter is discarded." in state.log
    letter = _meeting("English Sloop", "Spanish Sloop")
    letter.captains[letter.first]["marque"] = "England"
    letter = letter.apply(Attack())
    assert f"Captain {letter.first + 1} attacks England and loses the England Letter of Marque." in letter.log
    mate = _action(port="Havana", cards=["Navigator"]).apply(Play("Navigator"))
    assert f"Captain {mate.first + 1} takes on Navigator as First Mate (+1 speed; First Mate)." in mate.log


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


def test_the_crew_and_first_mate_are_paid_and_a_captain_who_cannot_pay_loses_the_ship():
    """Rules: Plunder › Pay the Crew"""
    state = fresh()
    p = state.first
    ship(state, p, "Spanish Galleon")                   # wages 2
    hand(state, p, ["Navigator"])
    state.captains[p]["hand"].remove("Navigator")
    state.captains[p]["mate"] = "Navigator"
    paid = at_step(state.clone(), p, "pay", "sail", "action", "give")
    assert paid.captains[p]["silver"] == 5 - 2 - 1
    state.captains[p]["silver"], state.bank = 1, state.bank + 4
    broke = at_step(state, p, "pay", "sail", "action", "give")
    assert broke.captains[p]["ship"] == "Pinnace" and broke.captains[p]["lost"]


def test_mutiny_option_a_forgetful_captain_loses_the_ship_when_someone_shouts():
    """Rules: Plunder › Pay the Crew"""
    state = fresh(mutiny=True)
    p = state.first
    ship(state, p, "Spanish Galleon")
    hand(state, p, [])
    state = at_step(state, p, "pay", "sail", "action", "give")
    assert Pay(False, True) in state.legal_actions()
    state = play(state, Pay(False, True), Sail(E))
    assert state.current_player() == 1 - p and set(state.legal_actions()) == {Shout(True), Shout(False)}
    quiet = state.apply(Shout(False))
    assert quiet.captains[p]["at"] == (1, 0)             # the move goes ahead
    shouted = state.apply(Shout(True))
    assert shouted.captains[p]["lost"] and shouted.captains[p]["at"] == (0, 0)


def test_a_captain_who_can_pay_the_crew_but_not_the_first_mate_too_keeps_the_ship_and_loses_the_mate():
    """Rules: Plunder › Pay the Crew

    Given a captain in a Spanish Galleon (wages 2) with the Navigator and 2 silver, When the crew is paid, Then the
    crew takes its 2 and the unpaid First Mate leaves the mat (ASSUMPTION, docs/plunder.md › Pay the Crew: a captain
    is thrown overboard only when the crew goes unpaid); paying the mate first would have lost the ship."""
    from plunder_helpers import enough_silver

    state = fresh()
    p = state.first
    ship(state, p, "Spanish Galleon")
    hand(state, p, ["Navigator"])
    state.captains[p]["hand"].remove("Navigator")
    state.captains[p]["mate"] = "Navigator"
    enough_silver(state, p, 2)
    state = at_step(state, p, "pay", "sail", "action", "give")
    cap = state.captains[p]
    assert (cap["silver"], cap["ship"], cap["mate"], cap["lost"]) == (0, "Spanish Galleon", None, False)
    assert state.discard.get("Navigator") == 1
    state.validate()


def test_the_log_says_who_pays_forgets_and_shouts():
    """Rules: Plunder › Pay the Crew"""
    state = fresh(mutiny=True)
    p, q = state.first, 1 - state.first
    ship(state, p, "Spanish Galleon")
    hand(state, p, [])
    start = at_step(state, p, "pay", "sail", "action", "give")
    paid = start.apply(Pay(True, True))
    assert paid.log[-1] == f"Captain {p + 1} pays." and paid.captains[p]["silver"] == 3
    forgot = play(start, Pay(False, True), Sail(E))
    assert forgot.log[-1] == f"Captain {p + 1} forgets to pay crew."
    shouted = list(forgot.apply(Shout(True)).log)
    start = shouted.index(f'Captain {q + 1} shouts "Mutiny!"')
    assert shouted[start:start + 3] == [f'Captain {q + 1} shouts "Mutiny!"', f"Captain {p + 1}'s crew throws them overboard.",
                                f"Captain {p + 1} loses the ship and starts over from Tortuga with a Pinnace "
                                "(If You Lose Your Ship)."]


def test_an_unpaid_first_mate_leaves_when_someone_shouts():
    """Rules: Plunder › Pay the Crew

    "Mutiny of the First Mate: remove your First Mate card from your Captain's Mat" (the crew paid, the ship stays)."""
    state = fresh(mutiny=True)
    p, q = state.first, 1 - state.first
    ship(state, p, "Spanish Galleon")
    hand(state, p, ["Navigator"])
    state.captains[p]["hand"].remove("Navigator")
    state.captains[p]["mate"] = "Navigator"
    state = play(at_step(state, p, "pay", "sail", "action", "give"), Pay(True, False), Sail(E), Shout(True))
    cap = state.captains[p]
    assert cap["mate"] is None and cap["ship"] == "Spanish Galleon" and cap["at"] == (1, 0)
    assert f"Captain {p + 1}'s First Mate leaves the mat." in state.log and state.discard.get("Navigator") == 1


def test_encounters_go_to_the_left():
    """Rules: Plunder › Play an Encounter"""
    state = fresh(players=3)
    p = state.first
    hand(state, p, ["Pirates"])
    state = play(at_step(state, p, "give"), Give("Pirates"))
    assert state.current == (p + 1) % 3
    assert "Pirates does not apply" in " ".join(state.log[-3:])   # the neighbour is in Tortuga


def test_every_captain_sees_the_round_the_log_announces():
    """Rules: Plunder › Turn — the captains take turns clockwise; a round ends when the turn comes back to
    the first captain.  Given a seeded game of two captains cut after three rounds, When it is played out, Then at
    every step each captain's view names the round of the last "Round N: captain M's turn." line of the log, and
    the rounds seen are 1, 2 and 3.  (Mutation sample of issue 36 item 5: the round shown under another key
    survived; no test read it.)"""
    import random
    import re

    from pirates_lab.core import play as play_out
    from pirates_lab.plunder import Game

    seen = set()
    for step in play_out(Game(players=2, max_turns=3).new_initial_state(), None, random.Random(7)):
        announced = [int(m.group(1)) for line in step.after.log if (m := re.match(r"Round (\d+): captain \d+'s turn\.", line))]
        if not announced or step.after.is_terminal():
            continue
        for player in range(2):
            assert step.after.observation(player)["round"] == announced[-1]
        seen.add(announced[-1])
    assert seen == {1, 2, 3}
