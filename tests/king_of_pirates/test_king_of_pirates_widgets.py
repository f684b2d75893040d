"""King of Pirates widgets without a browser: pure board drawing (ops and pixels), models, views."""
import doctest
from fractions import Fraction

import pytest

from pirates_lab.core import InvalidInput, rulebook
from pirates_lab.king_of_pirates import components, odds
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.widgets import king_of_pirates as kop
from pirates_lab.widgets.drawing import axial_to_pixel, rasterize


def test_docstring_examples():
    assert doctest.testmod(kop).failed == 0


def pixel(ops, cell, dx=0, dy=-14):
    image = rasterize(ops, kop.WIDTH, kop.HEIGHT)
    x, y = axial_to_pixel(cell[0], cell[1], kop.SIZE, (kop.WIDTH / 2, kop.HEIGHT / 2))
    return "#%02x%02x%02x" % image.getpixel((int(x + dx), int(y + dy)))


def test_board_ops_are_pure_and_complete():
    state = Game(players=3).new_initial_state()
    ops = kop.board_ops(state)
    assert ops == kop.board_ops(state)
    hexes = [op for op in ops if op.kind == "polygon" and len(op.args) == 6]
    assert len(hexes) == 61
    fills = [op.fill for op in hexes]
    assert fills.count(kop.COLOURS["lair"]) == 7
    assert fills.count(kop.COLOURS["shark"]) == 18 and fills.count(kop.COLOURS["ocean"]) == 24
    players = [op for op in ops if op.kind == "circle" and op.fill in kop.PLAYER_COLOURS]
    assert len(players) == 3
    assert any(op.kind == "text" and op.args[0] == "FD" for op in ops)


def test_board_pixels():
    comp = components()
    state = Game(players=2).new_initial_state()
    ops = kop.board_ops(state)
    stronghold = next(c for c, (k, _) in comp.places.items() if k == "stronghold")
    assert pixel(ops, stronghold) == kop.COLOURS["stronghold"]
    assert pixel(ops, (1, 0)) == kop.COLOURS["shark"]
    assert pixel(ops, (0, 0), dy=9) == kop.COLOURS["dutchman"]
    state.revealed[(1, 0)] = "Warship (French)"
    state.ships[(1, 0)] = "Warship (French)"
    state.tile_pools["shark"]["Warship (French)"] -= 1
    ops = kop.board_ops(state)
    assert pixel(ops, (1, 0)) == kop.COLOURS["sea"]
    assert pixel(ops, (1, 0), dy=8) == kop.COLOURS["Warship (French)"]


def test_heat_map_and_route():
    planner = kop.DutchmanPlanner(dutchman=(0, 0), ship=(3, -2), goal=(0, 0), turns=1)
    heat = planner.heat()
    assert heat == odds.dutchman_distribution(1)
    ops = planner.ops()
    assert pixel(ops, (1, 0)) != pixel(ops, (3, 0))          # 1/6 there, nothing at ring 3
    route, p = planner.route()
    assert route[0] == (3, -2) and route[-1] == (0, 0)
    lines = [op for op in ops if op.kind == "line"]
    assert len(lines) == len(route) - 1
    planner.set(players=2, turns=2)
    assert planner.heat() == odds.dutchman_distribution(4)
    with pytest.raises(InvalidInput):
        planner.set(turns=-1)
    with pytest.raises(InvalidInput):
        planner.set(goal=(7, 7))
    assert planner.turns == 2        # a refused change changes nothing


def test_cell_at_round_trips():
    for cell in components().cells:
        x, y = axial_to_pixel(cell[0], cell[1], kop.SIZE, (kop.WIDTH / 2, kop.HEIGHT / 2))
        assert kop.cell_at(x + 3, y - 3) == cell
    with pytest.raises(InvalidInput):
        kop.cell_at(2, 2)


def test_dutchman_view_slider_and_clicks():
    view = kop.DutchmanView()
    view.turns.value = 3
    assert view.model.turns == 3 and "<b>3</b> compass roll" in view.summary.value
    x, y = axial_to_pixel(1, 1, kop.SIZE, (kop.WIDTH / 2, kop.HEIGHT / 2))
    view.board.click(x, y)
    assert view.model.goal == (1, 1)
    view.click_sets.value = "Dutchman"
    view.board.click(2, 2)          # off the board: a message, nothing changes
    assert "off the board" in view.board.message.value and view.model.dutchman == (0, 0)


def test_combat_view():
    view = kop.CombatView()
    view.target.value = "city"
    view.modifier.value = 1
    view.cannonballs.value = 0
    assert view.model.probability() == odds.combat_success_probability(10, 1, 0) == Fraction(5, 18)
    assert "5/18" in view.result.value and "No cannonballs" in view.table.value
    view.cannonballs.value = 2
    assert "keep the 6" in view.table.value
    assert [op for op in view.chart.ops["chart"] if op.kind == "rect"]
    model = kop.CombatModel()
    with pytest.raises(InvalidInput):
        model.set(target="the moon")
    with pytest.raises(InvalidInput):
        model.set(cannonballs=-1)
    assert model.target == "stronghold" and model.cannonballs == 2
    model.set(target="9")
    assert model.defence == 9


