"""Phase 2: Movement Phase — sailing, turning over ocean tiles, warships, a Pirates Lair's visit in
printed order (scurvy, ship parts, pirates, rum and cannonballs) and digging for treasure.

Rules: King of Pirates › Phase 2: Movement Phase
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import Dist, Task
from pirates_lab.core.geometry import hex_neighbours

from ..actions import BuyPart, Dig, Dismiss, Done, MakeCaptain, Pass, Recruit, Replace, Sail, StopMoving
from .phases_of_a_turn import FLOW, carry_on
from .task_data import CrewVisit, Drawn, Tile, Voyage
from .pirate_skills import crew_positions, max_cannonballs, max_rum, movement, treasure_maps_needed

__all__ = ["MovementPhase"]


class MovementPhase:
    """Rules: King of Pirates › Phase 2: Movement Phase"""

    # ---- sailing
    @property
    def moves_left(self) -> int:
        """Spaces the current player may still sail: its movement *now* (sails and +1 Movement pirates,
        less one per Scurvy token but never below 1, plus 2 per Tailwind) less the spaces sailed, so a
        Scurvy card or an Assassination in the middle of a move shortens it at once; 0 outside the move
        and once a warship has stopped it.  Rules: King of Pirates › Important Game Concepts (Scurvy)"""
        voyage = self._voyage()
        if voyage is None or self._stopped_by_warship():
            return 0
        p = self.current
        return max(0, movement(self.players[p], self._in_play("Tailwind", by=p), self.comp) - voyage.sailed)

    def _voyage(self) -> Voyage | None:
        """The move in progress (the movement task's data, under any window or tile on top), or None."""
        return next((task.data for task in reversed(self.agenda) if isinstance(task.data, Voyage)), None)

    def _stopped_by_warship(self) -> bool:
        """ "You must stop your movement if you enter any space with a Warship": the mover stands on a
        warship's space it entered this turn (turned over as it entered, or there before)."""
        cell = self.players[self.current].position
        ship = self.ships.get(cell)
        return cell == self.entered and ship is not None and self.comp.targets[ship]["warship"]

    def _auto_start_movement(self, task):
        carry_on(self)
        self.say(f"Player {task.player + 1} may sail {self.moves_left} space(s).")
        return True

    def _auto_movement(self, task):
        """The move goes on while spaces are left.  After the last space it ends at once unless the player
        holds a card (hand sizes are public), which it may still play before the move ends (a Tailwind:
        "You may move up to 2 additional Spaces this turn"); a warship's stop ends it."""
        if self.moves_left > 0:
            return False
        if self.players[task.player].hand and not self._stopped_by_warship():
            return False
        carry_on(self)
        return True

    def _movement_actions(self, task):
        """Sail or stop (cards, Tailwind among them, are added by :mod:`.action_cards`)."""
        if self.moves_left <= 0:
            return [StopMoving()]
        return [StopMoving()] + [Sail(c) for c in hex_neighbours(self.players[task.player].position, self.comp.radius)]

    def _sail(self, task, action):
        """One space, or stop.  Rules: King of Pirates › Phase 2: Movement Phase"""
        p = task.player
        if isinstance(action, StopMoving):
            carry_on(self)
            self.say(f"Player {p + 1} stops at {self.players[p].position}.")
            return
        cell = action.to
        FLOW.replace(self, replace(task, data=Voyage(task.data.sailed + 1)))
        self._set(p, position=cell)
        self.entered = cell
        self.say(f"Player {p + 1} sails to {cell}.")
        if cell == self.dutchman and cell not in self.comp.lairs:
            self.say("…straight into the Flying Dutchman!")
            self._sweep(cell)
            return
        FLOW.push(self, Task("step_window", p))    # A cards "at any time": after the step (and its tile)
        pool = self.hidden(cell)
        if pool:
            FLOW.push(self, Task("reveal", p, Tile(cell, pool)))
        elif self._stopped_by_warship():
            self.say(f"A {self.ships[cell]} blocks the way: player {p + 1} must stop and fight.")

    # ---- an undiscovered ocean tile
    def _reveal_odds(self, task) -> Dist:
        return Dist.from_weights({c: n for c, n in self.tile_pools[task.data.pool].items() if n})

    def _turn_over(self, task, content) -> None:
        """ "Whenever you move onto a space containing an undiscovered ocean tile, turn it over. If the
        tile is empty, simply remove it from the board."  Rules: King of Pirates › Phase 2: Movement Phase"""
        FLOW.pop(self)
        cell, pool = task.data.cell, task.data.pool
        self.tile_pools[pool][content] -= 1
        self.revealed[cell] = content
        if content == "empty":
            self.say(f"The {pool} tile at {cell} is empty and is removed.")
            return
        self.ships[cell] = content
        self.say(f"The {pool} tile at {cell} hides a {content}!")      # a warship stops the move: moves_left

    # ---- the end of the move
    def _auto_arrive(self, task):
        """End of movement: a lair's visit in printed order, or dig / combat.  Rules: King of Pirates › Phase 2: Movement Phase"""
        p = task.player
        FLOW.pop(self)
        cell = self.players[p].position
        if cell in self.comp.lairs:
            player = self.players[p]
            if player.scurvy:
                self.say(f"At the Pirates Lair player {p + 1} gets rid of {player.scurvy} Scurvy token(s).")
            self._set(p, scurvy=0)
            FLOW.push(self, Task("lair_buy", p))
            return True
        FLOW.push(self, Task("dig", p))     # on a Treasure Island; then the Combat Phase
        return True

    # ---- a Pirates Lair: buy parts, draw pirates, adjust the crew, refill
    def _buyable(self, p: int) -> list[str]:
        player = self.players[p]
        if player.doubloons < self.comp.ship["part_cost"]:
            return []
        return [part for part in self.comp.parts if part not in player.parts]

    def _auto_lair_buy(self, task):
        if not self._buyable(task.player):
            carry_on(self)
            return True
        return False

    def _lair_buy_actions(self, task):
        return [Done()] + [BuyPart(part) for part in self._buyable(task.player)]

    def _buy_part(self, task, action):
        """ "Buy additional pieces for your ship for 2.500 Doubloons each."  Rules: King of Pirates › Phase 2: Movement Phase"""
        p = task.player
        if isinstance(action, Done):
            carry_on(self)
            return
        player = self.players[p]
        self._set(p, parts=player.parts + (action.part,), doubloons=player.doubloons - self.comp.ship["part_cost"])
        self.say(f"Player {p + 1} buys the {action.part} for {self.comp.ship['part_cost']} Doubloons.")

    def _pirates_to_draw(self, task) -> int:
        """Vacant positions + 1, less those drawn.  Rules: King of Pirates › Phase 2: Movement Phase"""
        player = self.players[task.player]
        return crew_positions(player, self.comp) - len(player.crew) + 1 - task.data.count

    def _auto_lair_draw(self, task):
        if self._pirates_to_draw(task) <= 0 or not (self.pirate_deck or self.pirate_discard):
            carry_on(self)
            return True
        if not self.pirate_deck:
            self.pirate_deck, self.pirate_discard = sorted(self.pirate_discard), []
        return False

    def _pirate_odds(self, task) -> Dist:
        return Dist.uniform(self.pirate_deck)

    def _draw_lair_pirate(self, task, pirate) -> None:
        self._draw_pirate(task.player, pirate)
        FLOW.replace(self, replace(task, data=Drawn(task.data.count + 1)))

    def _crew_actions(self, p: int, captain_changed: bool) -> list:
        player = self.players[p]
        out: list = [Done()]
        if len(player.crew) < crew_positions(player, self.comp):
            out += [Recruit(c) for c in self.offer]
        out += [Replace(old, new) for old in player.crew for new in self.offer]
        if not captain_changed:
            out += [MakeCaptain(c) for c in player.crew[1:]]
        out += [Dismiss(c) for c in player.crew]    # "make any desired adjustments to your crew"
        return out

    def _lair_crew_actions(self, task):
        return self._crew_actions(task.player, task.data.captain_changed)

    def _auto_lair_crew(self, task):
        if self._lair_crew_actions(task) == [Done()]:
            carry_on(self)
            return True
        return False

    def _adjust_crew(self, task, action):
        """ "Make any desired adjustments to your crew."  Rules: King of Pirates › Phase 2: Movement Phase"""
        p = task.player
        player = self.players[p]
        if isinstance(action, Done):
            carry_on(self)
            return
        if isinstance(action, Recruit):
            self.offer.remove(action.pirate)
            self._set(p, crew=player.crew + (action.pirate,))
            self.say(f"Player {p + 1} recruits {action.pirate}.")
        elif isinstance(action, Replace):
            self.offer.remove(action.new)
            crew = tuple(action.new if c == action.old else c for c in player.crew)
            self._set(p, crew=crew)
            self._discard_pirates([action.old])
            self.say(f"Player {p + 1} replaces {action.old} by {action.new}.")
        elif isinstance(action, Dismiss):
            self._set(p, crew=tuple(c for c in player.crew if c != action.pirate))
            self._discard_pirates([action.pirate])
            self.say(f"Player {p + 1} dismisses {action.pirate}.")
        elif isinstance(action, MakeCaptain):
            crew = (action.pirate,) + tuple(c for c in player.crew if c != action.pirate)
            self._set(p, crew=crew)
            FLOW.replace(self, replace(task, data=CrewVisit(captain_changed=True)))
            self.say(f"{action.pirate} is now player {p + 1}'s captain.")
        self._clamp(p)
        self._new_captain(p)
        self._check_hand_limit(p)

    def _auto_refill(self, task):
        FLOW.pop(self)
        self._refill(task.player)
        return True

    def _refill(self, p: int) -> None:
        """Rules: King of Pirates › Phase 2: Movement Phase (gain Rum and Cannonballs equal to your maximum)"""
        player = self.players[p]
        self._set(p, rum=max_rum(player, self.comp), cannonballs=max_cannonballs(player, self.comp))
        if self.offer:
            self._discard_pirates(self.offer)
            self.offer = []

    # ---- a Treasure Island
    def _maps_needed_here(self, p: int) -> int | None:
        """Treasure Maps ``p`` must turn in to dig where it stands (None: no treasure here)."""
        cell = self.players[p].position
        place = self.place_at(cell)
        if not place or not place[0].endswith("island") or cell in self.dug:
            return None
        return treasure_maps_needed(self.players[p], self.comp.islands[place[0]]["rating"], self.comp)

    def _can_dig(self, p: int) -> bool:
        need = self._maps_needed_here(p)
        return need is not None and self.players[p].hand.count("Treasure Map") >= need

    def _auto_dig(self, task):
        """The dig is offered on a Treasure Island with its treasure whenever the hand is big enough to
        hold the maps (hand sizes are public): whether it holds them is the player's secret."""
        need = self._maps_needed_here(task.player)
        if need is None or len(self.players[task.player].hand) < need:   # straight to combat
            carry_on(self)
            return True
        return False

    def _dig_actions(self, task):
        return [Pass()] + ([Dig()] if self._can_dig(task.player) else [])

    def _dig(self, task, action):
        """Rules: King of Pirates › Phase 2: Movement Phase (digging for treasure)"""
        p = task.player
        carry_on(self)
        if isinstance(action, Pass):
            return
        cell = self.players[p].position
        island = self.comp.islands[self.place_at(cell)[0]]
        need = treasure_maps_needed(self.players[p], island["rating"], self.comp)
        if need:
            self._remove_from_hand(p, "Treasure Map", need)
        self.dug.append(cell)
        self._set(p, doubloons=self.players[p].doubloons + island["value"])
        self.say(f"Player {p + 1} turns in {need} Treasure Map(s) and digs up {island['value']} Doubloons.")
        self._check_winner()
