#include "pokerarena/sim/plugin_identity.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/sha256.hpp"
#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/engine/text.hpp"
#include "report/process_bots.hpp"
#include "stats/bot_identity.hpp"

namespace pokerarena::sim {

namespace {

// 16384 -> "16,384". Appended digit by digit: string::insert here draws a false -Wrestrict
// from g++ 12.
std::string grouped(std::int64_t value) {
    const std::string digits = std::to_string(value);
    std::string text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && digits[i - 1] != '-' && (digits.size() - i) % 3 == 0) text += ',';
        text += digits[i];
    }
    return text;
}

std::string mismatch_message(const std::string& bot, const std::string& file,
                             const std::string& recorded, const std::string& now) {
    return "--resume: the plugin of " + bot + ", " + file +
           ", is not the library the report's units were played with: its contents changed "
           "(report: " +
           recorded + "; now: " + now +
           "); resuming would mix the results of two different bots in one report. Put back the "
           "library the run started with, or start the run again";
}

std::string bot_text(const TournamentConfig& config, std::size_t b) {
    return "bots[" + std::to_string(b) + "] '" + config.bots(static_cast<int>(b)).name() + "'";
}

// The folder process bots start in, as make_tournament() takes it.
std::filesystem::path process_folder(const std::filesystem::path& folder) {
    return (folder.empty() ? std::filesystem::current_path() : std::filesystem::absolute(folder))
        .lexically_normal();
}

// A command as a POSIX shell would take it back: words quoted where they need it, escaped for
// the terminal.
std::string command_text(const std::vector<std::string>& command) {
    std::string text;
    for (const std::string& word : command) {
        if (!text.empty()) text += ' ';
        const bool plain = !word.empty() && word.find_first_not_of(
                                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX"
                                                "YZ0123456789_-+./:=,@%") == std::string::npos;
        if (plain) {
            text += word;
            continue;
        }
        text += '\'';
        for (const char c : word)
            text += c == '\'' ? std::string("'\\''") : std::string(1, c);
        text += '\'';
    }
    return printable_text(text);
}

}  // namespace

bool same_plugin(const PluginIdentity& a, const PluginIdentity& b) {
    return a.sha256() == b.sha256() && a.size() == b.size() && a.api_name() == b.api_name();
}

std::string process_difference(const ProcessInfo& a, const ProcessInfo& b) {
    if (a.command_size() != b.command_size() ||
        !std::equal(a.command().begin(), a.command().end(), b.command().begin()))
        return "the command differs";
    if (a.files_size() != b.files_size()) return "it runs another set of files";
    for (int k = 0; k < a.files_size(); ++k) {
        const FileIdentity& x = a.files(k);
        const FileIdentity& y = b.files(k);
        if (x.sha256() != y.sha256() || x.size() != y.size())
            return "'" + y.path() + "' has changed (SHA-256 " + x.sha256().substr(0, 16) +
                   "... then, " + y.sha256().substr(0, 16) + "... now)";
    }
    if (a.api_name() != b.api_name())
        return "it calls itself '" + b.api_name() + "', not '" + a.api_name() + "'";
    return "";
}

std::string plugin_identity_text(const PluginIdentity& identity) {
    // The whole hash: it is what a user compares with `sha256sum FILE`.
    return "SHA-256 " + identity.sha256() + ", " + grouped(identity.size()) + " bytes, API name '" +
           identity.api_name() + "'";
}

std::vector<std::string> check_resumed_plugins(const Tournament& tournament, const Report& resume) {
    std::vector<std::string> warnings;
    const TournamentConfig& config = tournament.config;
    for (std::size_t b = 0; b < tournament.factories.size(); ++b) {
        const BotIdentity identity = tournament.factories[b]->identity();
        const auto index = static_cast<int>(b);
        if (identity.kind == BotIdentity::Kind::Process) {
            if (index >= resume.bots_size() || !resume.bots(index).has_process()) continue;
            const std::string difference =
                process_difference(resume.bots(index).process(), detail::process_info(identity));
            if (difference.empty()) continue;
            throw PluginMismatch(
                "--resume: the process bot bots[" + std::to_string(b) + "] '" +
                config.bots(index).name() +
                "' is not the program the report's units were played with: " + difference +
                "; resuming would mix the results of two different bots in one "
                "report. Put back the program the run started with, or start the "
                "run again");
        }
        if (identity.kind != BotIdentity::Kind::Plugin) continue;
        const std::string bot = bot_text(config, b);
        // The factory's spec holds the absolute path the plugin was loaded from.
        const std::string file = split_plugin_spec(tournament.factories[b]->spec()).path;
        if (index >= resume.bots_size() || !resume.bots(index).has_plugin()) {
            if (resume.units_size() > 0)
                warnings.push_back("--resume: the report records no identity for the plugin of " +
                                   bot +
                                   " (it was written before reports recorded them), so the "
                                   "plugin could not be checked: if " +
                                   file +
                                   " is not the library its units were played with, the report "
                                   "will mix the results of two different bots");
            continue;
        }
        const PluginIdentity& recorded = resume.bots(index).plugin();
        const PluginIdentity now = detail::plugin_identity(identity);
        if (same_plugin(recorded, now)) continue;
        throw PluginMismatch(
            mismatch_message(bot, file, plugin_identity_text(recorded), plugin_identity_text(now)));
    }
    return warnings;
}

