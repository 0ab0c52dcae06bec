// ACPC clients in tournaments, through the pokerarena command's acpc-bridge: a trivial C client
// plays as `call` does, chip for chip; a pokerarena bot played through `acpc-client` (both
// directions of the protocol at once) plays as the same bot in process, chip for chip, heads-up
// and three-handed, no-limit and fixed-limit; a client that misbehaves costs named faults or a
// clear start-up error, never the run or a chip.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>

#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("pokerarena_acpc_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir / name;
}

std::string game_file(const std::string& name) {
    return std::string(POKERARENA_TEST_DATA) + "/acpc/" + name;
}

// `first` against call and allin (heads-up round robin, or a ring of the three) in the game of
// `game`, 24 deals in units of 6. Not duplicate: these bots play alike from both seats, so the
// two halves of every duplicate pair would cancel and every figure would be 0.
TournamentConfig field(const std::string& first, const std::string& game, Format format) {
    pokerarena::set_acpc_bridge_command({POKERARENA_COMMAND, "acpc-bridge"});
    TournamentConfig config;
    BotEntry& bot = *config.add_bots();
    bot.set_spec(first);
    bot.set_name("first");
    config.add_bots()->set_spec("call");
    config.add_bots()->set_spec("allin");
    config.set_format(format);
    config.set_deals(24);
    config.set_deals_per_unit(6);
    config.set_match_deals(3);  // as long in process as for the client
    config.set_seed(11);
    config.set_duplicate(false);
    config.set_acpc_game(game_file(game));
    return config;
}

// The figures of a report, without what differs between a bot in process and an ACPC client.
std::string figures(Report report) {
    report.clear_run();
    report.clear_timing();
    report.mutable_config()->mutable_bots(0)->clear_spec();
    for (BotResult& bot : *report.mutable_bots()) {
        bot.clear_mean_decision_us();
        bot.clear_spec();
        bot.clear_process();
        bot.clear_plugin();
    }
    for (UnitResult& unit : *report.mutable_units()) {
        unit.clear_timing_decision_ns();
        for (BotUnit& bot : *unit.mutable_bots())
            bot.clear_decision_ns();
    }
    return report.SerializeAsString();
}

Report run(const TournamentConfig& config, int threads = 2, int tables = 8,
           const std::string& logs = "logs") {
    const Tournament tournament = make_tournament(config, BotLoading::Load, {}, scratch(logs));
    RunOptions options;
    options.threads = threads;
    options.tables = tables;
    return run_tournament(tournament, options);
}

std::int64_t net_sum(const Report& report) {
    std::int64_t sum = 0;
    for (const BotResult& bot : report.bots())
        sum += bot.net_chips();
    return sum;
}

const std::string kClient = std::string("acpc:") + ACPC_TEST_CLIENT;

std::string through_acpc_client(const std::string& bot, const std::string& game,
                                const std::string& options = "") {
    return "acpc" + options + ":" + POKERARENA_COMMAND + " acpc-client --bot " + bot + " --game " +
           game_file(game) + " {host} {port}";
}

}  // namespace

TEST_CASE("acpc: a C client that calls plays as call does, chip for chip", "[acpc]") {
    for (const auto& [game, format] : {std::pair{"holdem.nolimit.2p.game", ROUND_ROBIN},
                                       std::pair{"holdem.limit.2p.game", ROUND_ROBIN},
                                       std::pair{"holdem.nolimit.3p.game", RING}}) {
        INFO(game);
        const Report expected = run(field("call", game, format));
        const Report acpc = run(field(kClient, game, format));
        CHECK(acpc.bots(0).decisions() > 0);
        CHECK(acpc.bots(0).faults().crash() == 0);
        CHECK(acpc.bots(0).process().restarts() == 0);
        CHECK(acpc.bots(0).net_chips() != 0);
        CHECK(figures(acpc) == figures(expected));
        // Two clients, two connections, two lanes: the same figures.
        TournamentConfig two = field(kClient, game, format);
        two.mutable_bots(0)->set_spec("acpc[procs=2]:" + std::string(ACPC_TEST_CLIENT));
        CHECK(figures(run(two, 2, 4)) == figures(expected));
    }
}

