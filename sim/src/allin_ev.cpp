// All-in adjusted winnings. See allin_ev.hpp for what is computed.
#include "pokerarena/sim/allin_ev.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>
#include <utility>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena::sim {

namespace {

constexpr SeatMask seat_bit(int s) {
    return static_cast<SeatMask>(1u << s);
}

template <typename F>
void for_each_seat(SeatMask seats, F&& f) {
    for (unsigned m = seats; m != 0; m &= m - 1)
        f(std::countr_zero(m));
}

// ---------------------------------------------------------------------------------------
// Heads-up preflop matchups, shared by every thread.
//
// Random and aggressive bots go all-in preflop heads-up in a large share of their hands, and
// each such hand costs a full preflop enumeration (about 0.7 ms with the evaluator's suit
// symmetry). A cache per work unit would rarely hit: there are about 34,000 matchups up to
// suits and seat order, and a unit sees a few thousand all-ins. So the table is process-wide
// and lock-free: one atomic word per matchup holding its exact count, stored with relaxed
// order. Two threads may compute the same matchup at once; both store the same number, so the
// race costs one duplicate computation and never a different result. A mutex or a concurrent
// map would make every lookup pay for a contention that almost never happens.
//
// A matchup is keyed by its lexicographically smallest form (pair index of the first hand,
// pair index of the second) over the 24 suit relabellings and both seat orders. The first hand
// of that form is one of the 169 canonical starting hands, so the table is 169 rows of 1,326
// slots (1.8 MB of zero pages until touched; most slots of a row are never canonical and never
// touched). A slot holds 1 + the first hand's pot share counted in half-boards (2 * wins +
// ties over the C(48, 5) = 1,712,304 boards), 0 when not computed yet. Storing the integer,
// not a double, makes the second seat's share exact too (2 * boards - count).

constexpr int kPairs = kNumCards * (kNumCards - 1) / 2;  // 1,326 two-card hands
constexpr int kStartingHands = 169;                      // up to suits
constexpr std::int64_t kPreflopBoards = 1'712'304;       // C(48, 5)

constexpr int pair_index(int a, int b) {
    if (a < b) std::swap(a, b);
    return a * (a - 1) / 2 + b;
}

constexpr std::array<std::array<int, kNumSuits>, 24> kSuitRelabellings = [] {
    std::array<std::array<int, kNumSuits>, 24> all{};
    std::array<int, kNumSuits> p{0, 1, 2, 3};
    for (auto& q : all) {
        q = p;
        std::next_permutation(p.begin(), p.end());
    }
    return all;
}();

constexpr int relabel(Card c, const std::array<int, kNumSuits>& suits) {
    return 4 * c.rank() + suits[static_cast<std::size_t>(c.suit())];
}

// Row of each canonical first hand (its smallest pair index over relabellings); -1 otherwise.
const std::array<std::int16_t, kPairs>& starting_hand_rows() {
    static const std::array<std::int16_t, kPairs> rows = [] {
        std::array<std::int16_t, kPairs> r{};
        r.fill(-1);
        std::int16_t next = 0;
        for (int a = 1; a < kNumCards; ++a) {
            for (int b = 0; b < a; ++b) {
                int smallest = kPairs;
                for (const auto& suits : kSuitRelabellings)
                    smallest = std::min(
                        smallest, pair_index(relabel(Card{a}, suits), relabel(Card{b}, suits)));
                if (smallest == pair_index(a, b)) r[static_cast<std::size_t>(smallest)] = next++;
            }
        }
        return r;
    }();
    return rows;
}

std::array<std::atomic<std::uint64_t>, std::size_t{kStartingHands} * kPairs> heads_up_counts;

struct HeadsUpMatchup {
    HoleCards first{};
    HoleCards second{};
    bool swapped = false;  // `first` is the second seat's hand
    std::size_t slot = 0;
};

HeadsUpMatchup canonical_matchup(const HoleCards& a, const HoleCards& b) {
    HeadsUpMatchup best;
    int best_key = std::numeric_limits<int>::max();
    for (const auto& suits : kSuitRelabellings) {
        const std::array<int, 4> c = {relabel(a[0], suits), relabel(a[1], suits),
                                      relabel(b[0], suits), relabel(b[1], suits)};
        for (int swapped = 0; swapped < 2; ++swapped) {
            const int f = 2 * swapped;  // first hand's cards in c
            const int s = 2 - f;
            const int key = pair_index(c[f], c[f + 1]) * kPairs + pair_index(c[s], c[s + 1]);
            if (key >= best_key) continue;
            best_key = key;
            best.first = {Card{c[f]}, Card{c[f + 1]}};
            best.second = {Card{c[s]}, Card{c[s + 1]}};
            best.swapped = swapped != 0;
        }
    }
    const int row = starting_hand_rows()[static_cast<std::size_t>(best_key / kPairs)];
    best.slot =
        static_cast<std::size_t>(row) * kPairs + static_cast<std::size_t>(best_key % kPairs);
    return best;
}

// The first hand's pot share in half-boards.
std::int64_t heads_up_preflop_count(const HeadsUpMatchup& m, EquityRequest& request) {
    request.method = EquityMethod::Exact;
    request.use_symmetry = true;
    request.threads = 1;
    request.hero = m.first;
    request.villains.assign(1, m.second);
    request.board.clear();
    request.dead = CardSet{};
    const EquityResult r = calculate_equity(request);
    return 2 * static_cast<std::int64_t>(r.players[0].wins) +
           static_cast<std::int64_t>(r.players[0].ties);
}

// ---------------------------------------------------------------------------------------
// Plain enumeration of every run-out, for game shapes the equity module does not take (and
// as the tests' reference for those it does).

// Pot shares in units of 1/2520 of a pot: 2520 = lcm(1..10), so every split among up to ten
// seats is a whole number and the counts stay exact integers.
constexpr std::int64_t kPotUnits = 2520;

struct RunOuts {
    std::array<Hand, kMaxSeats> holes{};
    std::array<int, kMaxSeats> seats{};
    int contenders = 0;
    std::array<std::int64_t, kMaxSeats> shares{};  // by contender, in pot units
    std::int64_t boards = 0;

