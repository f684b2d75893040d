"""Combat in its steps — Enemies, Engagement, Broadside, Boarding — its results, and captains' fights.

Rules: Plunder › Combat

"From this point on, you must win each step to continue to the next!!"  Against a ship, a Port or
Natives the captain adds at most one card per step, and only when behind.  "Ties always favor the
attacker": the captain's when they attack, the Pirates' when Pirates attack (fleeing them, an equal
total still escapes: "equal to or greater than its, you manage to escape").  Between captains both
may place a card face down at every step, revealed together; ties go to the attacker.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task

from .actions import AddCard, Attack, Board, Fight, Flee, LetGo, Secret, Sink, StartTrade, TakeAbandoned
from .headings import (RULE_BOARDING, RULE_BROADSIDE, RULE_CAPTAIN, RULE_COMBAT, RULE_ENCOUNTER, RULE_ENGAGEMENT,
                       RULE_ENEMIES, RULE_RESULTS)

__all__ = ["Combat", "BIG"]

#: no limit on the loot but the space in the hold (a Port or Natives: no ship to cap it)
BIG = 99


class Combat:
    """Fights for :class:`~pirates_lab.plunder.state.State`; ``self.combat`` holds the fight in progress."""

    # ---------------------------------------------------------------- the enemy's numbers
    def _enemy_card(self):
        c = self.combat
        return self.card(c["port"] if c.get("port") else c["enemy"])

    def _enemy_value(self, stat: str) -> int:
        card = self._enemy_card()
        if stat == "crew" and card.kind == "port":
            return card.garrison
        if stat == "crew" and card.kind == "natives":
            return card.warriors
        return getattr(card, stat)

    def _cards_to_add(self, p: int) -> list:
        return [AddCard("")] + [AddCard(n) for n in sorted(set(self.hand(p)))]

    def _spend_card(self, p: int, name: str) -> int:
        if not name:
            return 0
        self._play_to_discard(p, name)
        number = self.card(name).number
        self.say(f"Captain {p + 1} adds {name} ({number}).")
        return number

    # ---------------------------------------------------------------- starting
    def _begin_npc_combat(self, p: int, name: str, against: str, hero_attacks: bool, start: bool = True) -> None:
        self.combat = {"against": against, "hero": p, "enemy": name, "port": None, "hero_attacks": hero_attacks}
        if not hero_attacks:  # Pirates always attack: flee or fight
            self.agenda.append(Task("engage", p))
        elif start:
            self._npc_first_step(p)

    def _npc_first_step(self, p: int) -> None:
        c = self.combat
        card = self._enemy_card()
        if c["against"] != "natives":
            self._make_enemy(p, card.nation)  # Enemies
        if c["against"] == "ship":
            self.agenda.append(Task("engage", p))
        elif c["against"] == "port":
            self.agenda.append(Task("broadside", p))  # skip Engagement when attacking a Port
        else:
            self.agenda.append(Task("boarding", p))   # Natives: no cannons; on land (ASSUMPTION: no Engagement)

    def _attack_port(self, p: int) -> None:
        self.combat = {"against": "port", "hero": p, "enemy": None, "port": self.sea[self.cap(p)["at"]],
                       "hero_attacks": True}
        self.say(f"Captain {p + 1} attacks {self.combat['port']} ({RULE_COMBAT}).")
        self._npc_first_step(p)

    def _meet_actions(self, task):
        attack = self._may_make_enemy(task.player, self._enemy_card().nation)  # a flag to place (Enemies)
        return [Attack(), LetGo()] if attack else [LetGo()]

    def _do_meet(self, p: int, task, action) -> None:
        self.agenda.pop()
        if isinstance(action, LetGo):
            self._end_combat(f"Captain {p + 1} lets {self.combat['enemy']} go.")
            return
        self.say(f"Captain {p + 1} attacks {self.combat['enemy']}.")
        self._npc_first_step(p)

    def _natives_actions(self, task):
        return [StartTrade(), Attack(), LetGo()]

    def _do_natives(self, p: int, task, action) -> None:
        self.agenda.pop()
        if isinstance(action, LetGo):
            self._end_combat(f"Captain {p + 1} leaves the Natives in peace.")
        elif isinstance(action, StartTrade):
            self.agenda.append(Task("trade", p, (self.combat["enemy"],)))
        else:
            self.say(f"Captain {p + 1} attacks the Natives.")
            self._npc_first_step(p)

    def _end_combat(self, text: str) -> None:
        c, self.combat = self.combat, None
        if c and c.get("enemy"):
            self._discard(c["enemy"])
        self.say(text)

    # ---------------------------------------------------------------- Engagement
    def _auto_engage(self, task):
        p = task.player
        c = self.combat
        if not c["hero_attacks"]:
            return False
        enemy = self._enemy_value("speed")
        own = self.ship_stat(p, "speed")  # "any Captured Ship accompanying you does not count" here
        if own >= enemy:
            self.agenda[-1] = Task("broadside", p)
            self.say(f"Captain {p + 1} (speed {own}) reaches {c['enemy']} (speed {enemy}).")
            return None
        return False  # to catch up, a card is added to the LOWER speed (with a Captured Ship)

    def _engage_actions(self, task):
        p = task.player
        if self.combat["hero_attacks"]:
            return self._cards_to_add(p)
        found = [Fight(), Flee("")] + [Flee(n) for n in sorted(set(self.hand(p)))]
        if self.cap(p)["captured"]:
            found += [Flee("", True)] + [Flee(n, True) for n in sorted(set(self.hand(p)))]
        return found

    def _do_engage(self, p: int, task, action) -> None:
        c = self.combat
        enemy = self._enemy_value("speed")
        if isinstance(action, Fight):
            self.agenda[-1] = Task("broadside", p)
            self.say(f"Captain {p + 1} stands to fight {c['enemy']}.")
            return
        if isinstance(action, Flee) and action.abandon:
            self._abandon_captured(p)
        added = self._spend_card(p, action.card)
        mine = self.speed(p) + added
        if c["hero_attacks"]:
            if mine >= enemy:
                self.agenda[-1] = Task("broadside", p)
                self.say(f"Captain {p + 1} catches {c['enemy']}: {mine} against speed {enemy} ({RULE_ENGAGEMENT}).")
            else:
                self.agenda.pop()
                self._end_combat(f"{c['enemy']} escapes: {mine} against speed {enemy}. They escaped ({RULE_RESULTS}).")
        elif mine >= enemy:
            self.agenda.pop()
            self._end_combat(f"Captain {p + 1} outdistances {c['enemy']}: {mine} against {enemy}.")
        else:
            self.agenda[-1] = Task("broadside", p)
            self.say(f"{c['enemy']} catch captain {p + 1}: {enemy} against {mine}.")

    # ---------------------------------------------------------------- Broadside and Boarding
    def _auto_broadside(self, task):
        return self._auto_compare(task, "cannon")

    def _auto_boarding(self, task):
        return self._auto_compare(task, "crew")

    def _beats(self, total: int, stat: str) -> bool:
        """Does the captain's ``total`` win the step?  "Ties always favor the attacker": the captain's when they
        attack, the enemy's when Pirates attack them."""
        enemy = self._enemy_value(stat)
        return total >= enemy if self.combat["hero_attacks"] else total > enemy

    def _auto_compare(self, task, stat: str):
        p = task.player
        if self._beats(self.ship_stat(p, stat), stat):
            self.agenda.pop()
            self._step_won(p, stat, self.ship_stat(p, stat))
            return None
        return False

    def _broadside_actions(self, task):
        return self._cards_to_add(task.player)

    _boarding_actions = _broadside_actions

    def _do_broadside(self, p: int, task, action) -> None:
        self._do_compare(p, action, "cannon")

    def _do_boarding(self, p: int, task, action) -> None:
        self._do_compare(p, action, "crew")

    def _do_compare(self, p: int, action, stat: str) -> None:
        self.agenda.pop()
        total = self.ship_stat(p, stat) + self._spend_card(p, action.card)
        if self._beats(total, stat):
            self._step_won(p, stat, total)
            return
        enemy = self._enemy_card().name
        rule = RULE_BROADSIDE if stat == "cannon" else RULE_BOARDING
        self._end_combat(f"{enemy} wins the {'Broadside' if stat == 'cannon' else 'Boarding'}: {total} against "
                         f"{self._enemy_value(stat)}; captain {p + 1}'s ship is sunk ({rule}).")
        self._lose_ship(p)

    def _step_won(self, p: int, stat: str, total: int) -> None:
        c = self.combat
        if stat == "cannon":
            self.say(f"Captain {p + 1} wins the Broadside: {total} against {self._enemy_value('cannon')}.")
            self.agenda.append(Task("sink_or_board", p))
            return
        self.say(f"Captain {p + 1} wins the Boarding: {total} against {self._enemy_value('crew')} ({RULE_RESULTS}).")
        if c["against"] == "ship":
            prize = c["enemy"]
            self.combat = None
            self.agenda.append(Task("prize", p, (prize, self.card(prize).cargo, ())))
        else:
            self._end_combat(f"Captain {p + 1} plunders {self._enemy_card().name}.")
            self.agenda.append(Task("loot", p, (BIG,)))

    def _sink_or_board_actions(self, task):
        c = self.combat
        if c["against"] == "captain" or c["against"] == "ship":
            return [Sink(), Board()]
        return [Board()]

    def _do_sink_or_board(self, p: int, task, action) -> None:
        self.agenda.pop()
        c = self.combat
        if c["against"] == "captain":
            if isinstance(action, Sink):
                target = c["target"]
                self.combat = None
                self.say(f"Captain {p + 1} sinks captain {target + 1}'s ship.")
                self._lose_ship(target)
            else:
                self._secret_round(p, c["target"], "boarding")
            return
        if isinstance(action, Sink):
            self._end_combat(f"Captain {p + 1} sinks {c['enemy']}: discarded ({RULE_RESULTS}).")
        else:
            self.agenda.append(Task("boarding", p))

    # ---------------------------------------------------------------- Attacking Another Captain
    def _attack_captain(self, p: int, q: int) -> None:
        self.combat = {"against": "captain", "hero": p, "target": q, "enemy": None, "port": None,
                       "hero_attacks": True, "step": "engagement", "secret": {}, "abandoned": None}
        self.say(f"Captain {p + 1} attacks captain {q + 1} ({RULE_CAPTAIN}; no nation becomes an enemy: {RULE_ENEMIES}).")
        self.agenda.append(Task("flee_choice", q))

    def _flee_choice_actions(self, task):
        found = [Fight(), Flee("")]
        if self.cap(task.player)["captured"]:
            found.append(Flee("", True))
        return found

    def _do_flee_choice(self, q: int, task, action) -> None:
        self.agenda.pop()
        p = self.combat["hero"]
        if isinstance(action, Fight):
            self.say(f"Captain {q + 1} stands to fight.")
            self._secret_round(p, q, "broadside")
            return
        if action.abandon:
            cap = self.cap(q)
            prize = cap["captured"]
            cap["captured"] = None
            before = self._goods_held(q)
            self._trim_cargo(q)  # what the Pinnace space cannot hold stays on the abandoned ship
            after = self._goods_held(q)
            left = [[g, before[g] - after.get(g, 0)] for g in sorted(before) if before[g] > after.get(g, 0)]
            self.combat["abandoned"] = [prize, left]
            self.say(f"Captain {q + 1} abandons the Captured Ship {prize} to flee.")
            self.agenda.append(Task("abandoned", p))
            return
        self.say(f"Captain {q + 1} tries to flee.")
        self._secret_round(p, q, "engagement")

    def _goods_held(self, p: int) -> dict:
        """Every token aboard: Traded Cargo and Loot together."""
        held = dict(self.cap(p)["cargo"])
        for good, n in self.cap(p)["loot"].items():
            held[good] = held.get(good, 0) + n
        return held

    def _abandoned_actions(self, task):
        return [TakeAbandoned(True), TakeAbandoned(False)]

    def _do_abandoned(self, p: int, task, action) -> None:
        self.agenda.pop()
        prize, left = self.combat["abandoned"]
        self.combat["abandoned"] = None
        if action.take:
            q = self.combat["target"]
            self.combat = None
            self.say(f"Captain {p + 1} forgoes the combat and takes {prize} from captain {q + 1}.")
            self.agenda.append(Task("prize", p, (prize, -1, tuple(tuple(x) for x in left))))
            return
        self._discard(prize)
        self._secret_round(p, self.combat["target"], "engagement")

    def _secret_round(self, p: int, q: int, step: str) -> None:
        self.combat["step"] = step
        self.combat["secret"] = {}
        self.agenda += [Task("reveal", p), Task("secret", q), Task("secret", p)]

    def _secret_actions(self, task):
        return [Secret("")] + [Secret(n) for n in sorted(set(self.hand(task.player)))]

    def _do_secret(self, seat: int, task, action) -> None:
        self.agenda.pop()
        if action.card:
            self._take_from_hand(seat, action.card)
        self.combat["secret"][seat] = action.card
        self.say(f"Captain {seat + 1} places {'a card' if action.card else 'no card'} face down.")

    def _auto_reveal(self, task) -> None:
        self.agenda.pop()
        c = self.combat
        p, q, step = c["hero"], c["target"], c["step"]
        added = {}
        for seat in (p, q):
            name = c["secret"].get(seat, "")
            added[seat] = self.card(name).number if name else 0
            if name:
                self._discard(name)
        c["secret"] = {}
        stat = {"engagement": "speed", "broadside": "cannon", "boarding": "crew"}[step]
        value = {s: (self.speed(s) if stat == "speed" else self.ship_stat(s, stat)) + added[s] for s in (p, q)}
        self.say(f"Cards revealed ({step}): captain {p + 1} {value[p]} against captain {q + 1} {value[q]}; ties to the attacker.")
        if step == "engagement":
            if value[q] > value[p]:
                self.combat = None
                self.say(f"Captain {q + 1} escapes.")
            else:
                self._secret_round(p, q, "broadside")
        elif step == "broadside":
            if value[p] >= value[q]:
                self.agenda.append(Task("sink_or_board", p))
            else:
                self.combat = None
                self.say(f"Captain {q + 1}'s cannons sink captain {p + 1}'s ship.")
                self._lose_ship(p)
        else:
            winner, loser = (p, q) if value[p] >= value[q] else (q, p)
            self.combat = None
            self._capture_captain(winner, loser)

    def _capture_captain(self, winner: int, loser: int) -> None:
        """The winner captures the loser's ship (not a Pinnace) and all its cargo."""
        cap = self.cap(loser)
        ship = cap["ship"] if cap["ship"] != "Pinnace" else None
        goods = tuple((g, n) for where in ("cargo", "loot") for g, n in sorted(cap[where].items()))
        merged: dict = {}
        for g, n in goods:
            merged[g] = merged.get(g, 0) + n
        cap["ship"], cap["prize_ship"] = "Pinnace", False
        self.say(f"Captain {winner + 1} wins the Boarding and takes captain {loser + 1}'s "
                 + (f"{ship} and " if ship else "") + "cargo.")
        self._lose_ship(loser)  # the goods go back to the supply, then to the winner as loot
        if ship:
            self.agenda.append(Task("prize", winner, (ship, -1, tuple(sorted(merged.items())))))
        else:
            for g, n in sorted(merged.items()):
                self._goods_to(winner, "loot", g, min(n, max(self.capacity(winner) - self.carried(winner), 0)))

    def _why_engage(self, p, task, action) -> IllegalMove:
        return IllegalMove(RULE_ENGAGEMENT, "Add one card from your hand (or none), flee or fight.")

    def _why_broadside(self, p, task, action) -> IllegalMove:
        return IllegalMove(RULE_BROADSIDE, "If the enemy's Cannon is higher you may add one card from your hand.")

    def _why_boarding(self, p, task, action) -> IllegalMove:
        return IllegalMove(RULE_BOARDING, "If the enemy's Crew is higher you may add one card from your hand.")

    def _why_secret(self, p, task, action) -> IllegalMove:
        return IllegalMove(RULE_CAPTAIN, "Place one card of your hand face down, or none.")

    def _why_meet(self, p, task, action) -> IllegalMove:
        nation = self._enemy_card().nation
        if isinstance(action, Attack):
            return IllegalMove(RULE_ENEMIES, f"The Herald has no {nation} flag left: {nation} cannot become your "
                                             "enemy, so you cannot attack its ship. Let it go.")
        return IllegalMove(RULE_ENCOUNTER, "A merchant ship played to you: attack it or let it go.")
