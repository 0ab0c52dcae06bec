/*
 * A small pokerarena bot in plain C that plays by its equity: it estimates its share of the pot
 * against the opponents still in the hand through the SDK's evaluator (pokerarena_eval.h),
 * bets when it is ahead of the field, calls when the pot odds pay for its equity, and folds or
 * checks the rest.
 *
 * Build:  cc -std=c99 -O2 -shared -fPIC -I bots/sdk c_bot.c -o c_bot.so \
 *             -L build/bots -lpokerarena_sdk -ltbb -lhwy -lstdc++ -lm
 * Run:    pokerarena check-bot ./c_bot.so:bet=0.75,samples=300
 * Config: comma-separated, each optional: "bet=F" the bet size as a fraction of the pot (0.1 .. 3,
 *         default 0.66); "samples=N" the Monte Carlo deals per decision (1 .. 100000, default
 *         200; spots with at most N deals, heads-up on the river for one, are enumerated).
 *
 * Its strategy (last_strategy): where its equity is a Monte Carlo estimate, its action is a
 * function of the sample it drew, and the chance of each action is not known without
 * enumerating every sample: it reports nothing there (the host then uses only the chance
 * corrections of AIVAT for its decisions, still unbiased). Where the equity is exact (heads-up
 * on the river with samples=990 or more) the action is a pure function of the view, and it
 * reports that action with probability 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerarena_bot.h"
#include "pokerarena_eval.h"

typedef struct CBot {
    PaAction last;       /* the action of the last decide */
    int last_exact;      /* 1 when that decide's equity was exact (enumerated) */
    double bet_fraction; /* bet size, fraction of the pot */
    uint64_t samples;    /* Monte Carlo deals per equity estimate */
    uint64_t rng;        /* xorshift state, seeded by the host */
    int64_t hands_seen;  /* from PA_EVENT_HAND_STARTED, to show on_event */
    char error[128];     /* last_error() text */
} CBot;

static uint64_t next_random(CBot* bot) {
    bot->rng ^= bot->rng << 13;
    bot->rng ^= bot->rng >> 7;
    bot->rng ^= bot->rng << 17;
    return bot->rng;
}

/* Reads "bet=F,samples=N" (either, both or neither); 0 after writing why into error. */
static int parse_config(const char* config, double* bet, uint64_t* samples, char* error,
                        size_t error_size) {
    char text[256];
    char* piece;
    char* rest;
    if (strlen(config) >= sizeof text) {
        snprintf(error, error_size, "config of %u bytes is too long (at most %u)",
                 (unsigned)strlen(config), (unsigned)sizeof text - 1);
        return 0;
    }
    strcpy(text, config);
    for (piece = text; *piece != '\0'; piece = rest) {
        char* end = NULL;
        rest = strchr(piece, ',');
        if (rest != NULL)
            *rest++ = '\0';
        else
            rest = piece + strlen(piece);
        if (strncmp(piece, "bet=", 4) == 0) {
            *bet = strtod(piece + 4, &end);
            if (end == piece + 4 || *end != '\0' || !(*bet >= 0.1 && *bet <= 3.0)) {
                snprintf(error, error_size, "bad config '%s': expected bet=F with F in 0.1..3",
                         piece);
                return 0;
            }
        } else if (strncmp(piece, "samples=", 8) == 0) {
            const unsigned long long n = strtoull(piece + 8, &end, 10);
            if (end == piece + 8 || *end != '\0' || piece[8] == '-' || n < 1 || n > 100000) {
                snprintf(error, error_size,
                         "bad config '%s': expected samples=N with N in 1..100000", piece);
                return 0;
            }
            *samples = n;
        } else {
            snprintf(error, error_size, "bad config '%s': expected bet=F or samples=N", piece);
            return 0;
        }
    }
    return 1;
}

static void* c_bot_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    double bet = 0.66;
    uint64_t samples = 200;
    CBot* bot;
    if (!parse_config(config, &bet, &samples, error, error_size)) return NULL;
    bot = (CBot*)calloc(1, sizeof(CBot));
    if (bot == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    bot->bet_fraction = bet;
    bot->samples = samples;
    bot->rng = seed * 2654435761u + 0x9E3779B97F4A7C15ull; /* xorshift needs a non-zero state */
    if (bot->rng == 0) bot->rng = 1;
    return bot;
}

