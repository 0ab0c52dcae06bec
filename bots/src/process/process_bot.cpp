#include "pokerarena/bots/process_bot.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>

#include "bot_process.hpp"
#include "pokerarena/bots/bot_params.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/sha256.hpp"

namespace pokerarena {

namespace {

constexpr std::string_view kPrefix = "proc";
constexpr std::string_view kIsolatedPrefix = "isolated";
constexpr std::string_view kAcpcPrefix = "acpc";

// Splits a command line at spaces; '...' and "..." quote (no escapes inside single quotes, \"
// and \\ inside double quotes), as a user would type it in a shell.
std::vector<std::string> split_command(std::string_view text, std::string_view spec) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\'' || c == '"') {
            const std::size_t close = text.find(c, i + 1);
            if (close == std::string_view::npos)
                throw BotSpecError("'" + std::string(spec) + "': the quote " + c +
                                   " is not closed; expected a command line such as "
                                   "proc:python3 my_bot.py");
            for (std::size_t k = i + 1; k < close; ++k) {
                if (c == '"' && text[k] == '\\' && k + 1 < close &&
                    (text[k + 1] == '"' || text[k + 1] == '\\'))
                    ++k;
                word += text[k];
            }
            i = close;
            continue;
        }
        word += c;
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

// A whole-number option ("procs=2"): digits only, from `lo` to `hi`.
int whole_option(std::string_view key, std::string_view value, int lo, int hi,
                 std::string_view spec) {
    int number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || value.find_first_not_of("0123456789") != std::string_view::npos ||
        error != std::errc() || end != value.data() + value.size() || number < lo || number > hi)
        throw BotSpecError("'" + std::string(spec) + "': " + std::string(key) + "='" +
                           std::string(value) + "': expected a whole number from " +
                           std::to_string(lo) + " to " + std::to_string(hi));
    return number;
}

// A time option in seconds ("timeout=2.5"): from a millisecond to a day.
double seconds_option(std::string_view key, std::string_view value, std::string_view spec) {
    double number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size() || !std::isfinite(number) ||
        !(number >= 0.001 && number <= 86400))
        throw BotSpecError("'" + std::string(spec) + "': " + std::string(key) + "='" +
                           std::string(value) + "': expected seconds from 0.001 to 86400");
    return number;
}

std::chrono::milliseconds seconds(double s) {
    return std::chrono::milliseconds(static_cast<std::int64_t>(std::llround(s * 1000)));
}

}  // namespace

namespace {

std::vector<std::string>& plugin_host_command() {
    static std::vector<std::string> command;
    return command;
}

std::vector<std::string>& bridge_command() {
    static std::vector<std::string> command;
    return command;
}

}  // namespace

void set_plugin_host_command(std::vector<std::string> command) {
    plugin_host_command() = std::move(command);
}

bool is_process_spec(std::string_view spec) {
    return spec.starts_with("proc:") || spec.starts_with("proc[") ||
           spec.starts_with("isolated:") || spec.starts_with("isolated[") || is_acpc_spec(spec);
}

bool is_plugin_spec(std::string_view spec) {
    // "isolated:PATH.so" names a plugin too, but one run as a process bot.
    if (is_process_spec(spec)) return false;
    const std::string_view name = spec.substr(
        0, spec.find(".so:") == std::string_view::npos ? spec.find(':') : spec.find(".so:") + 3);
    return name.find('/') != std::string_view::npos || name.ends_with(".so") ||
           name.ends_with(".dylib");
}

void set_acpc_bridge_command(std::vector<std::string> command) {
    bridge_command() = std::move(command);
}

const std::vector<std::string>& acpc_bridge_command() {
    return bridge_command();
}

bool is_acpc_spec(std::string_view spec) {
    return spec.starts_with("acpc:") || spec.starts_with("acpc[");
}

std::vector<std::string> acpc_bridge_arguments(const std::vector<std::string>& client, bool limit,
                                               std::chrono::milliseconds connect_timeout,
                                               AcpcConnection connection) {
    std::vector<std::string> args{
        "--betting",
        limit ? "limit" : "nolimit",
        "--connect-timeout",
        std::to_string(static_cast<double>(connect_timeout.count()) / 1000.0),
        "--connection",
        connection == AcpcConnection::Match  ? "match"
        : connection == AcpcConnection::Lane ? "lane"
                                             : "auto",
        "--"};
    args.insert(args.end(), client.begin(), client.end());
    return args;
}

