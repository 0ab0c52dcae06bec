// The C++ bot interface.
//
// A bot is an action source for one seat. The host creates one instance per seat per table
// (never shared across threads), gives it a seed, calls decide() whenever the seat must act
// and, if it wants_events(), on_event() for what the seat may see, and new_match() between
// the two halves of a duplicate match. A bot uses no randomness but its own generator seeded by the
// host (BotRng), so a run is a pure function of its seeds.
//
// Faults: a bot that throws from decide(), or whose action the table rejects, is not
// stopped: the host counts a fault for its seat (keeping the first message), checks for it
// when checking is free and folds otherwise, and play goes on (SeatDriver applies this).
// Plugin adapters report a plugin's error status or a malformed answer by throwing BotError.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/bots/strategy.hpp"
#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/event.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena {

class PostingBot;
class DecisionQueue;
namespace process {
class BotProcess;
}

class Bot {
  public:
    virtual ~Bot() = default;

    // The action for view.seat, which is the seat to act (view.legal describes what is
    // allowed; a bot that declared ViewNeeds::Nothing gets a view of defaults). May throw;
    // the host treats that as a fault (see above).
    virtual Action decide(const SeatView& view) = 0;

    // What the seat sees happen: HandStarted, ForcedBet, its own HoleCardsDealt (never
    // another seat's), BoardDealt, ActionTaken, UncalledBetReturned, Showdown, PotAwarded,
    // HandEnded. Called only when wants_events() is true. Should not throw: SeatDriver counts
    // an exception as a fault of the seat (PluginBot turns a plugin's into BotError).
    virtual void on_event(const Event&) {}

    // True when on_event does something. SeatDriver shows events only to bots that want
    // them, and pauses the table on every event only when some seated bot does; otherwise
    // the engine runs its fast path.
    virtual bool wants_events() const { return false; }

    // What decide() reads of its view. Full (the default): everything. LegalOnly: the bot
    // decides from view.legal alone; the host then writes only seat, num_seats, hand_number,
    // button, round, seat_to_act, state, big_blind and legal, and every other field keeps its
    // default value (no cards, no stacks, no history). Building the whole view is about a
    // sixth of a heads-up hand between two cheap bots, so the simple bots declare it.
    // Nothing: decide() reads no field at all (a fixed policy such as `call`); the host passes
    // a view in which every field keeps its default value. Read once, when a SeatDriver is
    // built.
    enum class ViewNeeds : std::uint8_t { Full, LegalOnly, Nothing };
    virtual ViewNeeds view_needs() const { return ViewNeeds::Full; }

    // Forget everything learnt about opponents: the host is about to replay the same deals
    // with seats swapped. The random generator is not reset.
    virtual void new_match() {}

    // Optional: the probability that decide(view) returns each of `candidates` (raises are
    // matched by amount). Returns false when the bot does not say; otherwise every
    // probabilities[i] is in 0..1 and they sum to at most 1. probabilities.size() ==
    // candidates.size(). Only check-bot asks, to check the answers; runs do not.
    virtual bool action_probabilities(const SeatView& view, std::span<const Action> candidates,
                                      std::span<double> probabilities) {
        (void)view;
        (void)candidates;
        (void)probabilities;
        return false;
    }

    // Optional: the mixed strategy (strategy.hpp) that the action decide(view) just returned
    // was drawn from. The host calls it right after that decide(), with the same view, only
    // when it measures with AIVAT. Returns false when the bot does not say (it then gets the
    // chance corrections only). Must not draw from the bot's generator: reporting a strategy
    // changes no decision.
    virtual bool last_strategy(const SeatView& view, Strategy& out) {
        (void)view;
        (void)out;
        return false;
    }

    // The strategies this bot reported that were dropped (strategy_problem() found them
    // invalid for their decision, or the bot's report failed), so that a host can count and
    // name them; nullptr for a bot whose reports are not judged (the built-ins, whose
    // strategies are tested in their own tests). A dropped strategy is no fault: the action
    // stands.
    virtual const StrategyProblems* strategy_problems() const { return nullptr; }

    // A bot whose decisions a host may post without waiting for them (posted.hpp): a bot in a
    // process of its own, or one that answers many decisions in one call; nullptr for a bot
    // that answers in the call.
    virtual PostingBot* posting() { return nullptr; }
};

// Why a bot's decision was not used.
enum class FaultKind : std::uint8_t {
    IllegalAction,  // the table rejected the action (wrong kind, amount, or out of turn)
    ErrorStatus,    // a plugin returned an error status from decide
    BadAnswer,      // a plugin wrote something that is not an action (unknown kind)
    Exception,      // decide threw (C++ bots)
    Timeout,        // a process bot did not answer within its time limit
    Crash,          // a process bot's process ended (or was restarted) before it answered
    Forfeit,        // a process bot was out (its restarts used up): the decision was not asked
};
inline constexpr int kNumFaultKinds = 7;

