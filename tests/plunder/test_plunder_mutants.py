"""Behaviour a mutation sample found untested: courses at sea, every refusal's rule and reason, the data
file's checks, and the log a person reads.  Each test fails when the rule (or the sentence) it names breaks.

Rules: Plunder › Sail and Explore
"""
import random
from pathlib import Path

import pytest

from pirates_lab.core import InvalidInput, IllegalMove
from pirates_lab.core.geometry import E, N, S, W
from pirates_lab.plunder.actions import (AbandonCaptured, AddCard, Attack, AttackCaptain, AttackPort, Board, Buy,
                                         BuyShip, Contest, DismissMate, DoneTrading, Explore, Fight, Give,
                                         KeepLetter, LetGo, Marque, PassAction, Pay, Play, Sail, Secret, Sell,
                                         SellShip, Shout, StartTrade, StopSailing, TakePrize)
from pirates_lab.plunder.components import components, load_components
from pirates_lab.plunder.sail_and_explore import sailing_paths

from plunder_helpers import at_step, enough_silver, fresh, from_deck, hand, lay, play, ship

DATA = Path(__file__).resolve().parents[2] / "pirates_lab" / "plunder" / "data" / "cards.toml"


# ---------------------------------------------------------------- courses at sea
def _engine_courses(state, p):
    """Every course the engine allows from the sail step: each sequence of cells entered (a brute force)."""
    found = set()

    def walk(s, path):
        for action in s.legal_actions():
            if not isinstance(action, Sail):
                continue
            after = s.apply(action)
            card = next(n for n in sorted(after.deck) if after.card(n).kind not in ("storm",))
            after = after.apply(card)
            route = path + (tuple(after.captains[p]["at"]),)
            found.add(route)
            if after.phase == "sail" and after.current_player() == p:
                walk(after, route)

    walk(state, ())
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_courses_drawn_for_a_lesson_are_exactly_the_engines(seed):
    """Rules: Plunder › Sail and Explore

    Given a random sea of Open Sea, Ports and Coastlands around Tortuga, Then sailing_paths lists exactly the courses
    the engine lets a captain with an empty hand sail (one direction, one turn, a Port or Coastland ends it)."""
    rng = random.Random(seed)
    state = fresh(seed=seed)
    p = state.first
    hand(state, p, [])
    cells = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if abs(x) + abs(y) > 1]
    names = ["Open Sea"] * 6 + ["Coastland"] * 2 + ["Havana", "Nassau", "Curacao"]
    for cell, name in zip(rng.sample(cells, 9), rng.sample(names, 9)):
        lay(state, cell, name)
    state = at_step(state, p, "sail", "action", "give")
    kinds = {cell: state.card(name).kind for cell, name in state.sea.items()}
    assert {tuple(path) for path in sailing_paths(kinds, (0, 0))} == _engine_courses(state, p)


# ---------------------------------------------------------------- every refusal: its rule and its reason
def _sailing(p_cards=(), at=(1, 0), voyage_steps=()):
    state = fresh()
    p = state.first
    state.captains[p]["at"] = at
    hand(state, p, list(p_cards))
    state = at_step(state, p, "sail", "action", "give")
    return play(state, *voyage_steps)


def _action(at=(1, 0), port=None, cards=(), **mat):
    state = fresh()
    p = state.first
    if port:
        lay(state, at, port)
    state.captains[p]["at"] = at
    hand(state, p, list(cards))
    for key, value in mat.items():
        state.captains[p][key] = value
    return at_step(state, p, "action", "give")


def _trade(port="Havana", cards=(), silver=5, **mat):
    state = _action(port=port, cards=cards, **mat)
    enough_silver(state, state.first, silver)
    return state.apply(StartTrade())


