// `pokerarena play`: a person against bots at one table, in the terminal.
//
// The person is a Bot too (PersonSeat): its decide() reads commands from standard input and
// its on_event() draws the table. That lets the bots library's SeatDriver run the table
// exactly as the simulator does, fault rule included, instead of a second copy of the driving
// loop here. The person's commands are tried on a copy of the table first (a Table is a
// value), so an illegal one prints the engine's own message and the prompt repeats, and only
// legal actions ever reach the driver.
#include <unistd.h>
#include <algorithm>

#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bot_list.hpp"
#include "cli_checks.hpp"
#include "commands.hpp"
#include "play_commands.hpp"
#include "play_render.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/engine/table.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/games.hpp"
#include "pokerarena/sim/report_io.hpp"

namespace pokerarena::cli {

namespace {

constexpr Chips kSmallBlind = 1;
constexpr Chips kBigBlind = 2;

struct PlayOptions {
    std::string game = "holdem";  // a name of sim::game_names()
    std::vector<std::string> vs;
    int seats = 0;           // 0: one more than the bots given (--seats itself is 2 to 10)
    int stack_bb = 100;      // big blinds
    std::uint64_t seed = 0;  // the default of every command (docs/simulator.md, "Seeds")
    int hands = 0;           // 0: until someone holds every chip
    bool compact = false;    // one line per event, the table only at the person's turn
    int delay_ms = -1;       // -1: 400 when standard input is a terminal, else 0
    int stall_warning = 60;  // seconds
    std::string hh_out;
};

// Watches the plugin calls of the session (marked in `calls`, see plugin_call.hpp) from a
// thread of its own and warns once per call that has not returned after `seconds`: a decide
// that never returns would otherwise freeze the table without a word. The call itself cannot
// be interrupted; the warning says so.
class StallWatch {
  public:
    StallWatch(const PluginCallState& calls, int seconds)
        : calls_(calls), limit_(seconds), thread_([this] { watch(); }) {}
    ~StallWatch() {
        {
            const std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_one();
        thread_.join();
    }
    StallWatch(const StallWatch&) = delete;
    StallWatch& operator=(const StallWatch&) = delete;

  private:
    void watch() {
        PluginCallInfo seen;
        auto since = std::chrono::steady_clock::now();
        bool warned = false;
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stop_; })) {
            const PluginCallInfo call = calls_.read();
            const auto now = std::chrono::steady_clock::now();
            if (call.bot == nullptr || call != seen) {
                seen = call;
                since = now;
                warned = false;
            } else if (!warned && now - since >= limit_) {
                warned = true;
                std::string where;
                if (call.hand >= 0) where += "hand " + std::to_string(call.hand + 1) + ", ";
                if (call.seat >= 0) where += "seat " + std::to_string(call.seat) + ": ";
                // One write: standard error is unbuffered, and the line must not be torn by
                // the table's own output or by the end of the process.
                const std::string line = "pokerarena play: warning: " + where + "bot '" + call.bot +
                                         "' has not returned from " + plugin_call_name(call.call) +
                                         " for " + std::to_string(limit_.count()) +
                                         " s. The session waits for it (a plugin call cannot be "
                                         "interrupted); Ctrl-C ends the session\n";
                std::cerr << line << std::flush;
            }
        }
    }

    const PluginCallState& calls_;
    const std::chrono::seconds limit_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_;  // last: started once everything it reads is ready
};

// "tag" for "tag:aggression=2"; a plugin by the name its API gives ("example C bot" for
// "dir/c_bot.so:bet=1"), the name its writer chose, where the file name may be anything.
// Escaped (printable_text): it is printed on every line of the table.
std::string short_name(const std::string& spec) {
    if (is_plugin_spec(spec))
        return printable_text(load_plugin(split_plugin_spec(spec).path)->name());
    return spec.substr(0, spec.find(':'));
}

// A fault message of SeatDriver ("hand 0, illegal action: ...") with the hand numbered as the
// screen shows it ("=== Hand 1 ==="): the driver counts a table's hands from 0.
std::string with_screen_hand(const std::string& message) {
    constexpr std::string_view kPrefix = "hand ";
    if (!message.starts_with(kPrefix)) return message;
    const char* begin = message.data() + kPrefix.size();
    const char* end = message.data() + message.size();
    int hand = 0;
    const auto [rest, ec] = std::from_chars(begin, end, hand);
    if (ec != std::errc() || rest == begin) return message;
    return std::string(kPrefix) + std::to_string(hand + 1) + std::string(rest, end);
}

