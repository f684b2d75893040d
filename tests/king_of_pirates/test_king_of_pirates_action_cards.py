"""Rules: King of Pirates › Action Cards — when each card may be played, and what it does.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import BuyPart, Dig, Done, Pass, Play, Sail, StopMoving

from kop_scenarios import COMP, bare, give_hand, place, quoted, scenario, with_player


def _without(state, cell):
    """Tile pools with the empty tile at ``cell`` already turned over."""
    pools = {k: dict(v) for k, v in state.tile_pools.items()}
    pools["shark" if cell in COMP.shark_cells else "ocean"]["empty"] -= 1
    return pools


def test_tailwind_may_be_played_after_the_last_space_is_sailed():
    quoted("Action Cards", "Tailwind (M) - You may move up to 2 additional Spaces this turn.")
    # Given player 0 with one sail holding Tailwind, about to move
    state = give_hand(with_player(bare(), 0, position=(4, 0)), 0, ["Tailwind"])
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    assert state.moves_left == 1
    # When it sails its one space
    sailed = state.apply(Sail((3, 0)))
    # Then the move has not ended yet: it may stop, or play Tailwind and sail two more spaces
    assert sailed.phase == "movement" and sailed.current_player() == 0 and sailed.moves_left == 0
    assert set(sailed.legal_actions()) == {StopMoving(), Play("Tailwind")}
    windy = sailed.apply(Play("Tailwind"))
    assert windy.moves_left == 2 and Sail((2, 0)) in windy.legal_actions()
    # and stopping ends the move
    assert sailed.apply(StopMoving()).phase != "movement"


def test_a_move_whose_last_space_is_sailed_ends_at_once_with_no_card_in_hand():
    # Given player 0 with one sail and no card
    state = scenario(with_player(bare(), 0, position=(4, 0)), [Task("start_movement", 0)],
                     revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    # When it sails its one space, Then the move is over (nothing to decide)
    assert state.apply(Sail((3, 0))).phase != "movement"


def test_tailwind_is_not_offered_at_a_pirates_lair_where_the_move_is_over():
    # Given player 0 at a Pirates Lair after its move, rich enough to buy a part, holding Tailwind
    lair = COMP.corner_lair(0)
    state = give_hand(with_player(bare(), 0, position=lair, doubloons=2500), 0, ["Tailwind", "Scurvy"])
    state = scenario(state, [Task("lair_buy", 0)])
    # When it decides what to buy, Then Tailwind (which would only lose the card) is not offered; an A card is
    assert state.phase == "lair_buy" and BuyPart("Rum hold") in state.legal_actions()
    assert Play("Tailwind") not in state.legal_actions() and Play("Scurvy", 1) in state.legal_actions()
    assert Play("Tailwind") not in state.apply(Done()).legal_actions()


def test_tailwind_is_not_offered_at_the_dig_after_the_move():
    # Given player 0 on a small island (3 maps) holding 3 Treasure Maps and Tailwind, its move over
    island = place("small island")
    state = give_hand(with_player(bare(), 0, position=island), 0, ["Treasure Map"] * 3 + ["Tailwind"])
    state = scenario(state, [Task("dig", 0)], entered=island)
    # When it may dig, Then Tailwind is not offered
    assert state.phase == "dig" and set(state.legal_actions()) == {Pass(), Dig()}


def test_tailwind_may_be_played_before_moving():
    # Given player 0 holding Tailwind at the card window before its move
    state = scenario(give_hand(bare(), 0, ["Tailwind"]), [Task("movement_window", 0)])
    # When it is asked, Then Tailwind is playable and lengthens the move to come
    assert state.phase == "window" and Play("Tailwind") in state.legal_actions()
    windy = state.apply(Play("Tailwind"))
    assert windy.in_play and windy.in_play[0].card == "Tailwind"
