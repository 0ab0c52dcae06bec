// Process bots (bots/include/pokerarena/bots/process_bot.hpp): the protocol's lines, the
// handshake and its refusals, and every way a bot program can misbehave
// (tests/bots/process/misbehaving_bot.c), each a named fault of its decision, never an error
// of the host; and many tables in flight on one process, answered out of order.
#include <catch2/catch.hpp>

#include <signal.h>
#include <simdjson.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../../bots/src/process/protocol.hpp"
#include "play_helpers.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/process_bot.hpp"

using namespace pokerarena;

namespace {

std::string scratch_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("pokerarena-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

ProcessBotSpec misbehaving(const std::string& mode, int when = 1) {
    ProcessBotSpec spec;
    spec.command = {MISBEHAVING_BOT, mode, std::to_string(when)};
    spec.name = mode;
    spec.stderr_log = scratch_path(mode + ".stderr.log");
    // A limit that cannot fire on a loaded machine (a ThreadSanitizer build, a busy CI): only
    // the tests of timeouts themselves set a short one.
    spec.decision_timeout = std::chrono::seconds(60);
    spec.start_timeout = std::chrono::milliseconds(2000);
    return spec;
}

struct Played {
    SeatFaults faults;         // of seat 0, the process bot
    SeatFaults caller_faults;  // of seat 1, `call`
    std::int64_t decisions = 0;
    ProcessStats stats;
    bool conserved = true;
};

// `spec` in seat 0 against `call`, `hands` hands with stacks reset each hand.
Played play_against_call(ProcessBotSpec spec, int hands) {
    ProcessBotFactory factory(spec, "proc:test");
    auto bot = factory.create(7);
    auto caller = make_bot("call", 8);
    Table table(test::mixed_stack_game(2), 5, 0);
    std::array<Bot*, 2> bots{bot.get(), caller.get()};
    SeatDriver driver(table, bots);
    Played out;
    REQUIRE(driver.play_hands(hands, [&](const HandRecord& r) {
        out.conserved = out.conserved && r.net[0] + r.net[1] == 0 && table.check_invariants();
    }) == hands);
    out.faults = driver.faults(0);
    out.caller_faults = driver.faults(1);
    out.decisions = driver.decisions(0);
    bot.reset();
    out.stats = factory.stats();
    return out;
}

// check_bot() of `spec` with `options`: its exit code and its report.
struct Checked {
    int code = -1;
    std::string out;
};
Checked checked(const std::string& spec, const CheckBotOptions& options) {
    std::ostringstream out;
    Checked result;
    result.code = check_bot(spec, options, out);
    result.out = out.str();
    return result;
}

}  // namespace

TEST_CASE("process protocol: a decide line is JSON with every field of the view", "[process]") {
    Table table(test::mixed_stack_game(3), 11, 0);
    table.set_pause_mask(kDefaultPauseMask);
    Event e = table.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    REQUIRE(table.act(Action::raise_to(6)).ok());
    e = table.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    SeatView view;
    table.update_view(e.seat, view);
    std::string line;
    process::write_decide(line, 42, 9, view, false);
    REQUIRE(line.back() == '\n');
    REQUIRE(line.find('\n') == line.size() - 1);
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(line);
    CHECK(std::string_view(doc["type"]) == "decide");
    CHECK(std::uint64_t(doc["id"]) == 42);
    CHECK(std::uint64_t(doc["instance"]) == 9);
    simdjson::dom::element v = doc["view"];
    CHECK(std::int64_t(v["seat"]) == e.seat);
    CHECK(std::int64_t(v["num_seats"]) == 3);
    CHECK(std::int64_t(v["legal"]["call"]) == view.legal.call_amount);
    CHECK(std::int64_t(v["legal"]["min_to"]) == view.legal.min_raise_to);
    CHECK(bool(v["legal"]["fold"]) == view.legal.can_fold);
    CHECK(simdjson::dom::array(v["stacks"]).size() == 3);
    CHECK(std::int64_t(v["pot"]) == view.pot);
    // Its own cards, nobody else's.
    simdjson::dom::array hole = v["hole"];
    int s = 0;
    for (simdjson::dom::element cards : hole) {
        if (s == e.seat) {
            CHECK(simdjson::dom::array(cards).size() == 2);
            CHECK(std::string(std::string_view(cards.at(0))) ==
                  view.hole[static_cast<std::size_t>(s)][0].to_string());
        } else {
            CHECK(cards.is_null());
        }
        ++s;
    }
    simdjson::dom::array actions = v["actions"];
    REQUIRE(actions.size() == 1);
    CHECK(std::string_view(actions.at(0).at(1)) == "raise");
    CHECK(std::int64_t(actions.at(0).at(2)) == 6);

    std::string legal;
    process::write_decide(legal, 1, 2, view, true);
    simdjson::dom::element small = parser.parse(legal);
    CHECK(small["view"]["stacks"].error() == simdjson::NO_SUCH_FIELD);
    CHECK(std::int64_t(small["view"]["legal"]["max_to"]) == view.legal.max_raise_to);
}

namespace {

SeatView first_view() {
    return test::first_heads_up_view();
}

}  // namespace

namespace {

// The compact line of a view written the slow, obvious way (the oracle of write_decide's).
std::string compact_oracle(std::uint64_t id, std::uint64_t instance, const SeatView& v,
                           bool legal_only) {
    auto join = [&](const auto& values) {
        std::string out;
        for (int s = 0; s < v.num_seats; ++s)
            out += (s ? "," : "") + std::to_string(values[static_cast<std::size_t>(s)]);
        return out;
    };
    auto bit = [](bool b) { return std::string(b ? "1" : "0"); };
    std::string out = "d " + std::to_string(id) + " " + std::to_string(instance);
    for (const std::int64_t n :
         {std::int64_t{v.seat}, std::int64_t{v.num_seats}, std::int64_t{v.hand_number},
          std::int64_t{v.button}, std::int64_t{v.round}, std::int64_t{v.big_blind}})
        out += " " + std::to_string(n);
    out += " " + bit(v.legal.can_fold) + "," + bit(v.legal.can_check) + "," +
           std::to_string(v.legal.call_amount) + "," + bit(v.legal.can_raise) + "," +
           std::to_string(v.legal.min_raise_to) + "," + std::to_string(v.legal.max_raise_to) + "," +
           std::to_string(v.legal.all_in_to);
    if (!legal_only) {
        out += " " + join(v.stacks) + " " + join(v.bets) + " " + join(v.committed);
        out += " " + std::to_string(v.pot) + " " + std::to_string(v.current_bet) + " " +
               std::to_string(v.dealt_in) + " " + std::to_string(v.folded) + " " +
               std::to_string(v.all_in) + " ";
        for (int s = 0; s < v.num_seats; ++s) {
            if (s) out += ",";
            if ((v.known_hole >> s) & 1u) {
                for (int c = 0; c < v.hole_cards; ++c)
                    out += v.hole[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)]
                               .to_string();
            } else {
                out += "-";
            }
        }
        out += " ";
        for (int c = 0; c < v.board_count; ++c)
            out += v.board[static_cast<std::size_t>(c)].to_string();
        if (v.board_count == 0) out += "-";
        out += " " + bit(v.actions_truncated) + " ";
        std::string actions;
        for (const RecordedAction& a : v.actions) {
            const char* kind = a.kind == ActionKind::Fold      ? "fold"
                               : a.kind == ActionKind::RaiseTo ? "raise"
                               : a.amount == 0                 ? "check"
                                                               : "call";
            actions += (actions.empty() ? "" : ";") + std::to_string(a.seat) + "," + kind + "," +
                       std::to_string(a.amount) + "," + std::to_string(a.round) + "," +
                       bit(a.all_in);
        }
        out += actions.empty() ? "-" : actions;
    }
    return out + "\n";
}

}  // namespace

