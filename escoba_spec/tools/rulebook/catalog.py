"""Message catalogues: one gettext `.po` file per language, read with Babel.

Why gettext `.po` (and not YAML/JSON): it is the format translators' tools
already speak (Poedit, Weblate, Crowdin, Lokalize), it carries plural forms
per language in its header (`Plural-Forms`, so French and Portuguese treat 0
as singular while English, Spanish and Italian do not), and it has a place for
the English source text, the context and a translator comment beside every
string. Each entry is

    #. what the string is for, where it appears
    msgctxt "capture.mode.sum"          <- the stable key the code asks for
    msgid "Play one card from your hand ..."   <- the English source text
    msgstr "Juega una carta de tu mano ..."

The English catalogue holds msgstr == msgid. Placeholders are Python
`{name}` fields. Nothing falls back: a key with no (or an empty, or a fuzzy)
translation, or a placeholder a translation does not fill, raises
`MissingMessage` — a rulebook never shows a key or a raw placeholder.
`coverage()` lists every such problem for the tests and for `build`.
"""

from __future__ import annotations

import gettext
import re
import string
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "rulebook"
LANGS = ("en", "es", "pt", "fr", "it")


class MissingMessage(LookupError):
    """A message the rulebook needs has no usable text in a catalogue."""


@dataclass(frozen=True)
class Entry:
    key: str
    source: str  # the English msgid
    plural_source: str  # "" for a singular message
    forms: tuple[str, ...]  # msgstr, or msgstr[0..n-1]
    fuzzy: bool
    comment: str


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _fields(text: str) -> set[str]:
    out = set()
    try:
        for _, name, _, _ in string.Formatter().parse(text):
            if name is not None:
                out.add(name)
    except ValueError:
        out.add("<malformed braces>")
    return out


class Catalog:
    """The messages of one language."""

    def __init__(self, lang: str):
        from babel.messages.pofile import read_po

        self.lang = lang
        path = po_path(lang)
        if not path.is_file():
            raise MissingMessage(f"no message catalogue for language '{lang}' at {path}")
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang, domain=DOMAIN)
        self.num_plurals = catalog.num_plurals
        self._plural = gettext.c2py(catalog.plural_expr)
        self.entries: dict[str, Entry] = {}
        for message in catalog:
            if not message.id or not message.context:
                continue
            if isinstance(message.id, (tuple, list)):
                source, plural = message.id[0], message.id[1]
                forms = tuple(message.string or ())
            else:
                source, plural = message.id, ""
                forms = (message.string or "",)
            self.entries[message.context] = Entry(
                message.context, source, plural, forms, message.fuzzy, " ".join(message.auto_comments)
            )

    # ------------------------------------------------------------------ lookup

    def _usable(self, key: str) -> Entry:
        entry = self.entries.get(key)
        if entry is None:
            raise MissingMessage(f"[{self.lang}] no message '{key}'")
        if entry.fuzzy or not all(entry.forms) or not entry.forms:
            raise MissingMessage(f"[{self.lang}] message '{key}' is not translated (empty or fuzzy)")
        return entry

    def has(self, key: str) -> bool:
        try:
            self._usable(key)
            return True
        except MissingMessage:
            return False

    def text(self, key: str, **fields: object) -> str:
        entry = self._usable(key)
        if entry.plural_source:
            raise MissingMessage(f"[{self.lang}] message '{key}' has plural forms: ask for it with a count")
        return self._format(key, entry.forms[0], fields)

    def plural(self, key: str, count: int, **fields: object) -> str:
        entry = self._usable(key)
        if not entry.plural_source:
            raise MissingMessage(f"[{self.lang}] message '{key}' has no plural forms")
        index = self._plural(abs(count))
        form = entry.forms[min(index, len(entry.forms) - 1)]
        return self._format(key, form, {"n": count, **fields})

    def _format(self, key: str, template: str, fields: dict) -> str:
        try:
            return template.format(**fields)
        except (KeyError, IndexError, ValueError) as exc:
            raise MissingMessage(f"[{self.lang}] message '{key}' cannot be filled in: {exc!r} ({template!r})") from None