ProcessBotSpec parse_process_spec(std::string_view spec) {
    if (!is_process_spec(spec))
        throw BotSpecError("'" + std::string(spec) +
                           "' is not a process bot; expected proc:COMMAND, isolated:PATH.so or "
                           "acpc:COMMAND");
    const bool isolated = spec.starts_with("isolated");
    const bool acpc = is_acpc_spec(spec);
    ProcessBotSpec result;
    AcpcConnection connection = AcpcConnection::Auto;
    std::string_view rest = spec.substr(isolated ? kIsolatedPrefix.size()
                                        : acpc   ? kAcpcPrefix.size()
                                                 : kPrefix.size());
    if (rest.starts_with('[')) {
        const std::size_t close = rest.find(']');
        if (close == std::string_view::npos)
            throw BotSpecError("'" + std::string(spec) +
                               "': the options' '[' is not closed; expected "
                               "proc[procs=2,timeout=5]:COMMAND");
        std::string_view options = rest.substr(1, close - 1);
        rest = rest.substr(close + 1);
        std::vector<std::string> seen;
        while (!options.empty()) {
            const std::size_t comma = options.find(',');
            const std::string_view pair = options.substr(0, comma);
            options = comma == std::string_view::npos ? "" : options.substr(comma + 1);
            const std::size_t eq = pair.find('=');
            if (eq == std::string_view::npos)
                throw BotSpecError("'" + std::string(spec) + "': option '" + std::string(pair) +
                                   "' is not key=value; the options are procs, timeout, "
                                   "start_timeout and max_restarts");
            const std::string key(pair.substr(0, eq));
            const std::string_view value = pair.substr(eq + 1);
            if (std::find(seen.begin(), seen.end(), key) != seen.end())
                throw BotSpecError("'" + std::string(spec) + "': option " + key +
                                   " is given twice");
            seen.push_back(key);
            if (key == "procs")
                result.procs = whole_option(key, value, 1, 64, spec);
            else if (key == "timeout") {
                result.decision_timeout = seconds(seconds_option(key, value, spec));
                result.timeout_given = true;
            } else if (key == "start_timeout")
                result.start_timeout = seconds(seconds_option(key, value, spec));
            else if (key == "max_restarts")
                result.max_restarts = whole_option(key, value, 0, 1000000, spec);
            else if (acpc && key == "connection") {
                if (value != "match" && value != "lane")
                    throw BotSpecError("'" + std::string(spec) + "': connection='" +
                                       std::string(value) + "': expected match or lane");
                connection = value == "match" ? AcpcConnection::Match : AcpcConnection::Lane;
            } else
                throw BotSpecError("'" + std::string(spec) + "': unknown option '" + key +
                                   "'; the options are procs, timeout, start_timeout, " +
                                   (acpc ? "max_restarts and connection" : "and max_restarts"));
        }
    }
    if (!rest.starts_with(':'))
        throw BotSpecError("'" + std::string(spec) + "': expected ':' and the " +
                           (isolated ? "plugin" : "command") + " after " +
                           std::string(spec.substr(0, spec.size() - rest.size())));
    if (isolated) {
        if (plugin_host_command().empty())
            throw BotSpecError("'" + std::string(spec) +
                               "': an isolated plugin is served by the pokerarena command's "
                               "plugin-host, which this program does not have");
        if (rest.size() == 1)
            throw BotSpecError("'" + std::string(spec) +
                               "': no plugin; expected isolated:PATH.so[:config]");
        result.command = plugin_host_command();
        result.command.emplace_back(rest.substr(1));
        return result;
    }
    result.command = split_command(rest.substr(1), spec);
    if (result.command.empty())
        throw BotSpecError(
            "'" + std::string(spec) + "': no command; expected " + (acpc ? "acpc" : "proc") +
            ":COMMAND ARG..., e.g. " +
            (acpc ? "acpc:./my_acpc_player holdem.nolimit.2p.game" : "proc:python3 my_bot.py"));
    if (acpc) {
        if (acpc_bridge_command().empty())
            throw BotSpecError("'" + std::string(spec) +
                               "': an ACPC client is played through the pokerarena command's "
                               "acpc-bridge, which this program does not have");
        // The bridge answers its hello once the client has connected: it must give up on the
        // client before the host gives up on it, to say why.
        const auto connect_timeout =
            std::max(std::chrono::milliseconds(1), result.start_timeout * 4 / 5);
        std::vector<std::string> command = acpc_bridge_command();
        for (std::string& word :
             acpc_bridge_arguments(result.command, false, connect_timeout, connection))
            command.push_back(std::move(word));
        result.command = std::move(command);
    }
    return result;
}

// ---------------------------------------------------------------------------------------
// RemoteBot

