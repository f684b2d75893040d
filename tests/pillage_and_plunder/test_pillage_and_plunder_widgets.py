"""Pillage & Plunder widgets without a browser: pure drawing, live calculators whose controls stay legal, the board
GameTable draws, and the game table of the lesson."""
import random
import re
from fractions import Fraction

import pytest

from pirates_lab.core import games
from pirates_lab.pillage_and_plunder import Ship, battle, hand_probability
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder.battles import (cannon_volley, flee_escape_probability, melee,
                                                     melee_round_win_probability)
from pirates_lab.pillage_and_plunder import try_it
from pirates_lab.pillage_and_plunder.game import (Act, Game, Play, Repair, Retrieve, SellCargo, StealMap, TakeCargo,
                                                  new_game)
from pirates_lab.pillage_and_plunder.lessons import calculator_ships
import pirates_lab.widgets.pillage_and_plunder_lessons as lesson_module
from pirates_lab.widgets import rasterize
from pirates_lab.widgets.drawing import LARGE_TEXT_FLOOR, font_px, text_collisions
from pirates_lab.widgets.numbers import percent_text
from pirates_lab.widgets.pillage_and_plunder import (BattleCalculator, CallOffTable, DeckOddsCalculator, StageOdds,
                                                     battle_ops, board_ops, ship_ops, with_separators)
from pirates_lab.widgets.pillage_and_plunder_battle import MINI_HEIGHT, MINI_WIDTH, mini_ships_ops
from pirates_lab.widgets.pillage_and_plunder_stages import flee_case, speed_limits
from pirates_lab.widgets.pillage_and_plunder_table import (PICTURE_HEIGHT, PICTURE_WIDTH, PillageRenderer,
                                                           PillageTable, table_picture_ops)
from pirates_lab.widgets.renderers import renderer_for
from pirates_lab.widgets.table import GameTable
from pirates_lab.widgets.table_render import check_renderer

DATA = C.load()


# ---------------------------------------------------------------- drawing
def test_ship_ops_show_damage_as_red_markers_and_idle_cannons_grey():
    ship = Ship.player("Schooner", cannons=4, crew=2, damage=2)
    ops = ship_ops(ship, 0, 0, 270, 170)
    circles = [op for op in ops if op.kind == "circle" and op.args[1] == 64]
    assert len(circles) == 5 and [op.fill for op in circles].count("#b22222") == 2
    cannons = [op for op in ops if op.kind == "rect" and op.args[1] == 80]
    assert [op.fill for op in cannons] == ["#222222"] * 2 + ["#aaaaaa"] * 2        # two crewmen fire two cannons
    gunner = ship_ops(Ship.player("Schooner", cannons=4, crew=2, officers=("Master Gunner",)), 0, 0)
    assert [op.fill for op in gunner if op.kind == "rect" and op.args[1] == 80] == ["#222222"] * 4
    image = rasterize(ops, 270, 170)
    assert image.getpixel((12, 64))[:3] == (0xb2, 0x22, 0x22)         # the first marker is damage


DRAWINGS = {
    "ship card": (lambda: ship_ops(Ship.navy(), 0, 0, 270, 170), 270, 170),
    "two ships": (lambda: battle_ops(Ship.player("Man O' War"), Ship.merchant(6)), 560, 190),
    "mini ships": (lambda: mini_ships_ops(Ship.player("Man O' War"), Ship.navy(damage=3)), MINI_WIDTH, MINI_HEIGHT),
    "table picture": (table_picture_ops, PICTURE_WIDTH, PICTURE_HEIGHT),
}


@pytest.mark.parametrize("name", sorted(DRAWINGS))
def test_drawings_keep_their_texts_apart_with_large_fonts(name):
    """Every text at 16 px or more on the drawing (so Large fonts' floor grows nothing), none overlapping or past
    the edge once painted larger."""
    draw, width, height = DRAWINGS[name]
    ops = draw()
    assert all(font_px(op.font) >= LARGE_TEXT_FLOOR for op in ops if op.kind == "text")
    assert text_collisions(ops, width=width, height=height) == []