TEST_CASE("process protocol: a compact decide line holds the view's fields in their order",
          "[process]") {
    // Three seats, every street: boards of 0, 3, 4 and 5 cards, several actions, a fold.
    Table table(test::mixed_stack_game(3), 17, 0);
    table.set_pause_mask(kDefaultPauseMask);
    int checked = 0;
    bool saw_board = false;
    for (Event e = table.advance();
         e.kind != EventKind::HandEnded && e.kind != EventKind::GameOver && checked < 40;
         e = table.advance()) {
        if (e.kind != EventKind::ActionRequired) continue;
        SeatView view;
        table.update_view(e.seat, view);
        for (const bool legal_only : {false, true}) {
            std::string line;
            process::write_decide(line, 1000 + checked, 7, view, legal_only, true);
            CHECK(line == compact_oracle(1000 + checked, 7, view, legal_only));
        }
        saw_board = saw_board || view.board_count > 0;
        ++checked;
        // Raise once preflop (an action of each kind in the record), then call down.
        const Action a =
            checked == 1 ? Action::raise_to(view.legal.min_raise_to) : Action::check_call();
        REQUIRE(table.act(a).ok());
    }
    CHECK(checked >= 4);
    CHECK(saw_board);
    // A line the oracle pins down digit for digit, so a wrong oracle cannot hide a wrong line.
    SeatView fixed = first_view();
    std::string line;
    process::write_decide(line, 5, 3, fixed, true, true);
    CHECK(line == "d 5 3 " + std::to_string(fixed.seat) + " 2 0 " + std::to_string(fixed.button) +
                      " 0 " + std::to_string(fixed.big_blind) + " 1,0," +
                      std::to_string(fixed.legal.call_amount) + ",1," +
                      std::to_string(fixed.legal.min_raise_to) + "," +
                      std::to_string(fixed.legal.max_raise_to) + "," +
                      std::to_string(fixed.legal.all_in_to) + "\n");

    CHECK(process::parse_hello(R"({"type":"hello","protocol":1,"encoding":"compact"})").compact);
    CHECK_FALSE(process::parse_hello(R"({"type":"hello","protocol":1,"encoding":"json"})").compact);
    CHECK_FALSE(process::parse_hello(R"({"type":"hello","protocol":1})").compact);
    const process::Hello bad =
        process::parse_hello(R"({"type":"hello","protocol":1,"encoding":"xml"})");
    CHECK_FALSE(bad.ok);
    CHECK_THAT(bad.error, Catch::Contains("\"encoding\" must be \"json\" or \"compact\""));
}

