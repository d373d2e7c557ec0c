"""Pişti against lanxaustralis/rlcard-pisti, deal by deal (a driver kept outside the package, not shipped).

lanxaustralis/rlcard-pisti (https://github.com/lanxaustralis/rlcard-pisti, commit 30b4edf,
MIT as RLCard) adds a two-player Pişti to RLCard: `rlcard/games/pisti/`, which
needs numpy only. This driver plays the same deals in it and in escoba-spec's
`rules/pisti.yaml` with the option that engine follows (a pişti on the hand's
last card counted), and at every turn compares the hand of the player to play
(its legal actions are the hand's cards) with the cards ours lets them play and
the face-up pile, bottom to top; it plays one card, drawn by a seeded generator,
in both; at the end of the hand it compares each player's cards taken and
points (cards and piştis), and who gets the 3 for most cards.

    git clone https://github.com/lanxaustralis/rlcard-pisti /tmp/rlcard-pisti
    python fidelity/pisti_rlcard.py /tmp/rlcard-pisti --deals 5000

Deals where that engine has no rule of ours to meet are left out and counted:
a jack dealt face up to start the pile (it plays on; ours covers it, or puts it
under the stock, as the sources say) and a jack at the bottom of the stock (ours
turns the bottom card up and replaces a jack). Two known differences are
reported as such, not as disagreements: most cards tied 26-26 (that engine gives
the 3 to the first player, ours to nobody, as every source says) and leftovers
when nobody captured in the hand (that engine gives them to the last player).
"""

from __future__ import annotations

import argparse
import random
import sys
import types
from pathlib import Path

from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import HandState
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant

RULES = Path(__file__).resolve().parent.parent / "rules" / "pisti.yaml"
#: the option that engine follows: PistiPlayer.collect_cards scores a pişti whatever card it is
OPTIONS = {"last-play": "counted"}
SUITS = {"CLUBS": "c", "HEARTS": "h", "SPADES": "s", "DIAMONDS": "d"}
CARD_RULES = ("ten-of-diamonds", "two-of-clubs", "aces", "jacks", "pisti", "jack-pisti")


class Differs(Exception):
    """The engines part: the deal stops here and the difference is reported."""


class _NoShuffle:
    """Stands for the engine's numpy generator: the deck stays in the order given."""

    def shuffle(self, cards) -> None:
        pass


def load_engine(root: Path):
    """The engine's game and card classes, without the rest of RLCard (its package `__init__`
    imports every environment): the two parent packages are made empty here."""
    for name, sub in (("rlcard", "rlcard"), ("rlcard.games", "rlcard/games")):
        module = types.ModuleType(name)
        module.__path__ = [str(root / sub)]
        sys.modules[name] = module
    from rlcard.games.pisti.pisti_card import PistiCard
    from rlcard.games.pisti.pisti_game import PistiGame

    return PistiGame, PistiCard


def our_text(card) -> str:
    rank = "A" if card.rank == "ACE" else card.rank
    return rank + SUITS[card.suit]


def playable(deck_texts: list[str]) -> bool:
    """Whether the deal has nothing the other engine lacks a rule for (see the module's text)."""
    return not deck_texts[3].startswith("J") and not deck_texts[-1].startswith("J")


