// Pots and their check-down equity. See pots.hpp.
#include "pokerarena/sim/pots.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "pokerarena/engine/hand_ranking.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "stats/heads_up_preflop.hpp"

namespace pokerarena::sim::detail {

namespace {

constexpr SeatMask seat_bit(int s) {
    return static_cast<SeatMask>(1u << s);
}

constexpr bool one_seat(unsigned m) {
    return m != 0 && (m & (m - 1)) == 0;
}

constexpr bool two_seats(unsigned m) {
    return m != 0 && one_seat(m & (m - 1));
}

template <typename F>
void for_each_seat(SeatMask seats, F&& f) {
    for (unsigned m = seats; m != 0; m &= m - 1)
        f(std::countr_zero(m));
}

// ---------------------------------------------------------------------------------------
// Heads-up preflop matchups.
//
// Random and aggressive bots go all-in preflop heads-up in a large share of their hands (5.6%
// of random-vs-random hands), and each such hand costs a full preflop enumeration: about
// 0.7 ms with the evaluator's suit symmetry, 40 times the cost of playing the hand. A cache
// filled as matchups occur does not pay either: there are 47,008 matchups up to suits and
// seat order, 28 s of CPU to compute them all, and a process-wide cache of them took the cost
// of the adjustments only from 0.44 s to 0.28 s per 10,000 random heads-up hands over the
// first 100,000. So the exact counts of every matchup ship with the
// library (heads_up_preflop_counts.cpp, computed by scripts/make_heads_up_preflop_table.cpp with
// calculate_equity itself).
//
// The counts ship in key order, only for canonical matchups. Once per process (about 6 ms)
// they are spread into a table of the 169 canonical first hands by 1,326 second hands, so a
// lookup is the matchup's key (matchup_key) and one read. The read misses the cache in most
// hands; a table of positions into the shipped array would make it two misses in a row.

constexpr int kStartingHands = 169;  // canonical first hands (rows)

struct HeadsUpCounts {
    std::array<std::int16_t, kPairs> row_of_first{};
    std::vector<std::uint32_t> count;  // by row * kPairs + second pair; 0 if not canonical
};

const HeadsUpCounts& heads_up_counts() {
    static const HeadsUpCounts counts = [] {
        HeadsUpCounts c;
        c.row_of_first.fill(-1);
        c.count.assign(std::size_t{kStartingHands} * kPairs, 0);
        std::int16_t rows = 0;
        std::size_t next = 0;
        for_each_canonical_matchup([&](int key, const HoleCards&, const HoleCards&) {
            auto& row = c.row_of_first[static_cast<std::size_t>(key / kPairs)];
            if (row < 0) row = rows++;
            c.count[static_cast<std::size_t>(row) * kPairs +
                    static_cast<std::size_t>(key % kPairs)] = kHeadsUpPreflopCounts[next++];
        });
        return c;
    }();
    return counts;
}

// The first hand's pot share in half-boards.
std::int64_t heads_up_preflop_count(int key) {
    const HeadsUpCounts& c = heads_up_counts();
    const int row = c.row_of_first[static_cast<std::size_t>(key / kPairs)];
    return c.count[static_cast<std::size_t>(row) * kPairs + static_cast<std::size_t>(key % kPairs)];
}

// ---------------------------------------------------------------------------------------
// Plain enumeration of every run-out, for game shapes the equity module does not take (and
// as the tests' reference for those it does).

// Pot shares in units of 1/5040 of a pot: 5040 = 2 lcm(1..10), so every split among up to ten
// seats, of a whole pot or of a hi-lo half, is a whole number and the counts stay exact
// integers.
constexpr std::int64_t kPotUnits = 5040;

// Under BestFive a hand is valued from Hand sums (the board's added once per run-out); under
// the other rankings (Kuhn's, Leduc's, Omaha's) from the cards, as the engine values a
// showdown. Under Omaha hi-lo a run-out pays half to the best high hand and half to the best
// eight-or-better low when one of the pot's contenders has one, the whole otherwise, as the
// engine splits a pot (odd chips aside).
struct RunOuts {
    HandRanking ranking = HandRanking::BestFive;
    int hole_cards = 0;
    std::array<Hand, kMaxSeats> holes{};
    std::array<std::array<Card, kMaxHoleCards>, kMaxSeats> hole_cards_of{};
    std::array<Card, kMaxBoardCards> board_cards{};
    int board_count = 0;
    std::array<int, kMaxSeats> seats{};
    int contenders = 0;
    std::array<std::int64_t, kMaxSeats> shares{};  // by contender, in pot units
    std::int64_t boards = 0;

