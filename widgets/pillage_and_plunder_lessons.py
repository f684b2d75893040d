"""Pillage & Plunder lesson demos for ``pirates_lab/pillage_and_plunder/data/lessons.toml``: each builds a live
view from the engine (a hand-built position, a drawing, a chart or a calculator); the answer functions are the
engine's own (:mod:`pirates_lab.pillage_and_plunder.scenarios` and :mod:`~pirates_lab.pillage_and_plunder.examples`),
re-exported here under the names the lesson uses, computed when a step is checked.

Rules: Pillage & Plunder › Player's Guide
"""
from __future__ import annotations

import random

import ipywidgets as widgets

from pirates_lab.core import Dist, IllegalMove, random_playout
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder import examples as E
from pirates_lab.pillage_and_plunder import odds as O
from pirates_lab.pillage_and_plunder import scenarios as S
from pirates_lab.pillage_and_plunder.actions import Act, Play
from pirates_lab.pillage_and_plunder.battles import Ship, battle, cannon_volley, melee, spotting
from pirates_lab.pillage_and_plunder.game import new_game
# the answers (computed by the engine): the lesson names them; the tests check each independently
from pirates_lab.pillage_and_plunder.examples import (
    example_1_you_win, example_2_joe_captures, example_3_navy_sinks_joe)
from pirates_lab.pillage_and_plunder.odds import doubles_probability as doubles
from pirates_lab.pillage_and_plunder.scenarios import (
    addon_in_hand, addons_after_upgrade, attack_and_cannon_in_eight, attack_in_hand, battle_cards,
    both_bait_cards_in_hand, cannon_in_hand, cards_left_after_setup, cards_to_draw, crew_in_hand,
    crew_lost_to_mutiny_with_rum, crew_lost_to_scurvy_with_fruit, crows_nest_escape, damaged_sail_sloop_speed,
    deck_after_kits, event_cards, faster_defender_escapes, fleet_sells_galleon, four_v_three_volley_heavy,
    fruit_sells_for_400, galleon_crew, galleon_quarter_repair, gems_buy_mean, gems_sell_mean,
    hits_left_on_damaged_schooner, hoard_after_burying_2000, hoard_after_working, hoard_that_counts,
    hunt_and_bury_in_hand, hunt_in_hand, hunt_mean, level_a_sloop_may_buy, map_steal, merchant_2_prize_mean,
    merchant_4_prize_9000, merchant_6_prize_mean, merchant_cards, navies_playable_on_prize_holder, navy_cards,
    navy_melee_dice, officer_cards, one_on_one_round, pistol_round_win, plating_on_schooner, repair_cards,
    retrieve_both_maps, rum_units, same_speed_escape, schooner_beats_merchant_4, schooner_cannon_dice,
    ship_hull_cards, sloop_cannon_room, sloop_cannons, sloop_captures_merchant_6, sloop_cargo, sloop_escapes_navy,
    sloop_repair_cost, sloop_speed_with_extra_sail, slower_defender_escapes, starting_hoard,
    starting_worth_liquidated, steal_in_two_tries, upgrades_sloop_to_man_o_war)

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .kit import DistView
from .pillage_and_plunder import (CallOffTable, DeckOddsCalculator, board_ops, example_1_view, hunt_label,
                                  moments_table, strategy_table, volley_label)
from .pillage_and_plunder_battle import BattleCalculator, _summary, battle_ops, ship_ops