static void c_bot_destroy(void* handle) {
    free(handle);
}

static int64_t clamp(int64_t x, int64_t lo, int64_t hi) {
    return x < lo ? lo : x > hi ? hi : x;
}

/* Seats still in the hand besides this one. */
static int live_opponents(const PaView* v) {
    const uint32_t live = v->dealt_in & ~v->folded & ~(1u << v->seat);
    int count = 0;
    int s;
    for (s = 0; s < v->num_seats; ++s)
        count += (int)((live >> s) & 1u);
    return count;
}

static int32_t c_bot_decide(void* handle, const PaView* v, PaAction* action) {
    CBot* bot = (CBot*)handle;
    const PaLegal* legal = &v->legal;
    const int64_t pot_after_call = v->pot + legal->call_amount;
    const int opponents = live_opponents(v);
    /* Each estimate draws from a seed of the bot's own stream, so the bot stays deterministic
     * for the seed the host gave it. */
    const double equity = pa_equity_vs_random(v->hole[v->seat], v->board, v->board_count, opponents,
                                              bot->samples, next_random(bot));
    if (equity < 0) {
        snprintf(bot->error, sizeof bot->error, "equity of %d opponents failed", opponents);
        return PA_STATUS_ERROR;
    }
    /* Heads-up on the river there are 990 deals to enumerate (pokerarena_eval.h). */
    bot->last_exact = opponents == 1 && v->board_count == 5 && bot->samples >= 990;
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    /* Ahead of the field (more than a fair share of 1 / players, with a margin): bet. */
    if (equity * (opponents + 1) > 1.3 && legal->can_raise) {
        const int64_t target =
            v->current_bet + (int64_t)(bot->bet_fraction * (double)pot_after_call);
        action->kind = PA_RAISE_TO;
        action->amount = clamp(target, legal->min_raise_to, legal->max_raise_to);
    } else if (!legal->can_check && equity * (double)pot_after_call < (double)legal->call_amount) {
        /* Call when the equity pays for the price (pot odds), else check or fold. */
        action->kind = PA_FOLD;
    }
    bot->last = *action;
    return PA_STATUS_OK;
}

/* The last decision's strategy: its action for sure where the equity was exact, else nothing
 * (see the top of the file). */
static int32_t c_bot_last_strategy(void* handle, const PaView* v, PaStrategyPart* parts,
                                   uint32_t capacity, uint32_t* count) {
    const CBot* bot = (const CBot*)handle;
    (void)v;
    (void)capacity; /* the host's capacity, PA_MAX_STRATEGY_PARTS, holds one part */
    *count = 0;
    if (!bot->last_exact) return PA_STATUS_OK;
    parts[0].kind = bot->last.kind;
    parts[0].padding = 0;
    parts[0].lo = bot->last.kind == PA_RAISE_TO ? bot->last.amount : 0;
    parts[0].hi = parts[0].lo;
    parts[0].probability = 1.0;
    *count = 1;
    return PA_STATUS_OK;
}

static const char* c_bot_last_error(void* handle) {
    return ((CBot*)handle)->error;
}

static void c_bot_on_event(void* handle, const PaEvent* event) {
    if (event->kind == PA_EVENT_HAND_STARTED) ++((CBot*)handle)->hands_seen;
}

static const PaBotApi kApi = {
    sizeof(PaBotApi),
    PA_BOT_ABI_VERSION,
    "example C bot",
    c_bot_create,
    c_bot_destroy,
    c_bot_decide,
    c_bot_last_error,
    c_bot_on_event,
    NULL, /* new_match: it remembers nothing */
    NULL, /* action_probabilities: not offered */
    c_bot_last_strategy,
};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    return PA_ABI_MAJOR_OF(host_abi_version) == PA_BOT_ABI_MAJOR ? &kApi : NULL;
}
