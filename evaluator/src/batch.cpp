// SIMD batch evaluation. Compiled once per x86 target by Highway's foreach_target (this file
// includes itself), dispatched at run time.
//
// Why bytes and SAD: a hand is eight bytes, so a register holds whole hands with no
// transposition. The rank key (under 2^22) is split into three bytes per rank; PSHUFB looks
// each byte up for all cards at once (ranks 0..12 fit its 16-entry table, and the padding byte
// is given an index with the top bit set so PSHUFB yields 0 for it), and PSADBW sums each
// hand's eight bytes into a 64-bit lane. Three lookups and three sums give the rank key of
// every hand in the register; two more of each count the suits. Gathers from a 52-entry card
// table would cost far more than these single-cycle shuffles. The perfect-hash lookups stay
// scalar: AVX2 gathers (64-bit words at byte offsets, masked to 16 bits) measured slower on
// Zen 3 than two plain loads per hand, and so did AVX-512 and AVX2 gathers of 32-bit words on
// Zen 5 (437 and 447 M hands/s against 543 and 507); the few hands with a flush (about 3%)
// are redone by a scalar path that is told their suit.
#undef HWY_TARGET_INCLUDE
// Found through the library's include directory (evaluator/include/../src).
#define HWY_TARGET_INCLUDE "../src/batch.cpp"
// Only the kernels we offer: SSE4, AVX2, AVX-512 (plus Highway's mandatory baseline).
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL)
#endif
#include <hwy/cache_control.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <bit>

#include "pokerarena/evaluator/batch.hpp"
#include "rank_key_bytes.hpp"

// Highway's one-lane baseline (HWY_SCALAR) has no byte shuffles; Kernel::Scalar covers it.
#if HWY_TARGET != HWY_SCALAR
HWY_BEFORE_NAMESPACE();
namespace pokerarena::detail::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Suit counters: clubs and diamonds in the low nibbles of one sum, hearts and spades of another.
alignas(16) constexpr std::uint8_t kSuitLow[16] = {1, 16};
alignas(16) constexpr std::uint8_t kSuitHigh[16] = {0, 0, 1, 16};

