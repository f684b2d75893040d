"""The Pillage & Plunder rules engine: scenarios from the rulebook, illegal moves, events, save/load."""
from __future__ import annotations

import json
import random

import pytest

from pirates_lab.core import CHANCE, CorruptSave, IllegalMove, play, random_playout
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import (Act, Discard, Game, LoseCrewman, MoveCrewman, Offer, Play, Retrieve, ReturnPrize,
                                                  SellCargo, SellShip, new_game)
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship, until_a_decision


def to_play(s) -> "PPState":
    """Skip to the play phase; player 0 holds three Bury Treasure cards as filler (so the turn
    does not end for want of cards)."""
    give(s, 0, "Bury Treasure", "Bury Treasure", "Bury Treasure")
    return at_step(s, "play")


# ------------------------------------------------------------------ setup
def test_setup_deals_five_each_and_one_face_up():
    s = new_game(4)
    assert s.current_player() == CHANCE
    s = until_a_decision(s, random.Random(1))
    assert [len(p["hand"]) for p in s.players] == [5, 5, 5, 5]
    assert len(s.discard) == 1 and sum(s.deck.values()) == 298 - 16 - 21
    assert all(p["hoard"] == 3250 and ship(s, i)["cannons"] == 1 and ship(s, i)["crew"] == ["Cutlass Crewman"] * 2
               for i, p in enumerate(s.players))
    assert s.phase == "predraw" and s.current_player() == s.current
    s.validate()


def test_players_and_options_are_checked():
    with pytest.raises(ValueError):
        Game(1)
    with pytest.raises(ValueError):
        Game(7)
    with pytest.raises(ValueError):
        Game(3, kraken=True)


# ------------------------------------------------------------------ a turn
def test_work_on_the_docks():
    s = scenario()
    s = s.apply(Act("work"))
    assert s.players[0]["hoard"] == 3450
    assert s.current == 1 and s.phase == "predraw"


def test_draw_to_eight_one_from_discard():
    s = scenario()
    s.discard.append("Attack"); s._draw_card("Attack")
    s = s.apply(Act("draw"))
    s = s.apply(Act("take discard"))
    assert s.players[0]["hand"] == ["Attack"]
    with pytest.raises(IllegalMove) as error:
        s.apply(Act("take discard"))
    assert error.value.rule == "Stage 2: The draw and play stage"
    s = s.apply(Act("draw from pile"))
    assert s.current_player() == CHANCE
    for _ in range(7):
        if s.phase == "draw":
            s = s.apply(Act("draw from pile"))
        s = s.apply("Cannon")
    assert len(s.players[0]["hand"]) == 8 and s.phase == "play"


def test_two_plays_then_a_discard():
    s = to_play(scenario())
    give(s, 0, "Cannon", "Cutlass Crewman", "Attack")
    s = s.apply(Play("Cannon"))
    s = s.apply(Play("Cutlass Crewman"))
    assert s.phase == "discard" and ship(s, 0)["cannons"] == 2 and len(ship(s, 0)["crew"]) == 3
    assert s.players[0]["hoard"] == 3250 - 300 - 200
    s = s.apply(Discard("Attack"))
    assert s.discard[-1] == "Attack" and s.current == 1
    s.validate()


# ------------------------------------------------------------------ illegal moves leave the state unchanged
def rejected(s, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalMove) as error:
        s.apply(action)
    assert error.value.rule == rule, error.value
    assert s.to_json() == before


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


def test_capacity_and_officers():
    s = to_play(scenario())
    give(s, 0, "Cutlass Crewman", "Doctor")
    equip(s, 0, crew=("Doctor",))
    rejected(s, Play("Doctor"), "Hire Crew Member")            # one of each officer
    rejected(s, Play("Cutlass Crewman"), "Hire Crew Member")   # a sloop holds three crewmen
    s.players[0]["hoard"] = 100
    give(s, 0, "Cannon")
    rejected(s, Play("Cannon"), "Buy Cannon")                  # cannot pay


# ------------------------------------------------------------------ the sample battles in the engine
def run(s, *actions):
    for action in actions:
        s = s.apply(action)
    return s


