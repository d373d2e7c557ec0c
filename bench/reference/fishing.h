/* The shared half of the hand-written C reference loops (escoba15.c, scopa.c):
 * random 2-player playouts of whole hands of a 40-card fishing game, the loop
 * the numba kernels are measured against (issue 17). A variant file defines
 * VARIANT, RULE_IDS, SWEEP_ON_LAST_PLAY, opening() and card_captures(), then
 * includes this file.
 *
 * Cards are indexed as the engine does: suit * 10 + rank, rank 0..9 worth
 * 1..10, suit 0 the scoring suit (oros / denari), so the 7 of coins is card 6.
 * A pile, a hand or the table is a 64-bit mask, one card a bit. Nothing is
 * allocated in the loop.
 *
 * The random stream is splitmix64; one stream per run: each hand first
 * shuffles the deck 0..39 by Fisher-Yates (i from 39 down to 1, j = floor(u *
 * (i + 1))), then every play takes the next uniform u and plays move floor(u *
 * n) of the n legal moves, in the engine's canonical order (cards ascending by
 * index, each card's captures ascending by mask, its trail when it has none).
 * tests/test_bench_reference.py replays that stream through the project's
 * interpreter and compares every hand.
 *
 *   ./prog HANDS SEED          one JSON line: timing and checksums
 *   ./prog HANDS SEED --each   also one line per hand (the test's view)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define DECK 40
#define HAND 3
#define TABLE 4
#define SUIT_MASK 0x3FFull
#define SEVEN_OF_COINS (1ull << 6)
#define MAX_MOVES 4096 /* three cards' captures: far above any table a hand reaches */

static u64 rng_state;

static inline double uniform(void) {
    u64 z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-53;
}

static inline int value_of(int card) { return card % 10 + 1; }

/* the table as a list (cards ascending by index) for the subset search */
static int tab_card[DECK], tab_value[DECK], tab_prefix[DECK + 1], tab_n;
static u64 move_capture[MAX_MOVES];
static int move_card[MAX_MOVES], n_moves;

static void load_table(u64 table) {
    tab_n = 0;
    tab_prefix[0] = 0;
    while (table) {
        int card = __builtin_ctzll(table);
        table &= table - 1;
        tab_card[tab_n] = card;
        tab_value[tab_n] = value_of(card);
        tab_prefix[tab_n + 1] = tab_prefix[tab_n] + tab_value[tab_n];
        tab_n++;
    }
}

static inline void add_move(int card, u64 capture) {
    if (n_moves >= MAX_MOVES) { fputs("too many legal moves\n", stderr); exit(2); }
    move_card[n_moves] = card;
    move_capture[n_moves++] = capture;
}

/* Every subset of the first i table cards totalling rest, added to mask, as
 * moves of `card`. Leaving out the highest card before taking it emits the
 * masks in ascending order, so no sort is needed. */
static void subsets(int i, int rest, u64 mask, int card) {
    if (!rest) {
        add_move(card, mask);
        return;
    }
    if (!i || tab_prefix[i] < rest) return;
    subsets(i - 1, rest, mask, card);
    if (tab_value[i - 1] <= rest) subsets(i - 1, rest - tab_value[i - 1], mask | 1ull << tab_card[i - 1], card);
}

/* the bitset of totals some subset of the table makes (bit t: total t) */
static u64 table_reach(void) {
    u64 reach = 1;
    for (int i = 0; i < tab_n; i++) reach |= reach << tab_value[i];
    return reach;
}


/* the variant's half: defined by the file that includes this one */
static u64 opening(u64 table);
static int card_captures(int card, u64 table, u64 reach); /* adds the card's captures; 0 if none */

static void legal_moves(u64 hand, u64 table) {
    n_moves = 0;
    load_table(table);
    u64 reach = table_reach();
    while (hand) {
        int card = __builtin_ctzll(hand);
        hand &= hand - 1;
        /* obligation played-card: a card that captures must capture */
        if (!(table && card_captures(card, table, reach))) add_move(card, 0);
    }
}

static inline u64 deal_cards(const int *deck, int *pos, int count) {
    u64 mask = 0;
    for (int i = 0; i < count; i++) mask |= 1ull << deck[(*pos)++];
    return mask;
}

typedef struct {
    int points[2][5];
    u64 piles[2];
    int sweeps[2];
} Result;

static int primiera_best[1024]; /* a suit's cards (10 bits) -> its best primiera value */
static const int PRIMIERA[10] = {16, 12, 13, 14, 15, 18, 21, 10, 10, 10};

static void init_primiera(void) {
    for (int m = 0; m < 1024; m++) {
        int best = 0;
        for (int r = 0; r < 10; r++)
            if (m >> r & 1 && PRIMIERA[r] > best) best = PRIMIERA[r];
        primiera_best[m] = best;
    }
}

/* most(), ties none: a point only for a strictly higher (eligible) side */
static inline int most(int mine, int other, int eligible_mine, int eligible_other) {
    if (!eligible_mine) return 0;
    return !eligible_other || mine > other;
}

