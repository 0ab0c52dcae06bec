#include "pokerarena/sim/merge.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "play/process_bots.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "report/first_difference.hpp"

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
            const std::string difference = detail::process_difference(first->bots(b).process(), p);
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

}  // namespace

Report merge_reports(std::span<const Report> reports, std::span<const std::string> names,
                     std::vector<std::string>* warnings) {
    if (reports.empty()) throw MergeError("no reports to merge");
    check_same_tournament(reports, names);
    const std::vector<std::optional<PluginIdentity>> plugins =
        check_same_plugins(reports, names, warnings);

    // The schedule and the game are all aggregate() needs: loading the bots would make a merge
    // need the plugins at the paths they had where the shards ran, and run their code.
    const Tournament tournament = make_tournament(reports[0].config(), BotLoading::Skip);
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
