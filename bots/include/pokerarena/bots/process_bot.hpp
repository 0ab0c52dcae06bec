// Process bots: bots that are programs of their own, in any language, speaking the protocol of
// docs/bot-protocol.md (JSON lines over their standard input and output).
//
// How the host uses them
// - A specification `proc:COMMAND ARG...` (options first: `proc[procs=2,timeout=5]:COMMAND`)
//   or a configuration file's command list makes a ProcessBotFactory. The factory starts its
//   programs at once (`procs`, default 1), does the handshake and fails with ProcessBotError,
//   naming the command and quoting the end of its standard error, when one cannot start.
// - Instances live in a process: create() makes a RemoteBot bound to process 0,
//   create_in_lane(seed, j) one bound to process j. One process serves any number of
//   instances and of outstanding decisions.
// - Waiting: RemoteBot::decide() sends the request and waits for its answer (one decision at
//   a time: `play`, `check-bot`). The simulator instead posts decisions (post_decide) for many
//   tables and lets a ProcessLane pump the processes: the lane writes every pending request in
//   one write, reads answers as they come, and hands each to the DecisionTicket of the table
//   waiting for it, so a thread keeps thousands of tables in flight on a few processes.
//
// Guarantees
// - A bot's failures are faults of the decisions they hit, never errors of the run: a
//   process that exits, crashes, closes its output, writes a line that is not an answer or
//   that answers an id not pending (one never asked, or answered already), or does not answer
//   within the decision time limit is killed with its process group and
//   started again (at most max_restarts times, then the bot is out and every later decision
//   is a fault); its instances are created again from their seeds. Every decision pending in
//   it gets a fault: Timeout for one past its limit, BadAnswer for those of a process that
//   wrote a bad line, Crash for the others. Each bad line is counted (bad_lines), also when no
//   decision was pending to take the fault. Which decisions were pending when a bad line came
//   depends on timing, so the faults of a bot that breaks the protocol may differ from run to
//   run; a bot that keeps to it plays the same figures whatever the timing.
// - An answer with an error is an ErrorStatus fault, an unknown action word a BadAnswer; the
//   process plays on. An answer for a decision ProcessLane::forget_pending dropped is counted
//   (bad_lines) and dropped: the host, not the bot, gave the decision up.
// - An answer may report the strategy its action was drawn from (docs/bot-protocol.md,
//   "Reporting a strategy"): it is judged against the decision's legal actions
//   (strategy_problem) and comes to the ticket beside the RemoteDecision, or its problem comes
//   in the RemoteDecision; a bad strategy
//   never makes the answer a fault. The process counts every strategy it drops, with the
//   first reason (ProcessStats::invalid_strategies).
// - Standard error goes to the log file (stderr_log), at most kMaxStderrBytes of it; a flood
//   past that is dropped and counted, never buffered.
// - Nothing here throws on the decision path; the lane allocates only when the number of
//   pending decisions reaches a new high.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/posted.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

