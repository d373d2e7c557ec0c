"""The rulebook of one variant: its document model, rendered, or written for many variants.

`document` builds the sections (`document.py` the rules, then the
differences from a house rule's base, the options as a table, a whole example
hand played and scored, the sources and a one-page quick reference);
`render_rulebook` renders it as Markdown, HTML or PDF;
`write_rulebooks` writes the Markdown and HTML of many variants, after
checking that every catalogue is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

from ...engine.dealing import first_seat
from ...language import ir
from ...language.diagnostics import DiagnosticError
from ..text import points_text
from .catalog import LANGS
from .differences import compare, describe, describe_compact
from .document import build_document
from .example import example_play
from .lang import Lang
from .model import Block, Document, Section
from .render import (
    FORMATS,
    author,
    card,
    code,
    render_html,
    render_markdown,
    render_pdf,
    separator,
    strong,
)

#: builds the variant under the options given (the studio's: from the text being edited)
Load = Callable[[dict[str, str]], ir.Variant]


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


def alternatives(variant: ir.Variant, load: Load | None = None) -> dict[str, dict[str, ir.Variant]]:
    """option id -> other choice -> the variant with that choice (the others as chosen);
    `load` builds the variant under given options (default: from its file on disk)."""
    chosen = _chosen(variant)
    load = load or (lambda options: _load(variant.file, tuple(sorted(options.items()))))
    out: dict[str, dict[str, ir.Variant]] = {}
    for option in variant.options:
        out[option.id] = {}
        for choice in option.choices:
            if choice == option.chosen:
                continue
            try:
                out[option.id][choice] = load({**chosen, option.id: choice})
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
    load: Load | None = None,
) -> Document:
    """The whole rulebook of `variant` in `lang` as a document model.

    `base`: True loads the base of a house rule from its rules tree; a Variant
    is used as given; None/False leaves the differences out. `load` builds the
    variant under other options, for the options table (default: from its file)."""
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
        doc.sections.append(_options(variant, lang, L, load))
    if example:
        doc.sections.append(_example(variant, L))
    doc.sections.append(_sources(variant, L, display))
    doc.sections.append(_quick(doc, L))
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
    base_name = L.prose(base.name, base.names)
    section = Section("differences", L.sentence(L.t("section.differences", base=base_name)))
    changes = compare(build_document(base, lang), build_document(variant, lang))
    section.p("differences.intro", L.t("diff.intro", base=base_name, id=code(base.id)))
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


def _options(variant: ir.Variant, lang: str, L: Lang, load: Load | None = None) -> Section:
    """The options as one table: each option, its values, its default, and what each other
    value changes in the rules above (the changed words within their sentence). Each other
    value has a row of its own, so that a page may break between them."""
    section = Section("options", L.sentence(L.t("section.options")))
    if not variant.options:
        section.p("options.none", L.t("options.none"))
        return section
    section.p("options.intro", L.t("options.intro"))
    others = alternatives(variant, load)
    here = None
    rows, marks = [], []
    for option in variant.options:
        def value(choice: str, option=option) -> str:
            labels = {c: (plain, forms) for c, plain, forms in option.value_labels}
            if choice in labels:
                return L.t("options.value_labelled", label=L.prose(*labels[choice]), value=code(choice))
            return code(choice)

        name = [strong(L.prose(option.label, option.labels)) + " " + code(option.id) if option.label else
                strong(code(option.id))]
        description = L.prose(option.description, option.descriptions)
        if description:
            name.append(description)
        default = [value(option.default)]
        if option.chosen and option.chosen != option.default:
            default.append(L.t("options.in_force", choice=value(option.chosen)))
        changes = []
        for choice, other in others.get(option.id, {}).items():
            if here is None:
                here = build_document(variant, lang)
            found = describe_compact(compare(here, build_document(other, lang)), L)
            if found:  # the value, then each change on a line of its own
                changes.append([strong(L.t("options.alternative", choice=value(choice)))] + ["– " + x for x in found])
            else:
                changes.append([L.t("options.alternative_same", choice=value(choice))])
        first = [name, [value(c) for c in option.choices], default]
        for i, lines in enumerate(changes or [[]]):
            rows.append((first if i == 0 else ["", "", ""]) + [lines])
            marks.append("more" if i < len(changes) - 1 else "")
    header = [L.t("options.col.option"), L.t("options.col.values"), L.t("options.col.default"),
              L.t("options.col.changes")]
    section.table("options.table", header, rows, style="options", row_marks=marks)
    example_choice = variant.options[0]
    other = next((c for c in example_choice.choices if c != example_choice.chosen), example_choice.chosen)
    section.p("options.howto", L.t("options.howto", example=code(f"--option {example_choice.id}={other}")))
    return section


def _example(variant: ir.Variant, L: Lang) -> Section:
    """A whole hand played by the engine: the deal, every play in a table, the end of the
    hand and its scoring rule by rule."""
    from ...language.cards import CardSet

    section = Section("example", L.sentence(L.t("section.example")))
    ex = example_play(variant)
    cards = CardSet(variant.deck)

    def badge(text: str) -> str:
        c = cards.cards[cards.parse(text)]
        if c.joker:
            return card(c.text, "", L.t("card.joker", number=c.text.lstrip("*")))
        rank = L.rank_by_number(c.rank)
        suit_name = variant.deck.suits[c.suit].name
        return card(rank.symbol, suit_name, L.card_short(rank, suit_name))

    def badges(texts) -> str:
        return separator().join(badge(t) for t in texts) if texts else "—"

    def seat(s: int) -> str:
        return L.t("example.seat", number=s + 1)

    def side_name(side: int) -> str:
        if ex.team_size == 1:
            return seat(side)
        return L.t("example.team", seats=L.join([str(s + 1) for s in range(side, ex.players, ex.sides)]))

    def side_header(side: int) -> str:
        if ex.team_size == 1:
            return L.t("example.col.seat", number=side + 1)
        return L.t("example.col.team", seats=L.join([str(s + 1) for s in range(side, ex.players, ex.sides)]))

    names = {r.id: L.prose(r.name, r.names) for r in (*variant.scoring.rules, *variant.scoring.events,
                                                       *variant.declarations.rules)}
    team = L.t("example.teams", teams=L.n("players.teams", ex.sides)) if ex.team_size > 1 else ""
    first = first_seat(variant.deal.first_player, ex.dealer, ex.players)
    section.p("example.intro", L.t("example.whole", seed=ex.seed, players=L.n("players.count", ex.players),
                                   teams=team, dealer=seat(ex.dealer), first=seat(first)))
    if ex.opening:
        taker = seat(ex.opening_taker) if ex.opening_taker >= 0 else ""
        words = L.join([L.card_short(L.rank_by_number(cards.cards[cards.parse(t)].rank),
                                     variant.deck.suits[cards.cards[cards.parse(t)].suit].name)
                        if not cards.cards[cards.parse(t)].joker else L.t("card.joker", number=t.lstrip("*"))
                        for t in ex.opening_cards])
        section.p("example.opening", L.sentence(L.t(f"example.opening.{ex.opening}", cards=words, taker=taker)))
    table = L.t("example.table", cards=badges(ex.table)) if ex.table else L.t("example.table_empty")
    if ex.face_down:
        table += " " + L.n("example.face_down", ex.face_down)
    section.p("example.table", table)
    declared: dict[tuple[int, int], list[str]] = {}
    for d in ex.declared:
        what = L.n("points.n", d.points) if d.effect == "points" else (
            L.n("example.sweeps", d.points, sweep=L.sweep(1), sweeps=L.sweep(2)) if d.effect == "sweeps"
            else L.t("example.effect.win-match"))
        declared.setdefault((d.round, d.seat), []).append(
            L.t("example.declares", name=names.get(d.id, d.id), what=what))
    rows, marks, shown = [], [], set()
    previous_round = 1
    for step in ex.steps:
        hand = [badges(step.hand)]
        if (step.round, step.seat) in declared and (step.round, step.seat) not in shown:
            shown.add((step.round, step.seat))
            hand += declared[(step.round, step.seat)]
        takes = [badges(step.captured)] if step.captured else ["—"]
        if step.face_down:
            takes.append(L.n("example.took_face_down", step.face_down))
        if step.sweeps:
            takes.append(L.sentence(L.n("example.sweep", step.sweeps, sweep=L.sweep(1), sweeps=L.sweep(2))))
        for event_id, points, effect in step.events:
            what = L.n("points.n", points) if effect == "points" else L.t(f"example.effect.{effect}")
            takes.append(L.t("event.named", name=names.get(event_id, event_id), text=what))
        plays = badge(step.card) if step.card else L.t("example.bids", value=step.bid)  # a bid plays no card
        rows.append([str(step.seat + 1), hand, plays, takes, badges(step.table)])
        marks.append("round" if step.round != previous_round else "")
        previous_round = step.round
    header = [L.t("example.col.player"), L.t("example.col.hand"), L.t("example.col.plays"),
              L.t("example.col.takes"), L.t("example.col.table")]
    section.table("example.plays", header, rows, style="plays", row_marks=marks, data={
        "seed": ex.seed, "players": ex.players, "team_size": ex.team_size,
        "moves": [s.move for s in ex.steps],
        "captured": [list(s.captured) for s in ex.steps],
        "sweeps": [s.sweeps for s in ex.steps],
        "totals": [points_text(t) for t in ex.totals],
    })
    # the end of the hand and its score
    if ex.stopped:
        section.p("example.end", L.t("example.end.stopped"))
    elif not ex.leftovers:
        section.p("example.end", L.t("example.end.empty"))
    elif ex.leftovers_side is not None and variant.end_of_deal.leftovers_to == "dealer":
        section.p("example.end", L.t("example.end.dealer", player=seat(ex.dealer), cards=badges(ex.leftovers)))
    elif ex.leftovers_side is not None:
        last = next(s.seat for s in reversed(ex.steps) if s.captured)
        section.p("example.end", L.t("example.end.taken", player=seat(last), cards=badges(ex.leftovers)))
    else:
        section.p("example.end", L.t("example.end.set_aside", cards=badges(ex.leftovers)))
    header = [L.t("example.col.score")] + [side_header(side) for side in range(ex.sides)]
    score = [[L.t("example.score.cards")] + [str(n) for n in ex.piles]]
    effects = {(side, rid): effect for side, rid, effect in ex.effects}
    ids = [rid for rid, _ in ex.points[0]] if ex.points else []
    ids += [rid for _, rid, _ in ex.effects if rid not in ids]
    for rid in ids:
        row = [names.get(rid, rid)]
        for side in range(ex.sides):
            if (side, rid) in effects:
                row.append(L.t(f"example.effect.{effects[(side, rid)]}"))
            else:
                row.append(points_text(dict(ex.points[side]).get(rid, 0)))
        score.append(row)
    score.append([strong(L.t("example.score.total"))] + [strong(points_text(t)) for t in ex.totals])
    section.p("example.score.intro", L.t("example.score.intro"))
    section.table("example.score", header, score, style="score")
    if ex.winner is not None:
        section.p("example.result", L.t("example.winner", side=side_name(ex.winner)))
    else:
        section.p("example.result", L.t("example.next"))
    return section


def _sources(variant: ir.Variant, L: Lang, display: str) -> Section:
    """The texts the rules follow, each once as a reader looks it up (its title, language,
    where to find it), with the sections of it that are cited."""
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
    for event in v.scoring.events:
        add(event.sources)
    for rule in v.declarations.rules:
        add(rule.sources)
    for option in v.options:
        add(option.sources)
    if seen:
        works: dict[tuple, list[ir.Source]] = {}
        for s in seen:
            works.setdefault(_work(s), []).append(s)
        only_seeds = all(s.kind == "seed" for s in seen)
        section.p("sources.intro", L.t("sources.intro" if only_seeds else "sources.intro.published"))
        section.ul("sources", [("/".join(key), _reference(cited, L)) for key, cited in works.items()])
    return section


def _work(s: ir.Source) -> tuple[str, ...]:
    """What a citation cites, whatever its section: a seed text, a page, a book's pages, a file."""
    fields = {"seed": (s.seed,), "url": (s.url,), "book": (s.book, s.author, s.pages), "note": (s.note,),
              "repository": (s.repository, s.path, s.commit)}
    return (s.kind, *fields[s.kind])


