// The sequential test on whole matches: the examples it is documented by (docs/simulator.md,
// Statistics), played through the runner.
#include <catch2/catch.hpp>

#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;

namespace {

Report sprt_match(const char* a, const char* b, double mbb0, double mbb1, std::uint64_t seed) {
    TournamentConfig config;
    config.add_bots()->set_spec(a);
    config.add_bots()->set_spec(b);
    config.set_deals(1000000);
    config.set_seed(seed);
    config.mutable_sprt()->set_mbb0(mbb0);
    config.mutable_sprt()->set_mbb1(mbb1);
    config.mutable_sprt()->set_alpha(0.05);
    config.mutable_sprt()->set_beta(0.05);
    RunOptions options;
    options.threads = 1;
    options.tables = 4;
    return run_tournament(make_tournament(config), options);
}

}  // namespace

TEST_CASE("SPRT: tag against call with --sprt 0,20 decides at the first block it may", "[sprt]") {
    // run --help's example. Tag wins about +2,165 mbb/hand, more than 30 standard errors
    // beyond mu1 = 20 at the 20th block: H1 there (it took 331,878 hands on average when only
    // the ratio could decide, which grows slowly so far beyond both hypotheses).
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const Report report = sprt_match("tag", "call", 0, 20, seed);
        INFO("seed " << seed);
        CHECK(report.sprt().decision() == "H1 (mbb1)");
        CHECK(report.sprt().blocks() == pokerarena::sim::kSprtMinBlocks);
        CHECK(report.sprt().hands() == 20 * 1024);
    }
    // Mirrored: the same match tested from call's side of the hypotheses.
    const Report mirrored = sprt_match("call", "tag", 0, -20, 1);
    CHECK(mirrored.sprt().decision() == "H1 (mbb1)");
    CHECK(mirrored.sprt().blocks() == pokerarena::sim::kSprtMinBlocks);
}
