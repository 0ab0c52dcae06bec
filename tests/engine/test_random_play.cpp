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
using pokerarena::test::ForcedBets;
using pokerarena::test::random_action;
using pokerarena::test::random_forced_bets;
using pokerarena::test::random_game;
using pokerarena::test::random_given_cards;
using pokerarena::test::random_probe;
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

// Between hands, now and then: given cards, per-seat antes and blinds (straddles, several
// blinds or none), or new stacks (busting seats, bringing busted ones back). Returns the
// chips at the table afterwards.
Chips random_between_hands(Rng& rng, Table& t, const GameDef& def, Chips chips) {
    if (rng.chance(5)) t.set_next_hand_cards(random_given_cards(rng, def));
    if (rng.chance(5)) {
        const ForcedBets bets = random_forced_bets(rng, def);
        t.set_next_hand_forced_bets(bets.antes, bets.blinds);
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
        // The seats of `among` with the best of `values` (0 in `values` never wins).
        auto best_of = [&](unsigned among, const std::array<HandValue, kMaxSeats>& values) {
            HandValue best = 0;
            for (int s = 0; s < def.num_seats; ++s)
                if (among & (1u << s)) best = std::max(best, values[s]);
            unsigned seats = 0;
            for (int s = 0; s < def.num_seats; ++s)
                if ((among & (1u << s)) && values[s] == best && best != 0) seats |= 1u << s;
            return seats;
        };
        // Shares of `chips` for `winners`, odd chips one each from the left of the button.
        auto pay = [&](Chips chips, unsigned winners) {
            const int n = std::popcount(winners);
            Chips odd = chips % n;
            for (int i = 1; i <= def.num_seats; ++i) {
                const int s = (r.button + i) % def.num_seats;
                if (!(winners & (1u << s))) continue;
                award[s] += chips / n + (odd > 0 ? 1 : 0);
                if (odd > 0) --odd;
            }
        };
        if (std::popcount(eligible) <= 1) {
            pay(amount, eligible);
            continue;
        }
        ENSURE((eligible & ~r.shown) == 0);
        const unsigned high = best_of(eligible, r.values);
        // Omaha hi-lo: half (rounded down) to the best low among the pot's contenders, if any.
        const unsigned low =
            def.ranking == HandRanking::OmahaHiLo ? best_of(eligible, r.low_values) : 0;
        if (low != 0 && amount / 2 > 0) {
            pay(amount - amount / 2, high);
            pay(amount / 2, low);
        } else {
            pay(amount, high);
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
