// The plugin host (pokerarena/bots/plugin_host.hpp): the bot side of the process-bot protocol
// reads back every view and event the host writes, field for field; serve_plugin answers the
// handshake, instances and decisions over pipes; and through the real host (ProcessBotFactory
// running tests/bots/process/plugin_host_main.cpp) a plugin plays isolated exactly as it does
// in-process, chip for chip, while a crashing one costs faults and restarts, not the run.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <simdjson.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../../bots/src/process/protocol.hpp"
#include "../../bots/src/process/protocol_read.hpp"
#include "../engine/view_reference.hpp"
#include "play_helpers.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/plugin_host.hpp"
#include "pokerarena/bots/process_bot.hpp"

using namespace pokerarena;

namespace {

// The fields of `e` an event message carries (the others keep their defaults).
Event carried(const Event& e) {
    Event c;
    c.kind = e.kind;
    c.hand_number = e.hand_number;
    bool cards = false;
    switch (e.kind) {
        case EventKind::HandStarted:
            c.seat = e.seat;
            c.amount = e.amount;
            break;
        case EventKind::ForcedBet:
            c.seat = e.seat;
            c.amount = e.amount;
            c.all_in = e.all_in;
            break;
        case EventKind::HoleCardsDealt:
            c.seat = e.seat;
            cards = true;
            break;
        case EventKind::BoardDealt:
            c.round = e.round;
            cards = true;
            break;
        case EventKind::ActionTaken:
            c.seat = e.seat;
            c.round = e.round;
            c.action = e.action;
            c.amount = e.amount;
            c.all_in = e.all_in;
            break;
        case EventKind::UncalledBetReturned:
            c.seat = e.seat;
            c.round = e.round;
            c.amount = e.amount;
            break;
        case EventKind::Showdown:
            c.seat = e.seat;
            c.value = e.value;
            cards = true;
            break;
        case EventKind::PotAwarded:
            c.pot_index = e.pot_index;
            c.amount = e.amount;
            c.winners = e.winners;
            break;
        default:
            break;
    }
    if (cards) {
        c.num_cards = e.num_cards;
        for (int i = 0; i < e.num_cards; ++i)
            c.cards[static_cast<std::size_t>(i)] = e.cards[static_cast<std::size_t>(i)];
    }
    return c;
}

std::string event_difference(const Event& a, const Event& b) {
    if (a.kind != b.kind) return "kind";
    if (a.seat != b.seat) return "seat";
    if (a.hand_number != b.hand_number) return "hand_number";
    if (a.round != b.round) return "round";
    if (!(a.action == b.action)) return "action";
    if (a.amount != b.amount) return "amount";
    if (a.pot_index != b.pot_index) return "pot_index";
    if (a.winners != b.winners) return "winners";
    if (a.odd_chips != b.odd_chips) return "odd_chips";
    if (a.forced != b.forced) return "forced";
    if (a.all_in != b.all_in) return "all_in";
    if (a.value != b.value) return "value";
    if (a.num_cards != b.num_cards) return "num_cards";
    if (a.cards != b.cards) return "cards";
    return "";
}

// Writes every view and event it is shown with the host's writer, reads it back with
// protocol_read and records the first difference; plays like `inner`.
class RoundTripBot final : public Bot {
  public:
    RoundTripBot(std::unique_ptr<Bot> inner, std::string& difference)
        : inner_(std::move(inner)), difference_(&difference) {
        actions_.reserve(kMaxRecordedActions);
    }

    bool wants_events() const override { return true; }

    Action decide(const SeatView& view) override {
        ++views;
        if (view.actions_truncated) ++truncated_views;
        line_.clear();
        process::write_decide(line_, 77, 3, view, false);
        simdjson::dom::object message;
        simdjson::dom::object json_view;
        std::string error;
        SeatView back;
        if (parser_.parse(line_).get_object().get(message) ||
            message["view"].get_object().get(json_view)) {
            note("decide line is not JSON: " + line_);
        } else if (!process::read_view(json_view, back, actions_, error)) {
            note("read_view failed: " + error + " in " + line_);
        } else if (const std::string why =
                       test::view_difference(back, view, test::ActionsBy::Content);
                   !why.empty()) {
            note("view differs in " + why + ": " + line_);
        }
        return inner_->decide(view);
    }

