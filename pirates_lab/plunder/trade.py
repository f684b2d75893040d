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

__all__ = ["Trade", "crew_share"]


def crew_share(amount: int) -> int:
    """What the captain keeps of plundered proceeds: half, rounded down (the crew takes the rest).

    >>> crew_share(7), crew_share(8)
    (3, 4)
    """
    return amount // 2


class Trade:
    """Markets for :class:`~pirates_lab.plunder.state.State`."""

    def _may_sell_plunder(self, p: int, place) -> bool:
        """Tortuga, or a Port of the nation of your Letter of Marque."""
        return place.kind == "tortuga" or (place.kind == "port" and self.cap(p)["marque"] == place.nation)

    def plunder_price(self, market, good: str) -> int:
        """A plundered good's price: the market's Sell price, else Tortuga's (ASSUMPTION)."""
        price = market.sell_price(good) if market.kind != "tortuga" else None
        return price if price is not None else self.comp.rules["tortuga_price"]

    def _open_trade(self, p: int, market_name: str, card_played: bool) -> None:
        """Open the market; plunder that may be sold here is sold at once, unless the Traded Cargo would not fit
        your own ship's hold without the Captured Ship's: then you sell Traded Cargo first (house rule 2)."""
        market = self.card(market_name)
        plunder = self._may_sell_plunder(p, market) or card_played
        self.flow.push(self, Task("trade", p, Market(market_name, plunder)))
        if self._plunder_due(p, self.flow.top(self)):
            if self._cargo_fits_own_hold(p):
                self._sell_plunder(p, market)
            else:
                self.say(f"Captain {p + 1}'s Traded Cargo fills more than their own ship's hold: they may sell some "
                         f"before the Captured Ship is sold ({RULE_SELLING}).")

    def _plunder_due(self, p: int, task) -> bool:
        """Plunder that MUST be sold here (Selling) and is not sold yet: loot or a Captured Ship."""
        cap = self.cap(p)
        return task.data.plunder and bool(cap["loot"] or cap["captured"])

    def _cargo_fits_own_hold(self, p: int) -> bool:
        """Would the Traded Cargo fit without the Captured Ship's hold (the loot is sold with it)?"""
        return sum(self.cap(p)["cargo"].values()) <= self.ship_stat(p, "cargo")

    def _sell_plunder(self, p: int, market) -> None:
        """The loot and the Captured Ship sold together, the captain keeping half (rounded down)."""
        cap = self.cap(p)
        total = 0
        for good, n in sorted(cap["loot"].items()):
            total += n * self.plunder_price(market, good)
            self._goods_back(p, "loot", good, n)
        if cap["captured"]:
            total += self.card(cap["captured"]).value
            self._discard(cap["captured"])
            cap["captured"] = None
            self._trim_cargo(p)
        if total:
            self._earn(p, crew_share(total))
            self.say(f"Captain {p + 1} sells the plunder for {total} silver and keeps half, {crew_share(total)} "
                     f"({RULE_SELLING}).")

    def _trade_actions(self, task):
        p = task.player
        market = self.card(task.data.name)
        cap = self.cap(p)
        found = []
        if self._plunder_due(p, task):  # sell Traded Cargo before the plunder is sold, or finish (house rule 2)
            for good, price in market.sell:
                have = cap["cargo"].get(good, 0)
                found += [Sell(good, n) for n in sorted({1, have}) if 1 <= n <= have]
            return found + [DoneTrading()]
        room = self.capacity(p) - self.carried(p)
        for good, price in market.buy:
            most = min(room, self.goods[good], cap["silver"] // price)
            found += [Buy(good, n) for n in sorted({1, most}) if 1 <= n <= most]
        for good, price in market.sell:
            have = cap["cargo"].get(good, 0)
            found += [Sell(good, n) for n in sorted({1, have}) if 1 <= n <= have]
        if market.kind == "port":
            found += [BuyShip(n) for n in self._ships_for_sale(p, task)]
        if self._may_sell_ship(p, task):
            found.append(SellShip())
        return found + [DoneTrading()]

    def _may_sell_ship(self, p: int, task) -> bool:
        """Your ship is sold in a Port; one taken in Combat "counts as a Captured Ship": only where plunder sells."""
        cap = self.cap(p)
        kind = self.card(task.data.name).kind
        if cap["ship"] == "Pinnace" or kind not in ("port", "tortuga"):
            return False
        if cap["prize_ship"]:
            return task.data.plunder  # Tortuga, a Port of your Letter, Bottle of Rum, Sneak into Port
        return kind == "port"

    def _ships_for_sale(self, p: int, task) -> list[str]:
        cap = self.cap(p)
        if cap["ship"] != "Pinnace" and not self._may_sell_ship(p, task):
            return []  # the ship in the Pinnace space must be sold at once, and it cannot be sold here
        names = set(n for n in self.hand(p) if self.card(n).kind == "ship") | ({self.offered} if self.offered else set())
        trade_in = self._ship_sale_value(p)
        return sorted(n for n in names if not self.card(n).prize and self.card(n).value <= cap["silver"] + trade_in)

    def _ship_sale_value(self, p: int) -> int:
        cap = self.cap(p)
        if cap["ship"] == "Pinnace":
            return 0
        value = self.card(cap["ship"]).value
        return crew_share(value) if cap["prize_ship"] else value

    def _legal_trade(self, task, action) -> bool:
        p = task.player
        market = self.card(task.data.name)
        cap = self.cap(p)
        if isinstance(action, Buy):
            if self._plunder_due(p, task):
                return False
            price = market.buy_price(action.good) if isinstance(action.good, str) else None
            return (price is not None and isinstance(action.amount, int) and not isinstance(action.amount, bool)
                    and 1 <= action.amount <= min(self.capacity(p) - self.carried(p), self.goods[action.good])
                    and action.amount * price <= cap["silver"])
        if isinstance(action, Sell):
            return (isinstance(action.good, str) and market.sell_price(action.good) is not None
                    and isinstance(action.amount, int) and not isinstance(action.amount, bool)
                    and 1 <= action.amount <= cap["cargo"].get(action.good, 0))
        return action in self._trade_actions(task)

    def _why_trade(self, task, action) -> IllegalMove:
        p = task.player
        market = self.card(task.data.name)
        if isinstance(action, (Buy, BuyShip, SellShip)) and self._plunder_due(p, task):
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
        cap = self.cap(p)
        if isinstance(action, BuyShip):
            if isinstance(action.card, str) and action.card in self.comp.cards and self.card(action.card).prize:
                return IllegalMove(RULE_BUYING, "You may NOT buy a Prized Ship: these are only obtained through Combat.")
            if market.kind == "port" and cap["ship"] != "Pinnace" and not self._may_sell_ship(p, task):
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

    def _do_trade(self, task, action) -> None:
        p = task.player
        market = self.card(task.data.name)
        cap = self.cap(p)
        if isinstance(action, DoneTrading):
            self.flow.pop(self)
            if market.kind == "natives":  # the trade held the Natives card
                self._discard(market.name)
            if self._plunder_due(p, task):  # "you MUST sell it before setting off again"
                self._sell_plunder(p, market)
                self._check_win()
            return
        if isinstance(action, Buy):
            cost = action.amount * market.buy_price(action.good)
            self._spend(p, cost)
            self._goods_to(p, "cargo", action.good, action.amount)
            self.say(f"Captain {p + 1} buys {action.amount} {action.good} for {cost} silver.")
        elif isinstance(action, Sell):
            gain = action.amount * market.sell_price(action.good)
            self._goods_back(p, "cargo", action.good, action.amount)
            self._earn(p, gain)
            self.say(f"Captain {p + 1} sells {action.amount} {action.good} for {gain} silver (kept whole: Traded Cargo).")
            if self._plunder_due(p, task) and self._cargo_fits_own_hold(p):
                self._sell_plunder(p, market)
        elif isinstance(action, SellShip):
            self._sell_own_ship(p)
        elif isinstance(action, BuyShip):
            self._sell_own_ship(p, trim=False)  # "you must sell it immediately": its goods wait for the new hold
            card = self.card(action.card)
            if action.card == self.offered and action.card not in self.hand(p):
                self.offered = None
            else:
                self._take_from_hand(p, action.card)
            self._spend(p, card.value)
            cap["ship"], cap["prize_ship"] = card.name, False
            self.say(f"Captain {p + 1} buys {card.name} for {card.value} silver.")
            self._trim_cargo(p)  # only the goods over the NEW ship's hold go back (house rule 1, docs/plunder.md)
        self._check_win()

    def _sell_own_ship(self, p: int, trim: bool = True) -> None:
        """Sell the ship in the Pinnace space (the Pinnace takes its place); ``trim=False`` when a bought ship
        is placed at once, so only the goods over the new ship's hold go back."""
        cap = self.cap(p)
        if cap["ship"] == "Pinnace":
            return
        gain = self._ship_sale_value(p)
        self._discard(cap["ship"])
        self.say(f"Captain {p + 1} sells {cap['ship']} for {gain} silver" + (" (half: a Captured Ship)."
                                                                         if cap["prize_ship"] else "."))
        cap["ship"], cap["prize_ship"] = "Pinnace", False
        self._earn(p, gain)
        if trim:
            self._trim_cargo(p)
