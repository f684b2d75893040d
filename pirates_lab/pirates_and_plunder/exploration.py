"""The advanced rules: exploration tiles, where they go, the ships on them, and what they score.

Rules: Pirates & Plunder › Exploration Tiles

Readings we chose (ASSUMPTION, also in docs/pirates_and_plunder.md and data/components.toml):

- an exploration tile is laid on a segment already on the board (not on a square of its own):
  "in the sea" on a sea segment, "on an island" on an island segment, the Pirate Cove on an island
  segment of a tile that also has sea, the Royal Port on an island segment; one exploration tile per
  segment; the Storm only on a sea segment with no ship on it ("a ship may never end a turn on the
  storm tile"); the island tiles never on a completed island (house rule 13); a tile with nowhere to go
  is set aside;
- a ship is added to an exploration tile by the standard placement rule unless the tile prints an
  exemption: the Archipelago, the Natives and the Pirate Cove do; the Reef, the Royal Cartographer and
  the Viceroy do not (house rule 14);
- the extra turn is the laying of that tile (and a ship on it); one exploration tile per completed
  island that shows a marker, while the ten last;
- a pirate entering the Storm may pay 2 resources for 3 more points, once per move; no ship may end
  a move on the Storm;
- the Archipelago's bonus belongs to the sea segment: whichever pirate stands there defends with 1
  and counts as 2 pirates; the Pirate King counts as being on the sea segments of its tile (to be
  attacked) and its sea zone is that of the first sea segment of its tile; a pirate that beats a
  scavenger, royal cartographer, viceroy or pirate king takes its place and its role; these special
  ships never move (not even home when their island scores) and defend with base 0 (the pirate king
  with 1); the Governor counts as an explorer for the island's majority; the pirate king does not
  count for the island.

The players' choices are decisions (the computer players' default, the old automatic choice, is
listed first): whether to draw an exploration tile ("may draw"); for each explorer the Natives charge
and each ship the Storm strikes, which 2 resources to pay or to return the ship ("decides not to
pay"); which resources to take from the Buried Treasure ("up to 5 resources of their choice") and
at the Royal Port ("any one resource of their choice").
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from pirates_lab.core import Task, action, saveable

from .headings import (RULE_ADVANCED, RULE_BURIED, RULE_EXPLORATION, RULE_NATIVES, RULE_OF_TILE, RULE_ROYAL_PORT,
                       RULE_STORM)
from .parts import GAME, MAX_SEGMENTS, RESOURCES, a_or_an, resource_words
from .placing import find
from .scoring import feature, features, gain, role, segment_of

__all__ = ["RULE_ADVANCED", "RULE_EXPLORATION", "RULE_STORM", "RULE_NATIVES", "RULE_BURIED", "RULE_ROYAL_PORT",
           "SEA_TILES", "ISLAND_TILES", "ROLE_OF", "STAYING", "places", "why_not_laid", "lay", "can_man", "man", "archipelago_nodes",
           "storm_nodes", "pirate_weight", "fleet_galleons", "natives_charge", "final_bonuses", "payments", "takings",
           "treasure_hunters",
           "Dues", "Gift", "Exploring", "Pay", "ReturnShip", "Take", "DrawExploration", "NoExploration", "Explore",
           "LayExploration", "ManExploration", "payer",
           "explore_offer_actions", "explore_offer", "explore_odds", "explore_draw", "explore_actions", "why_not_explored",
           "explore_place", "explore_ship_actions", "explore_ship", "pay_actions", "pay_auto", "pay", "take_actions",
           "take_auto", "take"]


SEA_TILES = ("Archipelago", "Reef", "Royal Cartographer", "Storm", "Treasure Fleet", "Viceroy")
ISLAND_TILES = ("Buried Treasure", "Natives", "Pirate Cove", "Royal Port")
#: the role a ship takes on each exploration tile that holds one
ROLE_OF = {"Archipelago": "pirate", "Buried Treasure": "treasure hunter", "Natives": "governor",
           "Pirate Cove": "pirate king", "Reef": "scavenger", "Royal Cartographer": "royal cartographer",
           "Viceroy": "viceroy", "Royal Port": "harbormaster"}
#: special ships that never move and stay until the end
STAYING = ("pirate king", "scavenger", "royal cartographer", "viceroy")
#: the ships the Natives charge: explorers, the one on the Buried Treasure included
EXPLORERS = ("explorer", "treasure hunter")


# ---------------------------------------------------------------- actions and the data of the steps
@action("draw the exploration tile {tile}")
class Explore:
    tile: str


@action()
class LayExploration:
    cell: tuple
    segment: int

    def __str__(self):
        return f"lay the exploration tile on {self.cell} segment {self.segment}"


@action("place a ship on the exploration tile")
class ManExploration:
    pass


@action("draw an exploration tile (and take another turn)")
class DrawExploration:
    pass


@action("draw no exploration tile")
class NoExploration:
    pass


@action()
class Pay:
    """Pay these resources (how many of each type) to the supply."""

    resources: tuple

    def __str__(self):
        return f"pay {sum(self.resources)} resources ({resource_words(self.resources)})"


@action("return the ship to your supply instead of paying")
class ReturnShip:
    pass


@action()
class Take:
    """Take these resources (how many of each type) from the supply."""

    resources: tuple

    def __str__(self):
        named = resource_words(self.resources)
        return f"take {named} from the supply" if named else "take nothing"


@saveable
@dataclass(frozen=True)
class Dues:
    """Payments still to make, first first: ``(ship, owner)`` pairs, ``amount`` resources each, ``why``; with
    ``refusable`` an owner may return the ship to their supply instead."""

    ships: tuple
    amount: int
    why: str
    refusable: bool = True


@saveable
@dataclass(frozen=True)
class Exploring:
    """The extra turn's exploration tile, and the node it was laid on (-1 before it is laid)."""

    tile: str
    node: int = -1


