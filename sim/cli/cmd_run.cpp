// `pokerarena run`: a tournament from a configuration file and flags, played by the parallel
// runner, written as a report and shown as a table.
//
// The configuration is built in one place (a file, then flags over it) and validated by
// make_tournament, so a flag and the same field in a file are checked by the same code and
// fail with the same message. A resumed run needs no configuration at all: the report it
// continues holds the whole configuration, which is why the resume command printed after an
// interruption is short and exact.
#include <signal.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "../src/play/work_unit.hpp"
#include "bot_list.hpp"
#include "cli_checks.hpp"
#include "commands.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/engine/types.hpp"
#include "pokerarena/sim/journal.hpp"
#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_json.hpp"
#include "pokerarena/sim/report_table.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "pokerarena/sim/utf8.hpp"
#include "progress_log_sink.hpp"
#include "result_output.hpp"

namespace pokerarena::cli {

namespace {

using sim::Report;
using sim::TournamentConfig;

struct RunCommandOptions {
    // The program as it was invoked (argv[0], e.g. build/sim/pokerarena), so that the printed
    // resume command can be pasted as it is.
    std::string program = "pokerarena";
    std::string config_path;
    std::vector<std::string> bots;
    std::string format;
    std::string hero;
    std::int64_t deals = 0;
    std::int64_t tournaments = 0;
    std::int64_t hands = 0;
    std::int64_t match_deals = 0;
    std::uint64_t seed = 0;
    int threads = 0;
    int tables = 2048;
    int seats = 0;
    std::int64_t stack_big_blinds = 0;
    std::string acpc_game;
    std::string game;
    bool duplicate = true;
    bool allin_ev = false;
    bool aivat = false;
    std::string sprt;
    std::string hh_out;
    std::int64_t hh_sample = 0;
    double bot_timeout = 0;
    std::string out;
    std::string json;
    std::string checkpoint;
    bool no_checkpoint = false;
    bool no_journal = false;
    int checkpoint_every = 30;
    int stall_warning = 60;
    std::string resume;
    std::string shard;
    std::string log_level = "info";
    bool quiet = false;

    // Which flags were given, so only those override the file.
    CLI::Option* bots_flag = nullptr;
    CLI::Option* format_flag = nullptr;
    CLI::Option* hero_flag = nullptr;
    CLI::Option* deals_flag = nullptr;
    CLI::Option* tournaments_flag = nullptr;
    CLI::Option* hands_flag = nullptr;
    CLI::Option* match_deals_flag = nullptr;
    CLI::Option* seed_flag = nullptr;
    CLI::Option* seats_flag = nullptr;
    CLI::Option* stack_flag = nullptr;
    CLI::Option* acpc_game_flag = nullptr;
    CLI::Option* game_flag = nullptr;
    CLI::Option* duplicate_flag = nullptr;
    CLI::Option* allin_ev_flag = nullptr;
    CLI::Option* aivat_flag = nullptr;
    CLI::Option* sprt_flag = nullptr;
    CLI::Option* hh_out_flag = nullptr;
    CLI::Option* hh_sample_flag = nullptr;
    CLI::Option* bot_timeout_flag = nullptr;
    CLI::Option* out_flag = nullptr;
    CLI::Option* checkpoint_flag = nullptr;
    CLI::Option* json_flag = nullptr;
    CLI::Option* checkpoint_every_flag = nullptr;

    // "--seed, --deals": the tournament flags given, empty when none.
    std::string tournament_flags_given() const {
        std::string names;
        for (const CLI::Option* flag :
             {bots_flag, format_flag, hero_flag, deals_flag, tournaments_flag, hands_flag,
              match_deals_flag, seed_flag, seats_flag, stack_flag, acpc_game_flag, duplicate_flag,
              allin_ev_flag, aivat_flag, sprt_flag, hh_out_flag, hh_sample_flag, bot_timeout_flag})
            if (flag->count() > 0) names += (names.empty() ? "" : ", ") + flag->get_name();
        return names;
    }
};

// Usage errors: what was given and what was expected; exit code 2 like ConfigError.
class UsageError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// "0,20,0.05,0.05" -> Sprt{mbb0 0, mbb1 20, alpha 0.05, beta 0.05}.
sim::Sprt parse_sprt(const std::string& text) {
    std::vector<double> values;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const std::string piece = text.substr(start, end - start);
        double value = 0;
        const auto [ptr, ec] = std::from_chars(piece.data(), piece.data() + piece.size(), value);
        if (piece.empty() || ec != std::errc() || ptr != piece.data() + piece.size() ||
            !std::isfinite(value))
            throw UsageError(
                "--sprt " + text + ": '" + piece +
                "' is not a number; expected mbb0,mbb1,alpha,beta, e.g. 0,20,0.05,0.05");
        values.push_back(value);
        start = end + 1;
    }
    if (values.size() != 4)
        throw UsageError("--sprt " + text + ": " + std::to_string(values.size()) +
                         " numbers; expected 4: mbb0,mbb1,alpha,beta, e.g. 0,20,0.05,0.05");
    sim::Sprt sprt;
    sprt.set_mbb0(values[0]);
    sprt.set_mbb1(values[1]);
    sprt.set_alpha(values[2]);
    sprt.set_beta(values[3]);
    return sprt;
}

// --hero NAME: the gauntlet's hero by the name the table shows (NAME=SPEC in --bots, a file's
// `name`, else the spec). It makes the tournament a gauntlet unless --format says otherwise.
void set_hero(const RunCommandOptions& options, TournamentConfig& config) {
    if (options.format_flag->count() > 0 && options.format != "gauntlet")
        throw UsageError("--hero " + options.hero + " with --format " + options.format +
                         ": only a gauntlet has a hero (--format gauntlet, or leave --format out)");
    std::string names;
    for (int i = 0; i < config.bots_size(); ++i) {
        const sim::BotEntry& bot = config.bots(i);
        const std::string& name = bot.name().empty() ? bot.spec() : bot.name();
        if (name == options.hero) {
            config.set_format(sim::GAUNTLET);
            config.set_hero(i);
            return;
        }
        names += (names.empty() ? "'" : ", '") + name + "'";
    }
    throw UsageError("--hero " + options.hero + ": no bot has that name; the bots are " + names +
                     " (name one with NAME=SPEC in --bots)");
}

// --hands N refused: run counts deals (cash formats) or tournaments (sit-and-go), so the
// message names the flag for the format given and what it counts.
std::string hands_refused(const TournamentConfig& config, std::int64_t hands) {
    const std::string n = std::to_string(hands);
    std::string pointer;
    if (config.format() == sim::SIT_AND_GO)
        pointer = "a sit-and-go counts tournaments: give --tournaments " + n + " for " + n +
                  " tournaments";
    else if (config.format() == sim::RING)
        pointer = "give --deals " + n + " for " + n +
                  " deals a seat group (each played once per rotation when duplicate)";
    else
        pointer = "give --deals " + n + " for " + n +
                  " deals a pairing (each played twice with the seats swapped when duplicate: " +
                  (hands <= std::numeric_limits<std::int64_t>::max() / 2 ? std::to_string(2 * hands)
                                                                         : "2 x " + n) +
                  " hands a pair)";
    return "--hands " + n + ": run counts deals or tournaments, not hands; " + pointer;
}

// --deals N (cash formats) or --tournaments N (sit-and-go) into the configuration's count,
// once the format is known.
void set_deals(const RunCommandOptions& options, TournamentConfig& config) {
    const bool sit_and_go = config.format() == sim::SIT_AND_GO;
    if (options.hands_flag->count() > 0) throw UsageError(hands_refused(config, options.hands));
    if (options.deals_flag->count() > 0) {
        if (sit_and_go)
            throw UsageError("--deals " + std::to_string(options.deals) +
                             ": a sit-and-go counts tournaments; give --tournaments " +
                             std::to_string(options.deals));
        config.set_deals(options.deals);
    }
    if (options.tournaments_flag->count() > 0) {
        if (!sit_and_go)
            throw UsageError("--tournaments " + std::to_string(options.tournaments) +
                             ": only a sit-and-go plays tournaments; give --deals " +
                             std::to_string(options.tournaments) +
                             " (deals a pairing heads-up, "
                             "a seat group in a ring)");
        config.set_deals(options.tournaments);
    }
}

// A configuration is text. A report, UTF-16 or other binary data given as one is said to be what
// it is, before the text parser's first complaint (which quotes the file's bytes, and may send
// a terminal a raw byte of it): throws UsageError naming the file.
void check_config_is_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::string head(4096, '\0');
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(file.gcount()));
    const auto starts_with = [&](std::string_view bytes) { return head.starts_with(bytes); };
    if (starts_with("\xFF\xFE") || starts_with("\xFE\xFF"))
        throw UsageError(path + ": UTF-16 text (it starts with the byte order mark " +
                         (starts_with("\xFF\xFE") ? "0xFF 0xFE" : "0xFE 0xFF") +
                         "); a configuration file is UTF-8 text: save it as UTF-8");
    // Control characters other than tabs, line and page breaks are in no configuration.
    const auto control = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && (u < 0x09 || u > 0x0D)) || u == 0x7F;
    };
    const auto found = std::find_if(head.begin(), head.end(), control);
    std::size_t odd =
        found == head.end() ? std::string::npos : static_cast<std::size_t>(found - head.begin());
    // A sequence cut by the end of what was read is not counted.
    const std::size_t invalid = sim::first_invalid_utf8(head);
    if (invalid != std::string::npos && invalid + 4 <= head.size()) odd = std::min(odd, invalid);
    if (odd == std::string::npos) return;
    bool report = false;
    try {
        sim::read_report(path);
        report = true;
    } catch (const std::exception&) {
        // Not a report this version reads: said as binary data below.
    }
    if (report)
        throw UsageError(path +
                         ": a pokerarena report, not a configuration file; continue its run "
                         "with `pokerarena run --resume " +
                         path + "`, or show it with `pokerarena report " + path + "`");
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(head[odd]));
    throw UsageError(path + ": binary data (byte " + byte + " at offset " + std::to_string(odd) +
                     "), not a configuration file: expected Protobuf text format, or JSON when "
                     "the name ends in .json (see sim/configs/)");
}