TEST_CASE("acpc: a bot through acpc-client plays as in process, chip for chip", "[acpc]") {
    // The history bot raises the minimum whenever it may: raise totals of every size up to
    // all-in, short stacks after allin's shove, and the limit caps.
    for (const auto& [game, format] : {std::pair{"holdem.nolimit.2p.game", ROUND_ROBIN},
                                       std::pair{"holdem.limit.2p.game", ROUND_ROBIN},
                                       std::pair{"holdem.limit.3p.game", RING}}) {
        INFO(game);
        const Report expected = run(field(PLUGIN_HISTORY_BOT, game, format));
        // One connection shared by the lane, and one connection a match with every state.
        for (const std::string options : {"", "[connection=match]"}) {
            INFO(options);
            const Report acpc =
                run(field(through_acpc_client(PLUGIN_HISTORY_BOT, game, options), game, format));
            CHECK(acpc.bots(0).decisions() > 0);
            CHECK(acpc.bots(0).faults().exception() == 0);
            CHECK(acpc.bots(0).faults().crash() == 0);
            CHECK(acpc.bots(0).net_chips() != 0);
            CHECK(figures(acpc) == figures(expected));
        }
    }
}

TEST_CASE("acpc: Kuhn and Leduc definitions are games that ACPC clients play chip for chip",
          "[acpc]") {
    // game: FILE plays the definition's own game (the dealer's cards: J, Q, K, A of spades in
    // three-player Kuhn). A bot through acpc-client, told the same file, plays as in process,
    // through one lane connection and a connection a match; the C client calls as call does.
    for (const auto& [game, format] :
         {std::pair{"kuhn.limit.3p.game", RING}, std::pair{"leduc.limit.2p.game", ROUND_ROBIN}}) {
        INFO(game);
        const auto in_game = [&](const std::string& first) {
            TournamentConfig config = field(first, game, format);
            config.clear_acpc_game();
            config.set_game(game_file(game));
            return config;
        };
        const Report expected = run(in_game("equity:bluff=0"));
        CHECK(expected.config().stack_big_blinds() == 1000);  // 1000 antes: no stack given
        for (const std::string options : {"", "[connection=match]"}) {
            INFO(options);
            const Report acpc = run(in_game(through_acpc_client("equity:bluff=0", game, options)));
            CHECK(acpc.bots(0).decisions() > 0);
            CHECK(acpc.bots(0).faults().exception() + acpc.bots(0).faults().bad_answer() +
                      acpc.bots(0).faults().crash() ==
                  0);
            CHECK(acpc.bots(0).net_chips() != 0);
            CHECK(figures(acpc) == figures(expected));
        }
        const Report calls = run(in_game(kClient));
        CHECK(calls.bots(0).decisions() > 0);
        CHECK(figures(calls) == figures(run(in_game("call"))));
    }
}

TEST_CASE(
    "acpc: a bot through acpc-client that cannot play the run's game is refused at "
    "start-up, with its reason",
    "[acpc]") {
    // tag reads hold'em hands: in Leduc its client refuses before connecting, and the run
    // quotes why rather than playing a bot by rules it does not know.
    TournamentConfig config = field(through_acpc_client("tag", "leduc.limit.2p.game"),
                                    "leduc.limit.2p.game", ROUND_ROBIN);
    config.clear_acpc_game();
    config.set_game(game_file("leduc.limit.2p.game"));
    CHECK_THROWS_WITH(
        make_tournament(config, BotLoading::Load, {}, scratch("logs")),
        Catch::Contains("bots[0].spec: ") &&
            Catch::Contains("the ACPC client exited before it connected (exit status 2)") &&
            Catch::Contains("acpc-client: --bot tag cannot play --game ") &&
            Catch::Contains("tag plays Texas hold'em only, not leduc"));
}

TEST_CASE("acpc: a game file and what disagrees with it", "[acpc]") {
    TournamentConfig config = field("call", "kuhn.limit.3p.game", ROUND_ROBIN);
    config.clear_acpc_game();
    config.set_game(game_file("kuhn.limit.3p.game"));
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Skip),
                      Catch::Contains("game: " + game_file("kuhn.limit.3p.game") +
                                      " has 3 players; round robin and gauntlet are heads-up"));
    config.set_format(RING);
    config.set_big_blind(2);
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Skip),
                      Catch::Contains("gives big_blind 1 but the configuration says 2"));
    config.clear_big_blind();
    // AIVAT plays the definition's game; all-in EV is hold'em's.
    config.set_allin_ev(true);
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Skip),
                      Catch::Contains("allin_ev: given, but the game of"));
    config.set_allin_ev(false);
    config.set_aivat(true);
    CHECK(make_tournament(config, BotLoading::Skip).config.aivat());
    config.set_aivat(false);
    const Tournament t = make_tournament(config, BotLoading::Skip);
    CHECK(t.game.ranking == pokerarena::HandRanking::HighCard);
    CHECK(t.game.num_seats == 3);
    CHECK(t.config.betting() == FIXED_LIMIT);
    // The same configuration, filled in, makes the same tournament (a report's is checked
    // again).
    CHECK(make_tournament(t.config, BotLoading::Skip).game == t.game);
    // acpc_game is hold'em's: a Kuhn file there is refused, pointing at game.
    TournamentConfig old = field("call", "kuhn.limit.3p.game", RING);
    CHECK_THROWS_WITH(make_tournament(old, BotLoading::Load),
                      Catch::Contains("is not Texas hold'em; give it as game:"));
}

