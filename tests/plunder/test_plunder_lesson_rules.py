"""Every rule sentence a student reads in the Plunder lesson is a rule the engine applies (issue 36 item 4).

Each sentence of the opening screen, of every class screen's text and of every "why" is listed here with the
engine behaviour that makes it true, checked on the engine (its deck, its chance steps, its moves): a sentence
added or changed in ``pirates_lab/plunder/data/lessons.toml`` without a check here fails the first test, and a
rule the engine stops applying fails its check.  Sentences that ask the student to do something (no rule) are
listed as :data:`INSTRUCTION`.  The card numbers and ship values the sentences count are this lab's data (the
rulebook prints none; docs/plunder.md, "Our components"), read here from the engine's deck.

Rules: Plunder › Overview
Rules: Plunder › Setup
Rules: Plunder › Sail and Explore
Rules: Plunder › Action
Rules: Plunder › Combat
Rules: Plunder › Results of a Combat
Rules: Plunder › War
Rules: Plunder › Selling
Rules: Plunder › If You Lose Your Ship
"""
from __future__ import annotations

import math
import random
import re
import tomllib
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

import pirates_lab.plunder as package
from pirates_lab.core import Task
from pirates_lab.plunder import Game, lessons, lose_your_ship
from pirates_lab.plunder.actions import AddCard, Attack, AttackCaptain, AttackPort, Board, Explore, Fight, Sail, StartTrade
from pirates_lab.plunder.components import components
from pirates_lab.plunder.tasks import Loot, Move

from plunder_try_it_claims import TRY_IT_CLAIMS
from plunder_helpers import (_at_sea_against, _in_tortuga_with_plunder, _two_at, at_step, fresh, from_deck, hand,
                             lay, pirates_attack, play)

LESSON = Path(package.__file__).parent / "data" / "lessons.toml"

#: a sentence that asks the student to do something: no rule to check
INSTRUCTION = ()


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def read_lesson() -> dict[str, list[str]]:
    """{screen: its sentences} for the opening screen, each class screen's text and every screen's why."""
    out = {}
    for screen in tomllib.loads(LESSON.read_text(encoding="utf-8"))["screen"]:
        name = screen.get("heading") or screen["title"]
        if screen.get("occurrence", 1) > 1:                       # the second section of that name
            name += f" ({screen['occurrence']})"
        if screen["kind"] == "game":
            out["opening"] = sentences(screen["text"])
        elif screen["kind"] == "screen" and screen.get("text"):
            out[name + " (text)"] = sentences(screen["text"])
        if screen.get("why"):
            out[name] = sentences(screen["why"])
    return out


def number(name: str) -> int:
    return components().card(name).number


def _unseen_numbers(hand_cards=()) -> dict[int, int]:
    """{card number: copies} of the 55 cards a captain has not seen at the start, less ``hand_cards``."""
    return lessons.numbers_of(lessons.start_unseen(hand_cards))


def _a_card_numbered(n: int, avoid=()) -> str | None:
    """A card (not the Storm, Tortuga or a card in ``avoid``) numbered ``n``, or None for 0 (no card helps)."""
    if n == 0:
        return None
    for name, card in sorted(components().cards.items()):
        if card.number == n and card.kind not in ("storm", "tortuga") and name not in avoid:
            return name
    raise AssertionError(f"no card numbered {n}")


# ---------------------------------------------------------------- the opening screen
def every_captain_starts_with_a_ship_on_tortuga():
    state = fresh(players=4)
    assert [cap["ship"] for cap in state.captains] == ["Pinnace"] * 4
    assert {cap["at"] for cap in state.captains} == {(0, 0)} and state.sea[(0, 0)] == "Tortuga"


def captains_explore_sail_trade_and_fight():
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)                     # beside the first sea: empty spaces around
    hand(state, p, ["Open Sea"])
    sailing = at_step(state, p, "sail", "action", "give")
    explore = next(a for a in sailing.legal_actions() if isinstance(a, Explore))   # a map card laid down
    laid = sailing.apply(explore)
    assert laid.sea[tuple(explore.at)] == "Open Sea" and any(isinstance(a, Sail) for a in laid.legal_actions())
    port = fresh()
    lay(port, (1, 0), "Havana")
    port.captains[port.first]["at"] = (1, 0)
    hand(port, port.first, [])
    acting = at_step(port, port.first, "action", "give")
    assert StartTrade() in acting.legal_actions() and AttackPort() in acting.legal_actions()
    met, _ = _at_sea_against("Spanish Sloop", [])
    assert Attack() in met.legal_actions()                                   # a ship
    rivals, p, q = _two_at((1, 0), "Open Sea")
    hand(rivals, p, [])
    assert AttackCaptain(q) in at_step(rivals, p, "action", "give").legal_actions()   # each other