// What the flags go over: the configuration file, or nothing when --bots gives the bots. A
// resumed run without a file gets its report's configuration through build_config().
TournamentConfig base_config(const RunCommandOptions& options, const Report* resume) {
    TournamentConfig config;
    const std::string flags_given = options.tournament_flags_given();
    if (!options.config_path.empty()) {
        check_config_is_text(options.config_path);
        config = sim::read_config(options.config_path);
        // Its ACPC game files are the file's neighbours, whatever folder the bots come from.
        const auto beside = [&](const std::filesystem::path& game) {
            return std::filesystem::absolute(
                       std::filesystem::path(options.config_path).parent_path() / game)
                .lexically_normal()
                .string();
        };
        const std::filesystem::path game(config.acpc_game());
        if (!game.empty() && game.is_relative()) config.set_acpc_game(beside(game));
        if (sim::is_game_file(config.game()) && std::filesystem::path(config.game()).is_relative())
            config.set_game(beside(config.game()));
    } else if (resume != nullptr && options.bots_flag->count() == 0)
        // A flag over the report's configuration would make another tournament, which
        // check_resumable refuses anyway; say which flags may go with --resume instead.
        throw UsageError("--resume with " + flags_given +
                         ": a resumed run plays the report's configuration, so only --threads, "
                         "--tables, --out, --json, --checkpoint, --no-checkpoint, "
                         "--checkpoint-every, --stall-warning, --shard, --log-level and --quiet go "
                         "with --resume FILE "
                         "(or repeat the first run's whole "
                         "configuration: its file or --bots, and every flag)");
    else if (options.bots_flag->count() == 0)
        throw UsageError(
            "no bots: give a configuration file (see sim/configs/) or --bots, e.g. --bots "
            "random,call,tag");
    return config;
}

// Every flag given over the configuration, in place.
void apply_flags(const RunCommandOptions& options, TournamentConfig& config) {
    if (options.bots_flag->count() > 0) {
        config.clear_bots();
        std::vector<std::string> warnings;
        const std::vector<FlagBot> bots = split_bot_list(options.bots, "--bots", warnings);
        for (const std::string& warning : warnings)
            spdlog::warn("{}", warning);
        for (const FlagBot& bot : bots) {
            sim::BotEntry& entry = *config.add_bots();
            entry.set_spec(bot.spec);
            if (!bot.name.empty()) entry.set_name(bot.name);
        }
    }
    if (options.format_flag->count() > 0) {
        const std::map<std::string, sim::Format> formats{{"round-robin", sim::ROUND_ROBIN},
                                                         {"gauntlet", sim::GAUNTLET},
                                                         {"ring", sim::RING},
                                                         {"sit-and-go", sim::SIT_AND_GO}};
        config.set_format(formats.at(options.format));
    }
    if (options.hero_flag->count() > 0) set_hero(options, config);
    set_deals(options, config);
    // --match-deals is at most 2^31 - 1 (its flag's range).
    if (options.match_deals_flag->count() > 0)
        config.set_match_deals(static_cast<std::int32_t>(options.match_deals));
    if (options.seed_flag->count() > 0) config.set_seed(options.seed);
    if (options.seats_flag->count() > 0) config.set_seats(options.seats);
    if (options.stack_flag->count() > 0) config.set_stack_big_blinds(options.stack_big_blinds);
    // From the current folder, as every path on the command line.
    if (options.acpc_game_flag->count() > 0)
        config.set_acpc_game(
            std::filesystem::absolute(options.acpc_game).lexically_normal().string());
    if (options.game_flag->count() > 0)
        config.set_game(sim::is_game_file(options.game)
                            ? std::filesystem::absolute(options.game).lexically_normal().string()
                            : options.game);
    if (options.duplicate_flag->count() > 0) config.set_duplicate(options.duplicate);
    if (options.allin_ev_flag->count() > 0) config.set_allin_ev(options.allin_ev);
    if (options.aivat_flag->count() > 0) config.set_aivat(options.aivat);
    if (options.sprt_flag->count() > 0) *config.mutable_sprt() = parse_sprt(options.sprt);
    if (options.hh_out_flag->count() > 0) {
        // Empty, the flag would silently write nothing.
        if (options.hh_out.empty())
            throw UsageError(
                "--hh-out: an empty folder name; expected the folder to write the "
                "hands into");
        config.set_hh_out(options.hh_out);
    }
    if (options.hh_sample_flag->count() > 0) {
        if (config.hh_out().empty())
            throw UsageError("--hh-sample " + std::to_string(options.hh_sample) +
                             ": hands are written only with --hh-out FOLDER (or hh_out in the "
                             "configuration file)");
        config.set_hh_sample(options.hh_sample);
    }
    if (options.bot_timeout_flag->count() > 0) config.set_decision_timeout(options.bot_timeout);
}

