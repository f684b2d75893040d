"""The Pillage & Plunder state: plain data, the rules mixed in from :mod:`.rules` (one per chapter).

Every card stays somewhere: deck, discard pile, a hand, a ship, a treasure map, a prize,
or on the table during a play (``pending["table"]``); :meth:`PPState.validate` checks that
all 298 are accounted for.

What a player may see (:meth:`PPState.observation`): their own hand; the others' hands as counts;
the draw piles as a count; everything on the table (ships, hoards, treasure maps — buried coins
lie face up on their Bury Treasure card —, prizes, the discard pile, the battle) and the log.

Rules: Pillage & Plunder › Game Setup
Rules: Pillage & Plunder › Treasure Maps
"""
from __future__ import annotations

import json
import random
from typing import Any

from pirates_lab.core import IllegalMove, Task
from pirates_lab.core import State as CoreState

from . import components as C
from .actions import Act, Play, TakeCargo
from .headings import RULE_DRAW_AND_PLAY_STAGE, RULE_PLUNDERING
from .rules import (FLOW, BuyingAndTreasure, DrawAndPlayStage, GameSetup, GameVariations, PlayEventCard,
                    Plundering, PreDrawStage, RepairStage, SeaBattle, SpecificBattles, TurnStages, YourHoard, YourShip)
from .rules.your_ship import new_ship

__all__ = ["PPState"]