def test_battle_and_board_ops_are_pure_and_number_players_from_1():
    a, d = Ship.player("Sloop"), Ship.merchant(4)
    assert battle_ops(a, d) == battle_ops(a, d)
    state = new_game(3)
    ops = board_ops(state.observation(0), 0)
    texts = [op.args[0] for op in ops if op.kind == "text"]
    assert "Player 2: Sloop" in texts and "Player 1 (you): Sloop" in texts and "hoard 3,250" in texts
    assert not any(re.search(r"Player 0\b", t) for t in texts)
    assert not any("draw piles:" in t for t in (op.args[0] for op in board_ops(state.observation(0), show_deck=False)
                                                 if op.kind == "text"))


def test_the_board_is_drawn_from_a_seats_observation_never_from_the_state():
    state = new_game(3)
    with pytest.raises(TypeError, match=r"state\.observation\(seat\)"):
        board_ops(state, 0)
    seat_2 = board_ops(state.observation(1), 1)
    assert "Player 2 (you): Sloop" in [op.args[0] for op in seat_2 if op.kind == "text"]


# ---------------------------------------------------------------- the board GameTable draws
def test_gametable_picks_the_pillage_board_and_it_passes_the_renderer_check():
    game = Game(players=3)
    renderer = renderer_for(game)
    assert isinstance(renderer, PillageRenderer) and renderer.seat_name(0) == "Player 1"
    assert check_renderer(renderer, game, seeds=range(2), every=40) > 0
    table = GameTable(game, seed=2)
    assert isinstance(table.renderer, PillageRenderer)
    assert table.hand.value.count(",") == len(table.model.observation()["players"][0]["hand"]) - 1


def test_the_board_shows_only_what_the_seat_sees_and_its_texts_never_collide():
    game, rng = Game(players=4), random.Random(5)
    renderer = PillageRenderer(game)
    state = game.new_initial_state()
    views = 0
    for step in range(600):
        if state.is_terminal():
            break
        if not state.is_chance_node() and step % 15 == 0:
            seat = state.current_player()
            observation = state.observation(seat)
            ops = renderer.draw(observation, seat)
            assert text_collisions(ops, width=renderer.width, height=renderer.height) == [], step
            others = [c for i, p in enumerate(state.players) if i != seat for c in p["hand"]]
            texts = " ".join(op.args[0] for op in ops if op.kind == "text")
            assert renderer.hand(observation, seat) == observation["players"][seat]["hand"]
            assert not any(f"hand: {c}" in texts for c in others)
            views += 1
        state = state.apply(state.chance_outcomes().sample(rng) if state.is_chance_node()
                            else rng.choice(state.legal_actions()))
    assert views > 5


def test_the_lesson_table_fits_one_screen_in_two_tabs_and_plays():
    table = PillageTable(3, seed=7)
    assert table.tabs.titles == ("Your move", "Log") and len(table.children) == 5      # the 5th: a hidden style
    assert table.children[-1] is table.move_style and table.move_style.layout.display == "none"
    before = len(table.model.legal_actions())
    table.play(table.model.legal_actions()[0])
    assert table.message.value == "" and before > 0


# ---------------------------------------------------------------- the battle calculator
def test_the_battle_calculator_opens_near_even_and_updates_live():
    calc = BattleCalculator()
    attacker, defender = calculator_ships()
    assert calc.ships() == (attacker, defender)
    first = calc.result
    assert first == battle(attacker, defender, "player", defender_flees=True)
    wins = first.probability(lambda r: r.winner == "attacker")
    assert Fraction(3, 10) < wins < Fraction(7, 10)                    # a fight near even, not 0 % or 100 %
    calc.defender_box.crew.value = 1
    assert calc.result != first and sum(p for _, p in calc.result.items()) == 1
    assert calc.summary_view.dist["defender escapes"] == calc.result.probability(lambda r: r.outcome == "escaped")
    assert calc.detail_view.dist == calc.result
    assert calc.canvas.ops["ships"] == mini_ships_ops(*calc.ships())
    calc.flees.value = False
    assert calc.result.probability(lambda r: r.outcome == "escaped") == 0


