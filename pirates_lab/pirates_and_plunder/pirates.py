"""Moving pirates over the sea, and the battles they start.

Rules: Pirates & Plunder › Moving Pirates and Battle

Pirates move over sea *segments*: to the segment across a tile edge (1 point), or across a
trade route to the other sea segment of the same tile (1 point), or off an open edge (1 point;
the ship goes home).  A merchant counts as being on the sea segments either side of its route
on its tile.  Your own pirates and merchants block (your scavenger, royal cartographer or viceroy,
not pirates, do not); an opponent's ship stops the pirate and starts a battle.

The player who completed routes moves pirates "in any order they choose", one per route: each
:class:`MovePirate` names the route whose length it uses (``route``).  A battle commitment names
how many of each resource type (:class:`Commit`): "any combination of resource types", which
decides the resource majorities at the end.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import product

from pirates_lab.core import Task, action, saveable
from pirates_lab.core.geometry import step

from .headings import RULE_PIRATES
from .parts import GAME, MAX_SEGMENTS, RESOURCES, ROUTE, components, mirror, resource_counts, resource_names, resource_words
from .scoring import role, segment_of

__all__ = ["RULE_PIRATES", "OFF", "sea_links", "occupancy", "pirate_moves", "merchant_banks",
           "repulse_destinations", "base_defence", "resolve_battle", "canonical_commitment", "commitments",
           "MAX_COMMITMENTS", "spend", "MovePirate", "StopPirates", "Commit", "Repulse", "Routes", "Battle",
           "movable", "pirate_actions", "move_pirate", "commit_actions", "commit_allowed", "attack", "defend",
           "repulse_actions", "repulse"]

#: "off an open edge of the board" as a destination
OFF = None
#: your own ships a pirate may not move onto: "a pirate or merchant owned by the same player" (the pirate king is a
#: pirate; a scavenger, royal cartographer or viceroy "does not count as a pirate")
BLOCKING = ("pirate", "merchant", "pirate king")
#: the most commitments :func:`commitments` lists: 0 to 15 of each of the 4 types (one player holding all 60)
MAX_COMMITMENTS = (components()["resources"]["per_kind"] + 1) ** len(RESOURCES)


@action()
class MovePirate:
    """Move pirate ``ship`` to ``cell``'s sea segment ``segment`` (``cell`` None: off an open edge), attacking
    ship ``target`` there (-1: no battle), paying 2 resources on the Storm for 3 more points (``storm``), with
    the points of the completed route of ``route`` segments."""

    ship: int
    cell: tuple | None
    segment: int = -1
    target: int = -1
    storm: bool = False
    route: int = 0

    def __str__(self):
        paying = " through the storm (paying 2 resources)" if self.storm else ""
        points = f" ({self.route} points: the {self.route}-segment route)"
        if self.cell is None:
            return f"sail pirate {self.ship} off the open edge (home){paying}{points}"
        fight = f" and attack ship {self.target}" if self.target >= 0 else ""
        return f"move pirate {self.ship} to {self.cell} sea segment {self.segment}{fight}{paying}{points}"


@action("stop moving pirates")
class StopPirates:
    pass


@action()
class Commit:
    """Commit resources to a battle: how many of each type (cloth, rum, spice, dye)."""

    resources: tuple

    def __str__(self):
        named = resource_words(self.resources)
        return f"commit {sum(self.resources)} resources" + (f" ({named})" if named else "")


@action()
class Repulse:
    cell: tuple | None
    segment: int = -1

    def __str__(self):
        return "push the attacker off the open edge" if self.cell is None else \
            f"push the attacker to {self.cell} sea segment {self.segment}"


@saveable
@dataclass(frozen=True)
class Routes:
    """The ``pirates`` step: the lengths of the completed routes not used yet (longest first) and the
    pirates already moved."""

    lengths: tuple
    moved: tuple = ()


@saveable
@dataclass(frozen=True)
class Battle:
    """A battle: the attacking pirate and the ship attacked.  The attack, once committed, lies in the state
    (``state.committed[attacker]``, beside what the attacker kept, ``state.kept[attacker]``), where the Battles
    option hides it from every other seat until the defence is in."""

    pirate: int
    target: int
    committed: bool = False        # the attack is in (the defender to answer)


def sea_links(state, node: int) -> list:
    """The sea segments one movement point from ``node`` (``OFF`` for an open edge)."""
    index, number = divmod(node, MAX_SEGMENTS)
    kind, turns, x, y = state.placed[index]
    edges, owner = state.board.turned[kind][turns]
    base = MAX_SEGMENTS * index
    links = []
    for edge in range(4):
        if edges[edge] == ROUTE:
            a, b = owner[3 * edge], owner[3 * edge + 2]
            if a != b and number in (a, b):
                links.append(base + (b if a == number else a))
    for place in range(12):
        if owner[place] != number:
            continue
        neighbour = state.cells.get(step((x, y), place // 3))
        if neighbour is None:
            links.append(OFF)
        else:
            their_kind, their_turns = state.placed[neighbour][0], state.placed[neighbour][1]
            links.append(MAX_SEGMENTS * neighbour + state.board.turned[their_kind][their_turns][1][mirror(place)])
    unique = []
    for link in links:
        if link not in unique:
            unique.append(link)
    return unique


def merchant_banks(state, node: int) -> list:
    """The sea segments either side of a merchant's trade route on its tile."""
    index, number = divmod(node, MAX_SEGMENTS)
    kind, turns, _, _ = state.placed[index]
    owner = state.board.turned[kind][turns][1]
    base = MAX_SEGMENTS * index
    banks = []
    for place in range(1, 12, 3):
        if owner[place] == number:
            for side in (place - 1, place + 1):
                if base + owner[side] not in banks:
                    banks.append(base + owner[side])
    return banks


