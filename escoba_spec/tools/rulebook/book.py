"""The rulebook of one variant: its document model, rendered, or written for many variants.

`document` builds the sections (`document.py` the rules, then the
differences from a house rule's base, the options, an example play and the
sources); `render_rulebook` renders it as Markdown, HTML or PDF;
`write_rulebooks` writes the Markdown and HTML of many variants, after
checking that every catalogue is complete.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ...engine.dealing import first_seat
from ...language import ir
from ...language.diagnostics import DiagnosticError
from .catalog import LANGS
from .differences import compare, describe
from .document import build_document
from .example import example_play
from .lang import Lang
from .model import Block, Document, Section
from .render import (
    FORMATS,
    code,
    render_html,
    render_markdown,
    render_pdf,
)


class RulebookError(RuntimeError):
    """A rulebook cannot be written (a catalogue is incomplete, a base cannot be loaded, ...)."""


# ------------------------------------------------------------------ loading


@lru_cache(maxsize=256)
def _load(path: str, options: tuple[tuple[str, str], ...]) -> ir.Variant:
    from ...language.validate import load_variant

    return load_variant(path, dict(options))


def _chosen(variant: ir.Variant) -> dict[str, str]:
    return {o.id: o.chosen for o in variant.options if o.chosen}


def load_base(variant: ir.Variant) -> ir.Variant | None:
    """The variant a house rule extends (its nearest base): from its own rules tree,
    or among the shipped variants, as `extends` found it."""
    if not variant.extends:
        return None
    from ...language.resolve import Resolver, rules_root

    path = Path(variant.file)
    base_id = variant.extends[0]
    base_path = Resolver().locate(base_id, rules_root(path))
    if base_path is None:
        candidate = (path.parent / base_id).resolve()
        base_path = candidate if candidate.is_file() else None
    if base_path is None:
        raise RulebookError(f"cannot find the base '{base_id}' of {variant.file}")
    return _load(str(base_path), ())


def alternatives(variant: ir.Variant) -> dict[str, dict[str, ir.Variant]]:
    """option id -> other choice -> the variant with that choice (the others as chosen)."""
    chosen = _chosen(variant)
    out: dict[str, dict[str, ir.Variant]] = {}
    for option in variant.options:
        out[option.id] = {}
        for choice in option.choices:
            if choice == option.chosen:
                continue
            picked = tuple(sorted({**chosen, option.id: choice}.items()))
            try:
                out[option.id][choice] = _load(variant.file, picked)
            except DiagnosticError as exc:
                first = exc.diagnostics[0].format() if exc.diagnostics else str(exc)
                raise RulebookError(f"{variant.file}: with the option {option.id}={choice} the file is not valid, so "
                                    f"the rulebook cannot say what that choice changes:\n  {first}\n"
                                    f"  (escoba-spec validate {variant.file} lists every problem)") from None
    return out


# ------------------------------------------------------------------ document


def document(
    variant: ir.Variant,
    lang: str,
    *,
    base: ir.Variant | None | bool = True,
    options: bool = True,
    example: bool = True,
    display_file: str | None = None,
) -> Document:
    """The whole rulebook of `variant` in `lang` as a document model.

    `base`: True loads the base of a house rule from its rules tree; a Variant
    is used as given; None/False leaves the differences out."""
    if lang not in LANGS:
        raise RulebookError(f"unknown language '{lang}': choose one of {', '.join(LANGS)}")
    display = display_file or _display(variant.file)
    doc = build_document(variant, lang, display_file=display)
    L = Lang(lang, variant.deck)
    if base is True:
        base = load_base(variant)
    if isinstance(base, ir.Variant):
        doc.sections.insert(1, _differences(variant, base, lang, L))
    if options:
        doc.sections.append(_options(variant, lang, L))
    if example:
        doc.sections.append(_example(variant, L))
    doc.sections.append(_sources(variant, L, display))
    return doc


def _display(file: str) -> str:
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        parts = path.parts
        if "rules" in parts:
            return str(Path(*parts[parts.index("rules"):]))
        return path.name


def _differences(variant: ir.Variant, base: ir.Variant, lang: str, L: Lang) -> Section:
    section = Section("differences", L.sentence(L.t("section.differences", base=base.name)))
    changes = compare(build_document(base, lang), build_document(variant, lang))
    section.p("differences.intro", L.t("diff.intro", base=base.name, id=code(base.id)))
    items = describe(changes, L)
    base_options = {o.id for o in base.options}
    for option in variant.options:
        if option.id not in base_options:
            items.append((f"option/{option.id}", L.t("diff.option_added", option=code(option.id))))
    for option_id in sorted(base_options - {o.id for o in variant.options}):
        items.append((f"option/{option_id}", L.t("diff.option_removed", option=code(option_id))))
    if items:
        section.ul("differences", items)
    else:
        section.p("differences.none", L.t("diff.none"))
    return section


def _options(variant: ir.Variant, lang: str, L: Lang) -> Section:
    section = Section("options", L.sentence(L.t("section.options")))
    if not variant.options:
        section.p("options.none", L.t("options.none"))
        return section
    section.p("options.intro", L.t("options.intro"))
    others = alternatives(variant)
    here = None
    for option in variant.options:
        section.p(f"option/{option.id}", L.t("options.item", option=code(option.id), chosen=code(option.chosen)))
        for choice, other in others.get(option.id, {}).items():
            if here is None:
                here = build_document(variant, lang)
            changes = compare(here, build_document(other, lang))
            if changes:
                section.p(f"option/{option.id}/{choice}", L.t("options.alternative", choice=code(choice)))
                section.ul(f"option/{option.id}/{choice}/changes", describe(changes, L))
            else:
                section.p(f"option/{option.id}/{choice}", L.t("options.alternative_same", choice=code(choice)))
    example_choice = variant.options[0]
    other = next((c for c in example_choice.choices if c != example_choice.chosen), example_choice.chosen)
    section.p("options.howto", L.t("options.howto", example=code(f"--option {example_choice.id}={other}")))
    return section


def _example(variant: ir.Variant, L: Lang) -> Section:
    from ...language.cards import CardSet
    from ...language.expr.env import Env
    from .exprtext import ExprText

    section = Section("example", L.sentence(L.t("section.example")))
    ex = example_play(variant)
    cards = CardSet(variant.deck)
    words = ExprText(L, Env.from_cardset(cards, variant.scoring.ties), variant)

    def name(text: str) -> str:
        return words.card_name(cards.parse(text))

    def names(texts) -> str:
        return L.join([name(t) for t in texts])

    def seat(s: int) -> str:
        return L.t("example.seat", number=s + 1)

    team = L.t("example.teams", teams=L.n("players.teams", ex.players // ex.team_size)) if ex.team_size > 1 else ""
    first = first_seat(variant.deal.first_player, ex.dealer, ex.players)
    section.p("example.intro", L.t("example.intro", seed=ex.seed, players=L.n("players.count", ex.players),
                                   teams=team, dealer=seat(ex.dealer), first=seat(first)))
    items: list[tuple[str, str]] = []
    if ex.opening:
        items.append(("opening", L.t(f"example.opening.{ex.opening}", cards=names(ex.opening_cards),
                                     taker=seat(ex.opening_taker) if ex.opening_taker >= 0 else "")))
    items.append(("table", L.t("example.table", cards=names(ex.table)) if ex.table else L.t("example.table_empty")))
    for s, hand in enumerate(ex.hands):
        items.append((f"hand{s}", L.t("example.hand", player=seat(s), cards=names(hand))))
    for i, step in enumerate(ex.steps):
        if step.captured:
            text = L.t("example.capture", player=seat(step.seat), card=name(step.card), cards=names(step.captured))
            if step.sweeps:
                text += " " + L.n("example.sweep", step.sweeps, sweep=L.sweep(1), sweeps=L.sweep(2))
        else:
            text = L.t("example.trail", player=seat(step.seat), card=name(step.card))
        items.append((f"step{i}", text))
    items = [(key, L.sentence(text)) for key, text in items]
    block = Block("example", "ul", items=items, data={
        "seed": ex.seed, "players": ex.players, "team_size": ex.team_size,
        "moves": [s.move for s in ex.steps],
        "captured": [list(s.captured) for s in ex.steps],
        "sweeps": [s.sweeps for s in ex.steps],
    })
    section.blocks.append(block)
    section.p("example.more", L.t("example.more"))
    return section


def _sources(variant: ir.Variant, L: Lang, display: str) -> Section:
    section = Section("sources", L.sentence(L.t("section.sources")))
    section.p("sources.file", L.t("sources.file", file=code(display)))
    if variant.extends:
        section.p("sources.extends", L.t("sources.extends", bases=L.join([code(b) for b in variant.extends])))
    seen: dict[ir.Source, None] = {}

    def add(sources) -> None:
        for s in sources:
            seen.setdefault(s, None)

    v = variant
    for part in (v.deck, v.players, v.deal, v.deal.opening, v.capture, v.sweeps, v.end_of_deal, v.match,
                 v.visibility):
        add(part.sources)
    if v.end_of_deal.check is not None:
        add(v.end_of_deal.check.sources)
    if v.end_of_deal.penalty is not None:
        add(v.end_of_deal.penalty.sources)
    for rule in v.scoring.rules:
        add(rule.sources)
    for option in v.options:
        add(option.sources)
    if seen:
        only_seeds = all(s.kind == "seed" for s in seen)
        section.p("sources.intro", L.t("sources.intro" if only_seeds else "sources.intro.published"))
        section.ul("sources", [(_source_key(s), _source_text(s, L)) for s in seen])
    return section


def _source_key(s: ir.Source) -> str:
    return "/".join(getattr(s, f) for f in ("seed", "url", "book", "repository", "path", "section") if getattr(s, f))


def _source_text(s: ir.Source, L: Lang) -> str:
    """A citation as a reader looks it up: the text and section, the page, the book
    and pages, or the repository file and commit."""
    if s.kind == "seed":
        return L.t("sources.item", seed=code(s.seed), section=s.section)
    if s.kind == "url":
        text = L.t("sources.item.page", title=s.title, url=code(s.url)) if s.title else code(s.url)
    elif s.kind == "book":
        text = L.t("sources.item.book", author=s.author, book=s.book) if s.author else s.book
        if s.pages:
            text = L.t("sources.item.pages", item=text, pages=s.pages)
    else:
        text = L.t("sources.item.repository", repository=code(s.repository), path=code(s.path))
        if s.commit:
            text = L.t("sources.item.commit", item=text, commit=code(s.commit))
    if s.section:
        text = L.t("sources.item.section", item=text, section=s.section)
    return text


# ------------------------------------------------------------------ output


def render_rulebook(variant: ir.Variant, lang: str, fmt: str, **kwargs) -> str | bytes:
    """The rulebook of `variant` in `lang` ("en", "es", "pt", "fr", "it") as
    "md" or "html" text, or "pdf" bytes (needs the optional `pdf` extra)."""
    if fmt not in FORMATS:
        raise RulebookError(f"unknown format '{fmt}': choose one of {', '.join(FORMATS)}")
    doc = document(variant, lang, **kwargs)
    if fmt == "md":
        return render_markdown(doc)
    if fmt == "html":
        return render_html(doc)
    return render_pdf(doc)


def check_coverage() -> None:
    """Raise RulebookError listing every catalogue problem (see catalog.coverage)."""
    from .coverage import problems

    found = problems()
    if found:
        raise RulebookError("the rulebook catalogues are incomplete:\n  " + "\n  ".join(found))


def write_rulebooks(
    variants_with_paths: Iterable[tuple[Path | str, ir.Variant]],
    out_dir: Path | str,
    langs: Iterable[str] = LANGS,
    formats: Iterable[str] = ("md", "html"),
) -> list[Path]:
    """Write `<out_dir>/<variant id>.<lang>.<fmt>` for every variant; the files written.

    Checks the catalogues first and raises RulebookError when one is
    incomplete, so `build` fails rather than publish a rulebook with a gap."""
    from ..files import write_atomically

    check_coverage()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path, variant in variants_with_paths:
        for lang in langs:
            doc = document(variant, lang, display_file=_display(str(path)))
            for fmt in formats:
                target = out / f"{variant.id}.{lang}.{fmt}"
                if fmt == "md":
                    write_atomically(target, render_markdown(doc))
                elif fmt == "html":
                    write_atomically(target, render_html(doc))
                else:
                    target.write_bytes(render_pdf(doc))
                written.append(target)
    return written