    HandValue value(int i, const Hand& board) const {
        if (ranking == HandRanking::BestFive) return evaluate(board + holes[i]);
        return hand_value(ranking, hole_cards_of[static_cast<std::size_t>(i)].data(), hole_cards,
                          board_cards.data(), board_count);
    }

    void finish(const Hand& board) {
        std::array<HandValue, kMaxSeats> values;  // the first `contenders`
        HandValue best = 0;
        for (int i = 0; i < contenders; ++i) {
            values[i] = value(i, board);
            best = std::max(best, values[i]);
        }
        std::array<LowValue, kMaxSeats> lows;  // under hi-lo, the first `contenders`
        LowValue best_low = kNoLow;
        if (ranking == HandRanking::OmahaHiLo) {
            for (int i = 0; i < contenders; ++i) {
                lows[i] = low_hand_value(ranking, hole_cards_of[static_cast<std::size_t>(i)].data(),
                                         hole_cards, board_cards.data(), board_count);
                best_low = std::max(best_low, lows[i]);
            }
        }
        const std::int64_t high_units = best_low != kNoLow ? kPotUnits / 2 : kPotUnits;
        int tied = 0;
        for (int i = 0; i < contenders; ++i)
            tied += values[i] == best;
        for (int i = 0; i < contenders; ++i)
            if (values[i] == best) shares[i] += high_units / tied;
        if (best_low != kNoLow) {
            int low_tied = 0;
            for (int i = 0; i < contenders; ++i)
                low_tied += lows[i] == best_low;
            for (int i = 0; i < contenders; ++i)
                if (lows[i] == best_low) shares[i] += (kPotUnits - high_units) / low_tied;
        }
        ++boards;
    }

    // Every set of `left` cards from `deck`, added to `board`.
    void enumerate(const Hand& board, std::uint64_t deck, int left) {
        if (left == 0) {
            finish(board);
            return;
        }
        // The cards left are counted once, not per card: a popcount is a library call in
        // builds for CPUs without the instruction.
        int remaining = std::popcount(deck);
        for (std::uint64_t m = deck; remaining >= left; m &= m - 1, --remaining) {
            const int c = std::countr_zero(m);
            board_cards[static_cast<std::size_t>(board_count++)] = Card{c};
            enumerate(board + Card{c}, m & (m - 1), left - 1);
            --board_count;
        }
    }
};

int total_board(const GameDef& g) {
    int total = 0;
    for (int round = 0; round < g.num_rounds; ++round)
        total += g.board_cards[round];
    return total;
}

// Hold'em's cards and ranking: what the shipped preflop table and the evaluator's equity
// module know.
bool holdem_cards(const GameDef& g) {
    return g.ranking == HandRanking::BestFive && g.deck_ranks == kAllRanks &&
           g.deck_suits == kAllSuits;
}

bool heads_up_preflop(const HandRecord& r, int known, std::span<const ContestedPot> pots) {
    return known == 0 && pots.size() == 1 && two_seats(pots[0].eligible) &&
           r.dealt_in == pots[0].eligible;
}

}  // namespace

PotLayers layer_pots(const HandRecord& r, const GameDef& game,
                     const std::array<Chips, kMaxSeats>& committed, SeatMask active) {
    // The engine's layering (Table::build_pots). Antes posted by only some seats (the big
    // blind's ante for the table), and every ante under GameDef::dead_antes, are dead money in
    // the main pot.
    bool every_seat_anted = true;
    for_each_seat(r.dealt_in, [&](int s) { every_seat_anted &= r.antes[s] > 0; });
    const bool antes_dead = !every_seat_anted || game.dead_antes;
    std::array<Chips, kMaxSeats> live{};
    Chips dead_antes = 0;
    for (int s = 0; s < r.num_seats; ++s) {
        const Chips dead = antes_dead ? r.antes[s] : 0;
        live[s] = committed[s] - dead;
        dead_antes += dead;
    }
    PotLayers layers;
    // Every remaining player at the same level (the common case: bets called): one pot of
    // everything, as the layering below makes it.
    if (active != 0) {
        const Chips first = live[std::countr_zero(static_cast<unsigned>(active))];
        bool level = true;
        for_each_seat(active, [&](int s) { level &= live[s] == first; });
        if (level) {
            Chips amount = dead_antes;
            for (int s = 0; s < r.num_seats; ++s)
                amount += live[s];
            if (amount > 0) {
                if (one_seat(active))
                    layers.uncontested[std::countr_zero(static_cast<unsigned>(active))] =
                        static_cast<double>(amount);
                else
                    layers.contested[layers.num_contested++] = {static_cast<double>(amount),
                                                                active};
            }
            return layers;
        }
    }
    std::array<Chips, kMaxSeats> levels{};
    int num_levels = 0;
    for_each_seat(active, [&](int s) { levels[num_levels++] = live[s]; });
    std::sort(levels.begin(), levels.begin() + num_levels);
    num_levels =
        static_cast<int>(std::unique(levels.begin(), levels.begin() + num_levels) - levels.begin());

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
        if (amount > 0) {
            if (one_seat(eligible)) {
                layers.uncontested[std::countr_zero(static_cast<unsigned>(eligible))] +=
                    static_cast<double>(amount);
            } else {
                layers.contested[layers.num_contested++] = {static_cast<double>(amount), eligible};
            }
        }
        previous = level;
    }
    return layers;
}

