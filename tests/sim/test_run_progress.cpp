// The runner's progress reports: the leader they name is the bot the final report ranks first
// (cash formats by net chips per hand, sit-and-go by ROI, where chips won say nothing of the
// prizes).
#include <catch2/catch.hpp>

#include <optional>

#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;

namespace {

// The last progress report of a one-thread run, one unit per wave: after the last wave it
// covers every unit.
RunProgress last_progress(const TournamentConfig& config, Report* report) {
    const Tournament tournament = make_tournament(config);
    RunOptions options;
    options.threads = 1;
    options.tables = 1;
    std::optional<RunProgress> last;
    options.progress = [&last](const RunProgress& p) { last = p; };
    *report = run_tournament(tournament, options);
    REQUIRE(last.has_value());
    return *last;
}

}  // namespace

TEST_CASE("progress: a sit-and-go's leader is the best ROI, as the report ranks it",
          "[runner][progress]") {
    // fold finishes in the money often without winning chips; allin wins many chips in the
    // tournaments it survives and busts first in the rest.
    TournamentConfig config;
    for (const char* spec : {"allin", "fold", "tag", "random", "call"})
        config.add_bots()->set_spec(spec);
    auto* tight = config.add_bots();
    tight->set_spec("tag:tightness=0.8");
    tight->set_name("tag-tight");
    config.set_format(SIT_AND_GO);
    config.set_deals(60);
    config.set_deals_per_unit(6);
    config.set_seed(4);
    Report report;
    const RunProgress p = last_progress(config, &report);
    REQUIRE(report.complete());
    int best = -1;
    for (int b = 0; b < report.bots_size(); ++b)
        if (best < 0 || report.bots(b).roi() > report.bots(best).roi()) best = b;
    CHECK(p.leader_by_roi);
    CHECK(p.leader == best);
    CHECK(p.leader_roi_percent == Approx(100.0 * report.bots(best).roi()).margin(1e-3));
    // The net chips of the bots rank them otherwise here: the leader by chips per hand
    // would be another bot, which is what the progress line used to name.
    int by_chips = -1;
    double best_rate = 0;
    for (int b = 0; b < report.bots_size(); ++b) {
        const double rate = static_cast<double>(report.bots(b).net_chips()) /
                            static_cast<double>(report.bots(b).hands());
        if (by_chips < 0 || rate > best_rate) {
            by_chips = b;
            best_rate = rate;
        }
    }
    CHECK(by_chips != best);
}

TEST_CASE("progress: a round robin's leader wins the most chips per hand", "[runner][progress]") {
    TournamentConfig config;
    for (const char* spec : {"random", "call", "tag"})
        config.add_bots()->set_spec(spec);
    config.set_deals(200);
    config.set_deals_per_unit(50);
    config.set_seed(9);
    Report report;
    const RunProgress p = last_progress(config, &report);
    CHECK_FALSE(p.leader_by_roi);
    int best = -1;
    for (int b = 0; b < report.bots_size(); ++b)
        if (best < 0 ||
            report.bots(b).mbb_per_hand().mean() > report.bots(best).mbb_per_hand().mean())
            best = b;
    CHECK(p.leader == best);
    CHECK(p.leader_mbb_per_hand == Approx(report.bots(best).mbb_per_hand().mean()).margin(1e-6));
}