TEST_CASE(
    "process protocol: a probabilities line has the view and the candidates as answers "
    "spell them",
    "[process]") {
    const SeatView view = first_view();
    const std::array<Action, 3> candidates{Action::fold(), Action::check_call(),
                                           Action::raise_to(view.legal.min_raise_to)};
    std::string line;
    process::write_probabilities(line, 42, 9, view, false, candidates);
    REQUIRE(line.back() == '\n');
    REQUIRE(line.find('\n') == line.size() - 1);
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(line);
    CHECK(std::string_view(doc["type"]) == "probabilities");
    CHECK(std::uint64_t(doc["id"]) == 42);
    CHECK(std::uint64_t(doc["instance"]) == 9);
    CHECK(std::int64_t(doc["view"]["pot"]) == view.pot);
    simdjson::dom::array c = doc["candidates"];
    REQUIRE(c.size() == 3);
    CHECK(std::string_view(c.at(0)["action"]) == "fold");
    CHECK(std::string_view(c.at(1)["action"]) == "call");
    CHECK(std::string_view(c.at(2)["action"]) == "raise");
    CHECK(std::int64_t(c.at(2)["to"]) == view.legal.min_raise_to);
    CHECK(c.at(1)["to"].error() == simdjson::NO_SUCH_FIELD);

    std::string legal;
    process::write_probabilities(legal, 1, 2, view, true, std::span(candidates).first(1));
    simdjson::dom::element small = parser.parse(legal);
    CHECK(small["view"]["stacks"].error() == simdjson::NO_SUCH_FIELD);
    CHECK(simdjson::dom::array(small["candidates"]).size() == 1);

    CHECK(process::parse_hello(R"({"type":"hello","protocol":1,"probabilities":true})")
              .probabilities);
    CHECK_FALSE(process::parse_hello(R"({"type":"hello","protocol":1})").probabilities);
    const process::Hello bad =
        process::parse_hello(R"({"type":"hello","protocol":1,"probabilities":"yes"})");
    CHECK_FALSE(bad.ok);
    CHECK_THAT(bad.error, Catch::Contains("\"probabilities\" must be true or false"));
}

TEST_CASE("process protocol: probabilities answers", "[process]") {
    std::string scratch;
    using Kind = process::Answer::Kind;
    auto a = process::parse_answer(R"({"id":5,"probabilities":[0,0.25,1]})", scratch);
    CHECK(a.kind == Kind::Probabilities);
    CHECK(a.id == 5);
    CHECK(a.probabilities == std::vector<double>{0, 0.25, 1});
    a = process::parse_answer(R"({"probabilities":[],"id":6})", scratch);
    CHECK(a.kind == Kind::Probabilities);
    CHECK(a.probabilities.empty());
    // A wrong value is the fault of the request the id names.
    for (const char* wrong :
         {R"({"id":7,"probabilities":[0.5,"x"]})", R"({"id":7,"probabilities":0.5})",
          R"({"probabilities":[null],"id":7})",
          R"({"id":7,"probabilities":[1],"action":"call"})"}) {
        INFO(wrong);
        a = process::parse_answer(wrong, scratch);
        CHECK(a.kind == Kind::BadLine);
        CHECK(a.has_id);
        CHECK(a.id == 7);
    }
    a = process::parse_answer(R"({"id":8,"error":"no model"})", scratch);
    CHECK(a.kind == Kind::Error);
    CHECK(a.probabilities.empty());
}

TEST_CASE("process protocol: strings are escaped and made valid UTF-8", "[process]") {
    std::string out;
    process::append_json_string(out, std::string("a\"b\\c\n\x1b[2J\xff\xc3\xa9", 13));
    CHECK(out == "\"a\\\"b\\\\c\\u000a\\u001b[2J\\ufffd\xc3\xa9\"");
    simdjson::dom::parser parser;
    CHECK(parser.parse(out).error() == simdjson::SUCCESS);
}

TEST_CASE("process protocol: a message quoting a bot's line writes its other bytes as hex",
          "[process]") {
    std::string scratch;
    // Latin-1 "café", an overlong form of '/' and a lone surrogate: none valid UTF-8.
    const process::Answer a = process::parse_answer(
        std::string("{\"id\":5,\"error\":\"caf\xe9 \xc0\xaf \xed\xa0\x80 \xc3\xa9\"}"), scratch);
    CHECK(a.kind == process::Answer::Kind::BadLine);
    CHECK(a.message ==
          "not a JSON object: \"{\\\"id\\\":5,\\\"error\\\":\\\"caf\\xE9 "
          "\\xC0\\xAF \\xED\\xA0\\x80 \xc3\xa9\\\"}\"");
    // A line for the bot, by contrast, holds U+FFFD escapes: it must parse as JSON.
    std::string out;
    process::append_json_string(out, "\xc0\xaf");
    CHECK(out == "\"\\ufffd\\ufffd\"");
}

