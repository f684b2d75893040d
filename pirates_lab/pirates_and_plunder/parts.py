"""The parts of Pirates & Plunder as data: sea tiles, ships, resources, exploration tiles.

Rules: Pirates & Plunder › Parts

The rulebook prints no tile list, so ``data/tiles.toml`` is our design (marked ASSUMPTION), and
:func:`load_tiles` checks any tile list (ours or a user's) against one schema.

**Positions.**  Each tile edge has three places, numbered clockwise round the tile, so place
``3 * edge + i`` (edge ``N, E, S, W = 0..3``).  An island or sea edge fills all three places with
one segment; a trade-route edge has the route in the middle place and sea on either side.  A
segment is a bitmask of the places it touches, so turning a tile a quarter clockwise is a shift
by three places (:func:`pirates_lab.core.geometry.rotate_mask`)::

    >>> tiles = load_tiles()
    >>> tiles.total, tiles.types[tiles.start].name
    (80, "captain's wheel")
    >>> wheel = tiles.types[tiles.start]
    >>> wheel.edges, wheel.rotated_edges(1)       # N, E, S, W: island, route, sea, route
    ((2, 1, 0, 1), (1, 2, 1, 0))
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pirates_lab.core import InvalidInput, load_data
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import EDGE_NAMES, opposite, rotate_edges, rotate_mask

from .headings import GAME, RULE_PARTS

__all__ = ["GAME", "RULE_PARTS", "SEA", "ROUTE", "ISLAND", "EDGE_KINDS", "KINDS", "RESOURCES",
           "Segment", "TileType", "TileSet", "load_tiles", "tiles", "components", "exploration_tiles",
           "mirror", "PLACES", "MAX_SEGMENTS", "a_or_an", "resource_words", "said", "resource_names", "resource_counts"]


#: edge kinds as small integers (edges match when the integers are equal)
SEA, ROUTE, ISLAND = 0, 1, 2
EDGE_KINDS = {"S": SEA, "R": ROUTE, "I": ISLAND}
EDGE_WORDS = ("sea", "trade route", "island")
KINDS = ("island", "route", "sea", "port")
RESOURCES = ("cloth", "rum", "spice", "dye")
#: a tile has at most this many segments (a node of the feature forest is ``8 * tile + segment``)
MAX_SEGMENTS = 8

_SIDES = {0: ("west", "east"), 1: ("north", "south"), 2: ("east", "west"), 3: ("south", "north")}
#: every place name of the schema -> place number 0..11
PLACES: dict[str, int] = {}
for _edge, _name in enumerate("NESW"):
    PLACES[_name] = 3 * _edge + 1
    PLACES[f"{_name}:{_SIDES[_edge][0]}"] = 3 * _edge
    PLACES[f"{_name}:{_SIDES[_edge][1]}"] = 3 * _edge + 2
_WHOLE = 0b111


def said(value) -> str:
    """A user's value as a refusal quotes it: a whole number as typed, anything else quoted safely and shortly
    (:func:`pirates_lab.core.errors.shown`).

    >>> said(81), said("6\\n7"), said(2.5)
    ('81', "'6\\\\n7'", "'2.5'")
    """
    return str(value) if type(value) is int else shown(value)


def resource_names(counts) -> tuple:
    """Resources by type as one name per resource (the cards a hand would hold).

    >>> resource_names((1, 0, 2, 0))
    ('cloth', 'spice', 'spice')
    """
    return tuple(kind for n, kind in zip(counts, RESOURCES) for _ in range(n))


def resource_counts(names) -> tuple:
    """How many of each type (cloth, rum, spice, dye) a list of resource names holds.

    >>> resource_counts(("spice", "cloth", "spice"))
    (1, 0, 2, 0)
    """
    return tuple(sum(1 for name in names if name == kind) for kind in RESOURCES)


#: words that begin with a vowel letter but a consonant sound ("a one-way route") and the reverse ("an hour")
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "eu")
_VOWEL_SOUND = ("hour", "honest", "honour", "heir")


def a_or_an(word: str) -> str:
    """``word`` after "a" or "an", chosen by the sound it begins with.

    >>> a_or_an("explorer"), a_or_an("harbormaster"), a_or_an("island"), a_or_an("unique isle"), a_or_an("hour")
    ('an explorer', 'a harbormaster', 'an island', 'a unique isle', 'an hour')
    """
    low = word.lower()
    vowel = (low[:1] in tuple("aeiou") and not low.startswith(_CONSONANT_SOUND)) or low.startswith(_VOWEL_SOUND)
    return f"{'an' if vowel else 'a'} {word}"


def resource_words(counts) -> str:
    """Resources by type in words ("" for none).

    >>> resource_words((1, 0, 2, 0))
    '1 cloth, 2 spice'
    """
    return ", ".join(f"{n} {kind}" for n, kind in zip(counts, RESOURCES) if n)


def mirror(place: int) -> int:
    """The place of the neighbouring tile that touches ``place`` across the edge.

    >>> mirror(0), mirror(4), mirror(11)       # N:west meets S:west; E middle meets W middle
    (8, 10, 3)
    """
    edge, i = divmod(place, 3)
    return 3 * opposite(edge) + (2 - i)


@dataclass(frozen=True)
class Segment:
    """One terrain area of a tile and its icons."""

    kind: str
    places: int                    # bitmask of the 12 edge places it touches (0: an isle)
    resources: tuple = ()
    explore: bool = False
    galleons: int = 0
    serpents: int = 0
    port: str = ""                 # the resource a port yields
    island: int = -1               # a port's island segment on the same tile

    def describe(self) -> str:
        icons = [*self.resources, *(["exploration marker"] if self.explore else []),
                 *(["galleon"] * self.galleons), *(["serpent"] * self.serpents)]
        name = f"{self.port} port" if self.kind == "port" else {"route": "trade route"}.get(self.kind, self.kind)
        return name + (f" ({', '.join(icons)})" if icons else "")


@dataclass(frozen=True)
class TileType:
    """A kind of sea tile: its edges, segments and icons, with every rotation precomputed."""

    name: str
    edges: tuple                   # edge kinds N, E, S, W (SEA, ROUTE, ISLAND)
    copies: int
    segments: tuple
    start: bool = False
    crossroads: bool = False

    def rotated_edges(self, quarter_turns: int) -> tuple:
        return rotate_edges(self.edges, quarter_turns)

    def place_segments(self, quarter_turns: int) -> tuple:
        """For each of the 12 places (after turning), the index of the segment there."""
        owner = [-1] * 12
        for index, segment in enumerate(self.segments):
            mask = rotate_mask(segment.places, quarter_turns, 3)
            for place in range(12):
                if mask >> place & 1:
                    owner[place] = index
        return tuple(owner)

    def rotations(self) -> tuple:
        """The quarter turns (0..3) that give different tiles on the table (a symmetric tile has fewer)."""
        seen, keep = set(), []
        for turns in range(4):
            key = frozenset((rotate_mask(s.places, turns, 3), s.kind, s.resources, s.explore, s.galleons,
                             s.serpents, s.port) for s in self.segments)
            if key not in seen:
                seen.add(key)
                keep.append(turns)
        return tuple(keep)


@dataclass(frozen=True)
class TileSet:
    types: tuple
    start: int                     # index of the starting tile kind

    @property
    def total(self) -> int:
        return sum(t.copies for t in self.types)

    def index(self, name: str) -> int:
        for i, tile in enumerate(self.types):
            if tile.name == name:
                return i
        raise InvalidInput(f"There is no sea tile called {shown(name)}.")


def _fail(where: str, sentence: str):
    raise InvalidInput(f"Tile list, {where}: {sentence}")


def _segment(where: str, raw: dict, edges: tuple) -> Segment:
    known = {"kind", "at", "resources", "explore", "galleons", "serpents", "port", "island"}
    if not isinstance(raw, dict):
        _fail(where, "each segment is a table such as { kind = \"sea\", at = [\"N\"] }.")
    if set(raw) - known:
        _fail(where, f"unknown key(s) {', '.join(sorted(set(raw) - known))}; known: {', '.join(sorted(known))}.")
    kind = raw.get("kind")
    if kind not in KINDS:
        _fail(where, f"kind must be one of {', '.join(KINDS)}, not {shown(kind)}.")
    at = raw.get("at", [])
    if not isinstance(at, list) or any(name not in PLACES for name in at):
        _fail(where, f"`at` lists edge places from {', '.join(PLACES)}; got {shown(at)}.")
    places = 0
    for name in at:
        place = PLACES[name]
        edge = place // 3
        if ":" in name:
            if edges[edge] != ROUTE or kind != "sea":
                _fail(where, f"{name} is the sea beside a trade route: only a sea segment on a route edge can touch it.")
            bits = 1 << place
        elif edges[edge] == ROUTE:
            if kind != "route":
                _fail(where, f"the middle of the {EDGE_NAMES[edge]} edge is a trade route, not {kind}.")
            bits = 1 << place
        else:
            wanted = "island" if edges[edge] == ISLAND else "sea"
            if kind != wanted:
                _fail(where, f"the {EDGE_NAMES[edge]} edge is {wanted}, so {a_or_an(kind)} segment cannot touch it.")
            bits = _WHOLE << (3 * edge)
        if places & bits:
            _fail(where, f"{name} is listed twice.")
        places |= bits
    resources = raw.get("resources", [])
    if not isinstance(resources, list) or any(r not in RESOURCES for r in resources):
        _fail(where, f"resources are a list of {', '.join(RESOURCES)}; got {shown(resources)}.")
    if resources and kind not in ("island", "route"):
        _fail(where, "only islands and trade routes carry resources.")
    for count in ("galleons", "serpents"):
        value = raw.get(count, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            _fail(where, f"{count} is a whole number from 0 to 3, not {said(value)}.")
        if value and kind != "sea":
            _fail(where, f"{count} sail in the sea, not on {a_or_an(kind)} segment.")
    explore = raw.get("explore", False)
    if not isinstance(explore, bool) or (explore and kind != "island"):
        _fail(where, "explore = true marks an island segment only.")
    port, island = raw.get("port", ""), raw.get("island", -1)
    if kind == "port":
        if port not in RESOURCES:
            _fail(where, f"a port yields one of {', '.join(RESOURCES)}, not {shown(port)}.")
        if at:
            _fail(where, "a port touches no edge: it lies on its island (name it with island = index).")
    elif port or island != -1:
        _fail(where, "only a port segment has `port` and `island`.")
    if kind != "island" and kind != "port" and not at:
        _fail(where, f"a {kind} segment must touch at least one edge.")
    return Segment(kind, places, tuple(resources), explore, raw.get("galleons", 0), raw.get("serpents", 0), port, island)


def _tile(index: int, raw: dict) -> TileType:
    where = f"tile {index + 1}"
    known = {"name", "edges", "copies", "start", "crossroads", "segment"}
    if not isinstance(raw, dict) or set(raw) - known:
        _fail(where, f"a tile has the keys {', '.join(sorted(known))}.")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        _fail(where, "every tile needs a name.")
    where = f"tile {shown(name)}"
    letters = raw.get("edges")
    if not isinstance(letters, str) or len(letters) != 4 or any(c not in EDGE_KINDS for c in letters):
        _fail(where, f"edges are four letters (N, E, S, W) from I, R, S; got {shown(letters)}.")
    edges = tuple(EDGE_KINDS[c] for c in letters)
    copies = raw.get("copies")
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 80:
        _fail(where, f"copies is a whole number from 1 to 80, not {said(copies)}.")
    raw_segments = raw.get("segment", [])
    if not isinstance(raw_segments, list) or not 1 <= len(raw_segments) <= MAX_SEGMENTS:
        _fail(where, f"a tile has 1 to {MAX_SEGMENTS} segments.")
    segments = tuple(_segment(f"{where}, segment {i}", s, edges) for i, s in enumerate(raw_segments))
    covered = 0
    for segment in segments:
        covered |= segment.places
    if covered != (1 << 12) - 1:
        missing = [n for n, p in PLACES.items() if not covered >> p & 1 and (":" in n) == (edges[p // 3] == ROUTE and p % 3 != 1)]
        _fail(where, f"some edge places belong to no segment: {', '.join(missing) or 'see the edges'}.")
    for i, segment in enumerate(segments):
        if segment.kind == "port" and not (0 <= segment.island < len(segments) and segments[segment.island].kind == "island"):
            _fail(where, f"segment {i} is a port whose `island` is not an island segment of this tile.")
        if segment.kind == "route" and bin(segment.places).count("1") == 1:
            ends = raw.get("crossroads", False) or any(s.kind == "island" for s in segments)
            if not ends:
                _fail(where, "a trade route ending on this tile needs an island or crossroads = true.")
    start = raw.get("start", False)
    crossroads = raw.get("crossroads", False)
    if not isinstance(start, bool) or not isinstance(crossroads, bool):
        _fail(where, "start and crossroads are true or false.")
    return TileType(name.strip(), edges, copies, segments, start, crossroads)


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read and check a tile list (ours by default); InvalidInput with a sentence on any mistake."""
    data = load_data(GAME, Path(path) if path is not None else "tiles.toml")
    raw_tiles = data.get("tile")
    if not isinstance(raw_tiles, list) or not raw_tiles:
        raise InvalidInput("Tile list: it has no [[tile]] tables.")
    types = tuple(_tile(i, raw) for i, raw in enumerate(raw_tiles))
    names = [t.name for t in types]
    if len(set(names)) != len(names):
        raise InvalidInput("Tile list: two tiles have the same name.")
    starts = [i for i, t in enumerate(types) if t.start]
    if len(starts) != 1 or types[starts[0]].copies != 1:
        raise InvalidInput("Tile list: exactly one tile kind is the starting tile (start = true), with copies = 1.")
    expected = data.get("parts", {}).get("sea_tiles", 80)
    total = sum(t.copies for t in types)
    if total != expected:
        raise InvalidInput(f"Tile list: the copies add up to {total}, but [parts] sea_tiles says {expected}.")
    return TileSet(types, starts[0])


_CACHE: dict = {}


def tiles() -> TileSet:
    """Our tile list, loaded once."""
    if "tiles" not in _CACHE:
        _CACHE["tiles"] = load_tiles()
    return _CACHE["tiles"]


def components() -> dict:
    """The other components and our rule readings (``data/components.toml``)."""
    if "components" not in _CACHE:
        _CACHE["components"] = load_data(GAME, "components.toml")
    return _CACHE["components"]


def exploration_tiles(reading: str = "parts") -> tuple:
    """The ten exploration tiles: as the Parts list prints them, or with a Royal Port (``"royal port"``).

    >>> exploration_tiles().count("Natives"), "Royal Port" in exploration_tiles("royal port")
    (2, True)
    """
    table = components()["exploration"]
    key = {"parts": "parts", "royal port": "royal_port"}.get(reading)
    if key is None:
        raise InvalidInput(f"The exploration tiles are read as 'parts' or 'royal port', not {shown(reading)}.")
    return tuple(table[key])
