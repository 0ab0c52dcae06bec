/*
 * A test plugin whose create() refuses odd seeds ("odd seed N refused") and makes a
 * check/call bot for even ones: an instance that fails after the plugin was accepted (plugin
 * host tests).
 */
#include <stdio.h>
#include <stdlib.h>

#include "pokerarena_bot.h"

static void* seed_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    (void)config;
    if (seed % 2 == 1) {
        snprintf(error, error_size, "odd seed %llu refused", (unsigned long long)seed);
        return NULL;
    }
    return calloc(1, 1);
}

static void seed_destroy(void* handle) {
    free(handle);
}

static int32_t seed_decide(void* handle, const PaView* view, PaAction* action) {
    (void)handle;
    (void)view;
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    return PA_STATUS_OK;
}

static const char* seed_last_error(void* handle) {
    (void)handle;
    return "";
}

static const PaBotApi kApi = {sizeof(PaBotApi),
                              PA_BOT_ABI_VERSION,
                              "seed refusing bot",
                              seed_create,
                              seed_destroy,
                              seed_decide,
                              seed_last_error,
                              NULL,
                              NULL,
                              NULL,
                              NULL};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return &kApi;
}
