/*
 * Plugins whose API table the loader must refuse, one per value of BROKEN:
 *   1 a table of ABI major version 2
 *   2 a table of 4 bytes (the version field past them says 7.0 and must not be read)
 *   3 a null decide function
 *   4 refuses the host's version (returns NULL)
 *   5 exports no pokerarena_bot_api at all
 *   6 a null name
 */
#include <stddef.h>

#include "pokerarena_bot.h"

/* The cases that export a table. */
#define HAS_TABLE (BROKEN <= 3 || BROKEN == 6)

#if HAS_TABLE
static void* never_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    (void)config;
    (void)seed;
    (void)error;
    (void)error_size;
    return NULL;
}
static void never_destroy(void* handle) {
    (void)handle;
}
#if BROKEN != 3
static int32_t never_decide(void* handle, const PaView* view, PaAction* action) {
    (void)handle;
    (void)view;
    (void)action;
    return PA_STATUS_ERROR;
}
#endif
static const char* never_last_error(void* handle) {
    (void)handle;
    return "";
}
#endif

#if BROKEN == 1
static const PaBotApi kApi = {
    sizeof(PaBotApi), (2u << 16), "future bot", never_create, never_destroy, never_decide,
    never_last_error, NULL,       NULL,         NULL,         NULL};
#elif BROKEN == 2
/* Only struct_size is inside the table; the abi_version past it must not be read. */
static const PaBotApi kApi = {
    4,    (7u << 16), "tiny table", never_create, never_destroy, never_decide, never_last_error,
    NULL, NULL,       NULL,         NULL};
#elif BROKEN == 3
static const PaBotApi kApi = {sizeof(PaBotApi),
                              PA_BOT_ABI_VERSION,
                              "no decide",
                              never_create,
                              never_destroy,
                              NULL,
                              never_last_error,
                              NULL,
                              NULL,
                              NULL,
                              NULL};
#elif BROKEN == 6
static const PaBotApi kApi = {sizeof(PaBotApi),
                              PA_BOT_ABI_VERSION,
                              NULL,
                              never_create,
                              never_destroy,
                              never_decide,
                              never_last_error,
                              NULL,
                              NULL,
                              NULL,
                              NULL};
#endif

#if HAS_TABLE
PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return &kApi;
}
#elif BROKEN == 4
PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return NULL;
}
#else
/* Misspelt on purpose: the loader must report the missing entry point. */
PA_EXPORT const PaBotApi* pokerarena_bot_apl(uint32_t host_abi_version);
PA_EXPORT const PaBotApi* pokerarena_bot_apl(uint32_t host_abi_version) {
    (void)host_abi_version;
    return NULL;
}
#endif
