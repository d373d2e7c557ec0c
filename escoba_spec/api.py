"""The Python API: load a rule file and drive a match of it move by move, cards as text.

    from escoba_spec import api

    game = api.load("rules/escoba-de-15.yaml", players=2, seed=7)
    game.new_hand()
    game.legal_moves()          # ['1o', '5c+Rb', ...]
    game.play("5c+Rb")
    game.table, game.hand(0), game.piles, game.sweeps
    game.hand_points            # {side: {rule id: points}} once the hand is over
    game.scores, game.winner

The names here are the library's face; each is defined where its stage lives:
`Game` and `Played` in `engine.game`, `load_variant` and `validate_file` in
`language.validate`, the diagnostics in `language.diagnostics`.
"""

from __future__ import annotations

from pathlib import Path

from .engine.game import Game, Played
from .language.diagnostics import Diagnostic, DiagnosticError
from .language.validate import load_variant, validate_file

__all__ = ["Diagnostic", "DiagnosticError", "Game", "Played", "load", "load_variant", "validate_file"]


def load(
    path: str | Path,
    options: dict[str, str] | None = None,
    *,
    players: int | None = None,
    team_size: int | None = None,
    seed: int = 0,
    dealer: int = 0,
) -> Game:
    """Load a rule file (raises `DiagnosticError` when it is not valid) and start a match of it."""
    return Game(load_variant(path, options), players=players, team_size=team_size, seed=seed, dealer=dealer)