#: the answer functions the lesson names (re-exported from the engine); the demos are the other functions here
__all__ = ["addon_in_hand", "addons_after_upgrade", "attack_and_cannon_in_eight", "attack_in_hand", "battle_cards",
           "both_bait_cards_in_hand", "cannon_in_hand", "cards_left_after_setup", "cards_to_draw", "crew_in_hand",
           "crew_lost_to_mutiny_with_rum", "crew_lost_to_scurvy_with_fruit", "crows_nest_escape",
           "damaged_sail_sloop_speed", "deck_after_kits", "doubles", "event_cards", "example_1_you_win",
           "example_2_joe_captures", "example_3_navy_sinks_joe", "faster_defender_escapes", "fleet_sells_galleon",
           "four_v_three_volley_heavy", "fruit_sells_for_400", "galleon_crew", "galleon_quarter_repair",
           "gems_buy_mean", "gems_sell_mean", "hits_left_on_damaged_schooner", "hoard_after_burying_2000",
           "hoard_after_working", "hoard_that_counts", "hunt_and_bury_in_hand", "hunt_in_hand", "hunt_mean",
           "level_a_sloop_may_buy", "map_steal", "merchant_2_prize_mean", "merchant_4_prize_9000",
           "merchant_6_prize_mean", "merchant_cards", "navies_playable_on_prize_holder", "navy_cards",
           "navy_melee_dice", "officer_cards", "one_on_one_round", "pistol_round_win", "plating_on_schooner",
           "repair_cards", "retrieve_both_maps", "rum_units", "same_speed_escape", "schooner_beats_merchant_4",
           "schooner_cannon_dice", "ship_hull_cards", "sloop_cannon_room", "sloop_cannons", "sloop_captures_merchant_6",
           "sloop_cargo", "sloop_escapes_navy", "sloop_repair_cost", "sloop_speed_with_extra_sail",
           "slower_defender_escapes", "starting_hoard", "starting_worth_liquidated", "steal_in_two_tries",
           "upgrades_sloop_to_man_o_war", "dice_grid_ops", "coins_ops"]


# ---------------------------------------------------------------- small helpers
def _canvas(ops: tuple[DrawOp, ...], width: int, height: int, css: str) -> BoardCanvas:
    canvas = BoardCanvas(width, height, layers=("board",), css_class=css)
    canvas.draw("board", ops)
    return canvas


def _ship_canvas(ship: Ship, title: str, hull: str = "", css: str = "pl-pp-lesson-ship") -> BoardCanvas:
    ops = Drawing().clear().rect(0, 0, 300, 190, fill="#dbe9f4").extend(ship_ops(ship, 10, 10, 280, 170, title=title,
                                                                                  hull=hull)).ops
    return _canvas(ops, 300, 190, css)


def _pair(attacker: Ship, defender: Ship, css: str = "pl-pp-lesson-battle") -> BoardCanvas:
    return _canvas(battle_ops(attacker, defender), 560, 190, css)


def _lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.strip()]


def _refusal(state, action) -> str:
    try:
        state.apply(action)
    except IllegalMove as error:
        return f"Refused — {error}"
    return f"Allowed: {action}."


def _category(category: str) -> dict[str, int]:
    return dict(C.load().categories[category])


# ---------------------------------------------------------------- Game Equipment
def cards_by_type() -> dict[str, int]:
    """Every card type with its number of cards (data file, as printed in Card Frequency)."""
    return {category: sum(cards.values()) for category, cards in C.load().categories.items()}


