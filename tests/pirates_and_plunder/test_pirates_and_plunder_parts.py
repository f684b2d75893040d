"""Pirates & Plunder by rule: Parts — the tiles as data: kinds, segments, galleons, crossroads, refusals of a broken tile file.

Rules: Pirates & Plunder › Parts
"""
from __future__ import annotations

from collections import Counter

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.core.geometry import rotate_mask
from pirates_lab.pirates_and_plunder.parts import (components, exploration_tiles, ISLAND, load_tiles, mirror, PLACES,
                                                   ROUTE, SEA, tiles)
from pnp_helpers import ROUTE_TILE, refusal


START = """
[parts]
sea_tiles = 1

[[tile]]
{name}edges = "IRSR"
copies = 1
start = true
segment = [
  { kind = "island", at = ["N"] },
  { kind = "route", at = ["E", "W"] },
  { kind = "sea", at = ["E:north", "W:north"] },
  { kind = "sea", at = ["E:south", "S", "W:south"] },
]
"""


TILE = """
[parts]
sea_tiles = {total}

[[tile]]
name = "start"
edges = "IRSR"
copies = 1
start = true
segment = [
  {{ kind = "island", at = ["N"] }},
  {{ kind = "route", at = ["E", "W"] }},
  {{ kind = "sea", at = ["E:north", "W:north"] }},
  {{ kind = "sea", at = ["E:south", "S", "W:south"] }},
]
"""


def write(tmp_path, text):
    path = tmp_path / "tiles.toml"
    path.write_text(text)
    return path


# ------------------------------------------------------------------ a user's tile list: every mistake in one sentence
SEGMENTS = '''  {{ kind = "island", at = ["N"] }},
  {{ kind = "route", at = ["E", "W"] }},
  {{ kind = "sea", at = ["E:north", "W:north"] }},
  {{ kind = "sea", at = ["E:south", "S", "W:south"] }},'''


def one_tile(segments: str, edges: str = "IRSR", extra: str = "") -> str:
    """A one-tile list (the starting tile) with these segments."""
    return f'[parts]\nsea_tiles = 1\n\n[[tile]]\nname = "start"\nedges = "{edges}"\ncopies = 1\nstart = true\n{extra}' \
           f'segment = [\n{segments}\n]\n'