def occupancy(state) -> dict:
    """Sea segment -> the pirates on it and the merchants beside it (ship ids)."""
    found: dict = {}
    for ship, (_, node, _) in sorted(state.ships.items()):
        kind = segment_of(state, node).kind
        if kind == "sea":
            found.setdefault(node, []).append(ship)
        elif kind == "route":
            for bank in merchant_banks(state, node):
                found.setdefault(bank, []).append(ship)
        elif state.roles.get(ship) == "pirate king":        # attacked from the sea beside its cove
            index = node // MAX_SEGMENTS
            segments = state.board.types[state.placed[index][0]].segments
            for number, segment in enumerate(segments):
                if segment.kind == "sea":
                    found.setdefault(MAX_SEGMENTS * index + number, []).append(ship)
    return found


def _storms(state) -> set:
    return {node for name, node in state.explorations if name == "Storm"}


def pirate_moves(state, ship: int, points: int) -> list:
    """Every ``(destination, target, storm)`` the pirate can reach with ``points`` (target -1: no battle;
    ``storm``: only by paying 2 resources on a Storm tile for 3 more points).

    Rules: Pirates & Plunder › Moving Pirates and Battle
    """
    owner, start, _ = state.ships[ship]
    occupied = occupancy(state)
    storms = _storms(state)                               # no ship may end a move on the Storm
    can_pay = bool(storms) and sum(state.resources[owner]) >= 2
    best = {(start, False): points}                       # (segment, paid) -> most points left there
    queue = deque([(start, False)])
    found: dict = {}
    off = None

    def record(key, paid):
        if key not in found or (found[key] and not paid):
            found[key] = paid                             # reachable without paying is preferred

    while queue:
        here, paid = queue.popleft()
        left = best[(here, paid)]
        for there in sea_links(state, here):
            if there is OFF:
                off = paid if off is None else (off and paid)
                continue
            if there == start:
                continue
            others = [s for s in occupied.get(there, ()) if s != ship]
            if any(state.ships[s][0] == owner and role(state, s) in BLOCKING for s in others):
                continue                                  # never onto your own pirate or merchant
            rivals = [s for s in others if state.ships[s][0] != owner]
            if rivals:
                for other in rivals:                      # stop and battle
                    record((there, other), paid)
                continue
            if there not in storms:
                record((there, -1), paid)
            options = [(paid, left - 1)]
            if there in storms and can_pay and not paid:  # Storm: pay 2 resources, 3 more points
                options.append((True, left + 2))
            for now_paid, now_left in options:
                if now_left > 0 and best.get((there, now_paid), 0) < now_left:
                    best[(there, now_paid)] = now_left
                    queue.append((there, now_paid))
    moves = [(there, target, paid) for (there, target), paid in found.items()]
    return moves + ([(OFF, -1, off)] if off is not None else [])


def repulse_destinations(state, ship: int) -> list:
    """Where the defender may push a repulsed pirate: 1 to 3 points away, onto empty sea or off an edge."""
    settings = components()["battle"]
    start = state.ships[ship][1]
    occupied = {n for n, ships in occupancy(state).items() if any(s != ship for s in ships)}
    seen, frontier, found, off = {start}, [start], [], False
    for distance in range(1, settings["repulse_max"] + 1):
        following = []
        for here in frontier:
            for there in sea_links(state, here):
                if there is OFF:
                    off = True
                elif there not in seen and there not in occupied:
                    seen.add(there)
                    following.append(there)
                    if distance >= settings["repulse_min"] and there not in _storms(state):
                        found.append(there)
        frontier = following
    return found + ([OFF] if off else [])