def sixty_silver_wins_at_once():
    assert components().rules["win_silver"] == 60
    sale = components().card("Spanish Sloop").value // 2
    for silver, wins in ((60 - sale, True), (59 - sale, False)):
        state, p = _in_tortuga_with_plunder(mate=None)
        state.bank -= silver - state.captains[p]["silver"]
        state.captains[p]["silver"] = silver
        sold = state.apply(StartTrade())             # the Captured Spanish Sloop sells: half its value
        assert sold.captains[p]["silver"] == silver + sale
        assert (sold.is_terminal() and sold.winner == p) == wins, silver


def every_chance_is_a_card_of_the_deck():
    state, rng, seen = Game(players=3, max_turns=6).new_initial_state(), random.Random(5), 0
    while not state.is_terminal():
        if state.is_chance_node():
            odds = state.chance_outcomes()
            assert odds.probability(lambda o: True) == 1
            assert all(name in state.deck for name in odds.outcomes())     # a card, drawn from the deck
            seen += 1
            state = state.apply(odds.sample(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_actions())))
    assert seen > 20


def the_cards_of_chance_are_hidden():
    state = fresh(players=3)
    places = {place.path: place.seen_by for place in state.hidden_cards()}
    assert places[("deck",)] == frozenset() or not places[("deck",)]             # the deck: nobody
    for p in range(3):
        assert set(places[("captains", p, "hand")]) == {p}                       # a hand: its captain only
    view = state.observation(0)
    assert "hand" not in view["captains"][1] and view["captains"][1]["hand_size"] == len(state.hand(1))


# ---------------------------------------------------------------- Setup
@cache
def _first_draw_odds():
    state = Game(players=2).new_initial_state()
    assert state.phase == "first_draw"
    return state.chance_outcomes(), state


def fifteen_of_the_55_are_numbered_five_or_more():
    odds, state = _first_draw_odds()
    deck = state.deck
    assert sum(deck.values()) == 55 and "Tortuga" not in deck and deck["Storm"] == 1
    assert sum(deck[name] for name in odds.outcomes()) == 54
    by_number = lessons.numbers_of({name: deck[name] for name in odds.outcomes()})
    assert (by_number[5], by_number[6]) == (11, 4)


def every_card_is_as_likely_first():
    odds, state = _first_draw_odds()
    for name in odds.outcomes():
        assert odds.probability(lambda o, name=name: o == name) == Fraction(state.deck[name], 54)
    assert "Storm" in state.deck and "Storm" not in odds.outcomes()        # house rule 3: the Storm is put back
    assert odds.probability(lambda name: number(name) >= 5) == Fraction(15, 54) == lessons.first_card_five_or_more()


# ---------------------------------------------------------------- Sail and Explore
@cache
def _storm_chain():
    """The engine's chance of the Storm at each of 3 draws after moves, given none before (four captains dealt)."""
    state = lessons.dealt(4, 3)
    p = state.first
    chances = []
    for _ in range(3):
        state = state.clone()
        state.agenda.append(Task("move_draw", p, Move(ends=False)))
        odds = state.chance_outcomes()
        chances.append(odds.probability(lambda name: name == "Storm"))
        state = state.apply(next(name for name in odds.outcomes() if name != "Storm"))
    return chances


def the_storm_is_in_one_of_31_places():
    state = lessons.dealt(4, 3)
    assert sum(state.deck.values()) == 31 and state.deck["Storm"] == 1
    assert _storm_chain()[0] == Fraction(1, 31)


def three_draws_miss_the_storm_28_times_in_31():
    first, second, third = _storm_chain()
    assert (first, second, third) == (Fraction(1, 31), Fraction(1, 30), Fraction(1, 29))
    assert (1 - first) * (1 - second) * (1 - third) == Fraction(28, 31)


def meeting_the_storm_is_the_complement():
    first, second, third = _storm_chain()
    met = first + (1 - first) * second + (1 - first) * (1 - second) * third
    assert met == Fraction(3, 31) and 1 - met == Fraction(28, 31) == lessons.storm_missed()


