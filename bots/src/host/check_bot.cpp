#include "pokerarena/bots/check_bot.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iomanip>
#include <new>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <vector>

#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/engine/text.hpp"
#include "process/protocol.hpp"

namespace pokerarena {
namespace {

// A table of check-bot's schedule: its game, where it stands in the schedule (which seeds it)
// and how the report names it.
struct Setup {
    GameDef game;
    int index;
    std::string text;  // "2 seats, pot-limit, stacks 1.5 to 25 bb"
};

// The hold'em tables, which every bot that plays hold'em is checked on; the Kuhn and Leduc
// tables, for a bot that plays none of them (cfr).
enum class Schedule : std::int32_t { Holdem, SmallGames };

// Stacks per seat (cycled) in chips, with a big blind of 2. The first two are deep (the
// second with antes), then short stacks that go all-in often, then stacks that cannot even
// post the blinds.
constexpr std::array<std::array<Chips, 4>, 4> kStackProfiles = {{
    {200, 200, 200, 200},
    {600, 600, 600, 600},
    {3, 10, 24, 50},
    {1, 2, 3, 2},
}};
constexpr const char* kStackNames[] = {"100 bb", "300 bb with antes", "1.5 to 25 bb",
                                       "1 to 3 chips"};

GameDef holdem_game(int seats, BettingStructure structure, int stacks) {
    GameDef g = structure == BettingStructure::FixedLimit
                    ? GameDef::fixed_limit_holdem(seats, 200, 1, 2)
                    : GameDef::no_limit_holdem(seats, 200, 1, 2);
    g.structure = structure;
    g.reset_stacks_each_hand = true;
    for (int s = 0; s < seats; ++s) {
        g.starting_stacks[static_cast<std::size_t>(s)] =
            kStackProfiles[static_cast<std::size_t>(stacks)][static_cast<std::size_t>(s % 4)];
    }
    if (stacks == 1) {
        g.ante = 1;
        g.ante_kind = AnteKind::EveryPlayer;
    }
    return g;
}

// Kuhn and Leduc: heads-up and three seats, stacks no hand exhausts (100 antes) and stacks
// that go all-in on the ante (Kuhn) or at the first bet (Leduc).
constexpr Chips kSmallGameDeepStack = 100;

std::vector<Setup> schedule(Schedule which) {
    std::vector<Setup> setups;
    if (which == Schedule::Holdem) {
        for (int seats : {2, 3, 4, 6, 9, 10}) {
            for (auto structure : {BettingStructure::NoLimit, BettingStructure::PotLimit,
                                   BettingStructure::FixedLimit}) {
                for (int stacks = 0; stacks < static_cast<int>(kStackProfiles.size()); ++stacks) {
                    setups.push_back({holdem_game(seats, structure, stacks),
                                      static_cast<int>(setups.size()),
                                      std::to_string(seats) + " seats, " + betting_name(structure) +
                                          ", stacks " + kStackNames[stacks]});
                }
            }
        }
        return setups;
    }
    for (const bool leduc : {false, true}) {
        for (int seats : {2, 3}) {
            for (const Chips stack : {kSmallGameDeepStack, Chips{leduc ? 3 : 1}}) {
                GameDef g = leduc ? GameDef::leduc(seats, stack) : GameDef::kuhn(seats, stack);
                g.reset_stacks_each_hand = true;
                setups.push_back({g, static_cast<int>(setups.size()),
                                  std::string(leduc ? "Leduc, " : "Kuhn, ") +
                                      std::to_string(seats) + " seats, stacks " +
                                      std::to_string(stack) + (stack == 1 ? " ante" : " antes")});
            }
        }
    }
    return setups;
}

// What the report's schedule line says of the tables of `which`.
std::string schedule_text(Schedule which) {
    if (which == Schedule::SmallGames)
        return "Kuhn and Leduc, 2 and 3 seats, fixed-limit; stacks of " +
               std::to_string(kSmallGameDeepStack) + " antes, and of 1 (Kuhn) or 3 (Leduc) antes";
    std::string text = "2 to 10 seats; ";
    for (auto s :
         {BettingStructure::NoLimit, BettingStructure::PotLimit, BettingStructure::FixedLimit})
        text += std::string(betting_name(s)) + (s == BettingStructure::FixedLimit ? "; " : ", ");
    text += "stacks of ";
    for (std::size_t i = 0; i < std::size(kStackNames); ++i)
        text += std::string(i ? ", " : "") + kStackNames[i];
    return text;
}

// The tables of `which` that `bot` plays, and the first it refuses with its reason.
struct Playable {
    Schedule which;
    std::vector<Setup> setups;
    std::size_t skipped = 0;
    std::string first_skipped;
};
Playable playable(Schedule which, const BotFactory& bot) {
    Playable p{which, {}, 0, {}};
    for (Setup& setup : schedule(which)) {
        if (std::string why = bot.game_problem(setup.game); !why.empty()) {
            if (p.skipped++ == 0) p.first_skipped = setup.text + ": " + why;
            continue;
        }
        p.setups.push_back(std::move(setup));
    }
    return p;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t x) {
    h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xFF51AFD7ED558CCDull;
}

// What the check has reached, in memory shared with the parent process, which reads it when
// the child dies of a signal or a plugin call does not return.
struct CheckProgress {
    PluginCallState call;                 // the child's plugin call in progress
    std::atomic<std::int64_t> probes{0};  // decisions asked of the bot so far, over both runs
    std::atomic<std::int32_t> setup{-1};  // the table of the schedule in play (Setup::index)
    std::atomic<Schedule> schedule{Schedule::Holdem};
    std::atomic<std::int32_t> run{0};  // 1 or 2
    // Set as the child leaves on its own: an exit without it is the plugin's exit().
    std::atomic<bool> finished{false};
    // The child's thread that makes the plugin calls, and the thread a fatal signal struck (0:
    // none seen, as when a stack overflow leaves no stack for the handler): a crash in a
    // thread the plugin started is not the fault of the call the checking thread was in.
    std::atomic<std::int32_t> caller_thread{0};
    std::atomic<std::int32_t> crashed_thread{0};
};
static_assert(std::atomic<std::int64_t>::is_always_lock_free &&
                  std::atomic<std::uint64_t>::is_always_lock_free &&
                  std::atomic<const char*>::is_always_lock_free,
              "atomics shared between processes must be lock-free");

// The test of reported strategies against the actions played (report_strategies prints it).
// Under a bot whose actions are drawn from the strategies it reports, each decision's
// randomized probability integral transform u (the reported probability of every action
// ordered before the one played, plus a uniform share of the played action's own) is uniform
// on [0, 1) and independent of the decisions before it, whatever the strategies are: so the
// counts of u in kStrategyBins equal bins are a multinomial sample, and Pearson's statistic
// over them is chi-square with kStrategyBins - 1 degrees of freedom. A bot that plays one
// action more often than it says moves u towards that action's interval; raise amounts count
// too (a bot that reports a range but always raises its minimum piles u at the range's start).
constexpr int kStrategyBins = 10;
// The expected count in a bin below which the chi-square approximation is not trusted.
constexpr double kMinExpectedPerBin = 5.0;
// The test's significance level: an honest bot fails one seed in a thousand.
constexpr double kStrategySignificance = 0.001;

// P(X >= x) for X chi-square with `df` (odd) degrees of freedom: for odd df the upper tail is
// erfc(sqrt(x/2)) + 2 phi(sqrt x) (t + t^3/3 + t^5/(3*5) + ... up to (df-1)/2 terms), t = sqrt x,
// phi the standard normal density (Abramowitz and Stegun 26.4.4).
double chi_square_upper_tail(double x, int df) {
    if (x <= 0) return 1.0;
    const double t = std::sqrt(x);
    double term = t;
    double sum = 0;
    for (int r = 1; 2 * r - 1 < df; ++r) {
        sum += term;
        term *= x / (2 * r + 1);
    }
    constexpr double kInvSqrt2Pi = 0.39894228040143267794;
    return std::erfc(t / std::sqrt(2.0)) + 2.0 * kInvSqrt2Pi * std::exp(-x / 2) * sum;
}
static_assert(kStrategyBins % 2 == 0, "chi_square_upper_tail needs an odd df = bins - 1");

struct StrategyTest {
    std::int64_t reported = 0;  // decisions whose strategy was reported and valid
    std::int64_t invalid = 0;   // found invalid here (a bot no adapter judges: a built-in)
    std::int64_t dropped = 0;   // dropped by the adapter (PluginBot, RemoteBot)
    std::string first_invalid;
    std::int64_t outside = 0;  // actions played that the reported strategy gives probability 0
    std::string first_outside;
    std::array<std::int64_t, kStrategyBins> bins{};
    std::uint64_t random = 0x5EED;  // the uniform shares' generator (splitmix64)

