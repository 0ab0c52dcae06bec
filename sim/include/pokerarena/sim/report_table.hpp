// A report as a console table: what `pokerarena run`, `report` and `merge` print.
//
// Guarantees
// - The output is a pure function of the report (no locale, no terminal width, no clock), so
//   tests can compare exact lines.
// - Sections, in order, separated by blank lines: the header (format, betting, bots,
//   tournaments for sit-and-go, hands, seed; "complete", "INCOMPLETE: k of n units" or
//   "shard K/N: k of n units"; blinds and stacks or the sit-and-go structure; version); the
//   bots (a gauntlet: the hero against each opponent in bot order, hands, the hero's mbb/hand
//   ± 95% CI, LOS, all-in EV ± CI (when config.allin_ev) and the opponent's faults, then the
//   hero against all of them; no ranking,
//   no ratings, no crosstable), else ranked by mbb/hand (sit-and-go: by prize; ties in report
//   order), with hands, mbb/hand ± 95% CI and LOS (sit-and-go: places, ROI ± CI and ITM instead),
//   all-in EV ± CI (when config.allin_ev), rating ± CI (when the report has ratings) and
//   faults, marked OUT for a bot that dropped_out(); an
//   interval is marked "?" when its estimate has too_few_samples and "*" when it is
//   biased_by_sprt_stop; under the ranking, a line saying what LOS is (sit-and-go: ROI and
//   ITM) and, when ratings are shown, one saying what a rating is; one line explaining each
//   mark shown there or in the crosstable; then a note when the ratings fit the crosstable
//   poorly (rating_fit's p_value below 0.001 over the pairs the ratings were fitted to: at
//   least 2 samples, std_error = stddev / sqrt(samples), pairs with too few samples weighed as
//   aggregate() weighs them, by weigh_uncertain_pairs), then one line per bot with faults
//   (exceptions and error statuses, illegal actions, bad answers); the crosstable (round robin:
//   row bot against column bot, columns named by the bots' names cut to 12 characters; a list
//   of pairs when it would be wider than
//   120 characters); the SPRT line (naming the bot tested and its opponent, with the blocks it
//   took);
//   timing. A section with
//   nothing to show is left out.
// - Whatever depends on the machine is on the last lines, which start with "Speed:" (hands/s,
//   wall time, threads, peak memory) or "Latency µs:" (mean wall time from a decision's request
//   to its answer, by bot): the
//   rest is equal for two runs of the same tournament, so tables can be compared.
// - Lines stay within 120 characters for fields of up to 10 bots with names of up to 20
//   characters: a crosstable too wide becomes a list and long lists wrap. Longer
//   names widen the name column instead of being cut, and a bot's first fault message is
//   quoted whole.
// - Never throws on a report read from a file: missing or inconsistent parts (a pair naming an
//   unknown bot, a non-finite figure) are shown as they are or skipped, never trusted.
#pragma once

#include <ostream>

#include "report.pb.h"

namespace pokerarena::sim {

void print_report_table(const Report& report, std::ostream& out);

// Whether the bot dropped out: it forfeited decisions, or its process record says its
// restarts were used up (ProcessInfo.out: the last restart may come with the run's last
// decisions, leaving none to forfeit). The table marks it OUT and `run` exits with code 3.
bool dropped_out(const BotResult& bot);

}  // namespace pokerarena::sim
