// Batch evaluation of many 7-card hands with SIMD kernels chosen at run time.
//
// Guarantees
// - evaluate_batch() writes, for every input hand, exactly the HandValue that evaluate() gives
//   for the same seven cards, whatever the kernel (tests compare every kernel the machine
//   supports with the scalar one on millions of hands).
// - Kernels are compiled for SSE4, AVX2 and AVX-512 (through Google Highway) in one binary
//   built without -march flags; Kernel::Best picks the widest one the CPU supports and the
//   operating system has enabled (its XSAVE state), and the scalar kernel runs everywhere.
//   The choice never changes the answers, only the speed.
// - Nothing allocates, throws or logs once the arguments have been checked.
//
// Rejected (std::invalid_argument, before any hand is evaluated): an output span shorter
// than the input, and a kernel the CPU does not support (ask available_kernels() first).
//
// Preconditions (not checked on the hot path): every hand holds seven distinct valid cards
// (indices 0..51) in cards[0..6], in any order; cards[7] is padding and is ignored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

// Seven card indices plus one byte of padding: eight bytes, so a hand is one aligned 64-bit
// word and a SIMD register holds a whole number of hands.
struct SevenCards {
    std::uint8_t cards[8];
};
static_assert(sizeof(SevenCards) == 8);

enum class Kernel : std::uint8_t {
    Best,    // the widest kernel below that this CPU supports
    Scalar,  // plain C++, one hand at a time; runs everywhere
    SSE4,    // 128-bit vectors (2 hands per register)
    AVX2,    // 256-bit vectors (4 hands per register)
    AVX512,  // 512-bit vectors (8 hands per register)
};

// "Best", "Scalar", "SSE4", "AVX2", "AVX512".
const char* kernel_name(Kernel k);

// True when evaluate_batch() accepts k on this CPU (always for Best and Scalar).
bool kernel_available(Kernel k);

// The kernels this CPU runs, Scalar first and the one Best selects last (Best itself is not
// listed).
std::vector<Kernel> available_kernels();

// The kernel that Kernel::Best stands for on this CPU.
Kernel best_kernel();

// out[i] = evaluate(in[i]) for every i < in.size(); out may be longer (the rest is untouched).
// Throws std::invalid_argument when out is shorter than in or k is not available here.
void evaluate_batch(std::span<const SevenCards> in, std::span<HandValue> out,
                    Kernel k = Kernel::Best);

// Hands given as rows of seven card codes, row i in rows[7 * i .. 7 * i + 6] (a numpy array of
// shape (N, 7), a C table of bytes), checked and evaluated: out[i] = evaluate(row i). Every row
// must hold seven distinct codes 0..51; the check runs on kernel k's vectors, in blocks of
// 128 rows, each checked whole before its hands are evaluated with kernel k.
// Returns the number of rows, or the index of the first row that is not seven distinct codes
// 0..51 (out is then unspecified). Throws
// std::invalid_argument when rows.size() is not a multiple of seven, out holds fewer values than
// there are rows, or k is not available here.
std::size_t evaluate_rows(std::span<const std::uint8_t> rows, std::span<HandValue> out,
                          Kernel k = Kernel::Best);

namespace detail {
// The value of a hand with five or more cards of `suit` (0..3).
HandValue flush_value(const SevenCards& hand, int suit) noexcept;

// Whether the operating system saves the registers kernel k uses across context switches,
// from CPUID leaf 1's ECX (bit 27, OSXSAVE: the OS enabled XSAVE) and XCR0 (which register
// states it saves): AVX2 needs the SSE and AVX states, AVX-512 also the opmask and both ZMM
// states. SSE4 and Scalar need nothing beyond x86-64. A kernel is offered only when both the
// CPU and this say yes.
bool os_saves_registers(Kernel k, std::uint32_t cpuid1_ecx, std::uint64_t xcr0) noexcept;
}  // namespace detail

// The value of one 7-card hand, scalar; the same as evaluate(Hand) on the same cards. Sums
// only the 64-bit card keys and builds the flush suit's ranks only for the few hands with a
// flush.
inline HandValue evaluate(const SevenCards& hand) noexcept {
    std::uint64_t key = detail::kSuitBias;
    for (int i = 0; i < 7; ++i)
        key += detail::kCardKeys[hand.cards[i]];
    if (const std::uint64_t flush = key & detail::kFlushCheckMask; flush != 0) [[unlikely]] {
        return detail::flush_value(hand, detail::flush_suit(flush));
    }
    return detail::rank_value_from_packed_hash(key);
}

}  // namespace pokerarena
