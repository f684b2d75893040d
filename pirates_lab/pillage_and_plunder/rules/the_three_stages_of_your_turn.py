"""The Three Stages of Your Turn: the turn's bookkeeping (:class:`Turn`), its start, and what follows a play.

Rules: Pillage & Plunder › The Three Stages of Your Turn

The turn is a stack of tasks on the state's agenda (top last): at the bottom the turn's end
(``end_turn``, :mod:`.your_hoard`), above it the stage in progress — the pre-draw stage, drawing,
playing, the final discard, then the repair stage — each carrying the turn's :class:`Turn` record.
Whatever a card starts (a price roll, an Event's victim choosing crewmen, a sea battle, a merchant's
voyage round the table) is pushed on top of the turn and taken off when it is done; ``play_next``
then decides, from the rulebook's "play any two", whether the player plays again, discards or
goes on to the repair stage.  Every row of the phase table is written next to its rule, in the
module named after its heading; :data:`pirates_lab.pillage_and_plunder.rules.FLOW` gathers them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pirates_lab.core import AUTO, IllegalMove, Phase, Task, saveable

from ..headings import RULE_DRAW_AND_PLAY_STAGE

__all__ = ["Turn", "task", "turn_task", "start_turn", "played", "PLAY_NEXT", "ROWS", "why_refused", "explainers"]


@saveable
@dataclass(frozen=True)
class Turn:
    """What the rules remember during one player's turn.

    ``plays``: cards played so far ("you must now play any two of them"); ``targeted``: opponents a
    card was played on ("You may only play one card on each opponent during any one turn");
    ``took_discard``: a card came from the discard pile ("One of these cards may come from the top of
    the discard pile"); ``acted``: something was sold, retrieved or moved before drawing (no working
    then); ``kept``: Cargo cards priced and kept this turn (one try each).
    """

    plays: int = 0
    targeted: tuple = ()
    took_discard: bool = False
    acted: bool = False
    kept: tuple = ()


def task(row: Phase, player: int | None = None, data=()) -> Task:
    """A task of the phase table's ``row`` (rows are named once, in the table)."""
    return Task(row.name, player, data)


def turn_task(state, row: Phase, turn: Turn) -> Task:
    """The turn's stage ``row`` for the player on turn."""
    return Task(row.name, state.current, turn)


def start_turn(state) -> None:
    """The player on turn begins with the pre-draw stage; the turn's end waits beneath.

    Rules: Pillage & Plunder › The Three Stages of Your Turn
    """
    from . import stage_1_the_pre_draw_stage as stage_1
    from . import your_hoard

    me = state.current
    state.flow.push(state, task(stage_1.PREDRAW, me, Turn()), task(your_hoard.END_TURN, me))
    state.say(f"Player {me + 1}'s turn (hoard {state.players[me]['hoard']}).")


def played(state, turn: Turn, card: str | None = None, target: int | None = None) -> Turn:
    """The play step on top becomes ``play_next`` (with one more card played, and ``target`` marked):
    whatever the card starts is pushed above it, and ``play_next`` runs once that is done."""
    turn = replace(turn, plays=turn.plays + 1,
                   targeted=turn.targeted + ((target,) if target is not None else ()))
    state.flow.replace(state, turn_task(state, PLAY_NEXT, turn))
    return turn


def play_next(state, task_) -> None:
    """After each play: play on, make the final discard, or go to the repair stage.

    Rules: Pillage & Plunder › Stage 2: The draw and play stage ("play any two of them", "you play a final
    card face up on the discard pile")
    """
    from . import stage_2_the_draw_and_play_stage as stage_2
    from . import stage_3_the_repair_stage as stage_3

    me, turn = task_.player, task_.data
    p = state.players[me]
    if p["eliminated"]:
        return stage_3.start_repair(state)
    if turn.plays >= state.data.game["plays_per_turn"] or not p["hand"]:
        if p["hand"]:
            state.flow.replace(state, task(stage_2.DISCARD, me, turn))
        else:
            stage_3.start_repair(state)
    else:
        state.flow.replace(state, task(stage_2.PLAY, me, turn))
    return None


# ------------------------------------------------------------------ refusals, for every row
def explainers() -> tuple[tuple, tuple]:
    """The functions that explain a refused move, each for the moves of its own rule (None otherwise): those
    that read only the move's type, and those that read its fields too (asked only for a well-formed move)."""
    from . import buying_and_treasure, stage_1_the_pre_draw_stage, stage_2_the_draw_and_play_stage
    from .battles_at_sea import player_attacking_player, stage_5_plundering_the_enemy_ship

    by_type = (stage_5_plundering_the_enemy_ship.why_not_take_cargo, player_attacking_player.why_not_terms)
    by_fields = (stage_2_the_draw_and_play_stage.why_not_play, stage_2_the_draw_and_play_stage.why_not_take_discard,
                 stage_1_the_pre_draw_stage.why_not_predraw, buying_and_treasure.why_not_cargo)
    return by_type, by_fields


def why_refused(state, task_, move) -> IllegalMove | None:
    """Why ``move`` is refused now, naming the rule it breaks (None: the table's generic refusal).

    A move whose fields are not of their declared types is not a move of the game at all.
    """
    from pirates_lab.core.errors import shown

    from ..actions import well_formed

    by_type, by_fields = explainers()
    for explain in by_type:
        found = explain(state, task_, move)
        if found is not None:
            return found
    if not well_formed(move):
        return IllegalMove(state.flow.phases[task_.phase].rule,
                           f"{shown(repr(move), 80)} is not a Pillage & Plunder move (or has a value of the wrong kind).")
    for explain in by_fields:
        found = explain(state, task_, move)
        if found is not None:
            return found
    return None


PLAY_NEXT = Phase("play_next", rule=RULE_DRAW_AND_PLAY_STAGE, actor=AUTO, auto=play_next,
                  doc="after a play: play again, make the final discard, or go to the repair stage")

#: this module's rows of the phase table
ROWS = (PLAY_NEXT,)