// The configuration: the file (or the resumed report's), then every flag given over it.
TournamentConfig build_config(const RunCommandOptions& options, const Report* resume) {
    if (options.config_path.empty() && resume != nullptr &&
        options.tournament_flags_given().empty())
        return resume->config();
    TournamentConfig config = base_config(options, resume);
    apply_flags(options, config);
    return config;
}

// Where relative plugin paths are taken from: the configuration file's folder for the bots it
// lists (wherever the command runs from); for the report's own configuration, the folder the
// report recorded; for --bots, the current directory.
std::filesystem::path plugin_folder(const RunCommandOptions& options, const Report* resume) {
    if (options.bots_flag->count() > 0) return {};
    if (!options.config_path.empty())
        return std::filesystem::path(options.config_path).parent_path();
    if (resume != nullptr) return resume->run().plugin_folder();
    return {};
}

// Counted by SIGINT, SIGTERM and SIGHUP (a closed terminal or ssh session: as much a request
// to stop as the others, and its default action would end the run with no report). The first lets
// the units in flight finish; the second gives them up, and the runner hands over the finished
// units to be written (RunOptions::abandon); after it the default action is back, so a third ends
// the process at once, even if writing the report hangs. Only lock-free atomics and sigaction()
// here: both are async-signal-safe.
std::atomic<int> stop_requests{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void request_stop(int) {
    if (stop_requests.fetch_add(1) + 1 < 2) return;
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGINT, &fallback, nullptr);
    sigaction(SIGTERM, &fallback, nullptr);
    sigaction(SIGHUP, &fallback, nullptr);
}

void install_stop_handlers() {
    struct sigaction action {};
    action.sa_handler = request_stop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);
}

// "1:02:03" or "2:03".
std::string clock_text(double seconds) {
    const auto total = static_cast<long long>(std::llround(seconds));
    const long long h = total / 3600, m = total / 60 % 60, s = total % 60;
    char text[32];
    if (h > 0)
        std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", h, m, s);
    else
        std::snprintf(text, sizeof text, "%lld:%02lld", m, s);
    return text;
}

std::string rate_text(double per_second) {
    char text[32];
    if (per_second >= 1e6)
        std::snprintf(text, sizeof text, "%.2f M ", per_second / 1e6);
    else if (per_second >= 1e3)
        std::snprintf(text, sizeof text, "%.1f k ", per_second / 1e3);
    else
        std::snprintf(text, sizeof text, "%.0f ", per_second);
    return text;
}

// 1234567 -> "1,234,567".
std::string grouped(std::int64_t value) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return value < 0 ? "-" + digits : digits;
}

std::string progress_text(const sim::RunProgress& progress, const TournamentConfig& config) {
    std::ostringstream line;
    const double share = progress.units_total > 0 ? static_cast<double>(progress.units_done) /
                                                        static_cast<double>(progress.units_total)
                                                  : 1.0;
    char percent[16];
    std::snprintf(percent, sizeof percent, "%.0f%%", 100.0 * share);
    line << grouped(progress.hands_done) << " hands (" << percent << "), "
         << rate_text(progress.hands_per_second) << "hands/s";
    if (progress.eta_seconds >= 0) line << ", ETA " << clock_text(progress.eta_seconds);
    if (progress.leader >= 0) {
        char figure[48];
        if (progress.leader_by_roi)
            std::snprintf(figure, sizeof figure, "%+.1f%% ROI", progress.leader_roi_percent);
        else
            std::snprintf(figure, sizeof figure, "%+.1f mbb/hand", progress.leader_mbb_per_hand);
        line << ", leader " << config.bots(progress.leader).name() << " " << figure;
    }
    return line.str();
}

// Quoted for a POSIX shell when it holds anything but plain path characters.
std::string shell_word(const std::string& word) {
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-+./:=,@%") == std::string::npos;
    if (plain) return word;
    std::string quoted = "'";
    for (const char c : word) {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted += c;
    }
    return quoted + "'";
}

// A report says which programs to run and where to write: resuming one from someone else is
// running their script. So before anything is loaded or started, standard error gets every
// program the resume will run and every file and folder it will write, as absolute paths (a
// relative hh_out is taken from the current folder, like every path the run itself was given).
void show_what_resuming_runs(const RunCommandOptions& options, const TournamentConfig& config,
                             const std::filesystem::path& bots_folder,
                             const std::filesystem::path& bot_logs, const std::string& out,
                             bool complete) {
    const auto absolute = [](const std::filesystem::path& path) {
        return pokerarena::printable_text(
            std::filesystem::absolute(path).lexically_normal().string());
    };
    std::string text = "resuming " + absolute(options.resume) + " runs:\n";
    // A complete report has nothing left to play (once it passes the checks that follow).
    const std::vector<std::string> bots =
        complete ? std::vector<std::string>()
                 : sim::bots_a_resume_runs(config, bots_folder, bot_logs);
    for (const std::string& line : bots)
        text += "  " + line + "\n";
    if (complete)
        text += "  nothing: the report is complete, so no bot is started\n";
    else if (bots.empty())
        text += "  no program of its own (built-in bots only)\n";
    text += "and writes:\n  " + absolute(out) + " (the report)\n";
    if (!options.no_checkpoint) {
        const std::filesystem::path checkpoint =
            std::filesystem::path(options.checkpoint.empty() ? out : options.checkpoint);
        if (!options.checkpoint.empty() && !same_file(options.checkpoint, out))
            text += "  " + absolute(checkpoint) + " (checkpoints)\n";
        if (!options.no_journal)
            text += "  " + absolute(sim::journal_path(checkpoint)) +
                    " (the journal of finished units)\n";
    }
    if (!options.json.empty()) text += "  " + absolute(options.json) + " (JSON)\n";
    if (!config.hh_out().empty())
        text += "  " + absolute(config.hh_out()) + "/ (hand histories, the report's hh_out '" +
                pokerarena::printable_text(config.hh_out()) + "')\n";
    std::cerr << text << std::flush;
}

spdlog::level::level_enum log_level(const RunCommandOptions& options) {
    if (options.quiet) return spdlog::level::warn;
    return spdlog::level::from_str(options.log_level);
}

// Throws UsageError "FLAG PATH: PROBLEM" unless `problem` is empty.
void check_output(const char* flag, const std::string& path, const std::string& problem) {
    if (problem.empty()) return;
    throw UsageError(std::string(flag) + (path.empty() ? "" : " " + path) + ": " + problem);
}

// The journal beside the checkpoint is opened without following a link: one planted there is
// refused now, not found after hours of play.
void check_journal_place(const std::filesystem::path& journal) {
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(journal, ec);
    if (std::filesystem::is_symlink(status))
        throw UsageError(journal.string() +
                         ": a symbolic link where the run keeps its journal of finished "
                         "units; a journal is never written through one: remove it");
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        throw UsageError(journal.string() +
                         ": not a regular file, where the run keeps its journal of "
                         "finished units: remove it or give another report file");
}

