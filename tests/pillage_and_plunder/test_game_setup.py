"""Rules: Pillage & Plunder › Player's Guide, Game Setup, one Given/When/Then test per rule.

Folded from the files named after audit and mutation rounds (issue 36 item 3): each test's
docstring cites the heading it holds.
"""

from __future__ import annotations

import random

import pytest

from pirates_lab.core import CHANCE
from pirates_lab.pillage_and_plunder.game import Game, new_game
from pirates_lab.pillage_and_plunder.scenarios import ship, until_a_decision


def test_game_setup_deals_five_cards_each_and_one_face_up():
    s = new_game(4)
    assert s.current_player() == CHANCE
    s = until_a_decision(s, random.Random(1))
    assert [len(p["hand"]) for p in s.players] == [5, 5, 5, 5]
    assert len(s.discard) == 1 and sum(s.deck.values()) == 298 - 16 - 21
    assert all(p["hoard"] == 3250 and ship(s, i)["cannons"] == 1 and ship(s, i)["crew"] == ["Cutlass Crewman"] * 2
               for i, p in enumerate(s.players))
    assert s.phase == "predraw" and s.current_player() == s.current
    s.validate()


def test_game_setup_two_to_six_players_and_the_options_are_checked():
    with pytest.raises(ValueError):
        Game(1)
    with pytest.raises(ValueError):
        Game(7)
    with pytest.raises(ValueError):
        Game(3, kraken=True)