namespace {

// The sums of the check client's end-of-connection lines in a log, and how many there were.
struct CheckLines {
    long connections = 0, hands = 0, states = 0, showdowns = 0, answers = 0, errors = 0;
    std::string first_error;
};

CheckLines read_check_lines(const std::string& log) {
    CheckLines sums;
    std::ifstream in(log);
    REQUIRE(in);
    const std::string prefix = "acpc_test_client check: ";
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with(prefix)) continue;
        long h = 0, s = 0, w = 0, a = 0, e = 0;
        char tail[16] = {};
        if (std::sscanf(line.c_str() + prefix.size(),
                        "%ld hands, %ld states, %ld showdowns, %ld answers, %ld error%15s", &h, &s,
                        &w, &a, &e, tail) != 6) {
            if (sums.first_error.empty()) sums.first_error = line;
            continue;
        }
        ++sums.connections;
        sums.hands += h;
        sums.states += s;
        sums.showdowns += w;
        sums.answers += a;
        sums.errors += e;
    }
    return sums;
}

}  // namespace

TEST_CASE("acpc: with connection=match each match is a connection with every state of its hands",
          "[acpc]") {
    for (const bool duplicate : {false, true}) {
        INFO("duplicate " << duplicate);
        const std::string logs = duplicate ? "match_logs_duplicate" : "match_logs";
        std::filesystem::remove_all(scratch(logs).parent_path() / (logs + ".first.stderr.log"));
        TournamentConfig config =
            field("acpc[connection=match]:" + std::string(ACPC_TEST_CLIENT) + " check",
                  "holdem.nolimit.2p.game", ROUND_ROBIN);
        config.set_duplicate(duplicate);
        TournamentConfig calling = config;
        calling.mutable_bots(0)->set_spec("call");
        const Report report = run(config, 2, 8, logs);
        const BotResult& bot = report.bots(0);
        CHECK(bot.faults().exception() + bot.faults().bad_answer() + bot.faults().crash() == 0);
        CHECK(bot.process().restarts() == 0);
        CHECK(figures(report) == figures(run(calling)));
        const CheckLines check = read_check_lines(bot.process().stderr_log());
        INFO(check.first_error);
        CHECK(check.first_error.empty());
        CHECK(check.errors == 0);
        // Two opponents, 24 deals each in matches of 3, played once or twice (the halves of a
        // duplicate pair are matches of their own, as the ACPC plays them).
        CHECK(check.connections == 2 * 8 * (duplicate ? 2 : 1));
        CHECK(check.hands == bot.hands());
        CHECK(check.answers == bot.decisions());
        // A first state, then one for every action of the hand: more than the answers.
        CHECK(check.states > check.hands + check.answers);
        CHECK(check.showdowns > 0);
    }
}

TEST_CASE("acpc: matches of 100 deals or more get a connection each unless lane is asked for",
          "[acpc]") {
    TournamentConfig config = field(kClient, "holdem.nolimit.2p.game", ROUND_ROBIN);
    config.clear_bots();
    config.add_bots()->set_spec(kClient + " check");
    config.mutable_bots(0)->set_name("first");
    config.add_bots()->set_spec("call");
    config.set_deals(200);
    config.set_deals_per_unit(100);
    config.set_match_deals(100);
    const std::string logs = "auto_logs";
    std::filesystem::remove_all(scratch(logs).parent_path() / (logs + ".first.stderr.log"));
    const Report report = run(config, 1, 8, logs);
    const CheckLines check = read_check_lines(report.bots(0).process().stderr_log());
    CHECK(check.errors == 0);
    CHECK(check.connections == 2);
    CHECK(check.hands == 200);
    // Shorter matches share the lane's connection: the check client, sent only the states it
    // is to act in, finds them not extending each other.
    config.set_match_deals(50);
    const std::string lane_logs = "lane_logs";
    std::filesystem::remove_all(scratch(lane_logs).parent_path() /
                                (lane_logs + ".first.stderr.log"));
    const Report lane = run(config, 1, 8, lane_logs);
    CHECK(read_check_lines(lane.bots(0).process().stderr_log()).errors > 0);
}