void warn_of_stall(const sim::Stall& stall) {
    std::string where = "unit " + std::to_string(stall.unit);
    if (stall.hand >= 0) where += ", hand " + std::to_string(stall.hand);
    if (stall.seat >= 0) where += ", seat " + std::to_string(stall.seat);
    spdlog::warn(
        "{}: bot '{}' has not returned from {} for {:.0f} s. The run waits for it (a plugin "
        "call cannot be interrupted); Ctrl-C twice (or SIGTERM twice) writes the finished "
        "units to the report and ends the run",
        where, stall.bot, stall.call, stall.seconds);
}

// Hand histories the units of `report` could not write to `hh_out` (every counted unit, those
// of an earlier run resumed here included: their files are in the same folder).
void note_hands_not_written(const Report& report, const std::string& hh_out) {
    std::int64_t hh_not_written = 0;
    for (const auto& unit : report.units())
        hh_not_written += unit.hh_hands_not_written();
    if (hh_not_written > 0)
        std::cout << "Hand histories: " << hh_not_written
                  << (hh_not_written == 1 ? " hand" : " hands") << " not written to " << hh_out
                  << ": more than " << kMaxRecordedActions
                  << " actions, which a hand record does not keep (a comment in the unit's "
                     "file marks each)\n";
}

// One `pokerarena run`: the steps of run() below, and what they share (the tournament, the
// runner's options and hooks, the progress line). The runner's hooks point into it, so it
// stays where it was made.
class RunCommand {
  public:
    explicit RunCommand(const RunCommandOptions& options)
        : options_(options), log_sink_(std::make_shared<sim::ProgressLogSink>()) {
        spdlog::set_default_logger(std::make_shared<spdlog::logger>("run", log_sink_));
        spdlog::set_level(log_level(options));
        spdlog::set_pattern("[%H:%M:%S] %l: %v");
    }
    // The logger outlives the command: its hook, which refers to this, goes first.
    ~RunCommand() { log_sink_->set_before_message(nullptr); }
    RunCommand(const RunCommand&) = delete;
    RunCommand& operator=(const RunCommand&) = delete;

    // The report to resume, the configuration, its bots loaded or started, the shard; then
    // every output checked. Throws for input that is wrong (exit code 2).
    void prepare();
    // Where checkpoints go, the progress line, crash advice, stall warnings.
    void set_hooks();
    // Plays, writes the report and says how the run ended; the exit code.
    int play();

  private:
    void read_resume();
    void check_resume_before_starting(const TournamentConfig& config,
                                      const std::filesystem::path& bots_folder,
                                      const std::filesystem::path& bot_logs);
    void start_bots(const TournamentConfig& config, const std::filesystem::path& bots_folder,
                    const std::filesystem::path& bot_logs);
    sim::Shard shard_to_run() const;
    bool nothing_left_to_play() const;
    void choose_shard();
    void check_no_output_over_input(const TournamentConfig& config) const;
    void check_outputs() const;
    void plan_checkpoints();
    void show_progress(const sim::RunProgress& progress);
    void erase_progress();
    void advise_on_crash();
    std::string resume_from(const std::string& file) const;
    int conclude(const Report& report, const std::string& unit_failure, bool abandoned);
    int write_outputs(const Report& report, bool abandoned);
    void show_summary(const Report& report) const;
    int how_it_ended(const Report& report, const std::string& unit_failure, bool abandoned) const;

    const RunCommandOptions& options_;
    std::shared_ptr<sim::ProgressLogSink> log_sink_;
    std::optional<Report> resume_;
    std::int64_t journal_units_ = -1;  // the units the resumed report's journal added
    bool resume_complete_ = false;     // nothing left to play: no bot is loaded or started
    sim::Tournament tournament_;
    sim::RunOptions run_options_;
    std::string out_;  // the report file
    bool checkpoint_is_report_ = false;
    bool terminal_ = false;
    bool show_progress_ = false;
    double next_log_ = 5;
    bool progress_shown_ = false;
    bool stop_announced_ = false;
    bool checkpoint_advice_ = false;
};

void RunCommand::read_resume() {
    if (options_.resume.empty()) return;
    // Held to what `pokerarena report` holds it to first: a summary that is not what the
    // units make was changed after the run wrote it, and maybe the bots it names with it.
    sim::check_report_summary(sim::read_report(options_.resume), options_.resume);
    std::vector<std::string> notes;
    resume_ = sim::read_report_with_journal(options_.resume, notes, journal_units_);
    for (const std::string& note : notes)
        spdlog::warn("{}", note);
    if (journal_units_ >= 0)
        spdlog::info("{}: {} finished after the report was last written, taken from the journal",
                     sim::journal_path(options_.resume).string(),
                     journal_units_ == 1 ? std::string("1 unit")
                                         : std::to_string(journal_units_) + " units");
}

void RunCommand::prepare() {
    read_resume();
    const Report* resume = resume_ ? &*resume_ : nullptr;
    const TournamentConfig config = build_config(options_, resume);
    if (!resume) sim::check_new_config(config);
    out_ = options_.out_flag->count() > 0 ? options_.out
           : resume                       ? options_.resume
                                          : std::string("pokerarena-report.pb");
    // Process bots' standard error goes beside the report: REPORT.I-NAME.stderr.log.
    const std::filesystem::path bot_logs = std::filesystem::path(out_).replace_extension();
    const std::filesystem::path bots_folder = plugin_folder(options_, resume);
    check_no_output_over_input(config);
    if (resume) {
        show_what_resuming_runs(options_, config, bots_folder, bot_logs, out_,
                                nothing_left_to_play());
        check_resume_before_starting(config, bots_folder, bot_logs);
    }
    run_options_.threads = options_.threads;
    run_options_.tables = options_.tables;
    if (!resume_complete_) {
        start_bots(config, bots_folder, bot_logs);
        choose_shard();
    }
    check_outputs();
    // The hand-history folder too: one that holds another run's hands is refused now.
    if (!resume_complete_) sim::detail::claim_hand_history_folder(tournament_.config);
    if (options_.no_checkpoint && options_.checkpoint_every_flag->count() > 0)
        throw UsageError("--checkpoint-every " + std::to_string(options_.checkpoint_every) +
                         " with --no-checkpoint: give one or the other");
}

// Everything a resume is checked for that needs no bot, before any is loaded or started: the
// report's version, configuration, shard and units (on the tournament without its bots) and
// every process bot's command and files against the identity the report records. A complete
// report has nothing left to play, so it starts nothing: play() writes its outputs from it.
void RunCommand::check_resume_before_starting(const TournamentConfig& config,
                                              const std::filesystem::path& bots_folder,
                                              const std::filesystem::path& bot_logs) {
    tournament_ =
        sim::make_tournament(config, sim::BotLoading::Skip, bots_folder, bot_logs, &*resume_);
    run_options_.shard = shard_to_run();
    sim::check_shard(tournament_, run_options_.shard);
    sim::check_resumable_schedule(tournament_, *resume_, run_options_.shard);
    sim::check_processes_before_starting(config, bots_folder, bot_logs, *resume_);
    resume_complete_ = nothing_left_to_play();
}

