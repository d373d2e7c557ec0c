/* Scopa (rules/scopa.yaml, default options), 2 players: a played card takes a
 * table card of its value, and only when there is none a set of table cards
 * whose values add up to its own (capture: match, single_card_first,
 * obligation played-card); the opening table is always played on (trigger
 * never); clearing the table with the hand's last play is no scopa
 * (not_on_last_play). Scoring: most cards, most denari, the settebello, the
 * primiera among sides holding all four suits (16 12 13 14 15 18 21 10 10 10),
 * one point per scopa; ties: none. */
#define VARIANT "scopa"
#define RULE_IDS {"most-cards", "most-denari", "settebello", "primiera", "scope"}
#define SWEEP_ON_LAST_PLAY 0
#include "fishing.h"

static u64 opening(u64 table) { return table; }

static int card_captures(int card, u64 table, u64 reach) {
    int value = value_of(card);
    u64 equal = table & (0x0040100401ull << (value - 1)); /* the table's cards of this rank, one per suit */
    if (equal) {
        while (equal) {
            add_move(card, equal & -equal);
            equal &= equal - 1;
        }
        return 1;
    }
    if (!(reach >> value & 1)) return 0;
    subsets(tab_n, value, 0, card);
    return 1;
}
