"""The Pillage & Plunder state: plain data on the table, typed tasks on the agenda, the rules in :data:`FLOW`.

Every card stays somewhere: deck, discard pile, a hand, a ship, a treasure map, a prize, or on the
table, held by the task of the agenda it belongs to (a Cargo card being priced, an Event card whose
victim is choosing, a Merchant Ship and its cargo, a Navy Ship, a Treasure Hunt);
:meth:`PPState.validate` checks that all 298 are accounted for.

What a player may see (:meth:`PPState.observation`): their own hand; the others' hands as counts;
the draw piles as a count; everything on the table (ships, hoards, treasure maps — buried coins
lie face up on their Bury Treasure card —, prizes, the discard pile, the battle, a merchant at sea)
and the recent log.

Rules: Pillage & Plunder › Game Setup
Rules: Pillage & Plunder › Treasure Maps
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from pirates_lab.core import GAME_OVER, FlowState
from pirates_lab.core.hidden import Hidden

from . import components as C
from .rules import FLOW, YourHoard, YourShip
from .rules.battles_at_sea.player_attacking_merchant_ship import Voyage
from .rules.battles_at_sea.stage_5_plundering_the_enemy_ship import Plunder
from .rules.battles_at_sea.the_five_stages_of_a_sea_battle import Battle
from .rules.game_setup import deal_task, draw_from_deck
from .rules.the_three_stages_of_your_turn import Turn
from .rules.your_ship import new_ship

__all__ = ["PPState", "LOG_SEEN"]

#: how many of the latest log lines an observation carries (the whole log is ``state.log``)
LOG_SEEN = 40


class PPState(YourShip, YourHoard, FlowState):
    """A position in Pillage & Plunder (plain data and typed tasks only, so it saves and loads)."""

    flow = FLOW
    #: the other hands ("should not be shown to other players") and the draw piles are face down;
    #: :meth:`hidden_cards` says where, for ``check_protocol``'s leak checks.  Rules: Pillage & Plunder › Game Setup
    hidden_information = True

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
        self.won: list = []
        self.flow.push(self, deal_task(self))
        self.say(f"Setup: each of {game.players} players has a Sloop, 1 Cannon, 2 Cutlass Crewmen and "
                 f"{data.game['starting_money']} pieces of eight; five cards each are dealt.")
        self.flow.settle(self)

    @property
    def data(self) -> C.Components:
        return self.game.data

    # ------------------------------------------------------------------ the table
    def _draw_card(self, card: str) -> None:
        """Take ``card`` out of the draw piles (for hand-built positions: :mod:`..scenarios`)."""
        draw_from_deck(self, card)

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p["eliminated"]]

    def _order_after(self, me: int) -> list[int]:
        n = len(self.players)
        return [(me + k) % n for k in range(1, n) if not self.players[(me + k) % n]["eliminated"]]

    def turn(self) -> Turn | None:
        """The turn's record (plays, opponents targeted…), from the turn's stage on the agenda."""
        return next((t.data for t in reversed(self.agenda) if isinstance(t.data, Turn)), None)

    def battle(self) -> Battle | None:
        """The battle in progress (None between battles)."""
        for t in reversed(self.agenda):
            battle = t.data if isinstance(t.data, Battle) else getattr(t.data, "battle", None)
            if isinstance(battle, Battle):
                return battle
        return None

    def merchant_at_sea(self):
        """The merchant sailing from player to player between battles (None if there is none)."""
        return next((t.data.merchant for t in reversed(self.agenda)
                     if isinstance(t.data, Voyage) and t.data.merchant is not None), None)

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
        turn, battle, merchant = self.turn(), self.battle(), self.merchant_at_sea()
        return _plain({"player": player, "to_act": self.current_player(), "phase": self.phase,
                       "current": self.current, "first": self.first, "rounds": self.rounds,
                       "deck": sum(self.deck.values()), "discard": self.discard, "players": seats,
                       "plays": turn.plays if turn else 0, "targeted": list(turn.targeted) if turn else [],
                       "battle": battle.plain(self) if battle else None,
                       "merchant": merchant.plain(self) if merchant else None,
                       "winners": self.won, "log": list(self.log.recent(LOG_SEEN))})

    def hidden_cards(self) -> list[Hidden]:
        """Each hand, seen by its player only, and the draw piles (a dict of counts), seen by nobody."""
        return [Hidden(("players", q, "hand"), seen_by={q}) for q in range(len(self.players))] + [Hidden(("deck",))]

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
    def table_cards(self) -> list:
        """The cards lying on the table while a play is resolved, held by their tasks."""
        return [card for t in self.agenda for card in getattr(t.data, "table_cards", tuple)()]

    def cards(self) -> Counter:
        """Every card of the box where it lies now, by name: draw piles, discard pile, the table, hands, treasure
        maps (their Bury Treasure cards), prizes, a privateer's Navy Ship, and each ship's hulls, add-ons,
        cannons, crew and cargo."""
        found = Counter(self.deck) + Counter(self.discard) + Counter(self.table_cards())
        for p in self.players:
            found.update(p["hand"] + p["prizes"] + ["Bury Treasure"] * len(p["maps"]))
            if p["privateer"]:
                found[p["privateer"]["navy"]] += 1
            for s in p["ships"]:
                found.update([level["hull"] for level in s["hulls"]] + [a for level in s["hulls"] for a in level["addons"]]
                             + ["Cannon"] * s["cannons"] + s["crew"] + s["cargo"])
        return found

    def validate(self) -> None:
        """Every card accounted for, no negative money, ships within their capacities, the agenda as the table says."""
        found, box = self.cards(), Counter(self.data.counts)
        if found != box:
            wrong = ", ".join(f"{card} {found[card]} (the box has {box[card]})"
                              for card in sorted(set(found) | set(box)) if found[card] != box[card])
            raise ValueError(f"the cards do not add up to the {self.data.total} of the box: {wrong}")
        sinking = {(t.data.loser_side.player, t.data.loser_side.ship) for t in self.agenda
                   if isinstance(t.data, Plunder) and t.data.sunk}          # sunk, awaiting plunder
        for i, p in enumerate(self.players):
            if p["hoard"] < 0:
                raise ValueError(f"player {i + 1} has negative money")
            if any(m < 1 for m in p["maps"]):          # a buried treasure is 1 piece of eight or more
                raise ValueError(f"player {i + 1} has a treasure map of no money")
            if not p["eliminated"] and not p["ships"]:
                raise ValueError(f"player {i + 1} has no ship but is not eliminated")
            for j, s in enumerate(p["ships"]):
                hull = self.hull(i, j)
                if s["cannons"] > hull.cannons or len(s["crew"]) > hull.crew:
                    raise ValueError(f"player {i + 1}'s ship {j + 1} is over capacity")
                if self.cargo_units(i, j) > self.cargo_capacity(i, j):
                    raise ValueError(f"player {i + 1}'s ship {j + 1} carries more cargo than its hold takes")
                if s["damage"] < 0 or (s["damage"] >= hull.strength and (i, j) not in sinking):
                    raise ValueError(f"player {i + 1}'s ship {j + 1} has impossible damage {s['damage']}")
                if len(set(s["hulls"][-1]["addons"])) != len(s["hulls"][-1]["addons"]):
                    raise ValueError("two add-ons of one type")
        super().validate()

    def __str__(self) -> str:
        if self.phase == GAME_OVER:
            return "Pillage & Plunder: game over, won by " + " and ".join(f"player {w + 1}" for w in self.won)
        return f"Pillage & Plunder: player {self.current + 1}'s turn, phase {self.phase}"


def _plain(value: Any) -> Any:
    """JSON-plain copy (tuples become lists)."""
    return json.loads(json.dumps(value))
