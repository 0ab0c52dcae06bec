// Monte Carlo kernels: the scalar reference and SIMD versions compiled once per x86 target by
// Highway's foreach_target (this file includes itself), chosen at run time like the batch
// kernels. See equity_sampling.hpp for the random stream they share.
//
// Why this shape: a deal's draws and hand values are the same few integer operations for every
// deal, so a register carries many deals through them at once.
// - The draws, a group of steps at a time: the random words (xorshift128+, shifts and xors
//   only) and the draw (one 32x32->64 multiply) in 32-bit lanes, narrowed to bytes; then the
//   step from a random position to a card, the one part that grows with the number of cards
//   drawn (per card drawn before it a compare against its gap and two decrements, masked on
//   AVX-512; the seen cards likewise), in byte lanes, four times as many deals per instruction.
// - The hands, 4, 8 or 16 deals per register of 32-bit lanes: the board's ranks sorted (nine
//   compare-exchanges) and its index (five 16-entry lookups: byte shuffles on SSE4, permutes on
//   AVX2 and AVX-512), each random player's hole-rank pair (one more lookup), each player's
//   value (one gather of a 16-bit entry as a 32-bit word, masked: a known player's from the
//   table by pair, a random one's from the table by board), the suit counts (a permute on
//   AVX2 and AVX-512, shifts on SSE4), the flush values of the few deals with a flush, and the
//   winners (two compares heads-up, else the winner set by max and compares, whose histogram
//   increments are the only scalar work).
#undef HWY_TARGET_INCLUDE
// Found through the library's include directory (evaluator/include/../src).
#define HWY_TARGET_INCLUDE "../src/equity_simd.cpp"
// The same targets as the batch kernels (batch.cpp), so Kernel availability means the same.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL)
#endif
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <bit>
#include <utility>

#include "equity_sampling.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

