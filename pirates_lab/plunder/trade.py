"""Trade: buying and selling goods and ships in a Port (or with Natives); plunder split with the crew.

Rules: Plunder › Trade
Rules: Plunder › Buying
Rules: Plunder › Selling
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task
from pirates_lab.core.errors import shown

from .actions import Buy, BuyShip, DoneTrading, Sell, SellShip
from .headings import RULE_BUYING, RULE_SELLING, RULE_TRADE
from .tasks import Market
from . import captured_ships

__all__ = ["cargo_fits_own_hold", "do_trade", "legal_trade", "may_sell_plunder", "may_sell_ship", "open_trade",
           "plunder_due", "plunder_price", "sell_own_ship", "sell_plunder", "ship_sale_value", "ships_for_sale",
           "trade_actions", "why_trade", "crew_share"]


def crew_share(amount: int) -> int:
    """What the captain keeps of plundered proceeds: half, rounded down (the crew takes the rest).

    >>> crew_share(7), crew_share(8)
    (3, 4)
    """
    return amount // 2


def may_sell_plunder(state, p: int, place) -> bool:
    """Tortuga, or a Port of the nation of your Letter of Marque."""
    return place.kind == "tortuga" or (place.kind == "port" and state.cap(p)["marque"] == place.nation)


def plunder_price(state, market, good: str) -> int:
    """A plundered good's price: the market's Sell price, else Tortuga's (ASSUMPTION)."""
    price = market.sell_price(good) if market.kind != "tortuga" else None
    return price if price is not None else state.comp.rules["tortuga_price"]


def open_trade(state, p: int, market_name: str, card_played: bool) -> None:
    """Open the market; plunder that may be sold here is sold at once, unless the Traded Cargo would not fit
    your own ship's hold without the Captured Ship's: then you sell Traded Cargo first (house rule 2)."""
    market = state.card(market_name)
    plunder = may_sell_plunder(state, p, market) or card_played
    state.flow.push(state, Task("trade", p, Market(market_name, plunder)))
    if plunder_due(state, p, state.flow.top(state)):
        if cargo_fits_own_hold(state, p):
            sell_plunder(state, p, market)
        else:
            state.say(f"Captain {p + 1}'s Traded Cargo fills more than their own ship's hold: they may sell some "
                     f"before the Captured Ship is sold ({RULE_SELLING}).")


def plunder_due(state, p: int, task) -> bool:
    """Plunder that MUST be sold here (Selling) and is not sold yet: loot or a Captured Ship."""
    cap = state.cap(p)
    return task.data.plunder and bool(cap["loot"] or cap["captured"])


def cargo_fits_own_hold(state, p: int) -> bool:
    """Would the Traded Cargo fit without the Captured Ship's hold (the loot is sold with it)?"""
    return sum(state.cap(p)["cargo"].values()) <= state.ship_stat(p, "cargo")


def sell_plunder(state, p: int, market) -> None:
    """The loot and the Captured Ship sold together, the captain keeping half (rounded down)."""
    cap = state.cap(p)
    total = 0
    for good, n in sorted(cap["loot"].items()):
        total += n * plunder_price(state, market, good)
        state._goods_back(p, "loot", good, n)
    if cap["captured"]:
        total += state.card(cap["captured"]).value
        state._discard(cap["captured"])
        cap["captured"] = None
        captured_ships.trim_cargo(state, p)
    if total:
        state._earn(p, crew_share(total))
        state.say(f"Captain {p + 1} sells the plunder for {total} silver and keeps half, {crew_share(total)} "
                 f"({RULE_SELLING}).")