// Whether the resumed report (its journal's units included) leaves nothing to play: it is
// complete, or it is a shard's (never marked complete) and holds every unit of the shard.
bool RunCommand::nothing_left_to_play() const {
    const sim::Shard shard = shard_to_run();
    return resume_->complete() ||
           (shard.count > 1 &&
            resume_->units_done() >= sim::units_in_shard(resume_->units_total(), shard));
}

// The bots loaded and started. A process bot that fails to start leaves its standard error in
// its log when it wrote any, and the message says where; an empty log is removed (it has
// nothing to read, and the run leaves no report to go with it).
void RunCommand::start_bots(const TournamentConfig& config,
                            const std::filesystem::path& bots_folder,
                            const std::filesystem::path& bot_logs) {
    try {
        tournament_ = sim::make_tournament(config, sim::BotLoading::Load, bots_folder, bot_logs,
                                           resume_ ? &*resume_ : nullptr);
    } catch (const std::exception& error) {
        std::string kept;
        for (const std::filesystem::path& log :
             sim::process_bot_logs(config, bots_folder, bot_logs)) {
            std::error_code ec;
            // A link planted at the name is no log of the run's (make_tournament() refused it).
            if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(log, ec)))
                continue;
            if (std::filesystem::file_size(log, ec) == 0 && !ec)
                std::filesystem::remove(log, ec);
            else
                kept += (kept.empty() ? "" : ", ") + log.string();
        }
        if (kept.empty()) throw;
        throw UsageError(std::string(error.what()) +
                         " (standard error of the process bots: " + kept + ")");
    }
}

// --shard K/N, else the resumed report's shard, else the whole schedule.
sim::Shard RunCommand::shard_to_run() const {
    if (!options_.shard.empty()) return sim::parse_shard(options_.shard);
    if (resume_ && !resume_->run().shard().empty()) return sim::parse_shard(resume_->run().shard());
    return {};
}

void RunCommand::choose_shard() {
    run_options_.shard = shard_to_run();
    sim::check_shard(tournament_, run_options_.shard);
    if (!resume_) return;
    for (const std::string& warning :
         sim::check_resumable(tournament_, *resume_, run_options_.shard))
        spdlog::warn("{}", warning);
    run_options_.resume = &*resume_;
}

// No output is written over an input: the configuration file (a report written over it would
// leave no configuration), the resumed report's journal, or the resumed report itself but as
// the report and its checkpoint, which a resume rewrites in place. Checked before any bot
// starts; same_file() compares device and inode where the files exist.
void RunCommand::check_no_output_over_input(const TournamentConfig& config) const {
    const bool checkpointing = !options_.no_checkpoint;
    const std::string checkpoint = options_.checkpoint.empty() ? out_ : options_.checkpoint;
    const std::string journal =
        checkpointing && !options_.no_journal ? sim::journal_path(checkpoint).string() : "";
    const std::string resume_journal =
        options_.resume.empty() ? "" : sim::journal_path(options_.resume).string();
    const std::pair<std::string, std::string> outputs[] = {
        {"--out", out_},
        {"--checkpoint", checkpointing ? options_.checkpoint : ""},
        {"the journal", journal},
        {"--json", options_.json},
        {"--hh-out", config.hh_out()}};
    for (const auto& [flag, output] : outputs) {
        const std::pair<std::string, std::string> inputs[] = {
            {"the configuration file", options_.config_path},
            {"the journal of the --resume report", output == journal ? "" : resume_journal},
            {"the --resume report",
             flag == "--out" || flag == "--checkpoint" || flag == "the journal" ? ""
                                                                                : options_.resume}};
        for (const auto& [what, input] : inputs)
            if (const std::string problem = output_over_input(flag, output, what, input);
                !problem.empty())
                throw UsageError(problem);
    }
}

// Every output is checked before anything is played: hours of play must not end in a report
// that cannot be written. (Each is then written through a temporary beside it and renamed over
// its name: sim/src/io/output_file.hpp.)
void RunCommand::check_outputs() const {
    check_output("--out", out_, sim::report_output_problem(out_));
    const bool checkpoint_given = options_.checkpoint_flag->count() > 0;
    if (checkpoint_given)
        check_output("--checkpoint", options_.checkpoint,
                     sim::report_output_problem(options_.checkpoint));
    // The journal is beside the checkpoint: the report unless --checkpoint.
    if (!options_.no_checkpoint && !options_.no_journal)
        check_journal_place(sim::journal_path(checkpoint_given ? options_.checkpoint : out_));
    if (options_.json_flag->count() > 0) {
        check_output("--json", options_.json, output_file_problem(options_.json));
        // The JSON written over the binary report would leave nothing to resume or merge.
        if (same_file(options_.json, out_))
            throw UsageError("--json " + options_.json +
                             ": the same file as the report (--out); give another file");
        if (!options_.checkpoint.empty() && same_file(options_.json, options_.checkpoint))
            throw UsageError("--json " + options_.json +
                             ": the same file as --checkpoint; give another file");
    }
}

// Checkpoints are on unless --no-checkpoint. Without --checkpoint FILE they go to the report
// itself: a run that dies (a plugin that crashes or ends the process, kill -9, a power cut)
// leaves its finished units where the report would have been, ready for --resume: the
// checkpoint written when the run starts, and its journal, which holds every unit finished.
void RunCommand::plan_checkpoints() {
    checkpoint_is_report_ = !options_.no_checkpoint &&
                            (options_.checkpoint.empty() || same_file(options_.checkpoint, out_));
    if (!options_.no_checkpoint) {
        run_options_.checkpoint = checkpoint_is_report_ ? out_ : options_.checkpoint;
        // The report's own file gets the final report from conclude().
        run_options_.checkpoint_at_end = !checkpoint_is_report_;
    }
    run_options_.checkpoint_interval_seconds = options_.checkpoint_every;
    run_options_.journal = !options_.no_journal;
}

void RunCommand::show_progress(const sim::RunProgress& progress) {
    // The first stop request is answered at once: the tables in play may take a while to
    // finish their units (and a bot that hangs, for ever).
    if (!stop_announced_ && stop_requests.load() == 1) {
        stop_announced_ = true;
        spdlog::warn(
            "stopping: the tables in play finish their work units, then the "
            "finished units are written; Ctrl-C again (or SIGTERM) writes them at "
            "once");
    }
    if (!show_progress_) return;
    if (terminal_) {
        // Before drawing: a crash from here on starts its line on a new line (the handler
        // cannot know where the cursor is).
        set_progress_line_drawn(true);
        std::cerr << "\r\033[K" << progress_text(progress, tournament_.config) << std::flush;
        progress_shown_ = true;
    } else if (progress.elapsed_seconds >= next_log_) {
        spdlog::info("{}", progress_text(progress, tournament_.config));
        next_log_ = progress.elapsed_seconds + 5;
    }
}

// Erases the progress line, so that a message takes its place (the next progress redraws it
// below). Every log message does it first.
void RunCommand::erase_progress() {
    if (!progress_shown_) return;
    std::cerr << "\r\033[K" << std::flush;
    set_progress_line_drawn(false);
}

