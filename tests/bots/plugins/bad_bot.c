/*
 * A deliberately misbehaving plugin for the tests. The config string picks the fault:
 *   wrong_amount      raises to one chip below the minimum raise-to (or to 1 when no raise)
 *   fold_free         folds when checking is free (folding is then not a legal action)
 *   error             returns PA_STATUS_ERROR with the message "deliberate failure"
 *   garbage           writes action kind 77
 *   nondeterministic  raises or calls by a counter shared by all handles (not the seed)
 *   nan_probability   plays check/call but states a NaN probability for the first candidate
 *   big_probabilities plays check/call but states 0.75 for every candidate (sum above 1)
 *   ugly_error        returns PA_STATUS_ERROR with a message holding an escape sequence
 *                     (ESC [2J, "clear the screen") and a byte that is not UTF-8 (0xFF)
 *   crash             dereferences a null pointer in decide (SIGSEGV)
 *   abort             calls abort() in decide (SIGABRT)
 *   hang              never returns from decide (waits on a condition nobody signals)
 *   exit              calls exit(0) in decide
 *   underscore_exit   calls _exit(0) in decide (no exit handlers run)
 *   quick_exit        calls quick_exit(0) in decide
 *   fork_crash        starts a process that keeps the output open and waits, then crashes
 *   stack_overflow    recurses in decide until the thread's stack is used up (SIGSEGV)
 *   crash_new_match   plays check/call, and dereferences a null pointer in new_match
 *   silent            returns PA_STATUS_OK from decide without writing the action
 *   late_crash        plays check/call, but the third instance the process creates
 *                     dereferences a null pointer in decide (with one table at a time, the
 *                     third work unit: the first two are finished when the process dies)
 *   late_underscore_exit  the same, calling _exit(0) instead
 *   thread_crash      starts a thread in decide that dereferences a null pointer, and waits
 *                     for it (the crash is the thread's, while decide is in progress)
 *   crash_unload      plays check/call; its library destructor dereferences a null pointer
 *                     (a crash outside any plugin call, as the library is unloaded)
 * The other modes state probability 0 for every candidate.
 * Any other config makes create() fail with "unknown mode 'X'".
 */
#define _ISOC11_SOURCE 1 /* quick_exit in C99 mode */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pokerarena_bot.h"

enum Mode {
    WRONG_AMOUNT,
    FOLD_FREE,
    ERROR_STATUS,
    GARBAGE,
    NONDETERMINISTIC,
    NAN_PROBABILITY,
    BIG_PROBABILITIES,
    UGLY_ERROR,
    CRASH,
    ABORT,
    HANG,
    EXIT,
    FORK_CRASH,
    STACK_OVERFLOW,
    CRASH_NEW_MATCH,
    SILENT,
    UNDERSCORE_EXIT,
    QUICK_EXIT,
    LATE_CRASH,
    LATE_UNDERSCORE_EXIT,
    THREAD_CRASH,
    CRASH_UNLOAD,
    NUM_MODES
};

typedef struct BadBot {
    enum Mode mode;
    char error[64];
    int* nowhere; /* NULL (calloc): "crash" writes through it; the compiler cannot know */
    int doomed;   /* late_*: this instance ends the process in decide */
} BadBot;

static unsigned shared_counter;  /* the forbidden global state of "nondeterministic" */
static unsigned late_instances;  /* instances of the late_* modes created in this process */
static int crash_at_unload;      /* set by "crash_unload" */
static int* volatile no_address; /* NULL, written through by the crashing thread */

static void* crash_in_thread(void* unused) {
    (void)unused;
    *no_address = 1;
    return NULL;
}

__attribute__((destructor)) static void unload(void) {
    if (crash_at_unload) *no_address = 1;
}

/* One kilobyte of stack per level, with no end the compiler can see: `bot->nowhere` is NULL,
 * and the sum is taken after the inner call returns, so it cannot become a loop. */
static int recurse(const BadBot* bot, volatile const char* outer) {
    volatile char frame[1024];
    frame[0] = outer[0];
    frame[sizeof frame - 1] = 1;
    if (bot->nowhere) return frame[0];
    return recurse(bot, frame) + frame[sizeof frame - 1];
}

