"""The strategy lab's verdicts come from games the engines still play (issue 36 item 3).

The docs' verdict table is read from the stored tournaments (tests/lab/test_lab_stored.py checks the table is the
stored one); here a seeded sample of the stored games is replayed in the default run: if an engine or a player
changed since the games were stored, the replay differs and the verdicts must be regenerated
(``python -m pirates_lab.lab.stored --regenerate``).  Every stored game is replayed by the nightly run
(``test_the_engines_still_play_the_stored_games``).
"""
from __future__ import annotations

import random
from dataclasses import replace

from pirates_lab.lab import stored as stored_module

SAMPLE = 4          # tournaments replayed by default (their first game each); the nightly run replays them all


def sample_of_stored(seed: int):
    stored = stored_module.load()
    played = [one for one in stored.tournaments if one.results is not None]
    return replace(stored, tournaments=tuple(random.Random(seed).sample(played, min(SAMPLE, len(played)))))


def test_a_sample_of_the_stored_verdict_games_replays_exactly():
    sample = sample_of_stored(2026)
    assert len(sample.tournaments) == SAMPLE
    assert stored_module.check(sample, first=1) == [], "stale stored games: python -m pirates_lab.lab.stored --regenerate"


def test_the_replay_notices_a_changed_game():
    """The check can fail: a stored game whose final scores are altered is reported."""
    sample = sample_of_stored(2026)
    first = sample.tournaments[0]
    record = first.results.records[0]
    altered = replace(record, scores=tuple(score + 1 for score in record.scores))
    bent = replace(first, results=replace(first.results, records=(altered,) + tuple(first.results.records[1:])))
    differences = stored_module.check(replace(sample, tournaments=(bent,)), first=1)
    assert len(differences) == 1 and differences[0].startswith(first.plan.key)