// The command that resumes the run from `file`, with the outputs and checkpointing it had.
std::string RunCommand::resume_from(const std::string& file) const {
    std::string command = shell_word(options_.program) + " run --resume " + shell_word(file);
    if (out_ != file) command += " --out " + shell_word(out_);
    if (!options_.json.empty()) command += " --json " + shell_word(options_.json);
    if (!checkpoint_is_report_ && !options_.checkpoint.empty())
        command += " --checkpoint " + shell_word(options_.checkpoint);
    if (options_.no_checkpoint) command += " --no-checkpoint";
    if (options_.no_journal) command += " --no-journal";
    if (options_.checkpoint_every_flag->count() > 0)
        command += " --checkpoint-every " + std::to_string(options_.checkpoint_every);
    return command;
}

// A plugin runs in this process: when one crashes, the fatal-signal handler (main) names it and
// then says what is left of the run. The advice changes once a checkpoint exists: the first is
// written when the run starts, and the journal with it.
void RunCommand::advise_on_crash() {
    if (!options_.resume.empty())
        set_crash_advice("the results of this run are lost; resume with: " +
                         resume_from(options_.resume));
    else if (options_.no_checkpoint)
        set_crash_advice("the results are lost (--no-checkpoint)");
    else
        set_crash_advice("no checkpoint was written yet, so the results are lost");
    run_options_.checkpoint_written = [this] {
        if (checkpoint_advice_) return;
        checkpoint_advice_ = true;
        const std::string checkpoint = run_options_.checkpoint.string();
        set_crash_advice(
            options_.no_journal
                ? "results since the last checkpoint are lost (--no-journal); resume with: " +
                      resume_from(checkpoint)
                : "only the units in play are lost (the finished ones are in " +
                      sim::journal_path(run_options_.checkpoint).string() +
                      "); resume with: " + resume_from(checkpoint));
    };
}

void RunCommand::set_hooks() {
    plan_checkpoints();
    run_options_.stop = &stop_requests;
    terminal_ = isatty(STDERR_FILENO) != 0;
    show_progress_ = !options_.quiet && spdlog::should_log(spdlog::level::info);
    run_options_.progress = [this](const sim::RunProgress& progress) { show_progress(progress); };
    advise_on_crash();
    run_options_.stall_warning_seconds = options_.stall_warning;
    log_sink_->set_before_message([this] { erase_progress(); });
    run_options_.stall = warn_of_stall;
    // The units in play may take minutes with slow bots: a second Ctrl-C writes what is
    // finished and ends the process without waiting for them (the workers are still running,
    // so the process cannot return normally).
    run_options_.abandon = [this](const Report& partial, const std::string& failure) {
        const int code = conclude(partial, failure, true);
        std::cout.flush();
        std::cerr.flush();
        // Bot processes are in process groups of their own: the terminal's Ctrl-C did not
        // reach them, and _Exit would leave them running.
        kill_bot_processes();
        std::_Exit(code);
    };
}

int RunCommand::play() {
    if (resume_complete_) {
        // Its outputs, from its units alone (and its journal's, as `pokerarena report` shows
        // them): nothing is played, no bot loaded or started.
        if (resume_->complete())
            spdlog::info("{}: complete, {} of {} work units; nothing to play, no bot started",
                         options_.resume, resume_->units_done(), resume_->units_total());
        else
            spdlog::info("{}: shard {} done, {} of its units; nothing to play, no bot started",
                         options_.resume, sim::shard_text(run_options_.shard),
                         resume_->units_done());
        if (journal_units_ <= 0) return conclude(*resume_, "", false);
        Report report = sim::merge_reports(std::span(&*resume_, 1), std::span(&options_.resume, 1));
        *report.mutable_run() = resume_->run();
        return conclude(report, "", false);
    }
    spdlog::info("{} bots, {} work units{}, seed {}", tournament_.config.bots_size(),
                 static_cast<int>(tournament_.units.size()),
                 options_.shard.empty() ? "" : ", shard " + options_.shard,
                 tournament_.config.seed());
    install_stop_handlers();
    Report report;
    // A failed unit still leaves every finished unit in a report, written like an interrupted
    // run's so the work is not lost and the run can be resumed once the cause is fixed.
    std::string unit_failure;
    try {
        report = sim::run_tournament(tournament_, run_options_);
    } catch (const sim::UnitFailure& error) {
        report = error.report();
        unit_failure = error.what();
    } catch (const std::exception& error) {
        if (progress_shown_) {
            std::cerr << '\n';
            set_progress_line_drawn(false);
        }
        std::cerr << "pokerarena run: " << error.what() << '\n';
        return 1;
    }
    return conclude(report, unit_failure, false);
}

// Writes the report, shows it and says how the run ended; the exit code. `abandoned`: a second
// stop request gave up the units in play (the runner calls this through RunOptions::abandon
// while they still run).
int RunCommand::conclude(const Report& report, const std::string& unit_failure, bool abandoned) {
    erase_progress();
    if (const int failed = write_outputs(report, abandoned); failed != 0) return failed;
    show_summary(report);
    return how_it_ended(report, unit_failure, abandoned);
}

