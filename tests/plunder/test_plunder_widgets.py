"""Plunder widgets in plain pytest: the sea as draw operations, the renderer, the calculators (the lesson:
test_plunder_lessons.py).

Rules: Plunder › Sail and Explore
"""
from fractions import Fraction

import ipywidgets as widgets
import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.plunder import Game
from pirates_lab.plunder.odds import captain_fight, marque_probability, npc_chain_odds, side_of
from pirates_lab.plunder.sail_and_explore import sailing_paths
from pirates_lab.widgets import plunder_calculators as calculators
from pirates_lab.widgets.controls import ToggleSet
from pirates_lab.widgets.drawing import text_collisions
from pirates_lab.widgets.plunder import (COLOURS, LABEL_CELL, NATION_CELL, NUMBERED_CELL, ChainCalculator,
                                         MarqueCalculator, PlunderRenderer, card_label, chain_report, sea_layout,
                                         sea_ops, table)
from pirates_lab.widgets.table_render import check_renderer
from pirates_lab.widgets.lesson import visible_text

from plunder_helpers import at_step, fresh, hand, lay


def start_pool(*held):
    pool = {k: v for k, v in Game(players=2).components.full_deck().items() if k != "Tortuga"}
    pool["Open Sea"] -= 4
    for name in held:
        pool[name] -= 1
    return {k: v for k, v in pool.items() if v}