@cache
def catalog(lang: str) -> Catalog:
    if lang not in LANGS:
        raise MissingMessage(f"unknown language '{lang}': choose one of {', '.join(LANGS)}")
    return Catalog(lang)


_VALUE_KEYS = re.compile(r"\.gender\.|^gender\.")


def coverage() -> list[str]:
    """Every problem of the catalogues, as sentences (empty when complete).

    English is the reference: every other language must have every English
    key, translated, not fuzzy, with the same English source (a changed source
    makes the translation stale), the right number of plural forms and the
    same placeholders; and no language may have keys English lacks."""
    problems: list[str] = []
    try:
        english = catalog("en")
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return [f"en: {exc}"]
    for lang in LANGS:
        try:
            cat = catalog(lang)
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{lang}: {exc}")
            continue
        for key, ref in english.entries.items():
            entry = cat.entries.get(key)
            if entry is None:
                problems.append(f"{lang}: missing '{key}'")
                continue
            if entry.fuzzy:
                problems.append(f"{lang}: '{key}' is fuzzy")
            if not entry.forms or not all(entry.forms):
                problems.append(f"{lang}: '{key}' is not translated")
                continue
            if entry.source != ref.source or entry.plural_source != ref.plural_source:
                problems.append(f"{lang}: '{key}' translates an old English text")
            if bool(entry.plural_source) and len(entry.forms) != cat.num_plurals:
                problems.append(f"{lang}: '{key}' has {len(entry.forms)} plural forms, the language has {cat.num_plurals}")
            wanted = _fields(ref.source) | _fields(ref.plural_source)
            optional = set(re.findall(r"\{(\w+)\}", ref.comment))
            for form in entry.forms:
                got = _fields(form)
                if "<malformed braces>" in got:
                    problems.append(f"{lang}: '{key}' has unbalanced braces")
                extra = got - wanted - optional - {"n"}
                if extra:
                    problems.append(f"{lang}: '{key}' uses placeholders the English text lacks: {sorted(extra)}")
            if lang != "en" and not _VALUE_KEYS.search(key):
                # every placeholder of the English text must be used by at least one form
                used = set().union(*(_fields(f) for f in entry.forms))
                lost = (wanted - optional - {"n"}) - used
                if lost:
                    problems.append(f"{lang}: '{key}' drops placeholders {sorted(lost)}")
        for key in cat.entries:
            if key not in english.entries:
                problems.append(f"{lang}: '{key}' is not an English key")
    return problems


def write_po(lang: str, rows: list[tuple[str, str, str, tuple[str, ...], str]], plural_forms: str, language_name: str) -> str:
    """The text of a `.po` file: rows are (key, source, plural source, forms, comment). Used to
    regenerate catalogues after adding keys (keeps the format translators' tools expect)."""

    def quote(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    out = [
        "# Rulebook messages of escoba-spec, " + language_name + ".",
        "# msgctxt is the key the code asks for; msgid the English source text.",
        "# Placeholders are {name}; keep each one the English text has.",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: escoba-spec rulebook\\n"',
        f'"Language: {lang}\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        f'"Plural-Forms: {plural_forms}\\n"',
        "",
    ]
    for key, source, plural, forms, comment in rows:
        if comment:
            out.append(f"#. {comment}")
        out.append(f"msgctxt {quote(key)}")
        out.append(f"msgid {quote(source)}")
        if plural:
            out.append(f"msgid_plural {quote(plural)}")
            for i, form in enumerate(forms):
                out.append(f"msgstr[{i}] {quote(form)}")
        else:
            out.append(f"msgstr {quote(forms[0])}")
        out.append("")
    return "\n".join(out)