class PPState(TurnStages, GameSetup, YourShip, PreDrawStage, DrawAndPlayStage, BuyingAndTreasure, PlayEventCard,
              SeaBattle, SpecificBattles, Plundering, RepairStage, YourHoard, GameVariations, CoreState):
    """A position in Pillage & Plunder (plain data only, so it saves and loads)."""

    def __init__(self, game):
        super().__init__(game)
        data = game.data
        self.deck: dict = dict(data.deck_after_setup(game.players).counts())
        self.discard: list = []
        self.players: list = []
        for _ in range(game.players):
            ship = new_ship("Sloop")
            ship["cannons"] = data.starting_kit["Cannon"]
            ship["crew"] = ["Cutlass Crewman"] * data.starting_kit["Cutlass Crewman"]
            self.players.append({"ships": [ship], "hoard": data.game["starting_money"], "hand": [], "maps": [],
                                 "prizes": [], "lose_turn": False, "eliminated": False, "privateer": None})
        self.current = 0
        self.first = 0
        self.rounds = 0
        self.pending: dict = {"deal": self._deal_order(), "table": []}
        self.won: list = []
        self.agenda: list = [Task("deal", None)]
        self.say(f"Setup: each of {game.players} players has a Sloop, 1 Cannon, 2 Cutlass Crewmen and "
                 f"{data.game['starting_money']} pieces of eight; five cards each are dealt.")

    @property
    def data(self) -> C.Components:
        return self.game.data

    # ------------------------------------------------------------------ refusals
    def _is_legal(self, action: Any) -> bool:
        """The listed actions, and the parameterised ones: bury any amount, any terms of surrender."""
        return (self._bury_allowed(action) or self._terms_allowed(action) or self._cargo_allowed(action)
                or super()._is_legal(action))

    def _why_illegal(self, action: Any) -> IllegalMove | None:
        if self.phase == "over":
            return None
        if isinstance(action, Play):
            return self._why_not_play(action)
        if self.phase == "draw" and action == Act("take discard") and self.pending.get("took_discard"):
            return IllegalMove(RULE_DRAW_AND_PLAY_STAGE, "Only one of your cards may come from the discard pile.")
        if isinstance(action, TakeCargo):
            return IllegalMove(RULE_PLUNDERING, "The winner takes only the loser's cargo, and only what fits his hold.")
        return self._why_not_predraw(action) or self._why_not_cargo(action) or self._why_not_terms(action)

    # ------------------------------------------------------------------ what a player sees
    def observation(self, player: int) -> dict:
        """What ``player`` may see, JSON-plain: own hand, others' hand sizes, the deck's size, the table."""
        self._check_player(player)
        seats = []
        for i, p in enumerate(self.players):
            seat = {key: p[key] for key in ("ships", "hoard", "maps", "prizes", "lose_turn", "eliminated", "privateer")}
            seat["hand_size"] = len(p["hand"])
            seat["hand"] = sorted(p["hand"]) if i == player else None
            seats.append(seat)
        return _plain({"player": player, "to_act": self.current_player(), "phase": self.phase,
                       "current": self.current, "first": self.first, "rounds": self.rounds,
                       "deck": sum(self.deck.values()), "discard": self.discard, "players": seats,
                       "pending": self.pending, "winners": self.won, "log": list(self.log)})

    def redeal_hidden(self, player: int, rng: random.Random) -> "PPState":
        """Shuffle what ``player`` cannot see — the other hands and the draw piles — and deal it again."""
        self._check_player(player)
        new = self.clone()
        pool = [card for card, n in sorted(new.deck.items()) for _ in range(n)]
        others = [i for i in range(len(new.players)) if i != player]
        for i in others:
            pool += new.players[i]["hand"]
        rng.shuffle(pool)
        for i in others:
            size = len(new.players[i]["hand"])
            new.players[i]["hand"], pool = pool[:size], pool[size:]
        new.deck = {}
        for card in pool:
            new.deck[card] = new.deck.get(card, 0) + 1
        return new

    # ------------------------------------------------------------------ checking
    def count_cards(self) -> int:
        total = sum(self.deck.values()) + len(self.discard) + len(self.pending.get("table", []))
        for p in self.players:
            total += len(p["hand"]) + len(p["maps"]) + len(p["prizes"]) + (1 if p["privateer"] else 0)
            for s in p["ships"]:
                total += s["cannons"] + len(s["crew"]) + len(s["cargo"])
                total += sum(1 + len(level["addons"]) for level in s["hulls"])
        return total

    def validate(self) -> None:
        """Every card accounted for, no negative money, ships within their capacities."""
        total = self.count_cards()
        if total != self.data.total:
            raise ValueError(f"{total} cards are accounted for, not {self.data.total}")
        for i, p in enumerate(self.players):
            if p["hoard"] < 0 or any(m < 0 for m in p["maps"]):
                raise ValueError(f"player {i} has negative money")
            if not p["eliminated"] and not p["ships"]:
                raise ValueError(f"player {i} has no ship but is not eliminated")
            for j, s in enumerate(p["ships"]):
                hull = self.hull(i, j)
                if s["cannons"] > hull.cannons or len(s["crew"]) > hull.crew:
                    raise ValueError(f"player {i}'s ship {j} is over capacity")
                if self.cargo_units(i, j) > self.cargo_capacity(i, j):
                    raise ValueError(f"player {i}'s ship {j} carries more cargo than its hold takes")
                sinking = "plunder" in self.pending and self._is_battle_ship(i, j)   # sunk, awaiting plunder
                if s["damage"] < 0 or (s["damage"] >= hull.strength and not sinking):
                    raise ValueError(f"player {i}'s ship {j} has impossible damage {s['damage']}")
                if len(set(s["hulls"][-1]["addons"])) != len(s["hulls"][-1]["addons"]):
                    raise ValueError("two add-ons of one type")
        for task in self.agenda:
            if not isinstance(task, Task) or task.phase not in FLOW.phases:
                raise ValueError(f"unknown step {task!r}")
        if len(self.agenda) > 1:
            raise ValueError("the agenda holds one step at a time")

    def _is_battle_ship(self, player: int, ship: int) -> bool:
        battle = self.pending.get("battle", {})
        return any(side.get("type") == "player" and side["player"] == player and side["ship"] == ship
                   for side in (battle.get("attacker", {}), battle.get("defender", {})))

    def __str__(self) -> str:
        if self.phase == "over":
            return f"Pillage & Plunder: game over, winners {self.won}"
        return f"Pillage & Plunder: player {self.current}'s turn, phase {self.phase}"


def _plain(value: Any) -> Any:
    """JSON-plain copy (tuples become lists)."""
    return json.loads(json.dumps(value))