def every(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from every(child)


# ---------------------------------------------------------------- the sea
def test_sea_ops_draw_every_map_card_and_every_ship():
    state = fresh(players=3)
    ops = sea_ops(state.observation(0))
    cards = [op for op in ops if op.kind == "rect" and op.fill in COLOURS.values()]
    assert len(cards) == len(state.sea) == 5
    assert len([op for op in ops if op.kind == "circle"]) == 3
    numbers = [op.args[0] for op in ops if op.kind == "text" and op.args[0].isdigit()]
    assert numbers == ["1", "2", "3"]                                  # ships numbered from 1
    header = next(op.args[0] for op in ops if op.kind == "text" and op.args[0].startswith("Round"))
    assert header.endswith(f"North points to Captain {state.first + 1}")


def test_the_legal_courses_are_drawn_for_the_captain_sailing():
    state = fresh()
    p = state.first
    lay(state, (2, 0), "Open Sea")
    lay(state, (2, 1), "Havana")
    hand(state, p, [])
    state = at_step(state, p, "sail", "action", "give")
    kinds = {cell: state.card(name).kind for cell, name in state.sea.items()}
    paths = sailing_paths(kinds, (0, 0))
    assert [(1, 0), (2, 0), (2, 1)] in paths and [(0, -1)] in paths
    segments = sum(len(path) for path in paths)
    ops = sea_ops(state.observation(p))
    assert len([op for op in ops if op.kind == "line" and op.stroke == "#ffd400"]) == segments
    state2 = at_step(state, p, "action", "give")
    assert not [op for op in sea_ops(state2.observation(p)) if op.kind == "line"]


def sea_of(names, width, height, ships=0):
    """Cards in a row, ``ships`` captains on the last one; the cell size the layout gives them."""
    observation = {"sea": [(i, 0, name) for i, name in enumerate(names)], "round": 3, "first_captain": 0,
                   "captains": [{"at": (len(names) - 1, 0)}] * ships}
    size, _ = sea_layout([(i, 0) for i in range(len(names))], width, height, top=26)
    return sea_ops(observation, width=width, height=height), size


def test_card_names_ships_and_nations_never_collide_at_any_cell_size_with_large_fonts():
    from pirates_lab.plunder.components import components

    sizes = set()
    for width in range(60, 400, 17):           # from a crowded sea (cells of 18 px) to a roomy one (80 px)
        for card in components().of_kind("port", "open_sea", "coastland"):
            ops, size = sea_of(["Tortuga", card.name], width, width // 2 + 30, ships=4)
            sizes.add(size)
            assert text_collisions(ops, width=width, height=width // 2 + 30) == [], (size, card.name)
    assert min(sizes) < LABEL_CELL and max(sizes) >= 80
    assert card_label("Havana", 64) == "Havana" and card_label("Sint Eustatius", 64) != "Sint Eustatius"


def test_a_roomy_cell_shows_its_name_nation_and_numbered_ships():
    ops, size = sea_of(["Tortuga", "Sint Eustatius"], 300, 180, ships=4)
    texts = [op.args[0] for op in ops if op.kind == "text"]
    assert size >= NATION_CELL and "Net" in texts and ["1", "2", "3", "4"] == [t for t in texts if t.isdigit()]
    ops, size = sea_of(["Tortuga", "Sint Eustatius"], 100, 80, ships=4)
    assert size < NUMBERED_CELL and not [op for op in ops if op.kind == "text" and op.args[0].isdigit()]
    assert sum(op.kind == "circle" for op in ops) == 4                    # the ships are still there, by colour


def test_the_renderer_keeps_the_table_contract_and_names_seats_from_1():
    assert check_renderer(PlunderRenderer(), Game(players=2, max_turns=3), seeds=range(2), clicks=0) > 0
    obs = fresh().observation(0)
    assert all(text.endswith(")") for text in PlunderRenderer().hand(obs, 0))
    assert [PlunderRenderer().seat_name(s) for s in range(4)] == ["Captain 1 (red)", "Captain 2 (blue)",
                                                                 "Captain 3 (green)", "Captain 4 (purple)"]


def test_play_alone_at_the_game_table_against_computer_traders():
    t = table(seed=2)
    assert t.model.human_to_move
    before = len(t.model.events)
    t.model.play(t.model.legal_actions()[0])
    assert len(t.model.events) > before
    assert "Captain 1 (red) (you)" in t.scores.value and "Captain 0" not in visible_text(t)


# ---------------------------------------------------------------- the combat calculator
def test_chain_report_is_the_engine_s_odds():
    report = chain_report("Pinnace", "Spanish Galleon", ["Bottle of Rum", "Navigator"], draws=1)
    assert report["win"] == npc_chain_odds(side_of("Pinnace"), side_of("Spanish Galleon"),
                                           ["Bottle of Rum", "Navigator"], 1, start_pool("Bottle of Rum", "Navigator")).win
    assert sum(p for _, p in report["ends"].items()) == 1
    captain = chain_report("English Brigantine", "Spanish Sloop", ["Havana"], captain=True, their_hand=2)
    assert captain["win"] == captain_fight(side_of("English Brigantine"), side_of("Spanish Sloop"), ["Havana"],
                                           start_pool("Havana"), 2).win
    with pytest.raises(InvalidInput, match="A captain sails a ship, not Havana"):
        chain_report("Pinnace", "Havana", captain=True)


def test_the_calculator_opens_on_a_fight_near_even_and_explains_it():
    calc = ChainCalculator()
    assert Fraction(2, 5) < calc.report["win"] < Fraction(3, 5)
    assert calc.report["win"] == npc_chain_odds(side_of("Pinnace"), side_of("Treasure Fleet"), ["Open Sea", "Coastland"],
                                                2, start_pool("Open Sea", "Coastland")).win
    assert all(Fraction(0) < p for p in calc.report["steps"].values())            # every step can be won
    calc.why.tree.check(calc.report["win"], "plunder")                              # root = the number shown
    assert {"Engagement", "Broadside", "Boarding"} <= calc.why.tree.rules()
    shown = visible_text(calc)
    assert "45.72%" in shown and "you win" in shown and "you are sunk" in shown


def test_the_hand_is_tapped_not_ctrl_clicked_and_stays_legal():
    calc = ChainCalculator()
    assert isinstance(calc.hand, ToggleSet) and not [w for w in every(calc) if isinstance(w, widgets.SelectMultiple)]
    low = calc.report["win"]
    by_name = dict(zip(calc.hand.options, calc.hand.buttons))
    by_name["Bottle of Rum (6)"].value = True
    assert calc.cards() == ("Open Sea", "Coastland", "Bottle of Rum") and calc.report["win"] > low
    assert calc.draws.max == 4
    for label in ("Havana (3)", "Natives (3)", "Cartagena (4)", "Pirates (5)"):
        by_name[label].value = True
    assert len(calc.hand.value) == 7 and calc.draws.max == 0 and calc.draws.value == 0      # at most 7 cards in all
    assert all(b.disabled for b in calc.hand.buttons if not b.value)                      # no eighth card
    assert calc.message.value == "" and calc.report["win"] == npc_chain_odds(
        side_of("Pinnace"), side_of("Treasure Fleet"), calc.cards(), 0, start_pool(*calc.cards())).win


def test_another_captain_is_fought_in_a_ship_never_in_a_port():
    calc = ChainCalculator()
    calc.mode.value = True
    assert "Havana" not in calc.enemy.options and "Natives" not in calc.enemy.options
    assert calc.enemy.value == "Treasure Fleet"                         # still a ship: kept
    assert calc.their_field.layout.display == "" and calc.draws_field.layout.display == "none"
    calc.enemy.value = "Spanish Sloop"
    calc.their_hand.value = 1
    assert calc.report["win"] == captain_fight(side_of("Pinnace"), side_of("Spanish Sloop"), ["Open Sea", "Coastland"],
                                               start_pool("Open Sea", "Coastland"), 1).win
    calc.why.tree.check(calc.report["win"], "plunder")
    calc.mode.value = False
    assert "Havana" in calc.enemy.options and calc.enemy.value == "Spanish Sloop"


def test_a_refused_input_leaves_no_stale_odds(monkeypatch):
    calc = ChainCalculator()

    def refuse(*args, **kwargs):
        raise InvalidInput("There are not that many Havana cards in the deck.")

    monkeypatch.setattr(calculators, "chain_report", refuse)
    calc.draws.value = 1
    assert "not that many Havana" in calc.message.value and "Expected silver" not in calc.summary.value
    assert calc.why.tree is None
    monkeypatch.undo()
    calc.draws.value = 2
    assert calc.message.value == "" and "Expected silver" in calc.summary.value


def test_the_calculator_labels_sit_above_their_controls():
    # a description beside a control is cut at the widgets' label width with large fonts: none here
    calc = ChainCalculator()
    for control in (calc.ship, calc.mate, calc.enemy, calc.draws, calc.their_hand):
        assert control.description == ""
    fields = [box for box in every(calc) if "pl-plunder-field" in box._dom_classes]
    assert [f.children[1] for f in fields] == [calc.ship, calc.mate, calc.enemy, calc.draws, calc.their_hand]
    assert all(f.children[1].layout.width == "calc(100% - 8px)" for f in fields)


# ---------------------------------------------------------------- the Letter of Marque calculator
def test_the_marque_calculator_is_the_engine_s_count_with_its_why():
    calc = MarqueCalculator()
    # your own card is in your hand: the contesters' cards come from the others (Action: "one of the cards in your
    # hand"), as `pirates-lab odds plunder-marque` counts them (issue 36)
    assert calc.answer == marque_probability(5, start_pool("Pirates"), 1, 6)
    assert calc.answer != marque_probability(5, start_pool(), 1, 6)
    assert Fraction(2, 5) < calc.answer < Fraction(4, 5)                             # opens near even
    calc.why.tree.check(calc.answer, "plunder")
    calc.contesters.value = 2
    assert calc.answer == marque_probability(5, start_pool("Navigator"), 2, 6)
    calc.why.tree.check(calc.answer, "plunder")
    assert (calc.card.min, calc.card.max, calc.contesters.min, calc.contesters.max) == (1, 6, 1, 3)
    rows = visible_text(calc.table)
    assert "100.00%" in rows and rows.count("%") == 6


# ---------------------------------------------------------------- the reference screens' live positions (issue 34 item 4)
from pirates_lab.plunder import try_it  # noqa: E402
from pirates_lab.plunder.actions import (AddCard, Attack, AttackCaptain, AttackPort, Buy, Give, Pay, Play,  # noqa: E402
                                         Sail, StartTrade, TakePrize)
from pirates_lab.widgets import plunder_lessons as lesson_module  # noqa: E402

#: heading -> (the step's rule as the engine names it, a move the heading is about, legal in its position)
THE_MOVE = {
    "Overview": ("Action", StartTrade()),
    "Turn": ("Sail and Explore", Sail(1)),
    "Resolve the Encounter": ("Resolve the Encounter", Attack()),
    "Pay the Crew": ("Pay the Crew", Pay(False, True)),
    "Play an Encounter": ("Play an Encounter", Give("Pirates")),
    "Buying": ("Trade", Buy("Spices", 2)),
    "Selling": ("Action", StartTrade()),
    "First Mate": ("Action", Play("Navigator")),
    "Enemies": ("Resolve the Encounter", Attack()),
    "If You Lose Your Ship": ("Boarding", AddCard("Coastland")),
    "Enemies (2)": ("Action", AttackPort()),
    "Captured Ships": ("Captured Ships", TakePrize("swap")),
    "Engagement": ("Engagement", AddCard("Coastland")),
    "Broadside": ("Broadside", AddCard("Havana")),
    "Boarding": ("Boarding", AddCard("Coastland")),
    "Attacking Another Captain": ("Action", AttackCaptain(1)),
}


def _screen_of(heading: str):
    """The reference screen of ``heading`` (``"Enemies (2)"``: the second section of that name)."""
    name, _, nth = heading.partition(" (")
    occurrence = int(nth.rstrip(")")) if nth else 1
    (screen,) = [s for s in lesson_module.lesson().reference_screens if s.heading == name and s.occurrence == occurrence]
    return screen


@pytest.mark.parametrize("heading", sorted(try_it.TRY_IT))
def test_each_live_reference_screen_starts_captain_1_at_the_move_its_rule_is_about(heading):
    """Given a reference screen's live position, Then it is a valid position (every card, silver piece and token
    accounted for), Captain 1 is to choose between two moves or more at the step of that rule, the move its heading
    is about is legal there, and the lesson's reference screen of that heading shows it."""
    state = try_it.TRY_IT[heading]()
    state.validate()
    rule, move = THE_MOVE[heading]
    assert state.current_player() == 0 and state.phase.rule == rule and len(state.legal_actions()) >= 2
    assert move in state.legal_actions()
    assert _screen_of(heading).demo == lesson_module.TRY_IT_DEMOS[heading] == "try_" + try_it.TRY_IT[heading].__name__


def test_every_live_screen_is_one_of_the_positions():
    demos = {s.demo for s in lesson_module.lesson().reference_screens if s.demo}
    assert demos == set(lesson_module.TRY_IT_DEMOS.values()) and len(demos) == len(try_it.TRY_IT) == 16


def test_a_try_it_table_plays_the_move_and_starts_again_from_the_same_position():
    """Given the Broadside's live table, When Captain 1 adds Havana, Then he wins the Broadside and may sink or board;
    When he presses Start again, Then the position is back (the same hand, the same step), and no Coach toggle
    crowds the controls."""
    table = lesson_module.try_broadside()
    assert table.new_game_button.description == "Start again"
    assert not any(w is table.coach_toggle for w in every(table))
    labels = [b.description for b in table.action_buttons]
    assert labels == ["add no card", "add Coastland", "add Havana", "add Open Sea"]
    before = table.model.state.observation(0)
    table.action_buttons[labels.index("add Havana")].click()
    assert table.model.state.phase == "sink_or_board" and "Havana" not in table.model.state.hand(0)
    table.new_game_button.click()
    assert table.model.state.phase == "broadside" and table.model.state.observation(0) == before
    assert not table.model.history and table.message.value == ""


@pytest.mark.parametrize("demo", sorted(lesson_module.TRY_IT_DEMOS.values()))
def test_every_try_it_table_shows_a_handful_of_moves_and_captains_from_1(demo):
    """Every live table shows at most six moves (the projector walk clicks each once) and names Captain 1."""
    table = getattr(lesson_module, demo)()
    assert 2 <= len(table.action_buttons) <= 6 and table.model.human_to_move
    assert "Captain 1 (red) (you)" in table.turn.value and "Captain 0" not in visible_text(table)


def test_after_every_move_of_every_position_the_table_goes_on():
    """Each move of each live position is played at its table: the computer trader goes on from its own seat's view
    until Captain 1 decides again or the game ends, with no error shown."""
    for demo in lesson_module.TRY_IT_DEMOS.values():
        table = getattr(lesson_module, demo)()
        for k in range(len(table.action_buttons)):
            table.new_game()
            table.action_buttons[k].click()
            assert table.message.value == "", (demo, k, table.message.value)
            state = table.model.state
            assert state.is_terminal() or state.current_player() == 0 or table.model.waiting, (demo, k)


def test_the_coach_screen_opens_at_a_choice_and_has_its_coach():
    """Issue 37 item 3: the coach's lesson screen is the game's table at Captain 1's first choice of two moves or
    more, with the Coach toggle."""
    table = lesson_module.coach_at_the_table()
    assert table.model.human_to_move and table.model.state.current_player() == 0
    assert len(table.model.legal_actions()) >= 2
    assert any(w is table.coach_toggle for w in every(table))
    screen = lesson_module.lesson().find("Predict the best move, then ask the coach")
    assert screen.kind == "play" and screen.demo == "coach_at_the_table" and screen in lesson_module.lesson().class_screens


@pytest.mark.parametrize("demo", sorted(lesson_module.TRY_IT_DEMOS.values()))
def test_the_try_it_board_shows_the_mats_a_rule_compares_without_cut_or_colliding_text(demo):
    """The live board draws, beside the sea, the enemy's values in a fight and each captain's silver, ship and (for
    Captain 1) hand with each card's number, read from the seat's observation; with Large fonts no text collides
    or passes the board's edge, after a move too."""
    from pirates_lab.plunder.components import components

    table = getattr(lesson_module, demo)()
    renderer = table.renderer
    for _ in range(2):
        observation = table.model.observation()
        ops = renderer.draw(observation, 0)
        assert text_collisions(ops, width=renderer.width, height=renderer.height) == []
        texts = " ".join(op.args[0] for op in ops if op.kind == "text")
        for p, mat in enumerate(observation["captains"]):
            assert f"Captain {p + 1}{' (you)' * (p == 0)}: {mat['silver']} silver" in texts
        for name in observation["hand"]:
            assert f"{name} {components().card(name).number}" in texts
        fight = observation["combat"]
        if fight and (fight["enemy"] or fight["port"]):
            assert f"Against: {fight['enemy'] or fight['port']}" in texts
        if not table.action_buttons:
            break
        table.action_buttons[-1].click()                       # one move on: still on the board, still legible


def test_the_mat_shows_a_fight_s_values_and_the_captured_ship():
    from pirates_lab.widgets.plunder import mat_ops

    state = try_it.broadside()
    texts = [op.args[0] for op in mat_ops(state.observation(0), 0) if op.kind == "text"]
    assert texts[:2] == ["Against: Treasure Fleet", "speed 2 · cannon 4 · crew 5"]
    assert "Pinnace: speed 2 · cannon 1 · crew 2" in texts
    towing = try_it.captured_ships().apply(TakePrize("captured"))
    assert any("towing Spanish Galleon" in t for t in (op.args[0] for op in mat_ops(towing.observation(0), 0)
                                                         if op.kind == "text"))


def test_a_shortened_card_name_never_ends_in_a_space_and_a_dot():
    """Port Royal in a small cell read "P. ." (its short name cut after the space): cut names end in one dot."""
    from pirates_lab.plunder.components import components

    names = [name for name, card in components().cards.items() if card.kind in ("port", "coastland", "open_sea")]
    for size in range(LABEL_CELL, 81):
        for name in names:
            label = card_label(name, size)
            assert not label.endswith((" .", "..")) and label.strip() == label, (name, size, label)
    assert card_label("Port Royal", 41) == "P."


def test_the_line_beside_the_buttons_says_what_the_move_did():
    """Given the Overview's live table, When Captain 1 sells his plunder, Then the line beside Start again says what
    the sale did (the log's newest lines) and that the game is over; Start again brings back whose move it is."""
    table = lesson_module.try_overview()
    assert "to play" in table.turn.value
    table.play(StartTrade())
    said = visible_text(table.turn)
    assert table.model.state.log[-1] in said and "Game over" in said and "Captain 1" in said
    table.new_game()
    assert "to play" in table.turn.value and table.model.state.cap(0)["silver"] == 53
