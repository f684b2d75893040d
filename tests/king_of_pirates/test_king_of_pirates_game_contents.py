"""Rules: King of Pirates › Game Contents.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
import pytest
from kop_scenarios import COMP


def test_game_contents_the_data_file_is_checked_against_the_printed_counts(tmp_path):
    import copy
    from pirates_lab.core import InvalidInput
    from pirates_lab.king_of_pirates.components import build_components
    raw = copy.deepcopy(COMP.raw)
    raw["action_cards"]["Mutiny"]["count"] = 3
    with pytest.raises(InvalidInput, match="52 action cards"):
        build_components(raw)
    raw = copy.deepcopy(COMP.raw)
    raw["tiles"]["ocean"]["empty"] = 11
    with pytest.raises(InvalidInput, match="24 ocean"):
        build_components(raw)
    raw = copy.deepcopy(COMP.raw)
    raw["upkeep_die"] = {"scurvy": 1, "lose 1 rum": 1, "lose 2 rum": 4}
    edited = build_components(raw)
    assert edited.upkeep_die["lose 2 rum"] == 4
