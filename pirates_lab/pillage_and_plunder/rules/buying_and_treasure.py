"""The cards a player plays on his own ship and hoard during the draw-and-play stage.

Rules: Pillage & Plunder › Buy Ship Add-On
Rules: Pillage & Plunder › Buy Ship
Rules: Pillage & Plunder › Buy Cannon
Rules: Pillage & Plunder › Hire Crew Member
Rules: Pillage & Plunder › Buy Cargo
Rules: Pillage & Plunder › Repair Ship
Rules: Pillage & Plunder › Bury Treasure
Rules: Pillage & Plunder › Treasure Hunt
"""
from __future__ import annotations

from pirates_lab.core import Dist, IllegalMove
from pirates_lab.core.errors import shown

from .. import components as C
from .. import odds as O
from ..actions import Act, Play, counted
from ..headings import (RULE_BUY_CANNON, RULE_BUY_CARGO, RULE_BUY_SHIP, RULE_BUY_SHIP_ADD_ON, RULE_FLEET_PLAY,
                        RULE_HIRE_CREW_MEMBER, RULE_REPAIR_SHIP)
from .your_ship import new_ship

__all__ = ["BuyingAndTreasure", "BURY_STEP"]

#: the amounts a random player buries: every multiple of this, and the whole hoard
BURY_STEP = 500


