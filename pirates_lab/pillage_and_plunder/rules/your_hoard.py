"""Your Hoard, and how the game ends: the goal reached, the last pirate afloat, or time run out.

Rules: Pillage & Plunder › Your Hoard
Rules: Pillage & Plunder › Timed Game
Rules: Pillage & Plunder › Asset Liquidation
"""
from __future__ import annotations

from ..headings import RULE_ASSET_LIQUIDATION, RULE_TIMED_GAME, RULE_YOUR_HOARD

__all__ = ["YourHoard"]


class YourHoard:
    """Worth, the end of a turn and the winners (mixed into the state)."""

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

    def _end_turn(self) -> None:
        """Winning: a hoard at the goal at the end of a turn, the last player afloat, or the most
        money when a timed game runs out.

        Rules: Pillage & Plunder › Your Hoard
        Rules: Pillage & Plunder › Timed Game
        """
        alive = self.alive()
        goal = self.data.game["hoard_to_win"]
        if len(alive) <= 1:
            return self._finish(alive, "is the last pirate afloat", RULE_YOUR_HOARD)
        rich = [i for i in alive if self.worth(i) >= goal]
        if rich:
            best = max(self.worth(i) for i in rich)
            rule = RULE_ASSET_LIQUIDATION if self.game.options["asset_liquidation"] else RULE_YOUR_HOARD
            return self._finish([i for i in rich if self.worth(i) == best], f"reaches {goal} pieces of eight", rule)
        n = len(self.players)
        nxt = self.current
        while True:         # ends: at least two players are afloat and each lost turn is used up once
            nxt = (nxt + 1) % n
            if nxt == self.first:
                self.rounds += 1
                if self.game.max_turns is not None and self.rounds >= self.game.max_turns:
                    best = max(self.worth(i) for i in alive)
                    return self._finish([i for i in alive if self.worth(i) == best],
                                        "has the most money when time runs out", RULE_TIMED_GAME)
            if self.players[nxt]["eliminated"]:
                continue
            if self.players[nxt]["lose_turn"]:
                self.players[nxt]["lose_turn"] = False
                self.say(f"Player {nxt + 1} loses this turn.")
                continue
            break
        self.current = nxt
        self._start_turn()
        return None

    def _finish(self, winners: list[int], why: str, rule: str) -> None:
        self.won = sorted(winners)
        self.agenda.clear()
        self.pending = {"table": []}
        names = " and ".join(f"player {w + 1}" for w in self.won)
        self.say(f"Game over: {names} {why} ({rule}).")
