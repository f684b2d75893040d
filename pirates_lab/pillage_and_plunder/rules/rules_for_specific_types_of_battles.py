"""Stage 5: plundering, and the Rules For Specific Types Of Battles (player, merchant, navy).

Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
Rules: Pillage & Plunder › Rules For Specific Types Of Battles
Rules: Pillage & Plunder › Player Attacking Player
Rules: Pillage & Plunder › Player Attacking Merchant Ship
Rules: Pillage & Plunder › Navy Ship Attacking Player
"""
from __future__ import annotations

from collections import Counter

from pirates_lab.core import Dist, IllegalMove

from ..headings import RULE_PLAYER_ATTACKING_PLAYER

from .. import odds as O
from ..actions import Act, AttackMerchant, Offer, ReturnPrize, StealDebt, StealMap, describe_terms
from .the_five_stages_of_a_sea_battle import other, player_side

__all__ = ["SpecificBattles"]


class SpecificBattles:
    """What a battle's end means for each type of battle (mixed into the state)."""

    def _prize_roll_outcomes(self, task) -> Dist:
        """Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
        return O.merchant_prize(self.pending["battle"]["defender"]["strength"], data=self.data)

    def _merchant_pass_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
        return [AttackMerchant(s) for s in range(len(self.players[task.player]["ships"]))] + [Act("let it pass")]

    # ------------------------------------------------------------ terms of surrender
    def _battle_terms_actions(self, task) -> list:
        """A few terms for random play: a quarter or half of the hoard, the whole hold, the biggest map.

        Any other combination is accepted too (:meth:`_terms_allowed`).
        Rules: Pillage & Plunder › Player Attacking Player
        """
        p = self.players[task.player]
        ship = p["ships"][self.pending["battle"]["defender"]["ship"]]
        offers = [Offer(a) for a in sorted({a - a % 50 for a in (p["hoard"] // 4, p["hoard"] // 2)} - {0})]
        if ship["cargo"]:
            offers.append(Offer(cargo=tuple(ship["cargo"])))
        if p["maps"]:
            offers.append(Offer(maps=(max(p["maps"]),)))
        return [Act("no offer")] + offers

    def _terms_allowed(self, action) -> bool:
        """Any combination of what the defender has: "coins, treasure maps, cargo, crew and cannons"."""
        if self.phase != "battle_terms" or not isinstance(action, Offer):
            return False
        p = self.players[self.actor]
        ship = p["ships"][self.pending["battle"]["defender"]["ship"]]
        numbers = (action.coins, action.cannons, *action.maps)
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in numbers):
            return False
        if not all(isinstance(part, tuple) for part in (action.maps, action.cargo, action.crew)):
            return False
        has = [(Counter(action.maps), Counter(p["maps"])), (Counter(action.cargo), Counter(ship["cargo"])),
               (Counter(action.crew), Counter(ship["crew"]))]
        if any(want - have for want, have in has):
            return False
        something = action.coins or action.maps or action.cargo or action.crew or action.cannons
        return bool(something) and action.coins <= p["hoard"] and action.cannons <= ship["cannons"]

    def _why_not_terms(self, action) -> IllegalMove | None:
        if not isinstance(action, Offer):
            return None
        if self.phase != "battle_terms":
            return IllegalMove(RULE_PLAYER_ATTACKING_PLAYER,
                               "Terms of surrender are offered by the defender at the beginning of a stage.")
        return IllegalMove(RULE_PLAYER_ATTACKING_PLAYER,
                           "The defender can offer any combination of his own coins, treasure maps, cargo, crew and "
                           "cannons (aboard the ship in the battle), and must offer something.")

    def _on_battle_terms(self, action) -> None:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        battle = self.pending["battle"]
        if isinstance(action, Offer):
            battle["offer"] = {"coins": action.coins, "maps": list(action.maps), "cargo": list(action.cargo),
                               "crew": list(action.crew), "cannons": action.cannons}
            self.say(f"Player {battle['defender']['player'] + 1} offers {describe_terms(**battle['offer'])} "
                     "to call it off.")
        self._goto("battle_call", battle["attacker"]["player"])

    def _hand_over_terms(self) -> None:
        """The attacker accepts: coins and maps change hands; cargo, crewmen and cannons go aboard his
        ship where there is room, the rest to the discard pile (ASSUMPTION: as for plunder).

        Rules: Pillage & Plunder › Player Attacking Player
        """
        battle = self.pending["battle"]
        terms = battle["offer"]
        giver, taker = battle["defender"]["player"], battle["attacker"]["player"]
        g, t = self.players[giver], self.players[taker]
        ship = g["ships"][battle["defender"]["ship"]]
        g["hoard"] -= terms["coins"]
        t["hoard"] += terms["coins"]
        for amount in terms["maps"]:
            g["maps"].remove(amount)
            t["maps"].append(amount)
        for card in terms["cargo"]:
            ship["cargo"].remove(card)
        for card in terms["crew"]:
            ship["crew"].remove(card)
        ship["cannons"] -= terms["cannons"]
        self.say(f"Player {taker + 1} accepts {describe_terms(**terms)} and calls off the battle.")
        self._give_or_discard(terms["cargo"] + terms["crew"] + ["Cannon"] * terms["cannons"], taker,
                              battle["attacker"]["ship"])

    # ------------------------------------------------------------ the end of a battle
    def _battle_over(self, winner_role: str | None, sunk: bool, both: bool = False, escaped: bool = False) -> None:
        """Stage 5: plundering; the rules for each type of battle.

        Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
        """
        pend = self.pending
        battle = pend["battle"]
        kind = battle["kind"]
        att, dfn = battle["attacker"], battle["defender"]
        battle["result"] = winner_role or ("escaped" if escaped else "both sunk" if both else "called off")
        if kind == "player" and winner_role and not both and not pend.get("plunder_chosen"):
            loser_side, winner_side = battle[other(winner_role)], battle[winner_role]
            if self._cargo_choice_needed(loser_side, winner_side):
                pend["plunder"] = {"winner_role": winner_role, "sunk": sunk}
                self._goto("take_cargo", winner_side["player"])
                return None
        # sunk player ships lose their hull now
        for role in ("attacker", "defender"):
            side = battle[role]
            if side["type"] == "player" and (both or (sunk and winner_role == other(role))):
                rival = battle[other(role)]
                taker = rival["player"] if rival["type"] == "player" and not both else None
                hoard_before = self.players[side["player"]]["hoard"]
                if taker is not None:
                    half = hoard_before // 2
                    self._take_cargo(side, rival)
                    self.players[side["player"]]["hoard"] -= half
                    self.players[taker]["hoard"] += half
                    self.say(f"Player {taker + 1} takes half of player {side['player'] + 1}'s hoard: {half}.")
                self._destroy(side["player"], side["ship"], taker, rival.get("ship", 0) if taker is not None else 0)
        if kind == "player":
            if winner_role and not sunk:
                loser, winner = battle[other(winner_role)], battle[winner_role]
                half = self.players[loser["player"]]["hoard"] // 2
                self.players[loser["player"]]["hoard"] -= half
                self.players[winner["player"]]["hoard"] += half
                self._take_cargo(loser, winner)
                self.say(f"Player {winner['player'] + 1} plunders half of player {loser['player'] + 1}'s hoard: {half}.")
            if winner_role and not self.players[battle[winner_role]["player"]]["eliminated"]:
                return self._offer_steal(battle[winner_role]["player"], battle[other(winner_role)]["player"],
                                         attacked=winner_role == "attacker")
            return self._end_battle()
        if kind == "navy":
            pend["table"].remove(att["card"])
            self._to_discard(att["card"])
            if self._return_prize_actions(None)[1:]:
                self._goto("return_prize", dfn["player"])
                return None
            return self._end_battle()
        # merchant
        if winner_role == "attacker":
            self._goto("prize_roll", att["player"])
            return None
        if both:
            self.pending["merchant"] = battle["defender"]
            self._merchant_gone()
            return self._end_battle()
        return self._merchant_sails_on()

    def _return_prize_actions(self, task) -> list:
        """Which prize of the navy's nation to put on the discard pile (the first in his prize ships
        area is the computer players' default), or keep them all.

        Rules: Pillage & Plunder › Navy Ship Attacking Player ("you may place one Merchant Ship card of the navy ship's nationality")
        """
        battle = self.pending["battle"]
        nation = self.data.navy_nation(battle["attacker"]["card"])
        prizes = self.players[battle["defender"]["player"]]["prizes"]
        same = dict.fromkeys(m for m in prizes if self.data.merchant(m).nation == nation)
        return [ReturnPrize(m) for m in same] + [Act("keep prizes")]

    def _on_return_prize(self, action) -> None:
        """Rules: Pillage & Plunder › Navy Ship Attacking Player"""
        player = self.actor
        if isinstance(action, ReturnPrize):
            self.players[player]["prizes"].remove(action.card)
            self._to_discard(action.card)
            nation = self.data.merchant(action.card).nation
            self.say(f"Player {player + 1} returns the {action.card}: the {nation} no longer hunt him.")
        return self._end_battle()

    def _offer_steal(self, thief: int, victim: int, attacked: bool) -> None:
        """The winner may try for each treasure map; for a privateer's debt only if the privateer
        was the one attacked.

        Rules: Pillage & Plunder › Player Attacking Player
        Rules: Pillage & Plunder › Privateering ("When another player attacks you and defeats you in battle")
        """
        targets = list(range(len(self.players[victim]["maps"])))
        priv = self.players[victim]["privateer"]
        if self.game.options["privateering"] and priv and priv["owed"] and attacked:
            targets.append(-1)
        self.pending.update(steal_from=victim, steal_left=targets, thief=thief, steal_kind="battle")
        if not targets:
            return self._finish_stealing()
        self._goto("steal", thief)
        return None

    def _on_prize_roll(self, coins: int) -> None:
        """Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
        pend = self.pending
        battle = pend["battle"]
        me = battle["attacker"]["player"]
        merchant = battle["defender"]
        p = self.players[me]
        if p["privateer"]:
            half = coins // 2
            p["privateer"]["owed"] += coins - half
            p["hoard"] += half
            self.say(f"Player {me + 1} takes a prize of {coins}: {half} to his hoard, {coins - half} owed to his sponsor.")
        else:
            p["hoard"] += coins
            self.say(f"Player {me + 1} captures the {merchant['card']} and a prize of {coins}.")
        pend["table"].remove(merchant["card"])
        p["prizes"].append(merchant["card"])
        for card in merchant["cargo"]:
            pend["table"].remove(card)
        self._give_or_discard(list(merchant["cargo"]), me, battle["attacker"]["ship"])
        self._end_battle()

    def _merchant_gone(self) -> None:
        merchant = self.pending.pop("merchant")     # between battles it is kept here, and only here
        for card in [merchant["card"]] + merchant["cargo"]:
            self.pending["table"].remove(card)
            self._to_discard(card)

    def _merchant_sails_on(self) -> None:
        """The merchant sails on to the next player, who may attack it (with its damage and
        crew loss), until it is taken or has escaped from every player.

        Rules: Pillage & Plunder › Player Attacking Merchant Ship
        """
        battle = self.pending.pop("battle", None)
        if battle is not None:          # the merchant sails on as the battle left it: damage and crew loss
            self.pending["merchant"] = battle["defender"]
        queue = [i for i in self.pending["merchant_queue"]
                 if not self.players[i]["eliminated"] and self._may_attack_merchant(i, self.pending["merchant"]["card"])]
        merchant = self.pending["merchant"]
        if not queue or merchant["crew"] <= 0:
            self.say(f"The {merchant['card']} sails away.")
            self._merchant_gone()
            return self._end_battle()
        nxt = queue.pop(0)
        self.pending["merchant_queue"] = queue
        self._goto("merchant_pass", nxt)
        self.say(f"The {merchant['card']} sails on to player {nxt + 1}.")
        return None

    def _on_merchant_pass(self, action: Act) -> None:
        me = self.actor
        if isinstance(action, AttackMerchant):
            merchant = self.pending.pop("merchant")     # the battle holds it now
            self.say(f"Player {me + 1} attacks the {merchant['card']}.")
            return self._start_battle("merchant", player_side(me, action.ship), merchant)
        return self._merchant_sails_on()

    def _end_battle(self) -> None:
        self.pending.pop("battle", None)
        for key in ("steal_from", "steal_left", "thief", "steal_kind", "steal_map", "merchant_queue", "plunder_chosen"):
            self.pending.pop(key, None)
        self._check_play_over()


    def _on_steal_roll(self, dice: tuple) -> None:
        """Rules: Pillage & Plunder › Stealing Treasure Maps"""
        pend = self.pending
        doubles = dice[0] == dice[1]
        thief = pend.get("thief", self.current)
        victim, index = pend["steal_from"], pend["steal_map"]
        vp = self.players[victim]
        if index == -1:       # the money a privateer owes his sponsor
            if doubles:
                owed = vp["privateer"]["owed"]
                vp["privateer"]["owed"] = 0
                self.players[thief]["hoard"] += owed
                self.say(f"Player {thief + 1} rolls doubles and steals the {owed} player {victim + 1} owed his sponsor.")
            else:
                self.say(f"Player {thief + 1} rolls {dice}: no doubles.")
        elif doubles:
            amount = vp["maps"].pop(index)
            self.players[thief]["maps"].append(amount)
            self.say(f"Player {thief + 1} rolls doubles and steals a treasure map worth {amount}.")
        else:
            self.say(f"Player {thief + 1} rolls {dice}: no doubles, the map stays.")
        if pend.get("steal_kind") == "hunt":
            pend["table"].remove("Treasure Hunt")
            self._to_discard("Treasure Hunt")
            self._check_play_over()
            return
        # after a battle: one attempt per map (indices shift when a map is taken)
        left = [i for i in pend["steal_left"] if i != index]
        if doubles and index >= 0:
            left = [i - 1 if i > index else i for i in left]
        pend["steal_left"] = left
        self._goto("steal", thief)
        if not left:
            self._finish_stealing()

    def _steal_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        return [Act("stop stealing")] + [StealDebt() if i == -1 else StealMap(i) for i in self.pending["steal_left"]]

    def _on_steal(self, action) -> None:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        if action == Act("stop stealing"):
            return self._finish_stealing()
        self.pending["steal_map"] = -1 if isinstance(action, StealDebt) else action.index
        self._goto("steal_roll")
        return None

    def _finish_stealing(self) -> None:
        victim = self.pending["steal_from"]
        vp = self.players[victim]
        if vp["eliminated"]:
            for _ in vp["maps"]:
                self._to_discard("Bury Treasure")
            if vp["maps"]:
                self.say(f"Player {victim + 1}'s remaining treasure maps are lost forever.")
            vp["maps"] = []
        self._end_battle()

