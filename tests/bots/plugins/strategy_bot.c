/*
 * A plugin that reports mixed strategies (PaBotApi.last_strategy), honestly or not, for the
 * tests of the reports' validation and of check-bot's test of them. Its strategy: fold 0.2
 * (when folding is allowed), check/call 0.5, and 0.3 on every raise-to from the minimum to
 * the minimum plus four big blinds (capped by the maximum), each equally likely; a part that
 * is not allowed gives its weight to check/call. The config string picks what it does:
 *   honest      plays an action drawn from that strategy with its own seeded generator
 *   liar        reports that strategy and always checks or calls
 *   min_raiser  draws from it, but raises to the range's minimum whenever it raises
 *   bad_sum     plays honestly, reports the probabilities halved (sum 0.5)
 *   error       plays honestly; last_strategy returns PA_STATUS_ERROR ("no strategy today")
 *   too_many    plays honestly; last_strategy writes a count above the capacity
 *   silent      plays honestly; last_strategy writes count 0 (it does not say)
 *   wrong_probabilities  plays and reports honestly; its action_probabilities say check/call
 *               for sure (every other mode's agree with the strategy)
 * Any other config makes create() fail.
 */
#include <stdlib.h>
#include <string.h>

#include "pokerarena_bot.h"

enum Mode {
    HONEST,
    LIAR,
    MIN_RAISER,
    BAD_SUM,
    ERROR_STATUS,
    TOO_MANY,
    SILENT,
    WRONG_PROBABILITIES,
    NUM_MODES
};
static const char* const kModes[NUM_MODES] = {
    "honest", "liar",     "min_raiser", "bad_sum",
    "error",  "too_many", "silent",     "wrong_probabilities"};

typedef struct StrategyBot {
    enum Mode mode;
    uint64_t state; /* xorshift64 */
    PaStrategyPart parts[3];
    uint32_t count;
} StrategyBot;

static uint64_t next_random(StrategyBot* bot) {
    uint64_t x = bot->state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    bot->state = x;
    return x;
}

/* The strategy for `view`, into bot->parts. */
static void build_strategy(StrategyBot* bot, const PaView* view) {
    const PaLegal* legal = &view->legal;
    double call = 0.5;
    uint32_t n = 0;
    if (legal->can_fold) {
        bot->parts[n++] = (PaStrategyPart){PA_FOLD, 0, 0, 0, 0.2};
    } else {
        call += 0.2;
    }
    const uint32_t call_index = n++;
    if (legal->can_raise) {
        int64_t hi = legal->min_raise_to + 4 * view->big_blind;
        if (hi > legal->max_raise_to) hi = legal->max_raise_to;
        bot->parts[n++] = (PaStrategyPart){PA_RAISE_TO, 0, legal->min_raise_to, hi, 0.3};
    } else {
        call += 0.3;
    }
    bot->parts[call_index] = (PaStrategyPart){PA_CHECK_CALL, 0, 0, 0, call};
    bot->count = n;
}

static void* create(const char* config, uint64_t seed, char* error, size_t error_size) {
    for (int m = 0; m < NUM_MODES; ++m) {
        if (strcmp(config, kModes[m]) != 0) continue;
        StrategyBot* bot = calloc(1, sizeof *bot);
        if (!bot) break;
        bot->mode = (enum Mode)m;
        bot->state = seed * 2654435761u + 0x9E3779B97F4A7C15ull;
        if (bot->state == 0) bot->state = 1;
        return bot;
    }
    if (error_size > 0) {
        strncpy(error, "unknown mode", error_size - 1);
        error[error_size - 1] = '\0';
    }
    return NULL;
}

static void destroy(void* handle) {
    free(handle);
}

static int32_t decide(void* handle, const PaView* view, PaAction* action) {
    StrategyBot* bot = handle;
    build_strategy(bot, view);
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    if (bot->mode == LIAR) return PA_STATUS_OK;
    const double u = (double)(next_random(bot) >> 11) * (1.0 / 9007199254740992.0);
    double below = 0;
    for (uint32_t i = 0; i < bot->count; ++i) {
        const PaStrategyPart* part = &bot->parts[i];
        below += part->probability;
        if (u >= below && i + 1 < bot->count) continue;
        action->kind = part->kind;
        if (part->kind == PA_RAISE_TO) {
            const uint64_t amounts = (uint64_t)(part->hi - part->lo + 1);
            action->amount = bot->mode == MIN_RAISER
                                 ? part->lo
                                 : part->lo + (int64_t)(next_random(bot) % amounts);
        }
        break;
    }
    return PA_STATUS_OK;
}

static const char* last_error(void* handle) {
    return ((StrategyBot*)handle)->mode == ERROR_STATUS ? "no strategy today" : "";
}

static int32_t last_strategy(void* handle, const PaView* view, PaStrategyPart* parts,
                             uint32_t capacity, uint32_t* count) {
    StrategyBot* bot = handle;
    (void)view;
    switch (bot->mode) {
        case ERROR_STATUS:
            return PA_STATUS_ERROR;
        case TOO_MANY:
            *count = capacity + 1;
            return PA_STATUS_OK;
        case SILENT:
            *count = 0;
            return PA_STATUS_OK;
        default:
            break;
    }
    for (uint32_t i = 0; i < bot->count; ++i) {
        parts[i] = bot->parts[i];
        if (bot->mode == BAD_SUM) parts[i].probability /= 2;
    }
    *count = bot->count;
    return PA_STATUS_OK;
}

static int32_t action_probabilities(void* handle, const PaView* view, const PaAction* candidates,
                                    uint32_t count, double* probabilities) {
    StrategyBot* bot = handle;
    build_strategy(bot, view);
    for (uint32_t i = 0; i < count; ++i) {
        const PaAction* c = &candidates[i];
        probabilities[i] = 0;
        if (bot->mode == WRONG_PROBABILITIES) {
            probabilities[i] = c->kind == PA_CHECK_CALL ? 1.0 : 0.0;
            continue;
        }
        for (uint32_t k = 0; k < bot->count; ++k) {
            const PaStrategyPart* part = &bot->parts[k];
            if (part->kind != c->kind) continue;
            if (part->kind != PA_RAISE_TO)
                probabilities[i] = part->probability;
            else if (part->lo <= c->amount && c->amount <= part->hi)
                probabilities[i] = part->probability / (double)(part->hi - part->lo + 1);
        }
    }
    return PA_STATUS_OK;
}

static const PaBotApi kApi = {
    .struct_size = sizeof(PaBotApi),
    .abi_version = PA_BOT_ABI_VERSION,
    .name = "strategy test bot",
    .create = create,
    .destroy = destroy,
    .decide = decide,
    .last_error = last_error,
    .action_probabilities = action_probabilities,
    .last_strategy = last_strategy,
};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    return PA_ABI_MAJOR_OF(host_abi_version) == PA_BOT_ABI_MAJOR ? &kApi : NULL;
}