def hull_cards() -> BoardCanvas:
    """The four hulls drawn as ship cards, each fitted to its capacity (our data)."""
    d = Drawing().clear().rect(0, 0, 700, 380, fill="#dbe9f4")
    for index, (name, hull) in enumerate(C.load().hulls.items()):
        x, y = 10 + 345 * (index % 2), 10 + 185 * (index // 2)
        ship = Ship.player(name, cannons=hull.cannons, crew=hull.crew)
        d.extend(ship_ops(ship, x, y, 335, 175, title=f"{name} (level {hull.level})", hull=name))
    return _canvas(d.ops, 700, 380, "pl-pp-lesson-hulls")


def addon_cards() -> dict[str, int]:
    return _category("Ship Add-On")


def starting_sloop() -> BoardCanvas:
    """The Sloop every player starts with: one cannon, two cutlass crewmen."""
    kit = C.load().starting_kit
    return _ship_canvas(Ship.player("Sloop", cannons=kit["Cannon"], crew=kit["Cutlass Crewman"]), "Your starting Sloop",
                        "Sloop")


def crew_cards() -> dict[str, int]:
    return _category("Crew Member")


def cargo_cards() -> dict[str, int]:
    return _category("Cargo")


def event_cards_table() -> dict[str, int]:
    return _category("Event")


def repair_costs() -> dict[str, str]:
    """What one damage point costs to repair in the repair stage, hull by hull (our data)."""
    return {name: f"{hull.repair:,} a damage point" for name, hull in C.load().hulls.items()}


def treasure_cards() -> dict[str, int]:
    return {"Treasure Hunt": sum(_category("Treasure Hunt").values()),
            "Bury Treasure": sum(_category("Bury Treasure").values())}


def merchant_table() -> dict[str, str]:
    """Merchant ships by strength (the strength-2 ship is printed in Example 2; the others are ours)."""
    return {f"strength {s}": f"speed {m['speed']}, {m['cannons']} cannons, {m['crew']} crewmen, prize: "
                             f"{m['prize_dice']} {'die' if m['prize_dice'] == 1 else 'dice'} × {m['prize_per_pip']:,}"
            for s, m in sorted(C.load().merchants.items())}


def navy_card() -> BoardCanvas:
    return _ship_canvas(Ship.navy(), "A navy ship (our data)", css="pl-pp-lesson-navy")


def battle_card_counts() -> dict[str, int]:
    """The three kinds of card that start a sea battle."""
    return {category: sum(_category(category).values()) for category in ("Attack", "Merchant Ship", "Navy Ship")}


def dice_grid_ops(highlight=lambda a, b: a == b, cell: int = 44) -> tuple[DrawOp, ...]:
    """The 36 rolls of two dice as a grid (black die across, white die down), doubles shaded."""
    size = cell * 7 + 10
    d = Drawing().clear().rect(0, 0, size, size, fill="#ffffff")
    for i in range(1, 7):
        d.text(str(i), 10 + cell * i + cell / 2 - 5, 30, font="bold 18px sans-serif")
        d.text(str(i), 16, 10 + cell * i + cell / 2 + 6, font="bold 18px sans-serif")
        for j in range(1, 7):
            x, y = 10 + cell * i, 10 + cell * j
            d.rect(x, y, cell - 4, cell - 4, fill="#d4a017" if highlight(i, j) else "#eef3f8", stroke="#6b4f2a")
    return d.ops


def two_dice_grid() -> widgets.Widget:
    """Every roll of two dice; the shaded squares are doubles."""
    size = 44 * 7 + 10
    return widgets.VBox([_canvas(dice_grid_ops(), size, size, "pl-pp-lesson-dice"),
                         widgets.HTML("<div>Black die across, white die down; shaded: doubles.</div>")])


def coins_ops() -> tuple[DrawOp, ...]:
    """A starting hoard as coins: 2 gold, 10 silver, 5 copper (printed in Game Setup)."""
    d = Drawing().clear().rect(0, 0, 560, 170, fill="#fbf7ef")
    rows = (("gold", 2, "#d4a017"), ("silver", 10, "#c0c0c0"), ("copper", 5, "#b87333"))
    for row, (name, count, colour) in enumerate(rows):
        y = 30 + 50 * row
        d.text(name, 10, y + 6, font="bold 18px sans-serif")
        for k in range(count):
            d.circle(110 + 40 * k, y, 16, fill=colour, stroke="#333333")
    return d.ops


def starting_coins() -> widgets.Widget:
    return widgets.VBox([_canvas(coins_ops(), 560, 170, "pl-pp-lesson-coins"),
                         widgets.HTML("<div>One player's coins after the setup.</div>")])


def damaged_schooner() -> BoardCanvas:
    return _ship_canvas(Ship.player("Schooner", cannons=4, crew=4, damage=2), "A Schooner with two damage markers",
                        "Schooner")


# ---------------------------------------------------------------- Game Setup and Your Ship
def setup_log() -> list[str]:
    """The engine's log of a seeded four-player setup."""
    return _lines(S.setup_state().log)


def two_players_at_start() -> BoardCanvas:
    state = new_game(2)
    return _canvas(board_ops(state), 640, 64 * 2 + 10, "pl-pp-lesson-board")


def hull_layout_log() -> list[str]:
    """A Sloop buys a Crow's Nest, then upgrades to a Schooner (the engine plays both cards)."""
    state = S.upgraded_sloop()
    return ([f"Your Sloop, a hoard of {S.UPGRADE_HOARD:,} pieces of eight, and in hand a Crow's Nest and a Schooner:"]
            + _lines(state.log[1:]))


def hull_table() -> dict[str, str]:
    return {name: f"level {h.level} · cost {h.cost:,} · strength {h.strength} · speed {h.speed} · {h.cannons} cannons"
                  f" · {h.crew} crew · hold {h.cargo} · repair {h.repair:,}" for name, h in C.load().hulls.items()}


def addon_effects() -> dict[str, str]:
    return {"Iron Hull Plating": "absorbs two hits before the hull takes damage",
            "Crow's Nest": "a free cannon shot before the enemy can flee (Stage 1)",
            "Extra Sail": "adds one to the ship's speed",
            "Extra Cargo Hold": "more room in the cargo hold"}


def refused_hire() -> list[str]:
    """A Sloop with three crewmen tries to hire a fourth: the engine refuses, citing the rule."""
    return ["A Sloop with three crewmen plays a Pistol Crewman:", _refusal(S.full_sloop_hires(), Play("Pistol Crewman"))]


def bigger_holds() -> dict[str, str]:
    return {name: f"{h.cargo} cargo units" for name, h in C.load().hulls.items() if name != "Sloop"}


def maps_buried_log() -> list[str]:
    return _lines(S.two_maps_buried().log[1:-1])


def prize_holder_view() -> list[str]:
    state = S.prize_holder()
    return [f"Player 1's prize ships: {', '.join(state.players[1]['prizes'])}.",
            f"Player 0 holds: {', '.join(state.players[0]['hand'])}."]


def hoard_and_buried_log() -> list[str]:
    return ["Player 0 has 8,000 pieces of eight aboard and plays a Bury Treasure card:"] + _lines(
        S.hoard_and_buried().log[1:-1])


# ---------------------------------------------------------------- Taking Your Turn
def turn_log(seed: int = 3) -> list[str]:
    """The first turn of a seeded four-player game, played by random players."""
    state = S.setup_state()
    start, first = len(state.log), state.current
    rng = random.Random(seed)
    while not state.is_terminal() and (state.current == first or state.is_chance_node()):
        if state.is_chance_node():
            state = state.apply(state.chance_outcomes().sample(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return _lines(state.log[start:])


def gems_sell_chart() -> DistView:
    return DistView(O.cargo_price("Gems 10 Units", True), title="Selling Gems 10 Units (two dice)", width=560)


def repair_stage_view() -> list[str]:
    """A Schooner with two damage markers works on the docks, then reaches the repair stage: what the engine
    offers, and one repair."""
    state = S.scenario(2)
    S.equip(state, 0, hull="Schooner")
    S.ship(state, 0)["damage"] = 2
    state = state.apply(Act("work"))
    offered = ", ".join(str(a) for a in state.legal_actions())
    after = state.apply(state.legal_actions()[-1])
    return (["A Schooner with two damage markers:"] + _lines(state.log[1:]) + [f"The engine offers: {offered}."]
            + _lines(after.log[len(state.log):]))


def working_log() -> list[str]:
    state = S.scenario(2)
    state.players[0]["hoard"] = 0
    return ["A pirate with an empty hoard:"] + _lines(state.apply(Act("work")).log[1:])


def retrieve_choices() -> list[str]:
    state = S.two_maps_buried()
    return ["At the start of his next turn, with maps of 1,000 and 2,000, the engine offers:"] + [
        str(a) for a in state.legal_actions()]


def fruit_sell_chart() -> DistView:
    return DistView(O.cargo_price("Fruit 10 Units", True), title="Selling Fruit 10 Units (two dice)", width=560)


def addon_costs_on_sloop() -> dict[str, str]:
    data = C.load()
    return {addon: f"{data.addon_cost(addon, 'Sloop'):,} on a Sloop" for addon in data.categories["Ship Add-On"]}


def refused_galleon() -> list[str]:
    state = S.scenario(2)
    S.give(state, 0, "Galleon")
    return ["A Sloop holds a Galleon card:", _refusal(S.at_step(state, "play"), Play("Galleon"))]


def refused_cannon() -> list[str]:
    state = S.scenario(2)
    S.equip(state, 0, cannons=3)
    S.give(state, 0, "Cannon")
    return ["A Sloop with three cannons plays a fourth:", _refusal(S.at_step(state, "play"), Play("Cannon"))]


def hire_log() -> list[str]:
    state = S.scenario(2)
    S.equip(state, 0, hull="Schooner")
    S.give(state, 0, "Pistol Crewman")
    after = S.at_step(state, "play").apply(Play("Pistol Crewman"))
    return _lines(after.log[1:-1]) + [f"Crew aboard now: {', '.join(S.ship(after, 0)['crew'])}."]


def gems_buy_chart() -> DistView:
    return DistView(O.cargo_price("Gems 20 Units", False), title="Buying Gems 20 Units (one die)", width=560)


def scurvy_log() -> list[str]:
    """Scurvy on a ship with no Fruit and no Doctor aboard (seeded roll)."""
    return ["Player 0 plays Scurvy on player 1 (no Fruit, no Doctor aboard):"] + _lines(
        S.event_played("Scurvy", None).log[2:])


def two_schooners() -> widgets.Widget:
    return _pair(Ship.player("Schooner", cannons=4, crew=4, name="Attacker (Schooner)"),
                 Ship.player("Schooner", cannons=4, crew=3, name="Defender (Schooner)"))


def merchant_2_chart() -> DistView:
    return DistView(O.merchant_prize(2), title="Prize of a strength-2 merchant", width=560)


def navy_v_sloop() -> widgets.Widget:
    return _pair(Ship.navy(), Ship.player("Sloop", cannons=3, crew=3, name="Defender (Sloop)"))


def repair_card_log() -> list[str]:
    state = S.scenario(2)
    S.equip(state, 0, hull="Schooner")
    S.ship(state, 0)["damage"] = 3
    S.give(state, 0, "Repair at No Cost")
    after = S.at_step(state, "play").apply(Play("Repair at No Cost"))
    return ["A Schooner with three damage markers plays Repair at No Cost:"] + _lines(after.log[1:-1])


def bury_choices() -> list[str]:
    state = S.scenario(2)
    S.give(state, 0, "Bury Treasure")
    return ["With a hoard of 3,250 and a Bury Treasure card, the engine offers:"] + [
        str(a) for a in S.at_step(state, "play").legal_actions()]


def hunt_chart() -> DistView:
    return DistView(O.treasure_hunt(), title="A treasure hunt: one die", describe=hunt_label, width=560)


# ---------------------------------------------------------------- Battles at Sea
def schooner_v_merchant() -> widgets.Widget:
    return _pair(Ship.player("Schooner", cannons=4, crew=4, name="Attacker (Schooner)"), Ship.merchant(4))


def spotting_view() -> widgets.Widget:
    attacker = Ship.player("Schooner", cannons=4, crew=4, addons=("Crow's Nest",), name="Attacker (Schooner)")
    defender = Ship.player("Schooner", cannons=4, crew=4, name="Defender (Schooner)")
    after = spotting(attacker, defender)
    return widgets.VBox([widgets.HTML("<b>Before the crow's-nest shot</b>"), _pair(attacker, defender),
                         widgets.HTML("<b>After it</b>"), _pair(*after, css="pl-pp-lesson-battle-after")])


def sail_sloop() -> BoardCanvas:
    return _ship_canvas(Ship.player("Sloop", cannons=3, crew=3, addons=("Extra Sail",)), "A Sloop with an Extra Sail",
                        "Sloop")


def same_speed_chart() -> DistView:
    one_each = Dist.independent(Dist.die(6), Dist.die(6)).map(
        lambda r: "attacker higher" if r[0] > r[1] else "defender higher" if r[1] > r[0] else "tie: roll again")
    return DistView(one_each, title="One die each", width=560, show_table=False)


def cannon_chart() -> DistView:
    return DistView(cannon_volley(1, 1, attacker_strength=3, defender_strength=3),
                    title="One cannon each: damage attacker/defender", describe=volley_label, width=560)


def melee_chart() -> DistView:
    return DistView(melee(4, 3, attacker_pistol=True).map(lambda r: r.winner),
                    title="Mêlée: 4 crewmen (a pistol) v 3", width=560)


def call_off_table() -> CallOffTable:
    return CallOffTable(4, 4)


def merchant_4_chart() -> DistView:
    return DistView(O.merchant_prize(4), title="Prize of a strength-4 merchant", width=560)


def navy_battle_chart() -> DistView:
    schooner = Ship.player("Schooner", cannons=4, crew=4, name="Defender (Schooner)")
    return DistView(battle(Ship.navy(), schooner, "navy").map(_summary), title="A navy ship attacks a Schooner",
                    width=560)


def example_1() -> widgets.Widget:
    return example_1_view()


def example_2() -> widgets.Widget:
    return moments_table(E.example_2())


def example_3() -> widgets.Widget:
    return moments_table(E.example_3())


def strategy() -> widgets.Widget:
    return strategy_table()


def sloop_dangers() -> dict:
    return {k: v for k, v in E.sloop_risks().items() if "captures" not in k}


def crew_in_deck() -> dict[str, int]:
    data = C.load()
    return {"Crew Member cards in the deck": sum(data.categories["Crew Member"].values()),
            "taken out for four starting kits": S.LESSON_PLAYERS * data.starting_kit["Cutlass Crewman"]}


def mutiny_log() -> list[str]:
    return ["Player 0 plays Mutiny on player 1 (no Rum aboard):"] + _lines(S.event_played("Mutiny", None).log[2:])


def bait_cards() -> dict[str, str]:
    data = C.load()
    nations = ("French", "English", "Spanish", "Dutch")
    return {nation: f"{sum(n for c, n in data.categories['Merchant Ship'].items() if c.startswith(nation))} merchant, "
                    f"{sum(n for c, n in data.categories['Navy Ship'].items() if c.startswith(nation))} navy"
            for nation in nations}


# ---------------------------------------------------------------- Game Variations, Card Frequency, Quick Reference
def timed_game() -> widgets.Widget:
    end = random_playout(new_game(4, max_turns=5), random.Random(7))
    return widgets.VBox([_canvas(board_ops(end), 640, 4 * 64 + 10, "pl-pp-lesson-timed"),
                         widgets.HTML(f"<div>{end.log[-1]}</div>")])


def asset_prices() -> dict[str, str]:
    data = C.load()
    return {"Sloop": f"{data.hulls['Sloop'].cost:,}", "Cannon": f"{data.costs['Cannon']:,}",
            "Cutlass Crewman": f"{data.costs['Cutlass Crewman']:,}"}


def privateer_log() -> list[str]:
    state = S.scenario(2, privateering=True)
    S.give(state, 0, "French Navy")
    return _lines(S.at_step(state, "play").apply(Play("French Navy", privateer=True)).log[1:-1])


def fleet_log() -> list[str]:
    state = S.scenario(2, fleet_play=True)
    state.players[0]["hoard"] = 9000
    S.give(state, 0, "Galleon")
    after = S.at_step(state, "play").apply(Play("Galleon"))
    return _lines(after.log[1:-1]) + [f"Player 0's fleet: {len(after.players[0]['ships'])} ships."]


def deck_odds() -> DeckOddsCalculator:
    return DeckOddsCalculator()


def battle_calculator() -> BattleCalculator:
    return BattleCalculator()
