"""King of Pirates widgets without a browser: pure board drawing (ops and pixels), GameTable's board, the
calculators' models and views (legal controls, percent first, the why under each chance)."""
import doctest
from fractions import Fraction

import pytest

from pirates_lab.core import InvalidInput, games, rulebook
from pirates_lab.king_of_pirates import components, odds, upkeep_odds
from pirates_lab.king_of_pirates.actions import Sail
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.widgets import king_of_pirates as kop
from pirates_lab.widgets import king_of_pirates_calculators as calc
from pirates_lab.widgets.drawing import LARGE_TEXT, axial_to_pixel, rasterize, text_collisions
from pirates_lab.widgets.renderers import renderer_for
from pirates_lab.widgets.table import GameTable
from pirates_lab.widgets.table_render import check_renderer
from pirates_lab.widgets.why import visible_rows


@pytest.mark.parametrize("module", [kop, calc], ids=["board", "calculators"])
def test_docstring_examples(module):
    assert doctest.testmod(module).failed == 0


def pixel(ops, cell, dx=0, dy=-14, layout=kop.BOARD):
    image = rasterize(ops, layout.width, layout.height)
    x, y = layout.pixel(cell)
    return "#%02x%02x%02x" % image.getpixel((int(x + dx), int(y + dy)))


@pytest.mark.parametrize("layout", [kop.BOARD, kop.COMPACT], ids=["full", "compact"])
def test_board_ops_are_pure_and_complete(layout):
    state = Game(players=3).new_initial_state()
    ops = kop.board_ops(state.observation(0), layout=layout)
    assert ops == kop.board_ops(state.observation(0), layout=layout)
    hexes = [op for op in ops if op.kind == "polygon" and len(op.args) == 6]
    assert len(hexes) == 61
    fills = [op.fill for op in hexes]
    assert fills.count(kop.COLOURS["lair"]) == 7
    assert fills.count(kop.COLOURS["shark"]) == 18 and fills.count(kop.COLOURS["ocean"]) == 24
    players = [op for op in ops if op.kind == "circle" and op.fill in kop.PLAYER_COLOURS]
    assert len(players) == 3
    assert any(op.kind == "text" and op.args[0] == "FD" for op in ops)
    assert text_collisions(ops, LARGE_TEXT, width=layout.width, height=layout.height) == []


def test_every_seat_draws_the_same_public_board_from_its_observation():
    """GameTable's board reads a seat's observation (never the State): every seat sees the same tiles, ships,
    players and Dutchman."""
    state = Game(players=3).new_initial_state()
    state.revealed[(1, 0)] = "Warship (French)"
    state.ships[(1, 0)] = "Warship (French)"
    state.tile_pools["shark"]["Warship (French)"] -= 1
    state.revealed[(2, 0)] = "empty"
    state.tile_pools["shark"]["empty"] -= 1
    assert kop.board_ops(state.observation(1), layout=kop.COMPACT) == kop.board_ops(state.observation(0),
                                                                                     layout=kop.COMPACT)
    sea = kop.sea_of(state.observation(2))
    assert sea.revealed == {(1, 0), (2, 0)} and sea.ships == (((1, 0), "Warship (French)"),)
    assert sea.dutchman == (0, 0) and sea.positions == tuple(pl.position for pl in state.players)
    with pytest.raises(TypeError, match="observation"):
        kop.sea_of(state)


def test_board_pixels():
    comp = components()
    state = Game(players=2).new_initial_state()
    ops = kop.board_ops(state.observation(0))
    stronghold = next(c for c, (k, _) in comp.places.items() if k == "stronghold")
    assert pixel(ops, stronghold) == kop.COLOURS["stronghold"]
    assert pixel(ops, (1, 0)) == kop.COLOURS["shark"]
    assert pixel(ops, (0, 0), dy=9) == kop.COLOURS["dutchman"]
    state.revealed[(1, 0)] = "Warship (French)"
    state.ships[(1, 0)] = "Warship (French)"
    state.tile_pools["shark"]["Warship (French)"] -= 1
    ops = kop.board_ops(state.observation(0))
    assert pixel(ops, (1, 0)) == kop.COLOURS["sea"]
    assert pixel(ops, (1, 0), dy=8) == kop.COLOURS["Warship (French)"]
    outlined = kop.board_ops(state.observation(0), outlines={"#00c000": [(3, 0)]}, layout=kop.COMPACT)
    edge = kop.COMPACT.size * 3 ** 0.5 / 2                               # a hex's left side (outlined inside)
    assert pixel(outlined, (3, 0), dx=-round(edge) + 2, dy=0, layout=kop.COMPACT) == "#00c000"
    assert pixel(outlined, (3, 0), dx=-round(edge / 2), dy=0, layout=kop.COMPACT) != "#00c000"   # inside: no line


