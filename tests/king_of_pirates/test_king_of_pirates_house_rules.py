"""House rules from the data file reach the rules: a game built on edited components (what a user's edited
``data/components.toml`` gives) plays by them, every skill read from *that game's* pirates, and the setup
copes with a different number of pirates drawn.  Plus the corrupt positions ``validate`` refuses.
"""
import copy
from dataclasses import replace

import pytest

from pirates_lab.core import CHANCE, Task
from pirates_lab.king_of_pirates.components import build_components
from pirates_lab.king_of_pirates.game import Game, KeepPirates, Player, Steal
from pirates_lab.king_of_pirates.rules.pirate_skills import crew_positions, max_cannonballs, max_rum

from kop_scenarios import COMP, scenario


def house(players=2, swaps=(), **rules):
    """A game whose data file swaps the skills of the named pirates and changes these rules."""
    raw = copy.deepcopy(COMP.raw)
    for a, b in swaps:
        raw["pirates"][a], raw["pirates"][b] = raw["pirates"][b], raw["pirates"][a]
    raw["rules"].update(rules)
    game = Game(players=players)
    game.components = build_components(raw)
    return game


def on_house(game, crew, **changes):
    """The new game's state after setup-free surgery: seat 0 with this crew, nothing in hand."""
    state = game.new_initial_state()
    state.agenda = [Task("end_turn", 0)]
    for p in range(game.players):
        for card in state.players[p].hand:
            state.action_deck[card] = state.action_deck.get(card, 0) + 1
        state.pirate_deck += [c for c in state.players[p].crew] + state.offer
        state.offer = []
        state.players[p] = replace(state.players[p], hand=(), crew=())
    for pirate in crew:
        state.pirate_deck.remove(pirate)
    state.pirate_deck.sort()
    state.players[0] = replace(state.players[0], crew=tuple(crew), **changes)
    return state                        # (``scenario`` settles and validates it)


SWAPS = [("Anne Bonny", "Grace O'Malley"), ("Mary Read", "Calico Jack"), ("Blackbeard", "Stede Bonnet")]


def test_every_skill_is_read_from_the_games_own_pirates():
    game = house(swaps=SWAPS)
    # Anne Bonny now has Grace O'Malley's skills: captain "+1 Black Card per turn" (hand limit 7, three cards)
    state = scenario(on_house(game, ["Anne Bonny"], position=(3, 0)), [Task("start_turn", 0)])
    drawn = 0
    while state.phase.name == "upkeep_draw":
        state, drawn = state.apply(state.chance_outcomes().outcomes()[0]), drawn + 1
    assert drawn == 3
    full = on_house(game, ["Anne Bonny"], position=(3, 0))
    deck = dict(full.action_deck)
    deck["Treasure Map"] -= 5
    full.action_deck = deck
    full.players[0] = replace(full.players[0], hand=("Treasure Map",) * 5)
    full = scenario(full, [Task("upkeep_draw", 0)])
    while full.current_player() == CHANCE and full.phase.name == "upkeep_draw":
        full = full.apply("Scurvy")
    assert len(full.players[0].hand) == 7              # the 7-card hand limit of the swapped skill
    # Calico Jack now has Mary Read's captain skill: immune to scurvy
    immune = scenario(on_house(game, ["Calico Jack"], position=(3, 0)), [Task("upkeep_die", 0)])
    assert immune.apply("scurvy").players[0].scurvy == 0
    # Blackbeard now has Stede Bonnet's captain skill: the steal
    thief = on_house(game, ["Blackbeard"])
    thief.players[1] = replace(thief.players[1], doubloons=300)
    thief = scenario(thief, [Task("steal", 0)])
    assert Steal(1) in thief.legal_actions() and thief.apply(Steal(1)).scores() == (200, 100)
    # Mary Read now has +1 Maximum Cannonballs, Stede Bonnet +1 Maximum Rum: a lair refills to them
    refill = scenario(on_house(game, ["Mary Read", "Stede Bonnet"], rum=0, cannonballs=0), [Task("refill", 0)])
    assert (refill.players[0].rum, refill.players[0].cannonballs) == (COMP.ship["rum"] + 1, COMP.ship["cannonballs"] + 1)