def base_defence(state, target: int) -> int:
    """0 for a pirate on a sea segment, 1 for a merchant on a trade route."""
    settings = components()["battle"]
    was = role(state, target)
    if was == "merchant":
        return settings["merchant_base_defence"]
    on_archipelago = any(name == "Archipelago" and node == state.ships[target][1] for name, node in state.explorations)
    if was == "pirate king" or (was == "pirate" and on_archipelago):
        return 1                                          # Pirate Cove, Archipelago: base defence 1
    return settings["pirate_base_defence"]


def canonical_commitment(held, amount: int) -> tuple:
    """``amount`` resources taken from the largest piles first (the computer players' default).

    >>> canonical_commitment([2, 1, 0, 3], 3)
    (1, 0, 0, 2)
    """
    left = list(held)
    taken = [0] * len(RESOURCES)
    for _ in range(amount):
        kind = max(range(len(left)), key=lambda k: (left[k], -k))
        left[kind] -= 1
        taken[kind] += 1
    return tuple(taken)


def commitments(held) -> list:
    """Every distinct commitment from ``held`` (how many of each type), by amount; within each amount the
    computer players' default (:func:`canonical_commitment`) comes first.  ``prod(h + 1)`` of them: at most
    :data:`MAX_COMMITMENTS` (65,536, one player holding all 60 resources).

    Rules: Pirates & Plunder › Moving Pirates and Battle

    >>> [sum(c) for c in commitments([1, 0, 0, 2])], commitments([1, 0, 0, 2])[:3]
    ([0, 1, 1, 2, 2, 3], [(0, 0, 0, 0), (0, 0, 0, 1), (1, 0, 0, 0)])
    """
    defaults = {}
    found = []
    for choice in product(*(range(h + 1) for h in held)):
        amount = sum(choice)
        if amount not in defaults:
            defaults[amount] = canonical_commitment(held, amount)
        found.append((amount, choice != defaults[amount], choice))
    found.sort()
    return [choice for _, _, choice in found]


def spend(state, player: int, resources: tuple) -> None:
    """Resources spent in battle go back to the supply."""
    for kind, count in enumerate(resources):
        state.resources[player][kind] -= count
        state.bank[kind] += count


def resolve_battle(state, pirate: int, target: int, attack: tuple, defence: tuple) -> bool:
    """Spend both sides' resources; return True if the attack succeeds (the defender surrenders).

    Rules: Pirates & Plunder › Moving Pirates and Battle
    """
    attacker, defender = state.ships[pirate][0], state.ships[target][0]
    strength, guard = sum(attack), base_defence(state, target) + sum(defence)
    was = role(state, target)
    spend(state, attacker, attack)
    spend(state, defender, defence)
    if guard >= strength:
        state.say(f"Player {defender + 1}'s {was} repulses the attack ({guard} against {strength}).")
        if was == "scavenger":                            # Reef: the attacker crashes
            del state.ships[pirate]
            state.say(f"Player {attacker + 1}'s pirate crashes on the reef and goes home.")
        return False
    node = state.ships[target][1]
    del state.ships[target]
    if was == "merchant" or was in ("scavenger", "royal cartographer", "viceroy", "pirate king"):
        owner, _, turn = state.ships[pirate]
        state.ships[pirate] = (owner, node, turn)
        if was != "merchant":
            state.roles[pirate] = was                     # the pirate takes the special ship's place
    state.say(f"Player {attacker + 1}'s pirate wins ({strength} against {guard}): player {defender + 1}'s {was} "
              f"goes home{' and the pirate becomes a merchant' if was == 'merchant' else ''}.")
    return True


# ------------------------------------------------------------ the steps after routes are completed
# The steps of the turn after routes are completed: ``pirates`` (move one pirate per completed route, in
# any order), ``attack`` and ``defend`` (:class:`Commit`, one seat at a time; with the Battles option the
# attack stays hidden until the defence is in), ``repulse`` (the defender pushes the attacker away).
#
# Rules: Pirates & Plunder › Moving Pirates and Battle


def movable(state, player: int, moved: tuple) -> list:
    """The player's pirates that may still move: not moved yet, not placed this turn."""
    return [s for s, (owner, node, turn) in sorted(state.ships.items())
            if owner == player and s not in moved and turn != state.turn and role(state, s) == "pirate"]


