"""Every rule a student reads in the Pirates & Plunder lesson is a rule the engine applies, and every count a why
states is a count the engine makes (issue 36 item 4; Plunder (2013)'s ``test_plunder_2013_lesson_rules.py`` is
the model).

Each sentence of the opening screen's text, of every screen's "why" and every house rule a class screen's text
states is listed here with the engine behaviour that makes it true, checked on the engine: a sentence added or
changed in ``pirates_lab/pirates_and_plunder/data/lessons.toml`` without a check here fails the first test, and a
rule the engine stops applying fails its check.

Rules: Pirates & Plunder › Parts
Rules: Pirates & Plunder › Playing the Game
Rules: Pirates & Plunder › Drawing and Placing Land Tiles
Rules: Pirates & Plunder › Moving Pirates and Battle
Rules: Pirates & Plunder › Advanced Rules
Rules: Pirates & Plunder › Battles
"""
from __future__ import annotations

import random
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import pirates_lab.pirates_and_plunder as package
from pirates_lab.core import CHANCE
from pirates_lab.pirates_and_plunder import exploration_tiles, scenarios, secret_battle
from pirates_lab.pirates_and_plunder import lessons as positions
from pirates_lab.pirates_and_plunder.game import Commit, Draw, Explore, Game, MovePirate, PlaceShip
from pirates_lab.pirates_and_plunder.odds import fitting_tiles
from pirates_lab.pirates_and_plunder.parts import ISLAND
from pirates_lab.pirates_and_plunder.placing import legal_places
from pirates_lab.pirates_and_plunder.scoring import features
from pnp_try_it_claims import REFERENCE_CLAIMS

LESSON = Path(package.__file__).parent / "data" / "lessons.toml"
HOUSE_RULE = re.compile(r"House rule[^:]*:[^.]*\.")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def read_lesson() -> dict[str, list[str]]:
    """{screen: its sentences} for the opening screen's text, every screen's why, and the house rules that class
    screens' texts state."""
    out: dict[str, list[str]] = {}
    for screen in tomllib.loads(LESSON.read_text(encoding="utf-8"))["screen"]:
        name = screen.get("heading") or screen["title"]
        if screen.get("kind") == "game":
            out["opening"] = sentences(screen["text"])
            continue
        said = sentences(screen["why"]) if screen.get("why") else []
        if screen.get("kind") != "reference":
            said += HOUSE_RULE.findall(screen.get("text", ""))
        if said:
            out[name] = said
    return out


def unseen(state) -> dict[str, int]:
    return {state.board.types[k].name: n for k, n in enumerate(state.bag) if n}


def has_island_edge(state, name: str) -> bool:
    return ISLAND in next(t for t in state.board.types if t.name == name).edges


def seeded_game(seed: int = 7, players: int = 3, moves: int = 10_000):
    """A seeded random game of ``players`` (every move the engine's own), with the players who drew each turn."""
    rng = random.Random(seed)
    state = Game(players=players).new_initial_state()
    drawers = []
    while not state.is_terminal() and moves:
        if state.current_player() == CHANCE:
            if state.phase == "draw":
                drawers.append(state.task.player)
            state = state.apply(state.chance_outcomes().sample(rng))
        else:
            legal = state.legal_actions()
            ships = [a for a in legal if isinstance(a, PlaceShip)]
            state = state.apply(rng.choice(ships if ships and rng.random() < 0.6 else legal))
        moves -= 1
    return state, drawers


# ---------------------------------------------------------------- the checks, one per sentence
def players_take_turns_laying_tiles():
    """Each turn's draw goes to the next player in turn; every draw that fits is laid."""
    state, drawers = seeded_game()
    assert drawers[:6] == [0, 1, 2, 0, 1, 2] and all(b == (a + 1) % 3 for a, b in zip(drawers, drawers[1:]))
    assert len(state.placed) == 1 + len(drawers) - len(state.discarded)