#if HWY_TARGET == HWY_SSE4 || HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
HWY_BEFORE_NAMESPACE();
namespace pokerarena::detail::sampling::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// kDraws is s.draws: with it known, the loops over drawn cards unroll and the gaps can stay
// in registers. kBoardDraws and kKnown, when not -1, are s.board_draws and s.known: the usual
// request (the hero against random hands, as the equity bot asks) has kernels whose loops over
// board cards and players unroll as well, so that the players' values stay in registers.
template <int kDraws, int kBoardDraws = -1, int kKnown = -1>
void sample_chunk_draws(const Setup& s, std::uint64_t chunk, std::uint32_t samples,
                        std::int64_t* counts) {
    const int board_draws = kBoardDraws >= 0 ? kBoardDraws : s.board_draws;
    const int known = kKnown >= 0 ? kKnown : s.known;
    const int players = kKnown >= 0 ? kKnown + (kDraws - kBoardDraws) / 2 : s.players;
    const hn::ScalableTag<std::uint32_t> d32;
    const hn::RebindToSigned<decltype(d32)> di;
    const hn::Repartition<std::uint64_t, decltype(d32)> d64;
    using V32 = hn::Vec<decltype(d32)>;
    using V64 = hn::Vec<decltype(d64)>;
    constexpr int kVecLanes = HWY_LANES(std::uint32_t);
    constexpr int kVectors = kLanes / kVecLanes;
    static_assert(kLanes % kVecLanes == 0);

    const ChunkGenerators g = seed_generators(s.seed, chunk);
    V64 s0[kVectors], s1[kVectors];
    for (int v = 0; v < kVectors; ++v) {
        s0[v] = hn::LoadU(d64, g.s0.data() + v * kVecLanes / 2);
        s1[v] = hn::LoadU(d64, g.s1.data() + v * kVecLanes / 2);
    }
    const int bins = 1 << players;
    std::uint32_t histogram[kHistogramCopies << kMaxPlayers];
    std::fill_n(histogram, kHistogramCopies * bins, 0u);
    alignas(64) std::uint32_t sets[kLanes];
    std::uint32_t heads_up[4] = {};  // counts by winner set of two players

    // 16-bit table entries are read as 32-bit words and masked: the value tables have an entry
    // more than is ever read, and the flush table's last entry (all 13 ranks) is never read.
    const RankValueTables& rank_values = rank_value_tables();
    const std::uint16_t* const by_board = rank_values.by_board;
    const std::uint16_t* const by_pair = rank_values.by_pair;
    const std::uint16_t* const flush_values = tables.flush_values.data();
    const V32 zero = hn::Zero(d32);
    const V32 low16 = hn::Set(d32, 0xFFFF);
    // table[index] in every lane, and in the lanes of m with `src` in the others. The gathers
    // scale the index by two themselves (Highway's GatherOffset takes byte offsets), and the
    // masked one reads nothing for the lanes outside m.
    const auto gather16 = [&](const std::uint16_t* table, V32 index) {
#if HWY_TARGET == HWY_AVX3
        return hn::And(V32{_mm512_i32gather_epi32(index.raw, table, 2)}, low16);
#elif HWY_TARGET == HWY_AVX2
        return hn::And(
            V32{_mm256_i32gather_epi32(reinterpret_cast<const int*>(table), index.raw, 2)}, low16);
#else
        const auto* words = reinterpret_cast<const std::uint32_t*>(table);
        return hn::And(hn::GatherOffset(d32, words, hn::BitCast(di, hn::Add(index, index))), low16);
#endif
    };
    const auto gather16_where = [&](V32 src, hn::Mask<decltype(d32)> m, const std::uint16_t* table,
                                    V32 index) {
#if HWY_TARGET == HWY_AVX3
        return hn::And(V32{_mm512_mask_i32gather_epi32(src.raw, m.raw, index.raw, table, 2)},
                       low16);
#elif HWY_TARGET == HWY_AVX2
        return hn::And(V32{_mm256_mask_i32gather_epi32(src.raw, reinterpret_cast<const int*>(table),
                                                       index.raw, hn::VecFromMask(d32, m).raw, 2)},
                       low16);
#else
        return hn::IfThenElse(m, gather16(table, index), src);
#endif
    };
    // The lanes where a and b share a bit (Highway's TestBit asks for all of b's bits).
    const auto meet = [&](V32 a, V32 b) {
#if HWY_TARGET == HWY_AVX3
        return hn::Mask<decltype(d32)>{_mm512_test_epi32_mask(a.raw, b.raw)};
#else
        return hn::Ne(hn::And(a, b), zero);
#endif
    };
    const V32 one = hn::Set(d32, 1);
    const V32 flush_bits = hn::Set(d32, 0x8888);
    // A Lookup16 in registers, and its entry for every lane's index (0..15).
#if HWY_TARGET == HWY_AVX3
    using Table16 = V32;
    const auto load16 = [&](const Lookup16& t) { return hn::Load(d32, t.entry.data()); };
    // One permute of a register holding all 16.
    const auto look_up16 = [&](Table16 t, V32 index) {
        return hn::TableLookupLanes(t, hn::IndicesFromVec(d32, index));
    };
#elif HWY_TARGET == HWY_AVX2
    using Table16 = std::array<V32, 2>;
    const auto load16 = [&](const Lookup16& t) {
        return Table16{hn::Load(d32, t.entry.data()), hn::Load(d32, t.entry.data() + 8)};
    };
    // A permute of entries 0..7 or of 8..15 (VPERMD reads the index's low three bits), chosen
    // by the index.
    const auto look_up16 = [&](const Table16& t, V32 index) {
        const auto lanes = hn::IndicesFromVec(d32, hn::And(index, hn::Set(d32, 7)));
        return hn::IfThenElse(hn::RebindMask(d32, hn::Gt(hn::BitCast(di, index), hn::Set(di, 7))),
                              hn::TableLookupLanes(t[1], lanes), hn::TableLookupLanes(t[0], lanes));
    };
#else
    using Table16 = std::array<V32, 3>;
    const hn::Repartition<std::uint8_t, decltype(d32)> d8;
    const auto load16 = [&](const Lookup16& t) {
        return Table16{hn::BitCast(d32, hn::LoadDup128(d8, t.byte[0].data())),
                       hn::BitCast(d32, hn::LoadDup128(d8, t.byte[1].data())),
                       hn::BitCast(d32, hn::LoadDup128(d8, t.byte[2].data()))};
    };
    // A byte at a time (PSHUFB): lane bytes with the top bit set read 0, so each lookup
    // lands in its own byte.
    const auto look_up16 = [&](const Table16& t, V32 index) {
        return hn::Or(hn::TableLookupBytesOr0(t[0], hn::Or(index, hn::Set(d32, 0x80808000))),
                      hn::Or(hn::TableLookupBytesOr0(
                                 t[1], hn::Or(hn::ShiftLeft<8>(index), hn::Set(d32, 0x808000FF))),
                             hn::TableLookupBytesOr0(t[2], hn::Or(hn::ShiftLeft<16>(index),
                                                                  hn::Set(d32, 0x8000FFFF)))));
    };
#endif
    Table16 board_terms[5];
    for (int k = 0; k < 5; ++k)
        board_terms[k] = load16(kBoardTerms[static_cast<std::size_t>(k)]);
    const Table16 pair_base = load16(kPairBase);
#if HWY_TARGET != HWY_SSE4
    // 1 << 4 * (i & 3) in lane i, for suit_of below.
    alignas(64) std::uint32_t suit_count_lanes[kVecLanes];
    for (int i = 0; i < kVecLanes; ++i)
        suit_count_lanes[i] = 1u << (4 * (i & 3));
    const V32 suit_counts = hn::Load(d32, suit_count_lanes);
#endif
    // Draws work in byte lanes (positions and cards are below 64): kGroupSteps steps of
    // kLanes deals fill one byte vector.
    const hn::Repartition<std::int8_t, decltype(d32)> db;
    const hn::Rebind<std::int8_t, decltype(di)> dbq;  // a 32-bit vector's lanes, as bytes
    using V8 = hn::Vec<decltype(db)>;
    constexpr int kGroupDeals = 4 * kVecLanes;
    constexpr int kGroupSteps = kGroupDeals / kLanes;
    static_assert(kGroupDeals % kLanes == 0);
    alignas(64) std::int32_t positions[kMaxDraws][kGroupDeals];
    alignas(64) std::int8_t drawn[kMaxDraws][kGroupDeals];
    // The random positions of draws t and t + 1 (if t + 1 < kDraws) in the lanes of vector v,
    // stored at `at` + t * kGroupDeals and the next row: one random number r per lane gives
    // q_t = floor(r * n / 2^32) for n = m - t, and the product's low half f gives q_{t+1} =
    // floor(f * (n - 1) / 2^32). The even and the odd lanes are multiplied apart (MulEven), so
    // each product's low half stays where the next multiply reads it.
    const auto draw_positions = [&](int v, int t, std::int32_t* at) {
        const V64 y = s1[v];
        V64 x = s0[v];
        s0[v] = y;
        x = hn::Xor(x, hn::ShiftLeft<23>(x));
        s1[v] = hn::Xor(hn::Xor(x, y), hn::Xor(hn::ShiftRight<17>(x), hn::ShiftRight<26>(y)));
        const V64 r = hn::Add(s1[v], y);
        const auto high_halves = [&](V64 even, V64 odd) {
            return hn::BitCast(
                di, hn::OddEven(hn::BitCast(d32, odd), hn::BitCast(d32, hn::ShiftRight<32>(even))));
        };
        const V32 range = hn::Set(d32, static_cast<std::uint32_t>(s.deck_size - t));
        const V64 even = hn::MulEven(hn::BitCast(d32, r), range);
        const V64 odd = hn::MulEven(hn::BitCast(d32, hn::ShiftRight<32>(r)), range);
        hn::Store(high_halves(even, odd), di, at + t * kGroupDeals);
        if (t + 1 == kDraws) return;
        const V32 next_range = hn::Set(d32, static_cast<std::uint32_t>(s.deck_size - t - 1));
        hn::Store(high_halves(hn::MulEven(hn::BitCast(d32, even), next_range),
                              hn::MulEven(hn::BitCast(d32, odd), next_range)),
                  di, at + (t + 1) * kGroupDeals);
    };
    // A byte vector's positions (below 64) from the four 32-bit vectors at `from`: two packs
    // narrow four vectors where DemoteTo narrows one, and a permute restores the order that
    // AVX2 and AVX-512 pack within each 128-bit block.
    const auto narrow_positions = [&](const std::int32_t* from) {
        const auto a = hn::Load(di, from).raw, b = hn::Load(di, from + kVecLanes).raw;
        const auto c = hn::Load(di, from + 2 * kVecLanes).raw;
        const auto d = hn::Load(di, from + 3 * kVecLanes).raw;
#if HWY_TARGET == HWY_AVX3
        const __m512i packed =
            _mm512_packs_epi16(_mm512_packs_epi32(a, b), _mm512_packs_epi32(c, d));
        const __m512i order =
            _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
        return V8{_mm512_permutexvar_epi32(order, packed)};
#elif HWY_TARGET == HWY_AVX2
        const __m256i packed =
            _mm256_packs_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
        return V8{_mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7))};