def test_example_2_joe_takes_the_merchant():
    s = to_play(scenario(3))
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",))
    give(s, 0, "French Merchant (Strength 2)", "Gems 20 Units")
    s = s.apply(Play("French Merchant (Strength 2)", extra=("Gems 20 Units",)))
    assert s.phase == "battle_call" and s.current_player() == 0
    s = s.apply(Act("fight on"))
    assert s.phase == "flee_roll"                              # a merchant always flees
    s = s.apply((3, 3))                                        # same speed, a tie: roll again
    assert s.phase == "flee_roll"
    s = s.apply((5, 2))                                        # Joe's roll is higher
    s = run(s, Act("fight on"))
    assert s.chance_outcomes()[Volley(0, 2, False, True)] > 0
    s = s.apply(Volley(0, 2, False, True))
    assert s.phase == "prize_roll"
    s = s.apply(4000)                                          # he rolls a four
    p = s.players[0]
    assert p["hoard"] == 3250 + 4000
    assert ship(s, 0)["cargo"] == ["Gems 20 Units"]
    assert p["prizes"] == ["French Merchant (Strength 2)"]
    assert s.phase == "play" and s.observation(0)["plays"] == 1
    s.validate()


def test_example_3_navy_ship_and_escape():
    s = to_play(scenario(2))
    equip(s, 1, hull="Schooner")
    s._draw_card("French Merchant (Strength 4)")
    s.players[1]["prizes"].append("French Merchant (Strength 4)")
    give(s, 0, "French Navy")
    s = s.apply(Play("French Navy", target=1))
    assert s.phase == "battle_flee" and s.current_player() == 1   # a navy never calls off or offers terms
    s = s.apply(Act("flee"))
    s = s.apply((4, 4))                                        # Joe rolls doubles
    assert s.phase == "return_prize" and s.current_player() == 1
    assert s.legal_actions() == (ReturnPrize("French Merchant (Strength 4)"), Act("keep prizes"))
    s = s.apply(ReturnPrize("French Merchant (Strength 4)"))
    assert s.players[1]["prizes"] == []
    assert s.discard[-2:] == ["French Navy", "French Merchant (Strength 4)"]
    s.validate()


def test_example_1_melee_and_plunder():
    s = to_play(scenario(2))
    equip(s, 0, hull="Schooner", cannons=4, crew=("Pistol Crewman", "Cutlass Crewman"), addons=("Extra Sail",))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman",), cargo=("Rum 20 Units",))
    s.players[1]["hoard"] = 4000
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Act("no offer"), Act("fight on"), Act("flee"), (2, 5))   # Stephanie needs doubles
    s = run(s, Act("no offer"), Act("fight on"))
    s = s.apply(Volley(1, 3, False, False))
    assert ship(s, 0)["damage"] == 1 and ship(s, 1)["damage"] == 3
    for dice in [(5, 4), (6, 6), (4, 5), (4, 2)]:
        s = run(s, Act("no offer"), Act("fight on"))
        s = s.apply(dice)
        if s.phase == "melee_loss":                            # you lose the third round and pick who falls
            assert s.current_player() == 0
            assert set(s.legal_actions()) == {LoseCrewman("Cutlass Crewman"), LoseCrewman("Pistol Crewman")}
            s = s.apply(LoseCrewman("Cutlass Crewman"))
    assert ship(s, 1)["crew"] == [] and len(ship(s, 0)["crew"]) == 3
    assert "Pistol Crewman" in ship(s, 0)["crew"]              # you gave up a cutlass crewman
    assert s.players[0]["hoard"] == 3250 + 2000 and s.players[1]["hoard"] == 2000
    assert "Rum 20 Units" in ship(s, 0)["cargo"]
    s.validate()


def test_terms_of_surrender():
    s = to_play(scenario(2))
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Offer(1600), Act("accept terms"))
    assert s.players[0]["hoard"] == 3250 + 1600 and s.players[1]["hoard"] == 3250 - 1600
    assert s.phase == "play"


def test_destroyed_hull_exposes_the_previous_one():
    s = to_play(scenario(2))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman", "Pistol Crewman"))
    ship(s, 1)["damage"] = 4
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",))
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 2
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Act("no offer"), Act("fight on"), Act("stand and fight"), Act("no offer"), Act("fight on"))
    s = s.apply(Volley(0, 1, False, True))
    loser = s.players[1]
    assert ship(s, 1)["hulls"] == [{"hull": "Sloop", "addons": []}]
    assert ship(s, 1)["cannons"] == 3 and len(ship(s, 1)["crew"]) == 3
    assert ship(s, 0)["cannons"] == 3                          # no room for the loose cannon
    assert len(ship(s, 0)["crew"]) == 3                        # two loose crewmen found room
    assert loser["hoard"] == 3250 - 1625
    s.validate()