TEST_CASE("process protocol: a long line is quoted up to 80 bytes, never inside a character",
          "[process]") {
    std::string scratch;
    // 79 bytes, then a two-byte "é" across the 80th: the quote stops before it, rather than
    // showing its first byte as \xC3.
    const std::string line = std::string(79, 'x') + "\xc3\xa9 and more";
    const process::Answer a = process::parse_answer(line, scratch);
    CHECK(a.message == "not a JSON object: \"" + std::string(79, 'x') + "\"...");
    // A character that ends at the 80th byte is kept.
    const std::string fits = std::string(78, 'x') + "\xc3\xa9 and more";
    CHECK(process::parse_answer(fits, scratch).message ==
          "not a JSON object: \"" + std::string(78, 'x') + "\xc3\xa9\"...");
}

TEST_CASE("process protocol: answers", "[process]") {
    std::string scratch;
    using Kind = process::Answer::Kind;
    auto a = process::parse_answer(R"({"id":5,"action":"raise","to":300})", scratch);
    CHECK(a.kind == Kind::Action);
    CHECK(a.id == 5);
    CHECK(a.action == Action::raise_to(300));
    a = process::parse_answer(R"({"action":"check","id":6})", scratch);
    CHECK(a.kind == Kind::Action);
    CHECK(a.action == Action::check_call());
    a = process::parse_answer(R"({"id":7,"error":"model not loaded"})", scratch);
    CHECK(a.kind == Kind::Error);
    CHECK(a.message == "model not loaded");
    a = process::parse_answer(R"({"id":8,"action":"bet","to":3})", scratch);
    CHECK(a.kind == Kind::BadLine);
    CHECK(a.has_id);
    CHECK_THAT(a.message, Catch::Contains("unknown action \"bet\""));
    a = process::parse_answer(R"({"id":9,"action":"raise"})", scratch);
    CHECK(a.kind == Kind::BadLine);
    CHECK_THAT(a.message, Catch::Contains("without \"to\""));
    a = process::parse_answer(R"({"id":9,"action":"call"} trailing)", scratch);
    CHECK(a.kind == Kind::BadLine);
    CHECK_FALSE(a.has_id);
    a = process::parse_answer("\x01\x02 garbage", scratch);
    CHECK_FALSE(a.has_id);
    CHECK_THAT(a.message, Catch::Contains("not a JSON object"));
    a = process::parse_answer(R"({"id":-1,"action":"call"})", scratch);
    CHECK_FALSE(a.has_id);
    a = process::parse_answer(R"([1,2])", scratch);
    CHECK_FALSE(a.has_id);
    // The common spellings are matched byte for byte; anything near them goes to the parser,
    // which decides as JSON does.
    a = process::parse_answer(R"({"id":12345678901234567890,"action":"raise","to":-0})", scratch);
    CHECK(a.kind == Kind::Action);
    CHECK(a.id == 12345678901234567890ULL);
    CHECK(a.action == Action::raise_to(0));
    a = process::parse_answer(R"({"id":5,"action":"fold"} )", scratch);
    CHECK(a.kind == Kind::Action);
    CHECK(a.action == Action::fold());
    a = process::parse_answer(R"({"id":01,"action":"call"})", scratch);
    CHECK_FALSE(a.has_id);
    a = process::parse_answer(R"({"id":18446744073709551616,"action":"call"})", scratch);
    CHECK_FALSE(a.has_id);
    a = process::parse_answer(R"({"id":7,"action":"raise","to":1.5})", scratch);
    CHECK(a.kind == Kind::BadLine);
    // An amount too large for any number type is one bad answer for the decision its id names,
    // whatever its digits: the line stays readable, so the bot keeps its process.
    for (const char* huge :
         {R"({"id":7,"action":"raise","to":1234567890123456789012345678901234567890})",
          R"({"to":-1234567890123456789012345678901234567890,"action":"raise","id":7})",
          R"({"id":7,"action":"raise","to":18446744073709551616})",
          R"({"id":7,"action":"raise","to":1e400})"}) {
        INFO(huge);
        a = process::parse_answer(huge, scratch);
        CHECK(a.kind == Kind::BadLine);
        CHECK(a.has_id);
        CHECK(a.id == 7);
        CHECK_THAT(a.message, Catch::Contains("\"to\" is too large for an amount"));
    }
    a = process::parse_answer(R"({"id":7,"action":"raise","to":18446744073709551615})", scratch);
    CHECK(a.kind == Kind::BadLine);
    CHECK(a.has_id);
    // Digits inside a string are text, not a number, and are left as they are.
    a = process::parse_answer(
        R"({"note":"12345678901234567890123456789012345678901 \" 99","id":7,"to":1e999})", scratch);
    CHECK(a.kind == Kind::BadLine);
    CHECK(a.id == 7);
    CHECK_THAT(a.message, Catch::Contains("too large"));
    a = process::parse_answer(R"({"id":7,"action":"call"}})", scratch);
    CHECK_FALSE(a.has_id);
    // A wrong value is the fault of the decision the id names, whatever the order of the keys.
    for (const char* wrong : {R"({"action":5,"id":7})", R"({"to":1.5,"action":"raise","id":7})",
                              R"({"id":7,"to":"x","action":"raise"})"}) {
        a = process::parse_answer(wrong, scratch);
        CHECK(a.kind == Kind::BadLine);
        CHECK(a.has_id);
        CHECK(a.id == 7);
    }
}