struct SessionStats {
    int hands = 0;
    Chips biggest_pot = 0;
    int biggest_pot_hand = 0;
    int showdowns = 0;
    int showdowns_won = 0;
};

// Seat 0: the person at the keyboard.
class PersonSeat final : public Bot {
  public:
    PersonSeat(const Table& table, std::vector<std::string> names, Style style, int delay_ms,
               bool echo_input, bool compact)
        : table_(&table),
          names_(std::move(names)),
          style_(style),
          delay_ms_(delay_ms),
          echo_input_(echo_input),
          compact_(compact) {}

    Action decide(const SeatView& view) override {
        if (quit_) return check_or_fold(view.legal);
        // Compact: the events were one line each; the table once, when it is needed.
        if (compact_) std::cout << table_text(view, names_, style_);
        for (;;) {
            std::cout << prompt_text(view) << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) {
                std::cout << "\n(end of input)\n";
                return leave(view);
            }
            // Escaped: piped input need not be typed, and its control bytes must not reach
            // the terminal as escape sequences.
            if (echo_input_) std::cout << printable_text(line) << '\n';
            const Command command = read_command(line, view);
            switch (command.kind) {
                case Command::Kind::Quit:
                    return leave(view);
                case Command::Kind::Help:
                    std::cout << legal_actions_text(view);
                    continue;
                case Command::Kind::Refused:
                    std::cout << command.message << '\n';
                    continue;
                case Command::Kind::Play:
                    break;
            }
            // Tried on a copy: the engine judges the amount and says why, the real table
            // stays as it was.
            Table trial = *table_;
            const Status status = trial.act(command.action);
            if (status.ok()) return command.action;
            std::cout << "Not allowed: " << status.message << '\n';
        }
    }

    // The person sees every event: the driver then pauses the table on each.
    bool wants_events() const override { return true; }
    void on_event(const Event& e) override {
        track(e);
        if (quit_) return;
        const SeatView view = table_->view(0);
        const std::string line = event_line(e, view, names_, style_);
        if (line.empty()) return;
        std::cout << line << '\n';
        // The table after every event that changes it; the hole cards that follow the blinds
        // show the blinds too, and the end of a hand changes nothing the pots did not.
        if (!compact_ && e.kind != EventKind::HandStarted && e.kind != EventKind::ForcedBet &&
            e.kind != EventKind::HandEnded)
            std::cout << table_text(view, names_, style_);
        std::cout << std::flush;
        if (e.kind == EventKind::ActionTaken && e.seat != 0 && delay_ms_ > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms_));
    }

    bool quit() const { return quit_; }
    const SessionStats& stats() const { return stats_; }

  private:
    static Action check_or_fold(const LegalActions& legal) {
        return legal.can_check ? Action::check_call() : Action::fold();
    }

    Action leave(const SeatView& view) {
        quit_ = true;
        std::cout << "You leave the table" << (view.legal.can_check ? " (checking" : " (folding")
                  << " the rest of this hand).\n";
        return check_or_fold(view.legal);
    }

    // Pots and showdowns of the person, from the events every seat sees.
    void track(const Event& e) {
        switch (e.kind) {
            case EventKind::HandStarted:
                pot_ = 0;
                showed_ = false;
                won_at_showdown_ = false;
                break;
            case EventKind::Showdown:
                if (e.seat == 0) showed_ = true;
                break;
            case EventKind::PotAwarded:
                pot_ += e.amount;
                if (showed_ && (e.winners & 1u)) won_at_showdown_ = true;
                break;
            case EventKind::HandEnded:
                ++stats_.hands;
                if (pot_ > stats_.biggest_pot) {
                    stats_.biggest_pot = pot_;
                    stats_.biggest_pot_hand = e.hand_number + 1;
                }
                stats_.showdowns += showed_ ? 1 : 0;
                stats_.showdowns_won += won_at_showdown_ ? 1 : 0;
                break;
            default:
                break;
        }
    }

    const Table* table_;
    std::vector<std::string> names_;
    Style style_;
    int delay_ms_;
    bool echo_input_;
    bool compact_;
    bool quit_ = false;
    SessionStats stats_;
    Chips pot_ = 0;
    bool showed_ = false;
    bool won_at_showdown_ = false;
};

// Chips in the game's unit (big blinds of 2 chips, whole or half; Kuhn's and Leduc's ante of
// 1, whole).
std::string big_blinds(Chips chips, Chips unit) {
    std::string s = std::to_string(chips / unit);
    if (chips < 0 && chips > -unit) s = "-0";
    if (chips % unit != 0) s += ".5";
    return s;
}