def test_last_hull_destroyed_eliminates_and_ends_the_game():
    s = to_play(scenario(2))
    ship(s, 1)["damage"] = 2
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Act("no offer"), Act("fight on"), Act("stand and fight"), Act("no offer"), Act("fight on"))
    s = s.apply(Volley(0, 1, False, True))
    assert s.players[1]["eliminated"] and s.players[0]["hoard"] == 6500
    s = s.apply(Discard(s.players[0]["hand"][0])) if s.phase == "discard" else s
    s = play(s, lambda view, rng: view.legal_actions[0], random.Random(1)).run()
    assert s.is_terminal() and s.winners() == (0,) and s.returns() == (1, 0)


# ------------------------------------------------------------------ events, treasure
def play_event(s, card, victim=1):
    give(s, 0, card)
    return s.apply(Play(card, target=victim))


def test_event_immunities():
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Fruit 10 Units",))
    after = play_event(s, "Scurvy")
    assert len(ship(after, 1)["crew"]) == 2                    # fruit aboard
    s = to_play(scenario(2))
    after = play_event(s, "Scurvy")
    assert ship(after, 1)["crew"] == []
    s = to_play(scenario(2))
    equip(s, 1, crew=("Navigator",))
    assert ship(play_event(s, "Shipwreck"), 1)["damage"] == 0
    s = to_play(scenario(2))
    assert ship(play_event(s, "Shipwreck"), 1)["damage"] == 2
    s = to_play(scenario(2))
    assert len(ship(play_event(s, "Thieves Onboard"), 1)["crew"]) == 2   # no gems: spared
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Gems 10 Units",))
    hit = play_event(s, "Thieves Onboard")
    assert ship(hit, 1)["cargo"] == [] and len(ship(hit, 1)["crew"]) == 1
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Rum 10 Units",), crew=("Cutlass Crewman",))
    assert len(ship(play_event(s, "Mutiny"), 1)["crew"]) == 3
    s = to_play(scenario(2))
    equip(s, 1, crew=("Cutlass Crewman",))
    assert len(ship(play_event(s, "Mutiny"), 1)["crew"]) == 2
    s = to_play(scenario(2))
    rolled = play_event(s, "Stormy Seas")
    assert rolled.phase == "event_roll"
    assert ship(rolled.apply(6), 1)["damage"] == 2 and ship(rolled.apply(1), 1)["damage"] == 0


def test_sirens_song_and_treasure_hunt_lose_turns():
    s = to_play(scenario(3))
    s = play_event(s, "Siren's Song")
    assert s.players[1]["lose_turn"]
    s = to_play(scenario(3))
    give(s, 0, "Treasure Hunt", "Treasure Hunt")
    hunt = s.apply(Play("Treasure Hunt"))
    assert hunt.apply(3).players[0]["hoard"] == 6250
    lost = hunt.apply(6)
    assert lost.players[0]["lose_turn"]
    lost = lost.apply(Play("Treasure Hunt", discard=True))
    lost = lost.apply(Discard(lost.players[0]["hand"][0]))
    assert lost.current == 1
    lost.players[1]["hand"] = []
    lost = run(lost, Act("work"), Act("work"))                 # players 1 and 2 work
    assert lost.current == 1 and "Player 1 loses this turn." in lost.log


def test_bury_retrieve_and_steal_maps():
    s = to_play(scenario(2, stealing_treasure_maps=True))
    give(s, 0, "Bury Treasure")
    s = s.apply(Play("Bury Treasure", amount=3000))
    assert s.players[0]["hoard"] == 250 and s.players[0]["maps"] == [3000]
    s = at_step(s, "predraw")
    s = s.apply(Retrieve(3000))
    assert s.players[0]["hoard"] == 3250 and s.players[0]["maps"] == []
    s = to_play(scenario(2, stealing_treasure_maps=True))
    s.players[1]["maps"] = [2000]; s._draw_card("Bury Treasure")
    give(s, 0, "Treasure Hunt")
    s = s.apply(Play("Treasure Hunt", target=1, steal=0))
    assert s.chance_outcomes().probability(lambda d: d[0] == d[1]) == __import__("fractions").Fraction(1, 6)
    assert s.apply((2, 2)).players[0]["maps"] == [2000]
    assert s.apply((2, 3)).players[1]["maps"] == [2000]