namespace {

// The ticket of a decision that decide() waits for.
// The strategy the answer reports is copied into `room`, made at the first one: an instance
// that only posts (a table paused in a lane) never needs one.
struct WaitingTicket final : DecisionTicket {
    explicit WaitingTicket(std::unique_ptr<Strategy>& room) : room(room) {}
    std::unique_ptr<Strategy>& room;
    bool done = false;
    bool has_strategy = false;
    RemoteDecision decision;
    void answered(RemoteDecision&& d, const Strategy* s) override {
        decision = std::move(d);
        has_strategy = s != nullptr;
        if (s) {
            if (!room) room = std::make_unique<Strategy>();
            *room = *s;
        }
        done = true;
    }
};

}  // namespace

RemoteBot::RemoteBot(std::shared_ptr<process::BotProcess> process, std::uint64_t seed)
    : process_(std::move(process)), instance_(process_->create_instance(seed)) {}

RemoteBot::~RemoteBot() {
    process_->destroy_instance(instance_);
}

Action RemoteBot::decide(const SeatView& view) {
    WaitingTicket ticket(strategy_);
    post_decide(view, &ticket);
    ProcessLane lane;
    lane.add(process_);
    while (!ticket.done)
        lane.pump(std::chrono::milliseconds(100));
    has_strategy_ = false;
    if (!ticket.decision.ok) throw BotError(ticket.decision.fault, ticket.decision.message);
    has_strategy_ = ticket.has_strategy;
    if (!ticket.decision.strategy_problem.empty())
        strategy_problems_.note(ticket.decision.strategy_problem);
    return ticket.decision.action;
}

bool RemoteBot::last_strategy(const SeatView& view, Strategy& out) {
    (void)view;  // the answer was judged against the view of its decide
    if (!has_strategy_) return false;
    out = *strategy_;
    return true;
}

bool RemoteBot::action_probabilities(const SeatView& view, std::span<const Action> candidates,
                                     std::span<double> probabilities) {
    if (!process_->hello().probabilities) return false;
    if (probabilities.size() != candidates.size())
        throw BotError(FaultKind::BadAnswer,
                       "action_probabilities: " + std::to_string(probabilities.size()) +
                           " probabilities for " + std::to_string(candidates.size()) +
                           " candidates");
    WaitingTicket ticket(strategy_);  // a probabilities answer has no strategy
    process_->post_probabilities(instance_, view, candidates, &ticket);
    ProcessLane lane;
    lane.add(process_);
    while (!ticket.done)
        lane.pump(std::chrono::milliseconds(100));
    if (!ticket.decision.ok) throw BotError(ticket.decision.fault, ticket.decision.message);
    // BotProcess checked the count against the candidates.
    std::copy(ticket.decision.probabilities.begin(), ticket.decision.probabilities.end(),
              probabilities.begin());
    return true;
}

void RemoteBot::post_decide(const SeatView& view, DecisionTicket* ticket) {
    process_->post(instance_, view, ticket);
}

void RemoteBot::on_event(const Event& event) {
    process_->event(instance_, event);
}

bool RemoteBot::wants_events() const {
    return process_->hello().wants_events;
}

Bot::ViewNeeds RemoteBot::view_needs() const {
    return process_->hello().legal_only ? ViewNeeds::LegalOnly : ViewNeeds::Full;
}

void RemoteBot::new_match() {
    process_->new_match(instance_);
}

// ---------------------------------------------------------------------------------------
// ProcessBotFactory