TEST_CASE("process specs: command, quoting, options and their errors", "[process]") {
    ProcessBotSpec s = parse_process_spec("proc:python3 'my bot.py' \"--x=a b\"");
    CHECK(s.command == std::vector<std::string>{"python3", "my bot.py", "--x=a b"});
    CHECK(s.procs == 1);
    s = parse_process_spec("proc[procs=3,timeout=2.5,max_restarts=0]:./bot");
    CHECK(s.procs == 3);
    CHECK(s.decision_timeout == std::chrono::milliseconds(2500));
    CHECK(s.max_restarts == 0);
    CHECK(s.command == std::vector<std::string>{"./bot"});
    CHECK(is_process_spec("proc:x"));
    CHECK_FALSE(is_process_spec("tag"));
    CHECK_THROWS_WITH(parse_process_spec("proc:"), Catch::Contains("no command"));
    CHECK_THROWS_WITH(parse_process_spec("proc:python3 'x"), Catch::Contains("not closed"));
    // Each refusal states the real bounds, in the option's own kind of number.
    CHECK_THROWS_WITH(parse_process_spec("proc[procs=0]:x"),
                      Catch::EndsWith("procs='0': expected a whole number from 1 to 64"));
    CHECK_THROWS_WITH(parse_process_spec("proc[procs=1.5]:x"),
                      Catch::EndsWith("procs='1.5': expected a whole number from 1 to 64"));
    CHECK_THROWS_WITH(parse_process_spec("proc[procs=65]:x"),
                      Catch::EndsWith("procs='65': expected a whole number from 1 to 64"));
    CHECK_THROWS_WITH(
        parse_process_spec("proc[max_restarts=-1]:x"),
        Catch::EndsWith("max_restarts='-1': expected a whole number from 0 to 1000000"));
    CHECK_THROWS_WITH(parse_process_spec("proc[timeout=0]:x"),
                      Catch::EndsWith("timeout='0': expected seconds from 0.001 to 86400"));
    CHECK_THROWS_WITH(parse_process_spec("proc[start_timeout=nan]:x"),
                      Catch::EndsWith("start_timeout='nan': expected seconds from 0.001 to 86400"));
    CHECK(parse_process_spec("proc[timeout=0.001]:x").decision_timeout ==
          std::chrono::milliseconds(1));
    CHECK_THROWS_WITH(parse_process_spec("proc[speed=3]:x"),
                      Catch::Contains("unknown option 'speed'"));
    CHECK_THROWS_WITH(parse_process_spec("proc[procs=2,procs=3]:x"),
                      Catch::Contains("given twice"));
    CHECK_THROWS_WITH(parse_process_spec("proc[procs=2:x"), Catch::Contains("not closed"));
}

TEST_CASE("process bots: a program that cannot start is an error naming it", "[process]") {
    ProcessBotSpec spec = misbehaving("good");
    spec.command = {"/no/such/program", "x"};
    CHECK_THROWS_WITH(
        ProcessBotFactory(spec, "proc:x"),
        Catch::Contains("cannot start '/no/such/program': No such file or directory"));
    // A program that is there, in a folder that is not: the folder is what is missing.
    ProcessBotSpec nowhere = misbehaving("good");
    nowhere.working_dir = "/no/such/folder";
    CHECK_THROWS_WITH(ProcessBotFactory(nowhere, "proc:x"),
                      Catch::EndsWith("its folder '/no/such/folder' does not exist or is not a "
                                      "folder"));
    CHECK_THROWS_WITH(ProcessBotFactory(misbehaving("refuse"), "proc:x"),
                      Catch::Contains("refused: this bot plays only fixed-limit"));
    CHECK_THROWS_WITH(ProcessBotFactory(misbehaving("bad_protocol"), "proc:x"),
                      Catch::Contains("speaks protocol 99; this host speaks 1"));
    CHECK_THROWS_WITH(
        ProcessBotFactory(misbehaving("no_hello"), "proc:x"),
        Catch::Contains("exited with status 4") && Catch::Contains("cannot load model weights"));
    ProcessBotSpec silent = misbehaving("silent");
    silent.start_timeout = std::chrono::milliseconds(200);
    CHECK_THROWS_WITH(ProcessBotFactory(silent, "proc:x"),
                      Catch::Contains("no hello within 0.2 s"));
}

