#include "process_bots.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/sha256.hpp"

namespace pokerarena::sim::detail {

namespace {

namespace fs = std::filesystem;

constexpr double kDefaultDecisionTimeout = 10.0;

std::string quote_word(const std::string& word) {
    if (!word.empty() && word.find_first_of(" \t'\"\\") == std::string::npos) return word;
    std::string out = "\"";
    for (char c : word) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + '"';
}

// The program as posix_spawnp finds it: a name without '/' is searched in PATH.
fs::path find_program(const std::string& program, const fs::path& working_dir) {
    if (program.find('/') != std::string::npos) return working_dir / program;
    const char* path = std::getenv("PATH");
    std::stringstream folders(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string folder;
    while (std::getline(folders, folder, ':')) {
        const fs::path candidate = fs::path(folder.empty() ? "." : folder) / program;
        std::error_code ec;
        if (fs::is_regular_file(candidate, ec)) return candidate;
    }
    return {};
}

bool add_file(ProcessInfo& info, const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return false;
    const std::optional<FileDigest> digest = sha256_of_file(file);
    if (!digest) return false;
    FileIdentity& f = *info.add_files();
    f.set_path(fs::absolute(file).lexically_normal().string());
    f.set_sha256(digest->sha256);
    f.set_size(digest->size);
    return true;
}

}  // namespace

bool is_process_entry(const BotEntry& entry) {
    return entry.has_process() || is_process_spec(entry.spec());
}

std::string process_spec_text(const BotEntry& entry) {
    if (!entry.has_process()) return entry.spec();
    std::string text = "proc:";
    for (int k = 0; k < entry.process().command_size(); ++k) {
        if (k > 0) text += ' ';
        text += quote_word(entry.process().command(k));
    }
    return text;
}

ProcessBotSpec process_bot_spec(const TournamentConfig& config, int i, const fs::path& folder,
                                const fs::path& log_stem) {
    const BotEntry& entry = config.bots(i);
    const double default_timeout =
        config.decision_timeout() > 0 ? config.decision_timeout() : kDefaultDecisionTimeout;
    ProcessBotSpec spec;
    if (entry.has_process()) {
        if (!entry.spec().empty())
            throw BotSpecError("give the bot either a spec or a process, not both");
        const ProcessBot& p = entry.process();
        if (p.command_size() == 0 || p.command(0).empty())
            throw BotSpecError(
                "process.command: empty; expected the program and its arguments, "
                "e.g. command: [\"python3\", \"my_bot.py\"]");
        spec.command.assign(p.command().begin(), p.command().end());
        spec.env.assign(p.env().begin(), p.env().end());
        for (const std::string& e : spec.env)
            if (e.find('=') == std::string::npos || e.front() == '=')
                throw BotSpecError("process.env: '" + e + "': expected KEY=VALUE");
        spec.config = p.config();
        if (p.procs() < 0 || p.procs() > 64)
            throw BotSpecError("process.procs: " + std::to_string(p.procs()) +
                               ": expected 1 to 64 (0: the default, 1)");
        spec.procs = p.procs() == 0 ? 1 : p.procs();
        if (!std::isfinite(p.timeout()) || p.timeout() < 0 || p.timeout() > 86400)
            throw BotSpecError(
                "process.timeout: expected seconds from 0.001 to 86400 (0: the "
                "run's decision_timeout)");
        spec.decision_timeout = std::chrono::milliseconds(
            std::llround(1000 * (p.timeout() > 0 ? p.timeout() : default_timeout)));
        if (p.has_max_restarts()) {
            if (p.max_restarts() < 0)
                throw BotSpecError("process.max_restarts: expected 0 or more");
            spec.max_restarts = p.max_restarts();
        }
        spec.working_dir = (p.working_dir().empty() ? folder : folder / p.working_dir()).string();
    } else {
        spec = parse_process_spec(entry.spec());
        // An ACPC client's bridge writes raises as the tournament's betting has them, and
        // rebuilds the states of its table from events (connection=match).
        if (is_acpc_spec(entry.spec()))
            set_acpc_table(spec, {.limit = config.betting() == FIXED_LIMIT,
                                  .seats = config.format() == RING ? config.seats() : 2,
                                  .big_blind = config.big_blind(),
                                  .match_deals = config.match_deals()});
        // The spec's own timeout option, if any, wins over the run's default.
        if (!spec.timeout_given)
            spec.decision_timeout = std::chrono::milliseconds(std::llround(1000 * default_timeout));
        spec.working_dir = folder.string();
    }
    spec.name = entry.name().empty() ? process_spec_text(entry) : entry.name();
    if (!log_stem.empty()) {
        // The index first: names that agree once made safe ("a b", "a_b") or in their first 60
        // characters would share one log, each bot with its own cap on it.
        std::string safe;
        for (char c : spec.name)
            safe += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
        spec.stderr_log =
            log_stem.string() + "." + std::to_string(i) + "-" + safe.substr(0, 60) + ".stderr.log";
    }
    return spec;
}

ProcessInfo process_identity(const ProcessBotSpec& spec) {
    ProcessInfo info;
    for (const std::string& word : spec.command)
        info.add_command(word);
    const fs::path dir = spec.working_dir.empty() ? fs::current_path() : fs::path(spec.working_dir);
    // An isolated plugin's program is this pokerarena, whose version the report records
    // already: its plugin is what identifies it. So is an ACPC client's bridge: its client is.
    const bool isolated = (spec.command.size() == 3 && spec.command[1] == "plugin-host") ||
                          (spec.command.size() > 2 && spec.command[1] == "acpc-bridge");
    if (!isolated) add_file(info, find_program(spec.command.front(), dir));
    for (std::size_t k = 1; k < spec.command.size(); ++k) {
        const std::string& word = spec.command[k];
        if (word.empty() || word.front() == '-') continue;
        // A file, or a plugin's PATH.so:config.
        if (!add_file(info, dir / word) && is_plugin_spec(word))
            add_file(info, dir / split_plugin_spec(word).path);
    }
    return info;
}

void fill_process_info(const ProcessBotFactory& factory, ProcessInfo& info) {
    const ProcessStats s = factory.stats();
    info.set_api_name(s.api_name);
    info.set_restarts(s.restarts);
    info.set_crashes(s.crashes);
    info.set_timeouts(s.timeouts);
    info.set_bad_lines(s.bad_lines);
    info.set_stderr_bytes_dropped(s.stderr_bytes_dropped);
    info.set_out(s.out);
    info.set_first_problem(s.first_problem);
    info.set_stderr_log(s.stderr_log);
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

}  // namespace pokerarena::sim::detail