TEST_CASE("acpc: a wrong echo, a malformed or an illegal action is a fault of that decision",
          "[acpc]") {
    // The client's first state is the small blind's, 50 in of 20,000: a raise goes to 200 to
    // 20,000 over the hand, as the bridge names it (not the table's street totals).
    const std::string kLegalTotals = "; the legal raise totals are r200 to r20000";
    for (const auto& [mode, game, kind] :
         {std::tuple{"wrong-echo", "holdem.nolimit.2p.game", std::string("wrong MATCHSTATE echo")},
          std::tuple{"malformed", "holdem.nolimit.2p.game", std::string("malformed ACPC action")},
          std::tuple{"illegal", "holdem.nolimit.2p.game",
                     "illegal ACPC raise: 'r1' is below the smallest legal raise total, r200" +
                         kLegalTotals},
          std::tuple{"huge", "holdem.nolimit.2p.game",
                     "illegal ACPC raise: 'r99999999999999999999' is above the largest legal "
                     "raise total, r20000 (all-in)" +
                         kLegalTotals},
          std::tuple{"total", "holdem.limit.2p.game",
                     std::string("malformed ACPC action: 'r7' is a raise with a total in a "
                                 "fixed-limit game")}}) {
        INFO(mode);
        const Report report = run(field(kClient + " " + mode, game, ROUND_ROBIN), 1, 4);
        const BotResult& bot = report.bots(0);
        // Only the first state of each connection (one lane: one) is spoilt: an error status.
        CHECK(bot.faults().exception() == 1);
        CHECK(bot.faults().illegal_action() == 0);
        CHECK_THAT(bot.faults().first_message(), Catch::Contains(kind));
        CHECK(bot.process().restarts() == 0);
        CHECK(report.complete());
        CHECK(net_sum(report) == 0);
    }
}

TEST_CASE("acpc: an answer out of turn, a disconnect or a second connection restarts the client",
          "[acpc]") {
    for (const auto& [mode, problem] : {std::pair{"answer-twice", "where it was not asked to act"},
                                        std::pair{"disconnect", "closed its connection"},
                                        std::pair{"connect-twice", "connected a second time"},
                                        std::pair{"no-version", "is not VERSION:2.0.0"}}) {
        INFO(mode);
        TournamentConfig config =
            field(kClient + " " + mode, "holdem.nolimit.2p.game", ROUND_ROBIN);
        config.mutable_bots(0)->set_spec("acpc[max_restarts=2]:" + std::string(ACPC_TEST_CLIENT) +
                                         " " + mode);
        const Report report = run(config, 1, 4);
        const BotResult& bot = report.bots(0);
        CHECK(bot.process().restarts() >= 1);
        // The bridge's reason is the line that is not an answer: a bad answer, quoted.
        CHECK(bot.faults().bad_answer() >= 1);
        CHECK_THAT(bot.process().first_problem(), Catch::Contains(problem));
        CHECK(report.complete());
        CHECK(net_sum(report) == 0);
    }
}

TEST_CASE("acpc: a client that stops answering is a timeout, and the run goes on", "[acpc]") {
    TournamentConfig config = field(kClient, "holdem.nolimit.2p.game", ROUND_ROBIN);
    config.mutable_bots(0)->set_spec(
        "acpc[timeout=0.2,max_restarts=1]:" + std::string(ACPC_TEST_CLIENT) + " hang");
    const Report report = run(config, 1, 4);
    const BotResult& bot = report.bots(0);
    CHECK(bot.faults().timeout() == 2);  // one a process: the first, then the restarted one
    CHECK(bot.process().out());
    CHECK(report.complete());
    CHECK(net_sum(report) == 0);
}