def test_the_builder_sliders_follow_the_hull_and_the_crew():
    calc = BattleCalculator()
    box = calc.attacker_box
    box.hull.value = "Man O' War"
    assert (box.cannons.max, box.crew.max, box.damage.max) == (6, 8, 8)
    box.crew.value = 8
    box.hull.value = "Sloop"                                           # a smaller hull: values come down to fit
    assert (box.cannons.max, box.crew.max, box.damage.max) == (3, 3, 2)
    assert box.cannons.value <= 3 and box.crew.value == 3
    box.officers["Doctor"].value = True
    assert box.pistols.max == 2
    box.pistols.value = 2
    assert box.officers["Master Gunner"].disabled                      # no room: 2 pistols + a Doctor = 3 crew
    box.crew.value = 1
    assert box.pistols.value == 0 and box.officers.value == ("Doctor",)
    box.crew.value = 0
    assert box.officers.value == () and calc.message.value == ""
    assert box.ship.crew == 0 and not box.ship.doctor


def test_the_builder_offers_only_battles_the_rules_have():
    calc = BattleCalculator()
    assert tuple(calc.attacker_box.kind.options) == ("player", "navy")
    assert tuple(calc.defender_box.kind.options) == ("player", "merchant")
    calc.defender_box.kind.value = "merchant"
    assert calc.kind == "merchant" and calc.message.value == ""
    calc.defender_box.merchant_strength.value = 6
    assert calc.defender_box.damage.max == 5
    calc.attacker_box.kind.value = "navy"                              # a navy ship attacks players only
    assert tuple(calc.defender_box.kind.options) == ("player",) and calc.kind == "navy"
    assert calc.message.value == ""
    calc.attacker_box.kind.value = "player"
    assert tuple(calc.defender_box.kind.options) == ("player", "merchant")


def test_every_ending_is_shown_whole_or_with_show_all():
    """'Every ending' was cut mid-row: now a table of up to 20 rows is whole, a longer one shows its top rows and
    a visible 'show all N rows' holding the rest (every row once)."""
    calc = BattleCalculator()
    rows = len(calc.result)
    table = calc.detail_view.table.value
    assert rows > 20 and f"show all {rows} rows" in table
    assert table.count("<tr>") == rows + 1                            # every ending and the header
    calc.attacker_box.hull.value = calc.defender_box.hull.value = "Sloop"
    small = len(calc.result)
    assert "show all" not in calc.detail_view.table.value or small > 20


def test_monte_carlo_agrees_with_exact_and_shows_counts():
    calc = BattleCalculator(seed=3)
    report = calc.monte_carlo(1500)
    assert calc.progress.value == 1500
    assert sum(p for p, _, _ in report.values()) == 1
    assert all(abs(z) < 4 for _, _, z in report.values())
    assert "of 1,500 battles" in calc.mc_result.value and "z" not in re.sub(r"<[^>]+>", "", calc.mc_result.value)


def test_stage_rows_agree_with_the_whole_battle_even_with_a_crows_nest():
    calc = BattleCalculator()
    calc.attacker_box.addons["Crow's Nest"].value = True
    attacker, defender = calc.ships()
    result = battle(attacker, defender, calc.kind, defender_flees=calc.flees.value)
    sunk = result.probability(lambda r: r.outcome in ("defender destroyed", "both destroyed"))
    assert sunk > 0
    assert f"data-exact='{sunk}'" in calc.stages.value and percent_text(sunk) in calc.stages.value


def test_stage_table_shows_percent_first_and_long_fractions_only_on_demand():
    calc = BattleCalculator()
    html_text = calc.stages.value
    wins = calc.result.probability(lambda r: r.winner == "attacker")
    assert len(str(wins)) > 16 and f"data-exact='{wins}'" in html_text
    folded = re.sub(r"<details.*?</details>", "", html_text)
    visible = re.sub(r"<[^>]+>", " ", re.sub(r"(data-exact|title)='[^']*'", "", folded))
    assert not re.search(r"\d{13,}", visible)
    assert percent_text(wins) in visible and "16.67% (1/6)" in visible


