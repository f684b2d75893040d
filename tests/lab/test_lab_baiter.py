"""The Pillage & Plunder baiter on hand-built positions of the real game (Given / When / Then).

Rules: Pillage & Plunder › Baiting The Enemy
"""
from __future__ import annotations

import random

from pirates_lab.core import CHANCE
from pirates_lab.pillage_and_plunder.actions import Act, AttackMerchant, Discard, Play
from pirates_lab.pillage_and_plunder.policies import POLICIES
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario

BAITER = POLICIES["baiter"]
MERCHANT = "English Merchant (Strength 4)"


def baited_position():
    """Player 0 holds the English Navy and an English merchant at the first play of its turn; player 1
    sails a Galleon with five cannons and four crewmen behind his starting Sloop."""
    state = scenario(2, max_turns=20)
    give(state, 0, "English Navy", "Cannon", MERCHANT, "Rum 20 Units")
    equip(state, 1, hull="Galleon", cannons=5, crew=("Cutlass Crewman", "Pistol Crewman"))
    return at_step(state, "play")


def until_player_0(state, seed):
    """Player 1 attacks the bait and fights on; chance is drawn from ``seed``; back to player 0."""
    rng = random.Random(seed)
    while state.current_player() != 0:
        if state.current_player() == CHANCE:
            state = state.apply(state.chance_outcomes().sample(rng))
        else:
            options = state.legal_actions()
            state = state.apply(Act("fight on") if Act("fight on") in options else options[0])
    return state


def test_the_baiter_plays_the_merchant_first_then_the_navy_on_its_captor():
    # Given: a Navy Ship and a Merchant Ship of one nation in hand, nothing played yet this turn
    state = baited_position()
    rng = random.Random(0)
    # When: the baiter makes its first play
    first = BAITER(state.view(0), rng)
    # Then: it is the merchant, sent without cargo
    assert first == Play(MERCHANT)
    state = state.apply(first)
    # When: it faces its own bait; Then: it calls the battle off, so the merchant passes on
    assert BAITER(state.view(0), rng) == Act("call off")
    state = state.apply(Act("call off"))
    assert state.current_player() == 1 and AttackMerchant(0) in state.legal_actions()
    # When: player 1 attacks the bait and captures it (the first seeded fight that ends so)
    state = state.apply(AttackMerchant(0))
    captured = next(s for s in (until_player_0(state, seed) for seed in range(40))
                    if s.view(0).observation["players"][1]["prizes"] == [MERCHANT])
    view = captured.view(0)
    assert view.observation["phase"] == "play" and view.observation["plays"] == 1
    assert view.observation["players"][1]["ships"][0]["damage"] > 0      # the bait hurt him
    # Then: its second play is the Navy Ship on the captor
    second = BAITER(view, rng)
    assert second.card == "English Navy" and second.target == 1 and not second.discard


def test_without_a_pair_the_baiter_plays_at_random_and_keeps_a_pair():
    # Given: a merchant but no Navy Ship of its nation
    state = scenario(2, max_turns=20)
    give(state, 0, "French Navy", MERCHANT, "Cannon")
    state = at_step(state, "play")
    # When / Then: the first play is a random legal action, not always the merchant
    choices = {BAITER(state.view(0), random.Random(seed)) for seed in range(40)}
    assert len(choices) > 3 and choices <= set(state.legal_actions())
    # Given: the pair in hand at the final discard; Then: neither card of the pair is thrown away
    paired = scenario(2, max_turns=20)
    give(paired, 0, "English Navy", MERCHANT, "Cannon")
    paired = at_step(paired, "discard")
    discards = {BAITER(paired.view(0), random.Random(seed)) for seed in range(40)}
    assert discards == {Discard("Cannon")}
