"""Your Hoard, and how the game ends: the goal reached, the last pirate afloat, or time run out.

Rules: Pillage & Plunder › Your Hoard
Rules: Pillage & Plunder › Timed Game
Rules: Pillage & Plunder › Asset Liquidation
"""
from __future__ import annotations

from pirates_lab.core import AUTO, Phase

from ..headings import RULE_ASSET_LIQUIDATION, RULE_SHIP_HULL, RULE_THREE_STAGES, RULE_TIMED_GAME, RULE_YOUR_HOARD
from .the_three_stages_of_your_turn import start_turn

__all__ = ["YourHoard", "END_TURN", "ROWS"]


class YourHoard:
    """Worth and the winners (mixed into the state)."""

    def worth(self, player: int) -> int:
        """The hoard; with Asset Liquidation, plus the face value of every asset.

        Rules: Pillage & Plunder › Asset Liquidation
        """
        p = self.players[player]
        total = p["hoard"]
        if self.game.options["asset_liquidation"]:
            for ship in p["ships"]:
                for level in ship["hulls"]:
                    total += self.data.hulls[level["hull"]].cost
                    total += sum(self.data.addon_cost(a, level["hull"]) for a in level["addons"])
                total += ship["cannons"] * self.data.costs["Cannon"]
                total += sum(self.data.costs[c] for c in ship["crew"])
                total += sum(self.data.price(c) for c in ship["cargo"])
        return total

    def scores(self) -> tuple:
        """The game's own points: each player's worth (the hoard; with Asset Liquidation, all assets)."""
        return tuple(self.worth(i) for i in range(len(self.players)))

    def winners(self) -> tuple[int, ...]:
        """Who won by the rule that ended the game (empty before the end)."""
        return tuple(self.won)


def end_turn(state, task_) -> None:
    """Winning: a hoard at the goal at the end of a turn, the last player afloat, or the most money when a timed game
    runs out; otherwise the next player afloat, skipping each lost turn once.

    Rules: Pillage & Plunder › Your Hoard
    Rules: Pillage & Plunder › Timed Game
    Rules: Pillage & Plunder › Treasure Hunt ("you lose your next turn")
    """
    state.flow.pop(state)
    alive = state.alive()
    goal = state.data.game["hoard_to_win"]
    if not alive:       # house rule 3: the pirates who sank last (both ships of a tie) share the win
        sunk_last = list(task_.data)
        why = ("sank together, the last pirates afloat, and share the win" if len(sunk_last) > 1
               else "sank last, the last pirate afloat")
        return finish(state, sunk_last, why, f"{RULE_SHIP_HULL}; {RULE_YOUR_HOARD}")
    if len(alive) == 1:
        return finish(state, alive, "is the last pirate afloat", RULE_YOUR_HOARD)
    rich = [i for i in alive if state.worth(i) >= goal]
    if rich:
        best = max(state.worth(i) for i in rich)
        rule = RULE_ASSET_LIQUIDATION if state.game.options["asset_liquidation"] else RULE_YOUR_HOARD
        return finish(state, [i for i in rich if state.worth(i) == best], f"reaches {goal} pieces of eight", rule)
    n = len(state.players)
    nxt = state.current
    while True:         # ends: at least two players are afloat and each lost turn is used up once
        nxt = (nxt + 1) % n
        if nxt == state.first:
            state.rounds += 1
            if state.game.max_turns is not None and state.rounds >= state.game.max_turns:
                best = max(state.worth(i) for i in alive)
                return finish(state, [i for i in alive if state.worth(i) == best],
                              "has the most money when time runs out", RULE_TIMED_GAME)
        if state.players[nxt]["eliminated"]:
            continue
        if state.players[nxt]["lose_turn"]:
            state.players[nxt]["lose_turn"] = False
            state.say(f"Player {nxt + 1} loses this turn.")
            continue
        break
    state.current = nxt
    start_turn(state)
    return None


def finish(state, winners: list[int], why: str, rule: str) -> None:
    """The game is over: ``winners`` (when no pirate is afloat, those who sank last: house rule 3) and why.

    Rules: Pillage & Plunder › Ship Hull ("If your last ship hull is destroyed, you are eliminated from the game")
    """
    state.won = sorted(winners)
    state.agenda.clear()
    names = " and ".join(f"player {w + 1}" for w in state.won)
    state.say(f"Game over: {names} {why} ({rule}).")


END_TURN = Phase("end_turn", rule=RULE_THREE_STAGES, actor=AUTO, auto=end_turn,
                 doc="the turn is over: a winner, or the next player's turn")
ROWS = (END_TURN,)
