"""The Pirates & Plunder front-end, tested without a browser: draw operations, clicks, the lab, the walkthrough."""
import random

import pytest

from pirates_lab.core import CHANCE, random_playout, rulebook
from pirates_lab.pirates_and_plunder import Game, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.scenarios import build, drawing_state
from pirates_lab.widgets import pirates_and_plunder as pp
from pirates_lab.widgets import pirates_and_plunder_lessons as lessons
from pirates_lab.widgets.lesson_model import LessonError
from pirates_lab.widgets.drawing import rasterize


def hex_rgb(colour):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_legal_cells_from_the_observation_agree_with_the_engine():
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        state = Game(players=3).new_initial_state()
        while not state.is_terminal() and checked < 400:
            if state.current_player() == CHANCE:
                state = state.apply(state.chance_outcomes().sample(rng))
                continue
            if state.observation(0)["phase"] == "place":
                engine = sorted({a.cell for a in state.legal_actions()})
                assert pp.legal_cells(state.observation(1)) == engine
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_the_board_is_drawn_where_the_tiles_are():
    state = build(tiles=[("headland", (0, 0), 0), ("open sea", (1, 0), 0)], ships=[(1, (1, 0), 0)], drawn="headland")
    observation = state.observation(0)
    layout = pp.layout_for(observation)
    image = rasterize(pp.board_ops(observation), 480, 480)
    island = layout.point((0, 0), 0.5, 0.1)
    sea = layout.point((0, 0), 0.5, 0.8)
    ship = layout.point((1, 0), *pp.segment_anchor("open sea", 0, 0))
    assert image.getpixel(tuple(map(int, island))) == hex_rgb(pp.ISLAND_COLOUR)
    assert image.getpixel(tuple(map(int, sea))) == hex_rgb(pp.SEA_COLOUR)
    assert image.getpixel((int(ship[0]) + 3, int(ship[1]) + 3)) == hex_rgb(pp.player_colour(1))
    highlights = [op for op in pp.board_ops(observation) if op.stroke == pp.HIGHLIGHT]
    assert len(highlights) == len({a.cell for a in state.legal_actions()}) == 6


def test_clicks_pick_a_legal_place_then_the_segment_clicked():
    renderer = pp.BoardRenderer()
    state = build(tiles=[("headland", (0, 0), 0)], drawn="open sea")
    observation = state.observation(0)
    layout = renderer.layout(observation)
    x, y = layout.point((1, 0), 0.5, 0.5)
    action = renderer.click(observation, 0, x, y, state.legal_actions())
    assert action == PlaceTile((1, 0), 0)
    assert renderer.click(observation, 0, *layout.point((5, 5), 0.5, 0.5), state.legal_actions()) is None
    state = build(tiles=[("three-way crossroads", (0, 0), 0)], drawn="three-way crossroads").apply(PlaceTile((1, 0), 0))
    observation = state.observation(0)
    layout = renderer.layout(observation)
    for segment in (0, 1, 3):
        x, y = layout.point((1, 0), *pp.segment_anchor("three-way crossroads", 0, segment))
        assert renderer.click(observation, 0, x, y, state.legal_actions()) == PlaceShip(segment)


def test_the_hand_names_the_drawn_tile_and_the_resources():
    state = build(tiles=[("headland", (0, 0), 0)], drawn="open sea", resources=[[1, 0, 2, 0], [0, 0, 0, 0]])
    assert pp.BoardRenderer().hand(state.observation(0), 0) == [
        "Tile drawn: open sea", "Ships in your supply: 7", "Your resources: 1 cloth, 2 spice"]


def test_battle_lab_model_and_sliders():
    model = pp.BattleLabModel(2, 1, 0, 3, 1)
    xs, attacker, defender = model.bars()
    assert xs == [0, 1, 2] and attacker == pytest.approx([0, 1 / 3, 2 / 3]) and defender == pytest.approx([2 / 3, 1 / 3, 0])
    assert "4/3" in model.summary()
    lab = pp.BattleLab(model)
    lab.defender.value = 0
    assert model.game.defender_resources == 0 and model.game.value == 2   # commit 1, win the ship (3), spend 1
    assert list(lab.bars.x) == [0, 1, 2]