bool cheap_equity(const HandRecord& record, const GameDef& game, int known,
                  std::span<const ContestedPot> pots) {
    return pots.empty() || total_board(game) - known <= 2 ||
           (holdem_cards(game) && game.hole_cards == 2 && heads_up_preflop(record, known, pots));
}

void PotEquity::award(const HandRecord& r, const GameDef& game, int known,
                      std::span<const ContestedPot> pots, std::array<double, kMaxSeats>& award) {
    if (pots.empty()) return;
    record_ = &r;
    game_ = &game;
    known_board_ = known;
    const int board_total = total_board(game);
    const bool holdem_shape = holdem_cards(game) && game.hole_cards == 2 && board_total == 5 &&
                              (known == 0 || known == 3 || known == 4);
    if (!holdem_shape || options_.enumerate_every_board || known == 4) {
        for (const ContestedPot& pot : pots)
            award_by_run_outs(pot, award);
        return;
    }
    const ContestedPot& main = pots[0];
    if (options_.heads_up_preflop_table && heads_up_preflop(r, known, pots)) {
        const int a = std::countr_zero(static_cast<unsigned>(main.eligible));
        const int b = std::countr_zero(static_cast<unsigned>(main.eligible & (main.eligible - 1)));
        const MatchupKey m =
            matchup_key({r.hole[a][0], r.hole[a][1]}, {r.hole[b][0], r.hole[b][1]});
        const std::int64_t first = heads_up_preflop_count(m.key);
        const std::int64_t a_count = m.swapped ? 2 * kPreflopBoards - first : first;
        const double a_share =
            static_cast<double>(a_count) / static_cast<double>(2 * kPreflopBoards);
        const double b_share = static_cast<double>(2 * kPreflopBoards - a_count) /
                               static_cast<double>(2 * kPreflopBoards);
        award[a] += main.amount * a_share;
        award[b] += main.amount * b_share;
        return;
    }
    // The contenders are players in seat order (hero first); every other dealt hand is dead.
    // One enumeration decides every pot (calculate_pot_shares).
    SeatMask contenders = 0;
    for (const ContestedPot& pot : pots)
        contenders |= pot.eligible;
    request_.villains.clear();
    request_.dead = CardSet{};
    std::array<int, kMaxSeats> player_of_seat{};
    std::array<int, kMaxSeats> seat_of_player{};
    int players = 0;
    for_each_seat(r.dealt_in, [&](int s) {
        const HoleCards hole{r.hole[s][0], r.hole[s][1]};
        if (!(contenders & seat_bit(s))) {
            request_.dead.add(hole[0]).add(hole[1]);
            return;
        }
        (players == 0 ? request_.hero : request_.villains.emplace_back()) = hole;
        player_of_seat[s] = players;
        seat_of_player[players++] = s;
    });
    request_.board.assign(r.board.begin(), r.board.begin() + known);
    request_.method = EquityMethod::Exact;
    request_.use_symmetry = true;
    request_.threads = 1;
    std::array<unsigned, kMaxSeats> masks{};
    for (std::size_t k = 0; k < pots.size(); ++k)
        for_each_seat(pots[k].eligible, [&](int s) {
            masks[k] |= 1u << player_of_seat[static_cast<std::size_t>(s)];
        });
    const auto shares = calculate_pot_shares(request_, {masks.data(), pots.size()});
    for (std::size_t k = 0; k < pots.size(); ++k) {
        for (int p = 0; p < players; ++p)
            award[seat_of_player[p]] += pots[k].amount * shares[k][static_cast<std::size_t>(p)];
    }
}

