"""Phase 2: Movement Phase — sailing, turning over ocean tiles, warships, a Pirates Lair's visit in
printed order (scurvy, ship parts, pirates, rum and cannonballs) and digging for treasure.

Rules: King of Pirates › Phase 2: Movement Phase
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import Dist, Task
from pirates_lab.core.geometry import hex_neighbours

from . import action_cards, captains_skills, game_contents, game_setup, important_game_concepts, the_game_board
from ..actions import BuyPart, Dig, Dismiss, Done, MakeCaptain, Pass, Recruit, Replace, Sail, StopMoving
from .agenda import carry_on
from .task_data import CrewVisit, Drawn, Tile, Voyage
from .pirate_skills import crew_positions, max_cannonballs, max_rum, movement, treasure_maps_needed

__all__ = ["spaces_left", "voyage_in_progress", "stopped_by_warship", "auto_start_movement", "auto_movement",
           "movement_actions", "sail", "reveal_odds", "turn_over", "auto_arrive", "buyable", "auto_lair_buy",
           "lair_buy_actions", "buy_part", "pirates_to_draw", "auto_lair_draw", "pirate_odds", "draw_lair_pirate",
           "crew_actions", "lair_crew_actions", "auto_lair_crew", "adjust_crew", "auto_refill", "refill",
           "maps_needed_here", "can_dig", "auto_dig", "dig_actions", "dig"]


# ---- sailing
def spaces_left(state) -> int:
    """Spaces the current player may still sail: its movement *now* (sails and +1 Movement pirates,
    less one per Scurvy token but never below 1, plus 2 per Tailwind) less the spaces sailed, so a
    Scurvy card or an Assassination in the middle of a move shortens it at once; 0 outside the move
    and once a warship has stopped it.  Rules: King of Pirates › Important Game Concepts (Scurvy)"""
    voyage = voyage_in_progress(state)
    if voyage is None or stopped_by_warship(state):
        return 0
    p = state.current
    return max(0, movement(state.players[p], action_cards.in_play(state, "Tailwind", by=p), state.comp) - voyage.sailed)


def voyage_in_progress(state) -> Voyage | None:
    """The move in progress (the movement task's data, under any window or tile on top), or None."""
    return next((task.data for task in reversed(state.agenda) if isinstance(task.data, Voyage)), None)


def stopped_by_warship(state) -> bool:
    """ "You must stop your movement if you enter any space with a Warship": the mover stands on a
    warship's space it entered this turn (turned over as it entered, or there before)."""
    cell = state.players[state.current].position
    ship = state.ships.get(cell)
    return cell == state.entered and ship is not None and state.comp.targets[ship]["warship"]


def auto_start_movement(state, task):
    carry_on(state)
    state.say(f"Player {task.player + 1} may sail {state.moves_left} space(s).")
    return True


def auto_movement(state, task):
    """The move goes on while spaces are left.  After the last space it ends at once unless the player
    holds a card (hand sizes are public), which it may still play before the move ends (a Tailwind:
    "You may move up to 2 additional Spaces this turn"); a warship's stop ends it."""
    if state.moves_left > 0:
        return False
    if state.players[task.player].hand and not stopped_by_warship(state):
        return False
    carry_on(state)
    return True


def movement_actions(state, task):
    """Sail or stop (cards, Tailwind among them, are added by :mod:`.action_cards`)."""
    if state.moves_left <= 0:
        return [StopMoving()]
    return [StopMoving()] + [Sail(c) for c in hex_neighbours(state.players[task.player].position, state.comp.radius)]


def sail(state, task, action):
    """One space, or stop.  Rules: King of Pirates › Phase 2: Movement Phase"""
    p = task.player
    if isinstance(action, StopMoving):
        carry_on(state)
        state.say(f"Player {p + 1} stops at {state.players[p].position}.")
        return
    cell = action.to
    state.flow.replace(state, replace(task, data=Voyage(task.data.sailed + 1)))
    game_contents.set_player(state, p, position=cell)
    state.entered = cell
    state.say(f"Player {p + 1} sails to {cell}.")
    if cell == state.dutchman and cell not in state.comp.lairs:
        state.say("…straight into the Flying Dutchman!")
        important_game_concepts.sweep(state, cell)
        return
    state.flow.push(state, Task("step_window", p))    # A cards "at any time": after the step (and its tile)
    pool = state.hidden(cell)
    if pool:
        state.flow.push(state, Task("reveal", p, Tile(cell, pool)))
    elif stopped_by_warship(state):
        state.say(f"A {state.ships[cell]} blocks the way: player {p + 1} must stop and fight.")


# ---- an undiscovered ocean tile
def reveal_odds(state, task) -> Dist:
    return Dist.from_weights({c: n for c, n in state.tile_pools[task.data.pool].items() if n})


def turn_over(state, task, content) -> None:
    """ "Whenever you move onto a space containing an undiscovered ocean tile, turn it over. If the
    tile is empty, simply remove it from the board."  Rules: King of Pirates › Phase 2: Movement Phase"""
    state.flow.pop(state)
    cell, pool = task.data.cell, task.data.pool
    state.tile_pools[pool][content] -= 1
    state.revealed[cell] = content
    if content == "empty":
        state.say(f"The {pool} tile at {cell} is empty and is removed.")
        return
    state.ships[cell] = content
    state.say(f"The {pool} tile at {cell} hides a {content}!")      # a warship stops the move: moves_left


# ---- the end of the move
def auto_arrive(state, task):
    """End of movement: a lair's visit in printed order, or dig / combat.  Rules: King of Pirates › Phase 2: Movement Phase"""
    p = task.player
    state.flow.pop(state)
    cell = state.players[p].position
    if cell in state.comp.lairs:
        player = state.players[p]
        if player.scurvy:
            state.say(f"At the Pirates Lair player {p + 1} gets rid of {player.scurvy} Scurvy token(s).")
        game_contents.set_player(state, p, scurvy=0)
        state.flow.push(state, Task("lair_buy", p))
        return True
    state.flow.push(state, Task("dig", p))     # on a Treasure Island; then the Combat Phase
    return True


# ---- a Pirates Lair: buy parts, draw pirates, adjust the crew, refill
def buyable(state, p: int) -> list[str]:
    player = state.players[p]
    if player.doubloons < state.comp.ship["part_cost"]:
        return []
    return [part for part in state.comp.parts if part not in player.parts]


def auto_lair_buy(state, task):
    if not buyable(state, task.player):
        carry_on(state)
        return True
    return False


def lair_buy_actions(state, task):
    return [Done()] + [BuyPart(part) for part in buyable(state, task.player)]


def buy_part(state, task, action):
    """ "Buy additional pieces for your ship for 2.500 Doubloons each."  Rules: King of Pirates › Phase 2: Movement Phase"""
    p = task.player
    if isinstance(action, Done):
        carry_on(state)
        return
    player = state.players[p]
    game_contents.set_player(state, p, parts=player.parts + (action.part,), doubloons=player.doubloons - state.comp.ship["part_cost"])
    state.say(f"Player {p + 1} buys the {action.part} for {state.comp.ship['part_cost']} Doubloons.")


def pirates_to_draw(state, task) -> int:
    """Vacant positions + 1, less those drawn.  Rules: King of Pirates › Phase 2: Movement Phase"""
    player = state.players[task.player]
    return crew_positions(player, state.comp) - len(player.crew) + 1 - task.data.count


def auto_lair_draw(state, task):
    if pirates_to_draw(state, task) <= 0 or not (state.pirate_deck or state.pirate_discard):
        carry_on(state)
        return True
    if not state.pirate_deck:
        state.pirate_deck, state.pirate_discard = sorted(state.pirate_discard), []
    return False


def pirate_odds(state, task) -> Dist:
    return Dist.uniform(state.pirate_deck)


def draw_lair_pirate(state, task, pirate) -> None:
    game_setup.draw_pirate(state, task.player, pirate)
    state.flow.replace(state, replace(task, data=Drawn(task.data.count + 1)))


def crew_actions(state, p: int, captain_changed: bool) -> list:
    player = state.players[p]
    out: list = [Done()]
    if len(player.crew) < crew_positions(player, state.comp):
        out += [Recruit(c) for c in state.offer]
    out += [Replace(old, new) for old in player.crew for new in state.offer]
    if not captain_changed:
        out += [MakeCaptain(c) for c in player.crew[1:]]
    out += [Dismiss(c) for c in player.crew]    # "make any desired adjustments to your crew"
    return out


def lair_crew_actions(state, task):
    return crew_actions(state, task.player, task.data.captain_changed)


def auto_lair_crew(state, task):
    if lair_crew_actions(state, task) == [Done()]:
        carry_on(state)
        return True
    return False


def adjust_crew(state, task, action):
    """ "Make any desired adjustments to your crew."  Rules: King of Pirates › Phase 2: Movement Phase"""
    p = task.player
    player = state.players[p]
    if isinstance(action, Done):
        carry_on(state)
        return
    if isinstance(action, Recruit):
        state.offer.remove(action.pirate)
        game_contents.set_player(state, p, crew=player.crew + (action.pirate,))
        state.say(f"Player {p + 1} recruits {action.pirate}.")
    elif isinstance(action, Replace):
        state.offer.remove(action.new)
        crew = tuple(action.new if c == action.old else c for c in player.crew)
        game_contents.set_player(state, p, crew=crew)
        game_contents.discard_pirates(state, [action.old])
        state.say(f"Player {p + 1} replaces {action.old} by {action.new}.")
    elif isinstance(action, Dismiss):
        game_contents.set_player(state, p, crew=tuple(c for c in player.crew if c != action.pirate))
        game_contents.discard_pirates(state, [action.pirate])
        state.say(f"Player {p + 1} dismisses {action.pirate}.")
    elif isinstance(action, MakeCaptain):
        crew = (action.pirate,) + tuple(c for c in player.crew if c != action.pirate)
        game_contents.set_player(state, p, crew=crew)
        state.flow.replace(state, replace(task, data=CrewVisit(captain_changed=True)))
        state.say(f"{action.pirate} is now player {p + 1}'s captain.")
    game_contents.clamp(state, p)
    captains_skills.new_captain(state, p)
    captains_skills.check_hand_limit(state, p)


def auto_refill(state, task):
    state.flow.pop(state)
    refill(state, task.player)
    return True


def refill(state, p: int) -> None:
    """Rules: King of Pirates › Phase 2: Movement Phase (gain Rum and Cannonballs equal to your maximum)"""
    player = state.players[p]
    game_contents.set_player(state, p, rum=max_rum(player, state.comp), cannonballs=max_cannonballs(player, state.comp))
    if state.offer:
        game_contents.discard_pirates(state, state.offer)
        state.offer = []


# ---- a Treasure Island
def maps_needed_here(state, p: int) -> int | None:
    """Treasure Maps ``p`` must turn in to dig where it stands (None: no treasure here)."""
    cell = state.players[p].position
    place = state.place_at(cell)
    if not place or not place[0].endswith("island") or cell in state.dug:
        return None
    return treasure_maps_needed(state.players[p], state.comp.islands[place[0]]["rating"], state.comp)


def can_dig(state, p: int) -> bool:
    need = maps_needed_here(state, p)
    return need is not None and state.players[p].hand.count("Treasure Map") >= need


def auto_dig(state, task):
    """The dig is offered on a Treasure Island with its treasure whenever the hand is big enough to
    hold the maps (hand sizes are public): whether it holds them is the player's secret."""
    need = maps_needed_here(state, task.player)
    if need is None or len(state.players[task.player].hand) < need:   # straight to combat
        carry_on(state)
        return True
    return False


def dig_actions(state, task):
    return [Pass()] + ([Dig()] if can_dig(state, task.player) else [])


def dig(state, task, action):
    """Rules: King of Pirates › Phase 2: Movement Phase (digging for treasure)"""
    p = task.player
    carry_on(state)
    if isinstance(action, Pass):
        return
    cell = state.players[p].position
    island = state.comp.islands[state.place_at(cell)[0]]
    need = treasure_maps_needed(state.players[p], island["rating"], state.comp)
    if need:
        game_contents.remove_from_hand(state, p, "Treasure Map", need)
    state.dug.append(cell)
    game_contents.set_player(state, p, doubloons=state.players[p].doubloons + island["value"])
    state.say(f"Player {p + 1} turns in {need} Treasure Map(s) and digs up {island['value']} Doubloons.")
    the_game_board.check_winner(state)