    double next_uniform() {
        std::uint64_t z = (random += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        return static_cast<double>(z >> 11) * 0x1.0p-53;
    }

    // One decision: `played` was returned with `strategy` (valid for its view) reported.
    void add(const Strategy& strategy, const Action& played) {
        ++reported;
        const int part = strategy_part_of(strategy, played);
        if (part < 0) {
            if (outside++ == 0)
                first_outside =
                    std::string(action_kind_name(played.kind)) +
                    (played.kind == ActionKind::RaiseTo ? " " + std::to_string(played.amount)
                                                        : std::string()) +
                    " was played; the strategy gives it probability 0";
            return;
        }
        double below = 0;
        for (int i = 0; i < part; ++i)
            below += strategy.parts[static_cast<std::size_t>(i)].probability;
        const StrategyPart& p = strategy.parts[static_cast<std::size_t>(part)];
        const double amounts =
            p.kind == ActionKind::RaiseTo ? static_cast<double>(p.hi - p.lo + 1) : 1.0;
        const double index =
            p.kind == ActionKind::RaiseTo ? static_cast<double>(played.amount - p.lo) : 0.0;
        // Normalised by the reported total, which may miss 1 by the tolerance.
        double total = 0;
        for (const StrategyPart& q : strategy.view())
            total += q.probability;
        const double u = (below + p.probability * (index + next_uniform()) / amounts) / total;
        const int bin = std::min(kStrategyBins - 1, static_cast<int>(u * kStrategyBins));
        ++bins[static_cast<std::size_t>(std::max(0, bin))];
    }

    void note_invalid(const std::string& why) {
        if (invalid++ == 0) first_invalid = why;
    }
    std::int64_t disagreements = 0;  // decisions whose action probabilities differ
    std::string first_disagreement;
    void note_disagreement(const Action& candidate, double said, double in_strategy) {
        if (disagreements++ > 0) return;
        std::ostringstream text;
        text << "action_probabilities gave " << said << " for " << action_kind_name(candidate.kind);
        if (candidate.kind == ActionKind::RaiseTo) text << ' ' << candidate.amount;
        text << ", the strategy reported " << in_strategy;
        first_disagreement = text.str();
    }

    std::int64_t tested() const { return reported - outside; }
    double statistic() const {
        const double expected = static_cast<double>(tested()) / kStrategyBins;
        double x = 0;
        for (const std::int64_t n : bins)
            x += (static_cast<double>(n) - expected) * (static_cast<double>(n) - expected) /
                 expected;
        return x;
    }
    bool enough() const {
        return static_cast<double>(tested()) / kStrategyBins >= kMinExpectedPerBin;
    }
};

struct Stats {
    std::array<std::int64_t, kMaxRounds> by_round{};
    std::int64_t facing_all_in = 0;
    std::int64_t short_stack = 0;
    std::int64_t probability_checks = 0;
    std::int64_t bad_probabilities = 0;
    std::string first_bad_probability;
    bool offers_probabilities = false;
    double decide_seconds = 0;
    std::int64_t answered = 0;  // decide() calls that returned an action (timed)
    StrategyTest strategies;
};

// Wraps the bot under test: counts situations, hashes its answers, times decide(), and
// checks the action probabilities it offers.
class ProbeBot final : public Bot {
  public:
    ProbeBot(std::unique_ptr<Bot> inner, Stats& stats, std::uint64_t& hash, CheckProgress& progress)
        : inner_(std::move(inner)), stats_(stats), hash_(hash), progress_(progress) {}

