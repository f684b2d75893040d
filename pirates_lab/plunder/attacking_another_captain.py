"""Attacking Another Captain: both place a card face down at each step, revealed together; ties to the attacker;
a fleeing defender may abandon their Captured Ship; the winner of the Boarding captures the loser's ship.

Rules: Plunder › Attacking Another Captain

"If you and another Captain are in the same space (not in a Port), you may attack them."  The defender
chooses first to fight or to flee (abandoning the Captured Ship, which the attacker may take instead of
fighting).  The cards placed this step travel in the :class:`~pirates_lab.plunder.tasks.Battle` of the
``secret`` task until both are in; nobody else sees which card lies face down.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task

from .actions import Fight, Flee, Secret, TakeAbandoned
from .headings import RULE_CAPTAIN, RULE_ENEMIES
from .tasks import Battle, Prize, replace

__all__ = ["AttackingAnotherCaptain"]

#: the value each step between captains compares
STEP_STATS = {"engagement": "speed", "broadside": "cannon", "boarding": "crew"}


class AttackingAnotherCaptain:
    """Fights between captains for :class:`~pirates_lab.plunder.state.State`."""

    def _attack_captain(self, p: int, q: int) -> None:
        fight = Battle("captain", p, target=q, step="engagement")
        self.say(f"Captain {p + 1} attacks captain {q + 1} ({RULE_CAPTAIN}; no nation becomes an enemy: "
                 f"{RULE_ENEMIES}).")
        self.flow.push(self, Task("flee_choice", q, fight))

    def _flee_choice_actions(self, task):
        found = [Fight(), Flee("")]
        if self.cap(task.player)["captured"]:
            found.append(Flee("", True))
        return found

    def _do_flee_choice(self, task, action) -> None:
        q, fight = task.player, task.data
        self.flow.pop(self)
        if isinstance(action, Fight):
            self.say(f"Captain {q + 1} stands to fight.")
            self._secret_round(fight, "broadside")
            return
        if action.abandon:
            cap = self.cap(q)
            prize = cap["captured"]
            cap["captured"] = None
            before = self._goods_held(q)
            self._trim_cargo(q)  # what the Pinnace space cannot hold stays on the abandoned ship
            after = self._goods_held(q)
            left = tuple((g, before[g] - after.get(g, 0)) for g in sorted(before) if before[g] > after.get(g, 0))
            self.say(f"Captain {q + 1} abandons the Captured Ship {prize} to flee.")
            self.flow.push(self, Task("abandoned", fight.hero, replace(fight, abandoned=prize, left=left)))
            return
        self.say(f"Captain {q + 1} tries to flee.")
        self._secret_round(fight, "engagement")

    def _goods_held(self, p: int) -> dict:
        """Every token aboard: Traded Cargo and Loot together."""
        held = dict(self.cap(p)["cargo"])
        for good, n in self.cap(p)["loot"].items():
            held[good] = held.get(good, 0) + n
        return held

    def _abandoned_actions(self, task):
        return [TakeAbandoned(True), TakeAbandoned(False)]

    def _do_abandoned(self, task, action) -> None:
        p, fight = task.player, task.data
        self.flow.pop(self)
        if action.take:
            self.say(f"Captain {p + 1} forgoes the combat and takes {fight.abandoned} from captain {fight.target + 1}.")
            self.flow.push(self, Task("prize", p, Prize(fight.abandoned, -1, fight.left)))
            return
        self._discard(fight.abandoned)
        self._secret_round(replace(fight, abandoned=None, left=()), "engagement")

    # ---------------------------------------------------------------- cards face down, revealed together
    def _secret_round(self, fight: Battle, step: str) -> None:
        self.flow.push(self, Task("secret", None, replace(fight, step=step, placed=(), cards=())))

    def _secret_actions(self, task):
        seat = task.data.to_place()
        return [Secret("")] + [Secret(n) for n in sorted(set(self.hand(seat)))]

    def _do_secret(self, task, action) -> None:
        fight = task.data
        seat = fight.to_place()
        if action.card:
            self._take_from_hand(seat, action.card)
        fight = fight.placing(seat, action.card)
        both = fight.card_of(fight.hero) is not None and fight.card_of(fight.target) is not None
        self.flow.replace(self, Task("reveal" if both else "secret", None, fight))
        self.say(f"Captain {seat + 1} places {'a card' if action.card else 'no card'} face down.")

    def _why_secret(self, task, action) -> IllegalMove:
        return IllegalMove(RULE_CAPTAIN, "Place one card of your hand face down, or none.")

    def _auto_reveal(self, task) -> None:
        self.flow.pop(self)
        fight = task.data
        p, q, step = fight.hero, fight.target, fight.step
        added = {}
        for seat in (p, q):
            name = fight.card_of(seat)
            added[seat] = self.card(name).number if name else 0
            if name:
                self._discard(name)
        fight = replace(fight, placed=(), cards=())
        stat = STEP_STATS[step]
        value = {s: (self.speed(s) if stat == "speed" else self.ship_stat(s, stat)) + added[s] for s in (p, q)}
        self.say(f"Cards revealed ({step}): captain {p + 1} {value[p]} against captain {q + 1} {value[q]}; ties to "
                 "the attacker.")
        if step == "engagement":
            if value[q] > value[p]:
                self.say(f"Captain {q + 1} escapes.")
            else:
                self._secret_round(fight, "broadside")
        elif step == "broadside":
            if value[p] >= value[q]:
                self.flow.push(self, Task("sink_or_board", p, fight))
            else:
                self.say(f"Captain {q + 1}'s cannons sink captain {p + 1}'s ship.")
                self._lose_ship(p)
        else:
            winner, loser = (p, q) if value[p] >= value[q] else (q, p)
            self._capture_captain(winner, loser)

    def _capture_captain(self, winner: int, loser: int) -> None:
        """The winner captures the loser's ship (not a Pinnace) and all its cargo."""
        cap = self.cap(loser)
        ship = cap["ship"] if cap["ship"] != "Pinnace" else None
        goods = tuple((g, n) for where in ("cargo", "loot") for g, n in sorted(cap[where].items()))
        merged: dict = {}
        for g, n in goods:
            merged[g] = merged.get(g, 0) + n
        cap["ship"] = "Pinnace"  # the ship is the winner's now: not discarded with the rest
        self.say(f"Captain {winner + 1} wins the Boarding and takes captain {loser + 1}'s "
                 + (f"{ship} and " if ship else "") + "cargo.")
        self._lose_ship(loser)  # the goods go back to the supply, then to the winner as loot
        if ship:
            self.flow.push(self, Task("prize", winner, Prize(ship, -1, tuple(sorted(merged.items())))))
        else:
            for g, n in sorted(merged.items()):
                self._goods_to(winner, "loot", g, min(n, max(self.capacity(winner) - self.carried(winner), 0)))