REFUSALS = [
    # Sail and Explore
    (lambda: _sailing(), Sail(7), "Sail and Explore", "cannot move diagonally"),
    (lambda: _sailing(["Open Sea"] * 7), Sail(W), "Sail and Explore", "fewer than 7 cards"),
    (lambda: _sailing([], at=(0, 0), voyage_steps=(Sail(E), "Havana")), Sail(W), "Sail and Explore",
     "turning at most once to port or starboard: west"),
    (lambda: _sailing(), Sail(E), "Sail and Explore", "no map card to the east: explore first"),
    (lambda: _sailing(["Havana", "Coastland"], voyage_steps=(Explore((2, 0), "Havana"),)),
     Explore((1, 1), "Coastland"), "Sail and Explore", "explore once before each move"),
    (lambda: _sailing(["Navigator"]), Explore((2, 0), "Navigator"), "Sail and Explore",
     "map card from your hand ('Navigator' is not one)"),
    (lambda: _sailing(["Havana"]), Explore((5, 5), "Havana"), "Sail and Explore",
     "'(5, 5)' is not an empty space next to your ship"),
    (lambda: _sailing(), Buy("Rum", 1), "Sail and Explore", "'buy 1 Rum' is not part of sailing and exploring"),
    # Action
    (lambda: _action(port="Havana", flags=["Spain"]), PassAction(), "Action", "Havana is an enemy Port: you MUST "
     "attack it"),
    (lambda: _action(at=(0, 0), loot={"Rum": 1}), PassAction(), "Selling", "MUST sell the Captured Ship and its loot"),
    (lambda: _action(port="Havana"), Play("Navigator"), "Action", "'Navigator' is not in your hand"),
    (lambda: _action(port="Havana", cards=["Open Sea"]), Play("Open Sea"), "Action", "shows no \"Act\" entry"),
    (lambda: _action(cards=["Navigator"]), Play("Navigator"), "Action", "acts in a port; you are in Open Sea"),
    (lambda: _action(port="Havana", cards=["War is Declared: Spain"]), Play("War is Declared: Spain", "Spain"),
     "War", "is not a war or treaty that can be played now"),
    (lambda: _action(port="Havana", cards=["Coastland"]), Marque("Coastland"), "Action",
     "obtained in a Port of a nation at war"),
    (lambda: _action(cards=[]), StartTrade(), "Trade", "only while you are in a Port"),
    (lambda: _action(), AttackPort(), "Action", "attack a Port only if you are in it"),
    (lambda: _action(), AttackCaptain(1), "Attacking Another Captain", "only in the same space, not in a Port"),
    (lambda: _action(), "hoist the colours", "Action", "is not one of the actions"),
    # Trade, Buying, Selling
    (lambda: _trade(), Buy("Rum", 1), "Buying", "Havana shows no Buy price for 'Rum'"),
    (lambda: _trade(), Buy("Sugar", 3), "Buying", "You cannot buy '3' 'Sugar': you need the silver, room in your "
     "hold"),
    (lambda: _trade(), Sell("Sugar", 1), "Selling", "Havana shows no Sell price for 'Sugar'"),
    (lambda: _trade(), Sell("Rum", 1), "Selling", "You do not have '1' 'Rum' of Traded Cargo"),
    (lambda: _trade(cards=["Treasure Fleet"], silver=40), BuyShip("Treasure Fleet"), "Buying", "NOT buy a Prized Ship"),
    (lambda: _trade(cards=["Spanish Sloop"], silver=1), BuyShip("Spanish Sloop"), "Buying",
     "have its card in hand or have had it played to you"),
    (lambda: _trade(), SellShip(), "Selling", "You sail the Pinnace: it cannot be sold"),
    (lambda: _trade(), "a parrot", "Trade", "'a parrot' is not a trade; finish with 'done trading'"),
]


@pytest.mark.parametrize("position,move,rule,words", REFUSALS, ids=[r[3][:40] for r in REFUSALS])
def test_every_refusal_names_its_rule_and_says_why(position, move, rule, words):
    """Rules: Plunder › Action"""
    state = position()
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    assert error.value.rule == rule and words in error.value.reason, error.value
    assert state.to_json() == before


def _meeting(enemy, p_ship="Pinnace", cards=()):
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, list(cards))
    from_deck(state, enemy)
    state.encounters[p] = enemy
    return at_step(state, p, "encounter", "action", "give")


