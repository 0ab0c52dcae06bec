/*
 * A test plugin that reads the history in its view. It raises the minimum whenever it may and
 * otherwise checks or calls, so two of them raise each other until one is all-in: about one
 * action per big blind of stack, more than the host's 255-action history when stacks are deep.
 * The config string picks what it does with an incomplete history:
 *   (empty)  plays on
 *   strict   returns PA_STATUS_ERROR, "history incomplete after N actions", once the view says
 *            actions are missing (PaView.actions_truncated, ABI 1.1; a host without the field
 *            is never blamed)
 * Any other config makes create() fail with "unknown mode 'X'".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerarena_bot.h"

typedef struct HistoryBot {
    int strict;
    char error[64];
} HistoryBot;

static void* history_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    HistoryBot* bot;
    (void)seed;
    if (strcmp(config, "") != 0 && strcmp(config, "strict") != 0) {
        snprintf(error, error_size, "unknown mode '%s'", config);
        return NULL;
    }
    bot = (HistoryBot*)calloc(1, sizeof(HistoryBot));
    if (bot == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    bot->strict = strcmp(config, "strict") == 0;
    return bot;
}

static void history_destroy(void* handle) {
    free(handle);
}

static int32_t history_decide(void* handle, const PaView* v, PaAction* action) {
    HistoryBot* bot = (HistoryBot*)handle;
    bot->error[0] = '\0';
    if (bot->strict && PA_VIEW_HAS_FIELD(v, actions_truncated) && v->actions_truncated) {
        snprintf(bot->error, sizeof bot->error, "history incomplete after %lld actions",
                 (long long)v->num_actions);
        return PA_STATUS_ERROR;
    }
    action->kind = v->legal.can_raise ? PA_RAISE_TO : PA_CHECK_CALL;
    action->amount = v->legal.can_raise ? v->legal.min_raise_to : 0;
    return PA_STATUS_OK;
}

static const char* history_last_error(void* handle) {
    return ((HistoryBot*)handle)->error;
}

static const PaBotApi kApi = {
    sizeof(PaBotApi),
    PA_BOT_ABI_VERSION,
    "history bot",
    history_create,
    history_destroy,
    history_decide,
    history_last_error,
    NULL, /* on_event */
    NULL, /* new_match */
    NULL, /* action_probabilities */
    NULL, /* last_strategy */
};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    return PA_ABI_MAJOR_OF(host_abi_version) == PA_BOT_ABI_MAJOR ? &kApi : NULL;
}