    void finish(const Hand& board) {
        std::array<HandValue, kMaxSeats> values{};
        HandValue best = 0;
        for (int i = 0; i < contenders; ++i) {
            values[i] = evaluate(board + holes[i]);
            best = std::max(best, values[i]);
        }
        int tied = 0;
        for (int i = 0; i < contenders; ++i)
            tied += values[i] == best;
        for (int i = 0; i < contenders; ++i)
            if (values[i] == best) shares[i] += kPotUnits / tied;
        ++boards;
    }

    // Every set of `left` cards from `deck`, added to `board`.
    void enumerate(const Hand& board, std::uint64_t deck, int left) {
        if (left == 0) {
            finish(board);
            return;
        }
        for (std::uint64_t m = deck; std::popcount(m) >= left; m &= m - 1) {
            const int c = std::countr_zero(m);
            enumerate(board + Card{c}, m & (m - 1), left - 1);
        }
    }
};

}  // namespace

bool AllinEvaluator::adjust(const Table& table, std::array<double, kMaxSeats>& net) {
    const HandRecord& r = table.last_hand();
    const GameDef& g = table.game_def();
    if (!r.finished || r.actions_truncated) return false;

    SeatMask folded = 0;
    for (int i = 0; i < r.num_actions; ++i)
        if (r.actions[i].kind == ActionKind::Fold) folded |= seat_bit(r.actions[i].seat);
    const SeatMask active = static_cast<SeatMask>(r.dealt_in & ~folded);
    if (std::popcount(active) < 2) return false;
    int with_chips = 0;
    for_each_seat(active, [&](int s) { with_chips += table.committed(s) < r.starting_stacks[s]; });
    if (with_chips > 1) return false;

    const int last_round = r.num_actions > 0 ? r.actions[r.num_actions - 1].round : 0;
    int known = 0, total = 0;
    for (int round = 0; round < g.num_rounds; ++round) {
        total += g.board_cards[round];
        if (round <= last_round) known += g.board_cards[round];
    }
    if (known >= total || r.board_count != total) return false;

    record_ = &r;
    game_ = &g;
    known_board_ = known;

    // The engine's layering (Table::build_pots), from what each seat has in once uncalled
    // bets were returned. Antes posted by only some seats (the big blind's ante for the
    // table) are dead money in the main pot.
    bool every_seat_anted = true;
    for_each_seat(r.dealt_in, [&](int s) { every_seat_anted &= r.antes[s] > 0; });
    std::array<Chips, kMaxSeats> live{};
    Chips dead_antes = 0;
    for (int s = 0; s < r.num_seats; ++s) {
        const Chips dead = every_seat_anted ? 0 : r.antes[s];
        live[s] = table.committed(s) - dead;
        dead_antes += dead;
    }
    std::array<Chips, kMaxSeats> levels{};
    int num_levels = 0;
    for_each_seat(active, [&](int s) { levels[num_levels++] = live[s]; });
    std::sort(levels.begin(), levels.begin() + num_levels);
    num_levels =
        static_cast<int>(std::unique(levels.begin(), levels.begin() + num_levels) - levels.begin());

    std::array<double, kMaxSeats> award{};
    Chips previous = 0;
    for (int l = 0; l < num_levels; ++l) {
        const Chips level = levels[l];
        Chips amount = l == 0 ? dead_antes : 0;
        SeatMask eligible = 0;
        for (int s = 0; s < r.num_seats; ++s) {
            if (live[s] > previous) amount += std::min(live[s], level) - previous;
            if ((active & seat_bit(s)) && live[s] >= level) eligible |= seat_bit(s);
        }
        // Chips above the top level (none once the uncalled bet is back) join the last pot,
        // as the engine adds them.
        if (l == num_levels - 1)
            for (int s = 0; s < r.num_seats; ++s)
                if (live[s] > level) amount += live[s] - level;
        if (amount > 0) award_pot(static_cast<double>(amount), eligible, award);
        previous = level;
    }

    for (int s = 0; s < kMaxSeats; ++s)
        net[s] = s < r.num_seats ? award[s] - static_cast<double>(table.committed(s)) : 0.0;
    return true;
}

