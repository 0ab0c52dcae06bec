#include "pokerarena/sim/merge.hpp"

#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "io/first_difference.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim {

namespace {

std::string input_name(std::span<const std::string> names, std::size_t input) {
    return input < names.size() ? names[input] : "input " + std::to_string(input + 1);
}

// Timing fields may differ between two runs of one unit; nothing else may.
const std::vector<const google::protobuf::FieldDescriptor*>& unit_timing_fields() {
    static const std::vector<const google::protobuf::FieldDescriptor*> fields = {
        UnitResult::descriptor()->FindFieldByName("timing_decision_ns"),
        BotUnit::descriptor()->FindFieldByName("decision_ns")};
    return fields;
}

// The serialized unit with its timing fields cleared: two runs of one unit give the same
// bytes. Comparing bytes costs a copy and a serialization; MessageDifferencer's field by field
// walk through reflection took most of a merge's time, so it is kept to explain a mismatch.
std::string unit_bytes_without_timing(const UnitResult& unit) {
    UnitResult copy = unit;
    copy.clear_timing_decision_ns();
    for (BotUnit& bot : *copy.mutable_bots())
        bot.clear_decision_ns();
    return copy.SerializeAsString();
}

// Each bot's plugin identity, from the inputs that record one: they must all agree, or the
// merged units would be those of two different bots. An input that records none (written
// before identities were) is merged with a warning. Returns the identities for the merged
// report (nullopt: built-in, or recorded by no input).
// Each process bot's identity (command, files, name) must be the same in every input that
// records one, or the merged units would be those of two different bots; the merged report
// keeps it with the inputs' counts (restarts, crashes, ...) added up.
void merge_processes(std::span<const Report> reports, std::span<const std::string> names,
                     Report& merged) {
    for (int b = 0; b < merged.bots_size(); ++b) {
        const Report* first = nullptr;
        std::size_t first_index = 0;
        for (std::size_t i = 0; i < reports.size(); ++i) {
            if (b >= reports[i].bots_size() || !reports[i].bots(b).has_process()) continue;
            const ProcessInfo& p = reports[i].bots(b).process();
            ProcessInfo& out = *merged.mutable_bots(b)->mutable_process();
            if (first == nullptr) {
                first = &reports[i];
                first_index = i;
                out = p;
                continue;
            }
            const std::string difference = process_difference(first->bots(b).process(), p);
            if (!difference.empty())
                throw MergeError(input_name(names, i) + " and " + input_name(names, first_index) +
                                 " were played by different programs for bot '" +
                                 merged.bots(b).name() + "': " + difference +
                                 "; merging them would mix the results of two different bots");
            out.set_restarts(out.restarts() + p.restarts());
            out.set_crashes(out.crashes() + p.crashes());
            out.set_timeouts(out.timeouts() + p.timeouts());
            out.set_bad_lines(out.bad_lines() + p.bad_lines());
            out.set_stderr_bytes_dropped(out.stderr_bytes_dropped() + p.stderr_bytes_dropped());
            out.set_out(out.out() || p.out());
            if (out.first_problem().empty()) out.set_first_problem(p.first_problem());
            out.set_invalid_strategies(out.invalid_strategies() + p.invalid_strategies());
            if (out.first_invalid_strategy().empty())
                out.set_first_invalid_strategy(p.first_invalid_strategy());
        }
    }
}

std::vector<std::optional<PluginIdentity>> check_same_plugins(std::span<const Report> reports,
                                                              std::span<const std::string> names,
                                                              std::vector<std::string>* warnings) {
    const TournamentConfig& config = reports[0].config();
    std::vector<std::optional<PluginIdentity>> identities(
        static_cast<std::size_t>(config.bots_size()));
    for (int b = 0; b < config.bots_size(); ++b) {
        if (!is_plugin_spec(config.bots(b).spec())) continue;
        const BotEntry& entry = config.bots(b);
        const std::string bot = "bot '" + entry.name() + "' (bots[" + std::to_string(b) + "]" +
                                (entry.name() == entry.spec() ? "" : ", " + entry.spec()) + ")";
        std::size_t first = reports.size();
        std::vector<std::size_t> unchecked;
        for (std::size_t i = 0; i < reports.size(); ++i) {
            // read_report() guarantees one result per bot; an input made in memory may not.
            if (b >= reports[i].bots_size() || !reports[i].bots(b).has_plugin()) {
                unchecked.push_back(i);
                continue;
            }
            const PluginIdentity& identity = reports[i].bots(b).plugin();
            if (first == reports.size()) {
                first = i;
                identities[static_cast<std::size_t>(b)] = identity;
            } else if (!same_plugin(identity, reports[first].bots(b).plugin())) {
                throw MergeError(input_name(names, i) + " and " + input_name(names, first) +
                                 " were played by different plugin libraries for " + bot + ": " +
                                 input_name(names, first) + ": " +
                                 plugin_identity_text(reports[first].bots(b).plugin()) + "; " +
                                 input_name(names, i) + ": " + plugin_identity_text(identity) +
                                 "; merging them would mix the results of two different bots");
            }
        }
        if (warnings == nullptr) continue;
        for (const std::size_t i : unchecked)
            warnings->push_back(input_name(names, i) + ": records no identity for the plugin of " +
                                bot +
                                " (written before reports recorded them), so the plugin could "
                                "not be checked against the other inputs'");
    }
    return identities;
}

void check_same_tournament(std::span<const Report> reports, std::span<const std::string> names) {
    // Byte equality first: it is what "the same configuration" means (the schedule and the
    // deals are functions of every field), and the differencer only explains a mismatch.
    const std::string config = reports[0].config().SerializeAsString();
    for (std::size_t i = 1; i < reports.size(); ++i) {
        if (reports[i].config().SerializeAsString() != config) {
            throw MergeError(input_name(names, i) + ": not the tournament of " +
                             input_name(names, 0) + " (configurations differ, " +
                             detail::first_difference(reports[0].config(), reports[i].config()) +
                             ")");
        }
        // Another version may play a unit differently; mixing them would give a report no
        // single run can produce.
        if (reports[i].run().version() != reports[0].run().version()) {
            throw MergeError(input_name(names, i) + ": written by pokerarena " +
                             reports[i].run().version() + ", " + input_name(names, 0) +
                             " by pokerarena " + reports[0].run().version() +
                             "; merge reports of one version");
        }
    }
}

// Summary figures (double) within this relative distance, or this absolute one near zero, are
// one figure: aggregate() gives the same bits for the same units on one build, but another
// compiler or libm (a report written on another machine) may round a Student t quantile or a
// square root in the last place. A forged figure is off by far more than that. Counts,
// flags and names must be equal exactly: no rounding reaches them.
constexpr double kSummaryRelativeTolerance = 1e-9;
constexpr double kSummaryAbsoluteTolerance = 1e-12;

bool same_figure(double in_file, double from_units) {
    if (std::isnan(in_file) || std::isnan(from_units))
        return std::isnan(in_file) && std::isnan(from_units);
    if (in_file == from_units) return true;  // the infinities of intervals without samples
    if (!std::isfinite(in_file) || !std::isfinite(from_units)) return false;
    const double scale = std::max(std::fabs(in_file), std::fabs(from_units));
    return std::fabs(in_file - from_units) <=
           std::max(kSummaryRelativeTolerance * scale, kSummaryAbsoluteTolerance);
}

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

std::string number_text(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// The value of a singular (index < 0) or repeated scalar field, as a message shows it.
std::string scalar_text(const Message& m, const FieldDescriptor* f, int index) {
    const auto* r = m.GetReflection();
    const bool rep = index >= 0;
    switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_INT32:
            return std::to_string(rep ? r->GetRepeatedInt32(m, f, index) : r->GetInt32(m, f));
        case FieldDescriptor::CPPTYPE_INT64:
            return std::to_string(rep ? r->GetRepeatedInt64(m, f, index) : r->GetInt64(m, f));
        case FieldDescriptor::CPPTYPE_UINT32:
            return std::to_string(rep ? r->GetRepeatedUInt32(m, f, index) : r->GetUInt32(m, f));
        case FieldDescriptor::CPPTYPE_UINT64:
            return std::to_string(rep ? r->GetRepeatedUInt64(m, f, index) : r->GetUInt64(m, f));
        case FieldDescriptor::CPPTYPE_DOUBLE:
            return number_text(rep ? r->GetRepeatedDouble(m, f, index) : r->GetDouble(m, f));
        case FieldDescriptor::CPPTYPE_FLOAT:
            return number_text(rep ? r->GetRepeatedFloat(m, f, index) : r->GetFloat(m, f));
        case FieldDescriptor::CPPTYPE_BOOL:
            return (rep ? r->GetRepeatedBool(m, f, index) : r->GetBool(m, f)) ? "true" : "false";
        case FieldDescriptor::CPPTYPE_ENUM:
            return std::to_string(rep ? r->GetRepeatedEnumValue(m, f, index)
                                      : r->GetEnumValue(m, f));
        case FieldDescriptor::CPPTYPE_STRING: {
            const std::string v = rep ? r->GetRepeatedString(m, f, index) : r->GetString(m, f);
            std::string text = "'";
            text += printable_text(std::string_view(v).substr(0, 80));
            return text + (v.size() > 80 ? "...'" : "'");
        }
        case FieldDescriptor::CPPTYPE_MESSAGE:
            break;
    }
    return "?";
}

bool same_scalar(const Message& a, const Message& b, const FieldDescriptor* f, int index) {
    const bool rep = index >= 0;
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_DOUBLE) {
        const auto* ra = a.GetReflection();
        const auto* rb = b.GetReflection();
        return same_figure(rep ? ra->GetRepeatedDouble(a, f, index) : ra->GetDouble(a, f),
                           rep ? rb->GetRepeatedDouble(b, f, index) : rb->GetDouble(b, f));
    }
    // Integers, flags, enums and text are compared exactly; their text is what is equal.
    return scalar_text(a, f, index) == scalar_text(b, f, index);
}

