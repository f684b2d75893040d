"""Scoring islands and trade routes during the game, ports, and the final scoring.

Rules: Pirates & Plunder › Scoring Islands and Trade Routes

Every point scored is written down as an event ``(player, points, sentence)`` in
``state.scoring``, so a breakdown in words is always at hand (:func:`breakdown`).
"""
from __future__ import annotations

from dataclasses import dataclass

from pirates_lab.core.report import plural

from .headings import RULE_FINAL, RULE_PORTS, RULE_SCORING
from .parts import GAME, MAX_SEGMENTS, RESOURCES, components, resource_counts, resource_words
from .placing import find, neighbours8

__all__ = ["RULE_SCORING", "RULE_PORTS", "RULE_FINAL", "ROLES", "Feature", "feature", "features", "role",
           "score_feature", "collect_port_resources", "final_scoring", "breakdown", "gain", "describe"]


#: ships not returned to their owner after island scoring: harbormasters (Ports) and the pirate king (Pirate Cove:
#: it scores at the end of the game)
STAY_AFTER_SCORING = ("harbormaster", "pirate king")
#: the name a ship takes from the segment it is on (Placing Ships)
ROLES = {"route": "merchant", "island": "explorer", "port": "harbormaster", "sea": "pirate"}
_WORDS = {"route": "trade route", "island": "island", "sea": "sea zone"}


@dataclass(frozen=True)
class Feature:
    """A merged island, trade route or sea zone, as it stands."""

    kind: str                      # "island", "route" or "sea"
    root: int
    segments: int                  # island / route / sea segments (ports not counted)
    open: int                      # edge places still facing an empty square
    nodes: tuple                   # every node (8 * tile + segment) in it, ports included
    ships: tuple                   # ids of the ships on it
    resources: tuple               # resource icons on it
    galleons: int
    serpents: int

    @property
    def complete(self) -> bool:
        return self.open == 0

    @property
    def name(self) -> str:
        return _WORDS[self.kind]