def ships_on_features_earn_points_and_resources():
    """A played game has islands, trade routes, sea zones and ports, ships were placed, points scored and
    resources collected."""
    state, _ = seeded_game()
    kinds = {found.kind for found in features(state).values()}
    assert {"island", "route", "sea"} <= kinds
    assert any(segment.port for kind, *_ in state.placed for segment in state.board.types[kind].segments)
    assert any("places a ship" in line for line in state.log) and max(state.scores()) > 0
    assert any("collects" in line for line in state.log)


def each_turn_starts_with_a_face_down_draw():
    """A turn starts at a chance node: every unseen tile, by its copies, equally likely; nobody sees the bag."""
    state = scenarios.setup_state(3)
    assert state.phase == "draw" and state.current_player() == CHANCE
    odds = state.chance_outcomes()
    assert {draw.tile: odds[draw] * sum(state.bag) for draw in odds} == unseen(state)
    assert "unseen" in state.observation(0) and state.observation(0)["drawn"] is None


def a_drawn_tile_has_places_to_go():
    """After a draw the player is shown the squares it fits (the legal placements)."""
    state = scenarios.setup_state(3)
    state = state.apply(Draw("bend"))
    assert state.phase == "place" and state.legal_actions()


def seventy_nine_face_down_each_equally_likely():
    state = scenarios.setup_state(3)
    assert len(state.placed) == 1 and sum(state.bag) == 79
    odds = state.chance_outcomes()
    assert all(odds[draw] == Fraction(n, 79) for draw in odds for n in [unseen(state)[draw.tile]])


def six_of_seventy_nine_show_a_galleon():
    state = scenarios.setup_state(3)
    galleons = sum(n for name, n in unseen(state).items() if name in positions.galleon_kinds())
    assert galleons == 6 and positions.galleon_first_draw() == Fraction(6, 79)
    assert round(100 * Fraction(6, 79)) == 8


def a_galleon_comes_first_only_now_and_then():
    """Shuffles drawn from the engine's own odds: a galleon first in a few of 100, never most."""
    state = scenarios.setup_state(3)
    odds, rng = state.chance_outcomes(), random.Random(3)
    first = [odds.sample(rng).tile in positions.galleon_kinds() for _ in range(100)]
    assert 1 <= sum(first) <= 20


def a_tile_fits_the_gap_when_it_has_an_island_edge():
    """The engine's fitting kinds for the gap are the unseen kinds with an island edge (turned as needed)."""
    state = scenarios.drawing_state()
    assert set(fitting_tiles(state, positions.GAP)) == {n for n in unseen(state) if has_island_edge(state, n)}
    kind = next(k for k, t in enumerate(state.board.types) if t.name == "island corner")
    assert any(cell == positions.GAP for cell, _ in legal_places(state.board, state.needs, kind))


def forty_three_of_seventy_six_fit():
    state = scenarios.drawing_state()
    assert sum(fitting_tiles(state, positions.GAP).values()) == 43 and sum(state.bag) == 76


def forty_three_of_seventy_six_a_bit_more_than_half():
    assert scenarios.gap_next_draw() == Fraction(43, 76) > Fraction(1, 2)


def none_fits_in_two_is_33_over_76_times_32_over_75():
    state = scenarios.drawing_state()
    misses = sum(state.bag) - sum(fitting_tiles(state, positions.GAP).values())
    assert misses == 33 and Fraction(33, 76) * Fraction(32, 75) == Fraction(1056, 5700)


def at_least_one_in_two_is_the_complement():
    assert positions.gap_within_two() == 1 - Fraction(1056, 5700) == Fraction(4644, 5700)
    assert round(100 * positions.gap_within_two()) == 81


def seen_tiles_leave_74_and_one_of_them_fit():
    state = positions.seen_state()
    assert sum(state.bag) == 74
    assert not has_island_edge(state, positions.SEEN[0]) and has_island_edge(state, positions.SEEN[1])