def test_rum_view():
    view = kop.RumView()
    view.rum.value = 0
    view.upkeeps.value = 1
    assert view.model.p_safe() == Fraction(1, 3) and "1/3" in view.result.value
    assert view.model.likely_within() == 1
    assert view.view.dist == kop.RumModel(rum=0).first_mutiny()
    dist = kop.RumModel(rum=4).first_mutiny(10)
    assert 1 not in dist.outcomes() and all(isinstance(n, int) for n in dist.outcomes())   # numeric axis
    assert dist[11] == 1 - sum(odds.first_mutiny_distribution(4, 10).values())               # 11: the 11th or later
    assert sum(p for _, p in dist.items()) == 1
    xs, _, numeric = view.view.chart_points()
    assert numeric and xs == sorted(xs)
    with pytest.raises(InvalidInput):
        view.model.set(rum=-2)


def test_turn_replay_is_one_whole_turn():
    replay = kop.TurnReplay(seed=2)
    states = [s for _, _, s in replay.steps]
    assert all(s.current == replay.player for s in states[:-1])
    assert states[-1].current != replay.player or states[-1].is_terminal()
    titles = [t for t, _, _ in replay.steps]
    assert any(t.startswith("compass die") for t in titles)
    view = kop.TurnReplayView(replay)
    view.slider.value = len(replay.steps) - 1
    assert replay.steps[-1][0] in view.text.value.replace("&#x27;", "'")


def test_walkthrough_has_a_step_per_heading_in_order():
    stepper = kop.walkthrough()
    assert [s.title for s in stepper.steps] == rulebook("king_of_pirates").headings
    for i in range(len(stepper.steps)):
        stepper.go(i)
        assert "pl-error" not in str([getattr(c, "value", "") for c in stepper.content.children])
    stepper.go(0)
    assert stepper.check("42") is True     # 61 spaces - 7 lairs - 6 towns - 6 islands
    assert stepper.check("41") is False
    notes, comp = kop.assumptions(), components()
    assert all(notes[h] for h in ("The Game Board", "Phase 1: Upkeep Phase", "Game Contents"))
    # the boxes show the numbers the engine reads from the data file
    assert f"{comp.rules['win_doubloons']:,} Doubloons" in " ".join(notes["Game Contents"])
    assert all(f"{w} x {face}" in notes["Phase 1: Upkeep Phase"][0] for face, w in comp.upkeep_die.items())


def test_effect_tables():
    cards = {(c, s): (a, b) for c, s, a, b in kop.card_effects()}
    without, with_ = cards[("Assault", "you attack a stronghold (11)")]
    assert with_ > without
    without, with_ = cards[("Soldiers", "an opponent attacks a city (10)")]
    assert with_ < without
    skills = kop.skill_effects()
    assert all(b >= a for _, _, a, b in skills)


def test_ocean_tiles_are_drawn_as_the_rulebook_prints_them():
    # "Place the ocean tiles with sharks randomly on the darker empty spaces in the center of the map, and
    # the ocean tiles without sharks randomly on the lighter empty spaces of the map."
    assert "ocean tiles with sharks randomly on the darker empty spaces" in rulebook("king_of_pirates").section("Game Setup")
    def rgb(colour):
        return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    # Given the board as drawn, When we read the two tile colours, Then both are sea blue, the shark tiles darker
    shark, ocean = rgb(kop.COLOURS["shark"]), rgb(kop.COLOURS["ocean"])
    assert all(c[2] > c[0] and c[2] > c[1] for c in (shark, ocean))
    assert sum(shark) < sum(ocean)
    assert "darker" in kop.assumptions()["The Game Board"][1]


@pytest.mark.parametrize("dutchman, turns", [((0, 0), 2), ((1, 0), 1), ((2, -1), 3), ((-4, 4), 2)])
def test_the_dutchman_heat_map_has_no_text_overlap_with_large_fonts(dutchman, turns):
    """With Large fonts every canvas text is painted at 16 px or more: the Dutchman's "FD" disc must not sit
    on its cell's percentage, and no two percentages may meet (issue 13, projector checks)."""
    from pirates_lab.widgets.drawing import text_collisions
    from pirates_lab.widgets.king_of_pirates import HEIGHT, WIDTH, DutchmanPlanner

    planner = DutchmanPlanner(dutchman=dutchman, turns=turns)
    assert text_collisions(planner.ops(), width=WIDTH, height=HEIGHT) == []
    texts = [op.args[0] for op in planner.ops() if op.kind == "text"]
    assert texts.count("FD") == 1
