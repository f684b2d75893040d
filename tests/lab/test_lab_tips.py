"""The rulebooks' tips: found from every game, quoted and cited exactly, answered in words from numbers."""
from __future__ import annotations

import re

import numpy

import pytest

import lab_toy
from pirates_lab.core import games, rulebook
from pirates_lab.lab import Answer, FunctionPolicy, RandomPolicy, Tip, answer, policies_for, tips, tournament
from pirates_lab.lab.chart import chart_rows, win_rate_chart

ALL = tips()


def test_tips_come_from_the_games():
    found = {tip.game for tip in ALL}
    assert {"king_of_pirates", "pillage_and_plunder"} <= found <= set(games())


@pytest.mark.parametrize("tip", ALL, ids=lambda t: f"{t.game}-{t.tip}")
def test_every_tip_is_cited_quoted_and_playable_by_name(tip):
    book = rulebook(tip.game)
    assert tip.heading in book.headings
    squash = lambda text: re.sub(r"\s+", " ", text).lower()
    assert squash(tip.quote) in squash(book.text)
    assert {tip.tip, tip.against} <= set(policies_for(tip.game))
    assert games()[tip.game].min_players <= tip.players <= games()[tip.game].max_players


def _toy_answer(games_played, tip_policy):
    tip = Tip(game="lab_toy", title="High Card", heading="-", quote="-", question="?", tip="swap low",
              against="random")
    results = tournament(lab_toy.Game(players=2), {"swap low": tip_policy, "random": RandomPolicy()},
                         games=games_played, seed=1, progress=False)
    return Answer(tip, results)


def swap_low(view, rng):
    return view.legal_actions[1] if view.observation["my_card"] <= 4 else view.legal_actions[0]


def swap_high(view, rng):
    return view.legal_actions[1] if view.observation["my_card"] >= 6 else view.legal_actions[0]


def test_the_verdict_is_read_from_the_numbers():
    holds = _toy_answer(400, FunctionPolicy(swap_low))
    assert holds.holds is True and holds.verdict().startswith("The tip holds: the swap low player won")
    low, high = holds.interval
    assert f"(95% interval {low:.0%} to {high:.0%})" in holds.verdict()
    backfires = _toy_answer(400, FunctionPolicy(swap_high))
    assert backfires.holds is False and "backfires" in backfires.verdict()
    unclear = _toy_answer(4, FunctionPolicy(swap_low))
    assert unclear.holds is None and unclear.verdict().startswith("Not clear from 4 games")
    assert Answer(holds.tip, problem="no engine.").verdict() == "Not tested yet: no engine."


def test_a_registered_tip_is_answered_and_charted():
    tip = next(t for t in ALL if t.game == "king_of_pirates")
    found = answer(tip, games=4, seed=3)
    assert found.problem is None and found.results.games == 4
    assert found.results.labels[0] == tip.tip
    rows = chart_rows([found, Answer(tip, problem="skipped")])
    assert len(rows) == 1 and rows[0]["rate"] == found.rate and rows[0]["fair"] == 0.5
    figure = win_rate_chart([found])
    assert list(figure.marks[0].y) == [found.rate]
    assert numpy.atleast_2d(figure.marks[1].x).tolist() == [list(found.interval)]


@pytest.mark.parametrize("tip", ALL, ids=lambda t: f"{t.game}-{t.tip}")
def test_every_tip_plays_its_tournament(tip):
    """No tip hides a broken player behind "Not tested yet" (two games each)."""
    found = answer(tip, games=2, seed=0)
    assert found.problem is None, found.problem
    assert found.results.games == 2 and found.results.labels[0] == tip.tip


def test_the_chart_leaves_room_for_its_longest_label():
    """A bar label at projector size (16 px text) is about 10 px a character; the margin grows with it, capped."""
    from pirates_lab.lab.chart import label_margin
    assert label_margin(["Pillage & Plunder: merchant hunter"]) >= 34 * 10
    assert label_margin(["x" * 20]) < label_margin(["x" * 34])
    assert label_margin([]) == 160 and label_margin(["x" * 100]) == 460
