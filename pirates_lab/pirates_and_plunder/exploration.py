"""The advanced rules: exploration tiles, where they go, the ships on them, and what they score.

Rules: Pirates & Plunder › Exploration Tiles

Readings we chose (ASSUMPTION, also in docs/pirates_and_plunder.md and data/components.toml):

- an exploration tile is laid on a segment already on the board (not on a square of its own):
  "in the sea" on a sea segment, "on an island" on an island segment, the Pirate Cove on an island
  segment of a tile that also has sea, the Royal Port on an island segment; one exploration tile per
  segment; a tile with nowhere to go is set aside;
- the extra turn is the laying of that tile (and a ship on it); one exploration tile per completed
  island that shows a marker, while the ten last;
- payments (Natives, Storm) are made automatically while the player can pay, from their largest
  piles; otherwise the ship goes home.  Buried Treasure's 5 resources are taken from the supply's
  largest piles.  The Royal Port's harbormaster takes the resource the supply has most of;
- a pirate entering the Storm may pay 2 resources for 3 more points, once per move; no ship may end
  a move on the Storm;
- the Archipelago's bonus belongs to the sea segment: whichever pirate stands there defends with 1
  and counts as 2 pirates; the Pirate King counts as being on the sea segments of its tile (to be
  attacked) and its sea zone is that of the first sea segment of its tile; a pirate that beats a
  scavenger, royal cartographer, viceroy or pirate king takes its place and its role; these special
  ships never move and defend with base 0 (the pirate king with 1); the Governor counts as an
  explorer for the island's majority; the pirate king does not count for the island.
"""
from __future__ import annotations

from pirates_lab.core import cite

from .parts import GAME, MAX_SEGMENTS, RESOURCES
from .placing import find
from .scoring import feature, features, gain, role, segment_of

__all__ = ["RULE_ADVANCED", "RULE_EXPLORATION", "RULE_STORM", "RULE_NATIVES", "RULE_BURIED", "SEA_TILES",
           "ISLAND_TILES", "ROLE_OF", "STAYING", "places", "lay", "can_man", "man", "archipelago_nodes",
           "storm_nodes", "pirate_weight", "fleet_galleons", "final_bonuses", "pay", "treasure_collection"]

RULE_ADVANCED = cite(GAME, "Advanced Rules")
RULE_EXPLORATION = cite(GAME, "Exploration Tiles")
RULE_STORM = cite(GAME, "Storm")
RULE_NATIVES = cite(GAME, "Natives")
RULE_BURIED = cite(GAME, "Buried Treasure")

SEA_TILES = ("Archipelago", "Reef", "Royal Cartographer", "Storm", "Treasure Fleet", "Viceroy")
ISLAND_TILES = ("Buried Treasure", "Natives", "Pirate Cove", "Royal Port")
#: the role a ship takes on each exploration tile that holds one
ROLE_OF = {"Archipelago": "pirate", "Buried Treasure": "treasure hunter", "Natives": "governor",
           "Pirate Cove": "pirate king", "Reef": "scavenger", "Royal Cartographer": "royal cartographer",
           "Viceroy": "viceroy", "Royal Port": "harbormaster"}
#: special ships that never move and stay until the end
STAYING = ("pirate king", "scavenger", "royal cartographer", "viceroy")


def _taken(state) -> set:
    return {node for _, node in state.explorations}


def places(state, name: str) -> list:
    """The nodes where exploration tile ``name`` may be laid, in board order."""
    taken = _taken(state)
    kind = "sea" if name in SEA_TILES else "island"
    found = []
    for index, (tile_kind, _, _, _) in enumerate(state.placed):
        segments = state.board.types[tile_kind].segments
        has_sea = any(s.kind == "sea" for s in segments)
        for number, segment in enumerate(segments):
            node = MAX_SEGMENTS * index + number
            if segment.kind == kind and node not in taken and (name != "Pirate Cove" or has_sea):
                found.append(node)
    return found


def _largest(piles: list, count: int) -> tuple:
    left, taken = list(piles), [0] * len(RESOURCES)
    for _ in range(count):
        kind = max(range(len(left)), key=lambda k: (left[k], -k))
        if left[kind] == 0:
            break
        left[kind] -= 1
        taken[kind] += 1
    return tuple(taken)


def pay(state, player: int, amount: int, why: str) -> bool:
    """Pay ``amount`` resources to the supply (largest piles first) if the player can; else pay nothing."""
    held = state.resources[player]
    if sum(held) < amount:
        return False
    for kind, count in enumerate(_largest(held, amount)):
        held[kind] -= count
        state.bank[kind] += count
    state.say(f"Player {player} pays {amount} resources {why}.")
    return True


def _sea_root(state, node: int) -> int:
    """The sea zone a special ship belongs to: its own sea segment, or the first sea segment of its tile."""
    if segment_of(state, node).kind == "sea":
        return find(state.parent, node)
    index = node // MAX_SEGMENTS
    kind = state.placed[index][0]
    first = next(n for n, s in enumerate(state.board.types[kind].segments) if s.kind == "sea")
    return find(state.parent, MAX_SEGMENTS * index + first)