def _port_boarding():
    """A Treasure Fleet (cannon 4, crew 5) attacks Havana (cannon 4, garrison 6): at the Boarding, behind."""
    state = _action(port="Havana")
    ship(state, state.first, "Treasure Fleet")
    state = play(state, AttackPort(), Board())
    assert state.phase == "boarding"
    return state


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


# ---------------------------------------------------------------- the data file's checks
def _broken(tmp_path, old, new):
    path = tmp_path / "cards.toml"
    text = DATA.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


BROKEN = [
    ("bank_silver = 400", "bank_silver = 0", "[rules]: bank_silver must be at least 1, not 0."),
    ("bank_silver = 400", "bank_silver = 4.5", "[rules]: bank_silver must be a whole number, not 4.5."),
    ("flags_per_nation = 6", "", "[rules] has no 'flags_per_nation'."),
    ("[pinnace]\nspeed = 2", "[pinnacle]\nspeed = 2", "[pinnace] has no 'speed'."),
    ('goods = ["Sugar", "Tobacco", "Rum", "Spices"]', 'goods = ["Sugar", "Sugar"]', "distinct names"),
    ('nations = ["Spain", "England", "France", "Netherlands"]', 'nations = ["Spain"]', "at least two nations"),
    ("[pinnace]\nspeed = 2", "[pinnace]\nspeed = 0", "[pinnace]: speed must be at least 1, not 0."),
    ("wages = 0\n\n#", "wages = -1\n\n#", "[pinnace]: wages must be at least 0, not -1."),
    ('name = "Tortuga"\nkind = "tortuga"', 'name = 5\nkind = "tortuga"', "name must be text"),
    ('kind = "storm"', 'kind = "tortuga"', "The deck has no card of kind storm."),
    ('name = "Tortuga"\nkind = "tortuga"\ncount = 1', 'name = "Tortuga"\nkind = "tortuga"\ncount = 2',
     "The deck holds exactly one Tortuga and one Storm."),
    ("count = 12", "count = 3", "at least 4 Open Sea cards"),
    ("buy = { Sugar = 1, Tobacco = 2 }", "buy = { Sugar = 0, Tobacco = 2 }", "Sugar must be at least 1"),
    ("buy = { Sugar = 1, Tobacco = 2 }", 'buy = "cheap"', "buy must be a table of good = price"),
    ("buy = { Sugar = 1, Tobacco = 2 }", "buy = { Gold = 1 }", "'Gold', which is not one of the goods"),
    ("garrison = 6", "garrison = 0", "a Port needs a nation, buy and sell prices and a garrison"),
    ('act = "coastland"', 'act = "kraken"', "act 'kraken' is not a place"),
    ("warriors", "warriorz", "Natives need warriors and are met on a Coastland"),
    ('encounter = "open_sea"\nnation = "Spain"\nspeed = 4', 'encounter = "coastland"\nnation = "Spain"\nspeed = 4',
     "a ship is met on the Open Sea"),
    ('ability = "speed"', 'ability = "luck"',
     "card 'Navigator': a First Mate's ability is one of speed, cannon, crew, cargo."),
    ('loot = "Tobacco"\nact = "port"\nnation = "Spain"', 'loot = "Tobacco"\nact = "port"',
     "War is Declared names a nation"),
    ('kind = "rum"\ncount = 2\nnumber = 6\nloot = "Rum"\nact = "port"', 'kind = "rum"\ncount = 2\nnumber = 6\n'
     'loot = "Rum"\nact = "open_sea"', "this card is played in a Port"),
    ('number = 1\nloot = "Spices"\nencounter = "open_sea"\nnation = "Spain"',
     'number = 1\nloot = "Spices"\nencounter = "open_sea"\nnation = "England"', "All Treasure Fleets belong to Spain"),
    ('kind = "treaty"', 'kind = "rum"', "no card of kind treaty"),
    ("[rules]", "[rulez]", "no [rules] table"),
    ("count = 12", "count = 0", "card 'Open Sea': count must be at least 1, not 0."),
]


