"""Stage 1: The pre-draw stage — sell cargo, retrieve buried treasure, or work instead of the turn.

Rules: Pillage & Plunder › Stage 1: The pre-draw stage
Rules: Pillage & Plunder › During the pre-draw stage
Rules: Pillage & Plunder › Sell Cargo
Rules: Pillage & Plunder › Retrieve Buried Treasure
Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates

The variations add pre-draw choices (ending a privateering career, Fleet Play's ship moves); they
live in :mod:`.game_variations`.
"""
from __future__ import annotations

from pirates_lab.core import Dist, IllegalMove
from pirates_lab.core.errors import shown

from .. import odds as O
from ..actions import Act, Retrieve, SellCargo
from ..headings import RULE_PRE_DRAW_STAGE, RULE_RETRIEVE_BURIED_TREASURE, RULE_SELL_CARGO, RULE_WORKING

__all__ = ["PreDrawStage"]


class PreDrawStage:
    """The choices before drawing (mixed into the state)."""

    def _predraw_actions(self, task) -> list:
        """Rules: Pillage & Plunder › During the pre-draw stage"""
        me = task.player
        p = self.players[me]
        acts = [Act("draw")]
        if not self.pending.get("acted"):
            acts.append(Act("work"))
        for i, ship in enumerate(p["ships"]):
            acts += [SellCargo(i, card) for card in sorted(set(ship["cargo"])) if self._may_try_to_sell(me, card)]
        acts += [Retrieve(amount) for amount in sorted(set(p["maps"]))]
        acts += self._variation_predraw_actions(me)
        return acts

    def _may_try_to_sell(self, me: int, card: str) -> bool:
        """One try per Cargo card per turn: a card kept after its price roll is not rolled for again.

        Rules: Pillage & Plunder › Sell Cargo ("you may repeat this process for each of the cards in your cargo hold")
        """
        aboard = sum(ship["cargo"].count(card) for ship in self.players[me]["ships"])
        return aboard > self.pending.get("kept", []).count(card)

    def _why_not_predraw(self, action) -> IllegalMove | None:
        """Why a pre-draw choice is refused now (None if it is not one)."""
        rule = {SellCargo: RULE_SELL_CARGO, Retrieve: RULE_RETRIEVE_BURIED_TREASURE}.get(type(action))
        if isinstance(action, Act) and action.name == "work":
            rule = RULE_WORKING
        if rule is None:
            return None
        if self.phase != "predraw":
            words = {RULE_SELL_CARGO: "sell cargo", RULE_RETRIEVE_BURIED_TREASURE: "retrieve buried treasure",
                     RULE_WORKING: "work"}[rule]
            return IllegalMove(rule, f"You can only {words} during the pre-draw stage, before drawing.")
        if rule == RULE_WORKING and self.pending.get("acted"):
            return IllegalMove(RULE_WORKING, "Working replaces the whole pre-draw and draw-and-play stages.")
        p = self.players[self.actor]
        if isinstance(action, SellCargo) and not (0 <= action.ship < len(p["ships"])
                                                  and action.card in p["ships"][action.ship]["cargo"]):
            return IllegalMove(RULE_SELL_CARGO, f"There is no {shown(action.card)} in that ship's cargo hold.")
        if isinstance(action, SellCargo) and not self._may_try_to_sell(self.actor, action.card):
            return IllegalMove(RULE_SELL_CARGO, f"You have already rolled for every {action.card} this turn: "
                                                "each Cargo card gets one try per turn.")
        if isinstance(action, Retrieve) and action.amount not in p["maps"]:
            return IllegalMove(RULE_RETRIEVE_BURIED_TREASURE,
                               f"You have no buried treasure of {shown(action.amount)}: a treasure is retrieved whole.")
        return IllegalMove(RULE_PRE_DRAW_STAGE, f"{shown(action, 80)} is not allowed now.")

    def _on_predraw(self, action) -> None:
        """Sell cargo, retrieve treasure, variation moves, or work instead of the turn.

        Rules: Pillage & Plunder › Stage 1: The pre-draw stage
        Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates
        Rules: Pillage & Plunder › Retrieve Buried Treasure
        """
        me = self.current
        p = self.players[me]
        if isinstance(action, SellCargo):
            self.pending.update(acted=True, card=action.card, ship=action.ship)
            self._goto("sell_roll")
        elif isinstance(action, Retrieve):
            p["maps"].remove(action.amount)
            p["hoard"] += action.amount
            self._to_discard("Bury Treasure", under=True)
            self.pending["acted"] = True
            self.say(f"Player {me + 1} retrieves a buried treasure of {action.amount}.")
        elif action == Act("work"):
            p["hoard"] += self.data.game["work_pay"]
            self.say(f"Player {me + 1} works on the docks for {self.data.game['work_pay']} pieces of eight.")
            self._start_repair()
        elif action == Act("draw"):
            self._goto("draw")
        else:
            self._on_variation_predraw(me, action)

    def _sell_roll_outcomes(self, task) -> Dist:
        """Rules: Pillage & Plunder › Sell Cargo"""
        return O.cargo_price(self.pending["card"], selling=True, data=self.data)

    def _on_sell_roll(self, price: int) -> None:
        self.pending["price"] = price
        self._goto("sell_decide")
        self.say(f"The dice price the {self.pending['card']} at {price}.")

    def _sell_decide_actions(self, task) -> list:
        return [Act("sell it"), Act("keep it")]

    def _on_sell_decide(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Sell Cargo"""
        pend = self.pending
        p = self.players[self.current]
        if action.name == "sell it":
            card = pend["card"]
            p["ships"][pend["ship"]]["cargo"].remove(card)
            p["hoard"] += pend["price"]
            self._to_discard(card, under=True)
            self.say(f"Player {self.current + 1} sells {card} for {pend['price']}.")
        else:
            pend.setdefault("kept", []).append(pend["card"])
            self.say(f"Player {self.current + 1} keeps the {pend['card']}.")
        self._goto("predraw")
