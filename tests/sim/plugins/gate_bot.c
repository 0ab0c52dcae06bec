/*
 * A plugin for the runner tests that can hold a work unit in play for as long as a test needs,
 * so that what the runner does while units run can be checked without timing. It checks or
 * calls. After pokerarena_test_gate_hold_at(n), decision n (counted from that call over every
 * instance) waits until pokerarena_test_gate_open(). The test reaches these through dlopen of
 * the same path, which gives the library the runner loaded, so the state below is shared.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "pokerarena_bot.h"

static pthread_mutex_t gate_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_changed = PTHREAD_COND_INITIALIZER;
static long gate_decisions; /* since the last hold_at() */
static long gate_hold_at;   /* the decision that waits; 0: none */
static int gate_waiting;    /* a decision is waiting */

PA_EXPORT void pokerarena_test_gate_hold_at(long decision) {
    pthread_mutex_lock(&gate_mutex);
    gate_decisions = 0;
    gate_hold_at = decision;
    pthread_mutex_unlock(&gate_mutex);
}

PA_EXPORT int pokerarena_test_gate_waiting(void) {
    pthread_mutex_lock(&gate_mutex);
    const int waiting = gate_waiting;
    pthread_mutex_unlock(&gate_mutex);
    return waiting;
}

PA_EXPORT void pokerarena_test_gate_open(void) {
    pthread_mutex_lock(&gate_mutex);
    gate_hold_at = 0;
    pthread_cond_broadcast(&gate_changed);
    pthread_mutex_unlock(&gate_mutex);
}

static void* gate_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    (void)config;
    (void)seed;
    (void)error;
    (void)error_size;
    return malloc(1);
}

static void gate_destroy(void* handle) {
    free(handle);
}

static int32_t gate_decide(void* handle, const PaView* view, PaAction* action) {
    (void)handle;
    (void)view;
    pthread_mutex_lock(&gate_mutex);
    if (++gate_decisions == gate_hold_at) {
        gate_waiting = 1;
        while (gate_hold_at != 0)
            pthread_cond_wait(&gate_changed, &gate_mutex);
        gate_waiting = 0;
    }
    pthread_mutex_unlock(&gate_mutex);
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    return PA_STATUS_OK;
}

static const char* gate_last_error(void* handle) {
    (void)handle;
    return "";
}

static const PaBotApi kApi = {sizeof(PaBotApi),
                              PA_BOT_ABI_VERSION,
                              "gate bot",
                              gate_create,
                              gate_destroy,
                              gate_decide,
                              gate_last_error,
                              NULL,
                              NULL,
                              NULL,
                              NULL};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return &kApi;
}