def the_share_of_shuffled_courses_settles_near_the_exact_share():
    deck = [name for name, n in lessons.dealt(4, 3).deck.items() for _ in range(n)]
    rng, met = random.Random(7), 0
    for _ in range(3100):
        rng.shuffle(deck)
        met += "Storm" in deck[:3]
    sd = math.sqrt(3100 * 3 / 31 * 28 / 31)
    assert abs(met - 300) < 4 * sd


def three_hundred_ten_courses_meet_it_30_times_on_average():
    first, second, third = _storm_chain()
    met = first + (1 - first) * second + (1 - first) * (1 - second) * third
    assert 310 * met == 30 == lessons.storms_predicted()


def thirty_is_near_but_seldom_exact():
    p = Fraction(3, 31)
    exactly = math.comb(310, 30) * p ** 30 * (1 - p) ** 280
    near = sum(math.comb(310, k) * p ** k * (1 - p) ** (310 - k) for k in range(20, 41))
    assert exactly < Fraction(1, 10) and near > Fraction(19, 20)


# ---------------------------------------------------------------- Action: a Letter of Marque
def the_other_captains_card_is_one_of_the_49_you_do_not_hold():
    state = lessons.dealt(4, 3)
    p = state.first
    assert len(state.hand(p)) == 6
    assert sum(lessons.start_unseen().values()) == 55
    assert sum(lessons.start_unseen(state.hand(p)).values()) == 55 - 6 == 49
    new = state.redeal_hidden(p, random.Random(1))                 # what you cannot see is re-dealt: never your cards
    assert new.hand(p) == state.hand(p)


def a_tie_is_yours_and_36_of_49_are_four_or_lower():
    from plunder_helpers import _contest

    for theirs, mine_wins in ((3, True), (4, True), (5, False)):
        state, p, q = _contest("Cartagena", _a_card_numbered(theirs, avoid=("Cartagena",)))
        assert (state.captains[p]["marque"] is not None) == mine_wins, theirs
    unseen = _unseen_numbers(lessons.MARQUE_HAND)
    assert sum(unseen.values()) == 49 and sum(n for k, n in unseen.items() if k <= number("Cartagena")) == 36
    assert lessons.marque_answer() == Fraction(36, 49)


def counting_your_own_cards_is_the_wrong_count():
    every = _unseen_numbers()
    assert sum(n for k, n in every.items() if k <= 4) == 40 and sum(every.values()) == 55
    assert Fraction(40, 55) != lessons.marque_answer()
    state = lessons.dealt(2, 1)
    p, q = state.first, 1 - state.first
    for seed in range(20):               # the other captain's cards never come from yours
        new = state.redeal_hidden(p, random.Random(seed))
        pool = dict(state.deck)
        for name in state.captains[q]["hand"]:
            pool[name] = pool.get(name, 0) + 1
        for name in set(new.captains[q]["hand"]):
            assert new.captains[q]["hand"].count(name) <= pool.get(name, 0)


# ---------------------------------------------------------------- Combat: a Pinnace against a Treasure Fleet
def _wins(state, p) -> bool:
    """Can the captain win the whole combat with the cards in hand (any way of spending them)?"""
    if state.phase == "prize":
        return True
    if state.current_player() != p or state.phase not in ("engage", "broadside", "sink_or_board", "boarding"):
        return False
    options = [Board()] if state.phase == "sink_or_board" else state.legal_actions()
    return any(_wins(state.apply(a), p) for a in options)


def _fight_with(numbers) -> bool:
    cards = [c for c in (_a_card_numbered(n) for n in numbers) if c]
    if len(cards) == 2 and cards[0] == cards[1] and components().card(cards[0]).count < 2:
        cards[1] = _a_card_numbered(numbers[1], avoid=(cards[0],))
    state, p = _at_sea_against("Treasure Fleet", cards)
    return _wins(state.apply(Attack()), p)


@cache
def _chain_from_the_engine() -> Fraction:
    """P(win) over the two cards drawn from the 55, each fight played by the engine."""
    counts = _unseen_numbers()
    total = Fraction(0)
    for a, na in counts.items():
        for b, nb in counts.items():
            ways = na * (nb - (a == b))
            if ways and _fight_with((a, b)):
                total += Fraction(ways, 55 * 54)
    return total


