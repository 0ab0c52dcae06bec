#include "process_bots.hpp"

#include <cctype>
#include <cmath>
#include <string>

#include "formats/format.hpp"
#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/bots/registry.hpp"

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
        if (p.has_procs() && (p.procs() < 1 || p.procs() > 64))
            throw BotSpecError("process.procs: " + std::to_string(p.procs()) +
                               "; expected a whole number from 1 to 64 (leave it out for the "
                               "default, 1)");
        spec.procs = p.has_procs() ? p.procs() : 1;
        if (p.has_timeout() && !(p.timeout() >= 0.001 && p.timeout() <= 86400))
            throw BotSpecError("process.timeout: " + formats::shortest_text(p.timeout()) +
                               "; expected seconds from 0.001 to 86400 (leave it out for the "
                               "run's decision_timeout)");
        spec.decision_timeout = std::chrono::milliseconds(
            std::llround(1000 * (p.has_timeout() ? p.timeout() : default_timeout)));
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

}  // namespace pokerarena::sim::detail
