// Checked evaluation of seven-card rows (batch.hpp, evaluate_rows). Compiled once per x86
// target by Highway's foreach_target (this file includes itself), like batch.cpp.
//
// Why a SIMD check: the batch kernels take about a nanosecond a hand, and a scalar check of
// seven distinct codes (seven table reads of a card's bit, their sum against their union) cost
// three times that, so checked batches ran at a quarter of the kernel's speed. In a register of
// whole hands, eight bytes each, a code above 51 shows as a non-zero saturated difference from
// 51, and a card given twice as an equal byte between a hand and the hand's bytes rotated by
// one, two, three or four places: the padding byte set to 0xFF (equal to no valid code), the
// eight bytes form a cycle in which every pair of positions lies one to four places apart.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "../src/rows.cpp"
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL)
#endif
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstddef>
#include <cstdint>

#include "pokerarena/evaluator/batch.hpp"

// Once, not once per target.
#ifndef POKERARENA_EVALUATOR_ROWS_SCALAR
#define POKERARENA_EVALUATOR_ROWS_SCALAR
namespace pokerarena::detail {
// Whether a hand holds seven distinct codes 0..51: the scalar check, for kernels without
// vectors and the hands after the last whole register.
inline bool valid_hand(const SevenCards& hand) noexcept {
    std::uint64_t seen = 0;
    for (int j = 0; j < 7; ++j) {
        const unsigned code = hand.cards[j];
        if (code >= static_cast<unsigned>(kNumCards) || (seen >> code & 1) != 0) return false;
        seen |= std::uint64_t{1} << code;
    }
    return true;
}
}  // namespace pokerarena::detail
#endif

#if HWY_TARGET != HWY_SCALAR
HWY_BEFORE_NAMESPACE();
namespace pokerarena::detail::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

bool hands_valid_simd(const SevenCards* HWY_RESTRICT hands, std::size_t count) {
    const hn::ScalableTag<std::uint8_t> d8;
    const hn::Repartition<std::uint64_t, decltype(d8)> d64;
    const std::size_t per_register = hn::Lanes(d64);
    const auto highest = hn::Set(d8, kNumCards - 1);
    const auto padding = hn::Set(d64, std::uint64_t{0xFF} << 56);
    auto bad = hn::Zero(d8);
    std::size_t i = 0;
    for (; i + per_register <= count; i += per_register) {
        // Padding bytes 0.
        const auto hand =
            hn::BitCast(d64, hn::LoadU(d8, reinterpret_cast<const std::uint8_t*>(hands + i)));
        bad = hn::Or(bad, hn::SaturatedSub(hn::BitCast(d8, hand), highest));
        const auto padded = hn::Or(hand, padding);
        const auto bytes = hn::BitCast(d8, padded);
        const auto same1 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<8>(padded)));
        const auto same2 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<16>(padded)));
        const auto same3 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<24>(padded)));
        const auto same4 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<32>(padded)));
        bad = hn::Or(bad, hn::VecFromMask(d8, hn::Or(hn::Or(same1, same2), hn::Or(same3, same4))));
    }
    bool valid = hn::AllTrue(d8, hn::Eq(bad, hn::Zero(d8)));
    for (; i < count; ++i)
        valid &= valid_hand(hands[i]);
    return valid;
}

}  // namespace pokerarena::detail::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();
#endif  // HWY_TARGET != HWY_SCALAR

#if HWY_ONCE
#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

namespace pokerarena {
namespace {

using CheckFunction = bool (*)(const SevenCards*, std::size_t);

bool hands_valid_scalar(const SevenCards* hands, std::size_t count) {
    bool valid = true;
    for (std::size_t i = 0; i < count; ++i)
        valid &= detail::valid_hand(hands[i]);
    return valid;
}

// The check on kernel k's vectors (one kernel_available() accepts: it has asked the operating
// system too, which Highway 1.0.3's own dispatch does not always do, batch.cpp).
CheckFunction check_function(Kernel k) {
    switch (k) {
#if HWY_TARGETS & HWY_AVX3
        case Kernel::AVX512:
            return &detail::N_AVX3::hands_valid_simd;
#endif
#if HWY_TARGETS & HWY_AVX2
        case Kernel::AVX2:
            return &detail::N_AVX2::hands_valid_simd;
#endif
#if HWY_TARGETS & HWY_SSE4
        case Kernel::SSE4:
            return &detail::N_SSE4::hands_valid_simd;
#endif
        default:
            return &hands_valid_scalar;
    }
}

}  // namespace

std::size_t evaluate_rows(std::span<const std::uint8_t> rows, std::span<HandValue> out, Kernel k) {
    if (rows.size() % 7 != 0) {
        throw std::invalid_argument("evaluate_rows: " + std::to_string(rows.size()) +
                                    " bytes are not rows of seven cards");
    }
    const std::size_t n = rows.size() / 7;
    if (out.size() < n) {
        throw std::invalid_argument("evaluate_rows: output holds " + std::to_string(out.size()) +
                                    " values for " + std::to_string(n) + " hands");
    }
    if (k == Kernel::Best) k = best_kernel();
    if (!kernel_available(k)) {
        throw std::invalid_argument(std::string("evaluate_rows: kernel ") + kernel_name(k) +
                                    " is not available on this CPU or in this build");
    }
    const CheckFunction check = check_function(k);
    // Blocks small enough to stay in L1 between the copy, the check and the kernel.
    constexpr std::size_t kBlock = 1024;
    std::array<SevenCards, kBlock> hands;
    constexpr std::uint64_t kSevenBytes = (std::uint64_t{1} << 56) - 1;
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t count = std::min(kBlock, n - start);
        const std::uint8_t* first = rows.data() + 7 * start;
        // Eight bytes a row at once, except for the last row: its eighth is past the end.
        const std::size_t whole = start + count == n ? count - 1 : count;
        for (std::size_t i = 0; i < whole; ++i) {
            std::uint64_t v;
            std::memcpy(&v, first + 7 * i, 8);
            v &= kSevenBytes;
            std::memcpy(&hands[i], &v, 8);
        }
        if (whole < count) {
            hands[whole] = SevenCards{};
            std::memcpy(&hands[whole], first + 7 * whole, 7);
        }
        if (!check(hands.data(), count)) {
            std::size_t bad = 0;
            while (detail::valid_hand(hands[bad]))
                ++bad;
            return start + bad;
        }
        evaluate_batch(std::span<const SevenCards>(hands.data(), count), out.subspan(start, count),
                       k);
    }
    return n;
}

}  // namespace pokerarena
#endif  // HWY_ONCE
