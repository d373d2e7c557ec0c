"""The rulebook's sections on what happens on the table: the deal, play and captures, sweeps.

A mixin of the document builder (`document._Builder`), which gives it the
variant (`self.v`), the language (`self.L`), the deck's cards and the words of
expressions and card predicates (`self.words`).
"""

from __future__ import annotations

from ...language import ir
from ...language.derive import kinds_of, table_deal, table_first_lead
from ...language.expr import nodes as E
from .dealstages import DealStages
from .model import Section, words_in


class TableSections(DealStages):
    """deal(), play() and sweeps() of the document builder."""

    # ------------------------------------------------------------------ deal

    def deal(self) -> Section:
        L, d = self.L, self.v.deal
        s = self.section("deal")
        deals = [(lay, *table_deal(d, lay, self.cards.size)) for lay in self.v.players.layouts]
        same = len({(hand, table) for _, hand, table in deals}) == 1
        hand, table = deals[0][1:]
        whole = [hand * lay.players + table == self.cards.size for lay, hand, table in deals]
        from_seat = "deal.round.before-dealer" if d.first_player == "before-dealer" else "deal.round"
        # with cards face down, the table cards are not all laid face up: the sentence after says which
        lay = "deal.lay" if d.face_down else "ir.Deal.order"
        if d.stages:  # the first round stage by stage (dealstages), instead of deal.order and deal.round
            s.p("deal.round", self.staged_round(deals, same))
        if same and table and d.order == "table-first" and not d.stages:
            s.p("deal.order", L.t(f"{lay}.table-first", cards=L.n("deal.cards", table)))
            self._face_down(s)
        if not d.stages:
            s.p("deal.round", L.t(from_seat, cards=L.n("deal.cards", hand) if same else L.t("deal.cards.by_table")))
        if same and table and d.order == "hands-first" and not d.stages:
            s.p("deal.order", L.t(f"{lay}.hands-first", cards=L.n("deal.cards", table)))
            self._face_down(s)
        if not same:
            s.ul("deal.layouts", [(f"layout/{lay.players}", self._layout_deal(lay, hand, table, full))
                                  for (lay, hand, table), full in zip(deals, whole)])
            if any(table for *_, table in deals) and not d.stages:
                s.p("deal.order", L.t(f"deal.order.{d.order}"))
                self._face_down(s)
        self.bid(s)
        if all(whole):
            s.p("deal.rounds", L.t("deal.one_round"))
        else:
            s.p("deal.rounds", L.t("deal.rounds", cards=L.n("deal.cards", hand)) if same else L.t("deal.rounds.by_table"))
        self.packets(s, deals, whole)
        if d.stock_remainder != "none" and any((self.cards.size - table) % (lay.players * hand) for lay, hand, table in deals):
            s.p("deal.stock_remainder", L.t(f"ir.Deal.stock_remainder.{d.stock_remainder}"))
        s.p("deal.first_player", L.t(f"ir.Deal.first_player.{d.first_player}"))
        self._first_lead(s)
        s.p("deal.round_dealer", L.t(f"ir.Deal.round_dealer.{d.round_dealer}"))
        s.p("deal.dealer_rotation", L.t(f"ir.Deal.dealer_rotation.{d.dealer_rotation}"))
        if any(table for *_, table in deals) and not self.v.table.layout == "stack":
            s.p("deal.opening", self.opening(d.opening))
            wild = self.v.declarations.wild
            if self.v.declarations.wild_opening and wild >= 0 and d.opening.trigger != "never":
                card = self.cards.cards[wild]
                s.p("deal.opening.wild", L.t("deal.opening.wild", card=L.card_the(
                    L.rank_by_number(card.rank), self.v.deck.suits[card.suit].name)))
        for i, r in enumerate(d.replace):
            card = self.words.cards_noun(r.cards_text, r.cards).a(L)
            key = "deal.replace.covered" if r.to == "covered" else f"ir.Replacement.where.{r.where}"
            s.p(f"deal.replace.{i}", L.t(key, card=card, to=L.t(f"ir.Replacement.to.{r.to}")))
        if d.replace:
            s.p("deal.replace.void", L.t("deal.replace.void"))
        if d.bottom_card == "shown":
            s.p("deal.bottom_card", L.t("ir.Deal.bottom_card.shown"))
        if d.redeal:
            conditions = L.join([self.words.expression(c.node, c.text) for c in d.redeal], "or")
            s.p("deal.redeal", L.t("deal.redeal", condition=conditions))
        return s

    def _face_down(self, s: Section) -> None:
        """The table cards dealt face down (under a stack, or apart from a spread), and who gets them."""
        if self.v.deal.face_down:
            s.p("deal.face_down", self._face_down_text())

    def _face_down_text(self) -> str:
        d = self.v.deal
        key = "deal.face_down.stack" if self.v.table.layout == "stack" else f"ir.Deal.face_down_to.{d.face_down_to}"
        return self.L.n(key, d.face_down)

    def _first_lead(self, s: Section) -> None:
        """deal.first_lead, said once when every table has the same, else table by table."""
        L, d = self.L, self.v.deal
        leads = [(lay, *table_first_lead(d, lay)) for lay in self.v.players.layouts]
        if len({mask for _, mask, _ in leads}) == 1:
            if d.first_lead_not or leads[0][1]:
                _, mask, text = leads[0]
                s.p("deal.first_lead", L.t("deal.first_lead", cards=self.words.cards_noun(text, mask).pl(L)))
            return
        for lay, mask, text in leads:
            if mask:
                s.p(f"deal.first_lead.{lay.players}", L.t("deal.first_lead.layout", players=self.layout_words(lay),
                                                          cards=self.words.cards_noun(text, mask).pl(L)))

    def _layout_deal(self, lay: ir.Layout, hand: int, table: int, whole: bool) -> str:
        """One table's deal: its players, their cards and the table's."""
        L = self.L
        players = self.layout_words(lay)
        if table:
            text = L.t("deal.layout", players=players, cards=L.n("deal.cards", hand), table=L.n("deal.cards", table))
        else:
            text = L.t("deal.layout.no_table", players=players, cards=L.n("deal.cards", hand))
        return text + (" " + L.t("deal.layout.whole") if whole else "")

    def opening(self, o: ir.OpeningTable) -> str:
        L = self.L
        targets = o.targets_of(self.v.capture)
        if o.trigger == "never" or not targets:
            return L.t("ir.OpeningTable.trigger.never")
        if o.action == "capture":
            action = L.t("ir.OpeningTable.action.capture", taker=L.t(f"ir.OpeningTable.taker.{o.taker}"))
            if o.sweeps:
                if o.trigger == "total" and max(o.multiples) > 1:
                    action += " " + L.t("deal.opening.sweeps", sweep=L.sweep(1), sweeps=L.sweep(2),
                                        target=min(targets))
                else:
                    action += " " + L.t("deal.opening.sweep", sweep=L.sweep(1))
            else:
                action += " " + L.t("deal.opening.no_sweep", sweep=L.sweep(1))
        else:
            action = L.t(f"ir.OpeningTable.action.{o.action}")
        if o.trigger == "contains-capture":
            return L.t("ir.OpeningTable.trigger.contains-capture", targets=self.nums(targets, "or"), action=action)
        totals = [k * min(targets) for k in sorted(o.multiples)]
        text = L.t("ir.OpeningTable.trigger.total", totals=self.nums(totals, "or"), action=action)
        if o.partition and max(o.multiples) > 1:
            text += " " + L.t("deal.opening.partition", target=min(targets))
        return text

    # ------------------------------------------------------------------ play

    def play(self) -> Section:
        L, c = self.L, self.v.capture
        s = self.section("play")
        s.p("play.turn", L.t("play.turn"))
        stack = self.v.table.layout == "stack"
        if stack:
            s.p("table.layout", L.t("ir.Table.layout.stack"))
        steps = c.priority
        if c.mode == "kinds":
            shown = self.v.piles.top == "shown"  # the piles lie face up, their top cards seen by all
            if shown:
                s.p("piles.top", L.t("ir.Piles.top.shown"))
            s.p("capture.mode", L.t("ir.Capture.mode.kinds.shown" if shown else "ir.Capture.mode.kinds"))
            s.ul("capture.kinds", [(f"kind/{k.id}", self.kind_text(k)) for k in c.kinds])
            if any(k.from_zone != "table" for k in c.kinds):
                s.p("capture.piles", L.t("pile.taken"))
        elif c.mode == "sum":
            s.p("capture.mode", L.t("ir.Capture.mode.sum", targets=self.nums(c.targets, "or")))
            if c.single_card_first:
                s.p("capture.single_card_first", L.t("ir.PriorityStep.rule.one-card-first"))
        else:
            s.p("capture.mode", L.t("ir.Capture.mode.match"))
            if c.single_card_first:
                s.p("capture.single_card_first", L.t("capture.single_card_first"))
        for i, step in enumerate(steps):
            s.p(f"capture.priority.{i}", self.step_text(step))
        many = any(k.sets in ("many", "maximal") for k in c.kinds)  # only listed kinds take several groups
        if stack:
            s.p("play.one_group", L.t("stack.one_group"))
            s.p("play.trail", L.t("stack.trail"))
        else:
            s.p("play.one_group", L.t("play.groups" if many else "play.one_group"))
            s.p("play.trail", L.t("play.trail"))
        if c.obligations:  # steps, then the freedom they leave
            for i, step in enumerate(c.obligations):
                s.p(f"capture.obligation.{i}", self.obligation_text(step))
            s.p("capture.obligation", L.t("obligation.otherwise"))
        elif c.obligation == "none" and c.builds is not None and "no-trail" in c.builds.duties:
            s.p("capture.obligation", L.t("builds.obligation.none"))  # free to trail, but for a build's duty
        else:
            s.p("capture.obligation", L.t(f"ir.Capture.obligation.{c.obligation}"))
        if c.builds is not None:
            every = any(k.sets == "maximal" for k in c.kinds)  # a capture takes every group it can
            for key, text in self.builds_text(c.builds, "all" if every else "many" if many else ""):
                s.p(key, text)
        if c.missed_capture_claim:
            s.p("capture.claim", L.t("capture.missed_capture_claim"))
        if self.v.deck.jokers.count:
            s.p("play.jokers", L.t("play.jokers"))
        return s

    def builds_text(self, b: ir.Builds, many: str) -> list[tuple[str, str]]:
        """The paragraphs of capture.builds: what a build is, how it is taken, added to and raised,
        and its maker's duties."""
        L = self.L
        owned = ".owned" if b.owners == "shared" else ""  # a build's owners, not its last changer, bear its rules
        out = [("capture.builds", L.t("builds.make", low=b.lowest, high=b.highest))]
        if b.owners == "shared":
            out.append(("capture.builds.owners", L.t("builds.owners_shared")))
        if b.hold:
            out.append(("capture.builds.hold", L.t("builds.hold")))
        take = {"all": "builds.take_all", "many": "builds.take_with"}.get(many, "builds.take")
        out.append(("capture.builds.take", L.t(take)))
        out.append(("capture.builds.add", L.t("builds.add")))
        if b.raise_ == "none":
            out.append(("capture.builds.raise", L.t("builds.raise_none")))
        else:
            out.append(("capture.builds.raise", L.t("builds.raise_with_table" if b.raise_with_table else "builds.raise")))
            if not b.raise_own:
                out.append(("capture.builds.raise_own", L.t("builds.raise_others" + owned)))
        if b.per_value == "one":
            out.append(("capture.builds.per_value", L.t("builds.per_value_one")))
        if b.absorb:
            out.append(("capture.builds.absorb", L.t("builds.absorb")))
        out += [(f"capture.builds.duties.{d}", L.t(f"builds.duty.{d}{owned}")) for d in b.duties]
        return out

    # ---------------------------------------------------------------- sweeps

    def sweeps(self) -> Section:
        L, w = self.L, self.v.sweeps
        s = self.section("sweeps", sweeps=L.sweep(2))
        if not w.enabled:
            s.p("sweeps.enabled", L.t("sweeps.disabled", sweeps=L.sweep(2)))
            return s
        s.p("sweeps.enabled", L.t("sweeps.what", sweep=L.sweep(1)))
        targets = self.v.capture.targets
        by_target = w.weight_by_target and self.v.capture.mode == "sum" and len(targets) > 1
        if by_target:
            s.p("sweeps.weight", L.t("sweeps.weight_by_target", sweep=L.sweep(1), target=min(targets),
                                     example=targets[1], count=targets[1] // min(targets)))
        if w.weight is not None:  # what a sweep counts by its play (sweeps.weight), times the above
            weight = self.words.expression(w.weight, w.weight_text, E.NUM, unit="sweeps.n")
            key = "sweeps.weight_times" if by_target else "sweeps.weight"  # the quick page has no count above
            s.p(f"{key}_expression" if by_target else "sweeps.weight_expression", L.t(key, sweep=L.sweep(1), weight=weight))
        if w.not_on_last_play:
            s.p("sweeps.last_play", L.t("sweeps.not_on_last_play", sweep=L.sweep(1)))
        if w.not_with_joker and self.v.deck.jokers.count:
            s.p("sweeps.joker", L.t("sweeps.not_with_joker", sweep=L.sweep(1)))
        # the engine never counts taking the leftovers as a sweep (engine.state._finish)
        s.p("sweeps.leftovers", L.t("sweeps.leftovers", sweep=L.sweep(1)))
        if not any("sweeps" in words_in(r.award_text + " " + r.points_text) for r in self.v.scoring.rules):
            s.p("sweeps.unscored", L.t("sweeps.unscored", sweeps=L.sweep(2)))
        return s

    def kind_text(self, k: ir.CaptureKind) -> str:
        """One capture kind as sentences: who may use it and what it takes, then its conditions."""
        L = self.L
        # on a stack a kind looks at the top card, and takes the whole stack (engine.zones)
        stack = "stack" if self.v.table.layout == "stack" else ""
        # a kind from a pile looks at that pile's top card, and takes the whole pile (engine.zones)
        where = {"other-piles": "pile", "next-pile": "next"}.get(k.from_zone) or stack or (
            "all" if k.sets == "all" else "ir.CaptureKind")
        text = L.t(f"{where}.take.{k.take}", targets=self.nums(k.targets, "or"))
        if k.take == "whole-table" and k.unless_rank_on_table:
            text = L.t(f"{stack or 'kind'}.unless_rank_on_table", text=text)
        if k.cards_text:
            text = L.t("kind.with", cards=self.words.cards_noun(k.cards_text, k.cards).pl(L), text=text)
        sentences = [L.sentence(L.t("kind.any", text=text)) + "."]
        if k.take == "whole-table" and k.empty_table == "keep":
            sentences.append(L.t("ir.CaptureKind.empty_table.keep"))
        if k.sets in ("many", "maximal"):  # sets: all is said by what the kind takes ("every table card of ...")
            sentences.append(L.t(f"ir.CaptureKind.sets.{k.sets}"))
        if k.run:
            sentences.append(L.t("kind.run"))
        if not k.sweep and self.v.sweeps.enabled:
            sentences.append(L.t("kind.no_sweep", sweep=L.sweep(1)))
        return " ".join(sentences)

    def step_text(self, step: ir.PriorityStep) -> str:
        """One priority rule as a sentence, the kinds it names said by what they take."""
        L = self.L
        scoped = ".kinds" if step.kinds and step.rule not in ("prefer", "always") else ""
        return L.t(f"ir.PriorityStep.rule.{step.rule}{scoped}", kinds=self.kinds_text(step.kinds))

    def obligation_text(self, step: ir.ObligationStep) -> str:
        """One obligation step as a sentence; a capture of every kind is the seeds' own wording."""
        if step.must == "capture" and not step.kinds:
            return self.L.t(f"ir.Capture.obligation.{step.of}")
        key = f"obligation.{step.of}.{step.must}" + (".kinds" if step.kinds else "")
        return self.L.t(key, kinds=self.kinds_text(step.kinds))

    def kinds_text(self, ids) -> str:
        """Capture kinds named by id (an event's, a priority step's, an obligation's), each said by
        all that sets it apart: what it takes, the cards that may use it, its exceptions."""
        kinds = {k.id: k for k in kinds_of(self.v.capture)}
        return self.L.join([self.kind_short(kinds[i]) for i in ids if i in kinds], "or")

    def kind_short(self, k: ir.CaptureKind) -> str:
        """One kind as a noun phrase after "takes": "the whole table with an ace, while no card of
        its rank lies on the table". Two kinds that capture differently never read alike."""
        L = self.L
        if k.from_zone != "table":
            zone = "pile" if k.from_zone == "other-piles" else "next"
            text = L.t(f"kind.short.{zone}.{k.take}")
        elif k.sets == "all" and k.take in ("equal-rank", "equal-value"):
            text = L.t(f"kind.short.all.{k.take}")
        else:
            text = L.t(f"kind.short.{k.take}", targets=self.nums(k.targets, "or"))
        if k.cards_text:
            text = L.t("kind.short.with", text=text, card=self.words.cards_noun(k.cards_text, k.cards).a(L))
        if k.run:
            text = L.t("kind.short.run", text=text)
        if k.sets in ("many", "maximal"):
            text = L.t(f"kind.short.{k.sets}", text=text)
        if k.take == "whole-table" and k.unless_rank_on_table:
            stack = ".stack" if self.v.table.layout == "stack" else ""
            text = L.t(f"kind.short{stack}.unless_rank_on_table", text=text)
        if k.take == "whole-table" and k.empty_table == "keep":
            text = L.t("kind.short.empty_table.keep", text=text)
        if not k.sweep and self.v.sweeps.enabled:
            text = L.t("kind.short.no_sweep", text=text, sweep=L.sweep(1))
        return text