// The game as the first line names it: "No-limit hold'em freezeout, blinds 1/2 chips".
std::string game_text(const std::string& name, const GameDef& game) {
    const std::string blinds = "blinds " + std::to_string(game.small_blind) + "/" +
                               std::to_string(game.big_blind) + " chips";
    if (name == "plo") return "Pot-limit Omaha freezeout, " + blinds;
    if (name == "plo8") return "Fixed-limit Omaha hi-lo freezeout, " + blinds;
    if (name == "short-deck")
        return "No-limit short-deck hold'em freezeout, antes of " + std::to_string(game.ante) +
               " and a button blind of " + std::to_string(game.big_blind) + " chips";
    if (name == "kuhn") return "Kuhn poker freezeout, antes of 1 chip and bets of 1";
    if (name == "leduc") return "Leduc hold'em freezeout, antes of 1 chip and bets of 2 then 4";
    return "No-limit hold'em freezeout, " + blinds;
}

// The bots at the person's table and their seat names, checked before the first hand; nullopt after
// the reason is on standard error.
struct Field {
    int seats = 0;
    std::vector<std::string> names{"you"};
    // The factories live as long as their bots (declared first, destroyed last): a process
    // bot's factory owns its processes and shuts them down when it goes.
    std::vector<std::shared_ptr<const BotFactory>> factories;
    std::vector<std::unique_ptr<Bot>> bots;
};

std::optional<Field> make_field(const PlayOptions& options, const GameDef& game) {
    // The grammar of run --bots: NAME=SPEC names a bot, process bots keep their [options].
    std::vector<FlagBot> listed;
    try {
        std::vector<std::string> warnings;
        listed = split_bot_list(options.vs, "--vs", warnings);
        for (const std::string& warning : warnings)
            std::cerr << "pokerarena play: warning: " << warning << '\n';
    } catch (const std::exception& error) {
        std::cerr << "pokerarena play: " << error.what() << '\n';
        return std::nullopt;
    }
    Field field;
    field.seats = options.seats > 0 ? options.seats : 1 + static_cast<int>(listed.size());
    if (field.seats < 2 || field.seats > kMaxSeats) {
        std::cerr << "pokerarena play: " << field.seats << " seats; a table has 2 to " << kMaxSeats
                  << " (you and 1 to 9 bots)\n";
        return std::nullopt;
    }
    if (static_cast<int>(listed.size()) > field.seats - 1) {
        std::cerr << "pokerarena play: " << listed.size() << " bots do not fit at " << field.seats
                  << " seats (you take one); give --seats " << listed.size() + 1
                  << " or fewer bots\n";
        return std::nullopt;
    }
    // Checked before the first hand: a session played to the end and then lost to a typo in
    // the path would be worse than no session.
    if (!options.hh_out.empty()) {
        if (game.ranking == HandRanking::HighCard || game.ranking == HandRanking::PairOrHighCard) {
            std::cerr << "pokerarena play: --hh-out: PHH has no variant code for " << options.game
                      << "; leave --hh-out out\n";
            return std::nullopt;
        }
        if (const std::string problem = output_file_problem(options.hh_out); !problem.empty()) {
            std::cerr << "pokerarena play: --hh-out " << options.hh_out << ": " << problem << '\n';
            return std::nullopt;
        }
    }
    try {
        // One factory per spec validates it once; bots for extra seats cycle through the list.
        std::vector<std::shared_ptr<const BotFactory>>& factories = field.factories;
        for (std::size_t i = 0; i < listed.size(); ++i) {
            factories.push_back(make_bot_factory(listed[i].spec));
            if (const std::string problem = factories.back()->game_problem(game);
                !problem.empty()) {
                std::cerr << "pokerarena play: --vs " << listed[i].spec << ": " << problem << '\n';
                return std::nullopt;
            }
        }
        for (int s = 1; s < field.seats; ++s) {
            const auto& factory = factories[static_cast<std::size_t>(s - 1) % factories.size()];
            const std::string& given = listed[static_cast<std::size_t>(s - 1) % listed.size()].name;
            field.names.push_back(
                (given.empty() ? short_name(factory->spec()) : printable_text(given)) + "#" +
                std::to_string(s));
            // Each bot its own seed, a pure function of the session seed and its seat.
            field.bots.push_back(factory->create(options.seed * 0x9E3779B97F4A7C15ULL +
                                                 static_cast<std::uint64_t>(s)));
        }
    } catch (const std::exception& error) {
        std::cerr << "pokerarena play: " << error.what() << '\n';
        return std::nullopt;
    }
    return field;
}