// The fields a report's summary does not take from its units: the configuration and the units
// themselves (checked by read_report()), what the run says of itself (run, timing), and each
// bot's plugin and process records (its files and its processes' counts).
bool from_elsewhere(const FieldDescriptor* f) {
    static const FieldDescriptor* const skipped[] = {
        Report::descriptor()->FindFieldByName("config"),
        Report::descriptor()->FindFieldByName("units"),
        Report::descriptor()->FindFieldByName("run"),
        Report::descriptor()->FindFieldByName("timing"),
        BotResult::descriptor()->FindFieldByName("plugin"),
        BotResult::descriptor()->FindFieldByName("process")};
    return std::find(std::begin(skipped), std::end(skipped), f) != std::end(skipped);
}

// The statistics of a summary: what a version computes from the counts with formulas of its
// own (estimates, ratings, the SPRT, ROI, ITM, mean decision times), as opposed to the counts
// (hands, chips, faults, places, curve), which are sums of the units in any version.
bool is_statistic(const FieldDescriptor* f) {
    if (f->containing_type() == Estimate::descriptor() ||
        f->containing_type() == SprtResult::descriptor())
        return true;
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE &&
        (f->message_type() == Estimate::descriptor() ||
         f->message_type() == SprtResult::descriptor()))
        return true;
    static const FieldDescriptor* const figures[] = {
        BotResult::descriptor()->FindFieldByName("mean_decision_us"),
        BotResult::descriptor()->FindFieldByName("roi"),
        BotResult::descriptor()->FindFieldByName("itm_rate")};
    return std::find(std::begin(figures), std::end(figures), f) != std::end(figures);
}

