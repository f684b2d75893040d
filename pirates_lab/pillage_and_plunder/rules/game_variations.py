"""Game Variations in the engine: Privateering and Fleet Play (and the Navy Ships they touch).

Rules: Pillage & Plunder › Game Variations
Rules: Pillage & Plunder › Privateering
Rules: Pillage & Plunder › Fleet Play
Rules: Pillage & Plunder › Play Navy Ship

Timed Game and Asset Liquidation are in :mod:`.your_hoard`; Stealing Treasure Maps is in
:mod:`.buying_and_treasure` (the Treasure Hunt) and :mod:`.rules_for_specific_types_of_battles`
(the roll for doubles).
"""
from __future__ import annotations

from ..actions import Act, MoveCannon, MoveCargo, MoveCrewman, Play, SellShip
from .the_five_stages_of_a_sea_battle import player_side
from .. import components as C

__all__ = ["GameVariations"]


class GameVariations:
    """Privateers, Navy Ships and fleets (mixed into the state)."""

    # ------------------------------------------------------------ pre-draw choices
    def _variation_predraw_actions(self, me: int) -> list:
        p = self.players[me]
        acts = []
        if p["privateer"] and p["hoard"] >= p["privateer"]["owed"]:
            acts.append(Act("end privateering"))
        if self.game.options["fleet_play"]:
            acts += self._fleet_actions(me)
        return acts

    def _on_variation_predraw(self, me: int, action) -> None:
        p = self.players[me]
        if action == Act("end privateering"):
            priv = p["privateer"]
            p["hoard"] -= priv["owed"]
            self._to_discard(priv["navy"], under=True)
            p["privateer"] = None
            self.pending["acted"] = True
            self.say(f"Player {me + 1} pays {priv['owed']} and ends his privateering career.")
        else:
            self._fleet_move(me, action)

    # ------------------------------------------------------------ Privateering and Navy Ships
    def _navy_target_ok(self, target: int, nation: str) -> bool:
        """Rules: Pillage & Plunder › Play Navy Ship"""
        t = self.players[target]
        if t["privateer"]:
            return False
        return any(self.data.merchant(m).nation == nation for m in t["prizes"])

    def _may_attack_merchant(self, me: int, card: str) -> bool:
        """Rules: Pillage & Plunder › Privateering"""
        priv = self.players[me]["privateer"]
        return not (priv and self.data.navy_nation(priv["navy"]) == self.data.merchant(card).nation)

    def _navy_plays(self, me: int, card: str) -> list:
        """Rules: Pillage & Plunder › Play Navy Ship"""
        nation = self.data.navy_nation(card)
        acts = []
        for t in self._opponents(me):
            if self._navy_target_ok(t, nation):
                acts += [Play(card, target=t, target_ship=ts) for ts in range(len(self.players[t]["ships"]))]
        if self.game.options["privateering"] and not self.players[me]["privateer"]:
            acts.append(Play(card, privateer=True))
        return acts

    def _play_navy(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Play Navy Ship"""
        card = action.card
        if action.privateer:
            self.players[me]["privateer"] = {"navy": card, "owed": 0}
            self.say(f"Player {me + 1} sails as a privateer for the {self.data.navy_nation(card)}.")
            return self._check_play_over()
        self.say(f"Player {me + 1} sends the {card} after player {action.target + 1}.")
        self.pending["table"].append(card)
        navy = {"type": "navy", "card": card, "damage": 0, "crew": self.data.navy["crew"], "owner": me}
        return self._start_battle("navy", navy, player_side(action.target, action.target_ship))

    # ------------------------------------------------------------ Fleet Play
    def _fleet_actions(self, me: int) -> list:
        """Rules: Pillage & Plunder › Fleet Play"""
        acts = []
        ships = self.players[me]["ships"]
        if len(ships) > 1:
            for i in range(len(ships)):
                acts.append(SellShip(i))
                for j in range(len(ships)):
                    if i == j:
                        continue
                    if len(ships[j]["crew"]) < self.hull(me, j).crew:     # the player picks the crewman
                        acts += [MoveCrewman(i, j, man) for man in sorted(set(ships[i]["crew"]))
                                 if man not in C.OFFICERS or man not in ships[j]["crew"]]
                    if ships[i]["cannons"] and ships[j]["cannons"] < self.hull(me, j).cannons:
                        acts.append(MoveCannon(i, j))
                    acts += [MoveCargo(i, j, card) for card in sorted(set(ships[i]["cargo"]))
                             if self._fits(me, j, card)]
        return acts

    def _cargo_count(self, me: int, card: str) -> int:
        return sum(ship["cargo"].count(card) for ship in self.players[me]["ships"])

    def _keep_aboard(self, me: int, cards: list) -> None:
        """A sold ship's crewmen, cannons and cargo are not sold: each goes to the first of the
        player's other ships with room, or to the discard pile when none has room (ASSUMPTION).

        Rules: Pillage & Plunder › Fleet Play ("Cannons and crewmen cannot be sold")
        """
        for card in cards:
            home = next((j for j in range(len(self.players[me]["ships"])) if self._fits(me, j, card)), None)
            if home is None:
                self._to_discard(card, under=True)
                self.say(f"No ship of player {me + 1} has room for the {card}: it goes to the discard pile.")
            else:
                self._give_or_discard([card], me, home)

    def _fleet_move(self, me: int, action) -> None:
        """Rules: Pillage & Plunder › Fleet Play"""
        p = self.players[me]
        self.pending["acted"] = True
        if isinstance(action, SellShip):
            ship = p["ships"].pop(action.ship)
            refund = 0
            for level in ship["hulls"]:
                refund += self.data.hulls[level["hull"]].cost // 2
                refund += sum(self.data.addon_cost(a, level["hull"]) // 2 for a in level["addons"])
                self._to_discard(level["hull"], under=True)
                for a in level["addons"]:
                    self._to_discard(a, under=True)
            p["hoard"] += refund
            self.say(f"Player {me + 1} sells a ship (hulls and add-ons) for {refund}.")
            self._keep_aboard(me, ship["crew"] + ["Cannon"] * ship["cannons"] + ship["cargo"])
            if "kept" in self.pending:
                self.pending["kept"] = [c for c in self.pending["kept"] if self._cargo_count(me, c)]
            return
        src, dst = action.source, action.target
        if isinstance(action, MoveCargo):
            p["ships"][src]["cargo"].remove(action.card)
            p["ships"][dst]["cargo"].append(action.card)
        elif isinstance(action, MoveCrewman):
            p["ships"][src]["crew"].remove(action.card)
            p["ships"][dst]["crew"].append(action.card)
        else:
            p["ships"][src]["cannons"] -= 1
            p["ships"][dst]["cannons"] += 1