// The hands kept for --hh-out, and how many were left out.
struct HandHistory {
    std::vector<PhhHand> hands;
    std::int64_t left_out = 0;
};

// Plays until --hands are played, the person quits or has no chips left, or the table can
// deal no more.
HandHistory play_hands(const PlayOptions& options, const GameDef& game, const Table& table,
                       SeatDriver& driver, const PersonSeat& person) {
    HandHistory history;
    while (options.hands == 0 || person.stats().hands < options.hands) {
        if (!driver.play_hand()) break;
        if (!options.hh_out.empty()) {
            // A hand whose record lost its later actions cannot be written (it would replay to
            // the wrong stacks); phh_from_record would throw and end the session. It is left
            // out, said at once and again in the summary, and the session goes on.
            const HandRecord& record = table.last_hand();
            if (record.actions_truncated) {
                ++history.left_out;
                std::cout << "Hand " << record.hand_number + 1
                          << " is left out of the hand history: it has more than "
                          << kMaxRecordedActions << " actions, and a hand record keeps only the "
                          << "first " << kMaxRecordedActions << '\n';
            } else {
                history.hands.push_back(phh_from_record(record, game));
            }
        }
        if (person.quit()) break;
        if (table.stack(0) == 0) {
            std::cout << "You are out of chips.\n";
            break;
        }
    }
    return history;
}

void print_summary(const GameDef& game, const Table& table, const SeatDriver& driver,
                   const PersonSeat& person, const Field& field) {
    const SessionStats& stats = person.stats();
    const Chips net = table.stack(0) - game.starting_stacks[0];
    std::cout << "\n=== Session summary ===\n"
              << "Hands played: " << stats.hands << '\n'
              << "Net result: " << (net > 0 ? "+" : "") << big_blinds(net, game.big_blind)
              << (game.post_blinds ? " big blinds (" : " antes (") << (net > 0 ? "+" : "") << net
              << " chips)\n"
              << "Biggest pot: " << stats.biggest_pot << " chips";
    if (stats.biggest_pot > 0) std::cout << " (hand " << stats.biggest_pot_hand << ")";
    std::cout << "\nShowdowns won: " << stats.showdowns_won << " of " << stats.showdowns << '\n'
              << "Final stacks:";
    for (int s = 0; s < field.seats; ++s)
        std::cout << ' ' << field.names[static_cast<std::size_t>(s)] << ' ' << table.stack(s);
    std::cout << '\n';
    for (int s = 1; s < field.seats; ++s) {
        const SeatFaults& faults = driver.faults(s);
        if (faults.total() > 0) {
            std::cout << "Bot faults, " << field.names[static_cast<std::size_t>(s)] << ": "
                      << faults.total()
                      << " (first: " << printable_text(with_screen_hand(faults.first_message))
                      << ")\n";
        }
    }
}

// 0, or 1 after the reason is on standard error.
int write_hand_history(const std::string& path, const HandHistory& history) {
    try {
        sim::write_file(path, write_phhs(history.hands));
    } catch (const std::exception& error) {
        std::cerr << "pokerarena play: " << error.what() << '\n';
        return 1;
    }
    std::cout << "Hand history: " << history.hands.size() << " hands written to " << path;
    if (history.left_out > 0)
        std::cout << " (" << history.left_out << (history.left_out == 1 ? " hand" : " hands")
                  << " left out: more than " << kMaxRecordedActions << " actions)";
    std::cout << '\n';
    return 0;
}

