// Generates the evaluator's tables as C++ source at build time, so they are constant data
// in the binary: nothing to compute or load at start-up. Packing the perfect hash takes
// about a second, which is why it is not done at start-up.
//
// Usage: make_tables OUTPUT.cpp
//
// The value layout (value = category << 12 | within):
//   high card, flush    colex index of the five ranks: C(r1,1) + C(r2,2) + ... + C(r5,5) for
//                       ranks r1 < ... < r5, which orders by the highest rank first (< 1,287)
//   one pair            pair * 286 + colex index of the three kickers (286 = C(13,3))
//   two pair            high pair * 169 + low pair * 13 + kicker
//   three of a kind     trips * 78 + colex index of the two kickers (78 = C(13,2))
//   straight, str. fl.  rank of the top card (3 for the wheel, five high)
//   full house          trips * 13 + pair
//   four of a kind      quads * 13 + kicker
// Every field is ordered the way poker orders hands, so comparing values compares hands.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <vector>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {
namespace detail {
namespace {

constexpr int choose(int n, int k) {
    if (k < 0 || n < k) return 0;
    int r = 1;
    for (int i = 1; i <= k; ++i)
        r = r * (n - k + i) / i;
    return r;
}

// Colex index of the highest `count` ranks set in `mask` (ranks as bits 0..12).
int colex_top(std::uint32_t mask, int count) {
    int ranks[5];
    int n = 0;
    for (int r = kNumRanks - 1; r >= 0 && n < count; --r) {
        if (mask >> r & 1) ranks[n++] = r;
    }
    int index = 0;
    for (int i = 0; i < count; ++i)
        index += choose(ranks[i], count - i);
    return index;
}

int highest(std::uint32_t mask) {
    return 31 - std::countl_zero(mask);
}

HandValue make_value(Category c, int within) {
    return static_cast<HandValue>(static_cast<int>(c) << 12 | within);
}

// Top rank of the best straight in a rank mask, or -1.
int straight_top(std::uint32_t mask) {
    const std::uint32_t with_low_ace = mask << 1 | (mask >> 12 & 1);  // bit 0 = ace as one
    for (int top = 12; top >= 3; --top) {
        const std::uint32_t run = 0x1Fu << (top - 3);  // bits top-3 .. top+1 in shifted terms
        if ((with_low_ace & run) == run) return top;
    }
    return -1;
}

HandValue flush_value(std::uint32_t suit_mask) {
    if (const int top = straight_top(suit_mask); top >= 0) {
        return make_value(Category::StraightFlush, top);
    }
    return make_value(Category::Flush, colex_top(suit_mask, 5));
}

// The best five of a rank multiset that holds no flush.
HandValue rank_multiset_value(const std::array<int, kNumRanks>& counts) {
    std::uint32_t present = 0, pairs = 0, trips = 0, quads = 0;
    for (int r = 0; r < kNumRanks; ++r) {
        const std::uint32_t bit = 1u << r;
        if (counts[r] >= 1) present |= bit;
        if (counts[r] == 2) pairs |= bit;
        if (counts[r] == 3) trips |= bit;
        if (counts[r] == 4) quads |= bit;
    }
    if (quads) {
        const int q = highest(quads);
        return make_value(Category::FourOfAKind, q * 13 + highest(present & ~(1u << q)));
    }
    if (trips && (std::popcount(trips) >= 2 || pairs)) {
        const int t = highest(trips);
        const int p = highest((trips & ~(1u << t)) | pairs);
        return make_value(Category::FullHouse, t * 13 + p);
    }
    if (const int top = straight_top(present); top >= 0) {
        return make_value(Category::Straight, top);
    }
    if (trips) {
        const int t = highest(trips);
        return make_value(Category::ThreeOfAKind, t * 78 + colex_top(present & ~(1u << t), 2));
    }
    if (std::popcount(pairs) >= 2) {
        const int h = highest(pairs);
        const int l = highest(pairs & ~(1u << h));
        const int k = highest(present & ~(1u << h) & ~(1u << l));
        return make_value(Category::TwoPair, h * 169 + l * 13 + k);
    }
    if (pairs) {
        const int p = highest(pairs);
        return make_value(Category::OnePair, p * 286 + colex_top(present & ~(1u << p), 3));
    }
    return make_value(Category::HighCard, colex_top(present, 5));
}

struct Entry {
    std::uint32_t key;
    HandValue value;
};

// Every rank multiset of 5 to 7 cards with at most 4 of a rank.
void collect(int rank, int cards, std::uint32_t key, std::array<int, kNumRanks>& counts,
             std::vector<Entry>& out) {
    if (rank == kNumRanks) {
        if (cards >= 5) out.push_back({key, rank_multiset_value(counts)});
        return;
    }
    for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
        counts[rank] = n;
        collect(rank + 1, cards + n, key + static_cast<std::uint32_t>(n) * kRankKeys[rank], counts,
                out);
    }
    counts[rank] = 0;
}

EvalTables build_tables() {
    EvalTables t{};
    for (std::uint32_t m = 0; m < t.flush_values.size(); ++m) {
        t.flush_values[m] = std::popcount(m) >= 5 ? flush_value(m) : 0;
    }

    std::vector<Entry> entries;
    entries.reserve(80000);
    std::array<int, kNumRanks> counts{};
    collect(0, 0, 0, counts, entries);

    // Rows, fullest first, each placed at the lowest even displacement where none of its
    // columns lands on an occupied slot (first-fit decreasing).
    std::vector<std::vector<std::uint32_t>> rows(kRows);  // the slots' columns, per row
    std::vector<std::vector<HandValue>> row_values(kRows);
    for (const Entry& e : entries) {
        const std::uint32_t h = scramble_rank_key(e.key);
        rows[h >> kColumnBits].push_back(h & kColumnMask);
        row_values[h >> kColumnBits].push_back(e.value);
    }
    std::vector<std::uint32_t> order(kRows);
    for (std::uint32_t i = 0; i < kRows; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return rows[a].size() > rows[b].size();
    });