# ---------------------------------------------------------------- the stage odds
def test_stage_odds_equal_the_engine_for_every_speed():
    stages = StageOdds()
    slow, fast = speed_limits()
    assert (stages.attacker_speed.min, stages.attacker_speed.max) == (slow, fast)
    for a in range(slow, fast + 1):
        for d in (slow, 6, fast):
            stages.attacker_speed.value, stages.defender_speed.value = a, d
            assert stages.flee_value == flee_escape_probability(a, d)
            assert flee_case(a, d) in stages.flee_case.value


def test_the_slowest_and_fastest_speeds_come_from_the_data():
    ships = [(h.speed, h.strength) for h in DATA.hulls.values()] + [(m["speed"], s) for s, m in DATA.merchants.items()]
    assert speed_limits() == (max(0, min(v - s + 1 for v, s in ships + [(DATA.navy["speed"], DATA.navy["strength"])])),
                              max([h.speed + 1 for h in DATA.hulls.values()] + [DATA.navy["speed"]]))


def test_stage_odds_cannon_dice_and_crew_follow_the_hull():
    stages = StageOdds()
    stages.cannon_hull.value = "Man O' War"
    assert stages.attacker_dice.max == 6
    stages.attacker_dice.value = 6
    stages.cannon_hull.value = "Sloop"
    assert stages.attacker_dice.max == 3 and stages.attacker_dice.value == 3
    hull = DATA.hulls["Sloop"]
    assert stages.volley == cannon_volley(3, stages.defender_dice.value, attacker_strength=hull.strength,
                                          defender_strength=hull.strength)
    stages.melee_hull.value = "Sloop"
    assert stages.attacker_crew.max == DATA.hulls["Sloop"].crew
    stages.attacker_crew.value, stages.defender_crew.value = 2, 2
    stages.defender_pistol.value = True
    assert stages.melee_value == melee(2, 2, defender_pistol=True).probability(lambda r: r.winner == "attacker")
    assert stages.round_value == melee_round_win_probability(2, 2, False, True)


# ---------------------------------------------------------------- deck odds, call-off, numbers
def test_deck_odds_calculator_stays_legal():
    calc = DeckOddsCalculator()
    assert calc.value == hand_probability({"Attack": 1})
    assert (calc.count.min, calc.count.max, calc.hand.max) == (1, 5, 8)           # never "at least 0"
    calc.hand.value = 8
    calc.second.value = "Cannon"
    assert calc.value == hand_probability({"Attack": 1, "Cannon": 1}, hand_size=8)
    assert "deck of 282 cards" in calc.result.value
    calc.card.value = "Doctor"                                          # 2 Doctor cards: at least 1 or 2
    assert calc.count.max == 2
    calc.players.value = 6
    assert "deck of 274 cards" in calc.result.value
    calc.second.value = "Doctor"
    assert "pl-error" in calc.result.value


def test_call_off_table():
    table = CallOffTable(3, 3)
    table.prize.value = 0
    assert all(c == "call off" for row in table.policy.table() for c in row)
    table.prize.value = 10000
    table.crew_value.value = 0
    assert all(c == "fight" for row in table.policy.table() for c in row)


def test_thousands_separators_leave_fractions_and_decimals_alone():
    assert with_separators("Expected prize 3500.") == "Expected prize 3,500."
    assert with_separators("87.41% (6797/7776), 12000 coins, 1.2345") == "87.41% (6797/7776), 12,000 coins, 1.2345"
    assert with_separators("a roll of 4") == "a roll of 4"


def test_every_game_of_the_registry_still_builds_a_table():
    assert "pillage_and_plunder" in games()