def test_a_sea_segment_without_galleons_in_the_tile_list_has_none(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a user's tile list whose sea segments name no galleons
    path = tmp_path / "tiles.toml"
    path.write_text(START.replace("{name}", 'name = "start"\n'))
    # Then they have 0 galleons, not 1 (parts._segment__mutmut_285)
    segments = load_tiles(path).types[0].segments
    assert [(s.kind, s.galleons, s.serpents) for s in segments if s.kind == "sea"] == [("sea", 0, 0), ("sea", 0, 0)]


def test_a_tile_without_a_name_is_refused_with_its_sentence(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a user's tile list whose tile has no name
    path = tmp_path / "tiles.toml"
    path.write_text(START.replace("{name}", ""))
    # Then loading it says so in one sentence (parts._tile__mutmut_38: no sentence)
    with pytest.raises(InvalidInput) as refused:
        load_tiles(path)
    assert str(refused.value) == "Tile list, tile 1: every tile needs a name."


def test_a_tile_that_does_not_say_crossroads_is_not_one(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a user's tile list whose tile does not set `crossroads`
    path = tmp_path / "tiles.toml"
    path.write_text(START.replace("{name}", 'name = "start"\n'))
    # Then it is not a crossroads (parts._tile__mutmut_201: the default turned to true)
    assert load_tiles(path).types[0].crossroads is False


# ------------------------------------------------------------------ Parts: a user's tile list refused in one sentence
def test_an_unknown_segment_kind_is_refused_naming_the_tile_and_segment(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a tile list whose route segment has kind "reef", Then the refusal names the tile and the segment
    # (parts._segment__mutmut_45: the place left out)
    assert refusal(tmp_path, ROUTE_TILE.replace('kind = "route"', 'kind = "reef"')) == \
        "Tile list, tile 'start', segment 1: kind must be one of island, route, sea, port, not 'reef'."


def test_eighty_sea_tiles_with_one_start_tile():
    tileset = tiles()
    assert tileset.total == 80
    assert [t.name for t in tileset.types if t.start] == ["captain's wheel"]
    assert tileset.types[tileset.start].copies == 1


def test_every_icon_the_rules_need_is_in_the_tile_list():
    counts = Counter()
    for tile in tiles().types:
        for segment in tile.segments:
            counts["galleons"] += segment.galleons * tile.copies
            counts["serpents"] += segment.serpents * tile.copies
            counts["explore"] += segment.explore * tile.copies
            counts[f"port {segment.port}"] += (segment.kind == "port") * tile.copies
            for resource in segment.resources:
                counts[f"{segment.kind} {resource}"] += tile.copies
        counts["crossroads"] += tile.crossroads * tile.copies
    assert counts["galleons"] == 6 and counts["serpents"] == 4 and counts["explore"] == 5
    assert all(counts[f"port {r}"] == 1 for r in ("cloth", "rum", "spice", "dye"))
    assert counts["crossroads"] == 9
    assert {k for k in counts if k.startswith("route ")} == {"route rum", "route spice", "route dye"}


def test_edges_and_segments_agree_in_every_rotation():
    for tile in tiles().types:
        for turns in range(4):
            edges = tile.rotated_edges(turns)
            owner = tile.place_segments(turns)
            for place, segment in enumerate(owner):
                kind = tile.segments[segment].kind
                edge, i = divmod(place, 3)
                if edges[edge] == ROUTE:
                    assert kind == ("route" if i == 1 else "sea"), (tile.name, turns, place)
                else:
                    assert kind == {SEA: "sea", ISLAND: "island"}[edges[edge]], (tile.name, turns, place)


def test_rotation_is_a_shift_of_three_places_per_quarter_turn():
    assert rotate_mask(1 << PLACES["N"], 1, 3) == 1 << PLACES["E"]
    assert rotate_mask(1 << PLACES["W:north"], 1, 3) == 1 << PLACES["N:east"]
    assert [mirror(PLACES[a]) for a in ("N:west", "E:north", "S", "W:north")] == \
        [PLACES[b] for b in ("S:west", "W:north", "N", "E:north")]


def test_symmetric_tiles_have_fewer_distinct_turns():
    by_name = {t.name: t for t in tiles().types}
    assert by_name["open sea"].rotations() == (0,)
    assert by_name["straight route"].rotations() == (0, 1)
    assert by_name["straight route with galleon"].rotations() == (0, 1, 2, 3)


def test_a_minimal_user_list_loads(tmp_path):
    tileset = load_tiles(write(tmp_path, TILE.format(total=1)))
    assert tileset.total == 1 and tileset.types[0].segments[1].places == (1 << PLACES["E"]) | (1 << PLACES["W"])


@pytest.mark.parametrize("change, message", [
    (('"IRSR"', '"IRSX"'), "four letters"),
    (('at = ["N"]', 'at = ["E"]'), "trade route, not island"),
    (('at = ["E:south", "S", "W:south"]', 'at = ["S", "W:south"]'), "belong to no segment"),
    (('kind = "route"', 'kind = "reef"'), "kind must be one of"),
    (('copies = 1\nstart', 'copies = 0\nstart'), "copies is a whole number"),
    (('{ kind = "island", at = ["N"] }', '{ kind = "island", at = ["N"], galleons = 1 }'), "sail in the sea"),
    (('start = true', 'start = false'), "exactly one tile kind is the starting tile"),
])
def test_mistakes_in_a_tile_list_are_named(tmp_path, change, message):
    text = TILE.format(total=1).replace(*change)
    with pytest.raises(InvalidInput, match=message):
        load_tiles(write(tmp_path, text))


def test_the_total_must_match_the_parts_list(tmp_path):
    with pytest.raises(InvalidInput, match="add up to 1, but"):
        load_tiles(write(tmp_path, TILE.format(total=80)))


def test_components_as_printed():
    parts = components()
    assert parts["ships"]["per_colour"] == 8 and len(parts["ships"]["colours"]) == 5 and parts["ships"]["supply"] == 7
    assert parts["resources"]["per_kind"] * len(parts["resources"]["kinds"]) == 60


def test_exploration_tiles_parts_list_and_the_royal_port_reading():
    printed = exploration_tiles()
    assert len(printed) == 10 and printed.count("Natives") == 2 and "Royal Port" not in printed
    other = exploration_tiles("royal port")
    assert len(other) == 10 and other.count("Natives") == 1 and "Royal Port" in other
    assert Counter(printed) - Counter(other) == Counter({"Natives": 1})
    with pytest.raises(InvalidInput):
        exploration_tiles("both")


@pytest.mark.parametrize("segments, edges, message", [
    (SEGMENTS.replace('{{ kind = "island", at = ["N"] }}', '{{ kind = "island", at = ["N"], colour = 1 }}'), "IRSR",
     "Tile list, tile 'start', segment 0: unknown key(s) colour; known: at, explore, galleons, island, kind, port, "
     "resources, serpents."),
    (SEGMENTS.replace('{{ kind = "island", at = ["N"] }}', '{{ kind = "sea", at = ["N"] }}'), "IRSR",
     "Tile list, tile 'start', segment 0: the north edge is island, so a sea segment cannot touch it."),
    (SEGMENTS.replace('at = ["E:north", "W:north"] }}', 'at = ["E:north", "W:north"], resources = ["rum"] }}'), "IRSR",
     "Tile list, tile 'start', segment 2: only islands and trade routes carry resources."),
    (SEGMENTS.replace('{{ kind = "island", at = ["N"] }}', '{{ kind = "island", at = ["N"], serpents = 1 }}'), "IRSR",
     "Tile list, tile 'start', segment 0: serpents sail in the sea, not on an island segment."),
    (SEGMENTS.replace('at = ["E:north", "W:north"] }}', 'at = ["E:north", "W:north"], galleons = 4 }}'), "IRSR",
     "Tile list, tile 'start', segment 2: galleons is a whole number from 0 to 3, not 4."),
    (SEGMENTS.replace('at = ["E:north", "W:north"] }}', 'at = ["E:north", "W:north"], explore = true }}'), "IRSR",
     "Tile list, tile 'start', segment 2: explore = true marks an island segment only."),
    (SEGMENTS.replace('{{ kind = "island", at = ["N"] }}', '{{ kind = "island", at = ["N"], port = "rum" }}'), "IRSR",
     "Tile list, tile 'start', segment 0: only a port segment has `port` and `island`."),
    (SEGMENTS + '\n  {{ kind = "sea", at = [] }},', "IRSR",
     "Tile list, tile 'start', segment 4: a sea segment must touch at least one edge."),
    (SEGMENTS + '\n  {{ kind = "port", island = 2, port = "rum" }},', "IRSR",
     "Tile list, tile 'start': segment 4 is a port whose `island` is not an island segment of this tile."),
    ('  {{ kind = "route", at = ["S"] }},\n  {{ kind = "sea", at = ["N", "E", "W", "S:east", "S:west"] }},', "SSRS",
     "Tile list, tile 'start': a trade route ending on this tile needs an island or crossroads = true."),
    (SEGMENTS, "IRSX", "Tile list, tile 'start': edges are four letters (N, E, S, W) from I, R, S; got 'IRSX'."),
])
def test_every_mistake_in_a_tile_list_is_one_sentence_naming_the_tile_and_segment(tmp_path, segments, edges, message):
    """Rules: Pirates & Plunder › Parts"""
    with pytest.raises(InvalidInput) as refused:
        load_tiles(write(tmp_path, one_tile(segments.format(), edges)))
    assert str(refused.value) == message


def test_what_the_schema_allows_loads(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # a route that ends at an island on its tile, an isle touching no edge, a port on its island
    ends = ('  {{ kind = "island", at = ["N"] }},\n  {{ kind = "route", at = ["S"] }},\n'
            '  {{ kind = "sea", at = ["E", "W", "S:east", "S:west"] }},\n  {{ kind = "island", at = [] }},\n'
            '  {{ kind = "port", island = 0, port = "dye" }},')
    tile = load_tiles(write(tmp_path, one_tile(ends.format(), "ISRS"))).types[0]
    assert [s.kind for s in tile.segments] == ["island", "route", "sea", "island", "port"] and tile.segments[3].places == 0
    assert tile.segments[4].port == "dye" and tile.segments[4].island == 0
    # a second tile without `start` is not a starting tile
    two = one_tile(SEGMENTS.format()).replace("sea_tiles = 1", "sea_tiles = 2") + \
        '\n[[tile]]\nname = "more sea"\nedges = "SSSS"\ncopies = 1\nsegment = [{ kind = "sea", at = ["N", "E", "S", "W"], serpents = 2, galleons = 1 }]\n'
    loaded = load_tiles(write(tmp_path, two))
    assert loaded.start == 0 and not loaded.types[1].start
    assert (loaded.types[1].segments[0].galleons, loaded.types[1].segments[0].serpents) == (1, 2)
    assert loaded.types[0].segments[2].resources == ()


def test_our_tile_list_loads_fresh_with_its_isles_ports_and_icons():
    """Rules: Pirates & Plunder › Parts"""
    fresh = load_tiles()                       # not the cached copy: every tile checked again
    by_name = {t.name: t for t in fresh.types}
    assert fresh.total == 80 and fresh.types[fresh.start].name == "captain's wheel"
    isle = by_name["rum isle"].segments[0]
    assert (isle.kind, isle.places, isle.resources) == ("island", 0, ("rum",))
    port = by_name["headland with cloth port"].segments[2]
    assert (port.kind, port.port, port.island, port.places) == ("port", "cloth", 0, 0)
    assert by_name["open sea with serpent"].segments[0].serpents == 1
    assert by_name["open sea with galleon"].segments[0].galleons == 1


def test_segments_describe_themselves_in_words():
    """Rules: Pirates & Plunder › Parts"""
    by_name = {t.name: t for t in tiles().types}
    assert [s.describe() for s in by_name["headland with cloth port"].segments] == ["island", "sea", "cloth port"]
    assert by_name["island and rum route"].segments[1].describe() == "trade route (rum)"
    assert by_name["island heart"].segments[0].describe() == "island (spice, exploration marker)"
    assert by_name["open sea with serpent"].segments[0].describe() == "sea (serpent)"
    assert [s.describe() for s in by_name["straight route with galleon"].segments] == ["trade route", "sea (galleon)", "sea"]
