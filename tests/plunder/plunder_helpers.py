"""Hand-built Plunder positions for the rule tests (cards always conserved), and the data they read.

The rule tests live in files named after the rulebook's chapters (``test_plunder_<chapter>.py``); the
positions and tables more than one of them uses are here.
"""
import json
import random
import tomllib
from pathlib import Path

from pirates_lab.core.geometry import E, W
from pirates_lab.plunder import Game
from pirates_lab.plunder.scenarios import at_step, dealt, start_turn  # noqa: F401  (scenario positions)
from pirates_lab.plunder.actions import (AddCard, Attack, AttackCaptain, AttackPort, Board, Buy, BuyShip, Contest,
                                         Explore, Fight, Marque, PassAction, Play, Sail, Sell, SellShip, StartTrade)


def fresh(players=2, seed=0, **options):
    """A dealt game at the First Captain's first decision."""
    return dealt(Game(players=players, **options), seed)


def to_deck(state, name):
    state.deck[name] = state.deck.get(name, 0) + 1


def from_deck(state, name):
    if not state.deck.get(name):  # fetch it from the discard pile, or a hand, if the deck has none
        if state.discard.get(name):
            state.discard[name] -= 1
            if not state.discard[name]:
                del state.discard[name]
            to_deck(state, name)
        else:
            for p in range(len(state.captains)):
                if name in state.hand(p):
                    state._take_from_hand(p, name)
                    to_deck(state, name)
                    break
    state._from_deck(name)


def hand(state, p, cards):
    """Give captain ``p`` exactly these cards."""
    cap = state.captains[p]
    for name in state.hand(p):
        to_deck(state, name)
    cap["hand"], cap["shown"] = [], []
    for name in cards:
        from_deck(state, name)
        cap["hand"].append(name)
    cap["hand"].sort()


def lay(state, cell, name):
    """Put a map card from the deck into the sea."""
    if cell in state.sea:
        to_deck(state, state.sea[cell])
    from_deck(state, name)
    state.sea[cell] = name


def ship(state, p, name):
    cap = state.captains[p]
    if cap["ship"] != "Pinnace":
        to_deck(state, cap["ship"])
    if name != "Pinnace":
        from_deck(state, name)
    cap["ship"] = name


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
    return state


def auto_chance(state, card):
    """Resolve the chance step on top with a chosen card."""
    assert state.is_chance_node(), state.phase
    return state.apply(card)


def enough_silver(state, p, silver):
    """Captain ``p`` holds exactly ``silver`` (taken from or paid to the bank)."""
    cap = state.captains[p]
    state.bank -= silver - cap["silver"]
    cap["silver"] = silver


def pirates_attack(ship_name, cards):
    """Pirates (speed 3, cannon 3, crew 3) played to the captain on turn on the Open Sea, who sails `ship_name`
    holding `cards`: the Encounter resolved, the captain to fight them. Returns (state, the captain's seat)."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, ship_name)
    hand(state, p, cards)
    from_deck(state, "Pirates")
    state.encounters[p] = "Pirates"
    return at_step(state, p, "encounter", "action", "give"), p


# ---------------------------------------------------------------- positions and data shared by the rule tests

def _at_sea_against(enemy, cards, p_ship="Pinnace", seed=0):
    state = fresh(seed=seed)
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, cards)
    from_deck(state, enemy)
    state.encounters[p] = enemy
    return at_step(state, p, "encounter", "action", "give"), p


def _two_at(cell, card=None, players=2):
    state = fresh(players=players)
    p = state.first
    q = state.left_of(p)
    if card is not None:
        lay(state, cell, card)
    for seat in (p, q):
        state.captains[seat]["at"] = cell
    return state, p, q


def _sailing_a_prize(cell, port=None, marque=None):
    state = fresh()
    p = state.first
    if port:
        lay(state, cell, port)
    state.captains[p]["at"] = cell
    ship(state, p, "Spanish Sloop")                       # value 8, taken in Combat
    state.captains[p]["prize_ship"] = True
    state.captains[p]["marque"] = marque
    return state, p


def _spain_out_of_flags(wars=("England", "France", "Netherlands")):
    """Four captains; three are Spain's enemies and three wars carry a Spanish flag: the six flags are all out."""
    state = fresh(players=4)
    p = state.first
    others = [q for q in range(4) if q != p]
    for q in others:
        state.captains[q]["flags"] = ["Spain"]
    for nation in wars:
        from_deck(state, f"War is Declared: {nation}")
        state.wars.append([f"War is Declared: {nation}", "Spain"])
    return state, p


ROOT = Path(__file__).resolve().parents[2]


CARDS = tomllib.loads((ROOT / "pirates_lab" / "plunder" / "data" / "cards.toml").read_text(encoding="utf-8"))