def test_the_lessons_calculators_are_the_battle_lab_and_the_tile_odds_lab():
    from pirates_lab.widgets.pirates_and_plunder_odds import TileOddsLab
    lesson = lessons.lesson()
    lab = lesson.demo(lesson.find("The secret-battle lab"))
    assert isinstance(lab, pp.BattleLab)
    assert lab.model.game.success() == lessons.battle_lab_start().success()
    odds = lesson.demo(lesson.find("Will the tile you need come?"))
    assert isinstance(odds, TileOddsLab) and odds.cell == lessons.hardest_gap(lessons.table_state())


def test_the_battle_lab_fits_a_projector():
    lab = pp.BattleLab()
    axis = lab.figure.axes[1]
    assert list(axis.tick_values) == [0, 0.25, 0.5, 0.75, 1]          # five ticks: '0%' and '10%' never crowd
    assert lab.bars.display_legend is False and "attacker" in lab.legend.value and "defender" in lab.legend.value
    chart, controls = lab.children[0].children                      # the chart with its controls beside it
    assert lab.figure in chart.children and lab.base in chart.children[-1].children    # who defends: under the chart
    for box in controls.children:                                    # each label on its own line above its control
        label, control = box.children
        assert control.description == "" and label.value
    assert [box.children[1] for box in controls.children] == [lab.attacker, lab.defender, lab.ship, lab.resource]
    assert lab.why.tree is not None and lab.why.tree.p == lab.model.game.success()


def test_laid_exploration_tiles_are_drawn_with_their_letters():
    from pirates_lab.pirates_and_plunder.scenarios import exploration_scene
    ops = pp.board_ops(exploration_scene("Treasure Fleet").observation(0))
    assert [op.args[0] for op in ops if op.kind == "text" and op.args[0] == "TF"] == ["TF"]


def test_play_alone_uses_the_board_renderer_and_the_table_reaches_a_human_decision():
    table = lessons.play_alone(players=2, seed=1)
    assert isinstance(table.renderer, pp.BoardRenderer)
    state = table.model.state
    assert state.current_player() == 0 and state.observation(0)["phase"] == "place"


def test_a_finished_game_draws_without_error():
    final = random_playout(Game(players=5).new_initial_state(), 2)
    ops = pp.board_ops(final.observation(3))
    assert sum(1 for op in ops if op.kind == "rect" and op.fill == pp.SEA_COLOUR) == len(final.placed)


def test_odds_on_the_board_are_the_packages_exact_gap_odds():
    from pirates_lab.pirates_and_plunder import gap_odds
    state = drawing_state()
    shown = pp.frontier_odds(state.observation(0), 3)
    assert set(shown) == set(state.needs)
    for cell, p in shown.items():
        assert p == gap_odds(state, cell, 3).probability
    texts = [op for op in pp.board_ops(state.observation(0), odds_draws=3) if op.kind == "text" and op.args[0].endswith("%")]
    assert len(texts) == len(state.needs)


def test_features_completed_by_the_last_tile_are_framed():
    state = build(tiles=[("three-way crossroads", (0, 0), 0)], ships=[(0, (0, 0), 0)],
                  drawn="three-way crossroads", player=1)
    state = state.apply(PlaceTile((1, 0), 0)).apply(pp_no_ship())
    assert state.observation(0)["completed"] == [[0, 0], [1, 0]]
    frames = [op for op in pp.board_ops(state.observation(0)) if op.stroke == "#ff3030"]
    assert len(frames) == 2


def pp_no_ship():
    from pirates_lab.pirates_and_plunder import NoShip
    return NoShip()


def test_the_explorer_zooms_about_the_middle_pans_and_names_the_clicked_square():
    state = build(tiles=[("headland", (0, 0), 0), ("open sea", (1, 0), 0)], drawn="bend")
    explorer = pp.BoardExplorer(state.observation(0))
    fitted = explorer.view
    explorer.zoom(0.5)
    assert explorer.view.size == fitted.size / 2
    zoomed = explorer.view
    explorer.pan(1, 0)
    explorer.pan(0, -1)
    assert (explorer.view.x0, explorer.view.y0) == (zoomed.x0 + 1, zoomed.y0 - 1)
    explorer.pan(-1, 1)
    x, y = explorer.view.point((0, 0), 0.5, 0.5)
    explorer.canvas.click(x, y)
    assert explorer.info.value == "(0, 0): the headland"
    explorer.fit()
    assert (explorer.view.x0, explorer.view.size) == (fitted.x0, fitted.size)
    tiles_drawn = [op for op in explorer.canvas.ops["background"] if op.kind == "rect" and op.fill == pp.SEA_COLOUR]
    assert len(tiles_drawn) == 2


