"""What a seat sees (the whole observation, key by key) and what each refusal says (rule and sentence).

Computer players decide from the observation alone, so its keys and values are part of the rules'
interface; a refusal is a learner's only explanation, so its rule and sentence are checked exactly.
Written for the mutation run of issue 21 (docs/king_of_pirates.md › Mutation testing).
"""
from dataclasses import replace

import pytest

from pirates_lab.core import Task
from pirates_lab.core.testing import refused
from pirates_lab.king_of_pirates.game import (AcceptMutiny, Attack, BuyPart, Dig, Discard, Dismiss, KeepPirates,
                                              MakeCaptain, Pass, Play, Recruit, Replace, Reroll, Sail, StopMoving)
from pirates_lab.king_of_pirates.rules.task_data import Played

from kop_scenarios import COMP, bare, deal, place, reveal_ship, scenario, set_crew, with_player

ISLAND = place("small island")


def a_player_combat():
    """Player 1 (seat 0) at (2, 0) attacks player 2 (seat 1), who holds two cards; an Assault (seat 0) and
    Mercenaries (on seat 1) in play; a merchant turned over at (3, 0), an empty tile at (1, 0), an island dug."""
    state = set_crew(bare(), 0, ["Anne Bonny", "Ching Shih"])
    state = deal(state, {1: ["Scurvy", "Tailwind"]})
    state = with_player(state, 0, position=(2, 0), doubloons=300, rum=3, cannonballs=1, scurvy=2, parts=("Gun deck",))
    state = with_player(state, 1, position=(2, 0), doubloons=700)
    state = reveal_ship(state, (3, 0), "Merchant Ship (British)")
    pools = {k: dict(v) for k, v in state.tile_pools.items()}
    pools["shark"]["empty"] -= 1
    state = scenario(state, [Task("combat_choose", 0)], revealed={**state.revealed, (1, 0): "empty"},
                     tile_pools=pools, dug=[ISLAND], action_discard={"Assault": 1, "Mercenaries": 1},
                     action_deck=dict(state.action_deck, Assault=state.action_deck["Assault"] - 1,
                                      Mercenaries=state.action_deck["Mercenaries"] - 1),
                     in_play=(Played("Assault", 0), Played("Mercenaries", 1, 1)),
                     loot_deck={**state.loot_deck, 100: state.loot_deck[100] - 2}, loot_discard={100: 2})
    return state.apply(Attack(1))           # nobody else holds a card after player 2 ... who is asked first


def test_the_observation_key_by_key():
    state = a_player_combat()
    # player 2 (seat 1) holds cards: the combat window asks it
    assert state.current_player() == 1 and state.phase.name == "window"
    seen = state.observation(0)
    tiles = seen.pop("tiles")
    log = seen.pop("log")
    assert seen == {
        "player": 0, "round": 1, "current": 0, "phase": "window", "rule": "Action Cards", "to_act": 1,
        "moves_left": 0, "entered": None, "winner": None, "dutchman": [0, 0],
        "players": [
            {"position": [2, 0], "doubloons": 300, "rum": 3, "cannonballs": 1, "scurvy": 2, "parts": ["Gun deck"],
             "crew": ["Anne Bonny", "Ching Shih"], "hand_size": 0},
            {"position": [2, 0], "doubloons": 700, "rum": 4, "cannonballs": 2, "scurvy": 0, "parts": [],
             "crew": [], "hand_size": 2}],
        "hand": [],
        "ships": {"3,0": "Merchant Ship (British)"},
        "dug": [list(ISLAND)],
        "action_deck_size": 52 - 2 - 2, "action_discard": {"Assault": 1, "Mercenaries": 1},
        "pirate_deck_size": 20 - 2 - 2, "pirate_discard": state.observation(1)["pirate_discard"],
        "pirates_drawn": [],
        "loot_discard": {"100": 2},
        "combat": {"attacker": 0, "defender": 1, "target": None, "cell": [2, 0], "attacker_roll": None,
                   "defender_roll": None, "settled": None},
        "cards_in_play": [{"card": "Assault", "by": 0, "target": None}, {"card": "Mercenaries", "by": 1, "target": 1}],
    }
    assert len(seen["pirate_discard"]) == 2 and seen["pirate_discard"] == sorted(seen["pirate_discard"])
    assert state.observation(1)["hand"] == ["Scurvy", "Tailwind"] and state.observation(1)["player"] == 1
    assert log == list(state.log)[-20:] and log[-1] == "Combat: player 1 attacks player 2."
    longer = state
    while len(longer.log) <= 21:
        longer = longer.apply(longer.legal_actions()[0]) if longer.current_player() >= 0 \
            else longer.apply(longer.chance_outcomes().outcomes()[0])
    assert len(state.log) < 20 < len(longer.log) and longer.observation(0)["log"] == list(longer.log)[-20:]
    # every tile: what was turned over, else its back
    assert len(tiles) == len(COMP.shark_cells) + len(COMP.ocean_cells)
    for cell in COMP.shark_cells + COMP.ocean_cells:
        back = "face-down shark tile" if cell in COMP.shark_cells else "face-down ocean tile"
        assert tiles[f"{cell[0]},{cell[1]}"] == {(3, 0): "Merchant Ship (British)", (1, 0): "empty"}.get(cell, back)