// The report, the checkpoint of an abandoned run, the journal removed, the JSON: 0, or 1 with
// the reason printed.
int RunCommand::write_outputs(const Report& report, bool abandoned) {
    try {
        sim::write_report(report, out_);
    } catch (const std::exception& error) {
        // A full disk at the end: the checkpoint and its journal still hold every unit
        // finished, so the play is not lost; say how to get the report from them.
        sim::print_report_table(report, std::cout);
        std::cerr << "pokerarena run: " << error.what() << '\n';
        // Said only of files that are there: the disk may have been full from the start.
        const auto kept = [](const std::filesystem::path& path) {
            std::error_code ignored;
            return std::filesystem::is_regular_file(path, ignored);
        };
        const std::filesystem::path journal = sim::journal_path(run_options_.checkpoint);
        if (!run_options_.checkpoint.empty() && kept(run_options_.checkpoint))
            std::cerr << "The finished units are kept in " << run_options_.checkpoint.string()
                      << (kept(journal) ? " and " + journal.string() : std::string())
                      << "; once there is room, write the report with:\n  "
                      << resume_from(run_options_.checkpoint.string()) << '\n';
        return 1;
    }
    try {
        if (abandoned && run_options_.checkpoint_at_end)
            sim::write_report(report, run_options_.checkpoint);
        // Its units are in the report now. (A run that ends by itself with a checkpoint of its
        // own had the runner write it and remove the journal.)
        if (!run_options_.checkpoint.empty() && (abandoned || !run_options_.checkpoint_at_end))
            if (const std::string problem = sim::remove_journal(run_options_.checkpoint);
                !problem.empty())
                spdlog::warn("{}", problem);
        if (!options_.json.empty()) sim::write_report_json_file(report, options_.json);
    } catch (const std::exception& error) {
        std::cerr << "pokerarena run: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

void RunCommand::show_summary(const Report& report) const {
    sim::print_report_table(report, std::cout);
    std::cout << "Report: " << out_;
    if (!options_.json.empty()) std::cout << " (JSON: " << options_.json << ")";
    std::cout << '\n';
    note_hands_not_written(report, tournament_.config.hh_out());
}

// The exit code of a report written, and what to do next when it is not a clean result.
int RunCommand::how_it_ended(const Report& report, const std::string& unit_failure,
                             bool abandoned) const {
    const std::string resume_command = resume_from(out_);
    // "12 of 48 work units", or a shard's own: "12 of the 24 work units of shard 1/2".
    const std::string units_done =
        std::to_string(report.units_done()) + " of " +
        (run_options_.shard.count > 1
             ? "the " +
                   std::to_string(sim::units_in_shard(report.units_total(), run_options_.shard)) +
                   " work units of shard " + sim::shard_text(run_options_.shard)
             : std::to_string(report.units_total()) + " work units");
    if (!unit_failure.empty()) {
        std::cerr << "pokerarena run: " << unit_failure << "\nStopped after " << units_done
                  << "; the report above is incomplete. Fix the cause, then resume with:\n  "
                  << resume_command << '\n';
        return 1;
    }
    if (stop_requests.load() > 0 && !report.complete()) {
        std::cerr << (abandoned ? "Stopped at once after " : "Interrupted after ") << units_done
                  << (abandoned ? " (the units in play were dropped)" : "")
                  << "; the report above is incomplete. Resume with:\n  " << resume_command << '\n';
        return 130;
    }
    if (!report.run().shard().empty())
        std::cout << "Shard " << report.run().shard()
                  << " done; combine the shards with: pokerarena merge SHARD.pb... -o ALL.pb\n";
    // Complete, but not a clean result: a bot that dropped out played check-or-fold, or went
    // out with the last decisions (the table marks it OUT either way).
    for (const auto& bot : report.bots())
        if (sim::dropped_out(bot)) {
            std::cerr << "pokerarena run: bot '" << pokerarena::printable_text(bot.name())
                      << "' dropped out";
            if (bot.faults().forfeit() > 0)
                std::cerr << " and forfeited " << bot.faults().forfeit() << " decisions";
            else
                std::cerr << " with the run's last decisions, none left to forfeit";
            std::cerr << " (see OUT above); exit code 3\n";
            return 3;
        }
    return 0;
}

int run(const RunCommandOptions& options) {
    RunCommand command(options);
    try {
        command.prepare();
    } catch (const std::exception& error) {
        // ConfigError, ReportError, RunError and UsageError: the input is wrong, not the run.
        std::cerr << "pokerarena run: " << error.what() << '\n';
        return 2;
    }
    command.set_hooks();
    return command.play();
}

// What is played: the configuration file and the flags over it (bots, format, deals, seed).
void add_tournament_flags(CLI::App* run_app, RunCommandOptions* options) {
    run_app
        ->add_option("CONFIG", options->config_path,
                     "Configuration file: Protobuf text format, or JSON when it ends in "
                     ".json (see sim/configs/); flags override it")
        ->check(existing_input_file());
    options->bots_flag = run_app->add_option(
        "--bots", options->bots,
        "Bots, comma-separated: BOT[:key=value,...], PATH.so[:config], a program speaking the "
        "process-bot protocol as proc[OPTIONS]:COMMAND ARG... (docs/bot-protocol.md), or "
        "isolated:PATH.so[:config]; each optionally named NAME=... (two of one kind need names: "
        "--bots a=tag,b=tag)");
    options->format_flag =
        run_app
            ->add_option("--format", options->format,
                         "round-robin (heads-up, every pair), gauntlet (the hero, --hero or the "
                         "first bot, against each other), ring (3 to 10 seats) or sit-and-go")
            ->check(CLI::IsMember({"round-robin", "gauntlet", "ring", "sit-and-go"}));
    options->hero_flag =
        run_app->add_option("--hero", options->hero,
                            "The gauntlet's hero, by name (NAME=SPEC in --bots, or the spec); "
                            "implies --format gauntlet");
    options->deals_flag =
        run_app
            ->add_option("--deals", options->deals,
                         "Cash formats: deals per pairing (heads-up; each played twice with the "
                         "seats swapped when duplicate, so 2N hands a pair) or per seat group "
                         "(ring; each played once per rotation when duplicate)")
            ->transform(whole_number(1, sim::kMaxDeals));
    options->tournaments_flag =
        run_app->add_option("--tournaments", options->tournaments, "Sit-and-go: tournaments")
            ->transform(whole_number(1, sim::kMaxDeals))
            ->excludes(options->deals_flag);
    // Hidden: refused with the flag that counts what was meant (set_deals).
    options->hands_flag = run_app->add_option("--hands", options->hands)->group("");
    options->match_deals_flag =
        run_app
            ->add_option("--match-deals", options->match_deals,
                         "Cash formats: deals a bot instance plays (its match, with its memory) "
                         "before a new one takes over; each match is a table of its own, so "
                         "this caps a slow bot's tables in flight at deals / N (default for a "
                         "bot outside this process, proc:, isolated: or acpc:: the largest power "
                         "of two up to deals / 2048, at least 1; otherwise a work unit's deals)")
            ->transform(whole_number(1, std::numeric_limits<std::int32_t>::max()));
    options->seed_flag = run_app->add_option("--seed", options->seed, "Seed of every deal and bot")
                             ->transform(whole_number(0));
}

// How it is played: threads and tables, seats and stacks, duplicate, all-in EV, the SPRT, hand
// histories, process bots' time limit.
void add_play_flags(CLI::App* run_app, RunCommandOptions* options) {
    run_app->add_option("--threads", options->threads, "Threads (default: every core)")
        ->transform(whole_number(1, 4096));
    run_app
        ->add_option("--tables", options->tables,
                     "Work units per wave, and the most tables in flight for bots outside this "
                     "process (shared over the lanes; each lane starts with 256, or two units' "
                     "matches with --sprt, and lets in more while its bots keep all of them "
                     "waiting); the next wave starts when one is done")
        ->default_val(options->tables)
        ->transform(whole_number(1, 1 << 20));
    options->seats_flag =
        run_app->add_option("--seats", options->seats, "Ring and sit-and-go: seats per table")
            ->transform(whole_number(1, std::numeric_limits<int>::max()));
    options->stack_flag =
        run_app
            ->add_option("--stack", options->stack_big_blinds,
                         "Cash formats: starting stack in big blinds")
            ->transform(whole_number(1, std::numeric_limits<std::int64_t>::max()));
    options->acpc_game_flag = run_app->add_option(
        "--acpc-game", options->acpc_game,
        "Cash formats: the game of an ACPC game definition file (betting, blinds, stack; "
        "docs/acpc.md)");
    options->game_flag = run_app->add_option(
        "--game", options->game,
        "The game: holdem (default), kuhn or leduc (fixed limit; antes of 1, or a sit-and-go's "
        "levels of antes), plo (pot-limit Omaha), plo8 (fixed-limit Omaha hi-lo), short-deck "
        "(36 cards, antes and a button blind; docs/engine.md), or FILE.game, an ACPC game "
        "definition (cash formats; docs/acpc.md)");
    options->duplicate_flag =
        run_app->add_flag("--duplicate,!--no-duplicate", options->duplicate,
                          "Replay every deal with seats swapped or rotated (default on)");
    options->allin_ev_flag = run_app->add_flag("--allin-ev", options->allin_ev,
                                               "Also report all-in adjusted winnings (pot equity)");
    options->aivat_flag = run_app->add_flag(
        "--aivat", options->aivat,
        "Also report AIVAT estimates (variance reduced by the cards and the bots' strategies)");
    options->sprt_flag = run_app->add_option(
        "--sprt", options->sprt,
        "Two bots: stop when the sequential test decides; mbb0,mbb1,alpha,beta");
    options->hh_out_flag =
        run_app->add_option("--hh-out", options->hh_out, "Write hands as PHH into this folder");
    options->hh_sample_flag =
        run_app->add_option("--hh-sample", options->hh_sample, "With --hh-out: write one hand in N")
            ->transform(whole_number(1, std::numeric_limits<std::int64_t>::max()));
    options->bot_timeout_flag =
        run_app
            ->add_option(
                "--bot-timeout", options->bot_timeout,
                "Seconds a process bot may go without answering while its decisions wait (a stuck "
                "bot, not a slow queue; default 10)")
            ->check(number_in_range(0.001, 86400));
}

// What is written: the report, its JSON, checkpoints and their journal.
void add_output_flags(CLI::App* run_app, RunCommandOptions* options) {
    options->out_flag = run_app->add_option(
        "-o,--out", options->out,
        "Report file, binary Protobuf (default: pokerarena-report.pb, or the --resume file)");
    options->json_flag =
        run_app->add_option("--json", options->json, "Also write the report as JSON to this file");
    options->checkpoint_flag = run_app->add_option(
        "--checkpoint", options->checkpoint,
        "Write the report so far to this file (default: the report file itself) every "
        "--checkpoint-every seconds and when the run ends, is interrupted or fails");
    run_app
        ->add_flag("--no-checkpoint", options->no_checkpoint,
                   "Write the report only when the run ends, and keep no journal (a crash or "
                   "kill -9 then loses everything)")
        ->excludes(options->checkpoint_flag);
    run_app
        ->add_flag("--no-journal", options->no_journal,
                   "Keep no journal of finished units beside the checkpoint (a crash then loses "
                   "what finished since the last checkpoint; for runs of very many tiny units, "
                   "where a write per unit costs)")
        ->excludes("--no-checkpoint");
    options->checkpoint_every_flag =
        run_app
            ->add_option("--checkpoint-every", options->checkpoint_every,
                         "Seconds between two checkpoints (what a crash loses); 0: after every "
                         "wave of --tables units")
            ->default_val(options->checkpoint_every)
            ->transform(whole_number(0, 86400));
}

// Stall warnings, resuming, shards and what is logged.
void add_session_flags(CLI::App* run_app, RunCommandOptions* options) {
    run_app
        ->add_option("--stall-warning", options->stall_warning,
                     "Warn, naming the bot, when a plugin call has not returned for this many "
                     "seconds")
        ->default_val(options->stall_warning)
        ->transform(whole_number(1, 86400));
    run_app
        ->add_option("--resume", options->resume,
                     "Continue the run of this report or checkpoint (its configuration is used "
                     "when no other is given)")
        ->check(existing_input_file());
    run_app->add_option("--shard", options->shard,
                        "K/N: play only work units K-1, K-1+N, K-1+2N, ... (units count from "
                        "0; merge the shards after)");
    // spdlog reads "warning" as warn too: both are taken.
    run_app
        ->add_option("--log-level", options->log_level,
                     "trace, debug, info, warn (or warning), error or off")
        ->default_val(options->log_level)
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "warning", "error", "off"}));
    run_app->add_flag("-q,--quiet", options->quiet, "No progress and no log lines below warn");
}