enum class Compare { Everything, CountsOnly };

// The first field (in field number order, depth first) where `in_file` and `from_units`
// differ, as "bots[1].mbb_per_hand.los: 7 in the file, 0.52 from the units"; empty when none.
std::string first_summary_difference(const Message& in_file, const Message& from_units,
                                     const std::string& path, Compare what) {
    const auto* descriptor = in_file.GetDescriptor();
    const auto* rf = in_file.GetReflection();
    const auto* ru = from_units.GetReflection();
    for (int k = 0; k < descriptor->field_count(); ++k) {
        const FieldDescriptor* f = descriptor->field(k);
        // Of another version, the counts alone: its text (the pairs' names, fault messages)
        // and which records it writes have changed between versions, its sums have not.
        if (from_elsewhere(f) ||
            (what == Compare::CountsOnly &&
             (is_statistic(f) || f->cpp_type() == FieldDescriptor::CPPTYPE_STRING)))
            continue;
        const std::string name = path.empty() ? f->name() : path + "." + f->name();
        const bool message = f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE;
        if (f->is_repeated()) {
            const int size_file = rf->FieldSize(in_file, f);
            const int size_units = ru->FieldSize(from_units, f);
            if (size_file != size_units)
                return name + ": " + std::to_string(size_file) + " entries in the file, " +
                       std::to_string(size_units) + " from the units";
            for (int i = 0; i < size_file; ++i) {
                const std::string item = name + "[" + std::to_string(i) + "]";
                if (message) {
                    const std::string difference = first_summary_difference(
                        rf->GetRepeatedMessage(in_file, f, i),
                        ru->GetRepeatedMessage(from_units, f, i), item, what);
                    if (!difference.empty()) return difference;
                } else if (!same_scalar(in_file, from_units, f, i)) {
                    return item + ": " + scalar_text(in_file, f, i) + " in the file, " +
                           scalar_text(from_units, f, i) + " from the units";
                }
            }
            continue;
        }
        if (message) {
            const bool has_file = rf->HasField(in_file, f);
            const bool has_units = ru->HasField(from_units, f);
            if (what == Compare::Everything && has_file != has_units)
                return name + (has_file ? ": in the file, but the units give none"
                                        : ": none in the file, but the units give one");
            if (!has_file && !has_units) continue;
            const std::string difference = first_summary_difference(
                rf->GetMessage(in_file, f), ru->GetMessage(from_units, f), name, what);
            if (!difference.empty()) return difference;
        } else if (!same_scalar(in_file, from_units, f, -1)) {
            return name + ": " + scalar_text(in_file, f, -1) + " in the file, " +
                   scalar_text(from_units, f, -1) + " from the units";
        }
    }
    return {};
}