def test_ships_sharing_a_segment_are_drawn_side_by_side():
    state = build(tiles=[("open sea", (0, 0), 0)], ships=[(1, (0, 0), 0), (1, (0, 0), 0)], drawn="open sea")
    colour = pp.player_colour(1)
    centres = [op.args[:2] for op in pp.board_ops(state.observation(0)) if op.kind == "circle" and op.fill == colour]
    assert len(centres) == 2 and centres[0] != centres[1]


def test_lesson_boards_are_cut_to_the_board_and_use_large_squares():
    from pirates_lab.pirates_and_plunder.scenarios import pirate_state
    canvas = lessons._board(pirate_state().observation(0))  # 2 x 2 tiles, half a square of margin each side: 3 x 3
    assert (canvas.width, canvas.height) == (3 * 96, 3 * 96)
    framed = lessons._board(pirate_state().observation(0), margin=1)   # a whole square of margin: 4 x 4, in 300 px
    assert (framed.width, framed.height) == (4 * 75, 4 * 75)


def _large_text_drawings():
    """(what, ops, width, height) of every board and gallery the lessons and the table draw (issue 13)."""
    from pirates_lab.pirates_and_plunder import scenarios
    drawn = [("tile gallery", pp.tile_gallery_ops(), 9 * 52, 5 * 66)]
    boards = [("setup", scenarios.setup_state(4), 300, None, 0), ("drawing", scenarios.drawing_state(), 440, None, 3),
              ("ships", scenarios.ships_state(), 440, None, 0), ("pirates", scenarios.pirate_state(), 440, None, 0),
              ("final", scenarios.final_state(), 440, None, 0),
              ("advanced", scenarios.advanced_state(), 440, [(0, 0), (0, -1)], 0)]
    boards += [(f"{when} scoring", s, 420, None, 0) for when, s in zip(("before", "after"), scenarios.scoring_states())]
    boards += [(f"{when} port", s, 420, None, 0) for when, s in zip(("before", "after"), scenarios.port_states())]
    boards += [(name, scenarios.exploration_scene(name), 440, None, 0)
               for name in pp.EXPLORATION_MARKS if name not in ("Natives", "Storm")]
    drawn += [(what, *lessons.board_drawing(state.observation(0), size, flash, odds))
              for what, state, size, flash, odds in boards]
    games = [("goal game", scenarios.goal_game())]
    games += [(f"{players}-player game, seed {seed}",
               random_playout(Game(players=players).new_initial_state(), random.Random(seed)))
              for players in (3, 4, 5) for seed in (0, 1)]
    drawn += [(what, pp.board_ops(state.observation(0)), 480, 480) for what, state in games]
    return drawn


def test_with_large_fonts_no_letter_of_a_board_overlaps_another_or_is_cut():
    """Issue 13: Large fonts raise every canvas letter to 16 px; the marks, ships and exploration tiles are laid
    out so that none meets another or the canvas edge (the estimate of ``text_collisions``)."""
    from pirates_lab.widgets.drawing import text_collisions
    found = {what: text_collisions(ops, width=w, height=h) for what, ops, w, h in _large_text_drawings()}
    assert {what: hits for what, hits in found.items() if hits} == {}


def test_lesson_boards_keep_every_letter_and_small_boards_keep_the_ships_letters():
    """Room is made by spacing, not by leaving letters out: on the lessons' large squares every mark and ship
    keeps its letter; on a whole game's small squares the tiles show coloured dots and each ship its role."""
    from pirates_lab.pirates_and_plunder import scenarios
    state = scenarios.exploration_scene("Buried Treasure")
    observation = state.observation(0)
    marks = 0
    for _, _, name, _ in observation["board"]:
        for segment in pp._tile(name).segments:
            marks += (len(segment.resources) + segment.galleons + segment.serpents + bool(segment.explore)
                      + (segment.kind == "port"))
    ops, _, _ = lessons.board_drawing(observation, ruler=False)
    expected = marks + len(observation["ships"]) + len(observation["explorations"])
    assert sum(op.kind == "text" for op in ops) == expected
    game = random_playout(Game(players=4).new_initial_state(), random.Random(1))
    texts = [op.args[0] for op in pp.board_ops(game.observation(0)) if op.kind == "text"]
    assert len(texts) >= len(game.observation(0)["ships"]) and set(texts) <= set("MEHP") | set(pp.EXPLORATION_MARKS.values())


