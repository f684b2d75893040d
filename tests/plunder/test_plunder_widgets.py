"""Plunder widgets in plain pytest: the sea as draw operations, the renderer, the calculator (the walkthrough: test_plunder_lessons.py).

Rules: Plunder › Sail and Explore
"""

from pirates_lab.plunder import Game
from pirates_lab.plunder.odds import npc_chain_odds, side_of
from pirates_lab.plunder.turn import sailing_paths
from pirates_lab.widgets.plunder import COLOURS, ChainCalculator, PlunderRenderer, chain_report, sea_ops, table
from pirates_lab.widgets.table_render import check_renderer

from plunder_helpers import at_step, fresh, hand, lay


def test_sea_ops_draw_every_map_card_and_every_ship():
    state = fresh(players=3)
    ops = sea_ops(state.observation(0))
    cards = [op for op in ops if op.kind == "rect" and op.fill in COLOURS.values()]
    assert len(cards) == len(state.sea) == 5
    assert len([op for op in ops if op.kind == "circle"]) == 3


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
    assert all(len({c[0] for c in path}) == 1 or len({c[1] for c in path}) == 1 or
               sum(1 for a, b, c in zip(path, path[1:], path[2:]) if (b[0] - a[0], b[1] - a[1]) !=
                   (c[0] - b[0], c[1] - b[1])) <= 1 for path in paths)
    segments = sum(len(path) for path in paths)
    ops = sea_ops(state.observation(p))
    assert len([op for op in ops if op.kind == "line" and op.stroke == "#ffd400"]) == segments
    state2 = at_step(state, p, "action", "give")
    assert not [op for op in sea_ops(state2.observation(p)) if op.kind == "line"]


def test_the_renderer_keeps_the_table_contract():
    assert check_renderer(PlunderRenderer(), Game(players=2, max_turns=3), seeds=range(2), clicks=0) > 0
    obs = fresh().observation(0)
    assert all(text.endswith(")") for text in PlunderRenderer().hand(obs, 0))


def test_chain_report_is_the_engine_s_odds():
    report = chain_report("Pinnace", "Spanish Galleon", ["Bottle of Rum", "Navigator"], draws=1)
    pool = {k: v for k, v in Game(players=2).components.full_deck().items() if k != "Tortuga"}
    pool["Open Sea"] -= 4
    pool["Bottle of Rum"] -= 1
    pool["Navigator"] -= 1
    assert report["win"] == npc_chain_odds(side_of("Pinnace"), side_of("Spanish Galleon"),
                                           ["Bottle of Rum", "Navigator"], 1, pool).win
    assert sum(p for _, p in report["ends"].items()) == 1


def test_the_calculator_updates_and_refuses_an_eight_card_hand():
    calc = ChainCalculator()
    calc.enemy.value = "Treasure Fleet"
    low = calc.report["win"]
    calc.hand.value = ("Bottle of Rum", "Sneak into Port", "Navigator")
    assert calc.report["win"] >= low and "Whole combat" in calc.summary.value
    calc.hand.value = tuple(sorted(Game(players=2).components.cards))[:8]
    assert "at most 7" in calc.message.value


def test_play_alone_at_the_game_table_against_computer_traders():
    t = table(seed=2)
    assert t.model.human_to_move
    before = len(t.model.events)
    t.model.play(t.model.legal_actions()[0])
    assert len(t.model.events) > before


def test_the_calculator_labels_sit_above_their_controls():
    # a description beside a control is cut at the widgets' label width with large fonts: none here
    calc = ChainCalculator()
    for control in (calc.ship, calc.mate, calc.enemy, calc.draws, calc.hand, calc.captain):
        assert control.description == ""
    fields = [box for box in calc.children[0].children[0].children if "pl-plunder-field" in box._dom_classes]
    assert [f.children[1] for f in fields] == [calc.ship, calc.mate, calc.enemy, calc.draws, calc.hand]
    assert all(f.children[1].layout.width == "calc(100% - 8px)" for f in fields)


def test_a_refused_hand_leaves_no_stale_odds():
    calc = ChainCalculator()
    calc.hand.value = tuple(sorted(Game(players=2).components.cards))[:8]
    assert "at most 7" in calc.message.value and "Whole combat" not in calc.summary.value
    calc.hand.value = ("Havana",)
    assert calc.message.value == "" and "Whole combat" in calc.summary.value
