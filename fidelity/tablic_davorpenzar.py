"""Tablić against DavorPenzar/tablic, deal by deal (a driver kept outside the package, not shipped).

DavorPenzar/tablic (https://github.com/DavorPenzar/tablic, commit 4544dc0) is a
Python engine of the Croatian/Serbian Tablić: two or more players each for
themselves, one hand, the deck injectable, every move asked of a player object.
This driver plays the same deals in it and in escoba-spec's `rules/tablic.yaml`
under the options that engine follows (leftovers to the last capturer, a tabla
with the hand's last card counted), and at every turn compares:

  - the hands and the table;
  - the legal moves: for every card in hand, every capture the engine allows
    (`unijeDisjunktnih(moguciPotezi(stol)[znak])`) against ours;

then plays one move, drawn from ours by a seeded generator, in both (the engine
checks it with its own `__legalniPotez`); at the end of the hand it compares
each player's card points, tablas and whether they alone hold most cards.

    git clone https://github.com/DavorPenzar/tablic /tmp/tablic && git -C /tmp/tablic checkout 4544dc0
    pip install six
    python fidelity/tablic_davorpenzar.py /tmp/tablic --deals 2000

It prints one line per difference (none expected) and a summary; exit 1 when
any deal differs. The two engines deal differently (it gives one card at a
time round the table, we give each hand its six at once), so the driver builds
our deck order from its: the same cards reach the same hands and the table.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from escoba_spec.engine import HandState
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.moves import Move
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.language.validate import load_variant

RULES = Path(__file__).resolve().parent.parent / "rules" / "tablic.yaml"
#: the options that engine follows: engine.py's __zavrsi gives the leftovers to `zadnji`, the last
#: capturer; __provjeriTablu counts every capture that leaves the table empty
OPTIONS = {"leftovers": "last-capturer", "last-tabla": "counted"}
SUITS = {"HERC": "h", "PIK": "s", "KARO": "d", "TREF": "c"}
RANKS = {"A": "A", "J": "J", "Q": "Q", "K": "K", **{f"BR{n}": str(n) for n in range(2, 11)}}


class Differs(Exception):
    """The engines part: the deal stops here and the difference is reported."""


def our_text(karta) -> str:
    return RANKS[karta.znak.name] + SUITS[karta.boja.name]


def play_deal(Tablic, Karta, unions, rs, deal: int, seed: int, players: int = 2) -> dict:
    """One deal in both engines; the facts compared at the end. Raises Differs on the first difference."""
    cards = rs.cards
    rng = random.Random(seed)
    theirs = list(Karta.noviSpil())
    rng.shuffle(theirs)
    by_text = {our_text(k): k for k in theirs}
    order = [our_text(k) for k in theirs]
    # theirs: 4 to the table, then one card at a time round the players, six rounds a deal
    ours = order[:4]
    rest = order[4:]
    per_deal = 6 * players
    for start in range(0, len(rest), per_deal):
        block = rest[start:start + per_deal]
        for seat in range(players):
            ours += block[seat::players]
    state = HandState.deal(rs, [cards.parse(t) for t in ours], players=players, dealer=players - 1)
    moves_rng = random.Random(seed ^ 0x5EED)
    turns = [0]

    def where(text: str) -> str:
        return f"deal {deal} (seed {seed}), turn {turns[0]}: {text}"

    class Driven(Tablic.Igrac):
        def hocuRazlog(self):
            return True

        def saznajBrojIgraca(self, n, imena):
            pass

        def saznajNovoDijeljenje(self, ruka, stol):
            pass

        def vidiPotez(self, i, ruka, stol, karta, skupljeno):
            pass

        def saznajRezultat(self, rezultat):
            pass

        def odigraj(self, ruka, stol, ponovi=False):
            if ponovi:
                raise Differs(where(f"the engine refused our move: {ponovi}"))
            seat = state.to_play
            if seat != self.dohvatiIndeks():
                raise Differs(where(f"seat {self.dohvatiIndeks()} to play there, seat {seat} here"))
            hand = sorted(our_text(k) for k in ruka)
            table = sorted(our_text(k) for k in stol)
            if hand != sorted(cards.texts(state.hands[seat])) or table != sorted(cards.texts(state.table)):
                raise Differs(where(f"hand {hand} / table {table} there, {sorted(cards.texts(state.hands[seat]))} "
                                    f"/ {sorted(cards.texts(state.table))} here"))
            possible = Tablic.moguciPotezi(stol)
            their_moves = set()
            for karta in ruka:
                for taken in unions(possible[karta.znak]) if karta.znak in possible else [frozenset()]:
                    their_moves.add((our_text(karta), frozenset(our_text(k) for k in taken)))
            legal = state.legal_moves()
            our_moves = {(cards.text(m.card), frozenset(cards.texts(m.capture))) for m in legal}
            if their_moves != our_moves:
                only_there = sorted(f"{c}+{'+'.join(sorted(t))}" for c, t in their_moves - our_moves)
                only_here = sorted(f"{c}+{'+'.join(sorted(t))}" for c, t in our_moves - their_moves)
                raise Differs(where(f"legal moves differ on table {table}: only there {only_there[:6]}, "
                                    f"only here {only_here[:6]}"))
            move: Move = legal[moves_rng.randrange(len(legal))]
            state.apply(move)
            turns[0] += 1
            return by_text[cards.text(move.card)], {by_text[t] for t in cards.texts(move.capture)}

    game = Tablic(theirs)
    for seat in range(players):
        game.dodajIgraca(Driven, ime=f"seat {seat}")
    game.igraj()
    if not state.over:
        raise Differs(where("the hand is over there, not here"))
    result = game.dohvatiRezultat()
    score = state.result.score
    card_rules = ("honours", "tens", "ten-of-diamonds", "two-of-clubs")
    for seat in range(players):
        mine = score.points[seat]
        there = result[seat]
        facts_here = (sum(mine.get(r, 0) for r in card_rules), mine.get("tablas", 0), mine.get("most-cards", 0) == 3)
        facts_there = (there["skupljeno"], there["table"], there["max"][0])
        if facts_here != facts_there:
            raise Differs(where(f"seat {seat} scores (card points, tablas, most cards) {facts_there} there, "
                                f"{facts_here} here"))
    return {"turns": turns[0], "tablas": sum(r["table"] for r in result)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", type=Path, help="a checkout of DavorPenzar/tablic")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="2, 3 or 4, each for themselves")
    parser.add_argument("--engine-of-ours", choices=("kernel", "interpreted"), default="interpreted")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.engine))
    from engine import Tablic  # noqa: E402  (theirs: a checkout given on the command line)
    from karta import Karta
    from skupovi import unijeDisjunktnih

    variant = load_variant(RULES, OPTIONS)
    rs = Interpreter(variant) if args.engine_of_ours == "interpreted" else load_kernel(variant).ruleset()
    differing = turns = tablas = 0
    for deal in range(args.deals):
        seed = args.seed * 1_000_003 + deal
        try:
            done = play_deal(Tablic, Karta, unijeDisjunktnih, rs, deal, seed, args.players)
        except Differs as exc:
            differing += 1
            print("DIFFERS", exc)
            continue
        turns += done["turns"]
        tablas += done["tablas"]
    print(f"{args.deals} deals, {args.players} players, {turns} moves compared (each with every legal move), "
          f"{tablas} tablas: {args.deals - differing} agree, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
