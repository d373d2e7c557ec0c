"""The seed variants play exactly as they did before the language grew (issue 15's promise).

tests/data/seed_plays.json was recorded by `tests/seed_plays.py` with the
engines of commit cacd6eb, before capture kinds, deal layouts and declared
decks: every seed variant and house rule, at each of its tables, six seeded
matches of mixed bots, in both engines. Each is replayed here with today's
engines and must give the same moves (their digest), scores and winner.
"""

from __future__ import annotations

import json

import pytest

from .conftest import RULES
from .seed_plays import dump, record

RECORDED = json.loads((RULES.parent / "tests" / "data" / "seed_plays.json").read_text(encoding="utf-8"))


def _case(key: str):
    name, table, _, seed, engine = key.split()
    players, team_size = map(int, table.split("/"))
    return RULES / f"{name}.yaml", int(seed), players, team_size, engine


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_a_seed_variant_plays_its_recorded_match_move_for_move(key):
    assert record(*_case(key)) == RECORDED[key]


def test_the_recording_is_in_its_canonical_form():
    text = (RULES.parent / "tests" / "data" / "seed_plays.json").read_text(encoding="utf-8")
    assert dump(RECORDED) == text
    assert len({k.rsplit(" ", 1)[0] for k in RECORDED}) * 2 == len(RECORDED) == 348