#: one card of each number, from the raw data file (none: 0)
BY_NUMBER = {0: None, **{c["number"]: c["name"] for c in reversed(CARDS["card"]) if c["kind"] != "tortuga"}}


def _engine_wins_the_broadside(number: int) -> bool:
    state, p = pirates_attack("English Brigantine", [BY_NUMBER[number]] if BY_NUMBER[number] else [])
    state = state.apply(Fight())
    if state.phase == "broadside":
        state = state.apply(AddCard(BY_NUMBER[number] or ""))
    return not state.captains[p]["lost"]


def _unseen_numbers() -> list[int]:
    """The number of every card not seen at the start, one entry per copy (raw data: no Tortuga, 4 Open Sea out)."""
    numbers = [c["number"] for c in CARDS["card"] if c["kind"] != "tortuga" for _ in range(c["count"])]
    for _ in range(CARDS["rules"]["open_sea_at_setup"]):
        numbers.remove(next(c["number"] for c in CARDS["card"] if c["kind"] == "open_sea"))
    return numbers


DATA_NUMBER = {c["name"]: c["number"] for c in CARDS["card"]}


DATA = Path(__file__).resolve().parents[2] / "pirates_lab" / "plunder" / "data" / "cards.toml"


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


def _toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value) if isinstance(value, str) else str(value)


def _write(tmp_path, raw) -> Path:
    """The raw table (as tomllib reads the shipped file) written back as TOML."""
    lines = []
    for table in ("rules", "pinnace"):
        lines.append(f"[{table}]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in raw[table].items()]
    for card in raw["card"]:
        lines.append("[[card]]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in card.items()]
    path = tmp_path / "cards.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _raw():
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def _small_deck(size: int) -> dict:
    """The fewest cards that keep every kind (one copy each, two Ports, the Spanish ships), topped up with
    Open Sea cards (at least the 4 of the setup) to ``size`` cards in all."""
    raw = _raw()
    kept, ports = [], 0
    for card in raw["card"]:
        if card["kind"] == "port":
            ports += 1
            if ports > 2:
                continue
        if card["kind"] == "ship" and card.get("nation") not in ("Spain", None):
            continue
        if card["kind"] == "war" and card["nation"] not in ("Spain", "England"):
            continue
        kept.append(dict(card, count=1))
    open_sea = next(c for c in kept if c["kind"] == "open_sea")
    open_sea["count"] = size - (sum(c["count"] for c in kept) - 1)
    assert open_sea["count"] >= 4, "the smallest deck is already too big for this test"
    raw["card"] = kept
    assert sum(c["count"] for c in kept) == size
    return raw


def _won(p_ship, seat):
    """Captain ``seat + 1`` (on turn) has just boarded and won a Spanish Sloop."""
    state = fresh(players=3)
    p = seat
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, ["Havana"])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board())
    assert state.phase == "prize"
    return state


def _in_port_holding(port, cards):
    state = fresh(players=3)
    p = state.first
    lay(state, (1, 0), port)
    state.captains[p]["at"] = (1, 0)
    hand(state, p, cards)
    return at_step(state, p, "action", "give"), p


def _in_port(port, p_ship, cargo, cards=(), silver=5):
    """The First Captain in ``port`` at (1, 0) sailing ``p_ship`` with ``cargo`` ({good: tokens}) as Traded Cargo,
    holding ``cards``, at the Action step."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), port)
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, list(cards))
    enough_silver(state, p, silver)
    for good, n in cargo.items():
        state._goods_to(p, "cargo", good, n)
    return at_step(state, p, "action", "give"), p


def _plunder_in_port_royal(cargo):
    """A captain with the English Letter of Marque in Port Royal (sells Tobacco at 5), sailing the Pinnace (hold 2)
    with a Captured Spanish Galleon (hold 5, value 22) and ``cargo`` as Traded Cargo, at the Action step."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    cap = state.captains[p]
    cap["at"], cap["marque"] = (1, 0), "England"
    from_deck(state, "Spanish Galleon")
    cap["captured"] = "Spanish Galleon"
    hand(state, p, [])
    enough_silver(state, p, 5)
    for good, n in cargo.items():
        state._goods_to(p, "cargo", good, n)
    return at_step(state, p, "action", "give"), p


def _in_tortuga_with_plunder(mate="Navigator", loot=None):
    state = fresh()
    p = state.first
    cap = state.captains[p]
    from_deck(state, "Spanish Sloop")
    cap["captured"] = "Spanish Sloop"
    if mate:
        from_deck(state, mate)
        cap["mate"] = mate
    for good, n in (loot or {}).items():
        state._goods_to(p, "loot", good, n)
    hand(state, p, [])
    return at_step(state, p, "action", "give"), p
