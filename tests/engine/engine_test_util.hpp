// Helpers for the engine tests: tables with given stacks, button and cards, a driver that
// plays scripted actions, and a small random generator for the property tests.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "pokerarena/engine/table.hpp"

namespace pokerarena::test {

// Pauses at every action, at the end of each hand and at game over.
inline constexpr std::uint32_t kHandMask = pause_bit(EventKind::HandEnded);

// Hole cards per seat ("AsKd", or "" for dealt from the deck) and a board ("2c7d9hJs3c").
inline PresetCards cards(std::initializer_list<const char*> holes, const char* board) {
    PresetCards p;
    int s = 0;
    for (const char* h : holes) {
        const std::vector<Card> c = parse_cards(h);
        if (!c.empty()) {
            p.hole[s] = {c[0], c[1]};
            p.hole_known[s] = true;
        }
        ++s;
    }
    const std::vector<Card> b = parse_cards(board);
    for (std::size_t i = 0; i < b.size(); ++i)
        p.board[i] = b[i];
    p.board_known = static_cast<int>(b.size());
    return p;
}

// A no-limit table with the given stacks (one per seat) and button, blinds sb/bb, one hand.
inline Table make_table(std::initializer_list<Chips> stacks, int button, Chips sb = 50,
                        Chips bb = 100, std::uint32_t mask = kHandMask) {
    GameDef def = GameDef::no_limit_holdem(static_cast<int>(stacks.size()), 0, sb, bb);
    int s = 0;
    for (Chips c : stacks)
        def.starting_stacks[s++] = c;
    Table t(def, 1, 0);
    t.set_button(button);
    t.set_pause_mask(mask);
    return t;
}

// Advances past other events to the next ActionRequired and requires `seat` to be the seat
// to act (fails if the hand ends first).
inline void expect_turn(Table& t, int seat) {
    Event e = t.advance();
    while (e.kind != EventKind::ActionRequired && e.kind != EventKind::HandEnded &&
           e.kind != EventKind::GameOver)
        e = t.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    REQUIRE(e.seat == seat);
}

// Requires the action to be accepted and the invariants to hold.
inline void act_ok(Table& t, Action a) {
    const Status s = t.act(a);
    INFO(s.message);
    REQUIRE(s.ok());
    std::string why;
    INFO(why);
    REQUIRE(t.check_invariants(&why));
}

// Plays seat/action pairs in order, checking that each seat is the one to act.
struct Step {
    int seat;
    Action action;
};
inline void play(Table& t, std::initializer_list<Step> steps) {
    for (const Step& s : steps) {
        expect_turn(t, s.seat);
        act_ok(t, s.action);
    }
}

// Advances until HandEnded or GameOver (requires no further action), collecting the events.
inline std::vector<Event> finish(Table& t) {
    std::vector<Event> seen;
    for (;;) {
        const Event e = t.advance();
        REQUIRE(e.kind != EventKind::ActionRequired);
        seen.push_back(e);
        if (e.kind == EventKind::HandEnded || e.kind == EventKind::GameOver) return seen;
    }
}

inline std::vector<Event> of_kind(const std::vector<Event>& events, EventKind k) {
    std::vector<Event> out;
    for (const Event& e : events)
        if (e.kind == k) out.push_back(e);
    return out;
}

inline Chips total_stacks(const Table& t) {
    Chips sum = 0;
    for (int s = 0; s < t.game_def().num_seats; ++s)
        sum += t.stack(s);
    return sum;
}

inline Action fold() {
    return Action::fold();
}
inline Action call() {
    return Action::check_call();
}
inline Action check() {
    return Action::check_call();
}
inline Action raise(Chips to) {
    return Action::raise_to(to);
}

// xorshift64: fast, seedable and the same everywhere, so a failing property case can be
// replayed from its seed.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    // Uniform in [lo, hi] (hi >= lo); the modulo bias is irrelevant here.
    std::int64_t range(std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    bool chance(int percent) { return static_cast<int>(next() % 100) < percent; }
};

// A random legal action: fold 15% when facing a bet, call or check 40%, all-in 20%, and a
// raise to a uniform amount between the minimum and the maximum otherwise.
inline Action random_action(Rng& rng, const LegalActions& legal) {
    const int pick = static_cast<int>(rng.range(0, 99));
    if (pick < 15 && legal.can_fold) return Action::fold();
    if (pick < 55 || !legal.can_raise) return Action::check_call();
    if (pick < 75) return Action::raise_to(legal.max_raise_to);  // all-in (no-limit)
    return Action::raise_to(rng.range(legal.min_raise_to, legal.max_raise_to));
}

}  // namespace pokerarena::test
