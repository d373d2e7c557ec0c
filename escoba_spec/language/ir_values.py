"""The closed vocabularies of the IR: each set of values a field of `ir` may take.

Kept apart from the dataclasses so that `ir.py` reads as the shape of a variant; `ir`
imports every name here, and the rulebook's coverage reads the values through the
dataclasses' type hints, so a value added here must be worded there.
"""

from __future__ import annotations

from typing import Literal

Direction = Literal["clockwise", "counterclockwise"]
#: sum and match: a capture rule of the seeds, said in one field (each stands for
#: a list of capture kinds); kinds: the file lists its capture kinds itself
CaptureMode = Literal["sum", "match", "kinds"]
#: what a capture kind takes: one table card of the played card's rank; one of its
#: capture value; table cards adding up to its value; table cards making a target
#: with it; the whole table
Take = Literal["equal-rank", "equal-value", "sum", "sum-with-played", "whole-table"]
#: a capture kind takes one set of table cards, or several disjoint sets at once
Sets = Literal["one", "many", "all", "maximal"]
#: a card that can take the whole table, played to an empty table: laid there, or kept in the pile
EmptyTable = Literal["lay", "keep"]
#: the rules applied in order over the captures a played card has (see Capture.priority)
PriorityRule = Literal["prefer", "always", "one-card-first", "fewest-cards", "most-cards", "sweep"]
Obligation = Literal["none", "played-card", "any-card"]
#: an obligation step looks at each card on its own, or at the whole hand; it makes a capture
#: compulsory, or clearing the table
ObligationScope = Literal["played-card", "any-card"]
ObligationMust = Literal["capture", "sweep"]
OpeningTrigger = Literal["never", "contains-capture", "total"]
OpeningAction = Literal["play-on", "set-aside", "redeal", "capture"]
Taker = Literal["dealer", "first-player"]
StockRemainder = Literal["none", "to-table", "set-aside", "to-hands"]
#: what the first round of a hand deals first
DealOrder = Literal["hands-first", "table-first"]
#: spread: the table's cards lie face up side by side, a capture takes some of them; stack: one
#: face-up pile, matched by its top card only, a capture takes all of it
TableLayout = Literal["spread", "stack"]
#: how a side's captures lie: face down (hidden), or in one pile topped by its last capturing card, face up
PileTop = Literal["hidden", "shown"]
#: where a capture kind takes from: the table, or a pile: any other side's, or the next player's side's
KindFrom = Literal["table", "other-piles", "next-pile"]
#: who takes the face-down cards of a spread table: the hand's first capturer, the last (with the
#: leftovers), or nobody (on a stack they lie under the pile, and go with its first capture)
FaceDownTo = Literal["first-capturer", "last-capturer", "nobody"]
#: the stock's bottom card: face down like the rest, or face up for every seat to see
BottomCard = Literal["hidden", "shown"]
#: where a dealt card that may not lie there was dealt: the opening table, or the stock's bottom
ReplaceWhere = Literal["table", "bottom"]
#: where a table card that may not lie there goes: under the stock, or into its middle (the next
#: stock card taking its place); or it stays on a stack, covered by the next face-down card turned up
ReplaceTo = Literal["stock-bottom", "stock-middle", "covered"]
TiePolicy = Literal["none", "all", "split", "carry"]
#: the kinds of citation, each named by the field that says what is cited
SOURCE_KINDS = ("seed", "url", "book", "repository", "note")
Effect = Literal["points", "win-match", "lose-match"]

#: after each round of the deal, or only the first round of a hand
DeclarationCheck = Literal["every-round", "first-round"]
#: every declaration that holds scores, or only the one worth most (per seat and round)
DeclarationKeep = Literal["all", "best"]
#: points; that many sweeps (Cirulla's bonuses are scope); the match, at once
DeclarationEffect = Literal["points", "sweeps", "win-match"]

#: reach: the first side to the target wins; avoid: a side reaching it is out (with two
#: sides, it loses), and the last side left wins; lead: a side leading every other by the
#: target at the end of a hand wins (Seep's baazi)
Goal = Literal["reach", "avoid", "lead"]
#: end-of-hand: the target is looked at when a hand is over; at-once: also the moment
#: points scored during play (scoring.events) reach it, ending the hand there
MatchCheck = Literal["end-of-hand", "at-once"]
#: with goal avoid: sides reaching the target drop out until one is left (last-left), or the
#: match ends the first time a side reaches it, the lowest total winning (first-out)
AvoidEnds = Literal["last-left", "first-out"]
