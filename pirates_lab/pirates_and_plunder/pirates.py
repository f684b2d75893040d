"""Moving pirates over the sea, and the battles they start.

Rules: Pirates & Plunder › Moving Pirates and Battle

Pirates move over sea *segments*: to the segment across a tile edge (1 point), or across a
trade route to the other sea segment of the same tile (1 point), or off an open edge (1 point;
the ship goes home).  A merchant counts as being on the sea segments either side of its route
on its tile.  Own ships block; an opponent's ship stops the pirate and starts a battle.
"""
from __future__ import annotations

from collections import deque

from pirates_lab.core import cite
from pirates_lab.core.geometry import step

from .parts import GAME, MAX_SEGMENTS, RESOURCES, ROUTE, components, mirror
from .scoring import role, segment_of

__all__ = ["RULE_PIRATES", "OFF", "sea_links", "occupancy", "pirate_moves",
           "repulse_destinations", "base_defence", "resolve_battle", "canonical_commitment", "spend"]

RULE_PIRATES = cite(GAME, "Moving Pirates and Battle")
#: "off an open edge of the board" as a destination
OFF = None


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
            if any(state.ships[s][0] == owner for s in others):
                continue                                  # never onto your own pirate or merchant
            if others:
                for other in others:                      # stop and battle
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
    """``amount`` resources taken from the largest piles first (what a computer player offers)."""
    left = list(held)
    taken = [0] * len(RESOURCES)
    for _ in range(amount):
        kind = max(range(len(left)), key=lambda k: (left[k], -k))
        left[kind] -= 1
        taken[kind] += 1
    return tuple(taken)


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
        state.say(f"Player {defender}'s {was} repulses the attack ({guard} against {strength}).")
        if was == "scavenger":                            # Reef: the attacker crashes
            del state.ships[pirate]
            state.say(f"Player {attacker}'s pirate crashes on the reef and goes home.")
        return False
    node = state.ships[target][1]
    del state.ships[target]
    if was == "merchant" or was in ("scavenger", "royal cartographer", "viceroy", "pirate king"):
        owner, _, turn = state.ships[pirate]
        state.ships[pirate] = (owner, node, turn)
        if was != "merchant":
            state.roles[pirate] = was                     # the pirate takes the special ship's place
    state.say(f"Player {attacker}'s pirate wins ({strength} against {guard}): player {defender}'s {was} "
              f"goes home{' and the pirate becomes a merchant' if was == 'merchant' else ''}.")
    return True
