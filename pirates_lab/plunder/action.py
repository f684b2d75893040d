"""The Action: ONE of play a card, seek a Letter of Marque, trade, attack a Port, attack a Captain.

Rules: Plunder › Action

An enemy Port MUST be attacked (unless Bottle of Rum or Sneak into Port is played); plunder MUST be sold
where it may be (Selling).  Letting a First Mate go and abandoning a Captured Ship ("whenever you want")
are free choices here that do not use the action (ASSUMPTION).
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove
from pirates_lab.core.errors import shown

from .actions import (AbandonCaptured, AttackCaptain, AttackPort, DismissMate, Marque, PassAction, Play,
                      StartTrade)
from .headings import RULE_ACTION, RULE_CAPTAIN, RULE_ENEMIES, RULE_SELLING, RULE_TRADE, RULE_WAR

__all__ = ["ActionStep"]


class ActionStep:
    """The Action step for :class:`~pirates_lab.plunder.state.State`."""

    def _action_actions(self, task):
        p = task.player
        cap = self.cap(p)
        place = self.place_card(p)
        free = ([DismissMate()] if cap["mate"] else []) + ([AbandonCaptured()] if cap["captured"] else [])
        if place.kind == "port" and place.nation in self.enemies(p):
            cards = sorted({n for n in self.hand(p) if self.card(n).kind in ("rum", "sneak")})
            return [AttackPort()] + [Play(n) for n in cards] + free
        if self._may_sell_plunder(p, place) and (cap["loot"] or cap["captured"]):
            return [StartTrade()] + free  # plunder MUST be sold; a First Mate or a Captured Ship goes "whenever"
        found = [PassAction()]
        found += self._card_plays(p, place)
        found += self._marque_actions(p, place)
        if place.kind in ("port", "tortuga"):
            found.append(StartTrade())
        if place.kind == "port" and self._may_make_enemy(p, place.nation):
            found.append(AttackPort())
        if place.kind not in ("tortuga", "port"):  # "in the same space as another Captain (but not in a Port)"
            found += [AttackCaptain(q) for q in range(self.game.players)
                      if q != p and self.cap(q)["at"] == cap["at"]]
        return found + free

    def _card_plays(self, p: int, place) -> list:
        found = []
        for name in sorted(set(self.hand(p))):
            card = self.card(name)
            if card.act is None or card.act != place.kind:
                continue
            if card.kind == "war":
                warring = {frozenset((self.card(w).nation, other)) for w, other in self.wars}
                found += [Play(name, n) for n in self.comp.nations  # the Herald places a flag of n on the card
                          if n != card.nation and frozenset((card.nation, n)) not in warring and self.flags_left(n) > 0]
            elif card.kind == "treaty":
                found += [Play(name, w) for w, _ in self.wars]
            else:
                found.append(Play(name))
        return found

    def _do_action(self, task, action) -> None:
        p = task.player
        cap = self.cap(p)
        if isinstance(action, DismissMate):
            self.say(f"Captain {p + 1} lets {cap['mate']} go.")
            self._drop_mate(p)
            return
        if isinstance(action, AbandonCaptured):
            self._abandon_captured(p)
            return
        self.flow.pop(self)
        if isinstance(action, PassAction):
            self.say(f"Captain {p + 1} takes no action.")
        elif isinstance(action, Play):
            self._play_card(p, action)
        elif isinstance(action, Marque):
            self._seek_marque(p, action.card)
        elif isinstance(action, StartTrade):
            self._open_trade(p, self.sea[cap["at"]], card_played=False)
        elif isinstance(action, AttackPort):
            self._attack_port(p)
        elif isinstance(action, AttackCaptain):
            self._attack_captain(p, action.target)
        self._check_win()  # a sale in the Action (plunder, Bottle of Rum, Sneak into Port) may reach 60

    def _why_action(self, task, action) -> IllegalMove:
        p = task.player
        place = self.place_card(p)
        if isinstance(action, (PassAction, StartTrade, Play)) and place.kind == "port" and \
                place.nation in self.enemies(p):
            return IllegalMove(RULE_ACTION, f"{place.name} is an enemy Port: you MUST attack it, unless you play "
                                            "Bottle of Rum or Sneak into Port.")
        if isinstance(action, (PassAction, Play, Marque, AttackPort, AttackCaptain)) and \
                self._may_sell_plunder(p, place) and (self.cap(p)["loot"] or self.cap(p)["captured"]):
            return IllegalMove(RULE_SELLING, "You MUST sell the Captured Ship and its loot where you are allowed to.")
        if isinstance(action, Play):
            if action.card not in self.hand(p):
                return IllegalMove(RULE_ACTION, f"{shown(action.card)} is not in your hand.")
            card = self.card(action.card)
            if card.act is None:
                return IllegalMove(RULE_ACTION, f"{card.name} shows no \"Act\" entry: it is played as an Encounter.")
            if card.act != place.kind:
                return IllegalMove(RULE_ACTION, f"{card.name} acts in a {card.act.replace('_', ' ')}; you are in "
                                                f"{place.name}.")
            if card.kind == "war" and action.choice in self.comp.nations and self.flags_left(action.choice) <= 0:
                return IllegalMove(RULE_WAR, f"The Herald has no {action.choice} flag left to place on the card.")
            return IllegalMove(RULE_WAR, f"{shown(action)} is not a war or treaty that can be played now.")
        if isinstance(action, Marque):
            return self._why_marque(p, place, action)
        if isinstance(action, StartTrade):
            return IllegalMove(RULE_TRADE, "You may trade only while you are in a Port (or sell plunder in Tortuga).")
        if isinstance(action, AttackPort):
            if place.kind == "port":
                return IllegalMove(RULE_ENEMIES, f"The Herald has no {place.nation} flag left: {place.nation} cannot "
                                                 "become your enemy, so you cannot attack its Port.")
            return IllegalMove(RULE_ACTION, "You may attack a Port only if you are in it.")
        if isinstance(action, AttackCaptain):
            return IllegalMove(RULE_CAPTAIN, "You may attack a Captain only in the same space, not in a Port "
                                             "(and, our assumption, not in Tortuga).")
        return IllegalMove(RULE_ACTION, f"{shown(action)} is not one of the actions: play a card, a Letter of Marque, "
                                        "trade, attack a Port or a Captain.")
