"""escoba-spec: rule files for Escoba / Scopa fishing card games."""

__version__ = "0.1.0"