def _reference(cited: list[ir.Source], L: Lang) -> str:
    """One text the rules follow, as a reader looks it up: a seed text by its title and
    language (and its file), a page by its title and address, a book by its author, title
    and pages, a repository file at its commit; then the sections of it cited."""
    s = cited[0]
    title = next((c.title for c in cited if c.title), "")
    if s.kind == "seed":
        language = next((c.language for c in cited if c.language), "")
        if title and language:
            text = L.t("sources.seed.language", title=author(title), language=L.language_name(language),
                       file=code(s.seed))
        elif title:
            text = L.t("sources.seed", title=author(title), file=code(s.seed))
        else:
            text = code(s.seed)
    elif s.kind == "url":
        text = L.t("sources.item.page", title=author(title), url=code(s.url)) if title else code(s.url)
    elif s.kind == "book":
        text = L.t("sources.item.book", author=author(s.author), book=author(s.book)) if s.author else author(s.book)
        if s.pages:
            text = L.t("sources.item.pages", item=text, pages=author(s.pages))
    elif s.kind == "note":
        text = L.t("sources.item.note", note=author(s.note))
    else:
        text = L.t("sources.item.repository", repository=code(s.repository), path=code(s.path))
        if s.commit:
            text = L.t("sources.item.commit", item=text, commit=code(s.commit))
    sections = list(dict.fromkeys(c.section for c in cited if c.section))
    if sections:
        quoted = L.join([L.t("sources.section", section=author(x)) for x in sections])
        text = L.n("sources.sections", len(sections), item=text, sections=quoted)
    return text


