#include "pokerarena/sim/plugin_identity.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "play/process_bots.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/sha256.hpp"
#include "pokerarena/engine/input_file.hpp"

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

}  // namespace

bool same_plugin(const PluginIdentity& a, const PluginIdentity& b) {
    return a.sha256() == b.sha256() && a.size() == b.size() && a.api_name() == b.api_name();
}

std::string plugin_identity_text(const PluginIdentity& identity) {
    // The whole hash: it is what a user compares with `sha256sum FILE`.
    return "SHA-256 " + identity.sha256() + ", " + grouped(identity.size()) + " bytes, API name '" +
           identity.api_name() + "'";
}

std::vector<std::string> check_resumed_plugins(const Tournament& tournament, const Report& resume) {
    std::vector<std::string> warnings;
    const TournamentConfig& config = tournament.config;
    for (std::size_t b = 0; b < tournament.plugins.size(); ++b) {
        if (!tournament.plugins[b]) continue;
        const auto index = static_cast<int>(b);
        const std::string bot = bot_text(config, b);
        // The factory's spec holds the absolute path the plugin was loaded from.
        const std::string file = split_plugin_spec(tournament.factories[b]->spec()).path;
        const PluginIdentity& now = *tournament.plugins[b];
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
        if (same_plugin(recorded, now)) continue;
        throw PluginMismatch(
            mismatch_message(bot, file, plugin_identity_text(recorded), plugin_identity_text(now)));
    }
    for (std::size_t b = 0; b < tournament.processes.size(); ++b) {
        const auto index = static_cast<int>(b);
        if (!tournament.processes[b] || index >= resume.bots_size() ||
            !resume.bots(index).has_process())
            continue;
        const std::string difference =
            detail::process_difference(resume.bots(index).process(), *tournament.processes[b]);
        if (difference.empty()) continue;
        throw PluginMismatch(
            "--resume: the process bot bots[" + std::to_string(b) + "] '" +
            config.bots(index).name() +
            "' is not the program the report's units were played with: " + difference +
            "; resuming would mix the results of two different bots in one "
            "report. Put back the program the run started with, or start the "
            "run again");
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
