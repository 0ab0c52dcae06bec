/*
 * A small pokerarena bot in plain C: bets its pairs, calls cheap bets, folds the rest.
 *
 * Build:  cc -std=c99 -O2 -shared -fPIC -I bots/sdk c_bot.c -o c_bot.so
 * Run:    pokerarena check-bot ./c_bot.so:bet=0.75
 * Config: "bet=F" sets the bet size as a fraction of the pot (0.1 .. 3, default 0.66).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerarena_bot.h"

typedef struct CBot {
    double bet_fraction; /* bet size, fraction of the pot */
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

static void* c_bot_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    double bet = 0.66;
    if (config[0] != '\0') {
        char* end = NULL;
        if (strncmp(config, "bet=", 4) != 0 || (bet = strtod(config + 4, &end), *end != '\0') ||
            bet < 0.1 || bet > 3.0) {
            snprintf(error, error_size, "bad config '%s': expected bet=F with F in 0.1..3", config);
            return NULL;
        }
    }
    CBot* bot = (CBot*)calloc(1, sizeof(CBot));
    if (bot == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    bot->bet_fraction = bet;
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

/* A pair in the hole, or a hole card pairing the board. */
static int has_pair(const PaView* v) {
    const uint8_t* hole = v->hole[v->seat];
    int i;
    if (hole[0] / 4 == hole[1] / 4) return 1;
    for (i = 0; i < v->board_count; ++i) {
        if (v->board[i] / 4 == hole[0] / 4 || v->board[i] / 4 == hole[1] / 4) return 1;
    }
    return 0;
}

static int32_t c_bot_decide(void* handle, const PaView* v, PaAction* action) {
    CBot* bot = (CBot*)handle;
    const PaLegal* legal = &v->legal;
    const int64_t pot_after_call = v->pot + legal->call_amount;
    const int high_card = v->hole[v->seat][0] / 4 >= 8 || v->hole[v->seat][1] / 4 >= 8; /* T+ */
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    if (has_pair(v) || (v->round == 0 && high_card && next_random(bot) % 2 == 0)) {
        if (legal->can_raise) {
            int64_t target = v->current_bet + (int64_t)(bot->bet_fraction * (double)pot_after_call);
            action->kind = PA_RAISE_TO;
            action->amount = clamp(target, legal->min_raise_to, legal->max_raise_to);
        }
        return PA_STATUS_OK;
    }
    /* Calls bets of at most a quarter of the pot; otherwise checks or folds. */
    if (!legal->can_check && legal->call_amount * 4 > pot_after_call) action->kind = PA_FOLD;
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
};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    return PA_ABI_MAJOR_OF(host_abi_version) == PA_BOT_ABI_MAJOR ? &kApi : NULL;
}