def test_the_observation_counts_the_moves_left_and_the_space_entered():
    state = scenario(with_player(bare(), 0, position=(4, 0), parts=("Rum hold",)), [Task("start_movement", 0)],
                     revealed={(3, 0): "empty"}, tile_pools=_without((3, 0)))
    assert state.observation(1)["moves_left"] == 2 and state.observation(1)["entered"] is None
    stepped = state.apply(Sail((3, 0)))
    assert stepped.observation(1)["moves_left"] == 1 and stepped.observation(1)["entered"] == [3, 0]


def _without(cell):
    pools = {k: dict(v) for k, v in bare().tile_pools.items()}
    pools["shark" if cell in COMP.shark_cells else "ocean"]["empty"] -= 1
    return pools


# ---------------------------------------------------------------- refusals: the rule and the sentence
def movement_state():
    return scenario(bare(), [Task("start_movement", 0)])


@pytest.mark.parametrize("move, rule, reason", [
    (Sail((5, 0)), "The Game Board", "'(5, 0)' is not a space of the 61-tile board."),
    (Sail((2, 0)), "Phase 2: Movement Phase", "You move one space at a time: '(2, 0)' is not next to (4, 0)."),
    (Play("Tailwind"), "Action Cards",
     "You cannot play 'Tailwind' now: you need it in your hand, in a phase its timing letter allows."),
    (Reroll("none"), "Phase 3: Combat Phase",
     "A cannonball re-roll needs a cannonball and a failed roll (or a player-versus-player attack)."),
    (BuyPart("Rum hold"), "Phase 2: Movement Phase",
     "Ship parts cost 2500 Doubloons, are bought at a Pirates Lair, and each part only once."),
    (Dig(), "Phase 2: Movement Phase", "Digging needs a Treasure Island with its treasure and enough Treasure Map cards."),
    (Attack(1), "Phase 3: Combat Phase",
     "There is no player 2 here to attack (or you are at a Pirates Lair, where nobody can be attacked)."),
    (Attack("city"), "Phase 3: Combat Phase",
     "There is no 'city' here to attack (or you are at a Pirates Lair, where nobody can be attacked)."),
    (Recruit("Anne Bonny"), "Phase 2: Movement Phase", "Crew changes happen at a Pirates Lair, with the pirates drawn there."),
    (Replace("Anne Bonny", "Mary Read"), "Phase 2: Movement Phase",
     "Crew changes happen at a Pirates Lair, with the pirates drawn there."),
    (Dismiss("Anne Bonny"), "Phase 2: Movement Phase", "Crew changes happen at a Pirates Lair, with the pirates drawn there."),
    (MakeCaptain("Anne Bonny"), "Phase 2: Movement Phase",
     "Crew changes happen at a Pirates Lair, with the pirates drawn there."),
    (Discard("Scurvy"), "Phase 1: Upkeep Phase", "You discard only to make room before the upkeep draw."),
    (KeepPirates("Anne Bonny", "Mary Read"), "Game Setup", "Keep two of the three pirates you drew."),
    (AcceptMutiny(), "Phase 2: Movement Phase",
     "'accept the mutiny' is not allowed now (sail a space, or stop). Allowed: {listed}."),
])
def test_each_refusal_names_its_rule_and_says_why(move, rule, reason):
    state = movement_state()
    listed = ", ".join(str(a) for a in state.legal_actions())
    assert listed.startswith("stop moving, sail to ") and len(state.legal_actions()) == 4
    assert refused(state, move, rule).reason == reason.format(listed=listed)