def test_the_skill_functions_read_the_printed_data_when_given_none():
    blackbeard = Player(position=(0, 0), crew=("Blackbeard", "Calico Jack"))      # +1 Maximum Rum, +1 Maximum Cannonballs
    assert max_rum(blackbeard) == COMP.ship["rum"] + 1 and max_cannonballs(blackbeard) == COMP.ship["cannonballs"] + 1
    assert crew_positions(replace(blackbeard, parts=("Rum hold",))) == COMP.ship["crew_positions"] + 1


def test_a_setup_drawing_one_pirate_keeps_it_as_captain_without_asking():
    game = house(starting_pirate_draw=1)
    state = game.new_initial_state()
    while state.phase.name.startswith("setup"):
        assert state.current_player() == CHANCE        # nobody is asked: one pirate, one place
        state = state.apply(state.chance_outcomes().outcomes()[0])
    assert [len(pl.crew) for pl in state.players] == [1, 1] and state.offer == []
    assert state.players[0].rum == COMP.ship["rum"] + (state.players[0].crew == ("Blackbeard",))


def test_a_setup_drawing_two_pirates_lets_the_player_choose_the_captain():
    state = house(starting_pirate_draw=2).new_initial_state()
    state = state.apply(state.chance_outcomes().outcomes()[0]).apply(state.chance_outcomes().outcomes()[1])
    a, b = state.offer
    assert set(state.legal_actions()) == {KeepPirates(a, b), KeepPirates(b, a)}


def test_a_setup_drawing_more_pirates_than_the_deck_holds_reshuffles_the_discards():
    game = house(players=6, starting_pirate_draw=4)        # 24 draws from 20 pirates
    state = game.new_initial_state()
    steps = 0
    while state.phase.name.startswith("setup"):
        state = state.apply(state.chance_outcomes().outcomes()[0] if state.current_player() == CHANCE
                            else state.legal_actions()[0])
        steps += 1
        state.validate()
    assert all(len(pl.crew) == 2 for pl in state.players)
    assert len(state.pirate_deck) + len(state.pirate_discard) == 20 - 12


# ---------------------------------------------------------------- corrupt positions
@pytest.mark.parametrize("change, words", [
    (dict(rum=-1), "^negative resources$"), (dict(doubloons=-5), "^negative resources$"),
    (dict(cannonballs=-1), "^negative resources$"), (dict(scurvy=-1), "^negative resources$"),
    (dict(position=(9, 9)), "^bad player "), (dict(parts=("Rum hold", "Rum hold")), "^too many pirates or parts$"),
])
def test_validate_refuses_a_corrupt_ship(change, words):
    state = Game(players=2).new_initial_state()
    state.players[0] = replace(state.players[0], **change)
    with pytest.raises(ValueError, match=words):
        state.validate()


def test_validate_refuses_what_is_not_a_ship_or_off_the_board():
    state = Game(players=2).new_initial_state()
    state.players[1] = "a ship"
    with pytest.raises(ValueError, match="bad player"):
        state.validate()
    for field, value, words in [("dutchman", (7, 0), "Dutchman"), ("entered", (0, 9), "entered")]:
        other = Game(players=2).new_initial_state()
        setattr(other, field, value)
        with pytest.raises(ValueError, match=words):
            other.validate()


@pytest.mark.parametrize("corrupt, words", [
    (lambda s: s.pirate_deck.pop(), "^pirate cards are not all accounted for$"),
    (lambda s: s.pirate_discard.append(s.pirate_deck[0]), "^pirate cards are not all accounted for$"),
    (lambda s: s.loot_deck.update({100: s.loot_deck[100] - 1}), "^loot cards are not all accounted for$"),
    (lambda s: s.action_discard.update({"Scurvy": 1}), "^action cards are not all accounted for$"),
])
def test_validate_refuses_cards_lost_or_counted_twice(corrupt, words):
    """Game Contents: every pirate, loot and action card is in one place (mutation sample 3's survivor: the
    pirate cards' refusal upper-cased)."""
    state = Game(players=2).new_initial_state()
    corrupt(state)
    with pytest.raises(ValueError, match=words):
        state.validate()
