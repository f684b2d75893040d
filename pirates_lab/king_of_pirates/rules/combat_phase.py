"""Phase 3: Combat Phase — choosing a target, the two combat dice with cannonball re-rolls, the
result (a nation's defence value, or the defender's roll; ties to the attacker) and the loot.

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

from pirates_lab.core import Dist, Task

from ..actions import Accept, Attack, EndTurn, Reroll
from ..odds import two_dice
from .phases_of_a_turn import FLOW
from .pirate_skills import combat_modifier, count_skill

__all__ = ["CombatPhase"]


class CombatPhase:
    """Rules: King of Pirates › Phase 3: Combat Phase"""

    # ---- choosing a target
    def _targets(self, p: int) -> list:
        """What player p may attack here: a ship, city or stronghold only on the space it moved onto
        this turn ("If you move onto a space containing a Merchant Ship, a Stronghold or a City, you
        may enter combat phase"); a player on the same space at any time, but never at a lair.

        Rules: King of Pirates › Phase 2: Movement Phase
        Rules: King of Pirates › Phase 3: Combat Phase
        """
        cell = self.players[p].position
        if cell in self.comp.lairs:
            return []
        out: list = []
        if cell == self.entered:
            if cell in self.ships:
                out.append(self.ships[cell])
            place = self.place_at(cell)
            if place and place[0] in ("city", "stronghold"):
                out.append(place[0])
        out += [q for q, pl in enumerate(self.players) if q != p and pl.position == cell]
        return out

    def _auto_combat_choose(self, task):
        p = task.player
        cell = self.players[p].position
        ship = self.ships.get(cell)
        if ship and self.comp.targets[ship]["warship"] and cell == self.entered:   # "if you enter" its space
            FLOW.finish(self)
            self.say(f"A {ship} forces player {p + 1} to fight!")
            self._start_combat(p, ship)
            return True
        if not self._targets(p):
            FLOW.finish(self)
            return True
        return False

    def _combat_choose_actions(self, task):
        return [EndTurn()] + [Attack(t) for t in self._targets(task.player)]

    def _do_combat_choose(self, p, task, action):
        FLOW.finish(self)
        if isinstance(action, Attack):
            self._start_combat(p, action.target)

    def _start_combat(self, p: int, target) -> None:
        """Rules: King of Pirates › Phase 3: Combat Phase"""
        pvp = isinstance(target, int)
        self.combat = {"attacker": p, "defender": target if pvp else None, "target": None if pvp else target,
                       "cell": self.players[p].position, "attacker_roll": None, "defender_roll": None}
        self.say(f"Combat: player {p + 1} attacks {'player ' + str(target + 1) if pvp else 'the ' + target}.")
        FLOW.push(self, Task("combat_window", p))

    # ---- the numbers
    def _modifiers(self) -> tuple[int, int]:
        """(attacker's modifier, defender's modifier) in player combat, or (attacker's modifier, the
        nation's defence value): skills, scurvy and the cards played.

        Rules: King of Pirates › Phase 3: Combat Phase
        Rules: King of Pirates › Action Cards
        """
        c = self.combat
        bonus = self.turn_bonus
        pvp = c["defender"] is not None
        a_mod = combat_modifier(self.players[c["attacker"]], pvp, self.comp) \
            + 2 * bonus.get("assault", []).count(c["attacker"]) + bonus.get("mercenaries", []).count(c["attacker"])
        if pvp:
            d_mod = combat_modifier(self.players[c["defender"]], True, self.comp) \
                + 3 * bonus.get("ambush", []).count(c["defender"]) + bonus.get("mercenaries", []).count(c["defender"])
            return a_mod, d_mod
        defence = self.comp.targets[c["target"]]["defence"] + 2 * len(bonus.get("soldiers", [])) \
            + bonus.get("mercenaries", []).count("nation")
        return a_mod, defence

    def totals(self) -> tuple[int, int]:
        """(attacker's total, what it must reach): a nation's defence value, or the defender's total
        (ties go to the attacker).  A total not rolled yet is None."""
        c = self.combat
        a_mod, other = self._modifiers()
        a_total = sum(c["attacker_roll"]) + a_mod if c["attacker_roll"] else None
        if c["defender"] is not None:
            other = sum(c["defender_roll"]) + other if c["defender_roll"] else None
        return a_total, other

    def attack_modifier(self) -> int:
        """The attacker's modifier in the current combat (skills, scurvy, cards)."""
        return self._modifiers()[0]

    # ---- the dice
    def _roll_odds(self, task) -> Dist:
        return two_dice()

    def _resolve_attacker_roll(self, task, roll) -> None:
        FLOW.finish(self)
        side = task.phase.split("_")[0]
        self.combat[side + "_roll"] = roll
        self.say(f"The {side} rolls {roll[0]} and {roll[1]}.")

    _resolve_defender_roll = _resolve_attacker_roll

    def _auto_defender_roll(self, task):
        if self.combat["defender"] is None:
            FLOW.finish(self)
            return True
        return False

    def _roller(self, side: str) -> int:
        return self.combat["attacker"] if side == "attacker" else self.combat["defender"]

    def _may_reroll(self, side: str) -> bool:
        """Cannonballs re-roll after a failed roll (an attacker in PvP may re-roll any time)."""
        c = self.combat
        if c is None or c[side + "_roll"] is None:
            return False
        p = self._roller(side)
        if self.players[p].cannonballs <= 0:
            return False
        a_total, other = self.totals()
        if side == "attacker":
            return c["defender"] is not None or a_total < other
        return other <= a_total   # the defender has not beaten the attacker yet

    def _auto_rerolls(self, task):
        if not self._may_reroll(task.phase.split("_")[0]):
            FLOW.finish(self)
            return True
        return False

    def _reroll_actions(self, task):
        return [Accept()] + [Reroll(k) for k in ("high", "low", "none")]

    def _do_attacker_rerolls(self, p, task, action):
        if isinstance(action, Accept):
            FLOW.finish(self)
            return
        self._set(p, cannonballs=self.players[p].cannonballs - 1)
        FLOW.push(self, Task("reroll_die", p, (task.phase.split("_")[0], action.keep)))

    _do_defender_rerolls = _do_attacker_rerolls

    def _reroll_die_odds(self, task) -> Dist:
        return two_dice() if task.data[1] == "none" else Dist.die(6)

    def _resolve_reroll_die(self, task, outcome) -> None:
        FLOW.pop(self)
        side, keep = task.data
        high, low = self.combat[side + "_roll"]
        if keep == "none":
            new = outcome
        else:
            kept = high if keep == "high" else low
            new = tuple(sorted((kept, outcome), reverse=True))
        self.combat[side + "_roll"] = new
        self.say(f"The {side} re-rolls: now {new[0]} and {new[1]}.")

    # ---- the result and the loot
    def _auto_resolve_combat(self, task):
        """Total ≥ defence conquers; in player combat ties go to the attacker; loot cards follow.

        Rules: King of Pirates › Phase 3: Combat Phase
        """
        FLOW.pop(self)
        c = self.combat
        a_total, other = self.totals()
        p = c["attacker"]
        if c["defender"] is None:
            name = c["target"]
            if a_total >= other:
                info = self.comp.targets[name]
                nation = info.get("nation") or (self.place_at(c["cell"]) or (None, None))[1]
                cards = info["loot"] + count_skill(self.players[p], "+1 Loot Card", self.comp)
                if nation:
                    cards += 2 * count_skill(self.players[p], f"+2 Loot from {nation}", self.comp)
                self.say(f"{a_total} against defence {other}: the {name} is conquered! {cards} loot cards.")
                if info["ship"]:
                    del self.ships[c["cell"]]
                FLOW.push(self, Task("loot", p, (cards, None, 0)))
            else:
                self.say(f"{a_total} against defence {other}: the attack fails.")
        else:
            d = c["defender"]
            winner, loser = (p, d) if a_total >= other else (d, p)
            self.say(f"Attacker {a_total}, defender {other}: player {winner + 1} wins.")
            FLOW.push(self, Task("loot", winner, (self.comp.rules["pvp_loot_cards"], loser, 0)))
        self.combat = None
        return True

    def _auto_loot(self, task):
        """Loot cards become Doubloons; a loser pays at most what it has.  Rules: King of Pirates › Phase 3: Combat Phase"""
        winner = task.player
        left, loser, total = task.data
        if left > 0 and not any(self.loot_deck.values()):
            if any(self.loot_discard.values()):
                self.loot_deck, self.loot_discard = {k: v for k, v in self.loot_discard.items() if v}, {}
            else:
                left = 0
        if left > 0:
            return False
        FLOW.pop(self)
        if loser is None:
            self._set(winner, doubloons=self.players[winner].doubloons + total)
            self.say(f"Player {winner + 1} plunders {total} Doubloons.")
        else:
            stolen = min(total, self.players[loser].doubloons)
            self._set(loser, doubloons=self.players[loser].doubloons - stolen)
            self._set(winner, doubloons=self.players[winner].doubloons + stolen)
            self.say(f"Player {winner + 1} steals {stolen} Doubloons from player {loser + 1} (the loot cards allowed {total}).")
        self._check_winner()
        return True

    def _loot_odds(self, task) -> Dist:
        return Dist.from_weights({v: n for v, n in self.loot_deck.items() if n})

    def _resolve_loot(self, task, value) -> None:
        left, loser, total = task.data
        self.loot_deck[value] -= 1
        if not self.loot_deck[value]:
            del self.loot_deck[value]
        self.loot_discard[value] = self.loot_discard.get(value, 0) + 1
        FLOW.replace(self, Task("loot", task.player, (left - 1, loser, total + value)))
