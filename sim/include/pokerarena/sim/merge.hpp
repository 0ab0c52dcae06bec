// Combining reports of the same tournament: shards (`run --shard K/N`), interrupted runs and
// runs of the rest of the schedule, into the report one run of every unit would have written.
//
// Guarantees
// - The figures of the result (bots, pairs, sprt, curve, hands, units, complete) are
//   aggregate(make_tournament(config, BotLoading::Skip), union of the inputs' units):
//   byte-identical to those of one run of the same units, whatever the order of the inputs.
// - run: version as in the inputs, shard empty, threads and tables 0 (no one process ran the
//   whole), started the earliest of the inputs'.
// - timing: wall_seconds and hands_per_second 0 (absent): shards may have run one after
//   another or on many machines at once, so neither their sum nor their maximum is the wall
//   time of anything; peak_rss_bytes the largest of the inputs' (what one shard's machine
//   needed). The bots' mean decision times are aggregated from the units, so they stay.
// - Throws MergeError, naming the input (by `names[i]`, or "input i+1" when names is
//   shorter) and what differs, when: there is no input; an input's configuration differs from
//   the first one's (the message names the first differing field); their versions differ; an
//   input holds a unit outside the schedule or the same unit twice; a unit present in two
//   inputs differs in anything but its timing fields (the first copy is kept when they
//   agree); or the units together make a total that leaves the 64-bit range (each input may
//   be fine alone). Units are checked as in aggregate() (pokerarena/sim/aggregate.hpp).
// - Plugin bots: two inputs that record different identities (PluginIdentity: SHA-256, size,
//   API name of the library) for one bot are a MergeError naming both inputs, the bot and both
//   identities: their units were played by two different bots. An input that records none for
//   a plugin bot (written before reports recorded them) is merged, and a warning naming it and
//   the bot is appended to `warnings` (when given). The merged report keeps the identity the
//   inputs agree on, and run.plugin_folder of the first input that has one.
// - The tournament is rebuilt without its bots (BotLoading::Skip): no plugin is loaded, so a
//   merge needs neither the plugins the inputs were run with nor their paths, and runs none
//   of their code. A configuration make_tournament() rejects is refused as read_report()
//   refuses it (report_tournament(), report_io.hpp): a ReportError naming the first input.
//
// check_report_summary() holds a report's summary to its units, for `pokerarena report`,
// which prints the summary as it is: the figures merge_reports() would write (bots, pairs,
// sprt, curve, hands, units_total, units_done, complete; not the configuration, the units,
// run, timing, or the bots' plugin and process records) are recomputed with aggregate() and
// compared, field by field. Counts, flags and names must be equal; figures (doubles) may
// differ by rounding only (a relative 1e-9, or 1e-12 near zero), NaN equals only NaN and an
// infinity only itself. The first field that differs is a ReportError naming `name`, the
// field, both values ("r.pb: bots[1].mbb_per_hand.los: 7 in the file, 0.61 from the units;
// ..."); units aggregate() refuses, a ReportError with its reason. A report written by another
// version (run.version) has that version's statistics (estimates, ratings, SPRT, ROI, ITM,
// mean decision times), whose formulas may differ from this one's: only its counts are
// compared (not with an SPRT, whose stop may differ too), and its statistics must be numbers
// of their kind (a finite mean, a spread and an interval of 0 or more, a LOS and an ITM rate
// from 0 to 1, ...), else a ReportError naming the field.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "report.pb.h"

namespace pokerarena::sim {

class MergeError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

Report merge_reports(std::span<const Report> reports, std::span<const std::string> names = {},
                     std::vector<std::string>* warnings = nullptr);

void check_report_summary(const Report& report, const std::string& name);

}  // namespace pokerarena::sim
