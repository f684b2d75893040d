"""The dice basics lesson's scenarios (``widgets/data/dice_basics.toml``): each demo returns what a screen
shows, each answer function computes its question's exact answer with the core (never written in the
lesson).

>>> five_or_six(), nine_or_more(), defender_loses_both_count()
(Fraction(1, 3), Fraction(5, 18), 2890)
"""
from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import Dist, MarkovChain

from .dice import ComparisonChart, DiceExperiment, DiceLab, dice_for_people, rolled_table, sorted_comparison
from .kit import DistView, ValidatedText
from .shown import table_html

__all__ = ["one_die", "five_or_six", "two_dice", "nine_or_more", "best_of_two", "best_five_or_more", "risk",
           "defender_loses_both_count", "six_dice_sets", "straight_chance", "coin_then_dice", "coin_five_or_more",
           "notation", "notation_answer", "rolled", "sevens_expected", "lab", "ruin_chain", "ruin_rich",
           "ROLLS", "SEED"]

D6 = Dist.die(6)
#: the Monte Carlo screen rolls two dice this many times, seeded (every page shows the same counts)
ROLLS, SEED = 36_000, 2024


# ---------------------------------------------------------------- one die, two dice
def one_die() -> Dist:
    return D6


def five_or_six() -> Fraction:
    return D6.probability(lambda face: face >= 5)


def two_dice() -> Dist:
    return D6 + D6


def nine_or_more() -> Fraction:
    return two_dice().probability(lambda total: total >= 9)


# ---------------------------------------------------------------- keep the highest
def best_of_two() -> Dist:
    return D6.keep_highest(2)


def best_five_or_more() -> Fraction:
    return best_of_two().probability(lambda face: face >= 5)


# ---------------------------------------------------------------- sorted comparisons
def risk() -> widgets.Widget:
    view = DistView(sorted_comparison(3, 2, ties_to="defender"), title="RISK, 3 dice against 2: armies the defender loses")
    return view


def defender_loses_both_count() -> int:
    """Of the 6^5 = 7,776 equally likely rolls, how many cost the defender both armies."""
    return int(sorted_comparison(3, 2, ties_to="defender")[2] * 6 ** 5)


def six_dice_sets() -> dict:
    sets = D6.pool(6)
    return {"ordered rolls of six dice": 6 ** 6, "different sets of faces (order does not matter)": len(sets)}


def straight_chance() -> Fraction:
    return D6.pool(6)[(6, 5, 4, 3, 2, 1)]


# ---------------------------------------------------------------- chaining
def _coin_then_dice() -> Dist:
    return Dist.die(2).bind(lambda n: D6.keep_highest(n))


def coin_then_dice() -> widgets.Widget:
    return DistView(_coin_then_dice(), title="Heads: one die. Tails: two dice, keep the better.")


def coin_five_or_more() -> Fraction:
    return _coin_then_dice().probability(lambda face: face >= 5)


# ---------------------------------------------------------------- dice notation
def notation() -> widgets.Widget:
    """A box for dice notation and the exact chart of what is typed (a mistake is explained in place)."""
    view = DistView(dice_for_people("2d6+1"), title="Exact: 2d6+1", show_table=False)

    def show(dist: Dist) -> None:
        view.title = f"Exact: {' '.join(box.text.value.split())}"
        view.dist = dist

    box = ValidatedText(dice_for_people, show, value="2d6+1", description="Dice:", placeholder="2d6, 3d6kh2, d20+4")
    box.add_class("pl-notation")
    return widgets.VBox([box, view])


def notation_answer() -> Fraction:
    return dice_for_people("3d6kh2")[12]


# ---------------------------------------------------------------- rolling
def _rolled() -> DiceExperiment:
    experiment = DiceExperiment(two_dice(), seed=SEED)
    experiment.roll(ROLLS)
    return experiment


def rolled() -> widgets.Widget:
    """Two dice rolled 36,000 times (seeded): the counts beside the exact odds, and the chart."""
    experiment = _rolled()
    table = widgets.HTML(table_html(rolled_table(experiment), header=("total", "exact chance", "rolled")))
    table.add_class("pl-rolled-table")
    return widgets.HBox([ComparisonChart(experiment, width=340, height=220, name="2d6"), table],
                        layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


def sevens_expected() -> int:
    return int(ROLLS * two_dice()[7])


def lab() -> widgets.Widget:
    return DiceLab("2d6")


# ---------------------------------------------------------------- a chain of bets
def _bet(money: int) -> Dist:
    if money in (0, 5):
        return Dist.certain(money)
    return Dist.uniform([money - 1, money + 1])


def ruin_chain() -> dict:
    return {"doubloons at the start": 2, "each bet": "win 1 or lose 1, a fair coin", "the game stops at": "0 or 5"}


def ruin_rich() -> Fraction:
    return MarkovChain.from_step([2], _bet).absorption_probabilities(2)[5]