TEST_CASE("process bots: a good bot plays, in order and out of order", "[process]") {
    for (const char* mode : {"good", "reverse"}) {
        const Played p = play_against_call(misbehaving(mode), 200);
        CHECK(p.faults.total() == 0);
        CHECK(p.caller_faults.total() == 0);
        CHECK(p.decisions > 200);
        CHECK(p.conserved);
        CHECK(p.stats.restarts == 0);
        CHECK(p.stats.api_name == "misbehaving");
    }
}

TEST_CASE("process bots: each misbehaviour is a named fault and play goes on", "[process]") {
    struct Case {
        const char* mode;
        FaultKind kind;
        const char* message;
        bool restart;
    };
    const Case cases[] = {
        {"crash", FaultKind::Crash, "was killed by SIGSEGV", true},
        {"exit", FaultKind::Crash, "exited with status 3", true},
        {"hang", FaultKind::Timeout, "did not answer within 0.3 s", true},
        {"garbage", FaultKind::BadAnswer, "wrote a line that is not an answer", true},
        {"huge", FaultKind::BadAnswer, "wrote a line of over 1 MiB", true},
        {"bad_action", FaultKind::BadAnswer, "unknown action \"bet\"", false},
        {"error", FaultKind::ErrorStatus, "the bot answered an error: no idea", false},
        {"close_stdout", FaultKind::Crash, "closed its output", true},
        {"fork_exit", FaultKind::Crash, "exited with status 0", true},
    };
    const std::string once = scratch_path("misbehaved");
    for (const Case& c : cases) {
        INFO(c.mode);
        // Once only: the restarted process finds the file and behaves.
        std::filesystem::remove(once);
        ProcessBotSpec spec = misbehaving(c.mode, 5);
        if (c.kind == FaultKind::Timeout) spec.decision_timeout = std::chrono::milliseconds(300);
        spec.env = {"MISBEHAVE_ONCE_FILE=" + once};
        const Played p = play_against_call(spec, 100);
        CHECK(p.faults.total() == 1);
        CHECK(p.faults.of(c.kind) == 1);
        CHECK_THAT(p.faults.first_message, Catch::Contains(c.message));
        CHECK(p.caller_faults.total() == 0);
        CHECK(p.conserved);
        CHECK(p.stats.restarts == (c.restart ? 1 : 0));
        CHECK_FALSE(p.stats.out);
    }
    std::filesystem::remove(once);
}

TEST_CASE("process bots: a process a bot starts outside its group ends with the bot", "[process]") {
    const std::string pid_file = scratch_path("setsid_child.pid");
    ProcessBotSpec spec = misbehaving("setsid_child");
    spec.env = {"MISBEHAVE_PID_FILE=" + pid_file};
    const Played p = play_against_call(spec, 5);
    CHECK(p.faults.total() == 0);
    pid_t child = 0;
    std::ifstream(pid_file) >> child;
    std::filesystem::remove(pid_file);
    REQUIRE(child > 0);
    // The child left the bot's process group, so killing the group missed it; the host, its
    // subreaper, killed and reaped it when the bot ended: there is no such process any more.
    const bool gone = ::kill(child, 0) != 0 && errno == ESRCH;
    if (!gone) ::kill(child, SIGKILL);
    CHECK(gone);
}

TEST_CASE("process bots: an answer for an id not pending is a bad line: the process restarts",
          "[process]") {
    const std::string once = scratch_path("not_pending");
    // unknown_id writes its line before the decision's own answer: the decision is pending in
    // the process the line ends, and is its bad answer.
    std::filesystem::remove(once);
    ProcessBotSpec spec = misbehaving("unknown_id", 3);
    spec.env = {"MISBEHAVE_ONCE_FILE=" + once};
    Played p = play_against_call(spec, 50);
    CHECK(p.faults.total() == 1);
    CHECK(p.faults.of(FaultKind::BadAnswer) == 1);
    CHECK_THAT(p.faults.first_message,
               Catch::Contains("answered id ") &&
                   Catch::Contains(", which is not a pending decision (never asked, or answered "
                                   "already)"));
    CHECK(p.stats.bad_lines == 1);
    CHECK(p.stats.restarts == 1);
    CHECK(p.conserved);
    // repeat_id's second answer follows the first in one write, after the decision it answers
    // was played: no decision is pending to take the fault, yet the line is counted and the
    // process restarted all the same.
    std::filesystem::remove(once);
    spec = misbehaving("repeat_id", 3);
    spec.env = {"MISBEHAVE_ONCE_FILE=" + once};
    p = play_against_call(spec, 50);
    CHECK(p.faults.total() == 0);
    CHECK(p.stats.bad_lines == 1);
    CHECK(p.stats.restarts == 1);
    CHECK_THAT(p.stats.first_problem, Catch::Contains("not a pending decision"));
    CHECK(p.conserved);
    std::filesystem::remove(once);
}

