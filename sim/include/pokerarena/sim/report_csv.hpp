// A report as CSV files, for pandas, R or a spreadsheet: `pokerarena report FILE --csv DIR`.
//
// Files (RFC 4180: comma-separated, a header line, fields with a comma, quote or line break
// quoted, quotes doubled; lines end in "\n"):
// - bots.csv: one row per bot in config order: bot (index), name, spec, hands, net_chips,
//   decisions, faults (all kinds), then for each estimate E of mbb_per_hand,
//   mbb_per_hand_allin_ev, rating and prize the columns E, E_ci95, E_stddev, E_los,
//   E_samples, E_too_few_samples, E_biased_by_sprt_stop; then roi and itm_rate; then the
//   estimate columns of mbb_per_hand_aivat, aivat_variance_ratio and decisions_with_strategy.
// - pairs.csv: one row per pair of the crosstable: a, name_a, b, name_b, hands, net_chips_a,
//   then the estimate columns of mbb_per_hand_a, mbb_per_hand_allin_ev_a and
//   mbb_per_hand_aivat_a (a against b), and aivat_variance_ratio.
// - curve.csv: hands, then one column per bot named by its name (the bot's cumulative net
//   chips), one row per point of the curve.
// Numbers are plain: integers in full (64-bit counts are not strings, unlike Protobuf's JSON),
// doubles with 17 significant digits (they read back bit for bit), an infinite interval as
// "inf" (pandas reads it as a float); flags are "true" or "false". An estimate the report does
// not have (no all-in EV, no AIVAT, no rating) has empty cells.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "report.pb.h"

namespace pokerarena::sim {

// The files as (name, contents), in the order listed above.
std::vector<std::pair<std::string, std::string>> report_to_csv(const Report& report);

// Writes report_to_csv()'s files into `folder`, made if missing, replacing files of those
// names, each as write_file() writes (report_io.hpp: a temporary renamed over the name, a link
// there replaced, not followed). Throws ReportError (report_io.hpp) naming the folder or the
// file that could not be made or written; a file not written keeps what it held.
void write_report_csv(const Report& report, const std::filesystem::path& folder);

}  // namespace pokerarena::sim