void evaluate_batch_simd(const SevenCards* HWY_RESTRICT in, HandValue* HWY_RESTRICT out,
                         std::size_t count) {
    const hn::ScalableTag<std::uint8_t> d8;
    const hn::Repartition<std::uint32_t, decltype(d8)> d32;
    const hn::Repartition<std::uint64_t, decltype(d8)> d64;
    constexpr std::size_t kMaxHands = HWY_MAX_BYTES / sizeof(SevenCards);
    const std::size_t hands = hn::Lanes(d8) / sizeof(SevenCards);

    const auto key_byte0 = hn::LoadDup128(d8, kRankKeyBytes.byte[0]);
    const auto key_byte1 = hn::LoadDup128(d8, kRankKeyBytes.byte[1]);
    const auto key_byte2 = hn::LoadDup128(d8, kRankKeyBytes.byte[2]);
    const auto suit_low = hn::LoadDup128(d8, kSuitLow);
    const auto suit_high = hn::LoadDup128(d8, kSuitHigh);
    const auto padding = hn::BitCast(d8, hn::Set(d64, std::uint64_t{0x80} << 56));
    const auto suit_bits = hn::Set(d8, 3);
    const auto suit_bias = hn::Set(d64, 0x3333);
    const auto flush_bits = hn::Set(d64, 0x8888);
    const auto multiplier = hn::Set(d32, kHashMultiplier);
    const auto hash_mask = hn::Set(d64, (std::uint64_t{1} << kHashBits) - 1);

    // The hash of each hand's rank key, and each hand's flush bits: bit 4 * suit + 3 is set
    // when the hand holds five or more cards of that suit (at most one suit can).
    const auto hash_hands = [&](const SevenCards* group, std::uint64_t* hashes) {
        const auto cards = hn::LoadU(d8, reinterpret_cast<const std::uint8_t*>(group));
        const auto ranks = hn::Or(hn::ShiftRight<2>(cards), padding);
        const auto suits = hn::Or(hn::And(cards, suit_bits), padding);
        const auto key0 = hn::SumsOf8(hn::TableLookupBytesOr0(key_byte0, ranks));
        const auto key1 = hn::SumsOf8(hn::TableLookupBytesOr0(key_byte1, ranks));
        const auto key2 = hn::SumsOf8(hn::TableLookupBytesOr0(key_byte2, ranks));
        const auto key = hn::Add(key0, hn::Add(hn::ShiftLeft<8>(key1), hn::ShiftLeft<16>(key2)));
        hn::Store(hn::And(hn::MulEven(hn::BitCast(d32, key), multiplier), hash_mask), d64, hashes);
        const auto suit_counts =
            hn::Add(hn::SumsOf8(hn::TableLookupBytesOr0(suit_low, suits)),
                    hn::ShiftLeft<8>(hn::SumsOf8(hn::TableLookupBytesOr0(suit_high, suits))));
        return hn::And(hn::Add(suit_counts, suit_bias), flush_bits);
    };

    // Eight registers a step (64 hands with AVX-512, 32 with AVX2; SSE4 is fastest with two).
    // Every hand first gets its rank-key value; the hands with a flush (about 3%) are then
    // redone from their lanes' flush bits, which name the suit. The flush test and the end
    // of the fix-up loop are mispredicted about once a step, so longer steps pay for them
    // less often: with eight registers instead of two, AVX-512 went from 773 to 1,008 M
    // hands/s and AVX2 from 681 to 778 (docs/benchmarks.md; four registers gave 857 and 732).
    constexpr std::size_t kRegisters = HWY_TARGET == HWY_SSE4 ? 2 : 8;
    static_assert(kRegisters * kMaxHands <= 64, "a step's flush mask is one 64-bit word");
    const auto zero = hn::Zero(d64);
    alignas(64) std::uint64_t hashes[kRegisters * kMaxHands];
    alignas(64) std::uint64_t flush_lanes[kRegisters * kMaxHands];
    std::size_t i = 0;
    for (; i + kRegisters * hands <= count; i += kRegisters * hands) {
        // The hardware prefetcher alone leaves the input stream short of bandwidth while
        // the table lookups compete for the cache; 1 KiB ahead measured 15-17% faster (one
        // prefetch a step: one for each register's cache line was slower).
        hwy::Prefetch(in + std::min(i + 128, count - 1));
        auto any_flush = zero;
        for (std::size_t r = 0; r < kRegisters; ++r) {
            const auto flush = hash_hands(in + i + r * hands, hashes + r * hands);
            hn::Store(flush, d64, flush_lanes + r * hands);
            any_flush = hn::Or(any_flush, flush);
        }
        for (std::size_t j = 0; j < kRegisters * hands; ++j) {
            const auto h = static_cast<std::uint32_t>(hashes[j]);
            out[i + j] = tables.rank_values[2u * tables.row_displacement[h >> kColumnBits] +
                                            (h & kColumnMask)];
        }
        // A step of 64 hands holds a flush 86% of the time; the hint only keeps the fix-up
        // out of the loop's straight line, which measured the same or slightly faster.
        if (!hn::AllTrue(d64, hn::Eq(any_flush, zero))) [[unlikely]] {
            std::uint64_t flushes = 0;
            for (std::size_t r = 0; r < kRegisters; ++r) {
                std::uint8_t bits[8] = {};  // StoreMaskBits writes one byte for 64-bit lanes
                hn::StoreMaskBits(d64, hn::Ne(hn::Load(d64, flush_lanes + r * hands), zero), bits);
                flushes |= std::uint64_t{bits[0]} << (r * hands);
            }
            for (; flushes != 0; flushes &= flushes - 1) {
                const auto j = static_cast<std::size_t>(std::countr_zero(flushes));
                out[i + j] = flush_value(in[i + j], std::countr_zero(flush_lanes[j]) >> 2);
            }
        }
    }
    for (; i < count; ++i)
        out[i] = evaluate(in[i]);
}

}  // namespace pokerarena::detail::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();
#endif  // HWY_TARGET != HWY_SCALAR

#if HWY_ONCE
#include <cpuid.h>

#include <stdexcept>
#include <string>