def test_impossible_endings_read_as_words_and_lying_bars_keep_few_ticks():
    """Two Schooners (strength 5) with four cannons each: neither sinks, and the stage table says so in words, as
    the why trees do; the lying 'who wins' bars keep at most four percent ticks (no labels running together)."""
    calc = BattleCalculator()
    rows = dict(calc.stage_rows())
    assert rows["the defender sinks"] == rows["the attacker sinks"] == 0
    assert calc.stages.value.count("0% (impossible)") == 2 and "0.00%" not in calc.stages.value
    assert calc.summary_view.bars.orientation == "horizontal" and 2 <= len(calc.summary_view.y_axis.tick_values) <= 4
    stages = StageOdds()
    stages.cannon_hull.value = "Schooner"          # three dice cannot sink strength 5: said, and the why is the rest
    assert "cannot sink a Schooner" in stages.volley_words.value
    assert stages.volley_why.tree.p == 1 and len(stages.volley_why.tree.children) > 1


# ---------------------------------------------------------------- the reference screens' live positions (issue 34 item 4)
#: heading → a move the rule is about, legal in its position (the "try it" is that rule, not another)
THE_MOVE = {
    "Stage 1: The pre-draw stage": SellCargo(0, "Rum 20 Units"),
    "Stage 3: The repair stage": Repair(0),
    '"Working" – An Alternative For Desperate Pirates': Act.WORK,
    "Sell Cargo": SellCargo(0, "Rum 20 Units"),
    "Retrieve Buried Treasure": Retrieve(1500),
    "Buy Ship Add-On": Play("Extra Sail"),
    "Buy Ship": Play("Schooner"),
    "Buy Cannon": Play("Cannon"),
    "Hire Crew Member": Play("Doctor"),
    "Buy Cargo": Play("Gems 10 Units"),
    "Play Event Card": Play("Scurvy", target=2),
    "Attack Opponent": Play("Attack", target=1),
    "Play Navy Ship": Play("English Navy", target=1),
    "Repair Ship": Play("Repair at No Cost"),
    "Bury Treasure": Play("Bury Treasure", amount=1000),
    "Treasure Hunt": Play("Treasure Hunt"),
    "Your Hoard": Act.WORK,
    "Stage 1: Spotting the Enemy": Play("Attack", target=1),
    "Stage 2: Fight or Flee": Act.FLEE,
    "If the attacking ship is faster": Act.FLEE,
    "Stage 5: Plundering the Enemy Ship": TakeCargo(("Gems 20 Units", "Rum 10 Units")),
    "Player Attacking Player": StealMap(0),
    "Navy Ship Attacking Player": Act.STAND_AND_FIGHT,
    "Timed Game": Act.WORK,
    "Asset Liquidation": Act.DRAW,
    "Stealing Treasure Maps": Play("Treasure Hunt", target=1, steal=0),
    "Privateering": Play("Dutch Navy", privateer=True),
    "Fleet Play": Play("Schooner"),
    "Ship Hull": Play("Repair at No Cost"),               # repair first: then the Schooner (see below)
    "Ship Add-On": Play("Iron Hull Plating"),
    "Cannon Deck": Play("Pistol Crewman"),
    "Crew Quarters": Play("Cannon"),
    "Cargo Hold": Play("Gems 10 Units"),
    "Treasure Maps": Play("Bury Treasure", amount=500),
    "Prize Ships": Play("English Navy", target=1),
    "The Three Stages of Your Turn": SellCargo(0, "Rum 20 Units"),
    "Attack Merchant Ship": Play(try_it.MERCHANT, extra=("Gems 20 Units",)),
    "Example 2: Player Vs. Merchant Ship": Act.FIGHT_ON,
    "Example 3: Navy Ship Vs. Player": Act.FLEE,
}
#: heading → the move its rule refuses in its position (offered only onto the discard pile)
REFUSED = {
    "Ship Hull": Play("Schooner"),                        # "You cannot upgrade a damaged ship"
    "Ship Add-On": Play("Extra Sail"),                    # "only one of each type of ship add-on"
    "Cannon Deck": Play("Cannon"),                        # the deck holds the hull's 3
    "Crew Quarters": Play("Pistol Crewman"),              # the quarters hold the hull's 3
    "Prize Ships": Play("French Navy", target=1),         # player 2 holds no French prize ship
}