class ProcessBotError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct ProcessBotSpec {
    std::vector<std::string> command;  // the program and its arguments (searched in PATH)
    std::string working_dir;           // "" = the host's current folder
    std::vector<std::string> env;      // "KEY=VALUE", added to the host's environment
    std::string config;                // sent to the bot in hello
    std::string name;                  // the bot's name in the tournament (hello's "bot")
    // The game, as hello tells it: its name ("holdem", "kuhn", "leduc"), deck and hole cards.
    std::string game = "holdem";
    CardSet deck{CardSet::kFullMask};
    int hole_cards = 2;
    int procs = 1;  // processes started (1..64)
    std::chrono::milliseconds decision_timeout{10'000};
    bool timeout_given = false;  // parse_process_spec: the spec set `timeout`
    std::chrono::milliseconds start_timeout{10'000};
    int max_restarts = 5;
    std::string stderr_log;  // "" = a file in the temporary folder named after the bot
};

inline constexpr std::int64_t kMaxStderrBytes = std::int64_t{16} << 20;

// True when `spec` is a process bot's: it starts with "proc:" or "proc[", or with
// "isolated:" or "isolated[" (a plugin run in a process of its own).
bool is_process_spec(std::string_view spec);

// True when `spec` names a plugin loaded into this process: its name part ends in ".so" (or
// ".dylib") or holds a '/'; not a process bot's spec ("proc:...", and
// "isolated:PATH.so", a plugin in a process of its own).
bool is_plugin_spec(std::string_view spec);

// An ACPC client's spec, "acpc:COMMAND ARG..." (acpc_bridge.hpp), is a process bot whose
// program is a bridge to the client; how the bridge connects to its clients:
enum class AcpcConnection { Auto, Lane, Match };

// The command that runs a bridge, to which its options and "--" COMMAND ARG... are added: the
// pokerarena command sets it to itself and "acpc-bridge" when it starts. Until then an acpc
// spec is refused.
void set_acpc_bridge_command(std::vector<std::string> command);
const std::vector<std::string>& acpc_bridge_command();

// True when `spec` starts with "acpc:" or "acpc[".
bool is_acpc_spec(std::string_view spec);

// The bridge's arguments for a client: ["--betting", "nolimit"|"limit", "--connect-timeout",
// SECONDS, "--connection", "auto"|"lane"|"match", "--", COMMAND...].
std::vector<std::string> acpc_bridge_arguments(const std::vector<std::string>& client, bool limit,
                                               std::chrono::milliseconds connect_timeout,
                                               AcpcConnection connection);

// Parses "proc[key=value,...]:COMMAND ARG..." (keys: procs, timeout and start_timeout in
// seconds, max_restarts; the command split at spaces, with '...' and "..." quoting), and
// "isolated[key=value,...]:PATH.so[:config]", whose command is the plugin host (below) with
// the plugin's spec. Throws BotSpecError naming what is wrong.
ProcessBotSpec parse_process_spec(std::string_view spec);

// Kills every bot process this program has running, with the processes each started (their
// process groups), then every child of this program left (what a bot started outside its
// group, handed to this program as a child subreaper), and reaps them. For a host about to
// end without the usual shut-down (an abandoned run, a crash): a bot runs in a process group
// of its own, so it would not get the terminal's signal and would be left running.
// Async-signal-safe. (A host killed with SIGKILL runs no code: its bot processes get SIGKILL
// from the kernel, PR_SET_PDEATHSIG; see bots/src/process/descendants.hpp.)
void kill_bot_processes();

// The command that serves a plugin over the protocol (plugin_host.hpp), to which an isolated
// plugin's spec is added: the pokerarena command sets it to itself and "plugin-host" when it
// starts. Until then an isolated plugin is refused.
void set_plugin_host_command(std::vector<std::string> command);

// The files `spec`'s command runs, hashed and not run: its program (found in PATH as
// posix_spawnp finds it) unless that is pokerarena's own plugin host or ACPC bridge (whose
// plugin or client identifies them), and every argument that names a regular file (or a
// plugin's PATH.so:config) from its working folder. What BotIdentity::files holds, and what a
// resumed run compares before it starts a process.
std::vector<BotFile> process_files(const ProcessBotSpec& spec);

namespace process {
class BotProcess;
}

class ProcessBotFactory;

// A bot instance in a bot process.
class RemoteBot final : public Bot, public PostingBot {
  public:
    RemoteBot(std::shared_ptr<process::BotProcess> process, std::uint64_t seed);
    ~RemoteBot() override;
    RemoteBot(const RemoteBot&) = delete;
    RemoteBot& operator=(const RemoteBot&) = delete;

    // Sends the request and waits for the answer (or the time limit): for one decision at a
    // time. A fault is thrown as BotError of its kind.
    Action decide(const SeatView& view) override;
    // Sends the request; the answer goes to `ticket` from ProcessLane::pump().
    void post_decide(const SeatView& view, DecisionTicket* ticket) override;
    // False when the bot's hello did not offer probabilities; otherwise asks and waits as
    // decide() does, and a fault is thrown as BotError of its kind.
    bool action_probabilities(const SeatView& view, std::span<const Action> candidates,
                              std::span<double> probabilities) override;
    // The strategy the answer to the last decide() reported (valid for its view), false when
    // it reported none or one that was dropped (counted in strategy_problems()). For decisions
    // posted with post_decide the strategy comes to the ticket instead (DecisionTicket).
    bool last_strategy(const SeatView& view, Strategy& out) override;
    const StrategyProblems* strategy_problems() const override { return &strategy_problems_; }
    void on_event(const Event& event) override;
    bool wants_events() const override;
    ViewNeeds view_needs() const override;
    void new_match() override;
    PostingBot* posting() override { return this; }

  private:
    std::shared_ptr<process::BotProcess> process_;
    std::uint64_t instance_;
    bool has_strategy_ = false;           // the last decide()'s answer reported a valid strategy
    std::unique_ptr<Strategy> strategy_;  // made at the first reported strategy
    StrategyProblems strategy_problems_;
};

class ProcessBotFactory final : public BotFactory {
  public:
    // Starts spec.procs processes and does their handshakes; throws ProcessBotError.
    ProcessBotFactory(ProcessBotSpec spec, std::string spec_text);
    ~ProcessBotFactory() override;

    std::unique_ptr<Bot> create(std::uint64_t seed) const override;
    std::unique_ptr<Bot> create_in_lane(std::uint64_t seed, int lane) const override;
    int lanes() const override { return static_cast<int>(processes_.size()); }
    std::shared_ptr<process::BotProcess> process(int lane) const override;
    const std::string& spec() const override { return spec_text_; }
    // Kind Process: the command, the files it ran when the processes started, stats().
    BotIdentity identity() const override;

    const ProcessBotSpec& process_spec() const { return spec_; }
    ProcessStats stats() const;
    // Closes every process's input and waits for it to exit (killing it after 5 s).
    void shut_down();

  private:
    ProcessBotSpec spec_;
    std::string spec_text_;
    std::vector<BotFile> files_;  // process_files(spec_), taken before the processes start
    std::vector<std::shared_ptr<process::BotProcess>> processes_;
};

// Pumps a set of bot processes, and the queues of bots in this process that answer many
// decisions at once (posted.hpp), for one thread: see the header comment. A process or a
// queue belongs to at most one lane at a time (its owner makes sure: lane j takes process j,
// or queue j, of each factory).
class ProcessLane {
  public:
    ProcessLane() = default;
    void add(std::shared_ptr<process::BotProcess> process);
    void add(std::shared_ptr<DecisionQueue> queue);
    // Answers what the queues hold; then writes what is pending for the processes, waits until
    // some answer has come, a time limit has passed, or `max_wait` has passed (not at all when
    // a queue answered, or no decision is pending and every pipe took what was queued), and
    // hands every answer (and every fault) to its ticket. Returns the number of tickets
    // answered.
    int pump(std::chrono::milliseconds max_wait);
    // Decisions posted and not yet answered, over all processes and queues.
    std::int64_t pending() const;
    // Bytes queued for the processes that their pipes have not taken yet: an owner keeps it
    // bounded by pumping before it posts more (tables waiting to be written to a pipe would
    // otherwise hold their requests here, a few hundred bytes each).
    std::size_t unsent() const;
    // Drops every decision pending in the lane's processes and queues without answering it:
    // for an owner whose tables are gone (an exception ended the lane), whose tickets must not
    // be called. Answers that come later for them are counted as bad lines.
    void forget_pending();

  private:
    std::vector<std::shared_ptr<process::BotProcess>> processes_;
    std::vector<std::shared_ptr<DecisionQueue>> queues_;
};

}  // namespace pokerarena