def you_must_win_each_step():
    state, p = _at_sea_against("Treasure Fleet", ["Open Sea"])
    lost = play(state, Attack(), AddCard("Open Sea"))          # 1 + 1 against the Fleet's cannon: the Broadside lost
    assert lost.combat is None and lost.phase not in ("boarding", "prize")


def the_engagement_needs_no_card():
    assert components().pinnace["speed"] == components().card("Treasure Fleet").speed
    state, p = _at_sea_against("Treasure Fleet", [])
    assert state.apply(Attack()).phase == "broadside"


def the_broadside_needs_a_3_or_more_and_36_of_55_are():
    for n, wins in ((2, False), (3, True)):
        state, p = _at_sea_against("Treasure Fleet", [_a_card_numbered(n)])
        after = play(state, Attack(), AddCard(_a_card_numbered(n)))
        assert (after.phase == "sink_or_board") == wins, n
    assert sum(k for n, k in _unseen_numbers().items() if n >= 3) == 36


def the_card_is_gone_and_the_boarding_needs_another():
    three = _a_card_numbered(3)
    state, p = _at_sea_against("Treasure Fleet", [three])
    boarding = play(state, Attack(), AddCard(three), Board())
    assert boarding.phase == "boarding" and three not in boarding.hand(p) and boarding.discard.get(three)
    assert not _wins(boarding, p)                                  # no card left: the Boarding is lost
    assert _fight_with((3, 3)) and not _fight_with((3, 2))
    assert sum(k for n, k in _unseen_numbers().items() if n >= 3) - 1 == 35


def both_steps_multiply_to_14_of_33():
    assert _chain_from_the_engine() == Fraction(36, 55) * Fraction(35, 54) == Fraction(14, 33)
    assert lessons.chain_answer() == Fraction(14, 33)


# ---------------------------------------------------------------- Results of a Combat
@cache
def _galleon_loot() -> dict[str, int]:
    """The loot tokens the engine gives a Pinnace (empty hold) that took the Spanish Galleon, for each card turned
    over: the engine's loot step, with that card on top."""
    state = fresh()
    p = state.first
    hand(state, p, [])
    from_deck(state, "Spanish Galleon")
    state.captains[p]["captured"] = "Spanish Galleon"
    state = at_step(state, p, "action", "give")
    state.agenda.append(Task("loot", p, Loot(components().card("Spanish Galleon").cargo)))
    found = {}
    for name in lessons.start_unseen():
        trial = state.clone()
        trial.deck = {name: 1}
        after = trial.apply(name)
        found[name] = sum(after.captains[p]["loot"].values())
    return found


def the_galleon_s_loot_averages_174_of_55():
    loot, unseen = _galleon_loot(), lessons.start_unseen()
    assert sum(loot[name] * n for name, n in unseen.items()) == 174 and sum(unseen.values()) == 55
    assert lessons.loot_tokens() == Fraction(174, 55)


def a_six_gives_only_five():
    loot = _galleon_loot()
    assert components().card("Spanish Galleon").cargo == 5
    sixes = [name for name in loot if number(name) == 6]
    assert sixes and {loot[name] for name in sixes} == {5}
    assert sum(lessons.start_unseen()[name] for name in sixes) == 4


# ---------------------------------------------------------------- War: a Letter against two captains
def their_cards_come_from_the_54_you_have_not_seen():
    assert number(lessons.WAR_CARD) == 5
    assert sum(lessons.start_unseen((lessons.WAR_CARD,)).values()) == 54


def you_lose_only_to_a_six():
    for theirs, mine_wins in ((5, True), (6, False)):
        state, p, q = _contest(lessons.WAR_CARD, _a_card_numbered(theirs, avoid=(lessons.WAR_CARD,)))
        assert (state.captains[p]["marque"] is not None) == mine_wins, theirs
    unseen = _unseen_numbers((lessons.WAR_CARD,))
    assert unseen[6] == 4 and sum(unseen.values()) - unseen[6] == 50
    product = math.prod(Fraction(50 - k, 54 - k) for k in range(12))
    assert lessons.war_answer() == product and round(float(product) * 100) == 35


def _contest(mine, theirs):
    from plunder_helpers import _contest as contest
    return contest(mine, theirs)