def test_heat_map_and_route():
    planner = calc.DutchmanPlanner(dutchman=(0, 0), ship=(3, -2), goal=(0, 0), turns=1)
    heat = planner.heat()
    assert heat == odds.dutchman_distribution(1)
    ops = planner.ops(layout=kop.BOARD)
    assert pixel(ops, (1, 0)) != pixel(ops, (3, 0))          # 1/6 there, nothing at ring 3
    route, p = planner.route()
    assert route[0] == (3, -2) and route[-1] == (0, 0)
    lines = [op for op in ops if op.kind == "line"]
    assert len(lines) == len(route) - 1
    assert planner.why().p == p
    planner.set(players=2, turns=2)
    assert planner.heat() == odds.dutchman_distribution(4)
    with pytest.raises(InvalidInput):
        planner.set(turns=-1)
    with pytest.raises(InvalidInput, match="space of the board"):
        planner.set(goal=(7, 7))
    assert planner.turns == 2        # a refused change changes nothing


@pytest.mark.parametrize("layout", [kop.BOARD, kop.COMPACT], ids=["full", "compact"])
def test_cell_at_round_trips(layout):
    for cell in components().cells:
        x, y = layout.pixel(cell)
        assert layout.cell_at(x + 3 * layout.scale, y - 3 * layout.scale) == cell
    with pytest.raises(InvalidInput, match="off the board"):
        layout.cell_at(2, 2)
    assert kop.cell_at(*kop.BOARD.pixel((2, -1))) == (2, -1)


def test_dutchman_view_sliders_clicks_and_why():
    view = calc.DutchmanView(calc.DutchmanPlanner(dutchman=(2, -1), ship=(3, -2), goal=(0, 0), turns=2))
    _, p = view.model.route()
    assert p == Fraction(65, 108) and f"data-exact='{p}'" in view.summary.value and "60.19% (65/108)" in view.summary.value
    assert visible_rows(view.why.value)[0].startswith("60.19% (65/108)")
    view.turns.value = 3
    assert view.model.turns == 3 and "after 3 compass rolls" in view.summary.value
    x, y = kop.COMPACT.pixel((1, 1))
    view.board.click(x, y)
    assert view.model.goal == (1, 1)
    _, p = view.model.route()
    assert view.why.tree.p == p
    view.click_sets.value = "Dutchman"
    view.board.click(2, 2)          # off the board: a message, nothing changes
    assert "off the board" in view.board.message.value and view.model.dutchman == (2, -1)
    assert (view.turns.min, view.turns.max, view.players.max) == (0, 12, 6)


def test_combat_view_opens_near_even_and_explains_itself():
    view = calc.CombatView()
    p = odds.combat_success_probability(10, 0, 2)
    assert view.model.probability() == p and Fraction(1, 3) < p < Fraction(2, 3)   # a fight near even
    assert f"data-exact='{p}'" in view.result.value and "59.21% (1151/1944)" in view.result.value
    assert visible_rows(view.why.value)[0].startswith("59.21%")
    view.target.value = "city"
    view.modifier.value = 1
    view.cannonballs.value = 0
    assert view.model.probability() == Fraction(5, 18) and "27.78% (5/18)" in view.result.value
    assert view.why.tree.p == Fraction(5, 18) and "No cannonballs" in view.table.value
    view.cannonballs.value = 2
    assert "keep the 6, re-roll the other die" in view.table.value
    assert list(view.bars.x) == [str(k) for k in range(calc.most_cannonballs() + 1)]
    assert view.bars.y[2] == pytest.approx(float(view.model.probability()))      # each bar is the engine's chance
    assert [k for k, c in enumerate(view.bars.colors) if c == calc.CHOSEN] == [2]  # the chosen one darker
    assert view.tabs.titles == ["Chance by Cannonballs", "What to re-roll"]
    view.tabs.pick.value = "What to re-roll"
    assert view.tabs.box.children == (view.table,)
    assert view.chart.title.startswith("The City")
    assert view.cannonballs.max == calc.most_cannonballs() == 6
    model = calc.CombatModel()
    with pytest.raises(InvalidInput):
        model.set(target="the moon")
    with pytest.raises(InvalidInput):
        model.set(cannonballs=-1)
    assert model.target == "city" and model.cannonballs == 2
    model.set(target="9")
    assert model.defence == 9


