/*
 * pokerarena_bot.h - the plugin interface of pokerarena bots. Plain C99, no dependencies.
 *
 * A plugin is a shared library (.so) that exports ONE function, pokerarena_bot_api(). The
 * host calls it once after loading the library; it returns a pointer to a constant table
 * of function pointers (PaBotApi). Through that table the host creates one bot instance
 * per seat per table, asks it for decisions and tells it what happens.
 *
 * Rules both sides follow
 * - Chips are int64_t. Amounts of raises are "raise to" totals: the seat's total bet in the
 *   current betting round after the raise (as in PHH), not the increment.
 * - Cards are uint8_t 0..51, card = 4 * rank + suit; rank 0 = deuce .. 12 = ace; suit
 *   0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. PA_NO_CARD (255) marks an unknown card.
 * - Seats are numbered 0..num_seats-1; a seat mask has bit s set for seat s.
 * - The host owns every buffer it passes (views, events, actions, probability arrays); they
 *   are valid only during the call. The plugin owns what it returns (the API table, error
 *   strings), which must stay valid as documented below.
 * - Calls on one handle are never concurrent; different handles may be used from different
 *   threads at the same time, so a plugin must not share mutable state between handles
 *   without its own locking (better: share nothing).
 * - A bot must be deterministic for a given seed: use no other randomness (no time, no
 *   rand(), no global generator).
 * - Nothing may unwind through these functions: a C++ plugin catches every exception and
 *   reports it as PA_STATUS_ERROR with last_error(). (An exception that reaches the host
 *   anyway is caught where the host called: from decide, on_event or new_match it is a fault,
 *   from create a refused instance; from destroy, std::terminate.)
 * - An illegal action, an error status, an unknown action kind or no action written is a
 *   fault: the host counts it, plays check (when free) or fold for the bot instead, and play
 *   goes on.
 */