#else
        return V8{_mm_packs_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d))};
#endif
    };
    // v - 1 in the lanes of m: a masked subtract with AVX-512's mask registers, elsewhere the
    // add of the mask's all-ones lanes.
    const auto decrement_where = [&](V8 v, hn::Mask<decltype(db)> m) {
#if HWY_TARGET == HWY_AVX3
        return hn::IfThenElse(m, hn::Sub(v, hn::Set(db, 1)), v);
#else
        return hn::Add(v, hn::VecFromMask(db, m));
#endif
    };

    // The known board's and players' rank masks by suit in lanes 0..3, for known_ranks below.
    const auto by_suit = [&](const std::array<std::uint32_t, 4>& masks) {
        alignas(64) std::uint32_t lanes[kVecLanes] = {};
        std::copy(masks.begin(), masks.end(), lanes);
        return hn::Load(d32, lanes);
    };
    const V32 board_suit_ranks = by_suit(s.board_suit_ranks);
    V32 hole_suit_ranks[kMaxPlayers];
    for (int p = 0; p < known; ++p)
        hole_suit_ranks[p] = by_suit(s.hole_suit_ranks[static_cast<std::size_t>(p)]);

    // The seen cards' gaps in every byte lane, loaded where a broadcast costs a shuffle.
    alignas(64) std::int8_t seen_gaps[kNumCards][kGroupDeals];
    for (int j = 0; j < s.seen_count; ++j)
        std::fill_n(seen_gaps[j], kGroupDeals, static_cast<std::int8_t>(s.seen_gaps[j]));

    // A group of kGroupSteps steps (all deals of one byte vector) at a time: first the random
    // positions of every draw, in the stream's order; then, narrowed to bytes, the cards, with
    // the work per drawn card (the step over the positions drawn before it) done once per
    // byte vector, on four times as many lanes as 32-bit vectors hold; then the hands, step by
    // step, in 32-bit lanes.
    for (std::uint32_t group = 0; group < samples; group += kGroupDeals) {
        for (int v = 0; v < kVectors; ++v) {
            for (int step = 0; step < kGroupSteps; ++step) {
#pragma GCC unroll 12
                for (int t = 0; t < kDraws; t += 2)
                    draw_positions(v, t, positions[0] + step * kLanes + v * kVecLanes);
            }
        }
        {
            // Each drawn position d as its gap: the number of free positions below d when d
            // was drawn, less one for each position drawn below d since. The q-th free
            // position is at or above d exactly when d's gap is <= q, so no order is needed.
            V8 gap[kMaxDraws];
#pragma GCC unroll 24
            for (int t = 0; t < kDraws; ++t) {
                const V8 q = narrow_positions(positions[t]);
                // p = q + #{i : gap[i] <= q} = q + t - #{i : gap[i] > q}. The drawn positions
                // above p then have one free position fewer below them, and p's own gap is q.
                // Every compare is independent of the others, unlike a walk over the drawn
                // positions, whose every step waits for the last.
                V8 p = hn::Add(q, hn::Set(db, static_cast<std::int8_t>(t)));
#pragma GCC unroll 24
                for (int i = 0; i < t; ++i) {
                    const auto above = hn::Gt(gap[i], q);
                    p = decrement_where(p, above);
                    if (t + 1 < kDraws) gap[i] = decrement_where(gap[i], above);
                }
                gap[t] = q;
                // The card: the deck position stepped over the seen cards (as above).
                V8 card = hn::Add(p, hn::Set(db, static_cast<std::int8_t>(s.seen_count)));
                for (int j = 0; j < s.seen_count; ++j) {
                    card = decrement_where(card, hn::Gt(hn::Load(db, seen_gaps[j]), p));
                }
                hn::Store(card, db, drawn[t]);
            }
        }
        for (int step = 0; step < kGroupSteps; ++step) {
            const std::uint32_t first = group + static_cast<std::uint32_t>(step * kLanes);
            if (first >= samples) break;
            for (int v = 0; v < kVectors; ++v) {
                // Card t of this vector's deals, widened back to 32 bits.
                const auto drawn_card = [&](int t) {
                    return hn::BitCast(
                        d32,
                        hn::PromoteTo(di, hn::Load(dbq, drawn[t] + step * kLanes + v * kVecLanes)));
                };
                // The card's suit count: 1 << 4 * suit, a permute where there is one (VPERMD
                // reads the index's low three or four bits, and the suit is the low two).
                const auto suit_of = [&](V32 card) {
#if HWY_TARGET == HWY_AVX3
                    return V32{_mm512_permutexvar_epi32(card.raw, suit_counts.raw)};
#elif HWY_TARGET == HWY_AVX2
                    return V32{_mm256_permutevar8x32_epi32(suit_counts.raw, card.raw)};
#else
                    return hn::Shl(one, hn::ShiftLeft<2>(hn::And(card, hn::Set(d32, 3))));
#endif
                };
                // Each drawn card's suit count and rank, which the flush pass reads again.
                V32 card_suit[kMaxDraws], card_rank[kMaxDraws];
                // The board's ranks, sorted (a sorting network of nine compare-exchanges), give
                // its index among the boards of the value table.
                V32 board_ranks[5];
                V32 board_suits = hn::Set(d32, s.board_suits);
                for (int k = 0; k < 5 - board_draws; ++k)
                    board_ranks[k] = hn::Set(d32, s.board_ranks[static_cast<std::size_t>(k)]);
#pragma GCC unroll 5
                for (int t = 0; t < board_draws; ++t) {
                    const V32 card = drawn_card(t);
                    card_rank[t] = hn::ShiftRight<2>(card);
                    card_suit[t] = suit_of(card);
                    board_ranks[5 - board_draws + t] = card_rank[t];
                    board_suits = hn::Add(board_suits, card_suit[t]);
                }
                const auto sort2 = [&](int i, int j) {
                    const V32 low = hn::Min(board_ranks[i], board_ranks[j]);
                    board_ranks[j] = hn::Max(board_ranks[i], board_ranks[j]);
                    board_ranks[i] = low;
                };
                sort2(0, 1);
                sort2(3, 4);
                sort2(2, 4);
                sort2(2, 3);
                sort2(1, 4);
                sort2(0, 3);
                sort2(0, 2);
                sort2(1, 3);
                sort2(1, 2);
                V32 board = look_up16(board_terms[0], board_ranks[0]);
                for (int k = 1; k < 5; ++k)
                    board = hn::Add(board, look_up16(board_terms[k], board_ranks[k]));
                // Where the board's values start in the table by board (random players only).
                const V32 board_row =
                    players > known ? hn::Mul(board, hn::Set(d32, kHolePairs)) : zero;
                // The players' suit counts with the board's (a nibble reaches 8 at five of a
                // suit), their values, and the suits' top bits where any player has a flush.
                V32 suit_counts_of[kMaxPlayers], value[kMaxPlayers];
                V32 any_flush = zero;
                for (int p = 0; p < players; ++p) {
                    V32 entry, suits;
                    if (p < known) {
                        entry = hn::Add(board,
                                        hn::Set(d32, s.hole_column[static_cast<std::size_t>(p)]));
                        suits = hn::Set(d32, s.hole_suits[static_cast<std::size_t>(p)]);
                    } else {
                        const int t = board_draws + 2 * (p - known);
                        for (int u = t; u < t + 2; ++u) {
                            const V32 card = drawn_card(u);
                            card_rank[u] = hn::ShiftRight<2>(card);
                            card_suit[u] = suit_of(card);
                        }
                        const V32 a = card_rank[t], b = card_rank[t + 1];
                        entry = hn::Add(
                            board_row, hn::Add(look_up16(pair_base, hn::Max(a, b)), hn::Min(a, b)));
                        suits = hn::Add(card_suit[t], card_suit[t + 1]);
                    }
                    suit_counts_of[p] = hn::Add(board_suits, suits);
                    any_flush = hn::Or(any_flush, hn::And(suit_counts_of[p], flush_bits));
                    value[p] = gather16(p < known ? by_pair : by_board, entry);
                }
                if (!hn::AllTrue(d32, hn::Eq(any_flush, zero))) [[unlikely]] {
                    // Some deal has a flush, in one suit: five cards of a suit need three on the
                    // board, and a board of five cannot hold three of two suits. A flushing
                    // hand's value is the flush table's entry for its ranks of that suit.
                    // The flush suit in those lanes (0 elsewhere, where nothing is kept):
                    // any_flush is 8 << 4 * suit.
                    const auto flush_nibble = hn::BitCast(di, any_flush);
                    V32 suit = zero;
                    for (int u = 0; u < 3; ++u) {
                        suit = hn::Sub(
                            suit, hn::VecFromMask(
                                      d32, hn::RebindMask(d32, hn::Gt(flush_nibble,
                                                                      hn::Set(di, 8 << (4 * u))))));
                    }
                    const auto suit_index = hn::IndicesFromVec(d32, suit);
                    // The ranks of a known board's or player's cards in that suit: a permute
                    // of the four suits' rank masks.
                    const auto known_ranks = [&](V32 masks) {
                        return hn::TableLookupLanes(masks, suit_index);
                    };
                    // A drawn card's rank bit if it is of that suit: its suit count (1 << 4 *
                    // suit) meets the flush's.
                    const V32 flush_suit = hn::ShiftRight<3>(any_flush);
                    const auto drawn_rank = [&](int t) {
                        return hn::IfThenElseZero(meet(card_suit[t], flush_suit),
                                                  hn::Shl(one, card_rank[t]));
                    };
                    V32 board_suited = known_ranks(board_suit_ranks);
                    for (int t = 0; t < board_draws; ++t)
                        board_suited = hn::Or(board_suited, drawn_rank(t));
                    for (int p = 0; p < players; ++p) {
                        const int t = board_draws + 2 * (p - known);
                        const V32 ranks = hn::Or(
                            board_suited, p < known ? known_ranks(hole_suit_ranks[p])
                                                    : hn::Or(drawn_rank(t), drawn_rank(t + 1)));
                        // At most seven ranks of 13 are set, so the word read never passes the
                        // table's end.
                        value[p] = gather16_where(value[p], meet(suit_counts_of[p], flush_bits),
                                                  flush_values, ranks);
                    }
                }
                // Lanes past the last deal of the chunk count nowhere.
                const std::uint32_t begin = first + static_cast<std::uint32_t>(v * kVecLanes);
                const std::uint32_t dealt =
                    std::min<std::uint32_t>(kVecLanes, samples > begin ? samples - begin : 0);
                if (players == 2) {
                    // Heads-up the winner sets are 1, 2 and 3: counted from two compares.
                    auto ahead = hn::Gt(hn::BitCast(di, value[0]), hn::BitCast(di, value[1]));
                    auto behind = hn::Lt(hn::BitCast(di, value[0]), hn::BitCast(di, value[1]));
                    if (dealt < kVecLanes) {
                        ahead = hn::And(ahead, hn::FirstN(di, dealt));
                        behind = hn::And(behind, hn::FirstN(di, dealt));
                    }
                    const auto wins = static_cast<std::uint32_t>(hn::CountTrue(di, ahead));
                    const auto losses = static_cast<std::uint32_t>(hn::CountTrue(di, behind));
                    heads_up[1] += wins;
                    heads_up[2] += losses;
                    heads_up[3] += dealt - wins - losses;
                    continue;
                }
                V32 best = value[0];
                for (int p = 1; p < players; ++p)
                    best = hn::Max(best, value[p]);
                V32 set = zero;
                for (int p = 0; p < players; ++p)
                    set = hn::Or(set,
                                 hn::IfThenElseZero(hn::Eq(value[p], best), hn::Set(d32, 1u << p)));
                // Undealt lanes count in bin 0, which no deal reaches.
                if (dealt < kVecLanes) set = hn::IfThenElseZero(hn::FirstN(d32, dealt), set);
                hn::Store(set, d32, sets + v * kVecLanes);
            }
            if (players == 2) continue;
#if HWY_TARGET != HWY_SSE4
            // Without the barrier GCC takes each lane out of the registers (two vector
            // instructions each), where a load of the stored lanes costs none. Not on SSE4,
            // where it measured slower (1.06 times against five random hands).
            asm("" : "+m"(sets));
#endif
            for (int lane = 0; lane < kLanes; ++lane)
                ++histogram[(lane % kHistogramCopies) * bins + static_cast<int>(sets[lane])];
        }
    }
    if (players == 2) {
        for (int set = 1; set < 4; ++set)
            counts[set] += heads_up[set];
    }
    for (int c = 0; c < kHistogramCopies; ++c) {
        for (int set = 1; set < bins; ++set)
            counts[set] += histogram[c * bins + set];
    }
}