@pytest.mark.parametrize("heading", sorted(try_it.TRY_IT))
def test_each_live_reference_screen_starts_player_1_at_the_move_its_rule_is_about(heading):
    """Given a reference screen's live position, Then it is a valid position (every card accounted for), player 1
    is to move, the move its heading is about is legal there, and the lesson's reference screen of that heading
    shows it."""
    s = try_it.TRY_IT[heading]()
    s.validate()
    assert s.current_player() == 0 and THE_MOVE[heading] in s.legal_actions()
    demos = [x.demo for x in lesson_module.lesson().reference_screens if x.heading == heading and x.demo]
    assert demos == [lesson_module.TRY_IT_DEMOS[heading]] == ["try_" + try_it.TRY_IT[heading].__name__]


def test_a_try_it_table_plays_the_move_and_starts_again_from_the_same_position():
    """Given the repair stage's live table, When player 1 repairs one damage, Then 100 leaves his hoard and the game
    goes on (the other pirates' turns); When he presses Start again, Then the position is back: 2 damage, 3,250."""
    table = lesson_module.try_repair_stage()
    assert table.new_game_button.description == "Start again"
    assert table.model.state.phase == "repair" and table.model.state.players[0]["hoard"] == 3250
    table.play(Repair(0))
    assert "Player 1 pays 100 to repair one damage." in table.model.state.log
    assert try_it.repair_cost() == 100
    table.new_game()
    state = table.model.state
    assert state.phase == "repair" and state.players[0]["hoard"] == 3250 and state.players[0]["ships"][0]["damage"] == 2
    assert try_it.worth_at_the_start() == 3250 + 1500 + 300 + 2 * 200


@pytest.mark.parametrize("heading", sorted(REFUSED))
def test_a_live_screen_of_a_limit_refuses_the_move_its_rule_forbids(heading):
    """Given a reference screen whose rule is a limit, Then the move it forbids is not offered (only its card onto
    the discard pile), and played anyway it is refused, the position unchanged."""
    s = try_it.TRY_IT[heading]()
    refused = REFUSED[heading]
    assert refused not in s.legal_actions()
    assert Play(refused.card, discard=True) in s.legal_actions()
    before = s.to_json()
    with pytest.raises(Exception):
        s.apply(refused)
    assert s.to_json() == before


def test_the_hull_layout_rules_as_the_engine_plays_them():
    """Ship Hull: repaired, the Sloop may become a Schooner, and its Extra Sail stays behind (speed 6, not 7); Cargo
    Hold: Gems 10 Units can be bought into the 10 units left, Gems 20 Units never, whatever the price rolled."""
    s = try_it.ship_hull().apply(Play("Repair at No Cost"))
    assert Play("Schooner") in s.legal_actions()
    upgraded = s.apply(Play("Schooner"))
    hulls = upgraded.players[0]["ships"][0]["hulls"]
    assert [h["hull"] for h in hulls] == ["Sloop", "Schooner"] and hulls[0]["addons"] == ["Extra Sail"]
    assert hulls[1]["addons"] == [] and try_it.speed_after_upgrading() == DATA.hulls["Schooner"].speed == 6
    assert try_it.cargo_room_left() == DATA.hulls["Sloop"].cargo - 20 == 10
    for card, fits in (("Gems 10 Units", True), ("Gems 20 Units", False)):
        laid = try_it.cargo_hold().apply(Play(card))
        for price in laid.chance_outcomes().outcomes():
            assert (Act.BUY_CARGO in laid.apply(price).legal_actions()) is fits, (card, price)