def test_the_re_roll_table_is_grouped_in_words():
    rows = calc.policy_rows(odds.reroll_policy(10, 0, 2))
    assert rows[0] == ("keep the 6, re-roll the other die", "6 and 1, 6 and 2, 6 and 3")
    assert rows[-1][0] == "re-roll both dice"
    counted = sum(len(r[1].split(", ")) for r in rows)
    assert counted == sum(a + b < 10 for a in range(1, 7) for b in range(1, a + 1))     # every failed roll once


def test_rum_view():
    view = calc.RumView()
    assert view.model.p_safe() == Fraction(50, 81) and "61.73% (50/81)" in view.result.value   # 4 Rum, 4 upkeeps
    view.rum.value = 0
    view.upkeeps.value = 1
    assert view.model.p_safe() == Fraction(1, 3) and "33.33% (1/3)" in view.result.value
    assert view.why.tree.p == Fraction(1, 3) == upkeep_odds.p_no_mutiny_within(0, 1)
    assert view.model.likely_within() == 1
    assert view.view.dist == calc.RumModel(rum=0).first_mutiny()
    assert view.view.title.startswith("With 0 Rum")
    dist = calc.RumModel(rum=4).first_mutiny(10)
    assert 1 not in dist.outcomes() and all(isinstance(n, int) for n in dist.outcomes())   # numeric axis
    assert dist[11] == 1 - sum(odds.first_mutiny_distribution(4, 10).values())               # 11: the 11th or later
    assert sum(p for _, p in dist.items()) == 1
    xs, _, numeric = view.view.chart_points()
    assert numeric and xs == sorted(xs)
    assert view.rum.max == calc.most_rum() == 8
    with pytest.raises(InvalidInput):
        view.model.set(rum=-2)


def test_effect_tables():
    cards = {(c, s): (a, b) for c, s, a, b in calc.card_effects()}
    targets, p = components().targets, odds.combat_success_probability
    stronghold, city = targets["stronghold"]["defence"], targets["city"]["defence"]
    # Given 2 Cannonballs, When Assault adds +2 against a Stronghold, Then the chance rises to the engine's +2 chance
    assert cards[("Assault", "you attack a Stronghold")] == (p(stronghold, 0, 2), p(stronghold, 2, 2))
    assert cards[("Soldiers", "another attacks a City")] == (p(city, 0, 2), p(city + 2, 0, 2))
    assert cards[("Scurvy", "another attacks a City")][1] < cards[("Scurvy", "another attacks a City")][0]
    # issue 36: Ambush is the defender's card, so its row shows the defender's chance to win (ties go to the attacker)
    pvp = odds.pvp_win_probability
    assert cards[("Ambush", "a player attacks you: your chance to win")] == (1 - pvp(0, 2, 0, 2), 1 - pvp(0, 2, 3, 2))
    assert f"{float(1 - pvp(0, 2, 3, 2)):.2%}" == "85.90%"
    page = calc.effects_html(calc.card_effects(), first="card")
    assert "<th>card</th>" in page and "2 Cannonballs on each side" in page
    assert page.count("<tr>") == len(calc.card_effects()) + 1          # one row a card, under one header row
    skills = calc.skill_effects()
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


@pytest.mark.parametrize("dutchman, turns", [((0, 0), 2), ((1, 0), 1), ((2, -1), 3), ((-4, 4), 2)])
@pytest.mark.parametrize("layout", [kop.BOARD, kop.COMPACT], ids=["full", "compact"])
def test_the_dutchman_heat_map_has_no_text_overlap_with_large_fonts(dutchman, turns, layout):
    """With Large fonts every canvas text is painted at 16 px or more: the Dutchman's "FD" disc must not sit
    on its cell's percentage, and no two percentages may meet (issue 13, projector checks)."""
    planner = calc.DutchmanPlanner(dutchman=dutchman, turns=turns)
    ops = planner.ops(layout=layout)
    assert text_collisions(ops, width=layout.width, height=layout.height) == []
    texts = [op.args[0] for op in ops if op.kind == "text"]
    assert texts.count("FD") == 1