void AllinEvaluator::award_pot(double amount, SeatMask eligible,
                               std::array<double, kMaxSeats>& award) {
    const HandRecord& r = *record_;
    const int contenders = std::popcount(eligible);
    if (contenders == 1) {
        award[std::countr_zero(static_cast<unsigned>(eligible))] += amount;
        return;
    }
    const int total_board = r.board_count;
    const bool holdem_shape = game_->hole_cards == 2 && total_board == 5 &&
                              (known_board_ == 0 || known_board_ == 3 || known_board_ == 4);

    if (holdem_shape && !options_.enumerate_every_board) {
        if (options_.share_heads_up_preflop && contenders == 2 && known_board_ == 0 &&
            r.dealt_in == eligible) {
            const int a = std::countr_zero(static_cast<unsigned>(eligible));
            const int b = std::countr_zero(static_cast<unsigned>(eligible & (eligible - 1)));
            const HeadsUpMatchup m =
                canonical_matchup({r.hole[a][0], r.hole[a][1]}, {r.hole[b][0], r.hole[b][1]});
            std::atomic<std::uint64_t>& slot = heads_up_counts[m.slot];
            std::uint64_t stored = slot.load(std::memory_order_relaxed);
            if (stored == 0) {
                stored = static_cast<std::uint64_t>(heads_up_preflop_count(m, request_)) + 1;
                slot.store(stored, std::memory_order_relaxed);
            }
            const auto first = static_cast<std::int64_t>(stored - 1);
            const std::int64_t a_count = m.swapped ? 2 * kPreflopBoards - first : first;
            const double a_share =
                static_cast<double>(a_count) / static_cast<double>(2 * kPreflopBoards);
            const double b_share = static_cast<double>(2 * kPreflopBoards - a_count) /
                                   static_cast<double>(2 * kPreflopBoards);
            award[a] += amount * a_share;
            award[b] += amount * b_share;
            return;
        }
        // Hero is the first contender, villains the others in seat order; every other dealt
        // hand is dead.
        request_.villains.clear();
        request_.dead = CardSet{};
        bool hero_set = false;
        for_each_seat(r.dealt_in, [&](int s) {
            const HoleCards hole{r.hole[s][0], r.hole[s][1]};
            if (!(eligible & seat_bit(s))) {
                request_.dead.add(hole[0]).add(hole[1]);
            } else if (!hero_set) {
                request_.hero = hole;
                hero_set = true;
            } else {
                request_.villains.push_back(hole);
            }
        });
        request_.board.assign(r.board.begin(), r.board.begin() + known_board_);
        request_.method = EquityMethod::Exact;
        request_.use_symmetry = true;
        request_.threads = 1;
        const EquityResult result = calculate_equity(request_);
        int i = 0;
        for_each_seat(eligible, [&](int s) { award[s] += amount * result.players[i++].equity; });
        return;
    }

    RunOuts run_outs;
    std::uint64_t deck = CardSet::kFullMask;
    for_each_seat(r.dealt_in, [&](int s) {
        for (int c = 0; c < game_->hole_cards; ++c)
            deck &= ~(std::uint64_t{1} << r.hole[s][c].index());
    });
    Hand board;
    for (int i = 0; i < known_board_; ++i) {
        board.add(r.board[i]);
        deck &= ~(std::uint64_t{1} << r.board[i].index());
    }
    for_each_seat(eligible, [&](int s) {
        Hand hole;
        for (int c = 0; c < game_->hole_cards; ++c)
            hole.add(r.hole[s][c]);
        run_outs.seats[run_outs.contenders] = s;
        run_outs.holes[run_outs.contenders++] = hole;
    });
    run_outs.enumerate(board, deck, total_board - known_board_);
    const double units = static_cast<double>(kPotUnits) * static_cast<double>(run_outs.boards);
    for (int i = 0; i < contenders; ++i)
        award[run_outs.seats[i]] += amount * static_cast<double>(run_outs.shares[i]) / units;
}

}  // namespace pokerarena::sim