int run_play(const PlayOptions& options) {
    GameDef game;
    try {
        // The seats are checked with the field; the game's unit (its big blind, or Kuhn's and
        // Leduc's ante) prices the stack.
        const int seats = options.seats > 0
                              ? options.seats
                              : 1 + static_cast<int>(std::max<std::size_t>(1, options.vs.size()));
        const int table_seats = std::clamp(seats, 2, kMaxSeats);
        const GameDef unit =
            sim::named_game(options.game, table_seats, 1, kSmallBlind, kBigBlind, "");
        game = sim::named_game(options.game, table_seats, options.stack_bb * unit.big_blind,
                               kSmallBlind, kBigBlind, "");
    } catch (const std::exception& error) {
        std::cerr << "pokerarena play: --" << error.what() << '\n';
        return 2;
    }
    std::optional<Field> field = make_field(options, game);
    if (!field) return 2;
    game = sim::named_game(options.game, field->seats, game.starting_stacks[0], kSmallBlind,
                           kBigBlind, "");
    Table table(game, options.seed, 0);

    const bool input_is_terminal = isatty(STDIN_FILENO) != 0;
    const char* no_colour = std::getenv("NO_COLOR");
    const Style style{isatty(STDOUT_FILENO) != 0 && (no_colour == nullptr || *no_colour == '\0')};
    const int delay_ms = options.delay_ms >= 0 ? options.delay_ms : input_is_terminal ? 400 : 0;
    PersonSeat person(table, field->names, style, delay_ms, !input_is_terminal, options.compact);

    std::vector<Bot*> seat_bots{&person};
    for (const auto& bot : field->bots)
        seat_bots.push_back(bot.get());
    SeatDriver driver(table, seat_bots);
    // A plugin's crash line names the hand as the screen does.
    set_crash_hand_base(1);
    PluginCallState calls;
    const PluginCallScope scope(calls, -1);
    const StallWatch stall_watch(calls, options.stall_warning);

    std::cout << game_text(options.game, game) << ", " << options.stack_bb
              << (game.post_blinds ? " big blinds (" : " antes (") << game.starting_stacks[0]
              << " chips) each, seed " << options.seed << ". You are seat 0.\n";
    const HandHistory history = play_hands(options, game, table, driver, person);
    print_summary(game, table, driver, person, *field);
    return options.hh_out.empty() ? 0 : write_hand_history(options.hh_out, history);
}

}  // namespace

void add_play_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<PlayOptions>();
    CLI::App* play = app.add_subcommand(
        "play", "Play poker against bots in the terminal (a freezeout; hold'em by default)");
    play->add_option("--game", options->game,
                     "The game: holdem (no-limit), plo (pot-limit Omaha), plo8 (fixed-limit "
                     "Omaha hi-lo), short-deck, kuhn or leduc")
        ->default_val(options->game)
        ->check(CLI::IsMember(sim::game_names()));
    play->add_option("--vs", options->vs,
                     "Bots in seats 1, 2, ...: specs as run --bots takes them (a built-in "
                     "with :key=value,..., PATH.so[:config], proc[options]:COMMAND, each "
                     "optionally NAME=SPEC), comma-separated; the list repeats to fill --seats")
        ->required();
    play->add_option("--seats", options->seats,
                     "Seats at the table including yours, 2 to 10 (default: 1 + the bots)")
        ->transform(whole_number(2, kMaxSeats));
    play->add_option("--stack", options->stack_bb,
                     "Starting stack of every seat in big blinds (Kuhn and Leduc: antes)")
        ->default_val(options->stack_bb)
        ->transform(whole_number(1, 1000000));
    play->add_option("--seed", options->seed, "Seed of the cards and the bots")
        ->default_val(options->seed)
        ->transform(whole_number(0));
    play->add_option("--hands", options->hands,
                     "Stop after this many hands (default: until someone holds every chip)")
        ->transform(whole_number(1, 100000000));
    play->add_option("--delay", options->delay_ms,
                     "Milliseconds between bot actions (default 400 when typing, 0 when input "
                     "is a pipe)")
        ->transform(whole_number(0, 60000));
    play->add_flag("--compact", options->compact,
                   "One line per event; the table only when it is your turn (without it, the "
                   "table after every action and card)");
    play->add_option("--stall-warning", options->stall_warning,
                     "Warn when a bot plugin's call has not returned after this many seconds")
        ->default_val(options->stall_warning)
        ->transform(whole_number(1, 86400));
    play->add_option("--hh-out", options->hh_out,
                     "Write the session's hands to this .phhs file (pokerarena replay reads it)");
    play->footer(
        "Blinds are 1/2 chips (short-deck: a button blind of 2 and antes of 2; Kuhn and Leduc:\n"
        "antes of 1); amounts are chips. You sit in seat 0. Commands at your turn:\n"
        "  f  fold             c  check or call       a  all-in (when the rules allow it)\n"
        "  r N / b N  raise or bet to N (your total for the street)\n"
        "  ?  legal actions    q  quit (end of input quits too)\n"
        "A command the rules refuse prints the engine's reason and asks again.\n"
        "Colour when standard output is a terminal and NO_COLOR is not set.\n\n"
        "Example:\n"
        "  pokerarena play --vs tag,equity:samples=500 --stack 100 --hh-out session.phhs");
    play->callback([options, &exit_code] { exit_code = run_play(*options); });
}

}  // namespace pokerarena::cli
