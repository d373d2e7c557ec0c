"""The rulebook's words for a first round dealt in stages, for packets and for the bid.

`deal.stages` (engine/staging.py): the first round of a hand is said stage by
stage, in the order the engine runs them, as one paragraph that stands where
the first round's "each player gets N cards" sentence (deal.round) and the
table sentence (deal.order) would be; the later rounds are said as usual.
`deal.packets`: the cards a player is dealt at a time, in every round (the
engine deals in packets only where a packet is smaller than the hand).
`deal.bid`: who bids, on which cards, the deal dealt again when no card can
be bid on, and whether the bid binds the first play. A mixin of the deal
section (`table.TableSections`), which gives it `self.v`, `self.L`,
`self.words` and `_face_down_text`.
"""

from __future__ import annotations

from .model import Section


class DealStages:
    """staged_round(), packets() and bid() of the deal section."""

    def staged_round(self, deals: list, same: bool) -> str:
        """The first round, stage by stage: a lead sentence, then a sentence for each stage (with
        where the face-down table cards go if a play may come before they are turned up)."""
        L, d = self.L, self.v.deal
        hand = L.n("deal.cards", deals[0][1]) if same else L.t("deal.cards.by_table")
        tables = {table for *_, table in deals}
        table = L.n("deal.cards", deals[0][2]) if len(tables) == 1 else L.t("deal.cards.by_table")
        steps = [st.step for st in d.stages]
        first_play = steps.index("play") if "play" in steps else len(steps)
        # the face-down cards are turned up before any play: who takes them (face_down_to) never matters
        turned = "turn-up" in steps and steps.index("turn-up") < first_play
        packets = bool(d.packets) and any(d.packets < hand_size for _, hand_size, _ in deals)
        sentences = [L.t("ir.DealStage.step.deal")]
        plays = 0
        last_deal = max(i for i, st in enumerate(d.stages) if st.step == "deal") if "deal" in steps else -1
        for i, st in enumerate(d.stages):
            extra = ""
            if st.step == "deal" and st.to == "first-player":
                clause = L.n("ir.DealStage.to.first-player", st.cards)
            elif st.step == "deal" and st.to == "table":
                if not tables - {0}:
                    continue  # no table card at any table: the stage lays nothing
                clause, extra = self._staged_table(table, all(t <= d.face_down for t in tables), turned)
            elif st.step == "deal":  # each: every player up to the round's hand, from the first player
                clause = L.n("deal.stage.each.packets", d.packets, cards=hand) if packets else L.t(
                    "ir.DealStage.to.each", cards=hand)
            elif st.step == "play":
                clause = L.n("ir.DealStage.step.play" if plays else "deal.stage.play.first", st.cards)
                plays += st.cards
                if i < last_deal:  # the deal waits for these plays (engine.staging: a play stage pauses it)
                    clause = L.t("ir.DealStage.to.", text=clause)
            else:  # bid, turn-up
                clause = L.t(f"ir.DealStage.step.{st.step}")
            said = "deal.stage.then" if len(sentences) > 1 else "deal.stage.first"
            sentences.append(L.sentence(L.t(said, step=clause)) + ".")
            if extra:
                sentences.append(extra)
        return " ".join(sentences)

    def _staged_table(self, table: str, all_down: bool, turned: bool) -> tuple[str, str]:
        """The table stage's clause, and the sentence on the face-down cards when it needs one."""
        L, d = self.L, self.v.deal
        if not d.face_down:
            return L.t("ir.DealStage.to.table", cards=table), ""
        if not turned:  # lying face down when a play may capture: face_down_to says who takes them
            return L.t("deal.stage.table", cards=table), self._face_down_text()
        if all_down:  # every table card face down, at every table
            return L.t("deal.stage.table.down", cards=table), ""
        return L.n("deal.stage.table.some_down", d.face_down, cards=table), ""

    def packets(self, s: Section, deals: list, whole: list[bool]) -> None:
        """deal.packets: said where a packet is smaller than a hand; for a staged deal (whose
        `each` stage says its own packets) only of the later rounds, if there are any."""
        L, d = self.L, self.v.deal
        if not d.packets or all(d.packets >= hand for _, hand, _ in deals):
            return
        if not d.stages:
            s.p("deal.packets", L.n("deal.packets", d.packets))
        elif not all(whole):
            s.p("deal.packets", L.n("deal.packets.later", d.packets))

    def bid(self, s: Section) -> None:
        """deal.bid: what the first player may bid on, the redeal when they can bid on nothing, and
        whether the bid binds their first play (a build of the value needs capture.builds)."""
        L, bid = self.L, self.v.deal.bid
        if bid is None or not any(st.step == "bid" for st in self.v.deal.stages):
            return
        s.p("deal.bid", L.t("deal.bid", cards=self.words.cards_noun(bid.cards_text, bid.cards).pl(L)))
        s.p("deal.bid.void", L.t("deal.bid.void"))
        key = f"ir.Bid.first_play.{bid.first_play}"
        if bid.first_play == "bid-value" and self.v.capture.builds is None:
            key = "deal.bid.first_play.no_builds"
        s.p("deal.bid.first_play", L.t(key))
