// Checked evaluation of seven-card rows (batch.hpp, evaluate_rows). Compiled once per x86
// target by Highway's foreach_target (this file includes itself), like batch.cpp.
//
// Why SIMD: the batch kernels take about a nanosecond a hand, and a scalar copy into the
// kernels' eight-byte layout with a check of seven distinct codes (seven table reads of a
// card's bit, their sum against their union) costs three times that, which would hold checked
// batches to a quarter of the kernel's speed. Rows are spread to eight bytes two to a 128-bit block
// (one unaligned load and one byte shuffle per block). In the register of whole hands that makes, a
// code above 51 shows as a non-zero saturated difference from 51, and a card given twice as an
// equal byte between a hand and the hand's bytes rotated by one, two, three or four places:
// with the padding byte set to 0xFF (equal to no valid code), the eight bytes form a cycle in
// which every pair of positions lies one to four places apart.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "../src/rows.cpp"
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL)
#endif
#include <hwy/cache_control.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

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

// Rows of seven codes into eight bytes each, padding 0, one at a time: whether every row holds
// seven distinct codes 0..51. `readable` (how many bytes may be read) is not needed here.
inline bool pack_rows_scalar(const std::uint8_t* rows, std::size_t count, std::size_t readable,
                             SevenCards* out) noexcept {
    (void)readable;
    bool valid = true;
    for (std::size_t i = 0; i < count; ++i) {
        out[i] = SevenCards{};
        std::memcpy(&out[i], rows + 7 * i, 7);
        valid &= valid_hand(out[i]);
    }
    return valid;
}
}  // namespace pokerarena::detail
#endif

#if HWY_TARGET != HWY_SCALAR
HWY_BEFORE_NAMESPACE();
namespace pokerarena::detail::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Rows `p` onwards, two to each 128-bit block, in a register of whole rows: block b holds the
// 16 bytes from row 2b (two rows and two bytes of the next; the caller leaves them readable).
template <class D>
hn::VFromD<D> load_row_pairs(D d, const std::uint8_t* HWY_RESTRICT p) {
    if constexpr (hn::MaxLanes(D()) <= 16) {
        return hn::LoadU(d, p);
    } else {
        const hn::Half<D> half;
        return hn::Combine(d, load_row_pairs(half, p + 7 * (hn::MaxLanes(half) / 8)),
                           load_row_pairs(half, p));
    }
}

// Rows of seven codes from `rows` into `out`, eight bytes each (padding byte 0): whether every
// one holds seven distinct codes 0..51. `readable` is how many bytes from `rows` may be read: a
// register's rows are loaded with the two bytes after them.
bool pack_rows_simd(const std::uint8_t* HWY_RESTRICT rows, std::size_t count, std::size_t readable,
                    SevenCards* HWY_RESTRICT out) {
    // Rows streamed from memory (a large numpy array) reach the packing late with the hardware
    // prefetcher alone, as the kernels' input does (batch.cpp); a prefetch 4 KiB ahead, one per
    // register, took checked batches of 4,096 from 0.72 to about 0.8 of the unchecked kernel's
    // hands/s on the Intel Xeon (model 167; 1 and 2 KiB gained less, 16 KiB lost some).
    constexpr std::size_t kPrefetchAhead = 4096;
    const hn::ScalableTag<std::uint8_t> d8;
    const hn::Repartition<std::uint64_t, decltype(d8)> d64;
    const std::size_t per_register = hn::Lanes(d64);
    // In each block: row one's seven bytes and a zero, row two's and a zero.
    alignas(16) static constexpr std::uint8_t kSpread[16] = {0, 1, 2, 3,  4,  5,  6,  0x80,
                                                             7, 8, 9, 10, 11, 12, 13, 0x80};
    const auto spread = hn::LoadDup128(d8, kSpread);
    const auto highest = hn::Set(d8, kNumCards - 1);
    const auto padding = hn::Set(d64, std::uint64_t{0xFF} << 56);
    auto bad = hn::Zero(d8);
    std::size_t i = 0;
    for (; i + per_register <= count && 7 * (i + per_register) + 2 <= readable; i += per_register) {
        if (7 * i + kPrefetchAhead < readable) hwy::Prefetch(rows + 7 * i + kPrefetchAhead);
        const auto cards = hn::TableLookupBytesOr0(load_row_pairs(d8, rows + 7 * i), spread);
        hn::StoreU(cards, d8, reinterpret_cast<std::uint8_t*>(out + i));
        bad = hn::Or(bad, hn::SaturatedSub(cards, highest));
        const auto padded = hn::Or(hn::BitCast(d64, cards), padding);
        const auto bytes = hn::BitCast(d8, padded);
        const auto same1 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<8>(padded)));
        const auto same2 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<16>(padded)));
        const auto same3 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<24>(padded)));
        const auto same4 = hn::Eq(bytes, hn::BitCast(d8, hn::RotateRight<32>(padded)));
        bad = hn::Or(bad, hn::VecFromMask(d8, hn::Or(hn::Or(same1, same2), hn::Or(same3, same4))));
    }
    const bool valid = hn::AllTrue(d8, hn::Eq(bad, hn::Zero(d8)));
    return pack_rows_scalar(rows + 7 * i, count - i, readable - 7 * i, out + i) && valid;
}

}  // namespace pokerarena::detail::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();
#endif  // HWY_TARGET != HWY_SCALAR

#if HWY_ONCE
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace pokerarena {
namespace {

using PackFunction = bool (*)(const std::uint8_t*, std::size_t, std::size_t, SevenCards*);

// The packing on kernel k's vectors (one kernel_available() accepts: it has asked the operating
// system too, which Highway 1.0.3's own dispatch does not always do, batch.cpp).
PackFunction pack_function(Kernel k) {
    switch (k) {
#if HWY_TARGETS & HWY_AVX3
        case Kernel::AVX512:
            return &detail::N_AVX3::pack_rows_simd;
#endif
#if HWY_TARGETS & HWY_AVX2
        case Kernel::AVX2:
            return &detail::N_AVX2::pack_rows_simd;
#endif
#if HWY_TARGETS & HWY_SSE4
        case Kernel::SSE4:
            return &detail::N_SSE4::pack_rows_simd;
#endif
        default:
            return &detail::pack_rows_scalar;
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
    const PackFunction pack = pack_function(k);
    // Blocks small enough to stay in L1 between the packing and the kernel, and small enough
    // that the loads of the rows (the part that waits on memory) come between stretches of the
    // kernel's work rather than in long runs: 0.77-0.83 of the unchecked kernel's hands/s with
    // blocks of 1,024, 0.85-0.87 with 128 and 0.82-0.84 with 64 (evaluator_bench
    // evaluate_rows_4096 against evaluate_batch_4096, Intel Xeon model 167). 128 is a whole
    // number of every kernel's steps.
    constexpr std::size_t kBlock = 128;
    alignas(64) std::array<SevenCards, kBlock> hands;
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t count = std::min(kBlock, n - start);
        const std::uint8_t* first = rows.data() + 7 * start;
        if (!pack(first, count, rows.size() - 7 * start, hands.data())) {
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