# ---------------------------------------------------------------- issue 35 item 4: drawn from a seat's observation
def _drawers():
    """Every drawing entry point of the Pirates & Plunder widgets, as a function of what it is given."""
    from pirates_lab.widgets import pirates_and_plunder_chance as chance
    from pirates_lab.widgets.pirates_and_plunder_odds import TileOddsLab
    return {"board_drawing": pp.board_drawing, "board_view": pp.board_view, "BoardExplorer": pp.BoardExplorer,
            "board_ops": pp.board_ops, "lesson board_drawing": lessons.board_drawing, "lesson board": lessons._board,
            "DrawsView": chance.DrawsView, "TileOddsLab": lambda position: TileOddsLab(position, (0, -1), 1)}


@pytest.mark.parametrize("name", sorted(_drawers()))
def test_every_board_entry_point_refuses_a_state_with_a_sentence(name):
    with pytest.raises(TypeError, match=r"^the board is drawn from a seat's observation \(state\.observation\(seat\)"
                                        r"\), not from a State$"):
        _drawers()[name](drawing_state())


@pytest.mark.parametrize("name", sorted(_drawers()))
def test_every_board_entry_point_draws_from_an_observation(name):
    _drawers()[name](drawing_state().observation(1))


def test_the_tile_odds_lab_and_the_draws_from_an_observation_are_the_engines():
    """The counts the calculators take from the public observation agree with the engine's own (which read the
    State): every empty square's fitting tiles, and the draws made from the unseen counts."""
    from pirates_lab.pirates_and_plunder import gap_odds, lessons as positions
    from pirates_lab.pirates_and_plunder.odds import fitting_tiles
    from pirates_lab.widgets import pirates_and_plunder_chance as chance
    from pirates_lab.widgets.pirates_and_plunder_odds import TileOddsLab, fitting
    for state in (drawing_state(), positions.seen_state(), positions.table_state()):
        observation = state.observation(0)
        assert set(pp._needs(observation)) == set(state.needs)
        for cell in state.needs:
            assert fitting(observation, cell) == fitting_tiles(state, cell)
        cell = sorted(state.needs)[0]
        lab = TileOddsLab(observation, cell, 2)
        assert lab.probability == gap_odds(state, cell, 2).probability and lab.unseen == sum(state.bag)
    view = chance.DrawsView(positions.seen_state().observation(0))
    view.draws.value = 3
    assert view.draw() == positions.next_tiles(positions.seen_state(), 3, random.Random(chance.SEED))
    assert view.count == 42 and view.unseen == 74


# ---------------------------------------------------------------- the reference screens' live positions (issue 34 item 4)
def _the_move(heading):
    """heading → (a move the rule is about, legal in its position; then the follow-up it must offer, or None)."""
    from pirates_lab.pirates_and_plunder import try_it as T
    from pirates_lab.pirates_and_plunder.game import LayExploration, ManExploration, MovePirate, NoShip
    spot = T.EXPLORATION_SPOTS
    attack = next(a for a in T.moving_pirates().legal_actions() if isinstance(a, MovePirate) and a.target >= 0)
    return {
        "Setup": (PlaceTile((1, 0), 0), PlaceShip(0)),
        "Playing the Game": (PlaceTile((1, 0), 0), PlaceShip(1)),
        "Placing Ships": (PlaceShip(0), None),
        "Scoring Islands and Trade Routes": (PlaceTile((1, 0), 0), NoShip()),
        "Moving Pirates and Battle": (attack, None),
        "Ports": (PlaceTile((1, 1), 0), NoShip()),
        "Final Scoring": (PlaceTile((0, -1), 0), NoShip()),
        "Archipelago": (LayExploration(*spot["sea"]), ManExploration()),
        "Buried Treasure": (LayExploration(*spot["island"]), ManExploration()),
        "Natives": (LayExploration(*spot["island"]), ManExploration()),
        "Pirate Cove": (LayExploration(*spot["island"]), ManExploration()),
        "Reef": (LayExploration(*spot["new sea"]), ManExploration()),
        "Royal Cartographer": (LayExploration(*spot["new sea"]), ManExploration()),
        "Royal Port": (LayExploration(*spot["island"]), ManExploration()),
        "Storm": (LayExploration(*spot["sea"]), None),
        "Treasure Fleet": (LayExploration(*spot["sea"]), None),
        "Viceroy": (LayExploration(*spot["new sea"]), ManExploration()),
    }[heading]


def _try_it_headings():
    from pirates_lab.pirates_and_plunder import try_it as T
    return sorted(T.TRY_IT)