void check_plugin_file_before_loading(const TournamentConfig& config, int bot,
                                      const std::filesystem::path& file, const Report& resume) {
    if (bot >= resume.bots_size() || !resume.bots(bot).has_plugin()) return;
    // Not a FIFO or a device (hashing one would block or never end): loading says why.
    if (!input_file_problem(file).empty()) return;
    const std::optional<FileDigest> digest = sha256_of_file(file);
    if (!digest) return;
    const PluginIdentity& recorded = resume.bots(bot).plugin();
    if (digest->sha256 == recorded.sha256() && digest->size == recorded.size()) return;
    throw PluginMismatch(mismatch_message(
        bot_text(config, static_cast<std::size_t>(bot)), file.string(),
        plugin_identity_text(recorded),
        "SHA-256 " + digest->sha256 + ", " + grouped(digest->size) + " bytes; not loaded"));
}

}  // namespace pokerarena::sim

namespace pokerarena::sim {

void check_processes_before_starting(const TournamentConfig& config,
                                     const std::filesystem::path& folder,
                                     const std::filesystem::path& bot_logs, const Report& resume) {
    for (int b = 0; b < config.bots_size(); ++b) {
        const bool process = detail::is_process_entry(config.bots(b));
        const bool plugin = !process && is_plugin_spec(config.bots(b).spec());
        if (!process && !plugin) continue;
        const bool recorded = b < resume.bots_size() && (process ? resume.bots(b).has_process()
                                                                 : resume.bots(b).has_plugin());
        const std::string bot = bot_text(config, static_cast<std::size_t>(b));
        if (!recorded) {
            // A process bot's command and files have been recorded since there were process
            // bots: a report with units and none for one had its configuration changed after
            // the run (its bot was another), and its command is not started. A plugin's may be
            // missing from a report written before identities were: check_resumed_plugins()
            // warns of it.
            if (process && resume.units_size() > 0)
                throw PluginMismatch(
                    "--resume: the report records no identity for the program of " + bot +
                    ", but holds units: a run records every process bot's command and files "
                    "when it starts, so its units were played by another bot than this "
                    "configuration names (the report was changed after pokerarena wrote it). "
                    "Nothing was started; start the run again from a configuration you trust");
            if (resume.units_size() > 0) continue;
            throw PluginMismatch(
                "--resume: the report records no identity for the " +
                std::string(process ? "program" : "plugin") + " of " + bot +
                " and holds no units: a run of this pokerarena records every bot's identity "
                "when it starts, so this report was not written by one, and nothing in it says "
                "which program it means to run. Nothing was started; start the run again from "
                "a configuration you trust");
        }
        if (!process) continue;  // make_tournament() compares the library before loading it
        BotIdentity files;
        files.kind = BotIdentity::Kind::Process;
        try {
            const ProcessBotSpec spec =
                detail::process_bot_spec(config, b, process_folder(folder), bot_logs);
            files.command = spec.command;
            files.files = process_files(spec);
        } catch (const std::exception&) {
            continue;  // make_tournament() refuses the spec and says why
        }
        // The name it gives is known only once it runs: check_resumed_plugins() compares it.
        files.stats.api_name = resume.bots(b).process().api_name();
        const ProcessInfo now = detail::process_info(files);
        const std::string difference = process_difference(resume.bots(b).process(), now);
        if (difference.empty()) continue;
        throw PluginMismatch("--resume: the process bot " + bot +
                             " is not the program the report recorded: " + difference +
                             "; it was not started. Put back the program the run started with, "
                             "or start the run again");
    }
}

std::vector<std::string> bots_a_resume_runs(const TournamentConfig& config,
                                            const std::filesystem::path& folder,
                                            const std::filesystem::path& bot_logs) {
    std::vector<std::string> lines;
    for (int b = 0; b < config.bots_size(); ++b) {
        const std::string bot = bot_text(config, static_cast<std::size_t>(b));
        const BotEntry& entry = config.bots(b);
        if (detail::is_process_entry(entry)) {
            try {
                const ProcessBotSpec spec =
                    detail::process_bot_spec(config, b, process_folder(folder), bot_logs);
                // The environment it adds, which the recorded identity does not cover.
                std::string env;
                for (const std::string& setting : spec.env)
                    env += (env.empty() ? " with " : " ") + printable_text(setting);
                lines.push_back(
                    printable_text(bot) + ": starts `" + command_text(spec.command) + "`" + env +
                    (spec.procs > 1 ? " (" + std::to_string(spec.procs) + " processes)" : "") +
                    " in " + printable_text(spec.working_dir) +
                    (spec.stderr_log.empty()
                         ? std::string()
                         : ", standard error to " +
                               printable_text(
                                   std::filesystem::absolute(spec.stderr_log).string())));
            } catch (const std::exception& error) {
                lines.push_back(printable_text(bot) + ": " + printable_text(error.what()));
            }
        } else if (is_plugin_spec(entry.spec())) {
            const std::string path =
                split_plugin_spec(resolve_plugin_spec(entry.spec(), folder)).path;
            lines.push_back(printable_text(bot) + ": loads the plugin " +
                            printable_text(std::filesystem::absolute(path).string()) +
                            " into this process");
        }
    }
    return lines;
}

std::vector<std::filesystem::path> process_bot_logs(const TournamentConfig& config,
                                                    const std::filesystem::path& folder,
                                                    const std::filesystem::path& bot_logs) {
    std::vector<std::filesystem::path> logs;
    for (int b = 0; b < config.bots_size(); ++b) {
        if (!detail::is_process_entry(config.bots(b))) continue;
        try {
            logs.emplace_back(
                detail::process_bot_spec(config, b, process_folder(folder), bot_logs).stderr_log);
        } catch (const std::exception&) {
            // make_tournament() refuses the spec and says why; it starts nothing.
        }
    }
    return logs;
}

}  // namespace pokerarena::sim