static void score(Result *r) {
    int cards[2], coins[2], prim[2], four[2];
    for (int s = 0; s < 2; s++) {
        u64 p = r->piles[s];
        cards[s] = __builtin_popcountll(p);
        coins[s] = __builtin_popcountll(p & SUIT_MASK);
        prim[s] = 0;
        four[s] = 1;
        for (int suit = 0; suit < 4; suit++) {
            int m = (int)(p >> (10 * suit) & SUIT_MASK);
            prim[s] += primiera_best[m];
            four[s] &= m != 0;
        }
    }
    for (int s = 0; s < 2; s++) {
        int o = 1 - s;
        r->points[s][0] = most(cards[s], cards[o], 1, 1);
        r->points[s][1] = most(coins[s], coins[o], 1, 1);
        r->points[s][2] = (r->piles[s] & SEVEN_OF_COINS) != 0;
        r->points[s][3] = most(prim[s], prim[o], four[s], four[o]); /* eligible: all four suits */
        r->points[s][4] = r->sweeps[s];
    }
}

/* One hand, dealer seat 0: seat 1 is dealt first and plays first (after-dealer,
 * the same leader every round), the table after the first round's hands, rounds
 * of 3 each until the stock is out (2 x 3 x 6 + 4 = 40: no remainder). */
static void play_hand(const int *deck, Result *r) {
    int pos = 0, last = -1, seat = 1, in_hands = 2 * HAND;
    u64 hand[2], table;
    memset(r, 0, sizeof *r);
    hand[1] = deal_cards(deck, &pos, HAND);
    hand[0] = deal_cards(deck, &pos, HAND);
    table = opening(deal_cards(deck, &pos, TABLE));
    for (;;) {
        legal_moves(hand[seat], table);
        int k = (int)(uniform() * n_moves);
        u64 bit = 1ull << move_card[k], capture = move_capture[k];
        hand[seat] ^= bit;
        in_hands--;
        if (capture) {
            table ^= capture;
            r->piles[seat] |= capture | bit;
            last = seat;
            if (!table && (SWEEP_ON_LAST_PLAY || in_hands || pos < DECK)) r->sweeps[seat]++;
        } else {
            table |= bit;
        }
        if (in_hands) {
            seat ^= 1;
        } else if (pos < DECK) {
            hand[1] = deal_cards(deck, &pos, HAND);
            hand[0] = deal_cards(deck, &pos, HAND);
            in_hands = 2 * HAND;
            seat = 1;
        } else {
            break;
        }
    }
    if (last >= 0) r->piles[last] |= table; /* leftovers to the last capturer, never a sweep */
    score(r);
}

static void shuffle(int *deck) {
    for (int i = 0; i < DECK; i++) deck[i] = i;
    for (int i = DECK - 1; i > 0; i--) {
        int j = (int)(uniform() * (i + 1));
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s HANDS SEED [--each]\n", argv[0]); return 1; }
    long hands = strtol(argv[1], NULL, 10);
    rng_state = strtoull(argv[2], NULL, 10);
    int each = argc > 3 && !strcmp(argv[3], "--each");
    static const char *rules[5] = RULE_IDS;
    long long by_rule[2][5] = {{0}}, points[2] = {0}, sweeps[2] = {0};
    int deck[DECK];
    Result r;
    init_primiera();
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long h = 0; h < hands; h++) {
        shuffle(deck);
        play_hand(deck, &r);
        for (int s = 0; s < 2; s++) {
            for (int i = 0; i < 5; i++) { by_rule[s][i] += r.points[s][i]; points[s] += r.points[s][i]; }
            sweeps[s] += r.sweeps[s];
        }
        if (each) {
            for (int s = 0; s < 2; s++)
                for (int i = 0; i < 5; i++) printf("%d ", r.points[s][i]);
            printf("%llu %llu %d %d\n", (unsigned long long)r.piles[0], (unsigned long long)r.piles[1],
                   r.sweeps[0], r.sweeps[1]);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("{\"variant\": \"%s\", \"hands\": %ld, \"seed\": %llu, \"seconds\": %.9f, \"hands_per_s\": %.1f, "
           "\"points\": [%lld, %lld], \"sweeps\": [%lld, %lld], \"rules\": [",
           VARIANT, hands, (unsigned long long)strtoull(argv[2], NULL, 10), seconds, seconds > 0 ? hands / seconds : 0.0, points[0], points[1],
           sweeps[0], sweeps[1]);
    for (int i = 0; i < 5; i++) printf("%s\"%s\"", i ? ", " : "", rules[i]);
    printf("], \"points_by_rule\": [");
    for (int s = 0; s < 2; s++) {
        printf("%s[", s ? ", " : "");
        for (int i = 0; i < 5; i++) printf("%s%lld", i ? ", " : "", by_rule[s][i]);
        printf("]");
    }
    printf("]}\n");
    return 0;
}
