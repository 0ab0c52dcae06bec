/*
 * Two builds of one plugin for the plugin identity tests: without IDENTITY_BOT_FOLDS it checks
 * or calls ("identity bot (calls)"), with it checks or folds ("identity bot (folds)"). Copied
 * over each other under one path, they are the user's "same file name, different bot" that
 * merge and resume must refuse to mix.
 * Loading either appends its name to the file POKERARENA_TEST_LOAD_MARK names, if set: the mark
 * of its constructor having run, which a library refused before loading must not leave.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pokerarena_bot.h"

#ifdef IDENTITY_BOT_FOLDS
#define IDENTITY_BOT_NAME "identity bot (folds)"
#else
#define IDENTITY_BOT_NAME "identity bot (calls)"
#endif

__attribute__((constructor)) static void leave_load_mark(void) {
    const char* mark = getenv("POKERARENA_TEST_LOAD_MARK");
    FILE* file = mark ? fopen(mark, "a") : NULL;
    if (file) {
        fputs(IDENTITY_BOT_NAME "\n", file);
        fclose(file);
    }
}

static void* identity_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    (void)config;
    (void)seed;
    (void)error;
    (void)error_size;
    return malloc(1);
}

static void identity_destroy(void* handle) {
    free(handle);
}

static int32_t identity_decide(void* handle, const PaView* view, PaAction* action) {
    (void)handle;
#ifdef IDENTITY_BOT_FOLDS
    action->kind = view->legal.can_fold ? PA_FOLD : PA_CHECK_CALL;
#else
    (void)view;
    action->kind = PA_CHECK_CALL;
#endif
    action->amount = 0;
    return PA_STATUS_OK;
}

static const char* identity_last_error(void* handle) {
    (void)handle;
    return "";
}

static const PaBotApi kApi = {sizeof(PaBotApi),
                              PA_BOT_ABI_VERSION,
                              IDENTITY_BOT_NAME,
                              identity_create,
                              identity_destroy,
                              identity_decide,
                              identity_last_error,
                              NULL,
                              NULL,
                              NULL,
                              NULL};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return &kApi;
}