def archipelago_nodes(state) -> set:
    return {node for name, node in state.explorations if name == "Archipelago"}


def storm_nodes(state) -> set:
    return {node for name, node in state.explorations if name == "Storm"}


def pirate_weight(state, ship: int) -> int:
    """How many pirates a ship counts for in its sea zone (2 on the Archipelago, 0 if not a pirate)."""
    if role(state, ship) != "pirate":
        return 0
    return 2 if state.ships[ship][1] in archipelago_nodes(state) else 1


def fleet_galleons(state, root: int) -> int:
    """Extra galleons in the sea zone ``root``: 3 for each Treasure Fleet in it."""
    return 3 * sum(1 for name, node in state.explorations if name == "Treasure Fleet" and find(state.parent, node) == root)


def lay(state, name: str, node: int, player: int) -> None:
    """Lay an exploration tile; the Storm strikes at once.

    Rules: Pirates & Plunder › Storm
    """
    state.explorations.append((name, node))
    (x, y), segment = state.where(node)
    state.say(f"Player {player} lays the {name} on ({x}, {y}) segment {segment}.")
    if name != "Storm":
        return
    root = find(state.parent, node)
    from .pirates import merchant_banks
    for ship, (owner, at, _) in sorted(state.ships.items()):
        what = role(state, ship)
        struck = (what == "pirate" and find(state.parent, at) == root) or (
            what == "merchant" and any(find(state.parent, b) == root for b in merchant_banks(state, at)))
        if struck and not pay(state, owner, 2, f"for its {what} in the storm"):
            del state.ships[ship]
            state.say(f"Player {owner}'s {what} cannot pay for the storm: it goes home.")


def can_man(state, name: str, node: int, player: int) -> bool:
    """May ``player`` place a ship on this exploration tile now?"""
    if name not in ROLE_OF or state.supply(player) == 0:     # laid this very turn: nobody is on it yet
        return False
    if name in ("Buried Treasure", "Royal Port"):        # the standard placement rule
        return not feature(state, node).ships
    return True


def man(state, name: str, node: int, player: int) -> int:
    """Place ``player``'s ship on the exploration tile; Buried Treasure scores, the Natives demand payment.

    Rules: Pirates & Plunder › Natives
    """
    ship = next(player * 8 + k for k in range(8) if player * 8 + k not in state.ships)
    state.ships[ship] = (player, node, state.turn)
    state.roles.pop(ship, None)
    if ROLE_OF[name] != "pirate":
        state.roles[ship] = ROLE_OF[name]
    state.say(f"Player {player} places a ship on the {name}: it is the {ROLE_OF[name]}.")
    if name == "Buried Treasure":
        state.points[player] += 5
        state.scoring.append((player, 5, "an explorer on the Buried Treasure."))
        state.say(f"Player {player} scores 5: an explorer on the Buried Treasure.")
    if name == "Natives":
        for other in feature(state, node).ships:
            if other != ship and role(state, other) == "explorer":
                owner = state.ships[other][0]
                if not pay(state, owner, 2, "to the natives"):
                    del state.ships[other]
                    state.say(f"Player {owner} cannot pay the natives: the explorer goes home.")
    return ship


def treasure_collection(state, found) -> None:
    """When an island with a treasure hunter is completed, its owner takes up to 5 resources.

    Rules: Pirates & Plunder › Buried Treasure
    """
    for ship in found.ships:
        if state.roles.get(ship) == "treasure hunter":
            owner = state.ships[ship][0]
            for kind, count in enumerate(_largest(state.bank, 5)):
                for _ in range(count):
                    gain(state, owner, RESOURCES[kind], "from the Buried Treasure")


def final_bonuses(state) -> list:
    """``(player, points, sentence)`` for the special ships at the end of the game.

    Rules: Pirates & Plunder › Exploration Tiles
    """
    zones = features(state)
    bonuses = []
    for ship, (owner, node, _) in sorted(state.ships.items()):
        special = state.roles.get(ship)
        if special == "pirate king":
            root = _sea_root(state, node)
            pirates = sum(pirate_weight(state, s) for s in zones[root].ships) + 1
            bonuses.append((owner, 2 * pirates, f"the pirate king, with {pirates} pirates in its sea zone (itself included)."))
        elif special == "scavenger":
            root = _sea_root(state, node)
            galleons = zones[root].galleons + fleet_galleons(state, root)
            bonuses.append((owner, galleons, f"the scavenger on the reef, 1 per galleon in its sea zone ({galleons})."))
        elif special == "royal cartographer":
            bonuses.append((owner, state.tallies[0], f"the royal cartographer, 1 per completed island ({state.tallies[0]})."))
        elif special == "viceroy":
            bonuses.append((owner, state.tallies[1], f"the viceroy, 1 per completed trade route of 3 or more ({state.tallies[1]})."))
    return [b for b in bonuses if b[1]]
