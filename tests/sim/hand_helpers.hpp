// Shared by the all-in EV and AIVAT tests: a cash game, a hand played from a script with
// preset cards, and a sample's mean and variance.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pokerarena/engine/table.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena::test {

inline GameDef cash_game(int seats, Chips stack) {
    GameDef g = GameDef::no_limit_holdem(seats, stack, 1, 2);
    g.reset_stacks_each_hand = true;
    return g;
}

// Presets hole cards ("AsAh" per seat) and the whole board, then plays `script` (one action
// per ActionRequired, in order) until the hand ends. The first hand's button is the last
// seat, so seat 0 posts the small blind (heads-up, the button posts it and seat 0 the big one).
inline void play_scripted(Table& table, const std::vector<std::string>& holes,
                          const std::string& board, const std::vector<Action>& script) {
    PresetCards cards;
    for (std::size_t s = 0; s < holes.size(); ++s) {
        const auto c = parse_cards(holes[s]);
        cards.hole[s] = {c.at(0), c.at(1)};
        cards.hole_known[s] = true;
    }
    const auto b = parse_cards(board);
    for (std::size_t i = 0; i < b.size(); ++i)
        cards.board[i] = b[i];
    cards.board_known = static_cast<int>(b.size());
    table.set_next_hand_cards(cards);
    table.set_pause_mask(pause_bit(EventKind::HandEnded));
    std::size_t next = 0;
    for (;;) {
        const Event e = table.advance();
        if (e.kind == EventKind::HandEnded) break;
        REQUIRE(e.kind == EventKind::ActionRequired);
        REQUIRE(next < script.size());
        const Status st = table.act(script[next++]);
        INFO(st.message);
        REQUIRE(st.ok());
    }
    REQUIRE(next == script.size());
}

inline double mean(const std::vector<double>& x) {
    double s = 0;
    for (double v : x)
        s += v;
    return s / static_cast<double>(x.size());
}

// The sample variance (n - 1 in the denominator).
inline double variance(const std::vector<double>& x) {
    const double m = mean(x);
    double s = 0;
    for (double v : x)
        s += (v - m) * (v - m);
    return s / static_cast<double>(x.size() - 1);
}

}  // namespace pokerarena::test