def test_outside_the_move_sailing_is_refused_as_such_and_a_long_list_of_choices_is_cut():
    # Given player 1 at a lair with two pirates, a part bought and two pirates drawn (ten crew choices)
    state = set_crew(bare(), 0, ["Anne Bonny", "Mary Read"])
    state = scenario(with_player(state, 0, position=(3, 0), doubloons=3000), [Task("start_movement", 0)])
    crew = state.apply(Sail((4, 0))).apply(BuyPart("Gun deck"))
    for pirate in ("Black Bart", "Calico Jack"):
        crew = crew.apply(pirate)
    assert crew.phase.name == "lair_crew" and len(crew.legal_actions()) > 8
    assert refused(crew, Sail((3, 0)), "Phase 2: Movement Phase").reason == "You can only sail during your Movement Phase."
    reason = refused(crew, StopMoving(), "Phase 2: Movement Phase").reason
    listed = ", ".join(str(a) for a in crew.legal_actions()[:8])
    assert reason == f"'stop moving' is not allowed now (lair crew). Allowed: {listed}, …."


def test_a_short_list_of_choices_is_not_cut_and_a_discard_at_the_make_room_step_is_explained_by_its_choices():
    state = deal(bare(), {0: ["Scurvy", "Scurvy", "Tailwind", "Assault", "Ambush", "Mutiny"]})
    state = scenario(state, [Task("make_room", 0)])
    reason = refused(state, Discard("Keelhauling"), "Phase 1: Upkeep Phase").reason
    listed = ", ".join(str(a) for a in state.legal_actions())
    assert len(state.legal_actions()) <= 8
    assert reason == (f"'discard Keelhauling' is not allowed now (1A: discard (or use a card) until the draw fits the "
                      f"hand limit). Allowed: {listed}.")


def test_chance_refuses_what_it_cannot_do_citing_the_step():
    state = scenario(bare(), [Task("compass", 0)])
    assert refused(state, "up", "Phase 1: Upkeep Phase").reason == "'up' is not something chance can do here."


def test_a_card_window_explains_the_timing_letter_and_the_target():
    state = scenario(deal(bare(), {1: ["Tailwind", "Scurvy"]}), [Task("upkeep_window", 0)])
    assert state.current_player() == 1
    assert refused(state, Play("Tailwind"), "Action Cards").reason == (
        "Tailwind is a M card: not playable in this window (U, A cards only).")
    assert refused(state, Play("Scurvy", 1), "Action Cards").reason == (
        "'play Scurvy on player 2' is not a use of Scurvy the card allows here.")
    assert refused(state, Play("Mutiny"), "Action Cards").reason == (
        "You cannot play 'Mutiny' now: you need it in your hand, in a phase its timing letter allows.")


def test_only_keelhauling_or_a_scapegoat_prevents_a_mutiny():
    state = set_crew(deal(bare(), {0: ["Scurvy", "Keelhauling"]}), 0, ["Anne Bonny", "Mary Read"])
    state = scenario(with_player(state, 0, position=(3, 0), rum=0), [Task("upkeep_die", 0)]).apply("lose 1 rum")
    assert state.phase.name == "mutiny"
    assert refused(state, Play("Scurvy", 1), "Action Cards").reason == "Only Keelhauling (or a scapegoat) prevents a mutiny."
    assert refused(state, Pass(), "Important Game Concepts").reason.startswith("'pass' is not allowed now")
    assert state.apply(Play("Keelhauling")).players[0].crew == ("Anne Bonny", "Mary Read")
    # without the card in hand, Keelhauling is refused for that reason, not as the wrong card
    bare_handed = set_crew(with_player(bare(), 0, position=(3, 0), rum=0), 0, ["Anne Bonny", "Mary Read"])
    bare_handed = scenario(bare_handed, [Task("upkeep_die", 0)]).apply("lose 1 rum")
    assert refused(bare_handed, Play("Keelhauling"), "Action Cards").reason == (
        "You cannot play 'Keelhauling' now: you need it in your hand, in a phase its timing letter allows.")