template <std::size_t... kDraws>
constexpr std::array<ChunkKernel, sizeof...(kDraws)> by_draws(std::index_sequence<kDraws...>) {
    return {&sample_chunk_draws<static_cast<int>(kDraws)>...};
}

// The hero alone against 1..kMaxPlayers - 1 random opponents (kernel r - 1 for r of them), with
// kBoardDraws board cards missing.
template <int kBoardDraws, std::size_t... kRandom>
constexpr std::array<ChunkKernel, sizeof...(kRandom)> hero_against(
    std::index_sequence<kRandom...>) {
    return {
        &sample_chunk_draws<kBoardDraws + 2 * (static_cast<int>(kRandom) + 1), kBoardDraws, 1>...};
}

void sample_chunk_simd(const Setup& s, std::uint64_t chunk, std::uint32_t samples,
                       std::int64_t* counts) {
    // One known player on each street: five, two, one or no board cards missing.
    using Streets = std::array<std::array<ChunkKernel, kMaxPlayers - 1>, 6>;
    static constexpr auto kRandom = std::make_index_sequence<kMaxPlayers - 1>{};
    static constexpr Streets hero = {hero_against<0>(kRandom), hero_against<1>(kRandom),
                                     hero_against<2>(kRandom), Streets::value_type{},
                                     Streets::value_type{},    hero_against<5>(kRandom)};
    static constexpr auto kernels = by_draws(std::make_index_sequence<kMaxDraws + 1>{});
    ChunkKernel kernel = kernels[static_cast<std::size_t>(s.draws)];
    if (s.known == 1 && s.players > 1) {
        const ChunkKernel street =
            hero[static_cast<std::size_t>(s.board_draws)][static_cast<std::size_t>(s.players - 2)];
        if (street != nullptr) kernel = street;
    }
    kernel(s, chunk, samples, counts);
}

}  // namespace pokerarena::detail::sampling::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();
#endif

