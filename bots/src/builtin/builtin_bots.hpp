// The built-in bots' factories and parameter lists (private to the bots library), and the
// small betting functions they share.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/bot_params.hpp"

namespace pokerarena::builtin {

std::unique_ptr<Bot> make_random(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_call(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_fold(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_allin(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_tag(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_equity(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_cfr(const BotParams& params, std::uint64_t seed);
// Trains cfr's strategy for these parameters (once a process) before the first instance.
void prepare_cfr(const BotParams& params);
// Why cfr cannot play `game`, "" when it can.
std::string cfr_game_problem(const GameDef& game);

extern const std::span<const BotParamDef> kTagParams;
extern const std::span<const BotParamDef> kEquityParams;
extern const std::span<const BotParamDef> kCfrParams;

// Check when free, else fold: the safe default (also the fault fallback).
inline Action check_or_fold(const LegalActions& legal) {
    return legal.can_check ? Action::check_call() : Action::fold();
}

// A raise to `target` moved into the legal range, or a call when no raise is possible.
inline Action raise_or_call(const LegalActions& legal, Chips target) {
    if (!legal.can_raise) return Action::check_call();
    return Action::raise_to(std::clamp(target, legal.min_raise_to, legal.max_raise_to));
}

// The raise-to that puts `fraction` of the pot in on top of a call: the pot counted after
// calling, as players size bets ("pot-sized raise" = fraction 1).
inline Chips pot_fraction_raise_to(const SeatView& view, double fraction) {
    const Chips pot_after_call = view.pot + view.legal.call_amount;
    return view.current_bet + static_cast<Chips>(fraction * static_cast<double>(pot_after_call));
}

// `out` = the one action `a` (a point mass); true.
inline bool point_mass(Action a, Strategy& out) {
    out.clear();
    out.add({a.kind, a.kind == ActionKind::RaiseTo ? a.amount : 0,
             a.kind == ActionKind::RaiseTo ? a.amount : 0, 1.0});
    return true;
}

// Share of the final pot the seat must win for a call to break even.
inline double pot_odds(const SeatView& view) {
    const Chips call = view.legal.call_amount;
    if (call <= 0) return 0.0;
    return static_cast<double>(call) / static_cast<double>(view.pot + call);
}

// Opponents still holding cards.
inline int live_opponents(const SeatView& view) {
    const SeatMask live = static_cast<SeatMask>(view.dealt_in & ~view.folded);
    return std::popcount(static_cast<unsigned>(live)) - ((live >> view.seat) & 1);
}

// Bets and raises made in `round` so far (the blinds not counted).
inline int raises_in_round(const SeatView& view, int round) {
    int raises = 0;
    for (const RecordedAction& a : view.actions) {
        if (a.round == round && a.kind == ActionKind::RaiseTo) ++raises;
    }
    return raises;
}

}  // namespace pokerarena::builtin