# ---------------------------------------------------------------- GameTable's board
def test_gametable_picks_the_board_and_names_seats_from_1_with_their_colour():
    game = games()["king_of_pirates"](players=3)
    renderer = renderer_for(game)
    assert isinstance(renderer, kop.KingOfPiratesRenderer) and renderer.players == 3
    assert renderer.seat_name(0) == "Player 1 (red)" and renderer.seat_name(2) == "Player 3 (yellow)"
    assert check_renderer(renderer, game, seeds=range(2), every=25) > 0
    table = GameTable(game, seed=1)
    assert "Player 1 (red) (you)" in table.turn.value
    texts = [op.args[0] for op in table.board.ops["board"] if op.kind == "text"]
    assert {"Player 1 (you)", "Player 2", "Player 3"} <= set(texts) and "0 Doubloons" in texts
    assert text_collisions(table.board.ops["board"], LARGE_TEXT, width=renderer.width, height=renderer.height) == []


@pytest.mark.parametrize("players", [2, 6])
def test_the_players_panel_fits_every_table_size(players):
    game = Game(players=players)
    renderer = kop.KingOfPiratesRenderer(game)
    state = game.new_initial_state()
    ops = renderer.draw(state.observation(0), 0)
    assert text_collisions(ops, LARGE_TEXT, width=renderer.width, height=renderer.height) == []
    assert sum(op.kind == "text" and op.args[0].endswith("Doubloons") for op in ops) == players


def test_a_click_on_a_space_sails_there_when_the_rules_allow():
    from pirates_lab.king_of_pirates import lessons

    state = lessons.movement_start()
    renderer = kop.KingOfPiratesRenderer(Game(players=2))
    target = lessons.sail_targets(state)[0]
    x, y = kop.COMPACT.pixel(target)
    legal = state.legal_actions()
    assert renderer.click(state.observation(0), 0, x, y, legal) == Sail(target)
    far = kop.COMPACT.pixel((0, 0))
    assert renderer.click(state.observation(0), 0, *far, legal) is None          # not one step away
    assert renderer.click(state.observation(0), 0, kop.COMPACT.width + 5, 10, legal) is None   # the panel
    assert renderer.hand(state.observation(0), 0) == [f"{c} ({components().action_cards[c]['timing']})"
                                                      for c in state.players[0].hand]


# ---------------------------------------------------------------- the lesson's live reference screens (issue 34 item 4)
from pirates_lab.king_of_pirates import try_it  # noqa: E402
from pirates_lab.king_of_pirates.game import Attack, Dig, KeepPirates, Play, StopMoving  # noqa: E402
from pirates_lab.widgets import king_of_pirates_lessons as lesson_module  # noqa: E402
from pirates_lab.widgets import king_of_pirates_table as kop_table  # noqa: E402

#: the move each heading is about (a KeepPirates: any of the six)
THE_MOVE = {
    "The Game Board": lambda legal: Dig() in legal,
    "Game Setup": lambda legal: sum(isinstance(a, KeepPirates) for a in legal) == 6,
    "Phases of a Turn": lambda legal: StopMoving() in legal and any(isinstance(a, Sail) for a in legal),
    "Action Cards": lambda legal: Play("Tailwind") in legal and Play("Scurvy", 1) in legal
                                  and not any(isinstance(a, Play) and a.card in ("Assault", "Keelhauling") for a in legal),
    "Pirate Skills": lambda legal: Attack("city") in legal,
    "Captain's Skills": lambda legal: Dig() in legal,
}


def test_docstring_examples_of_the_try_it_modules():
    assert doctest.testmod(try_it).failed == 0 and doctest.testmod(kop_table).failed == 0


@pytest.mark.parametrize("heading", sorted(try_it.TRY_IT))
def test_each_live_reference_screen_starts_player_1_at_the_move_its_rule_is_about(heading):
    """Given a reference screen's live position, Then it is a valid position (every card and pirate accounted
    for), player 1 is to move, the move its heading is about is legal there, and the lesson's reference screen of
    that heading shows it."""
    state = try_it.TRY_IT[heading]()
    state.validate()
    assert state.current_player() == 0 and THE_MOVE[heading](state.legal_actions())
    demos = [s.demo for s in lesson_module.lesson().reference_screens if s.heading == heading and s.demo]
    assert demos == [lesson_module.TRY_IT_DEMOS[heading]] == ["try_" + try_it.TRY_IT[heading].__name__]