@pytest.mark.parametrize("old,new,words", BROKEN, ids=[b[2][:40] for b in BROKEN])
def test_every_check_of_the_data_file_refuses_with_its_sentence(tmp_path, old, new, words):
    """Rules: Plunder › Setup"""
    with pytest.raises(InvalidInput) as error:
        load_components(_broken(tmp_path, old, new))
    assert words in str(error.value), error.value


@pytest.mark.parametrize("kind,count", [("war", 1), ("treaty", 2), ("rum", 2), ("sneak", 2), ("first_mate", 1)])
def test_cards_played_as_the_action_are_played_in_a_port(tmp_path, kind, count):
    """Rules: Plunder › Action"""
    text = DATA.read_text(encoding="utf-8")
    head = f'kind = "{kind}"\ncount = {count}\n'
    start = text.index(head)
    end = text.index('act = "port"', start)
    path = tmp_path / "cards.toml"
    path.write_text(text[:end] + 'act = "open_sea"' + text[end + len('act = "port"'):], encoding="utf-8")
    with pytest.raises(InvalidInput, match="this card is played in a Port"):
        load_components(path)


def test_a_deck_of_two_nations_loads(tmp_path):
    """Rules: Plunder › War (two nations are enough for a war)"""
    text = DATA.read_text(encoding="utf-8").replace('"France"', '"Spain"').replace('"Netherlands"', '"England"')
    text = text.replace('nations = ["Spain", "England", "Spain", "England"]', 'nations = ["Spain", "England"]')
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    assert load_components(path).nations == ("Spain", "England")


def test_the_deck_must_deal_four_hands():
    """Rules: Plunder › Setup"""
    text = DATA.read_text(encoding="utf-8")
    assert "count = 12" in text
    assert load_components(DATA).size == 60 and components().card("Havana").buy_price("Sugar") == 1
    assert components().card("Havana").sell_price("Sugar") is None and components().card("Natives").loot == ("Spices", 3)


# ---------------------------------------------------------------- rules the sample found untested
def _contest(claimant_card, contester_card):
    state = fresh(players=3)
    p = state.first
    q, r = (p + 1) % 3, (p + 2) % 3
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    hand(state, p, [claimant_card])
    hand(state, q, [contester_card])
    hand(state, r, [])
    state = play(at_step(state, p, "action", "give"), Marque(claimant_card), Contest(contester_card))
    return state, p, q


def test_a_higher_card_outbids_the_claimant_of_a_letter():
    """Rules: Plunder › Action

    Given a claimant's Havana (3) against a contester's Cartagena (4), Then no Letter: "equal to or greater than all
    the others" fails; the log shows both cards and both go to the discard pile."""
    state, p, q = _contest("Havana", "Cartagena")
    assert state.captains[p]["marque"] is None
    shown = ", ".join(f"captain {seat + 1}: {card}" for seat, card in sorted({p: "Havana (3)", q: "Cartagena (4)"}.items()))
    assert f"Cards turned up — {shown}. Captain {p + 1} is outbid: no Letter of Marque." in state.log
    assert state.discard.get("Havana") == 1 and state.discard.get("Cartagena") == 1
    won, p, q = _contest("Cartagena", "Havana")
    assert won.captains[p]["marque"] == "England"
    assert f"Captain {q + 1} contests with a card face down." in won.log


