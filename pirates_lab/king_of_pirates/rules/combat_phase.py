"""Phase 3: Combat Phase — choosing a target, the two combat dice with cannonball re-rolls, the
result (a nation's defence value, or the defender's roll; ties to the attacker) and the loot.

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import Dist, Task

from ..actions import Accept, Attack, EndTurn, Reroll
from ..odds import two_dice
from .phases_of_a_turn import FLOW, carry_on
from .pirate_skills import combat_modifier, count_skill
from .task_data import Combat, Loot, Side, Spent

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

    @property
    def combat(self) -> Combat | None:
        """The combat in progress (carried by its step on the agenda, under any window or re-roll), or None."""
        return next((task.data for task in reversed(self.agenda) if isinstance(task.data, Combat)), None)

    def _auto_combat_choose(self, task):
        p = task.player
        cell = self.players[p].position
        ship = self.ships.get(cell)
        if ship and self.comp.targets[ship]["warship"] and cell == self.entered:   # "if you enter" its space
            carry_on(self)
            self.say(f"A {ship} forces player {p + 1} to fight!")
            self._start_combat(p, ship)
            return True
        if not self._targets(p):
            carry_on(self)
            return True
        return False

    def _combat_choose_actions(self, task):
        return [EndTurn()] + [Attack(t) for t in self._targets(task.player)]

    def _choose_target(self, task, action):
        carry_on(self)
        if isinstance(action, Attack):
            self._start_combat(task.player, action.target)

    def _start_combat(self, p: int, target) -> None:
        """Rules: King of Pirates › Phase 3: Combat Phase"""
        pvp = isinstance(target, int)
        combat = Combat(attacker=p, defender=target if pvp else None, target=None if pvp else target,
                        cell=self.players[p].position)
        self.say(f"Combat: player {p + 1} attacks {'player ' + str(target + 1) if pvp else 'the ' + target}.")
        FLOW.push(self, Task("combat_window", p, combat))

    # ---- the numbers
    def _modifiers(self, c: Combat | None = None) -> tuple[int, int]:
        """(attacker's modifier, defender's modifier) in player combat, or (attacker's modifier, the
        nation's defence value): skills, scurvy and the cards played.

        Rules: King of Pirates › Phase 3: Combat Phase
        Rules: King of Pirates › Action Cards
        """
        c = c or self.combat
        pvp = c.defender is not None
        a_mod = combat_modifier(self.players[c.attacker], pvp, self.comp) \
            + 2 * self._in_play("Assault", by=c.attacker) + self._in_play("Mercenaries", on=c.attacker)
        if pvp:
            d_mod = combat_modifier(self.players[c.defender], True, self.comp) \
                + 3 * self._in_play("Ambush", by=c.defender) + self._in_play("Mercenaries", on=c.defender)
            return a_mod, d_mod
        defence = self.comp.targets[c.target]["defence"] + 2 * self._in_play("Soldiers") \
            + self._in_play("Mercenaries", on="nation")
        return a_mod, defence

    def totals(self, c: Combat | None = None) -> tuple[int, int]:
        """(attacker's total, what it must reach): a nation's defence value, or the defender's total
        (ties go to the attacker).  A total not rolled yet is None."""
        c = c or self.combat
        a_mod, other = self._modifiers(c)
        a_total = sum(c.attacker_roll) + a_mod if c.attacker_roll else None
        if c.defender is not None:
            other = sum(c.defender_roll) + other if c.defender_roll else None
        return a_total, other

    def attack_modifier(self) -> int:
        """The attacker's modifier in the current combat (skills, scurvy, cards)."""
        return self._modifiers()[0]

    # ---- the dice
    def _roll_odds(self, task) -> Dist:
        return two_dice()

    def _roll_attacker(self, task, roll) -> None:
        self._rolled(task, Side.ATTACKER, roll)

    def _roll_defender(self, task, roll) -> None:
        self._rolled(task, Side.DEFENDER, roll)

    def _rolled(self, task, side: Side, roll) -> None:
        carry_on(self, task.data.rolled(side, roll))
        self.say(f"The {side.value} rolls {roll[0]} and {roll[1]}.")

    def _auto_defender_roll(self, task):
        if task.data.defender is None or task.data.defender_roll is not None:   # (rolled: back for a re-roll)
            carry_on(self)
            return True
        return False

    def _may_reroll(self, c: Combat, side: Side) -> bool:
        """Cannonballs re-roll after a failed roll (an attacker in PvP may re-roll any time before the
        defender rolls; a defender while it has not beaten the attacker: re-rolling a winning roll can
        only lose).  Back for a re-roll after a card (``settled``), only the side now behind."""
        if c.roll(side) is None or self.players[c.roller(side)].cannonballs <= 0:
            return False
        a_total, other = self.totals(c)
        if side is Side.ATTACKER:
            return (c.defender is not None and c.settled is None) or a_total < other
        return other <= a_total

    def _auto_attacker_rerolls(self, task):
        return self._auto_rerolls(task, Side.ATTACKER)

    def _auto_defender_rerolls(self, task):
        return self._auto_rerolls(task, Side.DEFENDER)

    def _auto_rerolls(self, task, side: Side):
        if not self._may_reroll(task.data, side):
            self._rerolls_done(task, side)
            return True
        return False

    def _rerolls_done(self, task, side: Side) -> None:
        """The re-roll step is over; after the defender's (the last) the modifiers are noted (``settled``)."""
        c = task.data
        carry_on(self, replace(c, settled=self._modifiers(c)) if side is Side.DEFENDER else None)

    def _reroll_actions(self, task):
        return [Accept()] + [Reroll(k) for k in ("high", "low", "none")]

    def _attacker_reroll(self, task, action):
        self._spend_or_accept(task, Side.ATTACKER, action)

    def _defender_reroll(self, task, action):
        self._spend_or_accept(task, Side.DEFENDER, action)

    def _spend_or_accept(self, task, side: Side, action) -> None:
        """ "Discarding one Cannonballs token allows you to re-roll one or both dice."  Rules: King of Pirates › Important Game Concepts"""
        if isinstance(action, Accept):
            self._rerolls_done(task, side)
            return
        p = task.data.roller(side)
        self._set(p, cannonballs=self.players[p].cannonballs - 1)
        FLOW.push(self, Task("reroll_die", p, Spent(side, action.keep)))

    def _reroll_die_odds(self, task) -> Dist:
        return two_dice() if task.data.keep == "none" else Dist.die(6)

    def _reroll_die(self, task, outcome) -> None:
        FLOW.pop(self)
        side, keep = task.data.side, task.data.keep
        combat = self.agenda[-1]                     # the re-roll decision it was pushed from
        high, low = combat.data.roll(side)
        if keep == "none":
            new = outcome
        else:
            kept = high if keep == "high" else low
            new = tuple(sorted((kept, outcome), reverse=True))
        FLOW.replace(self, replace(combat, data=combat.data.rolled(side, new)))
        self.say(f"The {side.value} re-rolls: now {new[0]} and {new[1]}.")

    # ---- the result and the loot
    def _auto_resolve_combat(self, task):
        """Total ≥ defence conquers; in player combat ties go to the attacker; loot cards follow.

        Rules: King of Pirates › Phase 3: Combat Phase
        """
        FLOW.pop(self)
        c = task.data
        if c.settled is not None and self._modifiers(c) != c.settled and (self._may_reroll(c, Side.ATTACKER) or self._may_reroll(c, Side.DEFENDER)):
            # "If you fail your attack, you can use Cannonballs": a card after the dice put this side behind
            self.say("A card after the dice changes the totals: the side behind may use Cannonballs again.")
            FLOW.push(self, Task("attacker_rerolls", c.attacker, c))
            return True
        a_total, other = self.totals(c)
        p = c.attacker
        if c.defender is None:
            name = c.target
            if a_total >= other:
                info = self.comp.targets[name]
                nation = info.get("nation") or (self.place_at(c.cell) or (None, None))[1]
                cards = info["loot"] + count_skill(self.players[p], "+1 Loot Card", self.comp)
                if nation:
                    cards += 2 * count_skill(self.players[p], f"+2 Loot from {nation}", self.comp)
                self.say(f"{a_total} against defence {other}: the {name} is conquered! {cards} loot cards.")
                if info["ship"]:
                    del self.ships[c.cell]
                FLOW.push(self, Task("loot", p, Loot(cards)))
            else:
                self.say(f"{a_total} against defence {other}: the attack fails.")
        else:
            d = c.defender
            winner, loser = (p, d) if a_total >= other else (d, p)
            self.say(f"Attacker {a_total}, defender {other}: player {winner + 1} wins.")
            FLOW.push(self, Task("loot", winner, Loot(self.comp.rules["pvp_loot_cards"], loser)))
        return True

    def _auto_loot(self, task):
        """Loot cards become Doubloons; a loser pays at most what it has.  The cards drawn are held until
        the loot is counted and then "returned to the discard pile"; the discard is shuffled into the deck
        only before the first card of a conquest, when the deck holds fewer than are to be drawn (house rule),
        never in the middle of one.  Rules: King of Pirates › Phase 3: Combat Phase"""
        winner = task.player
        loot = task.data
        if not loot.drawn and loot.cards_left > sum(self.loot_deck.values()) and any(self.loot_discard.values()):
            deck = dict(self.loot_deck)
            for value, n in self.loot_discard.items():
                deck[value] = deck.get(value, 0) + n
            self.loot_deck, self.loot_discard = {k: v for k, v in deck.items() if v}, {}
            self.say("The loot deck is too short: the loot discard pile is shuffled into it.")
        if loot.cards_left > 0 and any(self.loot_deck.values()):
            return False
        FLOW.pop(self)
        for value in loot.drawn:         # "The Cards are returned to the discard pile."
            self.loot_discard[value] = self.loot_discard.get(value, 0) + 1
        total, loser = loot.total, loot.loser
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

    def _draw_loot(self, task, value) -> None:
        """One loot card from the deck, held with the others drawn in this conquest."""
        self.loot_deck[value] -= 1
        if not self.loot_deck[value]:
            del self.loot_deck[value]
        loot = task.data
        FLOW.replace(self, replace(task, data=replace(loot, cards_left=loot.cards_left - 1, total=loot.total + value,
                                                      drawn=loot.drawn + (value,))))