def _quick(doc: Document, L: Lang) -> Section:
    """One page of the rules in brief: the sentences of each rule section that say what
    the game is (the deck, the deal, capturing, sweeps, scoring, the goal), as the
    sections above word them."""
    section = Section("quick", L.sentence(L.t("section.quick")))
    wanted = {
        "players": ("players.layouts",),
        "deck": ("deck.preset", "deck.scoring_suit", "deck.jokers"),
        "deal": ("deal.order", "deal.round", "deal.layouts", "deal.rounds"),
        "play": ("capture.mode", "capture.kinds", "capture.single_card_first", "capture.priority.",
                 "capture.obligation"),
        "sweeps": ("sweeps.enabled", "sweeps.weight_expression", "sweeps.last_play"),
        "scoring": ("scoring.rules", "scoring.events", "declarations.rules"),
        "end": ("end.leftovers",),
        "match": ("match.target", "match.games"),
    }
    rows = []
    for part in doc.sections:
        keys = wanted.get(part.id)
        if not keys:
            continue
        texts = []
        for block in part.blocks:
            if not any(block.key == k or (k.endswith(".") and block.key.startswith(k)) for k in keys):
                continue
            texts += [text for _, text in block.items] if block.kind == "ul" else [block.text]
        if texts:  # the scoring rules one under the other, each part's other sentences as one paragraph
            rows.append([part.title, texts if part.id == "scoring" else [" ".join(texts)]])
    section.blocks.append(Block("quick", "dl", rows=rows, style="quick"))
    return section


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
    """Write `<out_dir>/<variant id>.<lang>.<fmt>` for every variant, all or none; the files written."""
    from ..files import write_files

    files = rulebook_files(variants_with_paths, out_dir, langs, formats)
    write_files(files)
    return list(files)


def rulebook_files(variants_with_paths, out_dir: Path | str, langs: Iterable[str] = LANGS,
                   formats: Iterable[str] = ("md", "html")) -> dict[Path, str | bytes]:
    """Every rulebook file's path and content, nothing written. Checks the catalogues first and
    raises RulebookError when one is incomplete, so `build` fails rather than publish a gap."""
    check_coverage()
    render = {"md": render_markdown, "html": render_html, "pdf": render_pdf}
    files: dict[Path, str | bytes] = {}
    for path, variant in variants_with_paths:
        for lang in langs:
            doc = document(variant, lang, display_file=_display(str(path)))
            for fmt in formats:
                files[Path(out_dir) / f"{variant.id}.{lang}.{fmt}"] = render[fmt](doc)
    return files
