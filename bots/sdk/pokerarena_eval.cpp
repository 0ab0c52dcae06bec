// The C face of the evaluator (pokerarena_eval.h): argument checks, then the C++ calls.
//
// Each function is a thin shell over the inline C++ evaluator, so the cost over the C++ API is
// one function call; the checked variants add a 64-bit mask of the cards seen (one OR and a
// popcount) to refuse bad cards without branching per card pair. Exceptions of the C++ side
// (EquityError for a bad request, std::bad_alloc) are caught here: nothing unwinds into C.
#include "pokerarena_eval.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <exception>
#include <span>
#include <string>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

namespace {

using pokerarena::Card;
using pokerarena::EquityError;
using pokerarena::EquityMethod;
using pokerarena::EquityRequest;
using pokerarena::EquityResult;
using pokerarena::Hand;
using pokerarena::HandValue;
using pokerarena::SevenCards;

constexpr std::uint64_t kDefaultSamples = 10'000;
constexpr std::uint64_t kDefaultExactLimit = 2'000'000;

// Adds `count` cards to `hand` and their bits to `seen`; false for a card outside 0..51 or one
// already in `seen`.
bool add_checked(Hand& hand, std::uint64_t& seen, const std::uint8_t* cards, int count) {
    for (int i = 0; i < count; ++i) {
        const unsigned c = cards[i];
        if (c >= pokerarena::kNumCards) return false;
        const std::uint64_t bit = std::uint64_t{1} << c;
        if (seen & bit) return false;
        seen |= bit;
        hand.add(Card{static_cast<int>(c)});
    }
    return true;
}

// PaSevenCards is the C spelling of SevenCards: the batch call hands its array to the kernels
// as it is.
static_assert(sizeof(PaSevenCards) == sizeof(SevenCards) &&
              alignof(PaSevenCards) == alignof(SevenCards));

void write_error(char* error, std::size_t error_size, const std::string& message) {
    if (error == nullptr || error_size == 0) return;
    std::snprintf(error, error_size, "%s", message.c_str());
}

// The number of entries each category's value decodes into one of the rank-name tables of
// describe() (a value of a category with an index past 12 is no hand; make_tables.cpp gives the
// layout): one pair rank * 286 + kickers, two pair high * 169 + low * 13 + kicker, trips rank *
// 78 + kickers, straights and straight flushes the top rank, full house and quads rank * 13 +
// other; high card and flush are a colex index of five ranks, below C(13, 5) = 1287.
bool is_hand_value(std::uint16_t value) {
    const int w = value & 0xFFF;
    switch (value >> 12) {
        case PA_HIGH_CARD:
        case PA_FLUSH:
            return w < 1287;
        case PA_ONE_PAIR:
            return w < 13 * 286;
        case PA_TWO_PAIR:
            return w < 13 * 169;
        case PA_THREE_OF_A_KIND:
            return w < 13 * 78;
        case PA_STRAIGHT:
        case PA_STRAIGHT_FLUSH:
            return w >= 3 && w < 13;
        case PA_FULL_HOUSE:
        case PA_FOUR_OF_A_KIND:
            return w < 13 * 13;
        default:
            return false;
    }
}

EquityRequest to_cpp(const PaEquityRequest& r) {
    EquityRequest q;
    q.hero = {Card{r.hero[0]}, Card{r.hero[1]}};
    // Counts are checked here, before any array is read: the C++ side only sees what exists.
    if (r.board_count < 0 || r.board_count > 5)
        throw EquityError("equity: board_count is " + std::to_string(r.board_count) +
                          "; expected 0, 3, 4 or 5");
    for (int i = 0; i < r.board_count; ++i)
        q.board.emplace_back(r.board[i]);
    if (r.num_villains < 0 || r.num_villains > pokerarena::kMaxOpponents)
        throw EquityError("equity: num_villains is " + std::to_string(r.num_villains) +
                          "; expected 0..9");
    if (r.num_villains > 0 && r.villains == nullptr)
        throw EquityError("equity: num_villains is " + std::to_string(r.num_villains) +
                          " but villains is NULL");
    for (int v = 0; v < r.num_villains; ++v)
        q.villains.push_back({Card{r.villains[2 * v]}, Card{r.villains[2 * v + 1]}});
    q.random_opponents = r.random_opponents;
    if (r.num_dead < 0 || r.num_dead > pokerarena::kNumCards)
        throw EquityError("equity: num_dead is " + std::to_string(r.num_dead) + "; expected 0..52");
    if (r.num_dead > 0 && r.dead == nullptr)
        throw EquityError("equity: num_dead is " + std::to_string(r.num_dead) +
                          " but dead is NULL");
    for (int i = 0; i < r.num_dead; ++i) {
        if (r.dead[i] >= pokerarena::kNumCards)
            throw EquityError("equity: dead card " + std::to_string(r.dead[i]) +
                              " is not a card (expected 0..51)");
        const Card card{r.dead[i]};
        if (q.dead.contains(card))
            throw EquityError("equity: dead card " + card.to_string() + " is given twice");
        q.dead.add(card);
    }
    switch (r.method) {
        case PA_EQUITY_AUTO:
            q.method = EquityMethod::Auto;
            break;
        case PA_EQUITY_EXACT:
            q.method = EquityMethod::Exact;
            break;
        case PA_EQUITY_MONTE_CARLO:
            q.method = EquityMethod::MonteCarlo;
            break;
        default:
            throw EquityError("equity: method is " + std::to_string(r.method) +
                              "; expected PA_EQUITY_AUTO (0), PA_EQUITY_EXACT (1) or "
                              "PA_EQUITY_MONTE_CARLO (2)");
    }
    q.samples = r.samples == 0 ? kDefaultSamples : r.samples;
    q.seed = r.seed;
    q.exact_limit = r.exact_limit == 0 ? kDefaultExactLimit : r.exact_limit;
    // One thread: a plugin decides on one of the runner's threads, which keep every core busy
    // already, and the result does not depend on the count (equity.hpp).
    q.threads = 1;
    return q;
}

}  // namespace