#ifndef POKERARENA_BOT_H
#define POKERARENA_BOT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ABI version: major in the high 16 bits, minor in the low 16 bits. The host accepts a
 * plugin of the same major version; a minor version only appends fields to the end of
 * the structures, which both sides detect through struct_size (PA_VIEW_HAS_FIELD).
 *   1.0  the first version
 *   1.1  PaView.actions_truncated
 *   1.2  PaBotApi.last_strategy, PaStrategyPart
 *   1.3  PaView.all_hole (Omaha's four hole cards) */
#define PA_BOT_ABI_MAJOR 1u
#define PA_BOT_ABI_MINOR 3u
#define PA_BOT_ABI_VERSION ((PA_BOT_ABI_MAJOR << 16) | PA_BOT_ABI_MINOR)
#define PA_ABI_MAJOR_OF(version) ((uint32_t)(version) >> 16)

#define PA_MAX_SEATS 10         /* seats at a table */
#define PA_MAX_BOARD_CARDS 5    /* community cards */
#define PA_MAX_HOLE_CARDS 2     /* hole cards per seat in PaView.hole (hold'em's) */
#define PA_MAX_ALL_HOLE_CARDS 4 /* hole cards per seat in PaView.all_hole (Omaha's; ABI 1.3) */
#define PA_NO_CARD 255u         /* a card the seat cannot see */

/* Action kinds (PaAction.kind, PaActionRecord.kind, PaEvent.action_kind). */
#define PA_FOLD 0       /* give up the hand */
#define PA_CHECK_CALL 1 /* check when nothing is owed, else call (all-in if short) */
#define PA_RAISE_TO 2   /* bet or raise so that the street total is `amount` */

/* Return values of decide(), action_probabilities() and last_strategy(). */
#define PA_STATUS_OK 0    /* the output was written */
#define PA_STATUS_ERROR 1 /* failure; last_error() says why; the host treats it as a fault */

/* The action a bot chooses; written by decide() into a host-owned struct. */
typedef struct PaAction {
    int32_t kind;    /* PA_FOLD, PA_CHECK_CALL or PA_RAISE_TO */
    int32_t padding; /* ignored; keeps amount 8-byte aligned */
    int64_t amount;  /* PA_RAISE_TO: the street total; ignored otherwise */
} PaAction;

/* ABI 1.2: one part of a mixed strategy (PaBotApi.last_strategy). PA_FOLD and PA_CHECK_CALL
 * parts have lo = hi = 0; a PA_RAISE_TO part covers every raise-to total lo..hi (both
 * included, lo == hi for one amount), each amount equally likely. `probability` is the whole
 * part's. */
typedef struct PaStrategyPart {
    int32_t kind;       /* PA_FOLD, PA_CHECK_CALL or PA_RAISE_TO */
    int32_t padding;    /* ignored */
    int64_t lo;         /* PA_RAISE_TO: the smallest total */
    int64_t hi;         /* PA_RAISE_TO: the largest total */
    double probability; /* in (0, 1]; the parts of one strategy sum to 1 */
} PaStrategyPart;

/* The most parts a strategy may have (the capacity the host passes to last_strategy). */
#define PA_MAX_STRATEGY_PARTS 32

/* What the seat to act may do (only valid in a decide() view). */
typedef struct PaLegal {
    int32_t can_fold;     /* 1 when folding is allowed (it is not when checking is free) */
    int32_t can_check;    /* 1 when nothing is owed */
    int32_t can_raise;    /* 1 when a bet or raise is possible */
    int32_t padding;      /* zero */
    int64_t call_amount;  /* chips added by calling (capped by the stack), 0 for a check */
    int64_t min_raise_to; /* smallest legal raise-to (a short all-in: equals all_in_to) */
    int64_t max_raise_to; /* largest legal raise-to (no-limit: all_in_to) */
    int64_t all_in_to;    /* the street total if the seat puts in its whole stack */
} PaLegal;

/* One action of the hand so far, in order. */
typedef struct PaActionRecord {
    int32_t seat;   /* who acted */
    int32_t kind;   /* PA_FOLD, PA_CHECK_CALL, PA_RAISE_TO */
    int32_t round;  /* 0 preflop, 1 flop, 2 turn, 3 river */
    int32_t all_in; /* 1 if the seat had no chips left afterwards */
    int64_t amount; /* PA_RAISE_TO: street total; PA_CHECK_CALL: chips added; PA_FOLD: 0 */
} PaActionRecord;

/* Everything the seat may know when it must act. Arrays are indexed by seat. */
typedef struct PaView {
    uint32_t struct_size;            /* sizeof(PaView) of the host: fields past it do not exist */
    uint32_t abi_version;            /* the host's PA_BOT_ABI_VERSION */
    int32_t seat;                    /* the seat this view belongs to (always the seat to act) */
    int32_t num_seats;               /* seats at the table, 2..PA_MAX_SEATS */
    int32_t hand_number;             /* 0-based, counts hands of this table */
    int32_t button;                  /* the button seat */
    int32_t round;                   /* 0 preflop, 1 flop, 2 turn, 3 river */
    int32_t hole_cards;              /* hole cards per seat (2 in hold'em, 4 in Omaha) */
    int32_t board_count;             /* community cards dealt so far */
    uint32_t dealt_in;               /* seat mask: seats playing this hand */
    uint32_t folded;                 /* seat mask: seats that folded */
    uint32_t all_in;                 /* seat mask: seats with no chips left */
    uint32_t known_hole;             /* seat mask: seats whose hole cards are shown in `hole` */
    uint32_t padding;                /* zero */
    int64_t big_blind;               /* the big blind (also the minimum bet) */
    int64_t pot;                     /* every chip put in this hand, bets of this round included */
    int64_t current_bet;             /* the highest street total of this round */
    int64_t stacks[PA_MAX_SEATS];    /* chips behind */
    int64_t bets[PA_MAX_SEATS];      /* chips put in this round */
    int64_t committed[PA_MAX_SEATS]; /* chips put in this hand (antes, blinds, bets) */
    uint8_t hole[PA_MAX_SEATS][PA_MAX_HOLE_CARDS]; /* PA_NO_CARD unless in known_hole */
    uint8_t board[PA_MAX_BOARD_CARDS];             /* the first board_count are dealt */
    uint8_t padding2[3];                           /* zero */
    PaLegal legal;                                 /* what the seat may do now */
    const PaActionRecord* actions;                 /* the hand's actions so far (host-owned) */
    int64_t num_actions;                           /* entries in `actions`, at most 255 */
    /* ABI 1.1: 1 when the hand has had more actions than the host keeps (255, see
     * num_actions): `actions` holds the first ones and the rest are missing, so the history is
     * incomplete (stacks, bets and pot stay exact). A host of ABI 1.0 does not have this field:
     * read it only when PA_VIEW_HAS_FIELD(view, actions_truncated). */
    int32_t actions_truncated;
    int32_t padding3; /* zero */
    /* ABI 1.3: every hole card of each seat, the first hole_cards of a row (4 in Omaha, 2 in
     * hold'em; the rest PA_NO_CARD), PA_NO_CARD unless in known_hole. `hole` holds only the
     * first two of them, so a plugin built before 1.3 still plays Omaha, seeing half its hand.
     * Read it only when PA_VIEW_HAS_FIELD(view, all_hole). */
    uint8_t all_hole[PA_MAX_SEATS][PA_MAX_ALL_HOLE_CARDS];
} PaView;

/* Nonzero when the host's view has `field` (a field added by a later minor version than the
 * host's lies past its struct_size and must not be read). */
#define PA_VIEW_HAS_FIELD(view, field) \
    ((view)->struct_size >= offsetof(PaView, field) + sizeof((view)->field))

/* Event kinds (PaEvent.kind), in the order they happen in a hand. */
#define PA_EVENT_HAND_STARTED 0 /* seat = button; amount = chips at the table */
#define PA_EVENT_FORCED_BET 1   /* seat posted amount (ante or blind) */
#define PA_EVENT_HOLE_CARDS 2   /* seat = this bot's seat; cards = its own hole cards */
#define PA_EVENT_BOARD_DEALT 3  /* cards[0..num_cards) were added to the board */
#define PA_EVENT_ACTION 5       /* seat acted: action_kind, action_amount; amount added */
#define PA_EVENT_SHOWDOWN 6     /* seat showed cards[] with hand value `value` */
#define PA_EVENT_POT_AWARDED 7  /* pot `pot_index` of `amount` went to mask `winners` */
#define PA_EVENT_HAND_ENDED 8   /* the hand is over */
/* PA_EVENT_GAME_OVER is reserved and never sent: a host ends a match by new_match or by
 * destroying the bot. */
#define PA_EVENT_GAME_OVER 9
#define PA_EVENT_UNCALLED_RETURN 10 /* `amount` of an uncalled bet went back to seat */

/* A notification; fields not named for a kind are zero (seat: -1), and cards past num_cards
 * are PA_NO_CARD. */
typedef struct PaEvent {
    int32_t kind;          /* PA_EVENT_* */
    int32_t seat;          /* see the kinds above, else -1 */
    int32_t hand_number;   /* the hand it belongs to */
    int32_t round;         /* PA_EVENT_BOARD_DEALT, PA_EVENT_ACTION, PA_EVENT_UNCALLED_RETURN */
    int32_t action_kind;   /* PA_EVENT_ACTION */
    int32_t all_in;        /* PA_EVENT_FORCED_BET, PA_EVENT_ACTION: seat has no chips left */
    int64_t action_amount; /* PA_EVENT_ACTION: raise-to total for PA_RAISE_TO */
    int64_t amount;        /* see the kinds above */
    int32_t pot_index;     /* PA_EVENT_POT_AWARDED: 0 main pot, 1.. side pots */
    uint32_t winners;      /* PA_EVENT_POT_AWARDED: seat mask sharing the pot */
    uint32_t value;        /* PA_EVENT_SHOWDOWN: hand value, higher is better */
    int32_t num_cards;     /* entries of `cards` in use */
    uint8_t cards[PA_MAX_BOARD_CARDS]; /* hole, board or shown cards */
    uint8_t padding[3];                /* zero */
} PaEvent;

/* The table the plugin returns. Required entries are non-NULL; optional ones may be NULL. */
typedef struct PaBotApi {
    /* sizeof(PaBotApi) as the plugin was compiled: the host reads no field past it. */
    uint32_t struct_size;
    /* PA_BOT_ABI_VERSION as the plugin was compiled. */
    uint32_t abi_version;
    /* Required. A short name for reports ("my-bot 1.2"); static storage. */
    const char* name;

    /* Required. A new bot instance for `config` (the text after "PATH.so:" on the command
     * line, "" when none; NUL-terminated) and `seed`. Returns an opaque non-NULL handle, or
     * NULL after writing a NUL-terminated reason of at most error_size bytes (including the
     * NUL) into the host's buffer `error`. */
    void* (*create)(const char* config, uint64_t seed, char* error, size_t error_size);

    /* Required. Frees everything of `handle`; the host never uses it again. */
    void (*destroy)(void* handle);

    /* Required. Writes the action for view->seat into *action and returns PA_STATUS_OK, or
     * returns PA_STATUS_ERROR (then *action is ignored). The host sets action->kind to
     * INT32_MIN before the call: still there after PA_STATUS_OK, it is a fault ("bad answer":
     * no action written), not a check or call. */
    int32_t (*decide)(void* handle, const PaView* view, PaAction* action);

    /* Required. Why the last call on `handle` failed: a NUL-terminated string owned by the
     * handle, valid until the next call on it; "" when nothing failed. */
    const char* (*last_error)(void* handle);

    /* Optional. Tells the bot what it may see (see PaEvent). */
    void (*on_event)(void* handle, const PaEvent* event);

    /* Optional. The bot must forget what it learnt about opponents: the same deals are about
     * to be replayed with the seats swapped (duplicate matches). check-bot calls it between
     * two matches at each of its tables. */
    void (*new_match)(void* handle);

    /* Optional. The probability that decide() would choose each of the `count` candidate
     * actions, written to probabilities[0..count). Each in [0, 1], the sum at most 1 (raises
     * are matched by amount). Returns PA_STATUS_OK or PA_STATUS_ERROR. Only check-bot calls it
     * today (with fold when allowed, check/call, and the minimum and maximum raise as
     * candidates), and checks the status, that each value is in [0, 1] and that the sum is at
     * most 1, and, when the plugin reports strategies (last_strategy), that they agree with the
     * strategy reported for the same decision; runs do not use it. */
    int32_t (*action_probabilities)(void* handle, const PaView* view, const PaAction* candidates,
                                    uint32_t count, double* probabilities);

    /* Optional (ABI 1.2). The mixed strategy that the action the last decide() on `handle`
     * returned was drawn from: every action it could have chosen with a positive probability,
     * raise sizes included. `view` is that decide()'s view again. Writes at most `capacity`
     * (PA_MAX_STRATEGY_PARTS) parts to parts[0..) and their number to *count, and returns
     * PA_STATUS_OK; *count = 0 says "no strategy for this decision". The parts must be legal
     * for the view, must not overlap (one fold part, one check/call part, disjoint raise
     * ranges), and their probabilities must sum to 1 (within 1e-6). It must not draw from the
     * bot's random generator: reporting changes no decision.
     * The host calls it right after decide() when it measures with AIVAT (docs/aivat.md), and
     * check-bot calls it at every decision to test the reports against the actions played. A
     * strategy that breaks these rules, a count above capacity or PA_STATUS_ERROR is not a
     * fault of the decision (its action stands): the strategy is dropped for that decision,
     * and the host counts and names the problem. The host answers action_probabilities
     * requests of its own from a reported strategy, so a plugin that has this need not
     * implement action_probabilities. */
    int32_t (*last_strategy)(void* handle, const PaView* view, PaStrategyPart* parts,
                             uint32_t capacity, uint32_t* count);
} PaBotApi;

/* The one exported function. `host_abi_version` is the host's PA_BOT_ABI_VERSION; return
 * the plugin's table (static storage, valid while the library is loaded), or NULL if the
 * plugin cannot work with that host version. The host checks the table's size and version
 * before using it. Export it with C linkage and default visibility, e.g.:
 *     PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version) { ... }  */
#define PA_BOT_ENTRY_POINT "pokerarena_bot_api"
#if defined(__GNUC__)
#define PA_EXPORT __attribute__((visibility("default")))
#else
#define PA_EXPORT
#endif
typedef const PaBotApi* (*PaBotApiFunction)(uint32_t host_abi_version);
PA_EXPORT const PaBotApi* pokerarena_bot_api(uint32_t host_abi_version);

#ifdef __cplusplus
}
#endif

#endif /* POKERARENA_BOT_H */
