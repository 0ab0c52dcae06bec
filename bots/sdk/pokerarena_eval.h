/*
 * pokerarena_eval.h - hand evaluation and equity for bot plugins. Plain C99.
 *
 * The C face of pokerarena's C++ evaluator (evaluator/): the same tables and the same code,
 * so a hand value here is the value the simulator computes at showdown, and an equity is
 * the one `pokerarena equity` and the built-in `equity` bot compute. Link the static library
 * built with the project (docs/bot-sdk.md, "Hand strength and equity"):
 *
 *     cc -std=c99 -O2 -shared -fPIC -I pokerarena/bots/sdk my_bot.c -o my_bot.so \
 *        -L pokerarena/build/bots -lpokerarena_sdk -ltbb -lhwy -lstdc++ -lm
 *
 * Cards are uint8_t 0..51, card = 4 * rank + suit, as in pokerarena_bot.h (rank 0 = deuce ..
 * 12 = ace; suits clubs, diamonds, hearts, spades).
 *
 * Guarantees
 * - A hand value is a 16-bit number: higher is stronger, and two hands of 5, 6 or 7 cards have
 *   equal values exactly when they tie (the value of 6 or 7 cards is that of their best five).
 *   value >> 12 is the category (PA_HIGH_CARD 1 .. PA_STRAIGHT_FLUSH 9); 0 is never a hand.
 * - Nothing here keeps state between calls, allocates in the evaluation functions, or reads a
 *   clock: every function may be called from any number of threads at once, and the same
 *   arguments give the same answer (pa_equity's Monte Carlo included: its randomness is the
 *   caller's `seed` alone, so a bot that derives it from the seed its create() was given stays
 *   deterministic, as the host requires).
 * - No C++ exception leaves a function: errors are return values.
 * - The library's own symbols are hidden: linked into a plugin, it exports nothing and cannot
 *   clash with the host's evaluator or another plugin's copy.
 */
#ifndef POKERARENA_EVAL_H
#define POKERARENA_EVAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Hand categories: pa_evaluate(...) >> 12. */
#define PA_HIGH_CARD 1
#define PA_ONE_PAIR 2
#define PA_TWO_PAIR 3
#define PA_THREE_OF_A_KIND 4
#define PA_STRAIGHT 5
#define PA_FLUSH 6
#define PA_FULL_HOUSE 7
#define PA_FOUR_OF_A_KIND 8
#define PA_STRAIGHT_FLUSH 9

/* The value of exactly seven cards, unchecked: one hand (pa_evaluate7_batch for many). The
 * cards must be seven distinct cards 0..51 (anything else gives a meaningless value). */
uint16_t pa_evaluate7(const uint8_t cards[7]);

/* Seven cards in eight bytes, cards[7] being padding that is ignored: the layout the SIMD
 * kernels load a whole hand at a time from. */
typedef struct PaSevenCards {
    uint8_t cards[8];
} PaSevenCards;

/* The values of `count` hands, unchecked: out[i] = pa_evaluate7(hands[i].cards) for every
 * i < count. The call for many hands at once (a range against a board, a table of holdings):
 * it runs the widest SIMD kernel this CPU has, chosen at run time, and gives the same values
 * on every CPU. Every hand must hold seven distinct cards 0..51 in cards[0..6], and `out` must
 * not overlap `hands`. */
void pa_evaluate7_batch(const PaSevenCards* hands, size_t count, uint16_t* out);

/* The value of `count` cards (5, 6 or 7), checked: 0 when count is out of range, a card is not
 * 0..51 or a card appears twice. */
uint16_t pa_evaluate(const uint8_t* cards, int count);

/* Which of two players wins a showdown on `board` (3, 4 or 5 cards): 1 when hole_a's best hand
 * is stronger, -1 when hole_b's is, 0 for a tie (a split pot), PA_COMPARE_INVALID when a card
 * is not 0..51, appears twice among the nine, or board_count is not 3..5. */
