/* Escoba de 15 (rules/escoba-de-15.yaml, default options), 2 players: a played
 * card takes any set of table cards that totals 15 with it (capture: sum,
 * targets [15], obligation played-card); an opening table with some cards
 * totalling 15 (trigger contains-capture) is set aside, nobody's, no sweep
 * (action set-aside); a sweep counts on every play, the last one too. Scoring:
 * most cards, most oros, the 7 of oros, the setenta among sides holding all
 * four suits (primiera values 16 12 13 14 15 18 21 10 10 10), one point per
 * escoba; ties: none. */
#define VARIANT "escoba-de-15"
#define RULE_IDS {"most-cards", "most-oros", "siete-de-velo", "setenta", "escobas"}
#define SWEEP_ON_LAST_PLAY 1
#include "fishing.h"

#define TARGET 15

static u64 opening(u64 table) {
    load_table(table);
    return table_reach() >> TARGET & 1 ? 0 : table;
}

static int card_captures(int card, u64 table, u64 reach) {
    (void)table;
    int need = TARGET - value_of(card);
    if (!(reach >> need & 1)) return 0;
    subsets(tab_n, need, 0, card);
    return 1;
}