    Action decide(const SeatView& v) override {
        progress_.probes.fetch_add(1, std::memory_order_relaxed);
        ++stats_.by_round[static_cast<std::size_t>(v.round)];
        if (v.all_in & static_cast<SeatMask>(~(1u << v.seat))) ++stats_.facing_all_in;
        if (v.stacks[static_cast<std::size_t>(v.seat)] <= 10 * v.big_blind) ++stats_.short_stack;
        check_probabilities(v);
        const auto start = std::chrono::steady_clock::now();
        Action action;
        try {
            action = inner_->decide(v);
        } catch (...) {
            hash_ = mix(hash_, 0xFA17);
            throw;
        }
        stats_.decide_seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ++stats_.answered;
        hash_ = mix(mix(hash_, static_cast<std::uint64_t>(action.kind)),
                    static_cast<std::uint64_t>(action.amount));
        check_strategy(v, action);
        return action;
    }
    void on_event(const Event& e) override { inner_->on_event(e); }
    bool wants_events() const override { return inner_->wants_events(); }
    void new_match() override { inner_->new_match(); }
    ~ProbeBot() override {
        // The strategies the adapter dropped, over the instance's life.
        if (const StrategyProblems* dropped = inner_->strategy_problems()) {
            StrategyTest& test = stats_.strategies;
            if (dropped->count > 0 && test.dropped == 0 && test.invalid == 0)
                test.first_invalid = dropped->first;
            test.dropped += dropped->count;
        }
    }