@saveable
@dataclass(frozen=True)
class Gift:
    """Resources a player may take from the supply: at most ``most``, ``why``."""

    most: int
    why: str


# ---------------------------------------------------------------- where the tiles go, what they do
def _taken(state) -> set:
    return {node for _, node in state.explorations}


def places(state, name: str) -> list:
    """The nodes where exploration tile ``name`` may be laid, in board order (the Storm: not where a ship is;
    the island tiles: not on a completed island, which never scores again and would strand the ship on it:
    house rule 13 in docs/pirates_and_plunder.md).

    Rules: Pirates & Plunder › Storm
    """
    taken = _taken(state)
    if name == "Storm":                                   # a ship may never end a turn on the storm tile
        taken |= {node for _, node, _ in state.ships.values()}
    kind = "sea" if name in SEA_TILES else "island"
    found = []
    for index, (tile_kind, _, _, _) in enumerate(state.placed):
        segments = state.board.types[tile_kind].segments
        has_sea = any(s.kind == "sea" for s in segments)
        for number, segment in enumerate(segments):
            node = MAX_SEGMENTS * index + number
            if segment.kind == kind and node not in taken and (name != "Pirate Cove" or has_sea) and (
                    kind == "sea" or state.open[find(state.parent, node)] > 0):
                found.append(node)
    return found


