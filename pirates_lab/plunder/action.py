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
from . import attacking_another_captain as captain_fight
from . import captured_ships
from . import combat
from . import trade
from . import war

__all__ = ["action_actions", "card_plays", "do_action", "why_action"]


def action_actions(state, task):
    p = task.player
    cap = state.cap(p)
    place = state.place_card(p)
    free = ([DismissMate()] if cap["mate"] else []) + ([AbandonCaptured()] if cap["captured"] else [])
    if place.kind == "port" and place.nation in war.enemies(state, p):
        cards = sorted({n for n in state.hand(p) if state.card(n).kind in ("rum", "sneak")})
        return [AttackPort()] + [Play(n) for n in cards] + free
    if trade.may_sell_plunder(state, p, place) and (cap["loot"] or cap["captured"]):
        return [StartTrade()] + free  # plunder MUST be sold; a First Mate or a Captured Ship goes "whenever"
    found = [PassAction()]
    found += card_plays(state, p, place)
    found += war.marque_actions(state, p, place)
    if place.kind in ("port", "tortuga"):
        found.append(StartTrade())
    if place.kind == "port" and war.may_make_enemy(state, p, place.nation):
        found.append(AttackPort())
    if place.kind not in ("tortuga", "port"):  # "in the same space as another Captain (but not in a Port)"
        found += [AttackCaptain(q) for q in range(state.game.players)
                  if q != p and state.cap(q)["at"] == cap["at"]]
    return found + free


def card_plays(state, p: int, place) -> list:
    found = []
    for name in sorted(set(state.hand(p))):
        card = state.card(name)
        if card.act is None or card.act != place.kind:
            continue
        if card.kind == "war":
            warring = {frozenset((state.card(w).nation, other)) for w, other in state.wars}
            found += [Play(name, n) for n in state.comp.nations  # the Herald places a flag of n on the card
                      if n != card.nation and frozenset((card.nation, n)) not in warring and war.flags_left(state, n) > 0]
        elif card.kind == "treaty":
            found += [Play(name, w) for w, _ in state.wars]
        else:
            found.append(Play(name))
    return found


def do_action(state, task, action) -> None:
    p = task.player
    cap = state.cap(p)
    if isinstance(action, DismissMate):
        state.say(f"Captain {p + 1} lets {cap['mate']} go.")
        state._drop_mate(p)
        return
    if isinstance(action, AbandonCaptured):
        captured_ships.abandon_captured(state, p)
        return
    state.flow.pop(state)
    if isinstance(action, PassAction):
        state.say(f"Captain {p + 1} takes no action.")
    elif isinstance(action, Play):
        war.play_card(state, p, action)
    elif isinstance(action, Marque):
        war.seek_marque(state, p, action.card)
    elif isinstance(action, StartTrade):
        trade.open_trade(state, p, state.sea[cap["at"]], card_played=False)
    elif isinstance(action, AttackPort):
        combat.attack_port(state, p)
    elif isinstance(action, AttackCaptain):
        captain_fight.attack_captain(state, p, action.target)
    state._check_win()  # a sale in the Action (plunder, Bottle of Rum, Sneak into Port) may reach 60


def why_action(state, task, action) -> IllegalMove:
    p = task.player
    place = state.place_card(p)
    if isinstance(action, (PassAction, StartTrade, Play)) and place.kind == "port" and \
            place.nation in war.enemies(state, p):
        return IllegalMove(RULE_ACTION, f"{place.name} is an enemy Port: you MUST attack it, unless you play "
                                        "Bottle of Rum or Sneak into Port.")
    if isinstance(action, (PassAction, Play, Marque, AttackPort, AttackCaptain)) and \
            trade.may_sell_plunder(state, p, place) and (state.cap(p)["loot"] or state.cap(p)["captured"]):
        return IllegalMove(RULE_SELLING, "You MUST sell the Captured Ship and its loot where you are allowed to.")
    if isinstance(action, Play):
        if action.card not in state.hand(p):
            return IllegalMove(RULE_ACTION, f"{shown(action.card)} is not in your hand.")
        card = state.card(action.card)
        if card.act is None:
            return IllegalMove(RULE_ACTION, f"{card.name} shows no \"Act\" entry: it is played as an Encounter.")
        if card.act != place.kind:
            return IllegalMove(RULE_ACTION, f"{card.name} acts in a {card.act.replace('_', ' ')}; you are in "
                                            f"{place.name}.")
        if card.kind == "war" and action.choice in state.comp.nations and war.flags_left(state, action.choice) <= 0:
            return IllegalMove(RULE_WAR, f"The Herald has no {action.choice} flag left to place on the card.")
        return IllegalMove(RULE_WAR, f"{shown(action)} is not a war or treaty that can be played now.")
    if isinstance(action, Marque):
        return war.why_marque(state, p, place, action)
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