def forty_two_of_seventy_four():
    assert positions.seen_fit() == Fraction(42, 74) == Fraction(21, 37)
    assert sum(fitting_tiles(positions.seen_state(), positions.GAP).values()) == 42


def the_exact_chance_is_43_in_76():
    assert scenarios.gap_next_draw() == Fraction(43, 76)


def seven_hundred_sixty_tries_predict_430():
    assert positions.SIM_TRIES == 10 * 76 and positions.sim_expected() == 10 * 43 == 430


def drawn_counts_are_near_430_and_the_share_error_shrinks():
    """Seeded draws from the engine's unseen tiles: 760 tries land near 430 (within 5 standard deviations), rarely
    on it; over ten times the tries the share is closer to 43/76."""
    state, rng = scenarios.drawing_state(), random.Random(36)
    fits = set(fitting_tiles(state, positions.GAP))
    short = sum(positions.next_tiles(state, 1, rng)[0] in fits for _ in range(760))
    long = sum(positions.next_tiles(state, 1, rng)[0] in fits for _ in range(7600))
    spread = 5 * (760 * Fraction(43, 76) * Fraction(33, 76)) ** 0.5
    assert abs(short - 430) <= spread and short != 430
    assert abs(Fraction(long, 7600) - Fraction(43, 76)) < abs(Fraction(short, 760) - Fraction(43, 76))


def ten_exploration_tiles_two_natives():
    assert len(exploration_tiles()) == 10 and exploration_tiles().count("Natives") == 2


def storm_drawn_nine_left_both_natives_among_them():
    state = positions.natives_after_storm_state()
    assert len(state.explore_bag) == 9 and "Storm" not in state.explore_bag and state.explore_bag.count("Natives") == 2
    odds = state.chance_outcomes()
    assert state.phase == "explore_draw" and all(odds[Explore(t)] == Fraction(state.explore_bag.count(t), 9)
                                                 for t in set(state.explore_bag))


def two_ninths_a_little_more_than_two_tenths():
    assert positions.natives_after_storm() == Fraction(2, 9) > Fraction(2, 10)
    assert scenarios.natives_chance() == Fraction(2, 10)


def _battle(attack: int, defence: int) -> bool:
    """The engine's battle in the Moving Pirates position: player 2's pirate (2 rum) attacks player 1's pirate
    (1 cloth, a pirate: base 0).  True if the attack succeeds."""
    state = scenarios.pirate_state()
    move = next(a for a in state.legal_actions() if isinstance(a, MovePirate) and a.target >= 0)
    state = state.apply(move).apply(Commit((0, attack, 0, 0))).apply(Commit((defence, 0, 0, 0)))
    return any("pirate wins" in line for line in state.log.recent(3))


def attack_wins_only_when_more_than_the_defence():
    """Every pair the position allows: the attack succeeds exactly when it is more than 0 + the defence."""
    assert all(_battle(a, d) == (a > 0 + d) for a in range(3) for d in range(2))
    assert not _battle(1, 1)                                   # a tie goes to the defender


def three_of_nine_red_pairs():
    grid = positions.battle_outcomes(2, 2, 0)
    assert [(a, d) for a in range(3) for d in range(3) if grid[a][d]] == [(1, 0), (2, 0), (2, 1)]
    assert positions.random_pick_success() == Fraction(3, 9) == Fraction(1, 3)


def attack_two_beats_defences_zero_and_one():
    assert positions.defender_mix() == [Fraction(1, 6), Fraction(1, 6), Fraction(2, 3)]
    assert positions.mix_two_success() == Fraction(1, 6) + Fraction(1, 6) == Fraction(1, 3)


def every_attack_earns_zero_on_average():
    assert [6 * positions.mix_success(a) - a for a in range(3)] == [0, 0, 0]


