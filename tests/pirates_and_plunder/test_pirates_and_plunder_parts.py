"""The parts as data: the tile list, its schema, the components.

Rules: Pirates & Plunder › Parts
"""
from collections import Counter

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.core.geometry import rotate_mask
from pirates_lab.pirates_and_plunder.parts import (
    ISLAND, PLACES, ROUTE, SEA, components, exploration_tiles, load_tiles, mirror, tiles,
)

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
