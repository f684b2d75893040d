"""Stage 1: The pre-draw stage — sell cargo, retrieve buried treasure, or work instead of the turn.

Rules: Pillage & Plunder › Stage 1: The pre-draw stage
Rules: Pillage & Plunder › During the pre-draw stage
Rules: Pillage & Plunder › Sell Cargo
Rules: Pillage & Plunder › Retrieve Buried Treasure
Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates

The variations add pre-draw choices (ending a privateering career, Fleet Play's ship moves); they
live in :mod:`.game_variations`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pirates_lab.core import CHANCE, Dist, IllegalMove, Phase, saveable
from pirates_lab.core.errors import shown

from .. import odds as O
from ..actions import Act, Retrieve, SellCargo
from ..headings import RULE_PRE_DRAW_STAGE, RULE_RETRIEVE_BURIED_TREASURE, RULE_SELL_CARGO, RULE_WORKING
from . import game_variations
from .the_three_stages_of_your_turn import Turn, task, why_refused

__all__ = ["Sale", "why_not_predraw", "PREDRAW", "SELL_ROLL", "SELL_DECIDE", "ROWS"]


@saveable
@dataclass(frozen=True)
class Sale:
    """A Cargo card declared for sale, and (once rolled) the price the dice set."""

    ship: int
    card: str
    price: int | None = None


def predraw_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › During the pre-draw stage"""
    me, turn = task_.player, task_.data
    p = state.players[me]
    acts = [Act.DRAW]
    if not turn.acted:
        acts.append(Act.WORK)
    for i, ship in enumerate(p["ships"]):
        acts += [SellCargo(i, card) for card in sorted(set(ship["cargo"])) if may_try_to_sell(state, me, turn, card)]
    acts += [Retrieve(amount) for amount in sorted(set(p["maps"]))]
    acts += game_variations.predraw_actions(state, me)
    return acts


def may_try_to_sell(state, me: int, turn: Turn, card: str) -> bool:
    """One try per Cargo card per turn: a card kept after its price roll is not rolled for again.

    Rules: Pillage & Plunder › Sell Cargo ("you may repeat this process for each of the cards in your cargo hold")
    """
    aboard = sum(ship["cargo"].count(card) for ship in state.players[me]["ships"])
    return aboard > turn.kept.count(card)


def why_not_predraw(state, task_, move) -> IllegalMove | None:
    """Why a pre-draw choice is refused now (None if it is not one)."""
    rule = {SellCargo: RULE_SELL_CARGO, Retrieve: RULE_RETRIEVE_BURIED_TREASURE}.get(type(move))
    if move is Act.WORK:
        rule = RULE_WORKING
    if rule is None:
        return None
    if task_.phase != PREDRAW.name:
        words = {RULE_SELL_CARGO: "sell cargo", RULE_RETRIEVE_BURIED_TREASURE: "retrieve buried treasure",
                 RULE_WORKING: "work"}[rule]
        return IllegalMove(rule, f"You can only {words} during the pre-draw stage, before drawing.")
    if rule == RULE_WORKING and task_.data.acted:
        return IllegalMove(RULE_WORKING, "Working replaces the whole pre-draw and draw-and-play stages.")
    p = state.players[task_.player]
    if isinstance(move, SellCargo) and not (0 <= move.ship < len(p["ships"]) and move.card in p["ships"][move.ship]["cargo"]):
        return IllegalMove(RULE_SELL_CARGO, f"There is no {shown(move.card)} in that ship's cargo hold.")
    if isinstance(move, SellCargo) and not may_try_to_sell(state, task_.player, task_.data, move.card):
        return IllegalMove(RULE_SELL_CARGO, f"You have already rolled for every {move.card} this turn: "
                                            "each Cargo card gets one try per turn.")
    if isinstance(move, Retrieve) and move.amount not in p["maps"]:
        return IllegalMove(RULE_RETRIEVE_BURIED_TREASURE,
                           f"You have no buried treasure of {shown(move.amount)}: a treasure is retrieved whole.")
    return IllegalMove(RULE_PRE_DRAW_STAGE, f"{shown(move, 80)} is not allowed now.")


def predraw(state, task_, move) -> None:
    """Sell cargo, retrieve treasure, variation moves, or work instead of the turn.

    Rules: Pillage & Plunder › Stage 1: The pre-draw stage
    Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates
    Rules: Pillage & Plunder › Retrieve Buried Treasure
    """
    from . import stage_2_the_draw_and_play_stage as stage_2
    from . import stage_3_the_repair_stage as stage_3

    me, turn = task_.player, task_.data
    p = state.players[me]
    if isinstance(move, SellCargo):
        state.flow.replace(state, task(PREDRAW, me, replace(turn, acted=True)))
        state.flow.push(state, task(SELL_ROLL, me, Sale(move.ship, move.card)))
    elif isinstance(move, Retrieve):
        p["maps"].remove(move.amount)
        p["hoard"] += move.amount
        state._to_discard("Bury Treasure", under=True)
        state.flow.replace(state, task(PREDRAW, me, replace(turn, acted=True)))
        state.say(f"Player {me + 1} retrieves a buried treasure of {move.amount}.")
    elif move is Act.WORK:
        p["hoard"] += state.data.game["work_pay"]
        state.say(f"Player {me + 1} works on the docks for {state.data.game['work_pay']} pieces of eight.")
        stage_3.start_repair(state)
    elif move is Act.DRAW:
        state.flow.replace(state, task(stage_2.DRAW, me, turn))
    else:
        game_variations.predraw_move(state, me, move)
        state.flow.replace(state, task(PREDRAW, me, replace(turn, acted=True, kept=game_variations.still_kept(
            state, me, turn.kept))))


def sell_odds(state, task_) -> Dist:
    """Rules: Pillage & Plunder › Sell Cargo"""
    return O.cargo_price(task_.data.card, selling=True, data=state.data)


def sell_priced(state, task_, price: int) -> None:
    state.flow.replace(state, task(SELL_DECIDE, task_.player, replace(task_.data, price=price)))
    state.say(f"The dice price the {task_.data.card} at {price}.")


def sell_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Sell Cargo ("You must then decide whether or not to sell")"""
    return [Act.SELL_IT, Act.KEEP_IT]


def sell_decide(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Sell Cargo"""
    me, sale = task_.player, task_.data
    p = state.players[me]
    state.flow.pop(state)
    turn = state.task.data
    if move is Act.SELL_IT:
        p["ships"][sale.ship]["cargo"].remove(sale.card)
        p["hoard"] += sale.price
        state._to_discard(sale.card, under=True)
        state.say(f"Player {me + 1} sells {sale.card} for {sale.price}.")
    else:
        turn = replace(turn, kept=turn.kept + (sale.card,))
        state.say(f"Player {me + 1} keeps the {sale.card}.")
    state.flow.replace(state, task(PREDRAW, me, turn))


PREDRAW = Phase("predraw", rule=RULE_PRE_DRAW_STAGE, actions=predraw_actions, apply=predraw, why=why_refused,
                data=Turn, doc="sell cargo, retrieve treasure, fleet moves, end privateering, work; or go on to draw")
SELL_ROLL = Phase("sell_roll", rule=RULE_SELL_CARGO, actor=CHANCE, odds=sell_odds, apply=sell_priced, data=Sale,
                  doc="the price roll")
SELL_DECIDE = Phase("sell_decide", rule=RULE_SELL_CARGO, actions=sell_actions, apply=sell_decide, why=why_refused,
                    data=Sale, doc="sell at that price or keep it")
ROWS = (PREDRAW, SELL_ROLL, SELL_DECIDE)
