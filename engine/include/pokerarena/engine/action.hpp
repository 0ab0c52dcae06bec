// Actions, the legal actions of the seat to act, and the status act() returns.
#pragma once

#include <cstdint>

#include "pokerarena/engine/types.hpp"

namespace pokerarena {

// Fold; check or call; bet or raise TO an amount (the seat's total for this round, as in PHH).
enum class ActionKind : std::uint8_t { Fold, CheckCall, RaiseTo };

const char* action_kind_name(ActionKind k);

struct Action {
    ActionKind kind = ActionKind::CheckCall;
    Chips amount = 0;  // RaiseTo: the street total; 0 otherwise

    static constexpr Action fold() { return {ActionKind::Fold, 0}; }
    static constexpr Action check_call() { return {ActionKind::CheckCall, 0}; }
    static constexpr Action raise_to(Chips total) { return {ActionKind::RaiseTo, total}; }

    friend bool operator==(const Action&, const Action&) = default;
};

// What the seat to act may do. Amounts are street totals except call_amount.
// - can_fold is false when the seat may check (folding for free is refused, as in PHH).
// - call_amount: chips the seat adds to call, capped by its stack (a call that takes the whole
//   stack is an all-in call and offers no raise).
// - can_raise: a bet or raise is possible. min_raise_to..max_raise_to is the allowed range;
//   an all-in below the full minimum raise is allowed, and then min_raise_to == all_in_to.
//   Fixed-limit: min_raise_to == max_raise_to.
// - all_in_to: the street total if the seat puts in its whole stack.
struct LegalActions {
    bool can_fold = false;
    bool can_check = false;
    Chips call_amount = 0;
    bool can_raise = false;
    Chips min_raise_to = 0;
    Chips max_raise_to = 0;
    Chips all_in_to = 0;

    friend bool operator==(const LegalActions&, const LegalActions&) = default;
};

enum class ErrorCode : std::uint8_t { Ok, WrongState, NotYourTurn, IllegalAction, IllegalAmount };

// The result of act(). On error, message names the rule ("raise to 150 is below the minimum
// raise to 200"); it is formatted into the fixed buffer only on error (no heap).
struct Status {
    ErrorCode code = ErrorCode::Ok;
    char message[128];  // NUL-terminated; "" when ok

    // Only the terminator is written: zeroing the whole buffer would cost more than the
    // action it reports on.
    Status() { message[0] = '\0'; }

    bool ok() const { return code == ErrorCode::Ok; }
};

}  // namespace pokerarena