TEST_CASE("process bots: a late answer to a decision the host gave up is counted, not a fault",
          "[process]") {
    const SeatView view = first_view();
    ProcessBotFactory factory(misbehaving("good"), "proc:good");
    auto bot = factory.create(1);
    struct Ticket final : DecisionTicket {
        bool called = false;
        void answered(RemoteDecision&&, const Strategy*) override { called = true; }
    } ticket;
    ProcessLane lane;
    lane.add(factory.process(0));
    // Posted and given up before the lane writes it: the bot answers a decision the host no
    // longer waits for.
    bot->posting()->post_decide(view, &ticket);
    lane.forget_pending();
    while (factory.stats().bad_lines == 0)
        lane.pump(std::chrono::milliseconds(100));
    CHECK_FALSE(ticket.called);
    CHECK(factory.stats().restarts == 0);
    CHECK(factory.stats().first_problem.empty());
    // The process plays on.
    CHECK(bot->decide(view) == Action::check_call());
    CHECK(factory.stats().restarts == 0);
}

TEST_CASE("process bots: check-bot names a bot that answers twice", "[process]") {
    CheckBotOptions options;
    options.hands_per_setup = 10;
    const Checked c = checked(std::string("proc:") + MISBEHAVING_BOT + " repeat_id 3", options);
    INFO(c.out);
    CHECK(c.code == 1);
    // Every process repeats its third answer: six bad lines use up the five restarts.
    CHECK_THAT(c.out, Catch::Contains("  bad lines: 6 (lines that answered no pending "
                                      "decision), 5 restarts\n    first problem: "));
    CHECK_THAT(c.out, Catch::Contains("which is not a pending decision"));
    CHECK_THAT(c.out, !Catch::Contains("result: clean"));
}

TEST_CASE("process bots: check-bot's --timeout is a process bot's time limit", "[process]") {
    CheckBotOptions options;
    options.hands_per_setup = 2;
    options.call_timeout_seconds = 1;
    for (const auto& [options_text, limit] : {std::pair{"[max_restarts=0]", "1 s"},
                                              std::pair{"[max_restarts=0,timeout=0.5]", "0.5 s"}}) {
        const Checked c = checked(
            std::string("proc") + options_text + ":" + MISBEHAVING_BOT + " hang 1", options);
        INFO(c.out);
        CHECK(c.code == 1);
        // The spec's own limit, where it sets one, is the more particular.
        CHECK_THAT(c.out, Catch::Contains(std::string("did not answer within ") + limit + "\n"));
        CHECK_THAT(c.out, Catch::Contains("  timeout: 1\n"));
    }
}

TEST_CASE("process bots: a flood on standard error is logged up to its cap", "[process]") {
    ProcessBotSpec spec = misbehaving("flood", 2);
    // 40 MB go through the host before the answer (misbehaving()'s limit of 60 s cannot fire).
    std::filesystem::remove(spec.stderr_log);
    const Played p = play_against_call(spec, 20);
    CHECK(p.faults.total() == 0);
    CHECK(std::filesystem::file_size(spec.stderr_log) ==
          static_cast<std::uintmax_t>(kMaxStderrBytes));
    CHECK(p.stats.stderr_bytes_dropped == (std::int64_t{40} << 20) - kMaxStderrBytes);
    std::filesystem::remove(spec.stderr_log);
}

TEST_CASE("process bots: after max_restarts the bot is out, and every decision a fault",
          "[process]") {
    ProcessBotSpec spec = misbehaving("crash", 1);  // every process crashes at once
    spec.max_restarts = 2;
    const Played p = play_against_call(spec, 30);
    CHECK(p.stats.restarts == 2);
    CHECK(p.stats.out);
    CHECK(p.faults.total() == p.decisions);
    // The decisions pending in the three processes crashed; once out, the rest are forfeited
    // without being asked, and the driver says from which hand.
    CHECK(p.faults.of(FaultKind::Crash) == 3);
    CHECK(p.faults.of(FaultKind::Forfeit) == p.decisions - 3);
    CHECK(p.faults.first_forfeit.starts_with("hand "));
    CHECK(p.conserved);
}

TEST_CASE("process bots: a fault once, then the restarted process plays on", "[process]") {
    ProcessBotSpec spec = misbehaving("crash", 4);
    const std::string once = scratch_path("once");
    std::filesystem::remove(once);
    spec.env = {"MISBEHAVE_ONCE_FILE=" + once};
    const Played p = play_against_call(spec, 300);
    CHECK(p.faults.total() == 1);
    CHECK(p.stats.restarts == 1);
    CHECK(p.decisions > 300);
    std::filesystem::remove(once);
}