#define PA_COMPARE_INVALID (-2)
int pa_compare(const uint8_t hole_a[2], const uint8_t hole_b[2], const uint8_t* board,
               int board_count);

/* "Two Pair, Kings and Sevens", written NUL-terminated into out[0..out_size) (cut to fit).
 * Returns the length of the whole description (as snprintf does); a value that is no hand
 * gives "invalid hand value". */
size_t pa_describe(uint16_t value, char* out, size_t out_size);

/* All-in equity: the hero's share of the pot when the board is dealt out, against opponents
 * whose hole cards are known (`villains`) and opponents holding random unseen cards. */
#define PA_EQUITY_AUTO 0        /* exact when it is cheap (see exact_limit), else Monte Carlo */
#define PA_EQUITY_EXACT 1       /* enumerate every deal */
#define PA_EQUITY_MONTE_CARLO 2 /* sample `samples` deals */

#define PA_MAX_PLAYERS 10 /* the hero and at most 9 opponents */

typedef struct PaEquityRequest {
    uint8_t hero[2];
    uint8_t board[5];         /* the first board_count are dealt */
    int32_t board_count;      /* 0, 3, 4 or 5 */
    const uint8_t* villains;  /* num_villains pairs of known hole cards: 2 * num_villains cards */
    int32_t num_villains;     /* 0..9 */
    int32_t random_opponents; /* opponents with random unseen hole cards; with num_villains 1..9 */
    const uint8_t* dead;      /* num_dead cards out of the deck (folded, burnt, seen), or NULL */
    int32_t num_dead;
    int32_t method;       /* PA_EQUITY_AUTO, PA_EQUITY_EXACT or PA_EQUITY_MONTE_CARLO */
    uint64_t samples;     /* Monte Carlo deals; 0 means 10,000 */
    uint64_t seed;        /* Monte Carlo randomness: same request and seed, same result */
    uint64_t exact_limit; /* AUTO: enumerate at most this many deals; 0 means 2,000,000 */
} PaEquityRequest;

typedef struct PaPlayerEquity {
    double equity; /* expected share of the pot; a k-way tie gives each 1/k */
    double win;    /* chance to win alone */
    double tie;    /* chance to share the best hand */
} PaPlayerEquity;

typedef struct PaEquityResult {
    /* The hero first, then the villains in request order, then the random opponents; the
     * equities of the num_players players sum to 1. */
    PaPlayerEquity players[PA_MAX_PLAYERS];
    int32_t num_players;
    int32_t exact;     /* 1 when every deal was enumerated */
    uint64_t outcomes; /* deals enumerated or sampled */
    double std_error;  /* Monte Carlo: standard error of players[0].equity; exact: 0 */
} PaEquityResult;

/* Computes the equities into *result and returns 0, or returns 1 after writing why (a card
 * given twice, a board of 2 cards, no opponent, an exact enumeration of more than 3e9 deals,
 * ...) NUL-terminated into error[0..error_size) (error may be NULL when error_size is 0).
 * Runs on the calling thread. Costs: one showdown of every player per sample (Monte Carlo);
 * exact heads-up against a known hand preflop, well under a millisecond. */
int32_t pa_equity(const PaEquityRequest* request, PaEquityResult* result, char* error,
                  size_t error_size);

/* The common case in one call: the hero's equity with `hole` on `board` (0, 3, 4 or 5 cards)
 * against `opponents` (1..9) random hands: exact when there are at most `samples` deals to
 * enumerate (heads-up on the river: 990), else `samples` Monte Carlo deals (1..) drawn from
 * `seed`, so a call never costs more than `samples` showdowns. Returns a number in [0, 1], or
 * -1 for bad arguments. */
double pa_equity_vs_random(const uint8_t hole[2], const uint8_t* board, int board_count,
                           int opponents, uint64_t samples, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* POKERARENA_EVAL_H */
