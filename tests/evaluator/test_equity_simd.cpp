// Monte Carlo equity on every kernel: the same seed must give the same counts, bit for bit, on
// the scalar reference and on each SIMD kernel this CPU runs, for every kind of request; and
// the one-thread entry point for bots must agree with calculate_equity().
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/equity.hpp"

using namespace pokerarena;

namespace {

HoleCards hole(const std::string& text) {
    const auto cards = parse_cards(text);
    return {cards.at(0), cards.at(1)};
}

EquityRequest request(const std::string& hero, const std::vector<std::string>& villains, int random,
                      const std::string& board, std::uint64_t samples,
                      const std::string& dead = "") {
    EquityRequest r;
    r.hero = hole(hero);
    for (const auto& v : villains)
        r.villains.push_back(hole(v));
    r.random_opponents = random;
    r.board = parse_cards(board);
    r.dead = CardSet::parse(dead);
    r.method = EquityMethod::MonteCarlo;
    r.samples = samples;
    r.seed = 2024;
    return r;
}

// Every kind of request the kernels handle: heads-up, five and nine random opponents, known
// villains alone and beside random hands, dead cards, every board size, and sample counts that
// end mid-step (not a multiple of 16), on a group's edge, and span several chunks.
std::vector<EquityRequest> requests() {
    std::vector<EquityRequest> rs;
    for (const std::string board : {"", "Qs7d2c", "Qs7d2c9h", "Qs7d2c9h3s"}) {
        rs.push_back(request("AsKs", {}, 1, board, 70'001));
        rs.push_back(request("AsKs", {}, 5, board, 20'003));
        rs.push_back(request("7h6h", {"AcAd"}, 0, board, 20'000));
        rs.push_back(request("7h6h", {"AcAd", "KdKh"}, 3, board, 10'007, "2h3h"));
    }
    // The hero alone against every number of random opponents on every street, each of
    // which has a kernel of its own, and some of them with dead cards.
    for (const std::string board : {"", "Qs7d2c", "Qs7d2c9h", "Qs7d2c9h3s"}) {
        for (int random = 1; random <= kMaxOpponents; ++random)
            rs.push_back(request("Td9d", {}, random, board, 2'001));
        for (int random : {1, 2, 5, 9})
            rs.push_back(request("Td9d", {}, random, board, 2'001, "2h3hAcKs"));
    }
    rs.push_back(request("2c2d", {}, 9, "", 5'000));
    rs.push_back(request("AhKh", {}, 2, "QhJhTh", 3'001));  // flushes and straight flushes
    rs.push_back(request("AsKs", {}, 1, "", 1));
    // Counts at the edges of the AVX-512 kernel's groups of 64 deals and of a chunk.
    rs.push_back(request("AsKs", {}, 2, "", 64));
    rs.push_back(request("AsKs", {}, 2, "Qs7d2c9h", 65));
    rs.push_back(request("9c8c", {"AhAd"}, 1, "Qs7d2c", 65'536));
    return rs;
}

void check_same(const EquityResult& a, const EquityResult& b) {
    REQUIRE(a.players.size() == b.players.size());
    for (std::size_t p = 0; p < a.players.size(); ++p) {
        CHECK(a.players[p].wins == b.players[p].wins);
        CHECK(a.players[p].ties == b.players[p].ties);
        CHECK(a.players[p].equity == b.players[p].equity);
    }
    CHECK(a.std_error == b.std_error);
}

}  // namespace

TEST_CASE("every Monte Carlo kernel gives the scalar kernel's counts bit for bit", "[equity]") {
    const std::vector<Kernel> kernels = available_kernels();
    for (Kernel k : {Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
        if (!kernel_available(k)) WARN("skipped: kernel " << kernel_name(k) << " not on this CPU");
    }
    for (EquityRequest r : requests()) {
        INFO("hero " << r.hero[0].to_string() << r.hero[1].to_string() << ", " << r.villains.size()
                     << " villains, " << r.random_opponents << " random, board of "
                     << r.board.size() << ", " << r.samples << " samples");
        r.kernel = Kernel::Scalar;
        const EquityResult scalar = calculate_equity(r);
        for (Kernel k : kernels) {
            INFO("kernel " << kernel_name(k));
            r.kernel = k;
            check_same(scalar, calculate_equity(r));
        }
        // Best is one of them, and threads do not change the counts on any kernel.
        r.kernel = Kernel::Best;
        r.threads = 2;
        check_same(scalar, calculate_equity(r));
    }
}

TEST_CASE("forcing a kernel for Best runs that kernel", "[equity]") {
    // A request for Best under each forced kernel: the counts stay those of the scalar kernel
    // (the hook only picks which code computes them) and an explicit kernel is not overridden.
    EquityRequest r = request("AsKs", {}, 5, "", 30'000);
    r.kernel = Kernel::Scalar;
    const EquityResult scalar = calculate_equity(r);
    r.kernel = Kernel::Best;
    for (Kernel k : available_kernels()) {
        detail::force_kernel(k);
        check_same(scalar, calculate_equity(r));
    }
    detail::force_kernel(Kernel::Best);
}

TEST_CASE("Monte Carlo counts differ between seeds and follow the request", "[equity]") {
    EquityRequest r = request("AsKs", {}, 1, "", 50'000);
    const EquityResult a = calculate_equity(r);
    r.seed = 2025;
    const EquityResult b = calculate_equity(r);
    CHECK(a.players[0].wins != b.players[0].wins);
    // A deal is evaluated for every player: wins and ties add up to at least the samples.
    std::uint64_t won = 0;
    for (const auto& p : a.players)
        won += p.wins + p.ties;
    CHECK(won >= r.samples);
    CHECK(a.players[0].wins + a.players[1].wins <= r.samples);
}

TEST_CASE("a kernel the CPU lacks is refused", "[equity]") {
    EquityRequest r = request("AsKs", {}, 1, "", 1000);
    r.kernel = static_cast<Kernel>(9);
    CHECK_THROWS_AS(calculate_equity(r), EquityError);
    for (Kernel k : {Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
        if (kernel_available(k)) continue;
        r.kernel = k;
        CHECK_THROWS_WITH(calculate_equity(r), Catch::Contains(kernel_name(k)));
    }
}

TEST_CASE("monte_carlo_equity is calculate_equity's hero equity on every kernel", "[equity]") {
    for (const std::string board : {"", "Qs7d2c", "Qs7d2c9h", "Qs7d2c9h3s"}) {
        for (int random : {1, 5, 9}) {
            for (std::uint64_t samples :
                 {std::uint64_t{1}, std::uint64_t{200}, std::uint64_t{70'000}}) {
                EquityRequest r = request("AsKs", {}, random, board, samples);
                r.seed = 99;
                const auto cards = parse_cards(board);
                for (Kernel k : available_kernels()) {
                    INFO(board << ", " << random << " random, " << samples << " samples, "
                               << kernel_name(k));
                    r.kernel = k;
                    CHECK(monte_carlo_equity(r.hero, cards, random, samples, 99, k) ==
                          calculate_equity(r).players[0].equity);
                }
            }
        }
    }
}

// monte_carlo_equity also takes boards of one and two cards, which calculate_equity refuses:
// there are no street kernels for them, so they must reach the kernels by number of draws.
TEST_CASE(
    "monte_carlo_equity on boards of one and two cards is the scalar kernel's on every "
    "kernel",
    "[equity]") {
    const HoleCards hero = hole("Td9d");
    for (const std::string board : {"Qs", "Qs7d"}) {
        const auto cards = parse_cards(board);
        for (int random = 1; random <= kMaxOpponents; ++random) {
            for (std::uint64_t samples : {std::uint64_t{1}, std::uint64_t{2'001}}) {
                const double scalar =
                    monte_carlo_equity(hero, cards, random, samples, 7, Kernel::Scalar);
                for (Kernel k : available_kernels()) {
                    INFO(board << ", " << random << " random, " << samples << " samples, "
                               << kernel_name(k));
                    CHECK(monte_carlo_equity(hero, cards, random, samples, 7, k) == scalar);
                }
            }
        }
    }
}
