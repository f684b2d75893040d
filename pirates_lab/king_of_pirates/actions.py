"""Every action a King of Pirates player can take: frozen dataclasses with a readable ``str()``.

Rules: King of Pirates › Phases of a Turn

Players are numbered from 1 in what a person reads (seat 0 is "player 1"); the fields keep seats.

>>> str(Sail((3, 0))), str(Play("Assassination", (1, "Anne Bonny"))), str(Reroll("high"))
('sail to (3, 0)', 'play Assassination on Anne Bonny (player 2)', 'spend a cannonball: keep the high die')
>>> str(Attack(0)), str(Play("Scurvy", 2)), str(Steal(1)), str(Attack("city"))
('attack player 1', 'play Scurvy on player 3', 'steal Doubloons from player 2', 'attack the city')
"""
from __future__ import annotations

from typing import Any

from pirates_lab.core import InvalidInput, action
from pirates_lab.core.errors import shown

from .components import Cell

__all__ = ["Sail", "StopMoving", "Attack", "EndTurn", "Pass", "Play", "Discard", "Dig", "BuyPart", "Recruit",
           "Replace", "Dismiss", "MakeCaptain", "Done", "Reroll", "Accept", "Sacrifice", "AcceptMutiny", "Steal", "KeepPirates"]


def _seat(value) -> bool:
    """A seat index (shown to people as ``value + 1``), not a name or junk."""
    return isinstance(value, int) and not isinstance(value, bool)


@action("sail to {to}")
class Sail:
    to: Cell


@action("stop moving")
class StopMoving:
    pass


@action()
class Attack:
    target: Any  # a target name ("city", "Merchant Ship (British)", ...) or a player index

    def __str__(self):
        return f"attack player {self.target + 1}" if _seat(self.target) else f"attack the {self.target}"


@action("end the turn")
class EndTurn:
    pass


@action("pass")
class Pass:
    pass


@action()
class Play:
    card: str
    target: Any = None   # a player, "nation", a compass face, or (player, pirate)

    def __str__(self):
        if self.target is None:
            return f"play {self.card}"
        if isinstance(self.target, tuple) and len(self.target) == 2 and _seat(self.target[0]):
            return f"play {self.card} on {self.target[1]} (player {self.target[0] + 1})"
        return f"play {self.card} on {f'player {self.target + 1}' if _seat(self.target) else self.target}"


@action("discard {card}")
class Discard:
    card: str


@action("dig for treasure")
class Dig:
    pass


@action("buy the {part}")
class BuyPart:
    part: str


@action("recruit {pirate}")
class Recruit:
    pirate: str


@action("replace {old} by {new}")
class Replace:
    old: str
    new: str


@action("dismiss {pirate}")
class Dismiss:
    pirate: str


@action("make {pirate} captain")
class MakeCaptain:
    pirate: str


@action("done")
class Done:
    pass


@action()
class Reroll:
    keep: str  # "high" (re-roll the lower die), "low" (re-roll the higher die) or "none" (both)

    def __post_init__(self):
        if not isinstance(self.keep, str) or self.keep not in _REROLL_WORDS:
            raise InvalidInput(f"A re-roll keeps {', '.join(repr(k) for k in _REROLL_WORDS)} "
                               f"(the high die, the low die, or neither), not {shown(self.keep)}.")

    def __str__(self):
        return _REROLL_WORDS[self.keep]


_REROLL_WORDS = {"high": "spend a cannonball: keep the high die", "low": "spend a cannonball: keep the low die",
                 "none": "spend a cannonball: re-roll both dice"}


@action("keep this roll")
class Accept:
    pass


@action("sacrifice {pirate} to prevent the mutiny")
class Sacrifice:
    pirate: str


@action("accept the mutiny")
class AcceptMutiny:
    pass


@action()
class Steal:
    player: int

    def __str__(self):
        return f"steal Doubloons from player {self.player + 1 if _seat(self.player) else self.player}"


@action("keep {captain} (captain) and {mate}")
class KeepPirates:
    captain: str
    mate: str