TEST_CASE("acpc: a client that never connects, or exits first, is a start-up error", "[acpc]") {
    TournamentConfig config = field(kClient, "holdem.nolimit.2p.game", ROUND_ROBIN);
    // The bridge gives up after 4/5 of start_timeout and must say so within the rest: 0.6 s
    // here, for the bridge's own start too. With 0.5 s (0.1 s to spare) a ThreadSanitizer
    // build, slow to start, ran out of it.
    config.mutable_bots(0)->set_spec("acpc[start_timeout=3]:" + std::string(ACPC_TEST_CLIENT) +
                                     " never-connect");
    CHECK_THROWS_WITH(run(config), Catch::Contains("did not connect to 127.0.0.1:") &&
                                       Catch::Contains("bots[0].spec"));
    config.mutable_bots(0)->set_spec(kClient + " exit-early");
    CHECK_THROWS_WITH(run(config), Catch::Contains("exited before it connected (exit status 3)"));
    // One exit status in the message, the client's: not the bridge's too, which refused.
    try {
        run(config);
    } catch (const std::exception& e) {
        const std::string message = e.what();
        CHECK(message.find("status") == message.rfind("status"));
    }
}

TEST_CASE("acpc: acpc_game sets the game, and what disagrees with it is refused", "[acpc]") {
    TournamentConfig config = field("call", "holdem.limit.2p.game", ROUND_ROBIN);
    const Tournament t = make_tournament(config, BotLoading::Load);
    CHECK(t.config.betting() == FIXED_LIMIT);
    CHECK(t.config.small_blind() == 5);
    CHECK(t.config.big_blind() == 10);
    CHECK(t.config.stack_big_blinds() == 1000);
    // Filled in, it reads back to the same tournament.
    CHECK(make_tournament(t.config, BotLoading::Load).config.SerializeAsString() ==
          t.config.SerializeAsString());
    config.set_big_blind(20);
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Load),
                      Catch::Contains("acpc_game:") && Catch::Contains("big_blind 10") &&
                          Catch::Contains("says 20"));
    config = field("call", "holdem.nolimit.3p.game", ROUND_ROBIN);
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Load),
                      Catch::Contains("has 3 players; round robin and gauntlet are heads-up"));
    config.set_acpc_game(game_file("missing.game"));
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Load),
                      Catch::Contains("missing.game: cannot be read"));
}

TEST_CASE("acpc: a client out of restarts forfeits the rest of its decisions", "[acpc]") {
    // One lane, no restart: the client's hang costs one timeout, and then it is out.
    TournamentConfig config = field(kClient, "holdem.nolimit.2p.game", ROUND_ROBIN);
    config.mutable_bots(0)->set_spec(
        "acpc[timeout=0.2,max_restarts=0]:" + std::string(ACPC_TEST_CLIENT) + " hang");
    const Report report = run(config, 1, 4);
    const BotResult& bot = report.bots(0);
    CHECK(bot.process().out());
    CHECK(bot.faults().timeout() == 1);
    // The decisions asked of the client when it went (one per table in flight, at most 4)
    // were lost with it: the oldest a timeout, the others crashes. Every later decision is a
    // forfeit: none was asked.
    CHECK(bot.faults().timeout() + bot.faults().crash() <= 4);
    CHECK(bot.faults().forfeit() > 4);
    CHECK(bot.faults().timeout() + bot.faults().crash() + bot.faults().forfeit() ==
          bot.decisions());
    CHECK(bot.faults().exception() + bot.faults().bad_answer() == 0);
    CHECK_THAT(bot.faults().first_forfeit(), Catch::StartsWith("unit "));
    CHECK(report.complete());
    CHECK(net_sum(report) == 0);
}

TEST_CASE("acpc: a client told another game definition than the run's is refused at start-up",
          "[acpc]") {
    // The run plays no-limit; the client's own command line names the limit game (a user who
    // forgot --acpc-game): it would play by other rules than the run's.
    TournamentConfig config = field("call", "holdem.nolimit.2p.game", ROUND_ROBIN);
    config.mutable_bots(0)->set_spec(through_acpc_client("call", "holdem.limit.2p.game"));
    CHECK_THROWS_WITH(
        make_tournament(config, BotLoading::Load, {}, scratch("logs")),
        Catch::Contains("bots[0].spec: the ACPC client's argument '") &&
            Catch::Contains("holdem.limit.2p.game' is a game definition of fixed-limit hold'em, "
                            "2 players, blinds 5/10") &&
            Catch::Contains("but the run plays no-limit hold'em, 2 players"));
    // Given the same game, it starts.
    config.mutable_bots(0)->set_spec(through_acpc_client("call", "holdem.nolimit.2p.game"));
    CHECK(make_tournament(config, BotLoading::Load, {}, scratch("logs")).factories.size() == 3);
}