static void* bad_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    static const char* const names[NUM_MODES] = {"wrong_amount",
                                                 "fold_free",
                                                 "error",
                                                 "garbage",
                                                 "nondeterministic",
                                                 "nan_probability",
                                                 "big_probabilities",
                                                 "ugly_error",
                                                 "crash",
                                                 "abort",
                                                 "hang",
                                                 "exit",
                                                 "fork_crash",
                                                 "stack_overflow",
                                                 "crash_new_match",
                                                 "silent",
                                                 "underscore_exit",
                                                 "quick_exit",
                                                 "late_crash",
                                                 "late_underscore_exit",
                                                 "thread_crash",
                                                 "crash_unload"};
    int mode;
    (void)seed;
    for (mode = 0; mode < NUM_MODES; ++mode) {
        if (strcmp(config, names[mode]) == 0) {
            BadBot* bot = (BadBot*)calloc(1, sizeof(BadBot));
            bot->mode = (enum Mode)mode;
            if (mode == LATE_CRASH || mode == LATE_UNDERSCORE_EXIT)
                bot->doomed = ++late_instances == 3;
            if (bot->mode == CRASH_UNLOAD) crash_at_unload = 1;
            return bot;
        }
    }
    snprintf(error, error_size, "unknown mode '%s'", config);
    return NULL;
}

static void bad_destroy(void* handle) {
    free(handle);
}

static int32_t bad_decide(void* handle, const PaView* v, PaAction* action) {
    BadBot* bot = (BadBot*)handle;
    if (bot->mode == SILENT) return PA_STATUS_OK;
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    switch (bot->mode) {
        case WRONG_AMOUNT:
            action->kind = PA_RAISE_TO;
            action->amount = v->legal.can_raise ? v->legal.min_raise_to - 1 : 1;
            break;
        case FOLD_FREE:
            if (v->legal.can_check) action->kind = PA_FOLD;
            break;
        case ERROR_STATUS:
            strcpy(bot->error, "deliberate failure");
            return PA_STATUS_ERROR;
        case UGLY_ERROR:
            strcpy(bot->error, "ugly \033[2J message \377");
            return PA_STATUS_ERROR;
        case CRASH:
            *bot->nowhere = 1;
            break;
        case ABORT:
            abort();
        case HANG: {
            static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
            static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
            pthread_mutex_lock(&mutex);
            for (;;)
                pthread_cond_wait(&never, &mutex);
        }
        case EXIT:
            exit(0);
        case UNDERSCORE_EXIT:
            _exit(0);
        case QUICK_EXIT:
            quick_exit(0);
        case FORK_CRASH:
            if (fork() == 0) {
                pause(); /* until killed */
                _exit(0);
            }
            *bot->nowhere = 1;
            break;
        case STACK_OVERFLOW: {
            static const char start = 0;
            action->amount = recurse(bot, &start);
            break;
        }
        case THREAD_CRASH: {
            pthread_t thread;
            if (pthread_create(&thread, NULL, crash_in_thread, NULL) == 0)
                pthread_join(thread, NULL);
            break;
        }
        case GARBAGE:
            action->kind = 77;
            break;
        case LATE_CRASH:
            if (bot->doomed) *bot->nowhere = 1;
            break;
        case LATE_UNDERSCORE_EXIT:
            if (bot->doomed) _exit(0);
            break;
        case NONDETERMINISTIC:
            if (++shared_counter % 3 == 0 && v->legal.can_raise) {
                action->kind = PA_RAISE_TO;
                action->amount = v->legal.min_raise_to;
            }
            break;
        default:
            break;
    }
    return PA_STATUS_OK;
}

static void bad_new_match(void* handle) {
    BadBot* bot = (BadBot*)handle;
    if (bot->mode == CRASH_NEW_MATCH) *bot->nowhere = 1;
}

static int32_t bad_action_probabilities(void* handle, const PaView* view,
                                        const PaAction* candidates, uint32_t count,
                                        double* probabilities) {
    const BadBot* bot = (const BadBot*)handle;
    uint32_t i;
    (void)view;
    (void)candidates;
    for (i = 0; i < count; ++i)
        probabilities[i] = bot->mode == BIG_PROBABILITIES ? 0.75 : 0.0;
    if (bot->mode == NAN_PROBABILITY && count > 0) probabilities[0] = strtod("nan", NULL);
    return PA_STATUS_OK;
}

static const char* bad_last_error(void* handle) {
    return ((BadBot*)handle)->error;
}

static const PaBotApi kApi = {sizeof(PaBotApi),
                              PA_BOT_ABI_VERSION,
                              "bad bot",
                              bad_create,
                              bad_destroy,
                              bad_decide,
                              bad_last_error,
                              NULL,
                              bad_new_match,
                              bad_action_probabilities,
                              NULL};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return &kApi;
}