    std::vector<std::uint8_t> used(kRankSlots + kColumnMask + 2, 0);
    for (std::uint32_t row : order) {
        const auto& columns = rows[row];
        if (columns.empty()) break;
        for (std::uint32_t d = 0;; d += 2) {
            if (std::any_of(columns.begin(), columns.end(),
                            [&](std::uint32_t c) { return used[d + c]; })) {
                continue;
            }
            for (std::size_t i = 0; i < columns.size(); ++i) {
                used[d + columns[i]] = 1;
                t.rank_values.at(d + columns[i]) = row_values[row][i];
            }
            t.row_displacement[row] = static_cast<std::uint16_t>(d / 2);
            break;
        }
    }
    return t;
}

}  // namespace

}  // namespace detail
}  // namespace pokerarena

namespace {

template <typename Array>
void write_array(std::ostream& out, const Array& values) {
    out << "{{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        out << (i % 16 == 0 ? "\n    " : " ") << values[i] << ',';
    }
    out << "\n}}";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_tables OUTPUT.cpp\n";
        return 2;
    }
    const auto t =
        std::make_unique<pokerarena::detail::EvalTables>(pokerarena::detail::build_tables());
    std::ofstream out(argv[1]);
    out << "// Generated by evaluator/src/make_tables.cpp. Do not edit.\n"
        << "#include \"pokerarena/evaluator/evaluate.hpp\"\n\n"
        << "namespace pokerarena::detail {\n\n"
        // constinit: the build fails if the tables ever need dynamic initialisation, which
        // would make evaluate() unsafe to call from other static initializers.
        << "alignas(64) constinit const EvalTables tables = {\n";
    write_array(out, t->row_displacement);
    out << ",\n";
    write_array(out, t->rank_values);
    out << ",\n";
    write_array(out, t->flush_values);
    out << "};\n\n}  // namespace pokerarena::detail\n";
    out.close();
    if (!out) {
        std::cerr << "make_tables: cannot write " << argv[1] << "\n";
        return 1;
    }
    return 0;
}
