/* A plugin that checks its own hole cards in PaView.all_hole (ABI 1.3) and calls.
 *
 * Each decision requires the view to have all_hole, the seat's first hole_cards entries of it
 * to be distinct cards, the rest PA_NO_CARD, and its first two to equal `hole`; otherwise it
 * returns PA_STATUS_ERROR naming what is wrong, which the host counts as a fault.
 */
#include <stdio.h>
#include <stdlib.h>

#include "pokerarena_bot.h"

typedef struct HoleBot {
    char error[96];
} HoleBot;

static void* hole_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    HoleBot* bot;
    (void)config;
    (void)seed;
    bot = (HoleBot*)calloc(1, sizeof(HoleBot));
    if (bot == NULL) snprintf(error, error_size, "out of memory");
    return bot;
}

static void hole_destroy(void* handle) {
    free(handle);
}

/* "" when the seat's row of all_hole is right, else what is wrong. */
static const char* hole_problem(const PaView* v) {
    const uint8_t* row;
    int c, d;
    if (!PA_VIEW_HAS_FIELD(v, all_hole)) return "the view has no all_hole";
    row = v->all_hole[v->seat];
    for (c = 0; c < PA_MAX_ALL_HOLE_CARDS; ++c) {
        if (c >= v->hole_cards) {
            if (row[c] != PA_NO_CARD) return "a card past hole_cards";
            continue;
        }
        if (row[c] >= 52) return "an own hole card missing";
        for (d = 0; d < c; ++d)
            if (row[d] == row[c]) return "a hole card given twice";
        if (c < PA_MAX_HOLE_CARDS && v->hole[v->seat][c] != row[c])
            return "hole and all_hole differ";
    }
    return "";
}

static int32_t hole_decide(void* handle, const PaView* v, PaAction* action) {
    HoleBot* bot = (HoleBot*)handle;
    const char* problem = hole_problem(v);
    if (problem[0] != '\0') {
        snprintf(bot->error, sizeof bot->error, "%s (hole_cards %d)", problem, (int)v->hole_cards);
        return PA_STATUS_ERROR;
    }
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    return PA_STATUS_OK;
}

static const char* hole_last_error(void* handle) {
    return ((HoleBot*)handle)->error;
}

static const PaBotApi kApi = {
    sizeof(PaBotApi),
    PA_BOT_ABI_VERSION,
    "hole bot",
    hole_create,
    hole_destroy,
    hole_decide,
    hole_last_error,
    NULL, /* on_event */
    NULL, /* new_match */
    NULL, /* action_probabilities */
    NULL, /* last_strategy */
};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    return PA_ABI_MAJOR_OF(host_abi_version) == PA_BOT_ABI_MAJOR ? &kApi : NULL;
}