// A statistic no version computes (another version's are not this one's, but are still
// numbers of their kind): "bots[0].mbb_per_hand.los: 7; expected a probability, 0 to 1".
std::string implausible_estimate(const Estimate& e, const std::string& name) {
    if (!std::isfinite(e.mean()))
        return name + ".mean: " + number_text(e.mean()) + "; expected a finite number";
    if (!(e.stddev() >= 0))
        return name + ".stddev: " + number_text(e.stddev()) + "; expected 0 or more";
    if (!(e.ci95() >= 0)) return name + ".ci95: " + number_text(e.ci95()) + "; expected 0 or more";
    if (!(e.los() >= 0 && e.los() <= 1))
        return name + ".los: " + number_text(e.los()) + "; expected a probability, 0 to 1";
    if (e.samples() < 0)
        return name + ".samples: " + std::to_string(e.samples()) + "; expected 0 or more";
    return {};
}

std::string implausible_statistic(const Report& report) {
    for (int b = 0; b < report.bots_size(); ++b) {
        const BotResult& bot = report.bots(b);
        const std::string name = "bots[" + std::to_string(b) + "]";
        const std::pair<const Estimate*, const char*> estimates[] = {
            {&bot.mbb_per_hand(), ".mbb_per_hand"},
            {&bot.mbb_per_hand_allin_ev(), ".mbb_per_hand_allin_ev"},
            {&bot.mbb_per_hand_aivat(), ".mbb_per_hand_aivat"},
            {&bot.rating(), ".rating"},
            {&bot.prize(), ".prize"}};
        for (const auto& [estimate, field] : estimates) {
            // A rating's mean is relative to the field's and may be anything finite; its
            // probability and spread are held to the same rules.
            const std::string problem = implausible_estimate(*estimate, name + field);
            if (!problem.empty()) return problem;
        }
        if (!(bot.mean_decision_us() >= 0) || !std::isfinite(bot.mean_decision_us()))
            return name + ".mean_decision_us: " + number_text(bot.mean_decision_us()) +
                   "; expected a finite number of microseconds, 0 or more";
        if (!(bot.roi() >= -1) || !std::isfinite(bot.roi()))
            return name + ".roi: " + number_text(bot.roi()) +
                   "; expected a finite return of -1 (every buy-in lost) or more";
        if (!(bot.itm_rate() >= 0 && bot.itm_rate() <= 1))
            return name + ".itm_rate: " + number_text(bot.itm_rate()) +
                   "; expected a share, 0 to 1";
    }
    for (int p = 0; p < report.pairs_size(); ++p) {
        const PairResult& pair = report.pairs(p);
        const std::string name = "pairs[" + std::to_string(p) + "]";
        for (const auto& [estimate, field] :
             {std::pair{&pair.mbb_per_hand_a(), ".mbb_per_hand_a"},
              std::pair{&pair.mbb_per_hand_allin_ev_a(), ".mbb_per_hand_allin_ev_a"},
              std::pair{&pair.mbb_per_hand_aivat_a(), ".mbb_per_hand_aivat_a"}}) {
            const std::string problem = implausible_estimate(*estimate, name + field);
            if (!problem.empty()) return problem;
        }
    }
    return {};
}

}  // namespace

