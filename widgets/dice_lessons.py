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

from .dice import ComparisonChart, DiceExperiment, DiceLab, Roller, dice_for_people, rolled_table, sorted_comparison
from .kit import DistView, ValidatedText
from .lesson import show_value
from .shown import table_html

__all__ = ["one_die", "five_or_six", "two_dice", "nine_or_more", "best_of_two", "best_five_or_more", "risk",
           "defender_loses_both_count", "six_dice_sets", "two_dice_view", "straight_chance", "coin_then_dice", "coin_five_or_more",
           "notation", "notation_answer", "rolled", "sevens_expected", "lab", "ruin_chain", "ruin_rich",
           "ROLLS", "SEED", "SEEDS"]

D6 = Dist.die(6)
#: the Monte Carlo screen rolls two dice this many times, seeded (every page shows the same counts)
ROLLS, SEED = 36_000, 2024


#: each screen's rolls are seeded (Reset brings the same rolls back); screen number -> seed
SEEDS = {1: 101, 2: 102, 3: 103, 4: 104, 5: 105, 6: 106, 10: 110}


def _faces(rng, n: int) -> list[int]:
    """``n`` dice rolled with ``rng``, each drawn from the same die the exact answers use."""
    return [D6.sample(rng) for _ in range(n)]


def _with_roller(view: widgets.Widget, roller: Roller) -> widgets.Widget:
    box = widgets.VBox([roller, view], layout=widgets.Layout(max_width="100%"))     # in sight above the chart
    box.add_class("pl-demo-with-roller")
    return box


# ---------------------------------------------------------------- one die, two dice
def _five_or_more(face: int) -> bool:
    return face >= 5


def _nine_or_more(total: int) -> bool:
    return total >= 9


def one_die() -> widgets.Widget:
    """The exact odds of one die, and a die to roll (seeded)."""
    def roll(rng):
        face = D6.sample(rng)
        return f"You rolled a {face}.", _five_or_more(face)
    return _with_roller(DistView(D6, title="One die"),
                        Roller(roll, "a five or a six", seed=SEEDS[1], button="Roll the die"))


def five_or_six() -> Fraction:
    return D6.probability(_five_or_more)


def two_dice() -> Dist:
    return D6 + D6


def two_dice_view() -> widgets.Widget:
    """The total of two dice, and two dice to roll (seeded)."""
    def roll(rng):
        a, b = _faces(rng, 2)
        return f"{a} and {b}: a total of {a + b}.", _nine_or_more(a + b)
    return _with_roller(DistView(two_dice(), title="The total of two dice"),
                        Roller(roll, "a total of 9 or more", seed=SEEDS[2], button="Roll two dice"))


def nine_or_more() -> Fraction:
    return two_dice().probability(_nine_or_more)


# ---------------------------------------------------------------- keep the highest
def _best_of_two() -> Dist:
    return D6.keep_highest(2)


def best_of_two() -> widgets.Widget:
    """The better of two dice, and two dice to roll (seeded)."""
    def roll(rng):
        a, b = _faces(rng, 2)
        return f"{a} and {b}: the better die is {max(a, b)}.", _five_or_more(max(a, b))
    return _with_roller(DistView(_best_of_two(), title="The better of two dice"),
                        Roller(roll, "the better die a 5 or a 6", seed=SEEDS[3], button="Roll two dice"))


def best_five_or_more() -> Fraction:
    return _best_of_two().probability(_five_or_more)


# ---------------------------------------------------------------- sorted comparisons
def _defender_losses(attack: list[int], defence: list[int]) -> int:
    """Armies the defender loses: both sides sorted highest first, compared pair by pair, ties to the defender."""
    return sum(a > d for a, d in zip(sorted(attack, reverse=True), sorted(defence, reverse=True)))


def risk() -> widgets.Widget:
    def roll(rng):
        attack, defence = sorted(_faces(rng, 3), reverse=True), sorted(_faces(rng, 2), reverse=True)
        lost = _defender_losses(attack, defence)
        return (f"Attacker {'-'.join(map(str, attack))}, defender {'-'.join(map(str, defence))}: "
                f"the defender loses {lost} {'army' if lost == 1 else 'armies'}.", lost == 2)
    view = DistView(sorted_comparison(3, 2, ties_to="defender"), title="RISK, 3 dice against 2: armies the defender loses")
    return _with_roller(view, Roller(roll, "the defender lost both armies", seed=SEEDS[4], button="Roll 3 against 2"))


def defender_loses_both_count() -> int:
    """Of the 6^5 = 7,776 equally likely rolls, how many cost the defender both armies."""
    return int(sorted_comparison(3, 2, ties_to="defender")[2] * 6 ** 5)


def six_dice_sets() -> widgets.Widget:
    sets = D6.pool(6)
    counts = {"ordered rolls of six dice": 6 ** 6, "different sets of faces (order does not matter)": len(sets)}

    def roll(rng):
        faces = sorted(_faces(rng, 6), reverse=True)
        return f"{', '.join(map(str, faces))} (sorted highest first)", tuple(faces) == (6, 5, 4, 3, 2, 1)
    return _with_roller(show_value(counts, "Six dice"),
                        Roller(roll, "a straight", seed=SEEDS[5], button="Roll six dice", many=100))


def straight_chance() -> Fraction:
    return D6.pool(6)[(6, 5, 4, 3, 2, 1)]


# ---------------------------------------------------------------- chaining
def _coin_then_dice() -> Dist:
    return Dist.die(2).bind(lambda n: D6.keep_highest(n))


def coin_then_dice() -> widgets.Widget:
    def roll(rng):
        heads = Dist.die(2).sample(rng) == 1
        faces = _faces(rng, 1 if heads else 2)
        said = (f"Heads: one die, {faces[0]}." if heads else
                f"Tails: two dice, {faces[0]} and {faces[1]}; the better is {max(faces)}.")
        return said, _five_or_more(max(faces))
    return _with_roller(DistView(_coin_then_dice(), title="Heads: one die. Tails: two dice, keep the better."),
                        Roller(roll, "a result of 5 or more", seed=SEEDS[6], button="Flip, then roll"))


def coin_five_or_more() -> Fraction:
    return _coin_then_dice().probability(_five_or_more)


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


def ruin_chain() -> widgets.Widget:
    rules = {"doubloons at the start": 2, "each bet": "win 1 or lose 1, a fair coin", "the game stops at": "0 or 5"}

    def play(rng):
        money, path = 2, [2]
        while money not in (0, 5):
            money = _bet(money).sample(rng)
            path.append(money)
        return f"{' → '.join(map(str, path))}: {len(path) - 1} bets, she ends with {money}.", money == 5
    return _with_roller(show_value(rules, "The bets"),
                        Roller(play, "she reached 5 doubloons", seed=SEEDS[10], button="Play one game", what="games",
                                                 many_button="Play 10 games"))


def ruin_rich() -> Fraction:
    return MarkovChain.from_step([2], _bet).absorption_probabilities(2)[5]