def test_letting_a_captured_ship_go_in_the_action_returns_what_it_held():
    """Rules: Plunder › Captured Ships

    Given a captain with a Captured Dutch Galleon (cargo 5) and 5 Rum of loot in a Pinnace (cargo 2), When they
    abandon it (free, in the Action), Then the ship is discarded and the 3 Rum that no longer fit go back."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"
    state.captains[p]["loot"] = {"Rum": 5}
    state.goods["Rum"] -= 5
    hand(state, p, [])
    state = at_step(state, p, "action", "give").apply(AbandonCaptured())
    assert state.captains[p]["captured"] is None and state.captains[p]["loot"] == {"Rum": 2}
    assert state.discard.get("Dutch Galleon") == 1 and state.goods["Rum"] == 10 and state.phase == "action"
    assert f"Captain {p + 1} abandons the Captured Ship Dutch Galleon." in state.log
    state.validate()


def test_a_new_captured_ship_replaces_the_old_one():
    """Rules: Plunder › Captured Ships"""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Sloop")
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"
    hand(state, p, [])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board(), TakePrize("captured"))
    assert state.captains[p]["captured"] == "Spanish Sloop" and state.discard.get("Dutch Galleon") == 1
    state.validate()


def test_plunder_sold_in_a_port_of_your_letter_fetches_its_sell_price():
    """Rules: Plunder › Selling

    Given 3 Spices of loot in Port Royal (Sells Spices at 6) with the English Letter, When the captain trades, Then
    18 silver, half kept (9); in Tortuga the same loot fetches 2 a token (6, half 3)."""
    for where, port, kept in (((1, 0), "Port Royal", 9), ((0, 0), None, 3)):
        state = _action(at=where, port=port, marque="England", loot={"Spices": 3})
        state.goods["Spices"] -= 3
        state = state.apply(StartTrade())
        assert state.captains[state.first]["silver"] == 5 + kept
        assert f"keeps half, {kept} (Selling)." in state.log[-1]


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


def test_cards_face_down_are_logged_without_saying_which():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p, q = state.first, 1 - state.first
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    hand(state, p, ["Havana"])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret("Havana"), Secret(""))
    assert [f"Captain {p + 1} places a card face down.", f"Captain {q + 1} places no card face down."] == \
        [line for line in state.log if "face down" in line]
    assert f"Cards revealed (broadside): captain {p + 1} 4 against captain {q + 1} 1; ties to the attacker." in state.log


def test_the_end_of_the_game_is_its_own_phase():
    """Rules: Plunder › Overview"""
    state = _action(port="Havana", cargo={"Rum": 1})
    state.goods["Rum"] -= 1
    enough_silver(state, state.first, 58)
    state = play(state, StartTrade(), Sell("Rum", 1))
    assert state.phase == "game over" and state.phase.rule == "Overview" and state.is_terminal()
    assert state.log[-1] == f"Captain {state.first + 1} has 63 silver and wins."


@pytest.mark.parametrize("position,move,words", [
    (lambda: _action(port="Havana", cards=["Coastland"], flags=["England"]), Marque("Coastland"),
     "England is already your enemy: it gives you no Letter of Marque."),
    (lambda: _action(port="Havana", cards=["Coastland"], marque="England"), Marque("Coastland"),
     "You already hold the England Letter of Marque."),
    (lambda: _action(port="Havana", cards=["Coastland"]), Marque("Nassau"),
     "Place a card from your hand face down ('Nassau' is not in it)."),
])
def test_a_letter_refused_says_why(position, move, words):
    """Rules: Plunder › War"""
    state = position()
    state.wars = [["War is Declared: England", "France"]]   # England at war; the captain in Havana (Spain)
    from_deck(state, "War is Declared: England")
    lay(state, (1, 0), "Port Royal")
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    assert error.value.reason == words


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


def test_losing_the_ship_discards_the_captured_one_too():
    """Rules: Plunder › If You Lose Your Ship

    "Otherwise, return your cargo to the Quartermaster and discard your ships": the Captured Ship as well."""
    state = _meeting("Spanish Galleon", "English Sloop")
    p = state.first
    from_deck(state, "Dutch Brigantine")
    state.captains[p]["captured"] = "Dutch Brigantine"
    state = play(state, Attack(), AddCard(""))             # speed 4 >= 2; cannon 1 < 3: sunk
    assert state.captains[p]["captured"] is None and state.captains[p]["ship"] == "Pinnace"
    assert state.discard.get("Dutch Brigantine") == 1 and state.discard.get("English Sloop") == 1
    state.validate()


def test_a_tie_at_the_first_draw_is_logged_and_the_deal_starts_left_of_the_dealer():
    """Rules: Plunder › Setup

    Captains 1 and 2 draw a 5 each: "Captains 1, 2 tie with 5: they draw again."  Then "the last Captain deals":
    the first card dealt goes to the captain on the dealer's left (the First Captain), then round the table."""
    from pirates_lab.plunder import Game

    state = Game(players=3).new_initial_state()
    state = play(state, "Navigator", "Master Gunner", "Open Sea")   # 5, 5, 1: captains 1 and 2 tie
    assert "Captains 1, 2 tie with 5: they draw again." in state.log
    state = play(state, "Bottle of Rum", "Coastland")                # 6 against 2: captain 1 is First Captain
    assert state.first == 0 and state.roles["Dealer"] == 2
    sizes = [len(state.hand(p)) for p in range(3)]                  # 2, 2 and 1 cards
    order = []
    while state.is_chance_node():
        state = state.apply(next(n for n in sorted(state.deck) if state.card(n).kind != "storm"))
        order += [p for p in range(3) if len(state.hand(p)) > sizes[p]]
        sizes = [len(state.hand(p)) for p in range(3)]
    assert order == [0, 1, 2] * 4 + [2] and sizes == [6, 6, 6]