    void on_event(const Event& e) override {
        kinds.insert(e.kind);
        ++events;
        line_.clear();
        process::write_event(line_, 3, e);
        simdjson::dom::object message;
        simdjson::dom::object json_event;
        std::string error;
        Event back;
        if (parser_.parse(line_).get_object().get(message) ||
            message["event"].get_object().get(json_event)) {
            note("event line is not JSON: " + line_);
        } else if (!process::read_event(json_event, back, error)) {
            note("read_event failed: " + error + " in " + line_);
        } else if (const std::string why = event_difference(back, carried(e)); !why.empty()) {
            note("event differs in " + why + ": " + line_);
        }
    }

    std::int64_t views = 0;
    std::int64_t truncated_views = 0;
    std::int64_t events = 0;
    std::set<EventKind> kinds;

  private:
    void note(const std::string& what) {
        if (difference_->empty()) *difference_ = what;
    }

    std::unique_ptr<Bot> inner_;
    std::string* difference_;
    simdjson::dom::parser parser_;
    std::string line_;
    std::vector<RecordedAction> actions_;
};

struct RoundTrips {
    std::string difference;
    std::int64_t views = 0;
    std::int64_t truncated_views = 0;
    std::int64_t events = 0;
    std::set<EventKind> kinds;
};

// Plays `hands` hands of `game`, the seats alternating between `even` and `odd` bots, each
// wrapped in a RoundTripBot.
RoundTrips round_trips(const GameDef& game, const std::string& even, const std::string& odd,
                       int hands, std::uint64_t seed) {
    RoundTrips out;
    std::vector<std::unique_ptr<RoundTripBot>> owned;
    std::vector<Bot*> at;
    for (int s = 0; s < game.num_seats; ++s) {
        owned.push_back(std::make_unique<RoundTripBot>(
            make_bot(s % 2 == 0 ? even : odd, seed * 10 + static_cast<std::uint64_t>(s)),
            out.difference));
        at.push_back(owned.back().get());
    }
    Table table(game, seed, 0);
    SeatDriver driver(table, at);
    REQUIRE(driver.play_hands(hands, [](const HandRecord&) {}) == hands);
    for (int s = 0; s < game.num_seats; ++s) {
        REQUIRE(driver.faults(s).total() == 0);
        const RoundTripBot& b = *owned[static_cast<std::size_t>(s)];
        out.views += b.views;
        out.truncated_views += b.truncated_views;
        out.events += b.events;
        out.kinds.insert(b.kinds.begin(), b.kinds.end());
    }
    return out;
}

std::string scratch_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("pokerarena-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

// serve_plugin on a thread of its own, talked to over two pipes.
class PipeHost {
  public:
    explicit PipeHost(std::string spec) {
        int to_bot[2];
        int from_bot[2];
        REQUIRE(::pipe2(to_bot, O_CLOEXEC) == 0);
        REQUIRE(::pipe2(from_bot, O_CLOEXEC) == 0);
        write_fd_ = to_bot[1];
        read_fd_ = from_bot[0];
        bot_in_ = to_bot[0];
        bot_out_ = from_bot[1];
        thread_ =
            std::thread([this, spec] { status_ = serve_plugin(spec, bot_in_, bot_out_, err_); });
    }
    ~PipeHost() {
        close_input();
        if (thread_.joinable()) thread_.join();
        ::close(read_fd_);
        ::close(bot_in_);
        ::close(bot_out_);
    }
    PipeHost(const PipeHost&) = delete;
    PipeHost& operator=(const PipeHost&) = delete;

    void send(std::string_view text) { REQUIRE(write_all(text)); }

    // Writes all of `text`; false when a write fails. Without Catch's assertions, which only
    // the test's own thread may use: a writer thread calls this.
    bool write_all(std::string_view text) {
        while (!text.empty()) {
            const ssize_t n = ::write(write_fd_, text.data(), text.size());
            if (n <= 0) return false;
            text.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }

    // The next line the plugin host writes (without its newline); "" after 10 s or at its end.
    std::string line() {
        for (;;) {
            const std::size_t newline = pending_.find('\n');
            if (newline != std::string::npos) {
                std::string out = pending_.substr(0, newline);
                pending_.erase(0, newline + 1);
                return out;
            }
            pollfd p{read_fd_, POLLIN, 0};
            if (::poll(&p, 1, 10'000) <= 0) return "";
            char chunk[65536];
            const ssize_t n = ::read(read_fd_, chunk, sizeof chunk);
            if (n <= 0) return "";
            pending_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    // Closes the plugin host's input and waits for serve_plugin to return; its status.
    int finish() {
        close_input();
        thread_.join();
        return status_;
    }
    std::string errors() const { return err_.str(); }

  private:
    void close_input() {
        if (write_fd_ >= 0) ::close(write_fd_);
        write_fd_ = -1;
    }

    int write_fd_ = -1;
    int read_fd_ = -1;
    int bot_in_ = -1;
    int bot_out_ = -1;
    int status_ = -1;
    std::ostringstream err_;
    std::string pending_;
    std::thread thread_;
};

const char* const kHostHello =
    "{\"type\":\"hello\",\"protocol\":1,\"bot\":\"iso\",\"config\":\"\"}\n";

// A real decision's view: the first decision of hand `hand` of a heads-up table where both
// seats call.
SeatView some_view(Table& table, int decisions) {
    table.set_pause_mask(kDefaultPauseMask);
    SeatView view;
    for (int seen = 0;;) {
        const Event e = table.advance();
        REQUIRE(e.kind != EventKind::GameOver);
        if (e.kind != EventKind::ActionRequired) continue;
        if (seen++ == decisions) {
            table.update_view(e.seat, view);
            return view;
        }
        REQUIRE(table.act(Action::check_call()).ok());
    }
}

struct Answer {
    std::uint64_t id = 0;
    std::string action;  // "" for an error
    std::int64_t to = -1;
    std::string error;
};

Answer parse(const std::string& line) {
    simdjson::dom::parser parser;
    simdjson::dom::object object;
    INFO(line);
    REQUIRE_FALSE(parser.parse(line).get_object().get(object));
    Answer a;
    REQUIRE_FALSE(object["id"].get_uint64().get(a.id));
    std::string_view text;
    if (!object["action"].get_string().get(text)) a.action = std::string(text);
    if (!object["error"].get_string().get(text)) a.error = std::string(text);
    std::int64_t to = 0;
    if (!object["to"].get_int64().get(to)) a.to = to;
    return a;
}

Action action_of(const Answer& a) {
    if (a.action == "fold") return Action::fold();
    if (a.action == "raise") return Action::raise_to(a.to);
    return Action::check_call();
}

ProcessBotSpec isolated(const std::string& plugin_spec, const std::string& name) {
    ProcessBotSpec spec;
    spec.command = {PLUGIN_HOST, plugin_spec};
    spec.name = name;
    spec.stderr_log = scratch_path(name + ".stderr.log");
    spec.decision_timeout = std::chrono::milliseconds(5000);
    spec.start_timeout = std::chrono::milliseconds(5000);
    return spec;
}

}  // namespace

TEST_CASE("plugin host: every decide view reads back equal, field for field", "[process]") {
    for (int seats : {2, 6, 9}) {
        INFO(seats << " seats");
        const RoundTrips r = round_trips(test::mixed_stack_game(seats), "random", "tag", 150, 3);
        INFO(r.difference);
        CHECK(r.difference.empty());
        CHECK(r.views > 300);
    }
    // Deep stacks and two min-raisers: histories longer than the record holds (255 actions).
    GameDef deep = GameDef::no_limit_holdem(2, 2'000, 1, 2);
    deep.reset_stacks_each_hand = true;
    const std::string history = PLUGIN_HISTORY_BOT;
    const RoundTrips r = round_trips(deep, history, history, 3, 4);
    INFO(r.difference);
    CHECK(r.difference.empty());
    CHECK(r.truncated_views > 0);
}

TEST_CASE("plugin host: every event kind reads back equal, field for field", "[process]") {
    std::set<EventKind> kinds;
    for (int seats : {2, 6, 9}) {
        INFO(seats << " seats");
        const RoundTrips r = round_trips(test::mixed_stack_game(seats), "random", "call", 100, 5);
        INFO(r.difference);
        CHECK(r.difference.empty());
        CHECK(r.events > 1000);
        kinds.insert(r.kinds.begin(), r.kinds.end());
    }
    for (EventKind k :
         {EventKind::HandStarted, EventKind::ForcedBet, EventKind::HoleCardsDealt,
          EventKind::BoardDealt, EventKind::ActionTaken, EventKind::UncalledBetReturned,
          EventKind::Showdown, EventKind::PotAwarded, EventKind::HandEnded}) {
        INFO(event_kind_name(k));
        CHECK(kinds.count(k) == 1);
    }
}

TEST_CASE("plugin host: bad views and events are errors naming the key", "[process]") {
    simdjson::dom::parser parser;
    std::vector<RecordedAction> actions;
    SeatView view;
    Event event;
    std::string error;
    const auto view_error = [&](const char* json) {
        error.clear();
        simdjson::dom::object object;
        REQUIRE_FALSE(parser.parse(std::string(json)).get_object().get(object));
        CHECK_FALSE(process::read_view(object, view, actions, error));
        return error;
    };
    CHECK(view_error(R"({"seat":0})") == "\"num_seats\" is missing");
    CHECK(view_error(R"({"seat":2,"num_seats":2})") == "\"seat\" is missing or not a seat");
    CHECK(view_error(R"({"seat":0,"num_seats":2,"stacks":[1,2,3,4,5,6,7,8,9,10,11]})") ==
          "\"stacks\" is not an array of at most 10 whole numbers");
    CHECK(view_error(R"({"seat":0,"num_seats":2,"board":["Ax"]})") ==
          "\"board\" is not an array of at most 5 cards");
    CHECK(view_error(R"({"seat":0,"num_seats":2,"hole":[["As","Kd","Qc","Jh","Ts"],null]})") ==
          "\"hole\" holds something that is not null or 0 to 4 cards");
    CHECK(view_error(R"({"seat":0,"num_seats":2,"actions":[[0,"bet",2,0,false]]})") ==
          "\"actions\" holds an action that is not [seat, kind, amount, round, all_in]");
    CHECK(view_error(R"({"seat":0,"num_seats":2,"legal":{"call":"x"}})") ==
          "\"legal\": \"call\" has a value of the wrong type");

    // Keys in any order, unknown keys and longer action arrays ignored, a legal-only view.
    simdjson::dom::object object;
    REQUIRE_FALSE(parser
                      .parse(std::string(R"({"later":[1,{"x":2}],"legal":{"call":4,"fold":true},
        "actions":[[1,"call",1,0,false,"later"],[0,"raise",6,0]],"num_seats":3,"seat":1})"))
                      .get_object()
                      .get(object));
    REQUIRE(process::read_view(object, view, actions, error));
    CHECK(view.seat == 1);
    CHECK(view.seat_to_act == 1);
    CHECK(view.state == State::AwaitingAction);
    CHECK(view.legal.call_amount == 4);
    CHECK(view.legal.can_fold);
    REQUIRE(view.actions.size() == 2);
    CHECK(view.actions[1].kind == ActionKind::RaiseTo);
    CHECK(view.actions[1].amount == 6);
    CHECK(view.stacks[0] == 0);
    CHECK(view.known_hole == 0);

    REQUIRE_FALSE(parser.parse(std::string(R"({"kind":"tea","hand":1})")).get_object().get(object));
    CHECK_FALSE(process::read_event(object, event, error));
    CHECK(error == "\"kind\" names no event kind");
    REQUIRE_FALSE(
        parser.parse(std::string(R"({"kind":"action","hand":1,"seat":0,"action":"raise"})"))
            .get_object()
            .get(object));
    CHECK_FALSE(process::read_event(object, event, error));
    CHECK(error == "\"to\" is missing from a raise");
}

TEST_CASE("plugin host: handshake, instances and decisions over pipes", "[process]") {
    PipeHost host(PLUGIN_EXAMPLE_C);
    host.send(kHostHello);
    CHECK(host.line() ==
          R"({"type":"hello","protocol":1,"name":"example C bot","view":"full","events":true})");

    // The same views to the plugin in-process and isolated, each with its own seed.
    const auto factory = make_plugin_factory(PLUGIN_EXAMPLE_C);
    std::vector<SeatView> views;
    std::vector<std::unique_ptr<Table>> tables;
    for (int i = 0; i < 40; ++i) {
        tables.push_back(std::make_unique<Table>(test::mixed_stack_game(6), 100 + i, 0));
        views.push_back(some_view(*tables.back(), i % 5));
    }
    std::string batch;
    for (std::uint64_t instance = 1; instance <= 4; ++instance)
        process::write_create(batch, instance, 1000 + instance);
    for (std::size_t i = 0; i < views.size(); ++i)
        process::write_decide(batch, 500 + i, 1 + i % 4, views[i], false);
    process::write_decide(batch, 999, 42, views[0], false);  // no such instance
    host.send(batch);
    std::vector<std::unique_ptr<Bot>> in_process;
    for (std::uint64_t instance = 1; instance <= 4; ++instance)
        in_process.push_back(factory->create(1000 + instance));
    for (std::size_t i = 0; i < views.size(); ++i) {
        const Answer a = parse(host.line());
        INFO("decision " << i);
        REQUIRE(a.id == 500 + i);
        CHECK(a.error.empty());
        CHECK(action_of(a) == in_process[i % 4]->decide(views[i]));
    }
    const Answer unknown = parse(host.line());
    CHECK(unknown.id == 999);
    CHECK(unknown.error == "no instance 42");

    // Events, new_match and destroy are not answered; lines that are not messages are
    // reported and skipped; a line may come in pieces.
    std::string more;
    Event started;
    started.kind = EventKind::HandStarted;
    started.seat = 0;
    started.amount = 400;
    process::write_event(more, 1, started);
    process::write_new_match(more, 2);
    process::write_destroy(more, 3);
    more += "garbage\n\n{\"type\":\"later_message\",\"instance\":1}\n";
    process::write_decide(more, 7, 3, views[1], false);  // destroyed
    std::string last;
    process::write_decide(last, 8, 4, views[2], false);
    host.send(more);
    host.send(std::string_view(last).substr(0, 100));
    const Answer destroyed = parse(host.line());
    CHECK(destroyed.id == 7);
    CHECK(destroyed.error == "no instance 3");
    host.send(std::string_view(last).substr(100));
    const Answer split = parse(host.line());
    CHECK(split.id == 8);
    CHECK(action_of(split) == in_process[3]->decide(views[2]));
    CHECK(host.finish() == 0);
    CHECK_THAT(host.errors(), Catch::Contains("not a JSON object: \"garbage\""));
}

TEST_CASE("plugin host: large batches and a line longer than the read buffer", "[process]") {
    PipeHost host(PLUGIN_EXAMPLE_C);
    host.send(kHostHello);
    REQUIRE_THAT(host.line(), Catch::Contains("\"type\":\"hello\""));
    Table table(test::mixed_stack_game(9), 8, 0);
    const SeatView view = some_view(table, 4);
    std::string batch;
    process::write_create(batch, 1, 5);
    // About 700 KB in one write: more than the plugin host reads at once.
    for (std::uint64_t id = 0; id < 1000; ++id)
        process::write_decide(batch, id, 1, view, false);
    // A decide with 1 MB of a key the plugin host does not know.
    std::string long_line;
    process::write_decide(long_line, 5000, 1, view, false);
    long_line.insert(1, "\"later\":\"" + std::string(1 << 20, 'x') + "\",");
    bool sent = false;
    std::thread writer([&] { sent = host.write_all(batch + long_line); });
    for (std::uint64_t id = 0; id < 1000; ++id) {
        const Answer a = parse(host.line());
        REQUIRE(a.id == id);
        REQUIRE(a.error.empty());
    }
    const Answer a = parse(host.line());
    CHECK(a.id == 5000);
    CHECK(a.error.empty());
    writer.join();
    CHECK(sent);
    CHECK(host.finish() == 0);
    CHECK(host.errors().empty());
}

TEST_CASE("plugin host: refusals, failed creates and errors of decide", "[process]") {
    Table table(test::mixed_stack_game(2), 8, 0);
    const SeatView view = some_view(table, 0);
    std::string decide;
    process::write_decide(decide, 1, 1, view, false);
    std::string create;
    process::write_create(create, 1, 3);

    SECTION("a missing library") {
        PipeHost host("/no/such/plugin.so");
        host.send(kHostHello);
        CHECK(host.line() ==
              R"({"type":"refuse","reason":"plugin '/no/such/plugin.so': file not found"})");
        CHECK(host.finish() == 1);
    }
    SECTION("a plugin that refuses the host's ABI") {
        PipeHost host(PLUGIN_BROKEN_REFUSES);
        host.send(kHostHello);
        const std::string refusal = host.line();
        CHECK_THAT(refusal, Catch::StartsWith("{\"type\":\"refuse\",\"reason\":\"plugin '") &&
                                Catch::Contains("refused host ABI version 1."));
        CHECK(host.finish() == 1);
    }
    SECTION("a configuration the plugin rejects") {
        PipeHost host(std::string(PLUGIN_BAD_BOT) + ":no_such_mode");
        host.send(kHostHello);
        CHECK_THAT(host.line(), Catch::Contains("\"type\":\"refuse\"") &&
                                    Catch::Contains("create failed: unknown mode 'no_such_mode'"));
        CHECK(host.finish() == 1);
    }
    SECTION("an instance the plugin refuses answers errors, the others play") {
        PipeHost host(PLUGIN_SEED_REFUSING);
        host.send(kHostHello);
        CHECK_THAT(host.line(), Catch::Contains("\"name\":\"seed refusing bot\"") &&
                                    Catch::Contains("\"events\":false"));
        std::string lines = create;  // seed 3: refused
        process::write_create(lines, 2, 4);
        process::write_decide(lines, 1, 1, view, false);
        process::write_decide(lines, 2, 2, view, false);
        process::write_decide(lines, 3, 1, view, false);
        host.send(lines);
        const Answer refused = parse(host.line());
        CHECK(refused.id == 1);
        CHECK_THAT(refused.error, Catch::Contains("create failed: odd seed 3 refused"));
        const Answer played = parse(host.line());
        CHECK(played.id == 2);
        CHECK(played.action == "call");
        const Answer again = parse(host.line());
        CHECK(again.id == 3);
        CHECK(again.error == refused.error);
        CHECK(host.finish() == 0);
    }
    SECTION("a decide that returns an error status, or writes no action") {
        for (const char* mode : {"error", "garbage"}) {
            INFO(mode);
            PipeHost host(std::string(PLUGIN_BAD_BOT) + ":" + mode);
            host.send(kHostHello);
            CHECK_THAT(host.line(), Catch::Contains("\"name\":\"bad bot\""));
            host.send(create + decide);
            const Answer a = parse(host.line());
            CHECK(a.id == 1);
            CHECK(a.action.empty());
            CHECK_THAT(a.error, Catch::Contains(std::string(mode) == "error"
                                                    ? "decide returned an error: deliberate failure"
                                                    : "decide wrote action kind 77"));
            CHECK(host.finish() == 0);
        }
    }
    SECTION("a host that leaves before its hello still learns why") {
        PipeHost host("/no/such/plugin.so");
        CHECK(host.finish() == 1);
        CHECK_THAT(host.line(), Catch::Contains("file not found"));
    }
}

namespace {

struct Match {
    std::vector<HandRecord> hands;
    SeatFaults faults;  // of the plugin's seats, together
    std::int64_t decisions = 0;
    bool conserved = true;
};

// The bots of `factory` in the even seats, `call` in the odd ones: `hands` hands.
Match play(const BotFactory& factory, int seats, int hands) {
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> at;
    for (int s = 0; s < seats; ++s) {
        const auto seed = 40 + static_cast<std::uint64_t>(s);
        owned.push_back(s % 2 == 0 ? factory.create(seed) : make_bot("call", seed));
        at.push_back(owned.back().get());
    }
    Table table(test::mixed_stack_game(seats), 9, 0);
    SeatDriver driver(table, at);
    Match out;
    REQUIRE(driver.play_hands(hands, [&](const HandRecord& r) {
        out.hands.push_back(r);
        Chips sum = 0;
        for (int s = 0; s < seats; ++s)
            sum += r.net[static_cast<std::size_t>(s)];
        out.conserved = out.conserved && sum == 0 && table.check_invariants();
    }) == hands);
    for (int s = 0; s < seats; s += 2) {
        const SeatFaults& f = driver.faults(s);
        for (std::size_t k = 0; k < f.count.size(); ++k)
            out.faults.count[k] += f.count[k];
        if (out.faults.first_message.empty()) out.faults.first_message = f.first_message;
        out.decisions += driver.decisions(s);
    }
    return out;
}

}  // namespace

TEST_CASE("plugin host: an isolated plugin plays chip for chip as it does in-process",
          "[process]") {
    const auto in_process = make_plugin_factory(PLUGIN_EXAMPLE_C);
    for (int seats : {2, 6}) {
        INFO(seats << " seats");
        ProcessBotFactory isolated_factory(isolated(PLUGIN_EXAMPLE_C, "example"),
                                           "isolated:example");
        const Match expected = play(*in_process, seats, 200);
        const Match got = play(isolated_factory, seats, 200);
        CHECK(got.faults.total() == 0);
        INFO(got.faults.first_message);
        CHECK(got.decisions == expected.decisions);
        CHECK(got.decisions > 200);
        // The plugin does more than call: its raises reached the table.
        std::int64_t raises = 0;
        for (const HandRecord& r : got.hands)
            for (int i = 0; i < r.num_actions; ++i)
                raises += r.actions[static_cast<std::size_t>(i)].seat % 2 == 0 &&
                          r.actions[static_cast<std::size_t>(i)].kind == ActionKind::RaiseTo;
        CHECK(raises > 20);
        REQUIRE(got.hands.size() == expected.hands.size());
        for (std::size_t h = 0; h < got.hands.size(); ++h) {
            INFO("hand " << h);
            REQUIRE(got.hands[h].net == expected.hands[h].net);
            REQUIRE(got.hands[h] == expected.hands[h]);  // every action, every card
        }
        const ProcessStats stats = isolated_factory.stats();
        CHECK(stats.restarts == 0);
        CHECK(stats.bad_lines == 0);
        CHECK(stats.api_name == "example C bot");
        isolated_factory.shut_down();
        std::filesystem::remove(isolated_factory.process_spec().stderr_log);
    }
}

TEST_CASE("plugin host: a crashing plugin costs faults and restarts, not the run", "[process]") {
    struct Case {
        const char* mode;
        FaultKind kind;
        const char* message;  // of the first fault
        const char* logged;   // in the plugin host's standard error
    };
    const Case cases[] = {
        {"crash", FaultKind::Crash, "was killed by SIGSEGV", "crashed (SIGSEGV) in decide"},
        {"abort", FaultKind::Crash, "was killed by SIGABRT", "crashed (SIGABRT) in decide"},
        {"exit", FaultKind::Crash, "exited with status 1", "(it called exit) in decide"},
        {"hang", FaultKind::Timeout, "did not answer within 0.3 s", ""},
    };
    for (const Case& c : cases) {
        INFO(c.mode);
        ProcessBotSpec spec =
            isolated(std::string(PLUGIN_BAD_BOT) + ":" + c.mode, std::string("bad-") + c.mode);
        spec.max_restarts = 2;
        // Short only where the timeout is the point: elsewhere a loaded machine could turn a
        // crash into a timeout.
        spec.decision_timeout = c.kind == FaultKind::Timeout ? std::chrono::milliseconds(300)
                                                             : std::chrono::milliseconds(60'000);
        std::filesystem::remove(spec.stderr_log);
        ProcessBotFactory factory(spec, "isolated:bad");
        const Match m = play(factory, 2, 30);
        CHECK(m.hands.size() == 30);
        CHECK(m.conserved);
        // Every decision is lost: each process fails at its first, and after two restarts the
        // bot is out.
        CHECK(m.faults.total() == m.decisions);
        CHECK(m.faults.of(c.kind) >= 1);
        CHECK_THAT(m.faults.first_message, Catch::Contains(c.message));
        const ProcessStats stats = factory.stats();
        CHECK(stats.restarts == 2);
        CHECK(stats.out);
        factory.shut_down();
        std::ifstream log(spec.stderr_log);
        const std::string logged((std::istreambuf_iterator<char>(log)),
                                 std::istreambuf_iterator<char>());
        CHECK_THAT(logged, Catch::Contains(c.logged));
        std::filesystem::remove(spec.stderr_log);
    }
}

TEST_CASE("plugin host: an isolated plugin's error status is a fault, and play goes on",
          "[process]") {
    ProcessBotSpec spec = isolated(std::string(PLUGIN_BAD_BOT) + ":error", "bad-error");
    ProcessBotFactory factory(spec, "isolated:bad");
    const Match m = play(factory, 2, 20);
    CHECK(m.faults.total() == m.decisions);
    CHECK(m.faults.of(FaultKind::ErrorStatus) == m.decisions);
    CHECK_THAT(m.faults.first_message,
               Catch::Contains("decide returned an error: deliberate failure"));
    CHECK(factory.stats().restarts == 0);
    factory.shut_down();
    std::filesystem::remove(spec.stderr_log);
}
