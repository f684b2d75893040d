"""pirates_lab.core: what every game shares.

- :class:`Dist` — exact finite distributions (Fractions inside, sums to exactly 1);
- :mod:`markov` — Markov chains, exact and with scipy.sparse;
- the game protocol — :class:`Game`, :class:`State`, :data:`CHANCE`, :data:`TERMINAL`,
  :func:`random_playout`, :func:`replay`, :func:`expected_scores`;
- :class:`SeatView` — what one seat may see and do (all a computer player is given);
- :func:`play` — the one play loop (chance, a seat's decision, a human's turn), used everywhere;
- :func:`sorted_pair_counts` — sorted dice compared pair by pair (RISK, cannon volleys), fast;
- :func:`parse_dice` — dice notation (``3d6kh2``) to an exact Dist;
- :class:`Deck` — multisets whose draws are chance nodes, exact hand odds;
- :mod:`rules` — the rulebooks split by headings, and citations checked against them;
- errors — :class:`IllegalMove`, :class:`CorruptSave`, :class:`InvalidInput`;
- save/load helpers and editable data files;
- :mod:`registry` — the games, registered by entry points (:func:`games`); the core names none;
- :mod:`flow` — one turn flow (:class:`TurnFlow`: a phase table and an agenda of tasks;
  :class:`FlowState`: a state whose whole protocol is read from the table);
- :func:`action` — actions as frozen dataclasses with a readable ``str()``;
- :mod:`geometry` — axial hexes and a square grid with edges and rotations;
- :mod:`report` — terminal output: percentages first, exact fractions beside them.

The core never imports Jupyter or a widget.
"""
from . import geometry, markov, report, rules
from .actions import action
from .flow import AUTO, GAME_OVER, PLAYER, AgendaError, FlowState, Phase, Stage, Task, TurnFlow
from .registry import game_class, games
from .data import load_data
from .compare import PairCounts, sorted_pair_counts
from .deck import Deck
from .dist import Dist
from .errors import CorruptSave, IllegalMove, InvalidInput, PiratesLabError
from .markov import MarkovChain
from .notation import dice_why, parse_dice
from .protocol import CHANCE, TERMINAL, Game, State, expected_scores, is_json_plain, random_playout, replay
from .seat import ObservationMissing, PlayerView, SeatView
from .loop import ComputerPlayerError, Playthrough, Step, play, policy_for, random_policy
from .rules import cite, citation, rulebook
from .saveload import saveable
from .why import Why

__all__ = [
    "Dist", "Deck", "MarkovChain", "markov", "rules", "rulebook", "cite", "citation",
    "Game", "State", "CHANCE", "TERMINAL", "random_playout", "replay", "expected_scores",
    "IllegalMove", "CorruptSave", "InvalidInput", "PiratesLabError", "saveable", "load_data", "parse_dice", "dice_why", "Why",
    "sorted_pair_counts", "PairCounts", "games", "game_class", "TurnFlow", "FlowState", "AgendaError", "Phase", "Stage", "GAME_OVER", "Task", "PLAYER", "AUTO",
    "action", "geometry", "report", "is_json_plain", "PlayerView", "SeatView", "ObservationMissing",
    "play", "Playthrough", "Step", "ComputerPlayerError", "random_policy", "policy_for",
]