def test_the_deck_running_out_takes_the_discard_pile_back():
    """Rules: Plunder › Sail and Explore (ASSUMPTION: an empty deck is refilled from the discard pile)"""
    state = fresh()
    p = state.first
    hand(state, p, [])
    lay(state, (1, 0), "Open Sea")
    for name, n in list(state.deck.items()):            # every card left goes to the discard pile
        state.discard[name] = state.discard.get(name, 0) + n
    state.deck = {}
    state = at_step(state, p, "sail", "action", "give").apply(Sail(E))
    assert "The deck ran out: the discard pile is shuffled into a new deck." in state.log and state.is_chance_node()


def test_an_abandoned_ship_is_seen_by_both_captains_until_taken():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p, q = state.first, 1 - state.first
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[q]["captured"] = "Dutch Galleon"
    hand(state, q, [])
    from pirates_lab.plunder.actions import Flee
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Flee("", True))
    for seat in (p, q):
        assert state.observation(seat)["combat"]["abandoned"] == "Dutch Galleon"
        assert "Dutch Galleon" in state.observation(seat)["in_play"]


@pytest.mark.parametrize("break_it,words", [
    (lambda s: s.deck.__setitem__("Havana", s.deck.get("Havana", 0) + 1), "the cards in play are not exactly the deck"),
    (lambda s: s.captains[0].__setitem__("silver", 6), "silver is not conserved"),
    (lambda s: (s.captains[0].__setitem__("silver", -1), s.__setattr__("bank", s.bank + 6)),
     "captain 1 holds 6 cards and -1 silver"),
    (lambda s: s.goods.__setitem__("Rum", 11), "Rum tokens are not conserved"),
])
def test_validate_refuses_a_broken_position_with_its_reason(break_it, words):
    """Rules: Plunder › Setup"""
    state = fresh()
    break_it(state)
    with pytest.raises(ValueError) as error:
        state.validate()
    assert str(error.value) == words


def test_a_ship_offered_in_the_last_turn_is_discarded_when_the_rounds_run_out():
    """Rules: Plunder › Buying (a ship played to you is yours to buy that turn only)"""
    state = fresh(max_turns=1)
    p = state.first
    q = state.left_of(p)                                  # the last captain of round 1
    from_deck(state, "Spanish Sloop")
    state.offered = "Spanish Sloop"
    hand(state, q, [])
    state = at_step(state, q, "give")
    assert state.is_terminal() and state.observation(p)["offered"] is None
    assert state.discard.get("Spanish Sloop") == 1


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


def test_a_second_letter_of_the_same_nation_is_refused_under_war():
    """Rules: Plunder › War"""
    state = _action(port="Port Royal", cards=["Coastland"], marque="England")
    state.wars = [["War is Declared: England", "France"]]
    from_deck(state, "War is Declared: England")
    with pytest.raises(IllegalMove) as error:
        state.apply(Marque("Coastland"))
    assert error.value.rule == "War" and error.value.reason == "You already hold the England Letter of Marque."