def pirate_actions(state, task) -> list:
    """Every pirate move, for each distinct route length left when the choice matters (another pirate
    could use the other route); the longest route's moves first.

    Rules: Pirates & Plunder › Moving Pirates and Battle
    """
    routes = task.data
    choices: list = [StopPirates()]
    lengths = sorted(set(routes.lengths), reverse=True)
    for ship in movable(state, task.player, routes.moved):
        others = len(routes.lengths) > 1 and movable(state, task.player, routes.moved + (ship,))
        for length in (lengths if others else lengths[:1]):
            for there, target, storm in pirate_moves(state, ship, length):
                if there is OFF:
                    choices.append(MovePirate(ship, None, storm=storm, route=length))
                else:
                    cell, segment = state.where(there)
                    choices.append(MovePirate(ship, cell, segment, target, storm, length))
    return choices


def move_pirate(state, task, action) -> None:
    from .exploration import Dues
    routes = task.data
    player = task.player
    state.flow.pop(state)
    if isinstance(action, StopPirates):
        state.say(f"Player {player + 1} stops moving pirates.")
        return
    left = list(routes.lengths)
    left.remove(action.route)
    if left and movable(state, player, routes.moved + (action.ship,)):
        state.flow.push(state, Task("pirates", player, Routes(tuple(left), routes.moved + (action.ship,))))
    storm = Task("pay", None, Dues(((action.ship, player),), 2, "to sail on through the storm (3 more points)",
                                   refusable=False))
    if action.cell is None:
        if action.storm:
            state.flow.push(state, storm)
        del state.ships[action.ship]
        state.say(f"Player {player + 1}'s pirate sails off an open edge and goes home.")
        return
    owner, _, turn = state.ships[action.ship]
    state.ships[action.ship] = (owner, state.node(action.cell, action.segment), turn)
    state.say(f"Player {player + 1} moves a pirate to {action.cell}.")
    if action.target >= 0:
        state.flow.push(state, Task("attack", player, Battle(action.ship, action.target)))
    if action.storm:
        state.flow.push(state, storm)


def commit_actions(state, task) -> list:
    """Every distinct commitment by resource type (:func:`commitments`).

    Rules: Pirates & Plunder › Moving Pirates and Battle
    """
    return [Commit(c) for c in commitments(state.resources[task.player])]


def commit_allowed(state, task, action) -> bool:
    """Any combination of resource types the player holds (checked without listing them all)."""
    held = state.resources[task.player]
    r = getattr(action, "resources", None)
    return (isinstance(action, Commit) and isinstance(r, tuple) and len(r) == len(RESOURCES)
            and all(type(n) is int and 0 <= n <= h for n, h in zip(r, held)))


def attack(state, task, action: Commit) -> None:
    battle = task.data
    defender = state.ships[battle.target][0]
    shown = "in secret" if state.game.options["secret_battles"] else f"{sum(action.resources)} resources"
    state.say(f"Player {task.player + 1} attacks player {defender + 1}'s {role(state, battle.target)}, "
             f"committing {shown}.")
    kept = tuple(h - c for h, c in zip(state.resources[task.player], action.resources))
    state.committed[task.player], state.kept[task.player] = resource_names(action.resources), resource_names(kept)
    state.flow.replace(state, Task("defend", defender, Battle(battle.pirate, battle.target, committed=True)))


def defend(state, task, action: Commit) -> None:
    battle = task.data
    state.flow.pop(state)
    pirate = battle.pirate
    attacker = state.ships[pirate][0]
    attack = resource_counts(state.committed[attacker])
    state.committed[attacker] = state.kept[attacker] = ()
    if state.game.options["secret_battles"]:
        state.say(f"Both commitments are revealed ({sum(attack)} against {sum(action.resources)}).")
    if not resolve_battle(state, pirate, battle.target, attack, action.resources) and pirate in state.ships:
        if repulse_destinations(state, pirate):
            state.flow.push(state, Task("repulse", task.player, Battle(pirate, battle.target)))
        else:
            del state.ships[pirate]
            state.say("The repulsed pirate has nowhere to go: it goes home.")


def repulse_actions(state, task) -> list:
    return [Repulse(None) if there is OFF else Repulse(*state.where(there))
            for there in repulse_destinations(state, task.data.pirate)]


def repulse(state, task, action: Repulse) -> None:
    pirate = task.data.pirate
    state.flow.pop(state)
    if action.cell is None:
        del state.ships[pirate]
        state.say(f"Player {task.player + 1} pushes the attacker off an open edge: it goes home.")
    else:
        owner, _, turn = state.ships[pirate]
        state.ships[pirate] = (owner, state.node(action.cell, action.segment), turn)
        state.say(f"Player {task.player + 1} pushes the attacker to {action.cell}.")
