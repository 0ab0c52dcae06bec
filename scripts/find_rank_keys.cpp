// Derives the evaluator's rank keys (evaluator/include/pokerarena/evaluator/evaluate.hpp):
// 13 increasing multipliers such that every multiset of at most 7 ranks, with at most 4 of
// each rank, has a distinct sum. Greedy: each key is the smallest number above the previous
// one that keeps all sums distinct. Takes about a minute.
//
//   g++ -std=c++20 -O2 scripts/find_rank_keys.cpp -o /tmp/find_rank_keys && /tmp/find_rank_keys
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

int main() {
    constexpr std::size_t kLimit = std::size_t{1} << 26;           // sums stay far below this
    std::vector<std::uint8_t> taken(kLimit, 0);                    // sums of the multisets so far
    std::vector<std::pair<std::uint64_t, int>> multisets{{0, 0}};  // (sum, cards)
    taken[0] = 1;
    std::vector<std::uint64_t> added;
    std::uint64_t key = 1;
    for (int rank = 0; rank < 13; ++rank, ++key) {
        for (;; ++key) {  // try key: add 1..4 copies of it to every multiset with room
            added.clear();
            bool distinct = true;
            for (auto [sum, cards] : multisets) {
                for (int n = 1; n <= 4 && cards + n <= 7 && distinct; ++n) {
                    const std::uint64_t s = sum + n * key;
                    distinct = s < kLimit && !taken[s];
                    if (distinct) {
                        taken[s] = 1;
                        added.push_back(s);
                    }
                }
                if (!distinct) break;
            }
            if (distinct) break;
            for (std::uint64_t s : added)
                taken[s] = 0;
        }
        std::vector<std::pair<std::uint64_t, int>> grown;
        for (auto [sum, cards] : multisets) {
            for (int n = 0; n <= 4 && cards + n <= 7; ++n)
                grown.push_back({sum + n * key, cards + n});
        }
        multisets = std::move(grown);
        std::printf("rank %2d: %llu\n", rank, static_cast<unsigned long long>(key));
    }
    return 0;
}