void PotEquity::award_by_run_outs(const ContestedPot& pot, std::array<double, kMaxSeats>& award) {
    const HandRecord& r = *record_;
    RunOuts run_outs;
    run_outs.ranking = game_->ranking;
    run_outs.hole_cards = game_->hole_cards;
    // The game's deck (Kuhn's three cards, Leduc's six), without every dealt card.
    std::uint64_t deck = game_->deck().mask();
    for_each_seat(r.dealt_in, [&](int s) {
        for (int c = 0; c < game_->hole_cards; ++c)
            deck &= ~(std::uint64_t{1} << r.hole[s][c].index());
    });
    Hand board;
    for (int i = 0; i < known_board_; ++i) {
        board.add(r.board[i]);
        run_outs.board_cards[static_cast<std::size_t>(run_outs.board_count++)] = r.board[i];
        deck &= ~(std::uint64_t{1} << r.board[i].index());
    }
    for_each_seat(pot.eligible, [&](int s) {
        Hand hole;
        for (int c = 0; c < game_->hole_cards; ++c) {
            hole.add(r.hole[s][c]);
            run_outs.hole_cards_of[static_cast<std::size_t>(run_outs.contenders)]
                                  [static_cast<std::size_t>(c)] = r.hole[s][c];
        }
        run_outs.seats[run_outs.contenders] = s;
        run_outs.holes[run_outs.contenders++] = hole;
    });
    run_outs.enumerate(board, deck, total_board(*game_) - known_board_);
    const double units = static_cast<double>(kPotUnits) * static_cast<double>(run_outs.boards);
    for (int i = 0; i < run_outs.contenders; ++i)
        award[run_outs.seats[i]] += pot.amount * static_cast<double>(run_outs.shares[i]) / units;
}

void round_to_chip_grid(std::array<double, kMaxSeats>& values, int n) {
    constexpr double kGrid = 1048576.0;  // 2^20
    std::array<double, kMaxSeats> below{};
    std::array<double, kMaxSeats> remainder{};
    double total = 0;
    double floors = 0;
    for (int s = 0; s < n; ++s) {
        const double scaled = values[s] * kGrid;
        below[s] = std::floor(scaled);
        remainder[s] = scaled - below[s];
        total += scaled;
        floors += below[s];
    }
    if (!std::isfinite(total)) return;  // nothing to put on a grid
    // The points above go to the largest remainders, at most n of them; between equal ones,
    // to the seat whose point above is even (as nearbyint rounds halves), so that a value and
    // its negative still round to negatives, then to the lower seat.
    int up = static_cast<int>(std::nearbyint(total - floors));
    std::array<bool, kMaxSeats> raised{};
    const auto above_is_even = [&](int s) { return std::fmod(below[s], 2.0) != 0.0; };
    for (; up > 0; --up) {
        int best = -1;
        for (int s = 0; s < n; ++s) {
            if (raised[s] || remainder[s] <= 0) continue;
            if (best < 0 || remainder[s] > remainder[best] ||
                (remainder[s] == remainder[best] && above_is_even(s) && !above_is_even(best)))
                best = s;
        }
        if (best < 0) break;
        raised[best] = true;
    }
    for (int s = 0; s < n; ++s)
        values[s] = (below[s] + (raised[s] ? 1.0 : 0.0)) / kGrid;
}

}  // namespace pokerarena::sim::detail
