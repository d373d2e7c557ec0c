"""The tools built on the language and the engines: play, diff, simulate, rulebook.

Each tool is a subpackage with one entry function; what several tools share
lives beside them (`setup.py`: rulesets, bots and seats; `text.py`: text that
is safe to print; `files.py`: files written whole or not at all). A tool
never reaches into another tool's modules.
"""