def test_the_positions_hold_what_their_labels_say():
    board = try_it.the_game_board()
    me = board.players[0]
    assert board.place_at(me.position)[0] == "large island" and me.hand.count("Treasure Map") == 4
    assert me.doubloons == 7000
    skills = try_it.pirate_skills()
    assert skills.place_at(skills.players[0].position) == ("city", "Spanish") and skills.players[0].cannonballs == 0
    captain = try_it.captains_skills()
    assert captain.place_at(captain.players[0].position)[0] == "small island" and captain.players[0].hand == ()
    assert captain.players[0].crew == ("Black Bart", "Mary Read")
    assert sorted(try_it.action_cards().players[0].hand) == sorted(try_it.CARDS_HELD)
    turn = try_it.phases_of_a_turn()
    assert turn.game.players == 3 and any("Flying Dutchman moves" in line for line in turn.log.recent(20))


def test_only_the_reference_screens_that_carry_a_rule_stay_text_only():
    lesson = lesson_module.lesson()
    assert [s.heading for s in lesson.reference_screens if not s.demo] == ["Game Contents"]


def test_a_try_it_table_plays_the_move_and_starts_again_from_the_same_position():
    """Given the Game Board's live table, When player 1 digs, Then 3000 Doubloons come and the game is won (round
    the Point Track); When he presses Start again, Then the position is back: 7,000 and 4 Treasure Maps."""
    table = lesson_module.try_the_game_board()
    turn, controls = table.children[0].children                   # whose move and the buttons, on one line
    assert table.new_game_button.description == "Start again" and table.new_game_button in controls.children
    assert table.coach_toggle not in controls.children             # a rule to try has no coach
    table.play(Dig())
    assert table.model.state.players[0].doubloons == 10000 and table.model.state.is_terminal()
    assert "Game over" in table.turn.value
    table.new_game()
    state = table.model.state
    assert state.phase == "dig" and state.players[0].doubloons == 7000 and state.players[0].hand.count("Treasure Map") == 4


def test_a_try_it_table_goes_on_with_the_computer_captains():
    """Given the Pirate Skills table, When player 1 ends the turn instead of attacking, Then the computer captain
    plays its turn and player 1 is to move again (the next round), the crew still named with its skills."""
    table = lesson_module.try_pirate_skills()
    assert "Your crew: Stede Bonnet, captain (+1 Combat vs. Nations; captain: Move 2 on the victory track)" \
        in table.hand_line.value
    table.play(next(a for a in table.model.legal_actions() if not isinstance(a, (Attack, Play))))
    assert table.model.human_to_move and table.model.state.round == 2
    assert "Olivier Levasseur (+1 Combat vs. Nations)" in table.hand_line.value


def test_the_hand_names_the_pirates_drawn_with_their_skills_while_choosing():
    state = try_it.game_setup()
    renderer = kop.KingOfPiratesRenderer(state.game)
    shown = renderer.hand(state.observation(0), 0)
    pirates = components().pirates
    assert shown == [f"{p} ({pirates[p]['skill']}; captain: {pirates[p]['captain']})" for p in state.offer]
    assert renderer.hand(state.observation(1), 1) == []          # not player 2's choice: nothing of it in his hand


def test_the_coach_screen_is_at_a_decision_of_two_moves_or_more():
    table = lesson_module.coach_at_the_table()
    legal = table.model.legal_actions()
    assert table.model.human_to_move and len(legal) >= 2
    assert table.model.game.name == "king_of_pirates" and table.coach_toggle.description == "Coach"
    screen = lesson_module.lesson().find("Predict the best move, then ask the coach")
    assert screen.kind == "play" and screen.demo == "coach_at_the_table" and screen in lesson_module.lesson().class_screens


def test_a_compact_table_keeps_the_log_a_click_away_and_the_hand_on_one_line():
    """The lesson's play table, laid out to fit one screen: the log is hidden until Log is pressed, the hand line
    follows every move (after the setup's choice the pirates drawn leave it and the crew is named), the Coach stays."""
    table = lesson_module.play_table()
    log = table.log_box
    assert log.layout.display == "none" and table.coach_toggle in table.children[0].children[1].children
    table.log_toggle.value = True
    assert log.layout.display == "" and "draws the pirate" in log.value
    before = table.hand_line.value
    keep = next(a for a in table.model.legal_actions() if isinstance(a, KeepPirates))
    assert keep.captain in before and "captain:" in before
    table.play(keep)
    assert f"Your crew: {keep.captain}, captain (" in table.hand_line.value and table.hand_line.value != before