namespace pokerarena {
namespace detail {

HandValue flush_value(const SevenCards& hand, int suit) noexcept {
    // Without a branch: whether a card is of the flush suit is a coin toss to the branch
    // predictor (mispredicted about twice a hand), and every batch kernel comes here for its
    // flush hands; branching made AVX-512 batches 30% slower (544 against 773 M hands/s).
    std::uint32_t ranks = 0;
    for (int i = 0; i < 7; ++i) {
        const Card c{hand.cards[i]};
        ranks |= (c.suit() == suit ? 1u : 0u) << c.rank();
    }
    return tables.flush_values[ranks];
}

bool os_saves_registers(Kernel k, std::uint32_t cpuid1_ecx, std::uint64_t xcr0) noexcept {
    constexpr std::uint32_t kOsxsave = 1u << 27;
    constexpr std::uint64_t kSseAvx = 0x6;         // XMM and the upper halves of YMM
    constexpr std::uint64_t kAvx512 = 0xE0 | 0x6;  // plus opmask, ZMM upper halves, ZMM16-31
    std::uint64_t needed = 0;
    if (k == Kernel::AVX2) needed = kSseAvx;
    if (k == Kernel::AVX512) needed = kAvx512;
    if (needed == 0) return true;
    return (cpuid1_ecx & kOsxsave) != 0 && (xcr0 & needed) == needed;
}

namespace {

using KernelFunction = void (*)(const SevenCards*, HandValue*, std::size_t);

void evaluate_batch_scalar(const SevenCards* in, HandValue* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        out[i] = evaluate(in[i]);
}
// The compiled function for a kernel and the Highway target bit it needs, or null when this
// build has no such target.
struct KernelEntry {
    KernelFunction function;
    std::int64_t target;
};

KernelEntry kernel_entry(Kernel k) {
    switch (k) {
        case Kernel::Scalar:
            return {&evaluate_batch_scalar, 0};
#if HWY_TARGETS & HWY_SSE4
        case Kernel::SSE4:
            return {&N_SSE4::evaluate_batch_simd, HWY_SSE4};
#endif
#if HWY_TARGETS & HWY_AVX2
        case Kernel::AVX2:
            return {&N_AVX2::evaluate_batch_simd, HWY_AVX2};
#endif
#if HWY_TARGETS & HWY_AVX3
        case Kernel::AVX512:
            return {&N_AVX3::evaluate_batch_simd, HWY_AVX3};
#endif
        default:
            return {nullptr, 0};
    }
}

// Highway 1.0.3 (Debian 12's) reads XCR0 only when CPUID reports OSXSAVE. On a system whose
// kernel has XSAVE off (booted with noxsave, some hypervisors, or a kernel that rejects the
// CPU's XSAVE layout, as Linux 6.1 does under the Bochs emulator) it still offered AVX2 and
// AVX-512, and the first AVX instruction ended the process with SIGILL. So the state is
// checked here too.
bool os_saves_registers_here(Kernel k) {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return os_saves_registers(k, 0, 0);
    std::uint32_t xcr0_low = 0, xcr0_high = 0;
    // XGETBV faults unless OSXSAVE is set, so it is read only then.
    if (ecx & bit_OSXSAVE) __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    return os_saves_registers(k, ecx, std::uint64_t{xcr0_high} << 32 | xcr0_low);
}

bool detect(Kernel k) {
    const KernelEntry e = kernel_entry(k);
    return e.function != nullptr && (e.target == 0 || ((hwy::SupportedTargets() & e.target) != 0 &&
                                                       os_saves_registers_here(k)));
}

// Detected once per process: the CPU does not change under it, and detection is slow where
// CPUID traps to a hypervisor (hwy::SupportedTargets() runs CPUID afresh on every call, about
// 5 us in a KVM guest on an AMD EPYC (Zen 3), which would be 40 ns a hand in batches of 128
// if every evaluate_batch() call paid it).
bool supported(Kernel k) {
    static const std::array<bool, 5> available = [] {
        std::array<bool, 5> a{};
        for (Kernel each : {Kernel::Scalar, Kernel::SSE4, Kernel::AVX2, Kernel::AVX512})
            a[static_cast<std::size_t>(each)] = detect(each);
        return a;
    }();
    const auto index = static_cast<std::size_t>(k);
    return index < available.size() && available[index];
}

}  // namespace
}  // namespace detail

const char* kernel_name(Kernel k) {
    switch (k) {
        case Kernel::Best:
            return "Best";
        case Kernel::Scalar:
            return "Scalar";
        case Kernel::SSE4:
            return "SSE4";
        case Kernel::AVX2:
            return "AVX2";
        case Kernel::AVX512:
            return "AVX512";
    }
    return "Invalid";
}

bool kernel_available(Kernel k) {
    return k == Kernel::Best || detail::supported(k);
}

std::vector<Kernel> available_kernels() {
    std::vector<Kernel> kernels;
    for (Kernel k : {Kernel::Scalar, Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
        if (detail::supported(k)) kernels.push_back(k);
    }
    return kernels;
}

Kernel best_kernel() {
    // Without available_kernels()'s vector: this is reached from calls that promise not to
    // allocate or throw (monte_carlo_equity, the SDK's pa_evaluate7_batch).
    static const Kernel best = [] {
        Kernel widest = Kernel::Scalar;
        for (Kernel k : {Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
            if (detail::supported(k)) widest = k;
        }
        return widest;
    }();
    return best;
}

void evaluate_batch(std::span<const SevenCards> in, std::span<HandValue> out, Kernel k) {
    if (out.size() < in.size()) {
        throw std::invalid_argument("evaluate_batch: output holds " + std::to_string(out.size()) +
                                    " values for " + std::to_string(in.size()) + " hands");
    }
    if (k == Kernel::Best) k = best_kernel();
    if (!detail::supported(k)) {
        throw std::invalid_argument(std::string("evaluate_batch: kernel ") + kernel_name(k) +
                                    " is not available on this CPU or in this build");
    }
    detail::kernel_entry(k).function(in.data(), out.data(), in.size());
}

}  // namespace pokerarena
#endif  // HWY_ONCE
