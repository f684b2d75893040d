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
                                         SellShip, StartTrade, StopSailing, TakePrize)
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
            if after.phase()[0] == "sail" and after.current_player() == p:
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
    assert state.phase()[0] == "boarding"
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
        assert error.value.rule == rule and words in error.value.reason, (state.phase(), error.value)


# ---------------------------------------------------------------- the data file's checks
def _broken(tmp_path, old, new):
    path = tmp_path / "cards.toml"
    text = DATA.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


BROKEN = [
    ("bank_silver = 400", "bank_silver = 0", "bank_silver must be at least 1"),
    ("bank_silver = 400", "bank_silver = 4.5", "bank_silver must be a whole number"),
    ("flags_per_nation = 6", "", "has no 'flags_per_nation'"),
    ('goods = ["Sugar", "Tobacco", "Rum", "Spices"]', 'goods = ["Sugar", "Sugar"]', "distinct names"),
    ('nations = ["Spain", "England", "France", "Netherlands"]', 'nations = ["Spain"]', "at least two nations"),
    ("[pinnace]\nspeed = 2", "[pinnace]\nspeed = 0", "[pinnace]: speed must be at least 1"),
    ("wages = 0\n\n#", "wages = -1\n\n#", "[pinnace]: wages must be at least 0"),
    ('name = "Tortuga"\nkind = "tortuga"', 'name = 5\nkind = "tortuga"', "name must be text"),
    ('kind = "storm"', 'kind = "tortuga"', "no card of kind storm"),
    ('name = "Tortuga"\nkind = "tortuga"\ncount = 1', 'name = "Tortuga"\nkind = "tortuga"\ncount = 2',
     "exactly one Tortuga and one Storm"),
    ("count = 12", "count = 3", "at least 4 Open Sea cards"),
    ("buy = { Sugar = 1, Tobacco = 2 }", "buy = { Sugar = 0, Tobacco = 2 }", "Sugar must be at least 1"),
    ("buy = { Sugar = 1, Tobacco = 2 }", 'buy = "cheap"', "buy must be a table of good = price"),
    ("buy = { Sugar = 1, Tobacco = 2 }", "buy = { Gold = 1 }", "'Gold', which is not one of the goods"),
    ("garrison = 6", "garrison = 0", "a Port needs a nation, buy and sell prices and a garrison"),
    ('act = "coastland"', 'act = "kraken"', "act 'kraken' is not a place"),
    ("warriors", "warriorz", "Natives need warriors and are met on a Coastland"),
    ('encounter = "open_sea"\nnation = "Spain"\nspeed = 4', 'encounter = "coastland"\nnation = "Spain"\nspeed = 4',
     "a ship is met on the Open Sea"),
    ('ability = "speed"', 'ability = "luck"', "a First Mate's ability is one of"),
    ('loot = "Tobacco"\nact = "port"\nnation = "Spain"', 'loot = "Tobacco"\nact = "port"',
     "War is Declared names a nation"),
    ('kind = "rum"\ncount = 2\nnumber = 6\nloot = "Rum"\nact = "port"', 'kind = "rum"\ncount = 2\nnumber = 6\n'
     'loot = "Rum"\nact = "open_sea"', "this card is played in a Port"),
    ('number = 1\nloot = "Spices"\nencounter = "open_sea"\nnation = "Spain"',
     'number = 1\nloot = "Spices"\nencounter = "open_sea"\nnation = "England"', "All Treasure Fleets belong to Spain"),
    ('kind = "treaty"', 'kind = "rum"', "no card of kind treaty"),
    ("[rules]", "[rulez]", "no [rules] table"),
    ("count = 12", "count = 0", "count must be at least 1"),
]


@pytest.mark.parametrize("old,new,words", BROKEN, ids=[b[2][:40] for b in BROKEN])
def test_every_check_of_the_data_file_refuses_with_its_sentence(tmp_path, old, new, words):
    """Rules: Plunder › Setup"""
    with pytest.raises(InvalidInput) as error:
        load_components(_broken(tmp_path, old, new))
    assert words in str(error.value), error.value


def test_the_deck_must_deal_four_hands():
    """Rules: Plunder › Setup"""
    text = DATA.read_text(encoding="utf-8")
    assert "count = 12" in text
    assert load_components(DATA).size == 60 and components().card("Havana").buy_price("Sugar") == 1
    assert components().card("Havana").sell_price("Sugar") is None and components().card("Natives").loot == ("Spices", 3)