// The help text under the flags.
constexpr const char* kRunFooter =
    "Prints the results table and writes the report (pokerarena report shows it again).\n"
    "Blinds, antes, the betting structure (no-limit is the default), sit-and-go levels\n"
    "and payouts and deals_per_unit have no flags: give them in a configuration file\n"
    "(sim/configs/, docs/simulator.md).\n"
    "Progress goes to standard error: one updating line on a terminal, a log line every\n"
    "5 seconds otherwise. Ctrl-C (or SIGTERM, or SIGHUP) finishes the tables in play,\n"
    "writes the report marked incomplete and prints the command that resumes it. A second\n"
    "Ctrl-C drops the tables in play and writes the finished ones at once; a third ends\n"
    "the process without writing. Bot processes and the processes they start end with\n"
    "the run (docs/simulator.md: what a kill -9 of the run can leave).\n"
    "Exit code 0 when done, 3 when done but a bot dropped out (its restarts used up,\n"
    "its later decisions, if any, forfeited: marked OUT), 1 when the run fails, 130\n"
    "when interrupted, 2 for a\n"
    "configuration refused after parsing (a bad field or flag combination, an unknown\n"
    "bot, an output that cannot be written: the message names it). A command line the\n"
    "parser refuses exits with CLI11's code: 105 for a refused value (a number out of\n"
    "range, a file that does not exist), 106 for a missing one, 108 for two flags that\n"
    "exclude each other, 109 for an unknown argument. A failing work unit stops the run\n"
    "like an interruption (the report keeps every finished unit and can be resumed) with\n"
    "exit code 1.\n"
    "The report file (or --checkpoint FILE) is written when the run starts and every 30\n"
    "seconds (--checkpoint-every), and each unit is appended to FILE.journal as it\n"
    "finishes, so a run that dies (a crash, kill -9, a full disk) loses only the units\n"
    "in play; --resume FILE reads both. Resuming a report runs the programs its bots name\n"
    "(it prints them, and the files it writes, first; a complete report starts none):\n"
    "resume only reports you trust.\n"
    "Plugin bots run inside this process. One that crashes ends it with its signal after\n"
    "a line naming the bot and the command that resumes the run; a\n"
    "plugin call that has not returned after --stall-warning seconds is named in a\n"
    "warning (only a second Ctrl-C gets past it).\n\n"
    "Examples:\n"
    "  pokerarena run --bots random,call,tag,equity:samples=200 --deals 20000\n"
    "  pokerarena run sim/configs/round_robin.txtpb --threads 2 --json report.json\n"
    "  pokerarena run --bots tag,call --sprt 0,20,0.05,0.05 --deals 1000000\n"
    "  pokerarena run --bots 'mine=proc:python3 my_bot.py,tag,call' --deals 20000\n"
    "  pokerarena run --bots 'c=proc[procs=2]:./my_bot,isolated:./x.so,tag' --threads 2\n"
    "  pokerarena run --format ring --bots tag,call,random,allin,fold,equity --deals 5000\n"
    "  pokerarena run sim/configs/sit_and_go.txtpb --tournaments 200\n"
    "  pokerarena run config.txtpb --shard 2/8 --out shard2.pb\n"
    "  pokerarena run --resume pokerarena-report.pb";

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<RunCommandOptions>();
    CLI::App* run_app = app.add_subcommand(
        "run", "Play a tournament between bots on every core and report who wins, by how much");
    add_tournament_flags(run_app, options.get());
    add_play_flags(run_app, options.get());
    add_output_flags(run_app, options.get());
    add_session_flags(run_app, options.get());
    run_app->footer(kRunFooter);
    run_app->callback([options, run_app, &exit_code] {
        // CLI11 names the top-level command after argv[0] when it parses.
        if (const std::string& name = run_app->get_parent()->get_name(); !name.empty())
            options->program = name;
        exit_code = run(*options);
    });
}

}  // namespace pokerarena::cli