def test_the_other_new_live_positions_hold_what_their_rules_need():
    maps = try_it.treasure_maps()
    assert maps.players[0]["maps"] == [1000]
    assert maps.apply(Play("Bury Treasure", amount=500)).players[0]["maps"] == [1000, 500]     # a second map
    turn = try_it.three_stages()
    assert turn.phase == "predraw" and turn.players[0]["ships"][0]["damage"] == 1
    merchant = try_it.attack_merchant_ship()
    assert Play(try_it.MERCHANT, extra=("Gems 20 Units",)) in merchant.legal_actions()
    joe = try_it.example_2()
    assert joe.battle() is not None and joe.hull(0).name == "Sloop"
    assert joe.players[0]["ships"][0]["cannons"] == 3 and len(joe.players[0]["ships"][0]["crew"]) == 3
    joe3 = try_it.example_3()
    assert joe3.hull(0).name == "Schooner" and joe3.players[0]["prizes"] == ["French Merchant (Strength 2)"]


def test_long_move_names_wrap_on_their_buttons_instead_of_being_cut():
    """Attack Merchant Ship's moves ("play French Merchant (Strength 2) with Gems 20 Units") are shown whole: the
    table's buttons wrap (the style scoped to this game's tables), on the try-it table and the coach's table."""
    from pirates_lab.widgets.pillage_and_plunder_table import MOVE_CSS

    table = lesson_module.try_attack_merchant_ship()
    labels = [b.description for b in table.action_buttons]
    assert "play French Merchant (Strength 2) with Gems 20 Units" in labels
    assert "pl-pp-moves" in table._dom_classes and table.move_style in table.children
    assert "white-space:normal" in MOVE_CSS and "height:auto" in MOVE_CSS and ".pl-pp-moves" in MOVE_CSS
    coach = lesson_module.coach_at_the_table()
    assert "pl-pp-moves" in coach._dom_classes and any(MOVE_CSS in getattr(c, "value", "") for c in coach.children)


def test_the_board_shows_the_add_ons_of_the_hull_on_top_only():
    """Ship Hull and Ship Add-On are about add-ons: the board names the Extra Sail on the Sloop, and once the Sloop
    is upgraded, the Schooner on top shows none (the sail stays with the old hull)."""
    from pirates_lab.widgets.pillage_and_plunder_table import board_view_ops

    def texts(state):
        return [op.args[0] for op in board_view_ops(state.observation(0), 0) if op.kind == "text"]

    before = try_it.ship_hull()
    assert any("Extra Sail" in t for t in texts(before))
    after = before.apply(Play("Repair at No Cost")).apply(Play("Schooner"))
    assert any("Schooner" in t for t in texts(after)) and not any("Extra Sail" in t for t in texts(after))


def test_the_coach_screen_fits_one_screen_and_opens_the_coach_in_its_own_tab():
    """The coach screen's table keeps whose move and its buttons on one line, the board and the log in two tabs;
    switching Coach on opens its answer in a third tab (not under the table, where it doubled the screen's height),
    switching it off closes that tab."""
    from pirates_lab.widgets.coach import CoachPanel, _table_view

    table = lesson_module.coach_at_the_table()
    assert table.tabs.titles == ("Your move", "Log") and len(table.children) == 4
    table.coach = CoachPanel(lambda: _table_view(table), "Pillage & Plunder", budget=16, threaded=False)
    table.coach_toggle.value = True
    assert table.tabs.titles == ("Your move", "Log", "Coach") and table.tabs.selected_index == 2
    assert table.tabs.children[2] is table.coach and table.coach not in table.children
    assert table.coach.advice is not None and len(table.coach.advice.moves) == 2
    table.coach_toggle.value = False
    assert table.tabs.titles == ("Your move", "Log") and table.coach not in table.children


def test_a_discard_is_one_word_on_its_button_and_one_page_of_moves_has_no_pager_line():
    from pirates_lab.widgets.pillage_and_plunder_table import short_move

    assert short_move("play Cannon onto the discard pile") == "discard Cannon"
    assert short_move("play Bury Treasure burying 500") == "play Bury Treasure burying 500"
    table = lesson_module.try_cannon_deck()
    assert [b.description for b in table.action_buttons] == ["discard Cannon", "discard Pistol Crewman",
                                                             "play Pistol Crewman"]
    assert [b.tooltip for b in table.action_buttons][0] == "play Cannon onto the discard pile"
    assert table.pager.layout.display == "none" and "<div style=" not in table.hand.value
