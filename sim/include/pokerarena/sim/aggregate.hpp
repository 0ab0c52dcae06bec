// Checking unit results against their tournament: what aggregate() (tournament.hpp) and
// read_report() (report_io.hpp) refuse, so that no report, merge or resume is computed from
// numbers no run can have produced.
//
// Guarantees
// - check_unit_results() accepts every set of distinct results play_unit() returns for the
//   tournament, and refuses (std::invalid_argument, naming the unit and the field, "unit 3:
//   bots[1].samples.n: -5; expected 512 (one sample per deal of the unit)") a unit that:
//   - is outside the schedule, or whose bots are not its table's seats in seat order;
//   - has pairs other than its table's one pair (heads-up: a = the lower bot index, b = the
//     higher; ring and sit-and-go: none), or pair figures other than its bot a's;
//   - cash formats: has hands other than deals x plays per deal, a bot with hands other than
//     the unit's, or samples.n other than its deals (one sample per deal); all-in adjusted
//     samples other than one per deal with allin_ev, or any without; the same for AIVAT
//     samples and aivat; more decisions_with_strategy than decisions;
//   - sit-and-go: fewer hands than tournaments played (each plays at least one hand), a bot
//     with more hands than the unit, samples.n other than its tournaments, or places that are
//     not a permutation of 1 .. bots for each play;
//   - has net chips that do not sum to zero over its bots (chips only change hands; the
//     all-in adjusted and AIVAT figures are doubles and are not held to this), a negative
//     count (decisions, faults), or a sample sum or sum of squares that is not finite (or a
//     negative sum of squares);
//   - or makes a total of the set (hands, a bot's hands, net chips, decisions or faults, a
//     pair's hands or net chips) leave the 64-bit range.
// - aggregate() checks only what it needs to index and sum: the schedule, the seats, the
//   pairs' bots, sit-and-go places, and the totals' range (it is also fed crafted units);
//   read_report() checks everything above, since its units come from a file.
// - Units given twice are not looked for here: aggregate() and read_report() each say so in
//   their own words.
#pragma once

#include <google/protobuf/repeated_ptr_field.h>

#include <cstdint>
#include <vector>

#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "report.pb.h"

namespace pokerarena::sim {

void check_unit_results(const Tournament& tournament,
                        const google::protobuf::RepeatedPtrField<UnitResult>& units);

// The SPRT of a two-bot match (config.sprt set), fed with the unit results in unit order from
// unit 0, without gaps: for the runner to stop scheduling once the test has decided. Its
// decisions are those aggregate() makes. The test's observations are blocks: the mean result
// (mbb per hand) of each unit of deals_per_unit deal pairs (with an SPRT the default
// deals_per_unit does not grow with hands, so the test looks at the same points whatever
// config.deals is); the last unit, when it is shorter, is left out of the test.
class SprtMonitor {
  public:
    // Throws std::invalid_argument when the configuration has no SPRT.
    explicit SprtMonitor(const Tournament& tournament);
    // Adds the next unit's result; returns true once the test has decided (this unit or an
    // earlier one). After a decision, further results are ignored.
    bool add(const UnitResult& unit);
    bool decided() const { return state_.decision != SprtDecision::Undecided; }
    const SprtState& state() const { return state_; }
    // The hands and blocks the test was run on so far.
    std::int64_t hands() const { return hands_; }
    std::int64_t blocks() const { return block_means_.n; }

  private:
    SprtParams params_;
    double big_blind_ = 0;
    std::int64_t block_deals_ = 0;
    SampleMoments block_means_;  // mbb per hand of each whole unit of the pair
    std::int64_t hands_ = 0;
    SprtState state_;
};

}  // namespace pokerarena::sim