@pytest.mark.parametrize("heading", _try_it_headings())
def test_each_live_reference_screen_starts_player_1_at_the_move_its_rule_is_about(heading):
    """Given a reference screen's live position, Then it is a valid position (its board obeys the placing rules),
    Player 1 is to move, the move its
    heading is about is legal there (and, for a ship or an exploration tile, the ship may then go on it), and the
    lesson's reference screen of that heading shows it."""
    from pirates_lab.pirates_and_plunder import try_it as T
    from pirates_lab.pirates_and_plunder.placing import placement_errors
    state = T.TRY_IT[heading]()
    state.validate()
    assert placement_errors(state.board, state.placed) == []            # a board legal placements could build
    move, then = _the_move(heading)
    assert state.current_player() == 0 and move in state.legal_actions(), [str(a) for a in state.legal_actions()]
    if then is not None:
        after = state.apply(move)
        assert after.current_player() == 0 and then in after.legal_actions(), [str(a) for a in after.legal_actions()]
    demos = [s.demo for s in lessons.lesson().reference_screens if s.heading == heading and s.demo]
    assert demos == [lessons.TRY_IT_DEMOS[heading]] == ["try_" + T.TRY_IT[heading].__name__]


def test_the_exploration_positions_draw_the_tile_of_their_heading_and_the_game_ends_soon():
    """Each exploration position: Player 1 has just drawn the tile its heading names (the Royal Port in the game
    that has one), after completing the island with the exploration marker; at most one land tile is left, so the
    computer player has at most one turn."""
    from pirates_lab.pirates_and_plunder import try_it as T
    for heading, build in T.TRY_IT.items():
        state = build()
        if state.phase == "explore_place":
            assert state.task.data.tile == heading and f"Player 1 draws the exploration tile {heading}" in " ".join(state.log)
            assert sum(state.bag) <= 1
    assert T.royal_port().game.options["exploration"] == "royal port"


def test_a_try_it_table_plays_the_move_and_starts_again_from_the_same_position():
    """Given the Ports table, When Player 1 lays the last tile at (1, 1) and places no ship, Then the harbormaster
    brought a cloth and went home and the game is over (no computer turn was needed); When Start again is pressed,
    Then the position is back.  A State handed to a TryIt instead of a function is refused with a sentence."""
    from pirates_lab.pirates_and_plunder import try_it as T
    from pirates_lab.pirates_and_plunder.game import NoShip
    from pirates_lab.widgets.pirates_and_plunder_table import TryIt
    table = lessons.try_ports()
    assert table.new_game_button.description == "Start again" and not table.coach_toggle in _all(table)
    table.play(PlaceTile((1, 1), 0))
    table.play(NoShip())
    state = table.model.state
    assert state.is_terminal() and state.resources[0][0] == 1 and state.supply(0) == 7
    table.new_game()
    assert table.model.state.phase == "place" and table.model.state.resources[0][0] == 0
    assert table.model.state.observation(0) == T.ports().observation(0)
    with pytest.raises(TypeError, match="built by a function returning the position .*, not a State$"):
        TryIt(T.ports())


def test_a_try_it_table_lets_the_computer_play_on_from_its_own_seat():
    """Given the Buried Treasure table (one tile left), When Player 1 lays the tile and mans it, Then Player 2, a
    computer, lays the last tile and the game ends: Player 1 scored the 5 at once."""
    from pirates_lab.pirates_and_plunder.game import LayExploration, ManExploration
    table = lessons.try_buried_treasure()
    table.play(LayExploration((2, 0), 0))
    table.play(ManExploration())
    state = table.model.state
    assert state.is_terminal() and any(step.player == 1 for step in table.model.events)
    assert "Player 1 scores 5" in " ".join(state.log)


def _all(widget):
    found, stack = [], [widget]
    while stack:
        w = stack.pop()
        found.append(w)
        stack.extend(getattr(w, "children", ()) or ())
    return found


def test_the_coach_screen_opens_a_table_at_a_choice_of_two_moves_or_more():
    """The lesson's coach screen (issue 37 item 3): a two-player table at Player 1's first choice of two moves or
    more, its Coach toggle shown and off."""
    lesson = lessons.lesson()
    screen = lesson.find("Predict the best move, then ask the coach")
    assert screen.kind == "play" and screen in lesson.class_screens and screen.demo == "coach_at_the_table"
    table = lessons.coach_at_the_table()
    assert table.model.human_to_move and len(table.model.legal_actions()) >= 2
    assert table.model.game.players == 2 and table.coach_toggle in _all(table) and not table.coach_toggle.value