namespace {

// The program as posix_spawnp finds it: a name without '/' is searched in PATH.
std::filesystem::path find_program(const std::string& program,
                                   const std::filesystem::path& working_dir) {
    if (program.find('/') != std::string::npos) return working_dir / program;
    const char* path = std::getenv("PATH");
    std::stringstream folders(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string folder;
    while (std::getline(folders, folder, ':')) {
        const std::filesystem::path candidate =
            std::filesystem::path(folder.empty() ? "." : folder) / program;
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
    }
    return {};
}

bool add_file(std::vector<BotFile>& files, const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return false;
    const std::optional<FileDigest> digest = sha256_of_file(file);
    if (!digest) return false;
    files.push_back({.path = std::filesystem::absolute(file).lexically_normal().string(),
                     .sha256 = digest->sha256,
                     .size = digest->size});
    return true;
}

}  // namespace

std::vector<BotFile> process_files(const ProcessBotSpec& spec) {
    std::vector<BotFile> files;
    const std::filesystem::path dir = spec.working_dir.empty()
                                          ? std::filesystem::current_path()
                                          : std::filesystem::path(spec.working_dir);
    // An isolated plugin's program is this pokerarena, whose version the report records
    // already: its plugin is what identifies it. So is an ACPC client's bridge: its client is.
    const bool isolated = (spec.command.size() == 3 && spec.command[1] == "plugin-host") ||
                          (spec.command.size() > 2 && spec.command[1] == "acpc-bridge");
    if (!isolated) add_file(files, find_program(spec.command.front(), dir));
    for (std::size_t k = 1; k < spec.command.size(); ++k) {
        const std::string& word = spec.command[k];
        if (word.empty() || word.front() == '-') continue;
        // A file, or a plugin's PATH.so:config.
        if (!add_file(files, dir / word) && is_plugin_spec(word))
            add_file(files, dir / split_plugin_spec(word).path);
    }
    return files;
}

ProcessBotFactory::ProcessBotFactory(ProcessBotSpec spec, std::string spec_text)
    : spec_(std::move(spec)), spec_text_(std::move(spec_text)), files_(process_files(spec_)) {
    if (spec_.name.empty()) spec_.name = spec_text_;
    if (spec_.stderr_log.empty()) {
        std::string safe;
        for (char c : spec_.name)
            safe += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
        spec_.stderr_log =
            (std::filesystem::temp_directory_path() / ("pokerarena-" + safe.substr(0, 40) + "-" +
                                                       std::to_string(::getpid()) + ".stderr.log"))
                .string();
    }
    auto stats = std::make_shared<process::SharedStats>();
    stats->stats.stderr_log = spec_.stderr_log;
    for (int k = 0; k < spec_.procs; ++k)
        processes_.push_back(std::make_shared<process::BotProcess>(spec_, k, stats));
}

ProcessBotFactory::~ProcessBotFactory() {
    shut_down();
}

std::unique_ptr<Bot> ProcessBotFactory::create(std::uint64_t seed) const {
    return std::make_unique<RemoteBot>(processes_.front(), seed);
}

std::unique_ptr<Bot> ProcessBotFactory::create_in_lane(std::uint64_t seed, int lane) const {
    return std::make_unique<RemoteBot>(process(lane), seed);
}

std::shared_ptr<process::BotProcess> ProcessBotFactory::process(int lane) const {
    return processes_[static_cast<std::size_t>(lane) % processes_.size()];
}

BotIdentity ProcessBotFactory::identity() const {
    BotIdentity identity;
    identity.kind = BotIdentity::Kind::Process;
    identity.command = spec_.command;
    identity.files = files_;
    identity.stats = stats();
    return identity;
}

ProcessStats ProcessBotFactory::stats() const {
    // Every process shares one SharedStats; read it through the first.
    return processes_.front()->stats();
}

void ProcessBotFactory::shut_down() {
    for (auto& p : processes_)
        p->shut_down(std::chrono::milliseconds(5000));
}

// ---------------------------------------------------------------------------------------
// ProcessLane

void ProcessLane::add(std::shared_ptr<process::BotProcess> process) {
    if (std::find(processes_.begin(), processes_.end(), process) == processes_.end())
        processes_.push_back(std::move(process));
}

void ProcessLane::add(std::shared_ptr<DecisionQueue> queue) {
    if (std::find(queues_.begin(), queues_.end(), queue) == queues_.end())
        queues_.push_back(std::move(queue));
}

std::int64_t ProcessLane::pending() const {
    std::int64_t n = 0;
    for (const auto& p : processes_)
        n += p->pending();
    for (const auto& q : queues_)
        n += q->pending();
    return n;
}

std::size_t ProcessLane::unsent() const {
    std::size_t n = 0;
    for (const auto& p : processes_)
        n += p->unsent();
    return n;
}

void ProcessLane::forget_pending() {
    for (auto& p : processes_)
        p->forget_pending();
    for (auto& q : queues_)
        q->forget_pending();
}

int ProcessLane::pump(std::chrono::milliseconds max_wait) {
    int answered = 0;
    for (auto& q : queues_)
        answered += q->answer_pending();
    if (processes_.empty()) return answered;
    thread_local std::vector<pollfd> fds;
    fds.clear();
    for (auto& p : processes_) {
        {
            std::lock_guard lock(p->mutex());
            p->flush();
        }
        p->add_poll_fds(fds);
    }
    // Short waits while decisions are pending, so that time limits are checked in time; none
    // when no answer can come and no pipe has yet to take what is queued.
    // A queue's answers are in: the tables they resume come first.
    const auto wait = answered > 0    ? std::chrono::milliseconds(0)
                      : pending() > 0 ? std::min(max_wait, std::chrono::milliseconds(5))
                      : unsent() > 0  ? max_wait
                                      : std::chrono::milliseconds(0);
    ::poll(fds.data(), fds.size(), static_cast<int>(wait.count()));
    const auto now = process::Clock::now();
    for (std::size_t k = 0; k < processes_.size(); ++k) {
        answered += processes_[k]->handle(&fds[4 * k]);
        answered += processes_[k]->check_deadlines(now);
    }
    return answered;
}

}  // namespace pokerarena
