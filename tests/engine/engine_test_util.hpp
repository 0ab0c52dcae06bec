// What the engine tests share: tables with given stacks, button and cards, a driver that
// plays scripted actions, and a small random generator for the property tests.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "pokerarena/engine/table.hpp"

namespace pokerarena::test {

// Pauses at every action, at the end of each hand and at game over.
inline constexpr std::uint32_t kHandMask = pause_bit(EventKind::HandEnded);

// Hole cards per seat ("AsKd", one card "Ks" in games of one, or "" for dealt from the deck)
// and a board ("2c7d9hJs3c").
inline PresetCards cards(std::initializer_list<const char*> holes, const char* board = "") {
    PresetCards p;
    int s = 0;
    for (const char* h : holes) {
        const std::vector<Card> c = parse_cards(h);
        if (!c.empty()) {
            for (std::size_t i = 0; i < c.size() && i < kMaxHoleCards; ++i)
                p.hole[s][i] = c[i];
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

// Plays the table's next hand to its end with random legal actions (a pause mask of
// kHandMask), requiring the invariants after every step.
inline void play_random_hand(Table& t, Rng& rng) {
    for (;;) {
        const Event e = t.advance();
        std::string why;
        const bool invariants_hold = t.check_invariants(&why);
        INFO(why);
        REQUIRE(invariants_hold);
        if (e.kind == EventKind::HandEnded) return;
        REQUIRE(e.kind == EventKind::ActionRequired);
        REQUIRE(t.act(random_action(rng, t.legal_actions())).ok());
    }
}

// A random game for the property tests: 2 to 10 seats, the three betting structures, both
// kinds of ante, short and uneven stacks (all-ins, and so side pots, are frequent), cash
// resets, a hand limit, and now and then another shape (rounds, boards, hole cards).
inline GameDef random_game(Rng& rng) {
    const int seats = static_cast<int>(rng.range(2, 10));
    const Chips bb = rng.chance(50) ? 100 : rng.range(2, 400);
    GameDef def = GameDef::no_limit_holdem(seats, 0, bb / 2, bb);
    // Short and uneven stacks make all-ins, and so side pots, frequent.
    for (int s = 0; s < seats; ++s) {
        const int kind = static_cast<int>(rng.range(0, 9));
        def.starting_stacks[s] = kind < 5   ? rng.range(1, 5 * bb)
                                 : kind < 9 ? rng.range(1, 40 * bb)
                                            : rng.range(1, 400 * bb);
    }
    const int structure = static_cast<int>(rng.range(0, 9));
    if (structure == 8) def.structure = BettingStructure::PotLimit;
    if (structure == 9) {
        def.structure = BettingStructure::FixedLimit;
        def.small_bet = bb;
        def.big_bet = 2 * bb;
        def.raise_cap = static_cast<int>(rng.range(1, 4));
    }
    const int ante = static_cast<int>(rng.range(0, 5));
    if (ante == 4) {
        def.ante_kind = AnteKind::EveryPlayer;
        def.ante = rng.range(1, bb);
    } else if (ante == 5) {
        def.ante_kind = AnteKind::BigBlind;
        def.ante = bb;
    }
    // One game in five has another shape: fewer rounds, other board cards per round, one
    // hole card. The last round is topped up so that every hand can be valued (five cards).
    if (rng.chance(20)) {
        def.hole_cards = static_cast<int>(rng.range(1, 2));
        def.num_rounds = static_cast<int>(rng.range(1, kMaxRounds));
        def.board_cards = {};
        int board = 0;
        for (int r = 0; r < def.num_rounds; ++r) {
            def.board_cards[r] =
                static_cast<int>(rng.range(0, std::min(3, kMaxBoardCards - board)));
            board += def.board_cards[r];
        }
        const int short_of_five = 5 - def.hole_cards - board;
        if (short_of_five > 0) def.board_cards[def.num_rounds - 1] += short_of_five;
    }
    // One game in ten is Omaha (four hole cards, the full board), high or hi-lo: side pots
    // split between high and low hands are then frequent.
    if (rng.chance(10)) {
        def.hole_cards = 4;
        def.num_rounds = 4;
        def.board_cards = {0, 3, 1, 1};
        def.ranking = rng.chance(50) ? HandRanking::OmahaHigh : HandRanking::OmahaHiLo;
    }
    def.reset_stacks_each_hand = rng.chance(25);
    def.max_hands = static_cast<int>(rng.range(1, 60));
    return def;
}

// Given cards for the next hand: hole cards for about half the seats, and the first board
// cards (any number up to the game's board), all distinct.
inline PresetCards random_given_cards(Rng& rng, const GameDef& def) {
    std::array<int, kNumCards> deck{};
    for (int c = 0; c < kNumCards; ++c)
        deck[c] = c;
    int next = 0;
    auto draw = [&] {
        const int pick = static_cast<int>(rng.range(next, kNumCards - 1));
        std::swap(deck[next], deck[pick]);
        return Card{deck[next++]};
    };
    PresetCards given;
    for (int s = 0; s < def.num_seats; ++s) {
        if (!rng.chance(50)) continue;
        given.hole_known[s] = true;
        for (int i = 0; i < def.hole_cards; ++i)
            given.hole[s][i] = draw();
    }
    int board = 0;
    for (int r = 0; r < def.num_rounds; ++r)
        board += def.board_cards[r];
    given.board_known = static_cast<int>(rng.range(0, board));
    for (int i = 0; i < given.board_known; ++i)
        given.board[i] = draw();
    return given;
}

// Per-seat antes and blinds for the next hand: straddles, several blinds or none.
struct ForcedBets {
    std::array<Chips, kMaxSeats> antes{}, blinds{};
};
inline ForcedBets random_forced_bets(Rng& rng, const GameDef& def) {
    ForcedBets bets;
    for (int s = 0; s < def.num_seats; ++s) {
        if (rng.chance(20)) bets.antes[s] = rng.range(1, def.big_blind);
        if (rng.chance(30)) bets.blinds[s] = rng.range(1, 3 * def.big_blind);
    }
    return bets;
}

// Probes, usually illegal: folding, raises outside the range, raising to the current bet, any
// amount, an unknown kind. A table must reject them, or accept one exactly when LegalActions
// says it is legal.
inline Action random_probe(Rng& rng, const Table& t, const LegalActions& legal) {
    switch (rng.range(0, 5)) {
        case 0:
            return Action::fold();
        case 1:
            return Action::raise_to(legal.min_raise_to - rng.range(1, 3));
        case 2:
            return Action::raise_to(legal.max_raise_to + rng.range(1, 3));
        case 3:
            return Action::raise_to(t.current_bet());
        case 4:
            return Action::raise_to(rng.range(-5, legal.all_in_to + 5));
        default:
            return Action{static_cast<ActionKind>(rng.range(0, 3)), rng.range(0, 1000)};
    }
}

}  // namespace pokerarena::test