#if HWY_ONCE
namespace pokerarena::detail::sampling {
namespace {

// The reference: the same stream, draws and counts as the SIMD kernels, one deal at a time.
void sample_chunk_scalar(const Setup& s, std::uint64_t chunk, std::uint32_t samples,
                         std::int64_t* counts) {
    ChunkGenerators g = seed_generators(s.seed, chunk);
    const int bins = 1 << s.players;
    std::uint32_t histogram[kHistogramCopies << kMaxPlayers];
    std::fill_n(histogram, kHistogramCopies * bins, 0u);
    std::uint32_t random[(kMaxDraws + 1) / 2][kLanes];  // one per two draws
    for (std::uint32_t first = 0; first < samples; first += kLanes) {
        for (int t = 0; t < (s.draws + 1) / 2; ++t) {
            for (int j = 0; j < kGenerators; ++j) {
                std::uint64_t x = g.s0[j];
                const std::uint64_t y = g.s1[j];
                g.s0[j] = y;
                x ^= x << 23;
                g.s1[j] = x ^ y ^ (x >> 17) ^ (y >> 26);
                const std::uint64_t word = g.s1[j] + y;
                random[t][2 * j] = static_cast<std::uint32_t>(word);
                random[t][2 * j + 1] = static_cast<std::uint32_t>(word >> 32);
            }
        }
        const int lanes = static_cast<int>(std::min<std::uint32_t>(kLanes, samples - first));
        for (int lane = 0; lane < lanes; ++lane) {
            std::uint32_t drawn[kMaxDraws];  // ascending
            std::uint64_t board_cards = s.board_cards;
            std::uint32_t board_rank = s.board_rank_key;
            std::uint32_t board_suits = s.board_suits;
            std::array<std::uint32_t, kMaxPlayers> rank = s.hole_rank_key;
            std::array<std::uint32_t, kMaxPlayers> suits = s.hole_suits;
            std::array<std::uint64_t, kMaxPlayers> hole = s.hole_cards;
            std::uint64_t product = 0;
            for (int t = 0; t < s.draws; ++t) {
                // An even draw takes the next random number, an odd one the fraction (the low
                // half) of the last product.
                const std::uint64_t r = t % 2 == 0 ? random[t / 2][lane] : product & 0xFFFFFFFFu;
                product = r * static_cast<std::uint64_t>(s.deck_size - t);
                auto p = static_cast<std::uint32_t>(product >> 32);
                for (int i = 0; i < t; ++i)
                    p += p >= drawn[i] ? 1 : 0;
                int i = t;
                for (; i > 0 && drawn[i - 1] > p; --i)
                    drawn[i] = drawn[i - 1];
                drawn[i] = p;
                const std::uint32_t card = s.deck[p];
                const std::uint32_t key = kRankKeys[card >> 2];
                const std::uint32_t suit = 1u << (4 * (card & 3));
                if (t < s.board_draws) {
                    board_cards |= std::uint64_t{1} << card;
                    board_rank += key;
                    board_suits += suit;
                } else {
                    const int o = s.known + (t - s.board_draws) / 2;
                    const bool second = ((t - s.board_draws) & 1) != 0;
                    rank[o] = (second ? rank[o] : 0) + key;
                    suits[o] = (second ? suits[o] : 0) + suit;
                    hole[o] = (second ? hole[o] : 0) | std::uint64_t{1} << card;
                }
            }
            std::array<HandValue, kMaxPlayers> value{};
            HandValue best = 0;
            for (int p = 0; p < s.players; ++p) {
                const std::uint32_t flush = (board_suits + suits[p]) & 0x8888;
                value[p] = flush != 0 ? flush_value_of(board_cards | hole[p],
                                                       (std::countr_zero(flush) - 3) >> 2)
                                      : rank_value(board_rank + rank[p]);
                best = std::max(best, value[p]);
            }
            unsigned set = 0;
            for (int p = 0; p < s.players; ++p)
                set |= unsigned{value[p] == best} << p;
            ++histogram[(lane % kHistogramCopies) * bins + static_cast<int>(set)];
        }
    }
    for (int c = 0; c < kHistogramCopies; ++c) {
        for (int set = 1; set < bins; ++set)
            counts[set] += histogram[c * bins + set];
    }
}

}  // namespace

ChunkGenerators seed_generators(std::uint64_t seed, std::uint64_t chunk) noexcept {
    ChunkGenerators g{};
    for (int j = 0; j < kGenerators; ++j) {
        const std::uint64_t stream = chunk * kGenerators + static_cast<std::uint64_t>(j);
        g.s0[j] = splitmix64_mix(seed ^ splitmix64_mix(stream + 0x5851F42D4C957F2Du));
        // Never both words zero, the one state xorshift128+ cannot leave.
        g.s1[j] = splitmix64_mix(g.s0[j] + kSplitMix64Gamma) | 1u;
    }
    return g;
}

const RankValueTables& rank_value_tables() noexcept {
    static const RankValueTables tables = [] {
        constexpr std::size_t kEntries = kBoardRankSets * kHolePairs;
        static std::array<std::uint16_t, kEntries + 1> by_board{}, by_pair{};
        std::array<int, kNumRanks> count{};
        // Every board r[0] <= ... <= r[4], counting its ranks and summing their keys.
        const auto boards = [&](auto& self, int k, int low, std::uint32_t board,
                                std::uint32_t key) -> void {
            if (k == 5) {
                for (int hi = 0; hi < kNumRanks; ++hi) {
                    for (int lo = 0; lo <= hi; ++lo) {
                        const auto h = static_cast<std::size_t>(hi);
                        const auto l = static_cast<std::size_t>(lo);
                        if (count[h] + 1 + (lo == hi ? 1 : 0) > 4 || count[l] + 1 > 4) continue;
                        const std::uint32_t pair =
                            kPairBase.entry[h] + static_cast<std::uint32_t>(lo);
                        const HandValue v = rank_value(key + kRankKeys[h] + kRankKeys[l]);
                        by_board[kHolePairs * board + pair] = v;
                        by_pair[kBoardRankSets * pair + board] = v;
                    }
                }
                return;
            }
            for (int r = low; r < kNumRanks; ++r) {
                const auto i = static_cast<std::size_t>(r);
                if (count[i] == 4) continue;
                ++count[i];
                self(self, k + 1, r, board + kBoardTerms[static_cast<std::size_t>(k)].entry[i],
                     key + kRankKeys[i]);
                --count[i];
            }
        };
        boards(boards, 0, 0, 0, 0);
        return RankValueTables{by_board.data(), by_pair.data()};
    }();
    return tables;
}

HandValue flush_value_of(std::uint64_t cards, int suit) noexcept {
    // Card 4 * rank + suit: the suit's cards are every fourth bit. Halving the gaps five
    // times packs them into the 13-bit rank mask without a loop (PEXT would need BMI2).
    std::uint64_t x = (cards >> suit) & 0x1111111111111u;
    x = (x | x >> 3) & 0x0303030303030303u;
    x = (x | x >> 6) & 0x000F000F000F000Fu;
    x = (x | x >> 12) & 0x000000FF000000FFu;
    x = (x | x >> 24) & 0xFFFFu;
    return tables.flush_values[x];
}

ChunkKernel chunk_kernel(Kernel k) noexcept {
    if (k == Kernel::Best || !kernel_available(k)) return nullptr;
    switch (k) {
        case Kernel::Scalar:
            return &sample_chunk_scalar;
#if HWY_TARGETS & HWY_SSE4
        case Kernel::SSE4:
            return &N_SSE4::sample_chunk_simd;
#endif
#if HWY_TARGETS & HWY_AVX2
        case Kernel::AVX2:
            return &N_AVX2::sample_chunk_simd;
#endif
#if HWY_TARGETS & HWY_AVX3
        case Kernel::AVX512:
            return &N_AVX3::sample_chunk_simd;
#endif
        default:
            return nullptr;
    }
}

}  // namespace pokerarena::detail::sampling
#endif  // HWY_ONCE
