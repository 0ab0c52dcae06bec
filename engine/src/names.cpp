#include <bit>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/event.hpp"
#include "pokerarena/engine/types.hpp"

namespace pokerarena {

const char* state_name(State s) {
    switch (s) {
        case State::PreHand:
            return "PreHand";
        case State::Dealing:
            return "Dealing";
        case State::Betting:
            return "Betting";
        case State::AwaitingAction:
            return "AwaitingAction";
        case State::Showdown:
            return "Showdown";
        case State::Payout:
            return "Payout";
        case State::GameOver:
            return "GameOver";
    }
    return "?";
}

const char* action_kind_name(ActionKind k) {
    switch (k) {
        case ActionKind::Fold:
            return "fold";
        case ActionKind::CheckCall:
            return "check/call";
        case ActionKind::RaiseTo:
            return "raise to";
    }
    return "?";
}

const char* event_kind_name(EventKind k) {
    switch (k) {
        case EventKind::HandStarted:
            return "HandStarted";
        case EventKind::ForcedBet:
            return "ForcedBet";
        case EventKind::HoleCardsDealt:
            return "HoleCardsDealt";
        case EventKind::BoardDealt:
            return "BoardDealt";
        case EventKind::ActionRequired:
            return "ActionRequired";
        case EventKind::ActionTaken:
            return "ActionTaken";
        case EventKind::Showdown:
            return "Showdown";
        case EventKind::PotAwarded:
            return "PotAwarded";
        case EventKind::HandEnded:
            return "HandEnded";
        case EventKind::GameOver:
            return "GameOver";
        case EventKind::UncalledBetReturned:
            return "UncalledBetReturned";
    }
    return "?";
}

Chips Event::share_of(int seat_index) const {
    const SeatMask bit = static_cast<SeatMask>(1u << seat_index);
    if (kind != EventKind::PotAwarded || !(winners & bit)) return 0;
    const int n = std::popcount(static_cast<unsigned>(winners));
    return amount / n + ((odd_chips & bit) ? 1 : 0);
}

}  // namespace pokerarena