def why_not_laid(state, name: str, cell, segment) -> str:
    """Why exploration tile ``name`` may not be laid on ``segment`` of the tile at ``cell``, in words ("" if it may).

    Rules: Pirates & Plunder › Exploration Tiles
    """
    index = state.cells.get(cell) if isinstance(cell, tuple) else None
    if index is None:
        return f"There is no tile at {cell}: an exploration tile is laid on a segment of a tile on the board."
    segments = state.board.types[state.placed[index][0]].segments
    if type(segment) is not int or not 0 <= segment < len(segments):
        return f"The tile at {cell} has segments 0 to {len(segments) - 1}."
    node = MAX_SEGMENTS * index + segment
    kind = "sea" if name in SEA_TILES else "island"
    if segments[segment].kind != kind:
        where = "the sea" if kind == "sea" else "an island"
        return f"The {name} is laid on {where}, not on {a_or_an(segments[segment].kind)} segment."
    if node in _taken(state):
        return "That segment already holds an exploration tile."
    if kind == "island" and state.open[find(state.parent, node)] == 0:
        return (f"That island is already completed: it never scores again, so a ship on the {name} would stay "
                "there for ever. Lay it on an island that is still open.")
    if name == "Pirate Cove" and not any(s.kind == "sea" for s in segments):
        return "The Pirate Cove is laid on an island segment of a tile that also has sea."
    if name == "Storm" and any(at == node for _, at, _ in state.ships.values()):
        return "A ship may never end a turn on the storm tile: lay it on a sea segment with no ship on it."
    return ""


def _largest(piles: list, count: int) -> tuple:
    left, taken = list(piles), [0] * len(RESOURCES)
    for _ in range(count):
        kind = max(range(len(left)), key=lambda k: (left[k], -k))
        if left[kind] == 0:
            break
        left[kind] -= 1
        taken[kind] += 1
    return tuple(taken)


def payments(held, amount: int) -> list:
    """Every distinct way to pay ``amount`` resources from ``held`` (how many of each type), the computer
    players' default (largest piles first) first; none if the player holds too few.  At most 10 (2 of 4 types).

    >>> payments([2, 1, 0, 0], 2)
    [(2, 0, 0, 0), (1, 1, 0, 0)]
    """
    if sum(held) < amount:
        return []
    default = _largest(held, amount)
    found = [c for c in product(*(range(min(h, amount) + 1) for h in held)) if sum(c) == amount and c != default]
    return [default] + sorted(found)


def takings(bank, most: int) -> list:
    """Every distinct choice of at most ``most`` resources from the supply ``bank``: the computer players'
    default (the most plentiful first) first, then fewer and fewer.  At most 126 (up to 5 of 4 types).

    >>> takings([0, 2, 1, 0], 1)
    [(0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 0)]
    """
    default = _largest(bank, most)
    found = [c for c in product(*(range(min(b, most) + 1) for b in bank)) if sum(c) <= most and c != default]
    return [default] + sorted(found, key=lambda c: (-sum(c), [-n for n in c]))


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


def lay(state, name: str, node: int, player: int) -> tuple:
    """Lay an exploration tile; the Storm strikes at once: return the ``(ship, owner)`` pairs that must pay 2
    resources or go home (each pirate in its sea zone, each merchant on a route bordering it).

    Rules: Pirates & Plunder › Storm
    """
    state.explorations.append((name, node))
    (x, y), segment = state.where(node)
    state.say(f"Player {player + 1} lays the {name} on ({x}, {y}) segment {segment}.")
    if name != "Storm":
        return ()
    root = find(state.parent, node)
    from .pirates import merchant_banks
    struck = []
    for ship, (owner, at, _) in sorted(state.ships.items()):
        what = role(state, ship)
        if (what == "pirate" and find(state.parent, at) == root) or (
                what == "merchant" and any(find(state.parent, b) == root for b in merchant_banks(state, at))):
            struck.append((ship, owner))
    return tuple(struck)


#: the tiles whose ship is placed "even if" (or "even though") its sea or island already holds ships; every
#: other tile's ship follows the standard placement rule (Placing Ships; house rule 14 in docs/pirates_and_plunder.md)
EXEMPT = ("Archipelago", "Natives", "Pirate Cove")


def can_man(state, name: str, node: int, player: int) -> bool:
    """May ``player`` place a ship on this exploration tile now?  Only the Archipelago, the Natives and the
    Pirate Cove print an exemption from the standard placement rule ("may not place a ship on an island, trade
    route, or sea segment that already contains a ship"); the Buried Treasure, the Royal Port, the Reef, the
    Royal Cartographer and the Viceroy follow it (the special ships that never move aside, as for every ship).

    Rules: Pirates & Plunder › Placing Ships
    """
    if name not in ROLE_OF or state.supply(player) == 0:     # laid this very turn: nobody is on it yet
        return False
    if name in EXEMPT:
        return True
    return not any(state.roles.get(ship) not in STAYING for ship in feature(state, node).ships)