def test_a_trade_in_something_that_is_not_a_good_is_refused():
    """Rules: Plunder › Buying"""
    state = _trade()
    for move in (Buy(["Sugar"], 1), Sell({"Rum": 1}, 1), Buy("Sugar", "2")):
        with pytest.raises(IllegalMove):
            state.apply(move)


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


def test_the_log_of_captains_fighting_and_an_attacker_sunk():
    """Rules: Plunder › Attacking Another Captain"""
    state = fresh()
    p, q = state.first, 1 - state.first
    for seat in (p, q):
        state.captains[seat]["at"] = (1, 0)
    ship(state, q, "Spanish Galleon")                     # cannon 3 against the Pinnace's 1
    hand(state, p, [])
    hand(state, q, [])
    state = play(at_step(state, p, "action", "give"), AttackCaptain(q), Fight(), Secret(""), Secret(""))
    assert (f"Captain {p + 1} attacks captain {q + 1} (Attacking Another Captain; no nation becomes an enemy: "
            "Enemies).") in state.log
    assert f"Captain {q + 1}'s cannons sink captain {p + 1}'s ship." in state.log
    assert state.captains[p]["at"] == (0, 0) and state.captains[p]["lost"]


def test_the_log_says_which_letter_is_kept():
    """Rules: Plunder › War"""
    state = _action(port="Port Royal", cards=["Havana"], marque="Spain")
    from_deck(state, "War is Declared: England")
    state.wars = [["War is Declared: England", "France"]]
    hand(state, 1 - state.first, [])
    state = play(state, Marque("Havana"), KeepLetter("Spain"))
    assert (f"Captain {state.first + 1} keeps the Spain Letter of Marque; England becomes their enemy (War)."
            in state.log)


def test_a_bought_ship_is_not_sold_in_tortuga():
    """Rules: Plunder › Trade ("You may buy and sell Goods and Ships while you are in a Port")"""
    state = _action(at=(0, 0))
    ship(state, state.first, "Spanish Sloop")              # bought: not taken in Combat
    state = state.apply(StartTrade())
    assert SellShip() not in state.legal_actions()
    with pytest.raises(IllegalMove) as error:
        state.apply(SellShip())
    assert error.value.rule == "Trade" and error.value.reason == "You sell a ship you bought in a Port."


def test_the_shipped_file_loads_fresh_with_its_prized_ships_and_texts(tmp_path):
    """Rules: Plunder › Buying (Prized Ships are only obtained through Combat)"""
    deck = load_components()                               # read again, not the cached copy
    assert deck.card("Treasure Fleet").prize and deck.card("Pirates").prize and not deck.card("Spanish Sloop").prize
    assert deck.card("Havana").text == "" and deck.card("Storm").text
    four = _broken(tmp_path, "count = 12", "count = 4")    # exactly the 4 Open Sea cards of the setup
    assert load_components(four).count("Open Sea") == 4


@pytest.mark.parametrize("old,new,words", [
    ("number = 3\nloot = \"Sugar\"\nnation = \"Spain\"", "number = -1\nloot = \"Sugar\"\nnation = \"Spain\"",
     "card 'Havana': number must be at least 0, not -1."),
    ("sell = { Rum = 5, Spices = 6 }\ncannon = 4\ngarrison = 6", "cannon = 4\ngarrison = 6",
     "card 'Havana': a Port needs a nation, buy and sell prices and a garrison."),
    ('goods = ["Sugar", "Tobacco", "Rum", "Spices"]', 'goods = ["Sugar", "Sugar"]',
     "rules.goods and rules.nations must list distinct names (at least two nations)."),
])
def test_a_broken_card_is_refused_with_its_whole_sentence(tmp_path, old, new, words):
    """Rules: Plunder › Setup"""
    with pytest.raises(InvalidInput) as error:
        load_components(_broken(tmp_path, old, new))
    assert str(error.value) == words
