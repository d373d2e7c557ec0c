"""`escoba-spec play`: a match narrated or recorded as JSON (`match`), a person at the terminal (`person`)."""

from .match import MatchRunner, Quit, goal_text, sweep_word, to_json
from .person import HumanSeat

__all__ = ["HumanSeat", "MatchRunner", "Quit", "goal_text", "sweep_word", "to_json"]