class BuyingAndTreasure:
    """Buying, repairing, burying and hunting treasure (mixed into the state)."""

    # ------------------------------------------------------------ why not
    def _why_not_ship(self, me: int, card: str) -> IllegalMove | None:
        """Rules: Pillage & Plunder › Buy Ship"""
        p = self.players[me]
        new = self.data.hulls[card]
        if self.game.options["fleet_play"]:
            if p["hoard"] < new.cost:
                return IllegalMove(RULE_BUY_SHIP, f"A {card} costs {new.cost}; your hoard holds {p['hoard']}.")
            return None
        old = self.hull(me)
        if new.level != old.level + 1:
            return IllegalMove(RULE_BUY_SHIP, f"A {card} is level {new.level}; you can only upgrade your "
                                              f"level-{old.level} {old.name} to a ship exactly one level higher.")
        if p["ships"][0]["damage"]:
            return IllegalMove(RULE_BUY_SHIP, "You may not upgrade a damaged ship: repair it first.")
        if self.cargo_units(me) > new.cargo:
            return IllegalMove(RULE_BUY_SHIP, f"Your {self.cargo_units(me)} units of cargo do not fit the {card}'s "
                                              f"hold of {new.cargo} (add-ons stay with the old hull): sell cargo first.")
        if p["hoard"] < new.cost:
            return IllegalMove(RULE_BUY_SHIP, f"A {card} costs {new.cost}; your hoard holds {p['hoard']}.")
        return None

    def _why_not_buy(self, me: int, card: str, ship: int) -> IllegalMove | None:
        """Rules: Pillage & Plunder › Buy Ship Add-On"""
        p = self.players[me]
        if not isinstance(ship, int) or not 0 <= ship < len(p["ships"]):
            return IllegalMove(RULE_FLEET_PLAY, f"You have no ship number {shown(counted(ship))}.")
        s = p["ships"][ship]
        category = self.data.category(card)
        hull = self.hull(me, ship)
        if category == "Ship Add-On":
            if card in self.addons(me, ship):
                return IllegalMove(RULE_BUY_SHIP_ADD_ON, f"Your ship already has a {card}: only one of each type of add-on.")
            cost = self.data.addon_cost(card, hull.name)
            rule = RULE_BUY_SHIP_ADD_ON
        elif category == "Cannon":
            if s["cannons"] >= hull.cannons:
                return IllegalMove(RULE_BUY_CANNON, f"Your {hull.name} carries at most {hull.cannons} cannons.")
            cost, rule = self.data.costs["Cannon"], RULE_BUY_CANNON
        else:
            if len(s["crew"]) >= hull.crew:
                return IllegalMove(RULE_HIRE_CREW_MEMBER,
                                   f"Your {hull.name}'s crew quarters hold at most {hull.crew} crewmen.")
            if card in C.OFFICERS and self.has_officer(me, card):
                return IllegalMove(RULE_HIRE_CREW_MEMBER, f"You already have a {card}: only one of each type of officer.")
            cost, rule = self.data.costs[card], RULE_HIRE_CREW_MEMBER
        if p["hoard"] < cost:
            return IllegalMove(rule, f"A {card} costs {cost}; your hoard holds {p['hoard']}.")
        return None

    def _why_not_repair(self, me: int, card: str, ship: int) -> IllegalMove | None:
        """Rules: Pillage & Plunder › Repair Ship"""
        p = self.players[me]
        if not isinstance(ship, int) or not 0 <= ship < len(p["ships"]):
            return IllegalMove(RULE_REPAIR_SHIP, f"You have no ship number {shown(counted(ship))}.")
        if not p["ships"][ship]["damage"]:
            return IllegalMove(RULE_REPAIR_SHIP, "That ship has no damage: a Repair Ship card repairs damage.")
        cost = self.hull(me, ship).cost // 4 if "25%" in card else 0
        if p["hoard"] < cost:
            return IllegalMove(RULE_REPAIR_SHIP, f"This repair costs {cost}; your hoard holds {p['hoard']}.")
        return None

    # ------------------------------------------------------------ Buy Ship, Add-On, Cannon, Crew
    def _play_ship(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Buy Ship"""
        card = action.card
        p = self.players[me]
        cost = self.data.hulls[card].cost
        p["hoard"] -= cost
        if self.game.options["fleet_play"]:
            p["ships"].append(new_ship(card))
            self.say(f"Player {me + 1} buys a {card} for {cost} and adds it to his fleet.")
        else:
            p["ships"][0]["hulls"].append({"hull": card, "addons": []})
            self.say(f"Player {me + 1} upgrades to a {card} for {cost}; his add-ons stay with the old hull.")
        self._check_play_over()

    def _play_item(self, me: int, action: Play) -> None:
        """Pay for an add-on, a cannon or a crewman and put it aboard.

        Rules: Pillage & Plunder › Buy Ship Add-On
        Rules: Pillage & Plunder › Buy Cannon
        Rules: Pillage & Plunder › Hire Crew Member
        """
        card, ship = action.card, action.ship
        p = self.players[me]
        s = p["ships"][ship]
        category = self.data.category(card)
        if category == "Ship Add-On":
            cost = self.data.addon_cost(card, self.hull(me, ship).name)
            s["hulls"][-1]["addons"].append(card)
        elif category == "Cannon":
            cost = self.data.costs["Cannon"]
            s["cannons"] += 1
        else:
            cost = self.data.costs[card]
            s["crew"].append(card)
        p["hoard"] -= cost
        self.say(f"Player {me + 1} buys a {card} for {cost}.")
        self._check_play_over()

    # ------------------------------------------------------------ Buy Cargo
    def _play_cargo(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Buy Cargo"""
        self.pending.update(card=action.card, ship=action.ship)
        self.pending["table"].append(action.card)
        self._goto("cargo_roll", me)

    def _cargo_roll_outcomes(self, task) -> Dist:
        """Rules: Pillage & Plunder › Buy Cargo"""
        return O.cargo_price(self.pending["card"], selling=False, data=self.data)

    def _on_cargo_roll(self, price: int) -> None:
        """Rules: Pillage & Plunder › Buy Cargo"""
        self.pending["price"] = price
        self._goto("cargo_decide", self.current)
        self.say(f"The dice price the {self.pending['card']} at {price}.")

    def _cargo_decide_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Buy Cargo"""
        me, pend = task.player, self.pending
        ship = pend["ship"]
        acts = [Act("decline cargo")]
        if self.players[me]["hoard"] >= pend["price"] and \
                self.cargo_units(me, ship) + self.data.cargo_units(pend["card"]) <= self.cargo_capacity(me, ship):
            acts.insert(0, Act("buy cargo"))
        return acts

    def _why_not_cargo(self, action) -> IllegalMove | None:
        if self.phase == "cargo_decide" and action == Act("buy cargo"):
            return IllegalMove(RULE_BUY_CARGO, "You need the money and room in your cargo hold for this cargo.")
        return None

    def _on_cargo_decide(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Buy Cargo"""
        pend = self.pending
        card = pend["card"]
        pend["table"].remove(card)
        if action.name == "buy cargo":
            self.players[self.current]["hoard"] -= pend["price"]
            self.players[self.current]["ships"][pend["ship"]]["cargo"].append(card)
            self.say(f"Player {self.current + 1} buys {card} for {pend['price']}.")
        else:
            self._to_discard(card)
            self.say(f"Player {self.current + 1} turns down the {card}.")
        self._check_play_over()

    # ------------------------------------------------------------ Repair Ship
    def _play_repair(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Repair Ship"""
        p = self.players[me]
        ship = p["ships"][action.ship]
        cost = self.hull(me, action.ship).cost // 4 if "25%" in action.card else 0
        p["hoard"] -= cost
        ship["damage"] = 0
        self._to_discard(action.card)
        self.say(f"Player {me + 1} repairs all damage for {cost}.")
        self._check_play_over()

    # ------------------------------------------------------------ Bury Treasure
    def _bury_amounts(self, me: int) -> list[int]:
        """A few amounts for random play (any amount from 1 to the hoard is legal)."""
        hoard = self.players[me]["hoard"]
        return sorted(set(range(BURY_STEP, hoard + 1, BURY_STEP)) | ({hoard} if hoard else set()))

    def _play_bury(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Bury Treasure"""
        p = self.players[me]
        p["hoard"] -= action.amount
        p["maps"].append(action.amount)
        self.say(f"Player {me + 1} buries {action.amount} pieces of eight.")
        self._check_play_over()

    # ------------------------------------------------------------ Treasure Hunt
    def _treasure_hunt_plays(self, me: int, card: str) -> list:
        """Rules: Pillage & Plunder › Treasure Hunt"""
        acts = [Play(card)]
        if self.game.options["stealing_treasure_maps"]:
            for t in self.alive():
                if t != me:
                    acts += [Play(card, target=t, steal=m) for m in range(len(self.players[t]["maps"]))]
        return acts

    def _play_treasure_hunt(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Treasure Hunt"""
        self.pending["table"].append(action.card)
        if action.steal is not None:
            self.pending.update(steal_from=action.target, steal_map=action.steal, steal_kind="hunt")
            self._goto("steal_roll", me)
        else:
            self._goto("hunt_roll", me)

    def _on_hunt_roll(self, roll: int) -> None:
        """Rules: Pillage & Plunder › Treasure Hunt"""
        me = self.current
        result = O.treasure_roll(roll, self.has_officer(me, "Cartographer"))
        self.pending["table"].remove("Treasure Hunt")
        self._to_discard("Treasure Hunt")
        self.players[me]["hoard"] += result.coins
        if result.lose_turn:
            self.players[me]["lose_turn"] = True
        self.say(f"Player {me + 1} rolls {roll} on the treasure hunt: {result}.")
        self._check_play_over()
