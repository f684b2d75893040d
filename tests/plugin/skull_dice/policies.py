"""Skull Dice's own computer players and its tip, found by the strategy lab by convention."""


def cautious(view, rng):
    """Bank as soon as the pot holds 6 or more (decides from the seat's view only)."""
    banks = [a for a in view.legal_actions if str(a).startswith("bank")]
    return banks[0] if banks and view.observation["pot"] >= 6 else view.legal_actions[0]


POLICIES = {"cautious": cautious}

TIPS = [{"heading": "Banking", "quote": "Instead of rolling you may bank",
         "question": "Does banking at 6 beat rolling at random?", "tip": "cautious", "against": "random",
         "players": 2, "games": 20}]
