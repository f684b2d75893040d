"""Your Ship: hulls, add-ons, cannon deck, crew quarters, cargo hold; damage and destroyed hulls.

Rules: Pillage & Plunder › Your Ship
Rules: Pillage & Plunder › Ship Hull
"""
from __future__ import annotations

from dataclasses import replace

from .. import battles as B
from .. import components as C
from ..actions import a

__all__ = ["YourShip", "LOSS_ORDER", "new_ship", "next_to_lose"]

#: the order in which a player gives up crewmen (cutlass first, so a pistol keeps its +1).
LOSS_ORDER = ("Cutlass Crewman", "Quarter Master", "Cartographer", "Navigator", "Master Gunner", "Doctor",
              "Pistol Crewman")


def new_ship(hull: str) -> dict:
    """A bare ship of one hull, as the state keeps it."""
    return {"hulls": [{"hull": hull, "addons": []}], "damage": 0, "cannons": 0, "crew": [], "cargo": []}


def next_to_lose(crew: list) -> str:
    """The crewman a player gives up first: cutlass crewmen, then officers, pistols last (our
    choice for the player, who may pick any). Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    for kind in LOSS_ORDER:
        if kind in crew:
            return kind
    return crew[0]


class YourShip:
    """What a ship holds and what happens when it is hit (mixed into the state)."""

    def hull(self, player: int, ship: int = 0):
        return self.data.hulls[self.players[player]["ships"][ship]["hulls"][-1]["hull"]]

    def addons(self, player: int, ship: int = 0) -> list:
        return self.players[player]["ships"][ship]["hulls"][-1]["addons"]

    def cargo_capacity(self, player: int, ship: int = 0) -> int:
        extra = self.data.addons["Extra Cargo Hold"].get("cargo", 0) if "Extra Cargo Hold" in self.addons(player, ship) else 0
        return self.hull(player, ship).cargo + extra

    def cargo_units(self, player: int, ship: int = 0) -> int:
        return sum(self.data.cargo_units(c) for c in self.players[player]["ships"][ship]["cargo"])

    def has_officer(self, player: int, officer: str, ship: int | None = None) -> bool:
        """Is ``officer`` aboard ship ``ship`` of the player (None: aboard any of his ships)?

        "You may only have one of each type of ship's officer aboard your ship" (Hire Crew Member), and in Fleet
        Play "Each Ship Hull card that you play has its own … crew quarters": one of each type a ship.
        """
        ships = self.players[player]["ships"] if ship is None else [self.players[player]["ships"][ship]]
        return any(officer in s["crew"] for s in ships)

    def battle_ship(self, player: int, ship: int = 0) -> B.Ship:
        """This player's ship as the battle odds see it."""
        s = self.players[player]["ships"][ship]
        h = self.hull(player, ship)
        return B.Ship(strength=h.strength, speed=h.speed, cannons=s["cannons"], crew=len(s["crew"]),
                      pistol="Pistol Crewman" in s["crew"], doctor="Doctor" in s["crew"],
                      master_gunner="Master Gunner" in s["crew"], crows_nest="Crow's Nest" in self.addons(player, ship),
                      iron_plating="Iron Hull Plating" in self.addons(player, ship),
                      extra_sail="Extra Sail" in self.addons(player, ship), damage=min(s["damage"], h.strength - 1),
                      name=f"player {player + 1}")

    def _to_discard(self, card: str, under: bool = False) -> None:
        if under and self.discard:
            self.discard.insert(len(self.discard) - 1, card)
        else:
            self.discard.append(card)

    def _take_from_hand(self, player: int, card: str) -> None:
        self.players[player]["hand"].remove(card)

    def _lose_crewman(self, player: int, ship: int, man: str | None = None) -> None:
        crew = self.players[player]["ships"][ship]["crew"]
        if crew:
            man = next_to_lose(crew) if man is None else man
            crew.remove(man)
            self._to_discard(man, under=True)
            self.say(f"Player {player + 1} loses {a(man)}.")

    def _damage(self, player: int, ship: int, amount: int, winner: int | None) -> bool:
        """Add damage; a hull with damage >= strength is destroyed. True if it was.

        Rules: Pillage & Plunder › Ship Hull
        """
        s = self.players[player]["ships"][ship]
        s["damage"] += amount
        if s["damage"] >= self.hull(player, ship).strength:
            self._destroy(player, ship, winner)
            return True
        return False

    def _destroy(self, player: int, ship: int, winner: int | None, winner_ship: int = 0) -> None:
        """The hull and its add-ons go to the discard pile, exposing the previous hull; cannons,
        crew and cargo that no longer fit go to the winner if he has room, else to the discard pile.
        The last hull gone means elimination.

        Rules: Pillage & Plunder › Ship Hull
        Rules: Pillage & Plunder › Player Attacking Player
        """
        p = self.players[player]
        s = p["ships"][ship]
        level = s["hulls"].pop()
        self._to_discard(level["hull"])
        for a in level["addons"]:
            self._to_discard(a)
        s["damage"] = 0
        self.say(f"Player {player + 1}'s {level['hull']} is destroyed.")
        if s["hulls"]:
            hull = self.hull(player, ship)
            self.say(f"Player {player + 1} falls back on his {hull.name}.")
            extra_crew = max(0, len(s["crew"]) - hull.crew)
            extra_cannons = max(0, s["cannons"] - hull.cannons)
            loose = []
            for _ in range(extra_crew):
                man = next_to_lose(s["crew"])
                s["crew"].remove(man)
                loose.append(man)
            s["cannons"] -= extra_cannons
            loose += ["Cannon"] * extra_cannons
            while self.cargo_units(player, ship) > self.cargo_capacity(player, ship):
                loose.append(s["cargo"].pop())
            self._give_or_discard(loose, winner, winner_ship)
            return
        # no hull left in this ship
        p["ships"].pop(ship)
        loose = s["crew"] + ["Cannon"] * s["cannons"] + s["cargo"]
        if p["ships"]:
            self._give_or_discard(loose, winner, winner_ship)
            return
        self._eliminate(player, winner, winner_ship, loose)

    def _eliminate(self, player: int, winner: int | None, winner_ship: int, loose: list) -> None:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        p = self.players[player]
        p["eliminated"] = True
        self.say(f"Player {player + 1} has lost his last ship and is eliminated.")
        self.mark_sunk_last(player)
        if winner is not None:
            self.players[winner]["hoard"] += p["hoard"]
            self.say(f"Player {winner + 1} takes all {p['hoard']} coins left behind.")
        p["hoard"] = 0
        self._give_or_discard(loose, winner, winner_ship)
        for card in p["hand"] + p["prizes"]:
            self._to_discard(card)
        if p["privateer"]:
            self._to_discard(p["privateer"]["navy"])
            p["privateer"] = None
        p["hand"], p["prizes"], p["lose_turn"] = [], [], False
        # treasure maps must be stolen by the winner or are lost forever (see _on_steal)
        if winner is None or not self.players[winner]["ships"]:
            for _ in p["maps"]:
                self._to_discard("Bury Treasure")
            p["maps"] = []

    def mark_sunk_last(self, *players: int) -> None:
        """Remember, on the turn's end task, who sank last (both players of a tie that sank both ships).

        House rule 3 (docs/pillage_and_plunder.md): when no pirate is afloat, the pirates who sank last share the win.
        """
        for index in range(len(self.agenda) - 1, -1, -1):
            if self.agenda[index].phase == "end_turn":
                self.agenda[index] = replace(self.agenda[index], data=tuple(sorted(players)))
                return

    def _give_or_discard(self, cards: list, winner: int | None, winner_ship: int = 0) -> None:
        for card in cards:
            if winner is not None and self._fits(winner, winner_ship, card):
                s = self.players[winner]["ships"][winner_ship]
                if card == "Cannon":
                    s["cannons"] += 1
                elif self.data.category(card) == "Cargo":
                    s["cargo"].append(card)
                else:
                    s["crew"].append(card)
                self.say(f"Player {winner + 1} takes the {card}.")
            else:
                self._to_discard(card)

    def _fits(self, player: int, ship: int, card: str) -> bool:
        p = self.players[player]
        if p["eliminated"] or ship >= len(p["ships"]):
            return False
        s = p["ships"][ship]
        hull = self.hull(player, ship)
        if card == "Cannon":
            return s["cannons"] < hull.cannons
        if self.data.category(card) == "Cargo":
            return self.cargo_units(player, ship) + self.data.cargo_units(card) <= self.cargo_capacity(player, ship)
        if card in C.OFFICERS and self.has_officer(player, card, ship):
            return False
        return len(s["crew"]) < hull.crew