def man(state, name: str, node: int, player: int) -> tuple:
    """Place ``player``'s ship on the exploration tile; Buried Treasure scores 5.  Return the ``(ship, owner)``
    pairs the Natives charge (:func:`natives_charge`: every explorer on that island, not the Governor).

    Rules: Pirates & Plunder › Natives
    """
    ship = next(player * 8 + k for k in range(8) if player * 8 + k not in state.ships)
    state.ships[ship] = (player, node, state.turn)
    state.roles.pop(ship, None)
    if ROLE_OF[name] != "pirate":
        state.roles[ship] = ROLE_OF[name]
    state.say(f"Player {player + 1} places a ship on the {name}: it is the {ROLE_OF[name]}.")
    if name == "Buried Treasure":
        state.points[player] += 5
        state.scoring.append((player, 5, "an explorer on the Buried Treasure."))
        state.say(f"Player {player + 1} scores 5: an explorer on the Buried Treasure.")
    return natives_charge(state, node) if name == "Natives" else ()


def natives_charge(state, node: int) -> tuple:
    """The ``(ship, owner)`` pairs the Natives laid on ``node`` charge: every explorer on that island (the one on
    the Buried Treasure too), not the Governor.  The charge is the tile's: it comes whether or not a Governor
    is placed ("allows the immediate placement of a ship … as a Governor … Each player must then pay").

    Rules: Pirates & Plunder › Natives
    """
    return tuple((ship, state.ships[ship][0]) for ship in feature(state, node).ships
                 if role(state, ship) in EXPLORERS)


def treasure_hunters(state, found) -> list:
    """The owners of the treasure hunters on a completed island: each may take up to 5 resources.

    Rules: Pirates & Plunder › Buried Treasure
    """
    return [state.ships[ship][0] for ship in found.ships if state.roles.get(ship) == "treasure hunter"]


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


def payer(state, task) -> int:
    """the owner of the next ship that must pay"""
    return task.data.ships[0][1]


# ------------------------------------------------------------ the steps of the advanced rules
# The steps of the advanced rules: ``explore_offer`` (draw an exploration tile or not), ``explore_draw``
# (chance), ``explore_place`` and ``explore_ship``; ``pay`` (the Natives, the Storm: pay 2 resources or
# return the ship); ``treasure`` and ``royal_port`` (resources of the player's choice).
#
# Rules: Pirates & Plunder › Advanced Rules


def explore_offer_actions(state, task) -> list:
    """Rules: Pirates & Plunder › Advanced Rules"""
    return [DrawExploration(), NoExploration()]


def explore_offer(state, task, action) -> None:
    if isinstance(action, DrawExploration):
        state.flow.replace(state, Task("explore_draw", task.player))
    else:
        state.flow.pop(state)
        state.say(f"Player {task.player + 1} draws no exploration tile.")


def explore_odds(state, task):
    """Each exploration tile left equally likely (outcomes in the Parts list's order, the same in every run)."""
    from pirates_lab.core import Dist
    return Dist.from_weights({Explore(name): state.explore_bag.count(name) for name in dict.fromkeys(state.explore_bag)})


def explore_draw(state, task, action) -> None:
    """Rules: Pirates & Plunder › Advanced Rules"""
    state.explore_bag.remove(action.tile)
    state.flow.pop(state)
    if not places(state, action.tile):
        state.say(f"Player {task.player + 1} draws the {action.tile}: there is nowhere to lay it.")
        return
    state.say(f"Player {task.player + 1} draws the exploration tile {action.tile} and takes another turn.")
    state.flow.push(state, Task("explore_place", task.player, Exploring(action.tile)))


def explore_actions(state, task) -> list:
    """Rules: Pirates & Plunder › Exploration Tiles"""
    return [LayExploration(*state.where(node)) for node in places(state, task.data.tile)]