def test_privateering():
    s = to_play(scenario(2, privateering=True))
    equip(s, 0, cannons=3)
    give(s, 0, "Dutch Navy", "French Merchant (Strength 2)")
    s = s.apply(Play("Dutch Navy", privateer=True))
    assert s.players[0]["privateer"] == {"navy": "Dutch Navy", "owed": 0}
    s = run(s, Play("French Merchant (Strength 2)"), Act("fight on"), (6, 1), Act("fight on"))
    s = s.apply(Volley(0, 2, False, True))
    s = s.apply(3000)
    assert s.players[0]["hoard"] == 3250 + 1500 and s.players[0]["privateer"]["owed"] == 1500
    s.validate()


def test_fleet_play_buys_a_second_ship():
    s = to_play(scenario(2, fleet_play=True))
    give(s, 0, "Galleon")
    s.players[0]["hoard"] = 7000
    s = s.apply(Play("Galleon"))
    assert [sh["hulls"][0]["hull"] for sh in s.players[0]["ships"]] == ["Sloop", "Galleon"]
    s = at_step(s, "predraw")
    s = s.apply(MoveCrewman(0, 1, "Cutlass Crewman"))
    assert len(ship(s, 0, 1)["crew"]) == 1
    s = s.apply(SellShip(0))
    assert s.players[0]["hoard"] == 1000 + 750 and len(s.players[0]["ships"]) == 1
    s.validate()


def test_asset_liquidation_worth():
    s = scenario(2, asset_liquidation=True)
    assert s.worth(0) == 3250 + 1500 + 300 + 2 * 200
    assert scenario(2).worth(0) == 3250


# ------------------------------------------------------------------ save / load
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


def test_one_hundred_seeded_random_games():
    """Sized for the suite: 100 games (every mix of players and variations, about 4 s on one core).
    The 1,000-game run is nightly, and timed in benchmarks/bench_pillage_and_plunder.py."""
    for end in seeded_games(100):
        check_finished(end)


@pytest.mark.nightly
def test_one_thousand_random_games():
    for end in seeded_games(1000):
        check_finished(end)


def test_engine_battle_agrees_with_exact_battle_function():
    """Walk every chance outcome of an engine battle (defender flees, nobody calls off) and
    compare the result with :func:`battle`: the engine and the odds are the same rules."""
    from fractions import Fraction

    from pirates_lab.core import Dist
    from pirates_lab.pillage_and_plunder import battle

    s = to_play(scenario(2))
    equip(s, 0, hull="Schooner", cannons=3, crew=("Pistol Crewman",), addons=("Extra Sail",))
    equip(s, 1, hull="Schooner", cannons=3, crew=("Cutlass Crewman",))
    give(s, 0, "Attack")
    attacker, defender = s.battle_ship(0), s.battle_ship(1)
    start = s.apply(Play("Attack", target=1))
    found: dict = {}

    def walk(state, p):
        if state.battle() is None or state.phase in ("steal",):
            key = (ship(state, 0)["damage"], ship(state, 1)["damage"], len(ship(state, 0)["crew"]),
                   len(ship(state, 1)["crew"]))
            found[key] = found.get(key, 0) + p
            return
        if state.is_chance_node():
            merged: dict = {}          # dice that lead to the same position are walked once
            for outcome, q in state.chance_outcomes().items():
                after = state.apply(outcome)
                key = json.dumps([after.players, repr(after.agenda)], sort_keys=True, default=str)
                merged[key] = (after, merged.get(key, (None, 0))[1] + q)
            for after, q in merged.values():
                walk(after, p * q)
            return
        choice = {"battle_terms": Act("no offer"), "battle_call": Act("fight on"), "battle_flee": Act("flee"),
                  "melee_loss": LoseCrewman("Cutlass Crewman")}[state.phase]
        walk(state.apply(choice), p)

    walk(start, Fraction(1))
    exact = battle(attacker, defender).map(lambda r: (r.attacker_damage, r.defender_damage, r.attacker_crew, r.defender_crew))
    assert Dist._from_fractions(found) == exact