void check_report_summary(const Report& report, const std::string& name) {
    const Tournament tournament = report_tournament(report, name);
    Report from_units;
    try {
        from_units = aggregate(tournament, {report.units().begin(), report.units().end()});
    } catch (const std::invalid_argument& e) {
        throw ReportError(name + ": " + e.what());
    }
    // Another version's statistics come from formulas of its own (an interval, an SPRT bound
    // that has changed since): they are held to what any version's are, and its counts to the
    // units' sums. Its SPRT may have stopped at another unit than this version's would, which
    // leaves nothing to recompute the counts with.
    const bool this_version = report.run().version() == POKERARENA_VERSION;
    std::string difference;
    if (this_version || !report.config().has_sprt())
        difference = first_summary_difference(
            report, from_units, "", this_version ? Compare::Everything : Compare::CountsOnly);
    if (!difference.empty())
        throw ReportError(name + ": " + difference +
                          "; the summary does not follow from the units the report holds (it "
                          "was changed after pokerarena wrote it); `pokerarena merge " +
                          name + " -o FILE` writes the report its units make");
    if (this_version) return;
    if (const std::string problem = implausible_statistic(report); !problem.empty())
        throw ReportError(name + ": " + problem + " (written by pokerarena " +
                          printable_text(report.run().version()) +
                          "; no version computes such a figure); `pokerarena merge " + name +
                          " -o FILE` writes the report its units make");
}

Report merge_reports(std::span<const Report> reports, std::span<const std::string> names,
                     std::vector<std::string>* warnings) {
    if (reports.empty()) throw MergeError("no reports to merge");
    check_same_tournament(reports, names);
    const std::vector<std::optional<PluginIdentity>> plugins =
        check_same_plugins(reports, names, warnings);

    // The schedule and the game are all aggregate() needs: loading the bots would make a merge
    // need the plugins at the paths they had where the shards ran, and run their code. The
    // configuration is checked as read_report() checks it, with or without units.
    const Tournament tournament = report_tournament(reports[0], input_name(names, 0));
    const auto schedule_size = static_cast<std::int64_t>(tournament.units.size());

    struct Found {
        const UnitResult* result;
        std::size_t input;
    };
    std::map<std::int64_t, Found> units;
    for (std::size_t i = 0; i < reports.size(); ++i) {
        std::set<std::int64_t> in_this_input;
        for (const UnitResult& unit : reports[i].units()) {
            if (unit.unit() < 0 || unit.unit() >= schedule_size) {
                throw MergeError(input_name(names, i) + ": unit " + std::to_string(unit.unit()) +
                                 " is not in the schedule of its tournament (units 0 to " +
                                 std::to_string(schedule_size - 1) + ")");
            }
            // Checked before the comparison: a copy equal to the other input's is still a
            // second copy in this one.
            if (!in_this_input.insert(unit.unit()).second)
                throw MergeError(input_name(names, i) + ": holds unit " +
                                 std::to_string(unit.unit()) +
                                 " twice; a report holds each unit once");
            const auto [found, inserted] = units.try_emplace(unit.unit(), Found{&unit, i});
            if (inserted ||
                unit_bytes_without_timing(*found->second.result) == unit_bytes_without_timing(unit))
                continue;
            throw MergeError(
                input_name(names, i) + ": unit " + std::to_string(unit.unit()) +
                " differs from the same unit in " + input_name(names, found->second.input) + " (" +
                detail::first_difference(*found->second.result, unit, unit_timing_fields()) + ")");
        }
    }

    std::vector<UnitResult> all_units;
    all_units.reserve(units.size());
    for (const auto& [index, found] : units)
        all_units.push_back(*found.result);
    Report merged;
    try {
        merged = aggregate(tournament, std::move(all_units));
    } catch (const std::invalid_argument& e) {
        // Each input's units pass alone when read (read_report); what fails here is theirs
        // together (a total out of range) or an input made in memory.
        throw MergeError(std::string("the units of the inputs together: ") + e.what());
    }

    *merged.mutable_config() = reports[0].config();
    for (std::size_t b = 0; b < plugins.size(); ++b)
        if (plugins[b]) *merged.mutable_bots(static_cast<int>(b))->mutable_plugin() = *plugins[b];
    merge_processes(reports, names, merged);
    RunInfo& run = *merged.mutable_run();
    run.set_version(reports[0].run().version());
    // Where a resume of the merged report finds relative plugin paths: the first input's folder
    // (the inputs may have run in different ones, on different machines).
    for (const Report& report : reports) {
        if (report.run().plugin_folder().empty()) continue;
        run.set_plugin_folder(report.run().plugin_folder());
        break;
    }
    // ISO 8601 UTC times in one format sort as text; an input without one is left out.
    std::string started;
    for (const Report& report : reports) {
        const std::string& time = report.run().started();
        if (!time.empty() && (started.empty() || time < started)) started = time;
    }
    run.set_started(started);
    std::int64_t peak_rss = 0;
    for (const Report& report : reports)
        peak_rss = std::max(peak_rss, report.timing().peak_rss_bytes());
    if (peak_rss > 0) merged.mutable_timing()->set_peak_rss_bytes(peak_rss);
    return merged;
}

}  // namespace pokerarena::sim
