/*
 * Checks every PaEvent against pokerarena_bot.h: the fields the header names for the event's
 * kind may hold anything, every other field must be zero (seat: -1), entries of cards past
 * num_cards must be PA_NO_CARD, PA_EVENT_HOLE_CARDS must carry the bot's own seat (checked
 * at its next decide), and PA_EVENT_GAME_OVER must never come (the host does not send it).
 * decide plays check/call, or returns PA_STATUS_ERROR with the first violation found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerarena_bot.h"

typedef struct EventBot {
    char error[200];
    int hole_seat; /* seat of this hand's PA_EVENT_HOLE_CARDS, -1 before */
    int hole_hand; /* its hand number */
} EventBot;

enum {
    SEAT = 1,
    ROUND = 2,
    ACTION_KIND = 4,
    ALL_IN = 8,
    ACTION_AMOUNT = 16,
    AMOUNT = 32,
    POT_INDEX = 64,
    WINNERS = 128,
    VALUE = 256,
    CARDS = 512
};

static int named_fields(int32_t kind) {
    switch (kind) {
        case PA_EVENT_HAND_STARTED:
            return SEAT | AMOUNT;
        case PA_EVENT_FORCED_BET:
            return SEAT | AMOUNT | ALL_IN;
        case PA_EVENT_HOLE_CARDS:
            return SEAT | CARDS;
        case PA_EVENT_BOARD_DEALT:
            return ROUND | CARDS;
        case PA_EVENT_ACTION:
            return SEAT | ROUND | ACTION_KIND | ALL_IN | ACTION_AMOUNT | AMOUNT;
        case PA_EVENT_SHOWDOWN:
            return SEAT | VALUE | CARDS;
        case PA_EVENT_POT_AWARDED:
            return AMOUNT | POT_INDEX | WINNERS;
        case PA_EVENT_HAND_ENDED:
            return 0;
        case PA_EVENT_UNCALLED_RETURN:
            return SEAT | AMOUNT | ROUND;
        default:
            return -1;
    }
}

static void violation(EventBot* bot, const PaEvent* e, const char* what, long long value) {
    if (bot->error[0]) return;
    snprintf(bot->error, sizeof bot->error, "event kind %d of hand %d: %s is %lld", (int)e->kind,
             (int)e->hand_number, what, value);
}

static void event_on_event(void* handle, const PaEvent* e) {
    EventBot* bot = (EventBot*)handle;
    const int named = named_fields(e->kind);
    int i;
    if (named < 0) {
        violation(bot, e, "the kind, never sent", e->kind);
        return;
    }
    if (!(named & SEAT) && e->seat != -1) violation(bot, e, "seat", e->seat);
    if (!(named & ROUND) && e->round != 0) violation(bot, e, "round", e->round);
    if (!(named & ACTION_KIND) && e->action_kind != 0)
        violation(bot, e, "action_kind", e->action_kind);
    if (!(named & ALL_IN) && e->all_in != 0) violation(bot, e, "all_in", e->all_in);
    if (!(named & ACTION_AMOUNT) && e->action_amount != 0)
        violation(bot, e, "action_amount", e->action_amount);
    if (!(named & AMOUNT) && e->amount != 0) violation(bot, e, "amount", e->amount);
    if (!(named & POT_INDEX) && e->pot_index != 0) violation(bot, e, "pot_index", e->pot_index);
    if (!(named & WINNERS) && e->winners != 0) violation(bot, e, "winners", e->winners);
    if (!(named & VALUE) && e->value != 0) violation(bot, e, "value", e->value);
    if (!(named & CARDS) && e->num_cards != 0) violation(bot, e, "num_cards", e->num_cards);
    for (i = e->num_cards; i < PA_MAX_BOARD_CARDS; ++i)
        if (e->cards[i] != PA_NO_CARD) violation(bot, e, "a card past num_cards", e->cards[i]);
    if (e->padding[0] || e->padding[1] || e->padding[2]) violation(bot, e, "padding", 1);
    if (e->kind == PA_EVENT_HOLE_CARDS) {
        bot->hole_seat = e->seat;
        bot->hole_hand = e->hand_number;
    }
}

static void* event_create(const char* config, uint64_t seed, char* error, size_t error_size) {
    EventBot* bot;
    (void)seed;
    if (config[0]) {
        snprintf(error, error_size, "takes no configuration");
        return NULL;
    }
    bot = (EventBot*)calloc(1, sizeof(EventBot));
    if (bot) bot->hole_seat = -1;
    return bot;
}

static void event_destroy(void* handle) {
    free(handle);
}

static int32_t event_decide(void* handle, const PaView* v, PaAction* action) {
    EventBot* bot = (EventBot*)handle;
    if (bot->hole_hand == v->hand_number && bot->hole_seat != v->seat && !bot->error[0]) {
        snprintf(bot->error, sizeof bot->error, "hole cards of hand %d came with seat %d, not %d",
                 (int)v->hand_number, bot->hole_seat, (int)v->seat);
    }
    if (bot->error[0]) return PA_STATUS_ERROR;
    action->kind = PA_CHECK_CALL;
    action->amount = 0;
    return PA_STATUS_OK;
}

static const char* event_last_error(void* handle) {
    return ((EventBot*)handle)->error;
}

static const PaBotApi kApi = {
    sizeof(PaBotApi), PA_BOT_ABI_VERSION, "event bot", event_create, event_destroy, event_decide,
    event_last_error, event_on_event,     NULL,        NULL,         NULL};

PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) {
    (void)host_abi_version;
    return &kApi;
}