def play_deal(PistiGame, PistiCard, rs, deal: int, seed: int) -> dict:
    cards = rs.cards
    rng = random.Random(seed)
    theirs = PistiCard.get_deck()
    rng.shuffle(theirs)
    order = [our_text(c) for c in theirs]
    if not playable(order):
        return {"skipped": True}
    by_text = {our_text(c): c for c in theirs}
    original = PistiCard.get_deck
    PistiCard.get_deck = staticmethod(lambda: list(theirs))
    try:
        game = PistiGame(num_players=2)
        game.np_random = _NoShuffle()
        game.init_game()
    finally:
        PistiCard.get_deck = original
    state = HandState.deal(rs, [cards.parse(t) for t in order], players=2, dealer=1)
    moves_rng = random.Random(seed ^ 0x5EED)
    turn = 0

    def where(text: str) -> str:
        return f"deal {deal} (seed {seed}), turn {turn}: {text}"

    while True:
        legal = game.get_legal_actions()  # deals the next round when the hands are empty
        if game.is_over():
            break
        seat = game.get_player_id()
        if state.over or seat != state.to_play:
            raise Differs(where(f"seat {seat} to play there, {'none' if state.over else state.to_play} here"))
        hand = sorted(our_text(c) for c in legal)
        if hand != sorted(cards.texts(state.hands[seat])):
            raise Differs(where(f"hand {hand} there, {sorted(cards.texts(state.hands[seat]))} here"))
        ours = state.legal_moves()
        if sorted({cards.text(m.card) for m in ours}) != hand:
            raise Differs(where(f"playable cards {hand} there, {sorted({cards.text(m.card) for m in ours})} here"))
        pile = [our_text(c) for c in game.dealer.current_stock_pile]
        if pile != [cards.text(c) for c in state.stack]:
            raise Differs(where(f"pile {pile} there, {[cards.text(c) for c in state.stack]} here"))
        move = ours[moves_rng.randrange(len(ours))]
        state.apply(move)
        game.step(by_text[cards.text(move.card)])
        turn += 1
    if not state.over:
        raise Differs(where("the hand is over there, not here"))
    score = state.result.score
    taken = [p.bit_count() for p in state.result.piles]
    their_taken = [p.get_collected_num() for p in game.players]
    nobody_captured = state.last_capturer < 0
    if taken != their_taken and not nobody_captured:
        raise Differs(where(f"cards taken {their_taken} there, {taken} here"))
    mine = [sum(score.points[s].get(r, 0) for r in CARD_RULES) for s in range(2)]
    there = [p.get_score() for p in game.players]
    if mine != there and not nobody_captured:
        raise Differs(where(f"card and pişti points {there} there, {mine} here"))
    payoffs = game.get_all_payoffs()
    majority_there = [payoffs[s] - there[s] for s in range(2)]
    majority_here = [score.points[s].get("majority", 0) for s in range(2)]
    tie = taken[0] == taken[1]
    if majority_here != majority_there and not tie and not nobody_captured:
        raise Differs(where(f"most cards {majority_there} there, {majority_here} here"))
    return {"turns": turn, "tie": tie and majority_here != majority_there, "nobody": nobody_captured,
            "piştis": sum(score.points[s].get("pisti", 0) // 10 + score.points[s].get("jack-pisti", 0) // 20
                          for s in range(2))}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", type=Path, help="a checkout of lanxaustralis/rlcard-pisti")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine-of-ours", choices=("kernel", "interpreted"), default="interpreted")
    args = parser.parse_args(argv)
    PistiGame, PistiCard = load_engine(args.engine)
    variant = load_variant(RULES, OPTIONS)
    rs = Interpreter(variant) if args.engine_of_ours == "interpreted" else load_kernel(variant).ruleset()
    counts = {"agree": 0, "differ": 0, "skipped": 0, "turns": 0, "tie": 0, "nobody": 0, "piştis": 0}
    for deal in range(args.deals):
        seed = args.seed * 1_000_003 + deal
        try:
            done = play_deal(PistiGame, PistiCard, rs, deal, seed)
        except Differs as exc:
            counts["differ"] += 1
            print("DIFFERS", exc)
            continue
        if done.get("skipped"):
            counts["skipped"] += 1
            continue
        counts["agree"] += 1
        for key in ("turns", "tie", "nobody", "piştis"):
            counts[key] += int(done[key])
    print(f"{args.deals} deals: {counts['agree']} agree, {counts['differ']} differ, {counts['skipped']} left out "
          f"(a jack face up to start, or at the bottom); {counts['turns']} plays compared, {counts['piştis']} "
          f"piştis; known differences: {counts['tie']} ties for most cards scored by that engine, "
          f"{counts['nobody']} hands where nobody captured")
    return 1 if counts["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