  private:
    // Asked after every decision, as a run measuring with AIVAT asks: the strategy is judged
    // (again: an adapter judges the plugins' and process bots', none judges a built-in's) and
    // the action played tested against it.
    void check_strategy(const SeatView& v, const Action& action) {
        Strategy strategy;
        try {
            if (!inner_->last_strategy(v, strategy)) return;
        } catch (const std::exception& e) {
            stats_.strategies.note_invalid(std::string("last_strategy threw: ") + e.what());
            return;
        }
        if (std::string why = strategy_problem(strategy, v.legal); !why.empty()) {
            stats_.strategies.note_invalid(why);
            return;
        }
        stats_.strategies.add(strategy, action);
        // The two ways a bot states its chances must agree: what action_probabilities said
        // before decide and the strategy reported after it.
        for (std::size_t i = 0; i < asked_; ++i) {
            const double reported = strategy_probability(strategy, candidates_[i]);
            if (std::fabs(reported - probabilities_[i]) > kStrategySumTolerance) {
                stats_.strategies.note_disagreement(candidates_[i], probabilities_[i], reported);
                break;
            }
        }
    }

    void check_probabilities(const SeatView& v) {
        std::array<Action, 4> candidates{};
        std::size_t n = 0;
        if (v.legal.can_fold) candidates[n++] = Action::fold();
        candidates[n++] = Action::check_call();
        if (v.legal.can_raise) {
            candidates[n++] = Action::raise_to(v.legal.min_raise_to);
            if (v.legal.max_raise_to != v.legal.min_raise_to) {
                candidates[n++] = Action::raise_to(v.legal.max_raise_to);
            }
        }
        std::array<double, 4> p{};
        asked_ = 0;
        // The values need no check here: PluginBot and RemoteBot, the bots that offer them,
        // throw BotError when they break Bot's contract. A bot that throws has offered them.
        try {
            if (!inner_->action_probabilities(v, std::span(candidates.data(), n),
                                              std::span(p.data(), n)))
                return;
            asked_ = n;
            candidates_ = candidates;
            probabilities_ = p;
        } catch (const std::exception& e) {
            note_bad_probability(e.what());
        } catch (...) {
            note_bad_probability("action_probabilities threw a non-standard exception");
        }
        stats_.offers_probabilities = true;
        ++stats_.probability_checks;
    }
    void note_bad_probability(const std::string& why) {
        if (stats_.bad_probabilities++ == 0) stats_.first_bad_probability = why;
    }

