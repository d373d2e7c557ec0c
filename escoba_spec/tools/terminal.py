"""Colour on a terminal, through rich: on when the stream is a terminal, off under
`NO_COLOR` (and on under `FORCE_COLOR`), as rich decides for every tool that uses it.

A `Painter` styles short strings (a severity, a caret, a card) without printing them,
so that a renderer can return text that tests compare and a terminal shows in colour.
"""

from __future__ import annotations

from typing import TextIO

from rich.console import COLOR_SYSTEMS, Console
from rich.style import Style


def console(stream: TextIO) -> Console:
    """A rich console on `stream` that prints text as given: no markup, no guessed highlighting."""
    return Console(file=stream, highlight=False, markup=False, emoji=False, soft_wrap=True)


class Painter:
    """Styles text for `stream`: `paint("error", "bold red")` is the word in bold red on a
    terminal that shows colour, and the word itself everywhere else."""

    def __init__(self, stream: TextIO | None = None, *, colour: bool | None = None):
        system = None
        if stream is not None:
            shown = console(stream)
            # rich keeps a colour system under NO_COLOR (it strips colour as it prints): the
            # painter, which renders styles itself, must drop it
            system = None if shown.no_color else shown.color_system
        if colour is False:
            system = None
        elif colour and system is None:
            system = "standard"
        self.system = COLOR_SYSTEMS[system] if system else None
        self._styles: dict[str, Style] = {}

    @property
    def on(self) -> bool:
        return self.system is not None

    def __call__(self, text: str, style: str) -> str:
        if self.system is None or not text:
            return text
        parsed = self._styles.get(style)
        if parsed is None:
            parsed = self._styles[style] = Style.parse(style)
        return parsed.render(text, color_system=self.system)


#: the painter that paints nothing: the default wherever no stream is known
PLAIN = Painter()
