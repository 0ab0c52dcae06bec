#include "skpokereval_side.hpp"

#include <SevenEval.h>

namespace peer_skpokereval {
namespace {

std::uint16_t rank_of(const CardBytes& c) {
    return SevenEval::GetRank(c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
}

}  // namespace

std::uint64_t sum_ranks(std::span<const CardBytes> hands) {
    std::uint64_t sum = 0;
    for (const CardBytes& c : hands)
        sum += rank_of(c);
    return sum;
}

void ranks(std::span<const CardBytes> hands, std::span<std::uint16_t> out) {
    for (std::size_t i = 0; i < hands.size(); ++i)
        out[i] = rank_of(hands[i]);
}

}  // namespace peer_skpokereval