extern "C" {

std::uint16_t pa_evaluate7(const std::uint8_t cards[7]) {
    Hand hand;
    for (int i = 0; i < 7; ++i)
        hand.add(Card{cards[i]});
    return pokerarena::evaluate(hand);
}

void pa_evaluate7_batch(const PaSevenCards* hands, std::size_t count, std::uint16_t* out) {
    // The kernels read the hands only as bytes, so viewing the array as SevenCards (the same
    // layout, asserted above) reads exactly the caller's bytes. evaluate_batch throws only for
    // a short output or a kernel the CPU lacks, neither possible here, and picking the best
    // kernel allocates nothing.
    pokerarena::evaluate_batch(
        std::span<const SevenCards>(reinterpret_cast<const SevenCards*>(hands), count),
        std::span<HandValue>(out, count));
}

std::uint16_t pa_evaluate(const std::uint8_t* cards, int count) {
    if (cards == nullptr || count < 5 || count > 7) return 0;
    Hand hand;
    std::uint64_t seen = 0;
    if (!add_checked(hand, seen, cards, count)) return 0;
    return pokerarena::evaluate(hand);
}

int pa_compare(const std::uint8_t hole_a[2], const std::uint8_t hole_b[2],
               const std::uint8_t* board, int board_count) {
    if (hole_a == nullptr || hole_b == nullptr || board == nullptr || board_count < 3 ||
        board_count > 5)
        return PA_COMPARE_INVALID;
    Hand common;
    std::uint64_t seen = 0;
    if (!add_checked(common, seen, board, board_count)) return PA_COMPARE_INVALID;
    Hand a = common, b = common;
    if (!add_checked(a, seen, hole_a, 2) || !add_checked(b, seen, hole_b, 2))
        return PA_COMPARE_INVALID;
    const HandValue va = pokerarena::evaluate(a), vb = pokerarena::evaluate(b);
    return va > vb ? 1 : va < vb ? -1 : 0;
}

std::size_t pa_describe(std::uint16_t value, char* out, std::size_t out_size) {
    try {
        const std::string text =
            is_hand_value(value) ? pokerarena::describe(value) : "invalid hand value";
        if (out != nullptr && out_size > 0) std::snprintf(out, out_size, "%s", text.c_str());
        return text.size();
    } catch (const std::exception&) {  // std::bad_alloc: nothing was written
        if (out != nullptr && out_size > 0) out[0] = '\0';
        return 0;
    }
}

std::int32_t pa_equity(const PaEquityRequest* request, PaEquityResult* result, char* error,
                       std::size_t error_size) {
    if (request == nullptr || result == nullptr) {
        write_error(error, error_size, "equity: request or result is NULL");
        return 1;
    }
    try {
        const EquityResult r = pokerarena::calculate_equity(to_cpp(*request));
        std::memset(result, 0, sizeof *result);
        result->num_players = static_cast<std::int32_t>(r.players.size());
        for (std::size_t p = 0; p < r.players.size(); ++p)
            result->players[p] = {r.players[p].equity, r.players[p].win, r.players[p].tie};
        result->exact = r.exact ? 1 : 0;
        result->outcomes = r.outcomes;
        result->std_error = r.std_error;
        write_error(error, error_size, "");
        return 0;
    } catch (const std::exception& e) {
        write_error(error, error_size, e.what());
        return 1;
    }
}

double pa_equity_vs_random(const std::uint8_t hole[2], const std::uint8_t* board, int board_count,
                           int opponents, std::uint64_t samples, std::uint64_t seed) {
    if (hole == nullptr || (board == nullptr && board_count != 0) || board_count < 0 ||
        board_count > 5 || samples == 0)
        return -1;
    PaEquityRequest request{};
    request.hero[0] = hole[0];
    request.hero[1] = hole[1];
    std::copy(board, board + board_count, request.board);
    request.board_count = board_count;
    request.random_opponents = opponents;
    request.method = PA_EQUITY_AUTO;
    request.samples = samples;
    request.seed = seed;
    request.exact_limit = samples;
    PaEquityResult result;
    if (pa_equity(&request, &result, nullptr, 0) != 0) return -1;
    return result.players[0].equity;
}

}  // extern "C"
