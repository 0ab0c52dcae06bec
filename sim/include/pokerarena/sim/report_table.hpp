// A report as a console table: what `pokerarena run`, `report` and `merge` print.
//
// Guarantees
// - The output is a pure function of the report (no locale, no terminal width, no clock), so
//   tests can compare exact lines; timing figures appear only when the report has them.
// - Lines stay within 120 characters for any field size up to 10 bots with names of up to
//   20 characters (longer names widen the name column instead of being cut).
// - Sections, in order: the header (format, bots, hands, seed, completeness or shard), the bots
//   ranked by mbb/hand (then by name), the crosstable (heads-up formats), sit-and-go places,
//   the SPRT line, timing. A section with nothing to show is left out.
// - Never throws on a report read from a file: missing or inconsistent parts (a pair naming an
//   unknown bot, fewer results than bots) are shown as "?" or skipped, not trusted.
#pragma once

#include <ostream>

#include "report.pb.h"

namespace pokerarena::sim {

void print_report_table(const Report& report, std::ostream& out);

}  // namespace pokerarena::sim