def trade_actions(state, task):
    p = task.player
    market = state.card(task.data.name)
    cap = state.cap(p)
    found = []
    if plunder_due(state, p, task):  # sell Traded Cargo before the plunder is sold, or finish (house rule 2)
        for good, price in market.sell:
            have = cap["cargo"].get(good, 0)
            found += [Sell(good, n) for n in sorted({1, have}) if 1 <= n <= have]
        return found + [DoneTrading()]
    room = state.capacity(p) - state.carried(p)
    for good, price in market.buy:
        most = min(room, state.goods[good], cap["silver"] // price)
        found += [Buy(good, n) for n in sorted({1, most}) if 1 <= n <= most]
    for good, price in market.sell:
        have = cap["cargo"].get(good, 0)
        found += [Sell(good, n) for n in sorted({1, have}) if 1 <= n <= have]
    if market.kind == "port":
        found += [BuyShip(n) for n in ships_for_sale(state, p, task)]
    if may_sell_ship(state, p, task):
        found.append(SellShip())
    return found + [DoneTrading()]


def may_sell_ship(state, p: int, task) -> bool:
    """Your ship is sold in a Port; one taken in Combat "counts as a Captured Ship": only where plunder sells."""
    cap = state.cap(p)
    kind = state.card(task.data.name).kind
    if cap["ship"] == "Pinnace" or kind not in ("port", "tortuga"):
        return False
    if cap["prize_ship"]:
        return task.data.plunder  # Tortuga, a Port of your Letter, Bottle of Rum, Sneak into Port
    return kind == "port"


def ships_for_sale(state, p: int, task) -> list[str]:
    cap = state.cap(p)
    if cap["ship"] != "Pinnace" and not may_sell_ship(state, p, task):
        return []  # the ship in the Pinnace space must be sold at once, and it cannot be sold here
    names = set(n for n in state.hand(p) if state.card(n).kind == "ship") | ({state.offered} if state.offered else set())
    trade_in = ship_sale_value(state, p)
    return sorted(n for n in names if not state.card(n).prize and state.card(n).value <= cap["silver"] + trade_in)


def ship_sale_value(state, p: int) -> int:
    cap = state.cap(p)
    if cap["ship"] == "Pinnace":
        return 0
    value = state.card(cap["ship"]).value
    return crew_share(value) if cap["prize_ship"] else value


def legal_trade(state, task, action) -> bool:
    p = task.player
    market = state.card(task.data.name)
    cap = state.cap(p)
    if isinstance(action, Buy):
        if plunder_due(state, p, task):
            return False
        price = market.buy_price(action.good) if isinstance(action.good, str) else None
        return (price is not None and isinstance(action.amount, int) and not isinstance(action.amount, bool)
                and 1 <= action.amount <= min(state.capacity(p) - state.carried(p), state.goods[action.good])
                and action.amount * price <= cap["silver"])
    if isinstance(action, Sell):
        return (isinstance(action.good, str) and market.sell_price(action.good) is not None
                and isinstance(action.amount, int) and not isinstance(action.amount, bool)
                and 1 <= action.amount <= cap["cargo"].get(action.good, 0))
    return action in trade_actions(state, task)


def why_trade(state, task, action) -> IllegalMove:
    p = task.player
    market = state.card(task.data.name)
    if isinstance(action, (Buy, BuyShip, SellShip)) and plunder_due(state, p, task):
        return IllegalMove(RULE_SELLING, "You MUST sell the Captured Ship and its loot here: first sell the "
                                         "Traded Cargo your own ship cannot hold, or finish trading (what does "
                                         "not fit then goes back to the Quartermaster); then buy.")
    if isinstance(action, Buy):
        if not isinstance(action.good, str) or market.buy_price(action.good) is None:
            return IllegalMove(RULE_BUYING, f"{market.name} shows no Buy price for {shown(action.good)}.")
        return IllegalMove(RULE_BUYING, f"You cannot buy {shown(action.amount)} {shown(action.good)}: you need the silver, "
                                        "room in your hold and tokens left with the Quartermaster.")
    if isinstance(action, Sell):
        if not isinstance(action.good, str) or market.sell_price(action.good) is None:
            return IllegalMove(RULE_SELLING, f"{market.name} shows no Sell price for {shown(action.good)}.")
        return IllegalMove(RULE_SELLING, f"You do not have {shown(action.amount)} {shown(action.good)} of Traded Cargo.")
    cap = state.cap(p)
    if isinstance(action, BuyShip):
        if isinstance(action.card, str) and action.card in state.comp.cards and state.card(action.card).prize:
            return IllegalMove(RULE_BUYING, "You may NOT buy a Prized Ship: these are only obtained through Combat.")
        if market.kind == "port" and cap["ship"] != "Pinnace" and not may_sell_ship(state, p, task):
            return IllegalMove(RULE_SELLING, f"Buying a ship means selling {cap['ship']} at once, and a ship taken "
                                             "in Combat sells ONLY in Tortuga or in a Port of your Letter of "
                                             "Marque's nation (or with Bottle of Rum or Sneak into Port).")
        return IllegalMove(RULE_BUYING, "To buy a Ship you must have its card in hand or have had it played to you "
                                        "as an Encounter, and pay its Value.")
    if isinstance(action, SellShip):
        if cap["ship"] == "Pinnace":
            return IllegalMove(RULE_SELLING, "You sail the Pinnace: it cannot be sold.")
        if cap["prize_ship"]:
            return IllegalMove(RULE_SELLING, f"{cap['ship']} was taken in Combat: it counts as a Captured Ship and "
                                             "sells ONLY in Tortuga or in a Port of your Letter of Marque's nation "
                                             "(or with Bottle of Rum or Sneak into Port).")
        return IllegalMove(RULE_TRADE, "You sell a ship you bought in a Port.")
    return IllegalMove(RULE_TRADE, f"{shown(action)} is not a trade; finish with 'done trading'.")


def do_trade(state, task, action) -> None:
    p = task.player
    market = state.card(task.data.name)
    cap = state.cap(p)
    if isinstance(action, DoneTrading):
        state.flow.pop(state)
        if market.kind == "natives":  # the trade held the Natives card
            state._discard(market.name)
        if plunder_due(state, p, task):  # "you MUST sell it before setting off again"
            sell_plunder(state, p, market)
            state._check_win()
        return
    if isinstance(action, Buy):
        cost = action.amount * market.buy_price(action.good)
        state._spend(p, cost)
        state._goods_to(p, "cargo", action.good, action.amount)
        state.say(f"Captain {p + 1} buys {action.amount} {action.good} for {cost} silver.")
    elif isinstance(action, Sell):
        gain = action.amount * market.sell_price(action.good)
        state._goods_back(p, "cargo", action.good, action.amount)
        state._earn(p, gain)
        state.say(f"Captain {p + 1} sells {action.amount} {action.good} for {gain} silver (kept whole: Traded Cargo).")
        if plunder_due(state, p, task) and cargo_fits_own_hold(state, p):
            sell_plunder(state, p, market)
    elif isinstance(action, SellShip):
        sell_own_ship(state, p)
    elif isinstance(action, BuyShip):
        sell_own_ship(state, p, trim=False)  # "you must sell it immediately": its goods wait for the new hold
        card = state.card(action.card)
        if action.card == state.offered and action.card not in state.hand(p):
            state.offered = None
        else:
            state._take_from_hand(p, action.card)
        state._spend(p, card.value)
        cap["ship"], cap["prize_ship"] = card.name, False
        state.say(f"Captain {p + 1} buys {card.name} for {card.value} silver.")
        captured_ships.trim_cargo(state, p)  # only the goods over the NEW ship's hold go back (house rule 1, docs/plunder.md)
    state._check_win()


def sell_own_ship(state, p: int, trim: bool = True) -> None:
    """Sell the ship in the Pinnace space (the Pinnace takes its place); ``trim=False`` when a bought ship
    is placed at once, so only the goods over the new ship's hold go back."""
    cap = state.cap(p)
    if cap["ship"] == "Pinnace":
        return
    gain = ship_sale_value(state, p)
    state._discard(cap["ship"])
    state.say(f"Captain {p + 1} sells {cap['ship']} for {gain} silver" + (" (half: a Captured Ship)."
                                                                     if cap["prize_ship"] else "."))
    cap["ship"], cap["prize_ship"] = "Pinnace", False
    state._earn(p, gain)
    if trim:
        captured_ships.trim_cargo(state, p)
