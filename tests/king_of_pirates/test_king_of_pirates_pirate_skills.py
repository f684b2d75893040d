"""Rules: King of Pirates › Pirate Skills.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from kop_scenarios import loot_all, player_combat
from kop_scenarios import quoted


def test_pirate_skills_one_more_loot_card_does_not_count_against_players():
    quoted("Pirate Skills", "+1 Loot Card - You draw 1 additional Loot Card from each City, Stronghold or ship you "
                            "conquer, this does not include other Players.")
    quoted("Phase 3: Combat Phase", "the winner draws 4 cards from the Loot Deck")
    # Given player 0 attacks player 1 with Grace O'Malley aboard (+1 Loot Card)
    state = player_combat(attacker_crew=("Black Bart", "Grace O'Malley"))
    # When it wins 7 to 6, Then it draws the printed 4 loot cards, not 5
    done, drawn = loot_all(state.apply((4, 3)).apply((3, 3)))
    assert drawn == 4 and done.scores() == (1400, 600)