    std::unique_ptr<Bot> inner_;
    Stats& stats_;
    std::uint64_t& hash_;
    CheckProgress& progress_;
    // The action probabilities the bot gave for this decision (asked_ of them; 0: none).
    std::size_t asked_ = 0;
    std::array<Action, 4> candidates_{};
    std::array<double, 4> probabilities_{};
};

struct RunResult {
    Stats stats;
    SeatFaults faults;
    std::vector<std::uint64_t> hashes;  // per setup
    std::int64_t hands = 0;
};

void merge(SeatFaults& into, const SeatFaults& from) {
    if (into.first_message.empty()) into.first_message = from.first_message;
    for (std::size_t k = 0; k < into.count.size(); ++k)
        into.count[k] += from.count[k];
}

RunResult run_schedule(const BotFactory& bot, const BotFactory& opponent,
                       const std::vector<Setup>& setups, const CheckBotOptions& options,
                       CheckProgress& progress) {
    RunResult run;
    progress.run.fetch_add(1, std::memory_order_relaxed);
    for (std::size_t i = 0; i < setups.size(); ++i) {
        const Setup& setup = setups[i];
        const auto index = static_cast<std::uint64_t>(setup.index);
        progress.setup.store(setup.index, std::memory_order_relaxed);
        std::uint64_t hash = 0;
        std::vector<std::unique_ptr<Bot>> bots;
        std::vector<Bot*> seats;
        for (int s = 0; s < setup.game.num_seats; ++s) {
            const std::uint64_t seed = mix(mix(options.seed, index), static_cast<std::uint64_t>(s));
            if (s % 2 == 0) {
                bots.push_back(
                    std::make_unique<ProbeBot>(bot.create(seed), run.stats, hash, progress));
            } else {
                bots.push_back(opponent.create(seed));
            }
            seats.push_back(bots.back().get());
        }
        Table table(setup.game, options.seed, index);
        SeatDriver driver(table, seats);
        // Two matches at each table, as a run's duplicate units play them: every bot is told
        // new_match() between them, so a plugin's new_match is called (and a crash or a hang in
        // it reported) like any other function.
        const int first_match = (options.hands_per_setup + 1) / 2;
        run.hands += driver.play_hands(first_match, [](const HandRecord&) {});
        driver.new_match();
        run.hands +=
            driver.play_hands(options.hands_per_setup - first_match, [](const HandRecord&) {});
        for (int s = 0; s < setup.game.num_seats; s += 2)
            merge(run.faults, driver.faults(s));
        run.hashes.push_back(hash);
    }
    return run;
}

// The strategies' lines of the report; the number of problems found (0 or 1).
int report_strategies(const StrategyTest& test, std::int64_t decisions, std::ostream& out) {
    const std::int64_t bad = test.invalid + test.dropped;
    if (test.reported == 0 && bad == 0) {
        out << "  strategies: not reported\n";
        return 0;
    }
    out << "  strategies: reported at " << test.reported << " of " << decisions << " decisions, "
        << bad << " invalid (dropped)\n";
    bool failed = false;
    if (bad > 0) {
        out << "    first invalid: " << printable_text(test.first_invalid) << '\n';
        failed = true;
    }
    if (test.disagreements > 0) {
        out << "    action probabilities differ from the strategy at " << test.disagreements
            << " decisions; first: " << printable_text(test.first_disagreement) << '\n';
        failed = true;
    }
    if (test.outside > 0) {
        out << "    actions outside the reported strategy: " << test.outside
            << "; first: " << printable_text(test.first_outside) << '\n';
        failed = true;
    }
    if (!test.enough()) {
        out << "    actions against strategies: not tested (" << test.tested()
            << " decisions; the test needs " << static_cast<int>(kMinExpectedPerBin * kStrategyBins)
            << ")\n";
    } else {
        const double x = test.statistic();
        const double p = chi_square_upper_tail(x, kStrategyBins - 1);
        const bool consistent = p >= kStrategySignificance;
        out << "    actions against strategies: chi-square " << std::fixed << std::setprecision(1)
            << x << " on " << kStrategyBins - 1 << " df over " << test.tested()
            << " decisions, p = " << std::setprecision(4) << p << std::defaultfloat
            << (consistent ? ": consistent"
                           : ": FAILED, the actions played do not follow the strategies reported")
            << "\n    transformed actions in tenths:";
        for (const std::int64_t n : test.bins)
            out << ' ' << n;
        out << " (" << std::fixed << std::setprecision(1)
            << static_cast<double>(test.tested()) / kStrategyBins << std::defaultfloat
            << " expected each)\n";
        failed = failed || !consistent;
    }
    return failed ? 1 : 0;
}

// The bot's factory. A process bot's decision time limit is --timeout (call_timeout_seconds)
// unless its spec sets one (proc[timeout=S]:...): the limit a plugin call has here is the one
// its answer has.
std::shared_ptr<const BotFactory> make_checked_factory(const std::string& spec,
                                                       const CheckBotOptions& options) {
    if (!is_process_spec(spec)) return make_bot_factory(spec);
    ProcessBotSpec process = parse_process_spec(spec);
    if (!process.timeout_given)
        process.decision_timeout = std::chrono::seconds(options.call_timeout_seconds);
    return std::make_shared<ProcessBotFactory>(std::move(process), spec);
}

// A process bot's lines that answered nothing (not an answer, a second answer, an id never
// asked): each cost the process a restart, and the decisions pending in it a fault, but one
// that came with nothing pending hit no decision, so the faults above do not show it. The
// number of problems found (0 or 1).
int report_bad_lines(const BotFactory& bot, std::ostream& out) {
    const BotIdentity identity = bot.identity();
    if (identity.kind != BotIdentity::Kind::Process) return 0;
    const ProcessStats& stats = identity.stats;
    out << "  bad lines: " << stats.bad_lines << " (lines that answered no pending decision), "
        << stats.restarts << (stats.restarts == 1 ? " restart" : " restarts") << '\n';
    if (stats.bad_lines == 0) return 0;
    if (!stats.first_problem.empty())
        out << "    first problem: " << printable_text(stats.first_problem) << '\n';
    return 1;
}

// The whole check, in the child process (see check_bot).
int check_in_this_process(const std::string& spec, const CheckBotOptions& options,
                          std::ostream& out, CheckProgress& progress) {
    std::shared_ptr<const BotFactory> bot;
    try {
        bot = make_checked_factory(spec, options);
    } catch (const std::exception& e) {
        out << "check-bot: " << printable_text(e.what()) << '\n';
        return 2;
    }
    const auto opponent = make_bot_factory("random");
    // The hold'em tables the bot plays; the Kuhn and Leduc ones when it plays none of those.
    const Playable holdem = playable(Schedule::Holdem, *bot);
    const Playable chosen = holdem.setups.empty() ? playable(Schedule::SmallGames, *bot) : holdem;
    if (chosen.setups.empty()) {
        out << "check-bot: " << printable_text(spec)
            << " plays none of the games check-bot plays; hold'em: "
            << printable_text(holdem.first_skipped)
            << "; Kuhn and Leduc: " << printable_text(chosen.first_skipped) << '\n';
        return 2;
    }
    const std::vector<Setup>& setups = chosen.setups;
    progress.schedule.store(chosen.which);

    out << "check-bot " << printable_text(spec);
    if (is_plugin_spec(spec)) {
        const auto library = load_plugin(split_plugin_spec(spec).path);
        out << " (" << printable_text(library->name()) << ", ABI " << (library->abi_version() >> 16)
            << '.' << (library->abi_version() & 0xFFFFu) << ')';
    } else if (const BotIdentity identity = bot->identity();
               identity.kind == BotIdentity::Kind::Process) {
        out << " ('" << printable_text(identity.stats.api_name) << "', protocol "
            << process::kProtocolVersion << ')';
    }
    out << "\n  schedule: ";
    if (chosen.skipped > 0) out << setups.size() << " of ";
    out << setups.size() + chosen.skipped << " tables (" << schedule_text(chosen.which) << "), "
        << options.hands_per_setup << " hands each, played twice\n";
    if (chosen.which != Schedule::Holdem)
        out << "    instead of the hold'em tables, none of which the bot plays; first: "
            << printable_text(holdem.first_skipped) << '\n';
    if (chosen.skipped > 0)
        out << "    skipped " << chosen.skipped
            << " tables the bot does not play; first: " << printable_text(chosen.first_skipped)
            << '\n';

    RunResult first;
    RunResult second;
    try {
        first = run_schedule(*bot, *opponent, setups, options, progress);
        second = run_schedule(*bot, *opponent, setups, options, progress);
    } catch (const std::exception& e) {
        out << "check-bot: " << printable_text(e.what()) << '\n';
        return 2;
    }

    const Stats& st = first.stats;
    // Every decide() asked of the bot, whatever came of it: a fault is one of these decisions
    // (an illegal action among those that returned one), not one more.
    std::int64_t decisions = 0;
    for (const std::int64_t n : st.by_round)
        decisions += n;
    // Hold'em's streets by name; Kuhn's and Leduc's rounds by number.
    const bool holdem_rounds = chosen.which == Schedule::Holdem;
    int rounds = 0;
    for (const Setup& setup : setups)
        rounds = std::max(rounds, setup.game.num_rounds);
    constexpr const char* kStreets[] = {"preflop", "flop", "turn", "river"};
    out << "  hands: " << first.hands << "   decisions: " << decisions << " (";
    for (int r = 0; r < rounds; ++r) {
        out << (r ? ", " : "");
        if (holdem_rounds)
            out << kStreets[r];
        else
            out << "round " << r + 1;
        out << ' ' << st.by_round[static_cast<std::size_t>(r)];
    }
    out << ")\n";
    out << "  facing an all-in: " << st.facing_all_in << "   with 10 bb or less: " << st.short_stack
        << '\n';

    int problems = 0;
    for (int k = 0; k < kNumFaultKinds; ++k) {
        const auto kind = static_cast<FaultKind>(k);
        const std::int64_t n = first.faults.of(kind);
        // Timeouts and crashes happen only to process bots (a plugin's crash ends the check).
        const bool process_only =
            kind == FaultKind::Timeout || kind == FaultKind::Crash || kind == FaultKind::Forfeit;
        if (process_only && n == 0 && !is_process_spec(spec)) continue;
        out << "  " << fault_kind_name(kind) << ": " << n << '\n';
        problems += n > 0;
    }
    if (first.faults.total() > 0)
        out << "    first: " << printable_text(first.faults.first_message) << '\n';
    problems += report_bad_lines(*bot, out);

    if (st.offers_probabilities) {
        out << "  action probabilities: " << st.bad_probabilities << " invalid of "
            << st.probability_checks << " checked\n";
        if (st.bad_probabilities > 0) {
            out << "    first: " << printable_text(st.first_bad_probability) << '\n';
            ++problems;
        }
    } else {
        out << "  action probabilities: not offered\n";
    }
    problems += report_strategies(st.strategies, decisions, out);

    std::size_t differs = first.hashes.size();
    for (std::size_t i = 0; i < first.hashes.size(); ++i) {
        if (first.hashes[i] != second.hashes[i]) {
            differs = i;
            break;
        }
    }
    if (differs == first.hashes.size()) {
        out << "  determinism: both runs took the same actions\n";
    } else {
        out << "  determinism: FAILED, the second run acted differently with the same seeds (first "
               "at "
            << setups[differs].text << ")\n";
        ++problems;
    }
    if (st.by_round[static_cast<std::size_t>(rounds - 1)] == 0)
        out << "  note: the bot never reached the " << (holdem_rounds ? "river" : "last round")
            << '\n';

    // Only calls that returned an action are timed: with none, a rate of 0 would read as a
    // measurement.
    // check-bot asks one decision at a time: for a bot in another process each is a round trip,
    // so this is the bot's cost per decision with nothing in flight beside it, not the
    // throughput a tournament's thousands of tables in flight get from it.
    if (st.answered > 0 && st.decide_seconds > 0)
        out << "  speed: " << std::fixed << std::setprecision(1)
            << 1e6 * st.decide_seconds / static_cast<double>(st.answered) << std::defaultfloat
            << " us a decision, "
            << static_cast<std::int64_t>(
                   std::llround(static_cast<double>(st.answered) / st.decide_seconds))
            << " decisions/s, one at a time (decide alone; for a process bot a round trip "
               "each: in a tournament its tables in flight overlap them)\n";
    else
        out << "  speed: not measured (no decide call returned an action)\n";
    out << (problems == 0 ? "result: clean\n"
                          : "result: " + std::to_string(problems) + " problem(s)\n");
    return problems == 0 ? 0 : 1;
}

// The child's output, written to the pipe as it comes, so that what it printed before dying
// reaches the parent.
class PipeBuffer final : public std::streambuf {
  public:
    explicit PipeBuffer(int fd) : fd_(fd) {}

  protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        const char byte = traits_type::to_char_type(c);
        return write_all(&byte, 1) ? c : traits_type::eof();
    }
    std::streamsize xsputn(const char* text, std::streamsize size) override {
        return write_all(text, static_cast<std::size_t>(size)) ? size : 0;
    }

  private:
    bool write_all(const char* text, std::size_t size) {
        while (size > 0) {
            const ssize_t n = ::write(fd_, text, size);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            text += n;
            size -= static_cast<std::size_t>(n);
        }
        return true;
    }
    int fd_;
};

CheckProgress* child_progress = nullptr;  // the child's, for its crash handler

// Notes which thread the signal struck, then lets the default action end the child with it:
// the signal stays pending (blocked while the handler runs, and the handler is reset) and is
// delivered as the handler returns, as a fault recurs when its instruction runs again.
void note_crashed_thread(int signal) {
    child_progress->crashed_thread.store(static_cast<std::int32_t>(::gettid()));
    ::raise(signal);
}

[[noreturn]] void run_child(const std::string& spec, const CheckBotOptions& options, int fd,
                            CheckProgress& progress) {
    // The parent reports a crash, with what it reads in `progress`; the default action keeps
    // the signal as the child's end.
    child_progress = &progress;
    progress.caller_thread.store(static_cast<std::int32_t>(::gettid()));
    struct sigaction note {};
    note.sa_handler = note_crashed_thread;
    note.sa_flags = SA_RESETHAND;
    sigemptyset(&note.sa_mask);
    for (const int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        ::sigaction(signal, &note, nullptr);
    // A crash is the finding, not a core file to leave behind; and the child (with anything
    // the plugin starts, in its process group) must not outlive check-bot.
    const rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    PipeBuffer buffer(fd);
    std::ostream out(&buffer);
    int code = 2;
    {
        const PluginCallScope scope(progress.call, -1);
        try {
            code = check_in_this_process(spec, options, out, progress);
        } catch (const std::exception& e) {
            out << "check-bot: " << printable_text(e.what()) << '\n';
        }
    }
    // No exit(): the parent's atexit handlers and buffers are not the child's to run.
    progress.finished.store(true);
    ::_exit(code);
}

// "decide on probe 12 (run 1, table 3 of 72: 2 seats, pot-limit, stacks 1.5 to 25 bb; hand 4,
// seat 0)" from what the child had reached.
std::string where_text(const CheckProgress& progress, const PluginCallInfo& call) {
    const std::vector<Setup> setups = schedule(progress.schedule.load());
    std::string text = call.bot ? plugin_call_name(call.call) : "outside any plugin call";
    const std::int64_t probes = progress.probes.load();
    if (probes > 0)
        text += (call.bot && call.call == PluginCall::Decide ? " on probe " : " after probe ") +
                std::to_string(probes);
    const std::int32_t setup = progress.setup.load();
    if (setup >= 0 && setup < static_cast<std::int32_t>(setups.size())) {
        text += " (run " + std::to_string(progress.run.load()) + ", table " +
                std::to_string(setup + 1) + " of " + std::to_string(setups.size()) + ": " +
                setups[static_cast<std::size_t>(setup)].text;
        if (call.bot && call.hand >= 0) text += "; hand " + std::to_string(call.hand);
        if (call.bot && call.seat >= 0) text += ", seat " + std::to_string(call.seat);
        text += ")";
    }
    return text;
}

// "in decide on probe 12 (...)", "outside any plugin call after probe 12 (...)".
std::string during_text(const CheckProgress& progress, const PluginCallInfo& call) {
    return (call.bot ? "in " : "") + where_text(progress, call);
}

}  // namespace

int check_bot(const std::string& spec, const CheckBotOptions& options, std::ostream& out) {
    // The plugin runs in a child process: a crash there ends the child, not check-bot, and a
    // call that never returns can be ended by killing the child.
    void* shared = ::mmap(nullptr, sizeof(CheckProgress), PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    int pipe_fds[2];
    if (shared == MAP_FAILED || ::pipe(pipe_fds) != 0) {
        out << "check-bot: cannot start the check process: " << std::strerror(errno) << '\n';
        if (shared != MAP_FAILED) ::munmap(shared, sizeof(CheckProgress));
        return 2;
    }
    auto* progress = new (shared) CheckProgress;
    out.flush();
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(pipe_fds[0]);
        run_child(spec, options, pipe_fds[1], *progress);
    }
    ::close(pipe_fds[1]);
    if (child > 0) ::setpgid(child, child);  // as the child does: whichever comes first
    if (child < 0) {
        out << "check-bot: cannot start the check process: " << std::strerror(errno) << '\n';
        ::close(pipe_fds[0]);
        ::munmap(shared, sizeof(CheckProgress));
        return 2;
    }

    // Copy the child's output until it ends, watching the plugin call in progress.
    bool printed = false;
    bool line_open = false;
    bool hung = false;
    PluginCallInfo watched;
    auto watched_since = std::chrono::steady_clock::now();
    const auto limit = std::chrono::duration<double>(options.call_timeout_seconds);
    for (;;) {
        pollfd ready{pipe_fds[0], POLLIN, 0};
        const int events = ::poll(&ready, 1, 100);
        if (events > 0) {
            char text[4096];
            const ssize_t n = ::read(pipe_fds[0], text, sizeof text);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;  // the child has ended (or closed its output)
            out.write(text, n);
            out.flush();
            printed = true;
            line_open = text[n - 1] != '\n';
            continue;
        }
        // A process the plugin started can hold the output open after the child has ended:
        // the end is then seen here (left unreaped, so that its process group stays its own).
        siginfo_t ended{};
        if (::waitid(P_PID, static_cast<id_t>(child), &ended, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            ended.si_pid == child)
            break;
        const PluginCallInfo call = progress->call.read();
        const auto now = std::chrono::steady_clock::now();
        if (call.bot == nullptr || call != watched) {
            watched = call;
            watched_since = now;
        } else if (now - watched_since >= limit) {
            hung = true;
            break;
        }
    }
    // The child, if hung, and whatever the plugin started.
    ::kill(-child, SIGKILL);
    ::close(pipe_fds[0]);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }

    int code = 1;
    if (!hung && WIFEXITED(status) && progress->finished.load()) {
        code = WEXITSTATUS(status);
    } else {
        if (line_open) out << '\n';
        if (!printed) out << "check-bot " << printable_text(spec) << '\n';
        if (hung) {
            out << "  hang: " << where_text(*progress, watched) << " did not return within "
                << options.call_timeout_seconds << " s; the check was stopped\n"
                << "result: the bot hangs\n";
        } else if (WIFEXITED(status)) {
            out << "  exit: the bot ended the process "
                << during_text(*progress, progress->call.read()) << '\n'
                << "result: the bot exits\n";
        } else {
            const int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            const char* name = sigabbrev_np(signal);
            const std::int32_t crashed = progress->crashed_thread.load();
            out << "  crash: "
                << (name ? "SIG" + std::string(name) : "signal " + std::to_string(signal)) << ' ';
            if (crashed != 0 && crashed != progress->caller_thread.load())
                out << "in a thread the plugin started, while the check was "
                    << during_text(*progress, progress->call.read()) << '\n';
            else
                out << during_text(*progress, progress->call.read()) << '\n';
            out << "result: the bot crashes\n";
        }
    }
    progress->~CheckProgress();
    ::munmap(shared, sizeof(CheckProgress));
    return code;
}

}  // namespace pokerarena
