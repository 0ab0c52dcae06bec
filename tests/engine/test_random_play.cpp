// Property test: random matches with random legal and illegal actions, random game shapes
// (rounds, board cards, hole cards), and between hands given cards, per-seat antes and blinds,
// and new stacks. After every step the invariants hold; every legal action is accepted and
// every illegal one rejected with the table unchanged; every hand ends; chips are conserved
// across hands; every hand's payout agrees with an independent reference.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "engine_test_util.hpp"
#include "pokerarena/engine/table.hpp"

using namespace pokerarena;
using pokerarena::test::random_action;
using pokerarena::test::Rng;

namespace {

bool is_legal(const LegalActions& legal, Action a) {
    switch (a.kind) {
        case ActionKind::Fold:
            return legal.can_fold;
        case ActionKind::CheckCall:
            return true;
        case ActionKind::RaiseTo:
            return legal.can_raise && a.amount >= legal.min_raise_to &&
                   a.amount <= legal.max_raise_to;
    }
    return false;
}

GameDef random_game(Rng& rng) {
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
        def.hole_cards = static_cast<int>(rng.range(1, kMaxHoleCards));
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
    def.reset_stacks_each_hand = rng.chance(25);
    def.max_hands = static_cast<int>(rng.range(1, 60));
    return def;
}

// Between hands, now and then: given cards, per-seat antes and blinds (straddles, several
// blinds or none), or new stacks (busting seats, bringing busted ones back). Returns the
// chips at the table afterwards.
Chips random_between_hands(Rng& rng, Table& t, const GameDef& def, Chips chips) {
    if (rng.chance(5)) {
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
        t.set_next_hand_cards(given);
    }
    if (rng.chance(5)) {
        std::array<Chips, kMaxSeats> antes{}, blinds{};
        for (int s = 0; s < def.num_seats; ++s) {
            if (rng.chance(20)) antes[s] = rng.range(1, def.big_blind);
            if (rng.chance(30)) blinds[s] = rng.range(1, 3 * def.big_blind);
        }
        t.set_next_hand_forced_bets(antes, blinds);
    }
    if (rng.chance(3)) {
        std::array<Chips, kMaxSeats> stacks{};
        chips = 0;
        for (int s = 0; s < def.num_seats; ++s) {
            stacks[s] = rng.chance(20) ? 0 : rng.range(1, 50 * def.big_blind);
            chips += stacks[s];
        }
        if (chips == 0) {
            stacks[0] = def.big_blind;
            chips = def.big_blind;
        }
        t.set_stacks(stacks);
    }
    return chips;
}

// Probes that should all be rejected or, if legal by LegalActions, accepted.
Action random_probe(Rng& rng, const Table& t, const LegalActions& legal) {
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

// Catch2 assertions cost far more than the engine step they check; this one is counted only
// when it fails, which keeps a million hands within the test budget.
#define ENSURE(cond)                 \
    do {                             \
        if (!(cond)) FAIL("" #cond); \
    } while (false)

void check(const Table& t) {
    std::string why;
    if (!t.check_invariants(&why)) FAIL(why);
}

void check_finished_hand(const Table& t, const GameDef& def, Chips chips) {
    const HandRecord& r = t.last_hand();
    ENSURE(r.finished);
    Chips net = 0, now = 0;
    for (int s = 0; s < def.num_seats; ++s) {
        net += r.net[s];
        now += t.stack(s);
    }
    ENSURE(net == 0);
    if (!def.reset_stacks_each_hand) ENSURE(now == chips);
}

// An independent payout reference: the pots re-derived by plain layering of everything each
// seat put in (antes included when every seat dealt in posted one; otherwise the antes are
// dead money in the main pot), each awarded to the best shown hands among the seats that
// reached it, odd chips to the winners first left of the button. The final stacks must agree.
void check_payout(const Table& t, const GameDef& def) {
    const HandRecord& r = t.last_hand();
    const SeatMask contenders = r.dealt_in & ~t.folded();
    bool every_seat_anted = true;
    for (int s = 0; s < def.num_seats; ++s)
        if (r.dealt_in & (1u << s)) every_seat_anted &= r.antes[s] > 0;
    std::array<Chips, kMaxSeats> layered{};
    Chips dead = 0;
    for (int s = 0; s < def.num_seats; ++s) {
        const Chips ante_dead = every_seat_anted ? 0 : r.antes[s];
        layered[s] = t.committed(s) - ante_dead;
        dead += ante_dead;
    }
    std::vector<Chips> levels;
    for (int s = 0; s < def.num_seats; ++s)
        if (contenders & (1u << s)) levels.push_back(layered[s]);
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    std::array<Chips, kMaxSeats> award{};
    Chips previous = 0;
    for (std::size_t l = 0; l < levels.size(); ++l) {
        Chips amount = l == 0 ? dead : 0;
        SeatMask eligible = 0;
        for (int s = 0; s < def.num_seats; ++s) {
            const bool top = l + 1 == levels.size();
            amount += (top ? layered[s] : std::min(layered[s], levels[l])) -
                      std::min(layered[s], previous);
            if ((contenders & (1u << s)) && layered[s] >= levels[l]) eligible |= 1u << s;
        }
        previous = levels[l];
        if (amount == 0) continue;
        SeatMask winners = eligible;
        if (std::popcount(eligible) > 1) {
            ENSURE((eligible & ~r.shown) == 0);
            HandValue best = 0;
            for (int s = 0; s < def.num_seats; ++s)
                if (eligible & (1u << s)) best = std::max(best, r.values[s]);
            winners = 0;
            for (int s = 0; s < def.num_seats; ++s)
                if ((eligible & (1u << s)) && r.values[s] == best) winners |= 1u << s;
        }
        const int n = std::popcount(winners);
        Chips odd = amount % n;
        for (int i = 1; i <= def.num_seats; ++i) {
            const int s = (r.button + i) % def.num_seats;
            if (!(winners & (1u << s))) continue;
            award[s] += amount / n + (odd > 0 ? 1 : 0);
            if (odd > 0) --odd;
        }
    }
    for (int s = 0; s < def.num_seats; ++s)
        ENSURE(r.final_stacks[s] == r.starting_stacks[s] - t.committed(s) + award[s]);
}

// Plays random matches until `hands` hands have been played; returns the steps taken.
std::int64_t play_random(std::uint64_t seed, int hands) {
    Rng rng{seed * 0x9E3779B97F4A7C15ULL + 1};
    std::int64_t steps = 0;
    int played = 0;
    std::uint64_t table_id = 0;
    while (played < hands) {
        const GameDef def = random_game(rng);
        Table t(def, seed, table_id++);
        // Half the tables pause on every event, so that the invariants are checked after each
        // step of the slow path too; the others run the fast path between decisions.
        t.set_pause_mask(rng.chance(50) ? kPauseOnEveryEvent : pause_bit(EventKind::HandEnded));
        Chips chips = 0;
        for (int s = 0; s < def.num_seats; ++s)
            chips += def.starting_stacks[s];
        int steps_this_hand = 0;
        for (;;) {
            const Event e = t.advance();
            ++steps;
            check(t);
            ENSURE(++steps_this_hand < 100000);  // every hand ends
            if (e.kind == EventKind::GameOver) {
                // The match ends by the hand limit or with one seat holding every chip.
                ENSURE((t.hands_played() == def.max_hands || e.seat >= 0));
                const Table copy = t;
                ENSURE(t.advance().kind == EventKind::GameOver);
                ENSURE(t == copy);
                break;
            }
            if (e.kind == EventKind::HandEnded) {
                check_finished_hand(t, def, chips);
                check_payout(t, def);
                ++played;
                steps_this_hand = 0;
                chips = random_between_hands(rng, t, def, chips);
                continue;
            }
            if (e.kind != EventKind::ActionRequired) continue;

            ENSURE(e.seat == t.seat_to_act());
            const LegalActions legal = t.legal_actions();
            if (legal.can_raise) {
                ENSURE(legal.min_raise_to > t.current_bet());
                ENSURE(legal.min_raise_to <= legal.max_raise_to);
                ENSURE(legal.max_raise_to <= legal.all_in_to);
            }
            ENSURE(legal.can_fold != legal.can_check);

            if (rng.chance(30)) {
                // A probe, usually illegal: rejected with the table unchanged, or accepted
                // exactly when LegalActions says it is legal.
                const Table copy = t;
                const Action probe = random_probe(rng, t, legal);
                const bool wrong_seat = rng.chance(20);
                const int seat = wrong_seat
                                     ? static_cast<int>((e.seat + rng.range(1, def.num_seats - 1)) %
                                                        def.num_seats)
                                     : e.seat;
                const Status s = t.act(seat, probe);
                if (wrong_seat) {
                    ENSURE(s.code == ErrorCode::NotYourTurn);
                    ENSURE(t == copy);
                } else if (is_legal(legal, probe)) {
                    ENSURE(s.ok());
                    check(t);
                    continue;
                } else {
                    ENSURE(!s.ok());
                    ENSURE(s.message[0] != '\0');
                    ENSURE(t == copy);
                }
                // Resuming while an action is awaited changes nothing.
                ENSURE(t.advance().kind == EventKind::ActionRequired);
                ENSURE(t == copy);
            }
            const Status s = t.act(random_action(rng, legal));
            ENSURE(s.ok());
            check(t);
        }
    }
    return steps;
}

}  // namespace

// 4 x 250,000 hands, split so that ctest -j runs them in parallel.
TEST_CASE("random play 1: invariants hold and illegal actions change nothing", "[random]") {
    CHECK(play_random(1, 250000) > 0);
}
TEST_CASE("random play 2: invariants hold and illegal actions change nothing", "[random]") {
    CHECK(play_random(2, 250000) > 0);
}
TEST_CASE("random play 3: invariants hold and illegal actions change nothing", "[random]") {
    CHECK(play_random(3, 250000) > 0);
}
TEST_CASE("random play 4: invariants hold and illegal actions change nothing", "[random]") {
    CHECK(play_random(4, 250000) > 0);
}