TEST_CASE("process bots: events reach a bot that asks for them, and only then", "[process]") {
    ProcessBotSpec spec = misbehaving("events");
    ProcessBotFactory factory(spec, "proc:events");
    auto bot = factory.create(1);
    CHECK(bot->wants_events());
    CHECK(bot->view_needs() == Bot::ViewNeeds::LegalOnly);
    auto caller = make_bot("call", 2);
    Table table(test::mixed_stack_game(2), 3, 0);
    std::array<Bot*, 2> bots{bot.get(), caller.get()};
    SeatDriver driver(table, bots);
    REQUIRE(driver.play_hands(1, [](const HandRecord&) {}) == 1);
    // Before its first decision (seat 0 is the big blind in hand 0): hand started, two forced
    // bets, its own hole cards (not the other seat's) and the button's call.
    CHECK(table.last_hand().button == 1);
    CHECK_THAT(driver.faults(0).first_message, Catch::EndsWith("events=5"));
}

TEST_CASE("process bots: action probabilities, offered or not", "[process]") {
    const SeatView view = first_view();
    const std::array<Action, 3> candidates{Action::fold(), Action::check_call(),
                                           Action::raise_to(view.legal.min_raise_to)};
    std::array<double, 3> p{-1, -1, -1};
    {
        ProcessBotFactory factory(misbehaving("good"), "proc:good");
        auto bot = factory.create(1);
        CHECK_FALSE(bot->action_probabilities(view, candidates, p));
        CHECK(p[0] == -1);
    }
    ProcessBotFactory factory(misbehaving("probs"), "proc:probs");
    auto bot = factory.create(1);
    REQUIRE(bot->action_probabilities(view, candidates, p));
    CHECK(p == std::array<double, 3>{0, 1, 0});
    // Decisions go on as before, on the same process.
    CHECK(bot->decide(view) == Action::check_call());
    REQUIRE(bot->action_probabilities(view, std::span(candidates).first(2), std::span(p).first(2)));
    CHECK(p[1] == 1);
    CHECK(factory.stats().bad_lines == 0);
}

TEST_CASE("process bots: a wrong probabilities answer is a bad answer", "[process]") {
    const SeatView view = first_view();
    const std::array<Action, 2> candidates{Action::fold(), Action::check_call()};
    std::array<double, 2> p{};
    for (const char* mode : {"probs_count", "probs_action"}) {
        INFO(mode);
        ProcessBotFactory factory(misbehaving(mode), "proc:x");
        auto bot = factory.create(1);
        try {
            bot->action_probabilities(view, candidates, p);
            FAIL("no BotError");
        } catch (const BotError& e) {
            CHECK(e.kind() == FaultKind::BadAnswer);
            CHECK_THAT(e.what(), Catch::Contains(std::string(mode) == "probs_count"
                                                     ? "answered 1 probabilities for 2 candidates"
                                                     : "answered an action to a probabilities"));
        }
        // The process plays on.
        CHECK(bot->decide(view) == Action::check_call());
        CHECK(factory.stats().restarts == 0);
    }
}

TEST_CASE("process bots: check-bot checks the probabilities a process bot offers", "[process]") {
    CheckBotOptions options;
    options.hands_per_setup = 10;
    {
        std::ostringstream out;
        const int code = check_bot(std::string("proc:") + MISBEHAVING_BOT + " probs", options, out);
        INFO(out.str());
        CHECK(code == 0);
        CHECK_THAT(out.str(), Catch::Contains("action probabilities: 0 invalid of"));
        CHECK_THAT(out.str(), !Catch::Contains("of 0 checked"));
    }
    {
        std::ostringstream out;
        const int code = check_bot(std::string("proc:") + MISBEHAVING_BOT + " good", options, out);
        INFO(out.str());
        CHECK(code == 0);
        CHECK_THAT(out.str(), Catch::Contains("action probabilities: not offered"));
    }
    {
        std::ostringstream out;
        const int code =
            check_bot(std::string("proc:") + MISBEHAVING_BOT + " probs_count", options, out);
        INFO(out.str());
        CHECK(code == 1);
        CHECK_THAT(out.str(), Catch::Contains("probabilities for"));
    }
}

TEST_CASE("process bots: check-bot's forked check process starts bots after this one has",
          "[process]") {
    // check_bot() checks in a forked child, which has this process's memory but not its
    // threads: the thread that starts bot programs, started here by the first game, is not
    // there, and the child waited for it forever. It now starts its own.
    REQUIRE(play_against_call(misbehaving("good"), 5).faults.total() == 0);
    CheckBotOptions options;
    options.hands_per_setup = 10;
    options.call_timeout_seconds = 60;
    std::ostringstream out;
    CHECK(check_bot("proc:" + std::string(MISBEHAVING_BOT) + " good", options, out) == 0);
    INFO(out.str());
    CHECK_THAT(out.str(), Catch::Contains("decisions/s"));
}

TEST_CASE("process bots: a decision after the factory shut its processes down is a fault at once",
          "[process]") {
    const SeatView view = first_view();
    ProcessBotFactory factory(misbehaving("good"), "proc:good");
    auto bot = factory.create(1);
    CHECK(bot->decide(view) == Action::check_call());
    factory.shut_down();
    try {
        bot->decide(view);
        FAIL("no BotError");
    } catch (const BotError& e) {
        CHECK(e.kind() == FaultKind::Forfeit);
        CHECK_THAT(e.what(), Catch::Contains("has been shut down"));
    }
}