const char* fault_kind_name(FaultKind k);

// Thrown by bot adapters (PluginBot) to report a fault of a given kind with its message.
class BotError : public std::runtime_error {
  public:
    BotError(FaultKind kind, const std::string& message)
        : std::runtime_error(message), kind_(kind) {}
    FaultKind kind() const { return kind_; }

  private:
    FaultKind kind_;
};

// A file a bot runs, by its contents.
struct BotFile {
    std::string path;    // absolute, lexically normal
    std::string sha256;  // of its bytes, 64 lower-case hex digits (as sha256sum prints)
    std::int64_t size = 0;
};

// What a bot process has met so far (its processes share one count).
struct ProcessStats {
    std::int64_t restarts = 0;
    std::int64_t crashes = 0;    // exits, signals, closed output
    std::int64_t timeouts = 0;   // decisions not answered in time
    std::int64_t bad_lines = 0;  // lines that were not answers, or answered no pending id
    std::int64_t stderr_bytes_dropped = 0;
    bool out = false;           // restarts used up: every later decision is a fault
    std::string first_problem;  // the first of the above, in words
    // Strategies reported beside an answer that were dropped (unreadable, invalid for the
    // decision, or the bot's "strategy_error"), and why the first was; its action stood.
    std::int64_t invalid_strategies = 0;
    std::string first_invalid_strategy;
    std::string stderr_log;  // where the bot's standard error went
    std::string api_name;    // the name the bot gave in its hello
};

// What tells one bot from another beyond its spec: what a report records of it and what
// resuming a run and merging shards compare. A built-in is its spec (code of this version); a
// plugin is the library it was loaded from; a process bot (a program of its own, an
// `isolated:` plugin, an ACPC client behind its bridge) is its command and the files that
// command runs, with what its processes have met so far.
struct BotIdentity {
    enum class Kind : std::uint8_t { BuiltIn, Plugin, Process };
    Kind kind = Kind::BuiltIn;
    // Plugin: the library and the name its API table gives.
    BotFile library;
    std::string api_name;
    // Process: the program and its arguments, the files among them (the program itself unless
    // it is this pokerarena, which the report's version names already), and its counts so far
    // (stats.api_name: the name its hello gave).
    std::vector<std::string> command;
    std::vector<BotFile> files;
    ProcessStats stats;
};

// Makes bot instances of one validated specification (a built-in with its parameters, or a
// loaded plugin with its configuration). Thread-safe: create() may be called from many
// threads at once; each instance it returns belongs to one thread.
class BotFactory {
  public:
    virtual ~BotFactory() = default;
    // A new instance seeded with `seed`. Plugins may refuse (PluginError with the plugin's
    // message); built-ins never throw here.
    virtual std::unique_ptr<Bot> create(std::uint64_t seed) const = 0;
    // Process bots run `lanes()` processes; create_in_lane(seed, j) makes an instance in
    // process j, so that each thread of a run can own processes of its own. A bot in this
    // process whose decisions are posted to a queue (decision_queue()) has lanes too. Other
    // in-process bots have no lanes (0) and make every instance with create().
    virtual int lanes() const { return 0; }
    virtual std::unique_ptr<Bot> create_in_lane(std::uint64_t seed, int lane) const {
        (void)lane;
        return create(seed);
    }
    // Process j of a bot with lanes() > 0 (j taken modulo lanes()), for the thread that pumps
    // it; nullptr for in-process bots.
    virtual std::shared_ptr<process::BotProcess> process(int lane) const {
        (void)lane;
        return nullptr;
    }
    // The queue of lane j of an in-process bot with lanes() > 0 whose instances made by
    // create_in_lane(seed, j) post their decisions there (posted.hpp); nullptr otherwise.
    virtual std::shared_ptr<DecisionQueue> decision_queue(int lane) const {
        (void)lane;
        return nullptr;
    }
    // The specification this factory was made from, as given.
    virtual const std::string& spec() const = 0;
    // Why the bot cannot play `game` ("tag plays Texas hold'em only, ..."), or "" when it can
    // (the default: a bot acts on the legal actions its view offers).
    virtual std::string game_problem(const GameDef& game) const {
        (void)game;
        return {};
    }
    // What identifies the bot (see BotIdentity); for a process bot, with its counts as they
    // are now. Throws nothing.
    virtual BotIdentity identity() const { return {}; }
};

}  // namespace pokerarena
