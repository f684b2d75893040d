"""Combat in its steps — Enemies, Engagement, Broadside, Boarding — and its results, against a ship, a Port or
Natives.  Fights between captains are in :mod:`.attacking_another_captain`.

Rules: Plunder › Combat

"From this point on, you must win each step to continue to the next!!"  Against a ship, a Port or
Natives the captain adds at most one card per step, and only when behind.  "Ties always favor the
attacker": the captain's when they attack, the Pirates' when Pirates attack (fleeing them, an equal
total still escapes: "equal to or greater than its, you manage to escape").  The fight travels with its
tasks as a :class:`~pirates_lab.plunder.tasks.Battle`; a step won is the next task with the same battle.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task

from .actions import AddCard, Attack, Board, Fight, Flee, LetGo, Sink, StartTrade
from .headings import (RULE_BOARDING, RULE_BROADSIDE, RULE_COMBAT, RULE_ENCOUNTER, RULE_ENGAGEMENT, RULE_ENEMIES,
                       RULE_RESULTS)
from .tasks import Battle, Loot, Market, Prize

__all__ = ["Combat", "BIG", "STATS"]

#: no limit on the loot but the space in the hold (a Port or Natives: no ship to cap it)
BIG = 99
#: the value each step compares
STATS = {"engage": "speed", "broadside": "cannon", "boarding": "crew"}


class Combat:
    """Fights against a ship, a Port or Natives for :class:`~pirates_lab.plunder.state.State`."""

    # ---------------------------------------------------------------- the enemy's numbers
    def _enemy_card(self, fight: Battle):
        return self.card(fight.port or fight.enemy)

    def _enemy_value(self, fight: Battle, stat: str) -> int:
        card = self._enemy_card(fight)
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
    def _first_step(self, fight: Battle) -> None:
        """Enemies (a nation's flag), then the first step: Engagement (a ship), Broadside (a Port: "skip this
        step"), Boarding (Natives: no cannons; on land, ASSUMPTION: no Engagement)."""
        p = fight.hero
        if fight.against != "natives":
            self._make_enemy(p, self._enemy_card(fight).nation)  # Enemies
        step = {"ship": "engage", "port": "broadside"}.get(fight.against, "boarding")
        self.flow.push(self, Task(step, p, fight))

    def _attack_port(self, p: int) -> None:
        fight = Battle("port", p, port=self.sea[self.cap(p)["at"]])
        self.say(f"Captain {p + 1} attacks {fight.port} ({RULE_COMBAT}).")
        self._first_step(fight)

    def _meet_actions(self, task):
        attack = self._may_make_enemy(task.player, self._enemy_card(task.data).nation)  # a flag to place (Enemies)
        return [Attack(), LetGo()] if attack else [LetGo()]

    def _do_meet(self, task, action) -> None:
        p, fight = task.player, task.data
        self.flow.pop(self)
        if isinstance(action, LetGo):
            self._end_combat(fight, f"Captain {p + 1} lets {fight.enemy} go.")
            return
        self.say(f"Captain {p + 1} attacks {fight.enemy}.")
        self._first_step(fight)

    def _why_meet(self, task, action) -> IllegalMove:
        nation = self._enemy_card(task.data).nation
        if isinstance(action, Attack):
            return IllegalMove(RULE_ENEMIES, f"The Herald has no {nation} flag left: {nation} cannot become your "
                                             "enemy, so you cannot attack its ship. Let it go.")
        return IllegalMove(RULE_ENCOUNTER, "A merchant ship played to you: attack it or let it go.")

    def _natives_actions(self, task):
        return [StartTrade(), Attack(), LetGo()]

    def _do_natives(self, task, action) -> None:
        p, fight = task.player, task.data
        self.flow.pop(self)
        if isinstance(action, LetGo):
            self._end_combat(fight, f"Captain {p + 1} leaves the Natives in peace.")
        elif isinstance(action, StartTrade):
            self.flow.push(self, Task("trade", p, Market(fight.enemy)))  # the trade holds the Natives card
        else:
            self.say(f"Captain {p + 1} attacks the Natives.")
            self._first_step(fight)

    def _end_combat(self, fight: Battle, text: str) -> None:
        if fight.enemy:
            self._discard(fight.enemy)
        self.say(text)

    # ---------------------------------------------------------------- Engagement
    def _auto_engage(self, task):
        p, fight = task.player, task.data
        if not fight.hero_attacks:
            return False
        enemy = self._enemy_value(fight, "speed")
        own = self.ship_stat(p, "speed")  # "any Captured Ship accompanying you does not count" here
        if own >= enemy:
            self.flow.replace(self, Task("broadside", p, fight))
            self.say(f"Captain {p + 1} (speed {own}) reaches {fight.enemy} (speed {enemy}).")
            return None
        return False  # to catch up, a card is added to the LOWER speed (with a Captured Ship)

    def _engage_actions(self, task):
        p = task.player
        if task.data.hero_attacks:
            return self._cards_to_add(p)
        found = [Fight(), Flee("")] + [Flee(n) for n in sorted(set(self.hand(p)))]
        if self.cap(p)["captured"]:
            found += [Flee("", True)] + [Flee(n, True) for n in sorted(set(self.hand(p)))]
        return found

    def _do_engage(self, task, action) -> None:
        p, fight = task.player, task.data
        enemy = self._enemy_value(fight, "speed")
        if isinstance(action, Fight):
            self.flow.replace(self, Task("broadside", p, fight))
            self.say(f"Captain {p + 1} stands to fight {fight.enemy}.")
            return
        if isinstance(action, Flee) and action.abandon:
            self._abandon_captured(p)
        added = self._spend_card(p, action.card)
        mine = self.speed(p) + added
        if fight.hero_attacks:
            if mine >= enemy:
                self.flow.replace(self, Task("broadside", p, fight))
                self.say(f"Captain {p + 1} catches {fight.enemy}: {mine} against speed {enemy} ({RULE_ENGAGEMENT}).")
            else:
                self.flow.pop(self)
                self._end_combat(fight, f"{fight.enemy} escapes: {mine} against speed {enemy}. They escaped "
                                        f"({RULE_RESULTS}).")
        elif mine >= enemy:
            self.flow.pop(self)
            self._end_combat(fight, f"Captain {p + 1} outdistances {fight.enemy}: {mine} against {enemy}.")
        else:
            self.flow.replace(self, Task("broadside", p, fight))
            self.say(f"{fight.enemy} catch captain {p + 1}: {enemy} against {mine}.")

    # ---------------------------------------------------------------- Broadside and Boarding
    def _beats(self, fight: Battle, total: int, stat: str) -> bool:
        """Does the captain's ``total`` win the step?  "Ties always favor the attacker": the captain's when they
        attack, the enemy's when Pirates attack them."""
        enemy = self._enemy_value(fight, stat)
        return total >= enemy if fight.hero_attacks else total > enemy

    def _auto_broadside(self, task):
        return self._auto_compare(task, "cannon")

    def _auto_boarding(self, task):
        return self._auto_compare(task, "crew")

    def _auto_compare(self, task, stat: str):
        p, fight = task.player, task.data
        if self._beats(fight, self.ship_stat(p, stat), stat):
            self.flow.pop(self)
            self._step_won(fight, stat, self.ship_stat(p, stat))
            return None
        return False

    def _broadside_actions(self, task):
        return self._cards_to_add(task.player)

    _boarding_actions = _broadside_actions

    def _do_broadside(self, task, action) -> None:
        self._do_compare(task, action, "cannon")

    def _do_boarding(self, task, action) -> None:
        self._do_compare(task, action, "crew")

    def _do_compare(self, task, action, stat: str) -> None:
        p, fight = task.player, task.data
        self.flow.pop(self)
        total = self.ship_stat(p, stat) + self._spend_card(p, action.card)
        if self._beats(fight, total, stat):
            self._step_won(fight, stat, total)
            return
        enemy = self._enemy_card(fight).name
        rule = RULE_BROADSIDE if stat == "cannon" else RULE_BOARDING
        self._end_combat(fight, f"{enemy} wins the {'Broadside' if stat == 'cannon' else 'Boarding'}: {total} against "
                                f"{self._enemy_value(fight, stat)}; captain {p + 1}'s ship is sunk ({rule}).")
        self._lose_ship(p)

    def _step_won(self, fight: Battle, stat: str, total: int) -> None:
        p = fight.hero
        if stat == "cannon":
            self.say(f"Captain {p + 1} wins the Broadside: {total} against {self._enemy_value(fight, 'cannon')}.")
            self.flow.push(self, Task("sink_or_board", p, fight))
            return
        self.say(f"Captain {p + 1} wins the Boarding: {total} against {self._enemy_value(fight, 'crew')} "
                 f"({RULE_RESULTS}).")
        if fight.against == "ship":  # the prize task holds the enemy's card now
            self.flow.push(self, Task("prize", p, Prize(fight.enemy, self.card(fight.enemy).cargo)))
        else:
            self._end_combat(fight, f"Captain {p + 1} plunders {self._enemy_card(fight).name}.")
            self.flow.push(self, Task("loot", p, Loot(BIG)))

    def _sink_or_board_actions(self, task):
        if task.data.against in ("captain", "ship"):
            return [Sink(), Board()]
        return [Board()]

    def _do_sink_or_board(self, task, action) -> None:
        p, fight = task.player, task.data
        self.flow.pop(self)
        if fight.against == "captain":
            if isinstance(action, Sink):
                self.say(f"Captain {p + 1} sinks captain {fight.target + 1}'s ship.")
                self._lose_ship(fight.target)
            else:
                self._secret_round(fight, "boarding")
            return
        if isinstance(action, Sink):
            self._end_combat(fight, f"Captain {p + 1} sinks {fight.enemy}: discarded ({RULE_RESULTS}).")
        else:
            self.flow.push(self, Task("boarding", p, fight))

    def _why_engage(self, task, action) -> IllegalMove:
        return IllegalMove(RULE_ENGAGEMENT, "Add one card from your hand (or none), flee or fight.")

    def _why_broadside(self, task, action) -> IllegalMove:
        return IllegalMove(RULE_BROADSIDE, "If the enemy's Cannon is higher you may add one card from your hand.")

    def _why_boarding(self, task, action) -> IllegalMove:
        return IllegalMove(RULE_BOARDING, "If the enemy's Crew is higher you may add one card from your hand.")