def why_not_explored(state, task, action):
    """Refuse a place the tile may not go, citing the tile's own heading.

    Rules: Pirates & Plunder › Exploration Tiles
    """
    from pirates_lab.core import IllegalMove
    if isinstance(action, LayExploration):
        reason = why_not_laid(state, task.data.tile, action.cell, action.segment)
        if reason:
            return IllegalMove(RULE_OF_TILE[task.data.tile], reason)
    return None


def explore_place(state, task, action) -> None:
    name = task.data.tile
    node = state.node(action.cell, action.segment)
    struck = lay(state, name, node, task.player)
    state.flow.pop(state)
    if can_man(state, name, node, task.player):
        state.flow.push(state, Task("explore_ship", task.player, Exploring(name, node)))
    elif name == "Natives":                           # no Governor can land: the explorers pay all the same
        struck = natives_charge(state, node)
    if struck:
        state.flow.push(state, Task("pay", None, Dues(struck, 2, "to the storm" if name == "Storm" else "to the natives")))


def explore_ship_actions(state, task) -> list:
    from .game import NoShip
    return [NoShip(), ManExploration()]


def explore_ship(state, task, action) -> None:
    state.flow.pop(state)
    if isinstance(action, ManExploration):
        charged = man(state, task.data.tile, task.data.node, task.player)
    else:
        charged = natives_charge(state, task.data.node) if task.data.tile == "Natives" else ()
    if charged:
        state.flow.push(state, Task("pay", None, Dues(charged, 2, "to the natives")))


def pay_actions(state, task) -> list:
    """Pay 2 resources, any types (the default first), or return the ship when that is allowed.

    Rules: Pirates & Plunder › Natives
    """
    dues = task.data
    ship, owner = dues.ships[0]
    choices: list = [Pay(c) for c in payments(state.resources[owner], dues.amount)]
    return choices + [ReturnShip()] if dues.refusable else choices


def pay_auto(state, task):
    """With one way only (too poor to pay: the ship goes home) there is nothing to decide."""
    choices = pay_actions(state, task)
    if len(choices) != 1:
        return False
    pay(state, task, choices[0])
    return True


def pay(state, task, action) -> None:
    """Rules: Pirates & Plunder › Storm"""
    dues = task.data
    (ship, owner), later = dues.ships[0], dues.ships[1:]
    if later:
        state.flow.replace(state, Task("pay", None, Dues(later, dues.amount, dues.why, dues.refusable)))
    else:
        state.flow.pop(state)
    if isinstance(action, Pay):
        for kind, count in enumerate(action.resources):
            state.resources[owner][kind] -= count
            state.bank[kind] += count
        state.say(f"Player {owner + 1} pays {dues.amount} resources ({resource_words(action.resources)}) {dues.why}.")
    elif ship in state.ships:
        what = role(state, ship)
        could = "does not pay" if sum(state.resources[owner]) >= dues.amount else "cannot pay"
        del state.ships[ship]
        state.say(f"Player {owner + 1} {could} {dues.why}: the {what} goes home.")


def take_actions(state, task) -> list:
    """Rules: Pirates & Plunder › Buried Treasure"""
    return [Take(c) for c in takings(state.bank, task.data.most)]


def take_auto(state, task):
    """An empty supply leaves nothing to choose."""
    if any(state.bank):
        return False
    state.flow.pop(state)
    state.say(f"Player {task.player + 1} would take resources {task.data.why}, but the supply is empty.")
    return True


def take(state, task, action) -> None:
    """Rules: Pirates & Plunder › Royal Port"""
    state.flow.pop(state)
    for kind, count in enumerate(action.resources):
        for _ in range(count):
            gain(state, task.player, RESOURCES[kind], task.data.why)
    if sum(action.resources):
        state.say(f"Player {task.player + 1} takes {resource_words(action.resources)} {task.data.why}.")
    else:
        state.say(f"Player {task.player + 1} takes nothing {task.data.why}.")