def the_mix_is_the_defenders_best():
    """Against the defender's mix every attack earns the attacker the same (the engine's zero-sum gain adds the
    defender's spending, the same for every attack: the lesson's 0 is the attacker's own points), so no attack
    does better; and no defence does better against the attacker's mix: an equilibrium."""
    battle = secret_battle(2, 2, 0, 6, 1)
    spent = sum(p * d for d, p in battle.defender.items())
    assert [battle.against_defender(a) - spent for a in range(3)] == [0, 0, 0]
    assert all(battle.against_defender(a) <= battle.value <= battle.against_attacker(d) for a in range(3) for d in range(3))
    assert [battle.defender[d] for d in range(3)] == positions.defender_mix()


def the_ship_is_worth_six_in_this_lesson_only():
    """A house rule of the lesson (the rulebook prices no ship): the mix is solved with a ship 6 and a resource 1."""
    assert positions.defender_mix() == [secret_battle(2, 2, 0, 6, 1).defender[d] for d in range(3)]
    assert positions.defender_mix() != [secret_battle(2, 2, 0, 9, 1).defender[d] for d in range(3)]
    rulebook = (Path(package.__file__).parents[2] / "seeds" / "pirates_and_plunder.txt").read_text(encoding="utf-8")
    assert "6 points" not in rulebook.split("Battles")[-1]


def two_ideas_together():
    assert positions.seen_within_two() == 1 - (1 - positions.seen_fit()) * Fraction(31, 73)


def seen_changes_the_counts_42_fit_32_do_not():
    state = positions.seen_state()
    fit = sum(fitting_tiles(state, positions.GAP).values())
    assert (fit, sum(state.bag) - fit) == (42, 32)


def none_in_two_after_seen_then_complement():
    assert Fraction(32, 74) * Fraction(31, 73) == Fraction(992, 5402)
    assert positions.seen_within_two() == 1 - Fraction(992, 5402) == Fraction(4410, 5402)
    assert round(100 * positions.seen_within_two()) == 82


