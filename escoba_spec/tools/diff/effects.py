"""What each part of a variant can change in play: the effect kinds a difference carries.

A stated difference carries the kinds of effect it can have; a divergence
of play has a kind; a divergence is explained by the differences that carry
the kind it needs (`EXPLAINS`).
"""

DEAL = "deal"  # the dealt position (hands, table, opening table, later rounds)
LEGAL = "legal moves"  # which plays are allowed
CAPTURES = "captures"  # what a card may take
SWEEPS = "sweeps"  # what a capture that empties the table scores
POINTS = "hand points"
MATCH = "match end"
SEEN = "what bots see"  # the information a bot chooses from
CHECK = "leftover check"
TABLES = "tables that can play"
NAMES = "card names"

KINDS = (DEAL, LEGAL, CAPTURES, "chosen move", SWEEPS, POINTS, MATCH)
#: the effect kind a stated difference needs to explain each kind of divergence
EXPLAINS = {DEAL: DEAL, LEGAL: LEGAL, CAPTURES: CAPTURES, "chosen move": SEEN, SWEEPS: SWEEPS, POINTS: POINTS,
            MATCH: MATCH}

#: what a change to the deal or the capture rule can reach
PLAY = (DEAL, LEGAL, CAPTURES, SWEEPS, POINTS)
_OPENING = (DEAL, SWEEPS, POINTS)
_SWEEP = (SWEEPS, POINTS)

#: every plain IR field compared by the walk: its words and what it can affect
FIELDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "players.direction": ("direction of play (seats are numbered in playing order)", ()),
    "deal.hand_size": ("cards dealt to each hand", PLAY),
    "deal.table_cards": ("cards dealt face up to the table", PLAY),
    "deal.first_player": ("first player", (DEAL,)),
    "deal.dealer_rotation": ("the next dealer", (DEAL,)),
    "deal.round_dealer": ("who deals the later rounds of a hand, and so who leads them", (DEAL,)),
    "deal.stock_remainder": ("stock cards that cannot fill a round", PLAY),
    "deal.order": ("what the first round deals first, the hands or the table", (DEAL,)),
    "deal.first_lead": ("cards the first player may not lead on a hand's first play", (LEGAL, CAPTURES)),
    "deal.redeal": ("conditions on the opening table that void the deal", (DEAL,)),
    "deal.face_down": ("table cards dealt face down", (*PLAY, SEEN)),
    "deal.face_down_to": ("who takes the cards dealt face down", (POINTS,)),
    "deal.bottom_card": ("the stock's bottom card", (SEEN,)),
    "deal.replace": ("dealt cards put back and replaced", (DEAL,)),
    # a staged first round: its deal, its bid (a move of its own) and its plays before the rest is dealt
    "deal.stages": ("the first round's stages", PLAY),
    "deal.packets": ("cards dealt to a player at a time", (DEAL,)),
    "deal.bid": ("the first player's bid", (DEAL, LEGAL, CAPTURES)),
    "deal.bid.cards": ("cards whose value the first player may bid (none held: the deal is void)", (DEAL, LEGAL)),
    "deal.bid.first_play": ("the first player's first play, after the bid", (LEGAL, CAPTURES)),
    "table.layout": ("the table (a spread, or a stack matched by its top card)", PLAY),
    "piles.top": ("the piles (face down, or topped face up by their last capturing card)", (LEGAL, CAPTURES, SEEN)),
    "deal.opening.trigger": ("opening table trigger", _OPENING),
    "deal.opening.targets": ("the totals the opening table is measured against", _OPENING),
    "deal.opening.multiples": ("opening table multiples", _OPENING),
    "deal.opening.partition": ("opening table must split into groups of the target", _OPENING),
    "deal.opening.action": ("opening table action", _OPENING),
    "deal.opening.taker": ("taker of the opening table", _OPENING),
    "deal.opening.sweeps": ("the opening table counts as sweeps", _OPENING),
    "declarations.wild_opening": ("the wild card is wild on the opening table", _OPENING),
    "capture.mode": ("capture mode", (LEGAL, CAPTURES, SWEEPS)),
    "capture.targets": ("capture targets", (DEAL, LEGAL, CAPTURES, SWEEPS)),
    "capture.single_card_first": ("a single equal card must be taken before a sum", (LEGAL, CAPTURES)),
    "capture.obligation": ("capture obligation", (LEGAL,)),
    "capture.obligations": ("capture obligation (its steps)", (LEGAL,)),
    "capture.missed_capture_claim": ("the next player may claim a missed capture", (LEGAL, CAPTURES)),
    "capture.kinds": ("capture kinds (compared by id)", (LEGAL, CAPTURES, SWEEPS, POINTS)),
    "capture.priority": ("capture priority", (LEGAL, CAPTURES)),
    "capture.builds": ("plays may build", (LEGAL, CAPTURES, SWEEPS, POINTS)),
    "sweeps.enabled": ("sweeps score", _SWEEP),
    "sweeps.weight_by_target": ("a sweep counts once per lowest target it makes", _SWEEP),
    "sweeps.not_on_last_play": ("no sweep on the last play of the hand", _SWEEP),
    "sweeps.not_with_joker": ("no sweep with a joker", _SWEEP),
    "sweeps.weight_text": ("what a sweep counts by its play", _SWEEP),  # said as sweeps.weight
    "end_of_deal.leftovers_to": ("the leftovers go to", (CAPTURES, POINTS)),  # the last play's piles
    "end_of_deal.leftovers_sweep": ("taking the leftovers is a sweep", _SWEEP),
    "end_of_deal.check": ("leftover check", (CHECK,)),
    "end_of_deal.check.totals": ("leftover totals checked", (CHECK,)),
    "end_of_deal.check.modulus": ("leftover check modulus", (CHECK,)),
    "end_of_deal.penalty": ("penalty for a wrong leftover total", (POINTS, MATCH)),
    "end_of_deal.penalty.loses_match": ("the side at fault loses the match", (MATCH,)),
    "end_of_deal.penalty.points_to_opponents": ("penalty points to the opponents", (POINTS, MATCH)),
    "end_of_deal.penalty.opponents_add_sweeps": ("the opponents also score the faulty side's sweeps", (POINTS, MATCH)),
    "end_of_deal.penalty.points_lost": ("penalty points lost", (POINTS, MATCH)),
    "end_of_deal.penalty.points_lost_add_sweeps": ("the side at fault also loses its sweeps", (POINTS, MATCH)),
    "match.target": ("match target", (MATCH,)),
    "match.both_past_target": ("several sides past the target", (MATCH,)),
    "match.tie": ("a tie at the top", (MATCH,)),
    # where points are avoided, the greedy and heuristic bots play the move they would rate lowest
    "match.goal": ("the match's goal (reach the target, avoid it, or lead by it)", (MATCH, SEEN)),
    "match.avoid_ends": ("how a match of goal avoid ends (the last side left, or the first side out)", (MATCH,)),
    "match.check": ("when the target is looked at", (POINTS, MATCH)),
    "match.games": ("games that win the match (a set)", (MATCH,)),
    "match.shutout": ("a game lost with fewer points loses the set", (MATCH,)),
    "visibility.open_hands": ("every hand played face up", (SEEN,)),
}
SECTIONS = ("players", "deal", "table", "piles", "capture", "sweeps", "end_of_deal", "match", "visibility")
#: citations; layouts are compared as a set; the first lead is compared by its mask and told by its text
SKIP = {"sources", "layouts", "first_lead_not", "first_lead_text", "weight"}  # sweeps.weight: by its text