# ---------------------------------------------------------------- Worth the risk
@cache
def _fleet_sale() -> int:
    """The silver a captain keeps for a Captured Treasure Fleet sold in Tortuga, played by the engine."""
    state, p = _in_tortuga_with_plunder(mate=None)
    cap = state.captains[p]
    state.discard["Spanish Sloop"] = state.discard.get("Spanish Sloop", 0) + 1
    from_deck(state, "Treasure Fleet")
    cap["captured"] = "Treasure Fleet"
    before = cap["silver"]
    return state.apply(StartTrade()).captains[p]["silver"] - before


def the_fleet_sells_in_tortuga_and_the_crew_takes_half():
    assert _fleet_sale() == components().card("Treasure Fleet").value // 2 == 15


def sunk_you_lose_ship_and_cards_but_no_silver():
    state, p = lessons.captain_at("Spanish Galleon", silver=9)
    lessons.give_hand(state, p, ("Havana", "Open Sea"))
    lose_your_ship.lose_ship(state, p)
    assert state.cap(p)["silver"] == 9 and state.cap(p)["ship"] == "Pinnace" and state.hand(p) == []
    attacked, q = pirates_attack("Pinnace", [])             # a fight at sea lost: sunk, the silver kept
    silver = attacked.captains[q]["silver"]
    sunk = play(attacked, Fight(), AddCard(""))
    assert sunk.captains[q]["lost"] and sunk.captains[q]["silver"] == silver and sunk.hand(q) == []


def win_14_of_33_keep_15():
    assert _chain_from_the_engine() == Fraction(14, 33) and _fleet_sale() == 15


def the_expected_silver_is_70_of_11():
    value = _chain_from_the_engine() * _fleet_sale() + (1 - _chain_from_the_engine()) * 0
    assert value == Fraction(210, 33) == Fraction(70, 11) == lessons.attack_silver()
    assert f"{float(value):.2f}" == "6.36"


def a_hundred_fights_average_near_it():
    p, gain = _chain_from_the_engine(), _fleet_sale()
    sd = gain * math.sqrt(p * (1 - p) / 100)
    assert sd < 1                                           # the average of 100 fights: within about 1.5 silver
    near = sum(math.comb(100, k) * p ** k * (1 - p) ** (100 - k) for k in range(100 + 1)
               if abs(Fraction(k * gain, 100) - Fraction(70, 11)) <= 2)
    assert near > Fraction(19, 20)