def segment_of(state, node: int):
    kind, _, _, _ = state.placed[node // MAX_SEGMENTS]
    return state.board.types[kind].segments[node % MAX_SEGMENTS]


def role(state, ship: int) -> str:
    """merchant, explorer, harbormaster or pirate: named after the segment the ship is on (or a special role
    taken on an exploration tile: governor, pirate king, scavenger …)."""
    special = state.roles.get(ship)
    return special if special is not None else ROLES[segment_of(state, state.ships[ship][1]).kind]


def _nodes(state):
    for index, (kind, _, _, _) in enumerate(state.placed):
        for number in range(len(state.board.types[kind].segments)):
            yield MAX_SEGMENTS * index + number


def features(state) -> dict:
    """Every feature on the board: root -> :class:`Feature`."""
    groups: dict = {}
    for node in _nodes(state):
        groups.setdefault(find(state.parent, node), []).append(node)
    ships: dict = {}
    for ship, (_, node, _) in sorted(state.ships.items()):
        ships.setdefault(find(state.parent, node), []).append(ship)
    return {root: _feature(state, root, nodes, ships.get(root, ())) for root, nodes in groups.items()}


def feature(state, node: int) -> Feature:
    """The feature that ``node`` belongs to."""
    root = find(state.parent, node)
    nodes = [n for n in _nodes(state) if find(state.parent, n) == root]
    ships = [s for s, (_, n, _) in sorted(state.ships.items()) if find(state.parent, n) == root]
    return _feature(state, root, nodes, ships)


def _feature(state, root: int, nodes, ships) -> Feature:
    segments = [segment_of(state, n) for n in nodes]
    kind = segment_of(state, root).kind
    kind = "island" if kind == "port" else kind
    return Feature(kind, root, state.size[root], state.open[root], tuple(nodes), tuple(ships),
                   tuple(r for s in segments for r in s.resources),
                   sum(s.galleons for s in segments), sum(s.serpents for s in segments))


def gain(state, player: int, resource: str, why: str) -> bool:
    """Give ``player`` one resource from the supply (none if the supply has run out)."""
    kind = RESOURCES.index(resource)
    if state.bank[kind] == 0:
        state.say(f"Player {player + 1} would collect {resource} ({why}), but the supply has none left.")
        return False
    state.bank[kind] -= 1
    state.resources[player][kind] += 1
    return True


def _score(state, player: int, points: int, sentence: str) -> None:
    state.points[player] += points
    state.scoring.append((player, points, sentence))
    state.say(f"Player {player + 1} scores {points}: {sentence}")


def _majority(counts: dict) -> list:
    best = max(counts.values(), default=0)
    return sorted(p for p, c in counts.items() if c == best and best > 0)


def score_feature(state, node: int, completer: int, final: bool = False) -> Feature:
    """Score the island or trade route of ``node``; return it (ships go home unless ``final``).

    Rules: Pirates & Plunder › Scoring Islands and Trade Routes
    """
    found = feature(state, node)
    settings = components()["scoring"]
    counts: dict = {}
    for ship in found.ships:
        if role(state, ship) != "pirate king":          # Pirate Cove: never counted for the island
            counts[state.ships[ship][0]] = counts.get(state.ships[ship][0], 0) + 1
    winners = _majority(counts)
    status = "incomplete " if final else "completed "
    if found.kind == "route":
        points = settings["route_segment"] * found.segments
        what = f"{status}trade route of {plural(found.segments, 'segment')}"
    else:
        points = settings["island_segment"] * found.segments
        what = f"{status}island of {plural(found.segments, 'segment')}"
    who = ", ".join(f"player {p + 1}: {c}" for p, c in sorted(counts.items()))
    ships_word = "merchants" if found.kind == "route" else "explorers and harbormasters"
    tie = " (a tie: all tied players score)" if len(winners) > 1 else ""
    for player in winners:
        _score(state, player, points, f"the {what}, with the most {ships_word} ({who}){tie}.")
    if not winners:
        state.say(f"The {what} scores for nobody: no {ships_word} on it.")
    if not final:
        if found.kind == "route":
            order = sorted(winners, key=lambda p: (p - completer) % state.game.players)
            for player in order:
                _collect(state, player, found.resources, f"on the {what}")
        else:
            _collect(state, completer, found.resources, f"for completing the {what[len(status):]}")
        for ship in found.ships:                        # harbormasters stay (Ports), the pirate king too
            if role(state, ship) not in STAY_AFTER_SCORING:
                del state.ships[ship]
    return found


def _collect(state, player: int, resources, why: str) -> None:
    """Give ``player`` these resources from the supply, one by one, and say what they got (public: every
    player's resources are on the table)."""
    got = [resource for resource in resources if gain(state, player, resource, why)]
    if got:
        state.say(f"Player {player + 1} collects {resource_words(resource_counts(got))} {why}.")


def collect_port_resources(state, cell: tuple) -> list:
    """Harbormasters next to the tile just laid collect; those whose port is surrounded go home.  Return the
    players whose harbormaster at the Royal Port may now take one resource of their choice.

    Rules: Pirates & Plunder › Ports
    """
    choosing: list = []
    if not state.ships:
        return choosing
    around = set(neighbours8(cell))
    for ship, (owner, node, _) in sorted(state.ships.items()):
        segment = segment_of(state, node)
        royal = state.roles.get(ship) == "harbormaster"      # the Royal Port: any one resource of their choice
        if segment.kind != "port" and not royal:
            continue
        _, _, x, y = state.placed[node // MAX_SEGMENTS]
        if (x, y) in around:
            if royal:
                choosing.append(owner)
            elif gain(state, owner, segment.port, "at the harbour"):
                state.say(f"Player {owner + 1}'s harbormaster collects 1 {segment.port} at the port at {(x, y)}: "
                          "a tile was laid beside it.")
        if all(n in state.cells for n in neighbours8((x, y))):
            del state.ships[ship]
            state.say(f"The port at {(x, y)} is surrounded: player {owner + 1}'s harbormaster goes home.")
    return choosing


def final_scoring(state) -> None:
    """Incomplete islands and routes, resource majorities, sea zones.

    Rules: Pirates & Plunder › Final Scoring
    """
    settings = components()["scoring"]
    for root, found in sorted(features(state).items()):
        if found.kind in ("island", "route") and not found.complete and found.ships:
            score_feature(state, root, completer=-1, final=True)
    for kind, name in enumerate(RESOURCES):
        held = {p: state.resources[p][kind] for p in range(state.game.players)}
        for player in _majority(held):
            _score(state, player, settings["majority_bonus"], f"the most {name} ({held[player]}).")
    for root, found in sorted(features(state).items()):
        if found.kind != "sea":
            continue
        pirates: dict = {}
        archipelago = {node for name, node in state.explorations if name == "Archipelago"}
        for ship in found.ships:
            if role(state, ship) == "pirate":               # scavengers, cartographers, viceroys are not pirates
                weight = 2 if state.ships[ship][1] in archipelago else 1
                pirates[state.ships[ship][0]] = pirates.get(state.ships[ship][0], 0) + weight
        fleets = 3 * sum(1 for name, node in state.explorations if name == "Treasure Fleet" and find(state.parent, node) == root)
        galleons = found.galleons + fleets
        value = max(0, settings["galleon"] * galleons + settings["serpent"] * found.serpents)
        if value == 0:
            continue
        for player in _majority(pirates):
            _score(state, player, value, f"the most pirates ({pirates[player]}) in a sea zone with "
                                         f"{plural(galleons, 'galleon')} and {plural(found.serpents, 'serpent')}.")


def breakdown(state, player: int | None = None) -> list:
    """The scoring so far in words: one sentence per score, for one player or everyone."""
    return [f"Player {p + 1}: +{points} for {sentence}" for p, points, sentence in state.scoring
            if player is None or p == player]


def describe(state, node: int) -> str:
    """A feature in words: what it is, whether it is complete, who leads it and what it is worth."""
    found = feature(state, node)
    settings = components()["scoring"]
    counts: dict = {}
    for ship in found.ships:
        counts[state.ships[ship][0]] = counts.get(state.ships[ship][0], 0) + 1
    status = "complete" if found.complete else f"open ({plural(found.open, 'open edge place')})"
    article = "An" if found.name[0] in "aeiou" else "A"
    text = f"{article} {found.name} of {plural(found.segments, 'segment')}, {status}"
    if found.kind == "sea":
        value = max(0, settings["galleon"] * found.galleons + settings["serpent"] * found.serpents)
        lead = _majority(counts)
        who = " and ".join(f"player {p + 1}" for p in lead) or "nobody (no pirates)"
        return f"{text}, with {plural(found.galleons, 'galleon')} and {plural(found.serpents, 'serpent')}: " \
               f"worth {value} at the end to {who}."
    points = (settings["route_segment"] if found.kind == "route" else settings["island_segment"]) * found.segments
    lead = _majority(counts)
    who = " and ".join(f"player {p + 1}" for p in lead) or "nobody yet"
    icons = f"; resources on it: {', '.join(found.resources)}" if found.resources else ""
    return f"{text}: worth {points} points to {who}{icons}."
