"""Stage 5: Plundering the Enemy Ship — the winner picks the cargo he takes.

Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
Rules: Pillage & Plunder › Player Attacking Player ("all of the cargo that can fit in his cargo hold")

When the loser's cargo does not all fit the winner's hold, the winner chooses (a ``take_cargo``
step, :class:`~pirates_lab.pillage_and_plunder.actions.TakeCargo`); any part of it that fits is
allowed.  Then the battle's end goes on where it stopped (:meth:`_battle_over`).
"""
from __future__ import annotations

from collections import Counter

from ..actions import TakeCargo

__all__ = ["Plundering"]


class Plundering:
    """The winner's choice of cargo (mixed into the state)."""

    def _free_hold(self, player: int, ship: int) -> int:
        return self.cargo_capacity(player, ship) - self.cargo_units(player, ship)

    def _cargo_choice_needed(self, loser: dict, winner: dict) -> bool:
        """Is there a real choice: some cargo fits, but not all of it?"""
        cargo = self.players[loser["player"]]["ships"][loser["ship"]]["cargo"]
        free = self._free_hold(winner["player"], winner["ship"])
        units = [self.data.cargo_units(c) for c in cargo]
        return bool(cargo) and sum(units) > free and min(units) <= free

    def _greedy_cargo(self, cargo: list, free: int) -> tuple:
        taken = []
        for card in cargo:
            if self.data.cargo_units(card) <= free:
                taken.append(card)
                free -= self.data.cargo_units(card)
        return tuple(taken)

    def _take_cargo_actions(self, task) -> list:
        """A few choices for random play: in hold order, biggest first, most valuable first."""
        loser, winner = self._plunder_sides()
        cargo = self.players[loser["player"]]["ships"][loser["ship"]]["cargo"]
        free = self._free_hold(winner["player"], winner["ship"])
        orders = (list(cargo), sorted(cargo, key=lambda c: -self.data.cargo_units(c)),
                  sorted(cargo, key=lambda c: -self.data.price(c)))
        return list(dict.fromkeys(TakeCargo(self._greedy_cargo(order, free)) for order in orders))

    def _cargo_allowed(self, action) -> bool:
        """Any part of the loser's cargo that fits the winner's hold."""
        if self.phase != "take_cargo" or not isinstance(action, TakeCargo) or not isinstance(action.cards, tuple):
            return False
        loser, winner = self._plunder_sides()
        cargo = self.players[loser["player"]]["ships"][loser["ship"]]["cargo"]
        if not all(isinstance(c, str) for c in action.cards) or Counter(action.cards) - Counter(cargo):
            return False
        return sum(self.data.cargo_units(c) for c in action.cards) <= self._free_hold(winner["player"], winner["ship"])

    def _plunder_sides(self) -> tuple[dict, dict]:
        battle = self.pending["battle"]
        winner_role = self.pending["plunder"]["winner_role"]
        return battle["defender" if winner_role == "attacker" else "attacker"], battle[winner_role]

    def _on_take_cargo(self, action) -> None:
        """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship"""
        loser, winner = self._plunder_sides()
        self._move_cargo(loser, winner, action.cards)
        plunder = self.pending.pop("plunder")
        self.pending["plunder_chosen"] = True
        return self._battle_over(plunder["winner_role"], plunder["sunk"])

    def _move_cargo(self, loser: dict, winner: dict, cards) -> None:
        cargo = self.players[loser["player"]]["ships"][loser["ship"]]["cargo"]
        for card in cards:
            cargo.remove(card)
            self.players[winner["player"]]["ships"][winner["ship"]]["cargo"].append(card)
            self.say(f"Player {winner['player'] + 1} takes the {card}.")

    def _take_cargo(self, loser: dict, winner: dict) -> None:
        """All the cargo that fits (no choice to make), unless the winner has already chosen."""
        if self.pending.get("plunder_chosen"):
            return
        cargo = self.players[loser["player"]]["ships"][loser["ship"]]["cargo"]
        self._move_cargo(loser, winner, self._greedy_cargo(list(cargo), self._free_hold(winner["player"], winner["ship"])))
