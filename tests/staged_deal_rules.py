"""Seep's rules without their sources, for the rulebook and `diff` tests to vary by text
(`seep_text()` with (old, new) edits); rules/seep.yaml is the shipped, cited file, and its own
rulebook and plays are tested from it."""

from __future__ import annotations

SEEP = """\
id: seep
name: Seep
deck:
  preset: french-52
  scoring_suit: spades
  values: {jack: 11, queen: 12, king: 13}
players:
  layouts:
    - {players: 4, team_size: 2}
    - {players: 2}
  direction: counterclockwise
deal:
  hand_size: 12
  table_cards: 4
  face_down: 4
  packets: 4
  stages:
    - {deal: first-player, cards: 4}
    - {deal: table}
    - bid
    - turn-up
    - {play: 1}
    - {deal: each}
  bid:
    cards: value >= 9
    first_play: bid-value
capture:
  kinds:
    - id: sum
      take: sum
      sets: maximal
  obligation: played-card
  builds:
    lowest: 9
    highest: 13
    hold: true
    raise: single
    raise_own: false
    per_value: one
    absorb: true
    owners: shared
    duties: [keep-card]
sweeps:
  weight: "0 if last_play else 25 if first_play else 50"
end_of_deal:
  leftovers_to: last-capturer
  leftovers_sweep: false
scoring:
  ties: none
  rules:
    - id: spades
      award: count(pile, suit == scoring_suit) > 0
      points: sum(filter(pile, suit == scoring_suit))
    - id: aces
      award: count(pile, rank == ace and suit != scoring_suit) > 0
      points: count(pile, rank == ace and suit != scoring_suit)
    - id: ten-of-diamonds
      award: has(pile, 10 of diamonds)
      points: 6
    - id: sweeps
      award: sweeps > 0
      points: sweeps
match:
  goal: lead
  target: 100
"""

STAGES = """\
  stages:
    - {deal: first-player, cards: 4}
    - {deal: table}
    - bid
    - turn-up
    - {play: 1}
    - {deal: each}
"""


def seep_text(name: str = "seep", *edits: tuple[str, str]) -> str:
    """Seep's file under another id, each (old, new) replaced once (the old text must be there)."""
    text = SEEP.replace("id: seep\n", f"id: {name}\n", 1)
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text