#: each sentence a student reads, and the engine behaviour that makes it true
CLAIMS = {
    "opening": {
        "Each player is the Captain of a pirate ship.": every_captain_starts_with_a_ship_on_tortuga,
        "The captains sail from Tortuga over a sea of map cards they lay down as they explore, trade goods between "
        "Ports and fight ships, Ports and each other.": captains_explore_sail_trade_and_fight,
        "The first Captain to accumulate 60 Silver Pieces wins.": sixty_silver_wins_at_once,
        "There are no dice: every chance in Plunder comes from the deck.": every_chance_is_a_card_of_the_deck,
        "A card drawn, a card placed in a contest, a card played in a fight and the loot of a captured ship are all "
        "cards you could not see.": the_cards_of_chance_are_hidden,
        "Shuffle and deal a few tables.": INSTRUCTION,
    },
    "Setup": {
        "Light the cards numbered 5 or more: 11 cards numbered 5 and 4 numbered 6, 15 yellow cards of the 54 you can "
        "draw (house rule: a Storm drawn here is put back and another card drawn).":
            fifteen_of_the_55_are_numbered_five_or_more,
        "The deck is shuffled, so every card is as likely to come first: the chance is 15/54 = 5/18.":
            every_card_is_as_likely_first,
    },
    "Sail and Explore": {
        "The Storm lies in one of the 31 places of the deck, each as likely.": the_storm_is_in_one_of_31_places,
        "Your 3 draws are 3 of those places, so the Storm comes in 3 of the 31 and misses you in the other 28: 28/31.":
            three_draws_miss_the_storm_28_times_in_31,
        "That is the complement: 1 − 3/31 = 28/31.": meeting_the_storm_is_the_complement,
    },
    "Many courses: sailing against the exact count (text)": {
        "Sail courses of 3 moves again and again, a fresh shuffle each time.": INSTRUCTION,
        "The share of courses that meet the Storm wobbles, then settles near the exact share.":
            the_share_of_shuffled_courses_settles_near_the_exact_share,
    },
    "Many courses: sailing against the exact count": {
        "Each course meets the Storm 3 times in 31, so 310 courses meet it 310 × 3/31 = 30 times on average.":
            three_hundred_ten_courses_meet_it_30_times_on_average,
        "The sailed count lands near 30 and seldom exactly on it: that is luck, and the more courses, the closer the "
        "share.": thirty_is_near_but_seldom_exact,
    },
    "Action": {
        "You hold six cards, so theirs is one of the other 55 − 6 = 49.":
            the_other_captains_card_is_one_of_the_49_you_do_not_hold,
        "Pick Cartagena: 36 of the 49 are numbered 4 or lower (a tie is yours): 36/49.":
            a_tie_is_yours_and_36_of_49_are_four_or_lower,
        "Counting your own cards as if they could be theirs (40 of all 55) is the wrong count.":
            counting_your_own_cards_is_the_wrong_count,
    },
    "Combat": {
        "You must win each step to go on.": you_must_win_each_step,
        "The Engagement needs no card (the same speed).": the_engagement_needs_no_card,
        "The Broadside needs a card numbered 3 or more: 36 of the 55.": the_broadside_needs_a_3_or_more_and_36_of_55_are,
        "That card is gone, so the Boarding needs another: 35 of the 54 left.":
            the_card_is_gone_and_the_boarding_needs_another,
        "Both must happen: 36/55 × 35/54 = 1260/2970 = 14/33.": both_steps_multiply_to_14_of_33,
    },
    "Results of a Combat": {
        "Choose the Spanish Galleon and add the last column, tokens × cards: 0 + 10 + 16 + 33 + 40 + 75 = 174 tokens "
        "over the 55 cards, so 174/55, about 3.16 tokens a capture.": the_galleon_s_loot_averages_174_of_55,
        "The four cards numbered 6 give only 5: the Galleon carries at most 5.": a_six_gives_only_five,
    },
    "War": {
        "Their 12 cards come from the 54 you have not seen (your 5 is in your hand).":
            their_cards_come_from_the_54_you_have_not_seen,
        "You lose only to a 6, so all 12 must be among the other 50, one after another: 50/54 × 49/53 × … × 39/43, "
        "about 35 %.": you_lose_only_to_a_six,
    },
    "Worth the risk? The chance and the silver (text)": {
        "Put two ideas together: the chance to win the fight (a chain of steps) and what each ending is worth (an "
        "expected value).": INSTRUCTION,
        "If you win, the Treasure Fleet sells in Tortuga and the crew takes half.":
            the_fleet_sells_in_tortuga_and_the_crew_takes_half,
        "If you are sunk, you lose your ship and your cards, but no silver.": sunk_you_lose_ship_and_cards_but_no_silver,
    },
    "Worth the risk? The chance and the silver": {
        "You win 14/33 of the time (slide to 2 cards) and keep 15 silver; sunk, you take 0.": win_14_of_33_keep_15,
        "The expected silver is 14/33 × 15 + 19/33 × 0 = 210/33 = 70/11, about 6.36 silver an attack.":
            the_expected_silver_is_70_of_11,
        "Fight 100 times: the average lands near it.": a_hundred_fights_average_near_it,
    },
}


#: the live reference screens' whys (issue 34 item 4), checked in plunder_try_it_claims.py
CLAIMS.update(TRY_IT_CLAIMS)


def test_every_sentence_a_student_reads_has_its_engine_check():
    """Given the lesson file, When its opening text, each class screen's text and each why are split into
    sentences, Then every sentence is one listed here with its check (a new or changed rule statement needs one)."""
    assert read_lesson() == {screen: list(claims) for screen, claims in CLAIMS.items()}


@pytest.mark.parametrize("screen, sentence", [(s, t) for s, claims in CLAIMS.items() for t, check in claims.items()
                                              if check is not INSTRUCTION], ids=lambda value: value[:40])
def test_the_engine_applies_the_rule_the_lesson_states(screen, sentence):
    """Given a rule statement of the lesson, When the engine plays the situation it describes, Then the engine does
    what the sentence says."""
    CLAIMS[screen][sentence]()


def test_only_sentences_that_ask_for_something_go_unchecked():
    """The sentences with no check are the ones that ask the student to do something (they state no rule)."""
    unchecked = [t for claims in CLAIMS.values() for t, check in claims.items() if check is INSTRUCTION]
    assert unchecked == ["Shuffle and deal a few tables.",
                         "Sail courses of 3 moves again and again, a fresh shuffle each time.",
                         "Put two ideas together: the chance to win the fight (a chain of steps) and what each ending "
                         "is worth (an expected value)."]