CLAIMS = {
    "opening": {
        "The players take turns laying sea tiles.": players_take_turns_laying_tiles,
        "They build islands, trade routes, sea zones and ports, and put their ships on them to earn points and collect "
        "resources.": ships_on_features_earn_points_and_resources,
        "Every turn starts with a tile drawn face down: nobody knows which comes next.":
            each_turn_starts_with_a_face_down_draw,
        "Turn one over and see where it could go.": a_drawn_tile_has_places_to_go,
    },
    "Parts": {
        "The starting tile is laid face up, so 79 tiles are shuffled face down, and each of them is equally likely to "
        "be on top.": seventy_nine_face_down_each_equally_likely,
        "Count the framed tiles: 6 of the 79 show a treasure galleon, so the chance is 6/79, about 8 %.":
            six_of_seventy_nine_show_a_galleon,
        "Press Shuffle a few times: a galleon comes first only now and then.": a_galleon_comes_first_only_now_and_then,
    },
    "Drawing and Placing Land Tiles": {
        "A tile fits the gap when it has island on one of its edges (it may be turned) and matches every other "
        "neighbour.": a_tile_fits_the_gap_when_it_has_an_island_edge,
        "The gold frames are those kinds: 43 of the 76 unseen tiles.": forty_three_of_seventy_six_fit,
        "Each unseen tile is equally likely to come next: 43/76, a bit more than a half.":
            forty_three_of_seventy_six_a_bit_more_than_half,
    },
    "Within two draws: the complement": {
        "No tile fits in 2 draws when the first is one of the 33 that do not fit (33 of 76) and the second one of the "
        "32 left (32 of 75): 33/76 × 32/75 = 1056/5700.": none_fits_in_two_is_33_over_76_times_32_over_75,
        "The chance that at least one fits is 1 − 1056/5700 = 4644/5700, about 81 %.": at_least_one_in_two_is_the_complement,
    },
    "Tiles already seen: conditional chance": {
        "Once Player 2's bend and Player 3's island corner are seen, they are no longer unseen: 74 tiles are left, and "
        "the island corner was one of the 43 that fit.": seen_tiles_leave_74_and_one_of_them_fit,
        "So 42 of the 74 unseen tiles fit: 42/74 = 21/37.": forty_two_of_seventy_four,
    },
    "Checking by drawing": {
        "The exact chance is 43 out of every 76.": the_exact_chance_is_43_in_76,
        "In 760 tries, that is 10 times 76, so the exact count predicts 10 × 43 = 430 fitting tiles.":
            seven_hundred_sixty_tries_predict_430,
        "The drawn count is near 430, not on it: that is luck, and it shrinks, as a share, as the tries add up.":
            drawn_counts_are_near_430_and_the_share_error_shrinks,
    },
    "Advanced Rules": {
        "The ten exploration tiles include 2 Natives.": ten_exploration_tiles_two_natives,
        "The Storm has already been drawn, so 9 are left face down and both Natives are among them: 2 of the 9, each "
        "equally likely.": storm_drawn_nine_left_both_natives_among_them,
        "The chance is 2/9, a little more than the 2/10 before the Storm was drawn.": two_ninths_a_little_more_than_two_tenths,
    },
    "Battles": {
        "The attack succeeds only when it is more than the defence (a pirate's base defence is 0; a tie goes to the "
        "defender).": attack_wins_only_when_more_than_the_defence,
        "Count the red pairs: attack 1 against 0, attack 2 against 0 and against 1: 3 of the 9 equally likely pairs, "
        "3/9 = 1/3.": three_of_nine_red_pairs,
    },
    "Mixing: the best secret choice is a mix": {
        "Attack 2 beats the defences 0 and 1: the red rows, 1 in 6 and 1 in 6, so 2 in 6, that is 2/6 = 1/3.":
            attack_two_beats_defences_zero_and_one,
        "On average 6 × 2/6 − 2 = 0 points: the same 0 as attacking with 0 or 1.": every_attack_earns_zero_on_average,
        "When every choice earns the same on average, the attacker cannot do better by changing: that is why this mix "
        "is the defender's best.": the_mix_is_the_defenders_best,
        "House rule of this lesson (the rulebook gives no points): the ship won is worth 6 points, a resource spent 1.":
            the_ship_is_worth_six_in_this_lesson_only,
    },
    "Putting it together": {
        "Two ideas together.": two_ideas_together,
        "What was seen changes the counts: 42 of the 74 unseen tiles fit, 32 do not.":
            seen_changes_the_counts_42_fit_32_do_not,
        "Then the complement: none fits in 2 draws with 32/74 × 31/73 = 992/5402, so at least one fits with "
        "1 − 992/5402 = 4410/5402, about 82 %.": none_in_two_after_seen_then_complement,
    },
}


CLAIMS.update(REFERENCE_CLAIMS)        # the live reference screens' whys (issue 34 item 4)


def test_every_sentence_a_student_reads_has_its_engine_check():
    """Given the lesson file, When its opening text, each screen's why and the house rules in class screens' texts
    are split into sentences, Then every sentence is one listed here with its check (a new or changed rule
    statement needs one)."""
    assert read_lesson() == {screen: list(claims) for screen, claims in CLAIMS.items()}


@pytest.mark.parametrize("screen, sentence", [(s, t) for s, claims in CLAIMS.items() for t in claims],
                         ids=lambda value: value[:40])
def test_the_engine_applies_the_rule_the_lesson_states(screen, sentence):
    """Given a rule statement of the lesson, When the engine plays the situation it describes, Then the engine does
    what the sentence says."""
    CLAIMS[screen][sentence]()


def test_a_tie_in_battle_won_by_the_attacker_fails_the_battle_sentence(monkeypatch):
    """Given the engine broken so that a tie goes to the attacker, Then the Battles sentence's check fails."""
    from pirates_lab.pirates_and_plunder import pirates

    def generous(state, target):
        return -1
    monkeypatch.setattr(pirates, "base_defence", generous)
    with pytest.raises(AssertionError):
        attack_wins_only_when_more_than_the_defence()
