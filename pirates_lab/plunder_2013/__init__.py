"""Plunder (2013): the deduction game, an exact solver, advisors and computer pirates.

Rules: Plunder (2013) › Setup

Reads top-down: :mod:`.components` (map cards, data file) → :mod:`.engine` (exact counting) →
:mod:`.deduction` (one pirate's Solution Grid: counts, marginals, X/O, "why", contradictions) →
:mod:`.advisors` (extra flip, the race to dig) → :mod:`.game` (rules engine on the core protocol)
→ :mod:`.views` (what a pirate sees, re-deals) → :mod:`.pirates` (computer pirates, from their view)
→ :mod:`.commands` (``pirates-lab odds deals``).  :mod:`.reference` and :mod:`.reference_pairs`
hold the slow independent solvers the tests and benchmarks compare against.
"""
from .advisors import DigAdvice, FlipOption, dig_advice, flip_advice
from .components import CATEGORIES, card_name, location_name, pirate_name
from .deduction import AnswerRef, Cell, Deduction, Explanation, InconsistentAnswers, Record
from .game import Answer, ChestCard, Clues, DealCard, Dig, ExtraCard, FlipExtra, Game, Keep, Pass, State, score_chest
from .pirates import ComputerPirate, random_pirate

__all__ = [
    "Deduction", "Record", "AnswerRef", "Explanation", "InconsistentAnswers", "Cell",
    "flip_advice", "dig_advice", "FlipOption", "DigAdvice",
    "Game", "State", "DealCard", "Clues", "Keep", "FlipExtra", "ExtraCard", "Answer", "Dig", "Pass", "ChestCard", "score_chest",
    "ComputerPirate", "random_pirate", "CATEGORIES", "card_name", "location_name", "pirate_name",
]
