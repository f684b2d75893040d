"""The phase table of a Plunder game: every step of setup, the turn, trade and combat, and the rulebook heading
that governs it.

Rules: Plunder › Turn

Each row names the plain functions ``f(state, task, …)`` of the chapter modules that list the choices
(``actions``), give chance's odds (``odds``), carry out a move (``apply``), run an automatic step (``auto``),
accept moves too many to list (``legal``) and explain a refusal (``why``).  A task's ``player`` is the captain who
decides; where someone else answers (a contest, a mutiny, cards face down) the row's ``actor`` names them.

>>> FLOW.phases["trade"].apply is trade.do_trade, FLOW.phases["trade"].rule
(True, 'Trade')
"""
from __future__ import annotations

from pirates_lab.core import AUTO, CHANCE, Phase, TurnFlow

from . import action as action_step
from . import attacking_another_captain as captain_fight
from . import captured_ships, combat, setup, trade, war
from . import sail_and_explore as sailing
from . import turn as turns
from .headings import (RULE_ACTION, RULE_BOARDING, RULE_BROADSIDE, RULE_CAPTAIN, RULE_CAPTURED, RULE_ENCOUNTER,
                       RULE_ENGAGEMENT, RULE_PAY, RULE_PLAY_ENCOUNTER, RULE_RESULTS, RULE_SAIL, RULE_SETUP,
                       RULE_TRADE, RULE_TURN, RULE_WAR)
from .tasks import Battle, Claim, Letters, Loot, Market, Move, Mutiny, Prize, Tie, Voyage

__all__ = ["FLOW", "mutiny_seat", "contest_seat", "secret_seat"]


def mutiny_seat(state, task) -> int:
    """the next other captain, who may shout "Mutiny!\""""
    return task.data.asked[0]


def contest_seat(state, task) -> int:
    """the next captain who may contest the Letter"""
    return task.data.asked[0]


def secret_seat(state, task) -> int:
    """the next captain of the fight to place a card face down (the attacker first)"""
    return task.data.to_place()


FLOW = TurnFlow(
    Phase("first_draw", RULE_SETUP, actor=CHANCE, odds=setup.deal_odds, apply=setup.drawn_first_draw,
          auto=setup.before_deal, doc="each captain draws a card face up"),
    Phase("first_check", RULE_SETUP, actor=AUTO, auto=setup.auto_first_check, data=Tie,
          doc="highest card: First Captain"),
    Phase("deal", RULE_SETUP, actor=CHANCE, odds=setup.deal_odds, apply=setup.drawn_deal, auto=setup.before_deal,
          doc="deal to 6 (no Storm)"),
    Phase("start", RULE_TURN, actor=AUTO, auto=turns.auto_start),
    Phase("lost_draw", RULE_ENCOUNTER, actor=CHANCE, odds=setup.deck_odds, apply=turns.drawn_lost_draw,
          auto=setup.before_draw, doc="after a lost ship: draw to 6"),
    Phase("encounter", RULE_ENCOUNTER, actor=AUTO, auto=turns.auto_encounter),
    Phase("meet", RULE_ENCOUNTER, actions=combat.meet_actions, apply=combat.do_meet, why=combat.why_meet,
          data=Battle, doc="a merchant ship: attack it or let it go"),
    Phase("natives", RULE_ENCOUNTER, actions=combat.natives_actions, apply=combat.do_natives, data=Battle,
          doc="trade with the Natives, attack, or leave"),
    Phase("pay", RULE_PAY, actions=turns.pay_actions, apply=turns.do_pay, auto=turns.auto_pay),
    Phase("sail", RULE_SAIL, actions=sailing.sail_actions, apply=sailing.do_sail, why=sailing.why_sail, data=Voyage),
    Phase("mutiny", RULE_PAY, actor=mutiny_seat, actions=turns.mutiny_actions, apply=turns.do_mutiny, data=Mutiny,
          doc='another captain may shout "Mutiny!"'),
    Phase("move_draw", RULE_SAIL, actor=CHANCE, odds=setup.deck_odds, apply=sailing.drawn_move_draw,
          auto=sailing.before_move_draw, data=Move, doc="draw 1 after moving"),
    Phase("action", RULE_ACTION, actions=action_step.action_actions, apply=action_step.do_action,
          why=action_step.why_action),
    Phase("contest", RULE_ACTION, actor=contest_seat, actions=war.contest_actions, apply=war.do_contest, data=Claim,
          doc="a card face down, or none"),
    Phase("reveal_contest", RULE_ACTION, actor=AUTO, auto=war.auto_reveal_contest, data=Claim),
    Phase("letter", RULE_WAR, actions=war.letter_actions, apply=war.do_letter, why=war.why_letter, data=Letters,
          doc="two Letters of Marque: keep one"),
    Phase("trade", RULE_TRADE, actions=trade.trade_actions, apply=trade.do_trade, legal=trade.legal_trade,
          why=trade.why_trade, data=Market),
    Phase("engage", RULE_ENGAGEMENT, actions=combat.engage_actions, apply=combat.do_engage, auto=combat.auto_engage,
          why=combat.why_engage, data=Battle),
    Phase("broadside", RULE_BROADSIDE, actions=combat.broadside_actions, apply=combat.do_broadside,
          auto=combat.auto_broadside, why=combat.why_broadside, data=Battle),
    Phase("sink_or_board", RULE_BROADSIDE, actions=combat.sink_or_board_actions, apply=combat.do_sink_or_board,
          data=Battle),
    Phase("boarding", RULE_BOARDING, actions=combat.boarding_actions, apply=combat.do_boarding,
          auto=combat.auto_boarding, why=combat.why_boarding, data=Battle),
    Phase("flee_choice", RULE_CAPTAIN, actions=captain_fight.flee_choice_actions, apply=captain_fight.do_flee_choice,
          data=Battle),
    Phase("abandoned", RULE_CAPTAIN, actions=captain_fight.abandoned_actions, apply=captain_fight.do_abandoned,
          data=Battle),
    Phase("secret", RULE_CAPTAIN, actor=secret_seat, actions=captain_fight.secret_actions,
          apply=captain_fight.do_secret, why=captain_fight.why_secret, data=Battle, doc="a card face down, or none"),
    Phase("reveal", RULE_CAPTAIN, actor=AUTO, auto=captain_fight.auto_reveal, data=Battle),
    Phase("prize", RULE_CAPTURED, actions=captured_ships.prize_actions, apply=captured_ships.do_prize, data=Prize),
    Phase("loot", RULE_RESULTS, actor=CHANCE, odds=setup.deck_odds, apply=captured_ships.drawn_loot,
          auto=setup.before_draw, data=Loot, doc="turn over the top card"),
    Phase("give", RULE_PLAY_ENCOUNTER, actions=turns.give_actions, apply=turns.do_give, auto=turns.auto_give,
          why=turns.why_give),
    Phase("end", RULE_TURN, actor=AUTO, auto=turns.auto_end),
)


