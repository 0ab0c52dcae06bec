// The ACPC protocol's pieces: state lines written from a table's views (known lines), parsed
// back and answered for a bot (acpc-client), actions, and game definition files.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/bots/acpc_client.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/engine/table.hpp"

using namespace pokerarena;

namespace {

const char* kNoLimit2p =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
const char* kLimit3p =
    "# three-handed\nGAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 4\nblind = 5 10 0\n"
    "raiseSize = 10 10 20 20\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\n"
    "numRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

Card card(const char* text) {
    return Card::parse(text);
}

// A table of `game` whose next hand has the button in `button` and these cards.
Table dealt(const acpc::GameDefinition& game, int button,
            std::initializer_list<std::pair<const char*, const char*>> holes, const char* board) {
    Table table(game.game, 1, 1);
    table.set_button(button);
    PresetCards cards;
    int s = 0;
    for (const auto& [a, b] : holes) {
        cards.hole[static_cast<std::size_t>(s)] = {card(a), card(b)};
        cards.hole_known[static_cast<std::size_t>(s)] = true;
        ++s;
    }
    const std::vector<Card> b = parse_cards(board);
    for (std::size_t k = 0; k < b.size(); ++k)
        cards.board[k] = b[k];
    cards.board_known = static_cast<int>(b.size());
    table.set_next_hand_cards(cards);
    return table;
}

// The state line of the seat to act after advance().
std::string state_of(Table& table, std::uint32_t hand, bool limit) {
    const Event e = table.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    std::string line, error;
    REQUIRE(
        acpc::write_state(line, table.view(e.seat), hand, acpc::StateGame{.limit = limit}, error));
    return line;
}

}  // namespace

TEST_CASE("acpc: heads-up no-limit states, raise totals over the hand", "[acpc]") {
    const acpc::GameDefinition game = acpc::parse_game_definition(kNoLimit2p, "2p.game");
    // The button (seat 1) is position 1 and posts the small blind; seat 0 is position 0.
    Table table = dealt(game, 1, {{"Qh", "Qc"}, {"As", "Kd"}}, "2c3d4h5s6s");
    CHECK(state_of(table, 7, false) == "MATCHSTATE:1:7::|AsKd");
    REQUIRE(table.act(Action::raise_to(300)).ok());
    CHECK(state_of(table, 7, false) == "MATCHSTATE:0:7:r300:QhQc|");
    REQUIRE(table.act(Action::check_call()).ok());
    // The flop: the big blind acts first; a bet to 600 on the street is 900 over the hand.
    CHECK(state_of(table, 7, false) == "MATCHSTATE:0:7:r300c/:QhQc|/2c3d4h");
    REQUIRE(table.act(Action::raise_to(600)).ok());
    CHECK(state_of(table, 7, false) == "MATCHSTATE:1:7:r300c/r900:|AsKd/2c3d4h");
    REQUIRE(table.act(Action::raise_to(1800)).ok());
    CHECK(state_of(table, 7, false) == "MATCHSTATE:0:7:r300c/r900r2100:QhQc|/2c3d4h");
    REQUIRE(table.act(Action::check_call()).ok());
    CHECK(state_of(table, 7, false) == "MATCHSTATE:0:7:r300c/r900r2100c/:QhQc|/2c3d4h/5s");
}

TEST_CASE("acpc: a three-handed limit state, positions from the small blind", "[acpc]") {
    const acpc::GameDefinition game = acpc::parse_game_definition(kLimit3p, "3p.game");
    CHECK(game.limit);
    CHECK(game.game.structure == BettingStructure::FixedLimit);
    CHECK(game.game.small_blind == 5);
    CHECK(game.game.big_blind == 10);
    CHECK(game.stack == 10000);  // no stack: 1000 big blinds
    // Button seat 2: seat 0 is the small blind (position 0), seat 1 the big blind (1), and the
    // button (position 2) acts first.
    Table table = dealt(game, 2, {{"2c", "7d"}, {"Jh", "Js"}, {"Ac", "Ad"}}, "");
    CHECK(state_of(table, 0, true) == "MATCHSTATE:2:0::||AcAd");
    REQUIRE(table.act(Action::raise_to(20)).ok());
    CHECK(state_of(table, 0, true) == "MATCHSTATE:0:0:r:2c7d||");
    REQUIRE(table.act(Action::fold()).ok());
    CHECK(state_of(table, 0, true) == "MATCHSTATE:1:0:rf:|JhJs|");
}

TEST_CASE("acpc: actions as clients write them", "[acpc]") {
    acpc::ClientAction a;
    std::string error;
    CHECK(acpc::parse_action("f", false, a, error));
    CHECK(a.kind == ActionKind::Fold);
    CHECK(acpc::parse_action("c\r", false, a, error));
    CHECK(a.kind == ActionKind::CheckCall);
    REQUIRE(acpc::parse_action("r2100", false, a, error));
    CHECK(a.kind == ActionKind::RaiseTo);
    CHECK(a.total == 2100);
    // The street total is the hand total less what the seat had in before the round.
    CHECK(acpc::to_engine(a, 300, LegalActions{}, false) == Action::raise_to(1800));
    CHECK(acpc::parse_action("r", true, a, error));
    LegalActions legal;
    legal.can_raise = true;
    legal.min_raise_to = legal.max_raise_to = 20;
    CHECK(acpc::to_engine(a, 10, legal, true) == Action::raise_to(20));
    for (const char* bad : {"r", "x", "", "r-5", "r12x", "cc", "r+5"}) {
        INFO(bad);
        error.clear();
        CHECK_FALSE(acpc::parse_action(bad, false, a, error));
        CHECK_FALSE(error.empty());
    }
    // A total too large for any table is still a raise total, one no seat may raise to.
    for (const char* huge : {"r9223372036854775807", "r99999999999999999999"}) {
        INFO(huge);
        REQUIRE(acpc::parse_action(huge, false, a, error));
        CHECK(a.has_total);
        CHECK(a.total == kMaxTotalChips + 1);
    }
}

TEST_CASE("acpc: a fixed-limit raise is a bare r, a total there belongs to no-limit", "[acpc]") {
    acpc::ClientAction a;
    std::string error;
    for (const char* total : {"r7", "r0", "r300", "r99999999999999999999"}) {
        INFO(total);
        error.clear();
        CHECK_FALSE(acpc::parse_action(total, true, a, error));
        CHECK_THAT(error, Catch::Contains(std::string("'") + total +
                                          "' is a raise with a total "
                                          "in a fixed-limit game") &&
                              Catch::Contains("bare r"));
    }
    REQUIRE(acpc::parse_action("r", true, a, error));
    CHECK(a.kind == ActionKind::RaiseTo);
    CHECK_FALSE(a.has_total);
}

TEST_CASE("acpc: a no-limit raise total is judged in hand totals, as ACPC writes it", "[acpc]") {
    LegalActions legal;
    legal.can_raise = true;
    legal.min_raise_to = 100;  // a bet of a big blind on the flop
    legal.max_raise_to = legal.all_in_to = 19900;
    // 100 in before the flop: the legal totals are 200 to 20,000.
    CHECK(acpc::raise_total_problem(200, 100, legal).empty());
    CHECK(acpc::raise_total_problem(20000, 100, legal).empty());
    CHECK(acpc::raise_total_problem(1, 100, legal) ==
          "is below the smallest legal raise total, r200; the legal raise totals are r200 to "
          "r20000");
    CHECK(acpc::raise_total_problem(150, 100, legal) ==
          "is below the smallest legal raise total, r200; the legal raise totals are r200 to "
          "r20000");
    CHECK(acpc::raise_total_problem(kMaxTotalChips + 1, 100, legal) ==
          "is above the largest legal raise total, r20000 (all-in); the legal raise totals are "
          "r200 to r20000");
    legal.min_raise_to = legal.max_raise_to;  // short: all-in is the only raise
    CHECK(acpc::raise_total_problem(300, 100, legal) ==
          "is below the smallest legal raise total, r20000; r20000 is the only legal raise");
    legal.can_raise = false;
    CHECK(acpc::raise_total_problem(300, 100, legal) ==
          "no raise is allowed here: the seat may only call (c) or fold (f)");
    legal.can_check = true;
    CHECK(acpc::raise_total_problem(300, 100, legal) ==
          "no raise is allowed here: the seat may only check (c)");
}

TEST_CASE("acpc: state lines parsed back", "[acpc]") {
    acpc::MatchState s;
    std::string error;
    REQUIRE(acpc::parse_match_state("MATCHSTATE:1:42:r300c/r900:|AsKd/2c3d4h\r\n", s, error));
    CHECK(s.position == 1);
    CHECK(s.hand == 42);
    CHECK(s.round == 1);
    REQUIRE(s.num_actions == 3);
    CHECK(s.actions[0].kind == ActionKind::RaiseTo);
    CHECK(s.actions[0].total == 300);
    CHECK(s.actions[1].kind == ActionKind::CheckCall);
    CHECK(s.actions[2].total == 900);
    CHECK(s.actions[2].round == 1);
    CHECK(s.num_positions == 2);
    CHECK_FALSE(s.hole_known[0]);
    CHECK(s.hole_known[1]);
    CHECK(s.board_count == 3);
    std::uint32_t hand = 0;
    CHECK(acpc::state_hand("MATCHSTATE:0:17:cc/:Ah2d|", hand));
    CHECK(hand == 17);
    for (const char* bad :
         {"", "MATCHSTATE", "MATCHSTATE:0:1", "MATCHSTATE:x:1::|", "MATCHSTATE:0:1:q:|",
          "MATCHSTATE:0:1::A|", "MATCHSTATE:0:1::AsK|", "MATCHSTATE:0:1::AsKdQh|",
          "MATCHSTATE:3:1::AsKd|", "MATCHSTATE:0:1:c////:AsKd|", "MATCHSTATE:0:1::AsKd|/Zz",
          "MATCHSTATE:0:1::AsKd|/2c3c4c5c6c7c", "GARBAGE:0:1::|"}) {
        INFO(bad);
        error.clear();
        CHECK_FALSE(acpc::parse_match_state(bad, s, error));
        CHECK_FALSE(error.empty());
    }
}

TEST_CASE("acpc: a bot answers the states in which it is to act", "[acpc]") {
    const acpc::GameDefinition game = acpc::parse_game_definition(kNoLimit2p, "2p.game");
    AcpcClientResult result;
    std::ostringstream err;
    std::string answer;
    auto call = make_bot_factory("call")->create(1);
    auto allin = make_bot_factory("allin")->create(1);
    auto fold = make_bot_factory("fold")->create(1);
    CHECK(answer_state("MATCHSTATE:1:3:r300c/r900:|AsKd/2c3d4h", game, *call, answer, result, err));
    CHECK(answer == "MATCHSTATE:1:3:r300c/r900:|AsKd/2c3d4h:c");
    answer.clear();
    // All in: the whole stack, 20,000 over the hand.
    CHECK(
        answer_state("MATCHSTATE:1:3:r300c/r900:|AsKd/2c3d4h", game, *allin, answer, result, err));
    CHECK(answer == "MATCHSTATE:1:3:r300c/r900:|AsKd/2c3d4h:r20000");
    answer.clear();
    CHECK(answer_state("MATCHSTATE:0:4:r250:QhQc|", game, *fold, answer, result, err));
    CHECK(answer == "MATCHSTATE:0:4:r250:QhQc|:f");
    answer.clear();
    // Not its turn, and a hand that is over: no answer.
    CHECK_FALSE(answer_state("MATCHSTATE:0:5::QhQc|", game, *call, answer, result, err));
    CHECK_FALSE(answer_state("MATCHSTATE:0:5:f:QhQc|", game, *call, answer, result, err));
    CHECK(answer.empty());
    CHECK(result.decisions == 3);
    CHECK(result.faults == 0);
    // Betting the game does not allow is refused, naming it.
    CHECK_THROWS_WITH(answer_state("MATCHSTATE:0:5:r120:QhQc|", game, *call, answer, result, err),
                      Catch::Contains("not legal"));
    CHECK_THROWS_WITH(answer_state("MATCHSTATE:0:5::QhQc||", game, *call, answer, result, err),
                      Catch::Contains("3 positions"));
    // A raise total the seat may not make is named in the dealer's hand totals: after 100 each
    // before the flop, r150 is a flop bet of 50.
    CHECK_THROWS_WITH(
        answer_state("MATCHSTATE:1:6:cc/r150:|AsKd/2c3d4h", game, *call, answer, result, err),
        Catch::Equals("action 3 of the betting is not legal in this game: r150 is below the "
                      "smallest legal raise total, r200; the legal raise totals are r200 to "
                      "r20000"));
    CHECK_THROWS_WITH(
        answer_state("MATCHSTATE:1:6:cc/r20001:|AsKd/2c3d4h", game, *call, answer, result, err),
        Catch::Contains("r20001 is above the largest legal raise total, r20000 (all-in)"));
    CHECK(answer.empty());
}

TEST_CASE("acpc-client: a raise total in a fixed-limit state is another game's", "[acpc]") {
    const std::string data = std::string(POKERARENA_TEST_DATA) + "/acpc";
    const acpc::GameDefinition holdem = acpc::read_game_definition(data + "/holdem.limit.2p.game");
    const acpc::GameDefinition leduc = acpc::read_game_definition(data + "/leduc.limit.2p.game");
    AcpcClientResult result;
    std::ostringstream err;
    std::string answer;
    auto call = make_bot_factory("call")->create(1);
    // The bare r of fixed-limit is played as the game's raise.
    CHECK(answer_state("MATCHSTATE:1:0:r:|Kh", leduc, *call, answer, result, err));
    CHECK(answer == "MATCHSTATE:1:0:r:|Kh:c");
    answer.clear();
    for (const auto& [line, game, total] :
         {std::tuple{"MATCHSTATE:0:0:r7:AsKd|", &holdem, "r7"},
          std::tuple{"MATCHSTATE:0:0:r300:AsKd|", &holdem, "r300"},
          std::tuple{"MATCHSTATE:1:0:r99:|Kh", &leduc, "r99"},
          std::tuple{"MATCHSTATE:1:0:r0:|Kh", &leduc, "r0"},
          std::tuple{"MATCHSTATE:1:0:rr2:|Kh", &leduc, "r2"}}) {
        INFO(line);
        CHECK_THROWS_WITH(answer_state(line, *game, *call, answer, result, err),
                          Catch::Contains(std::string(", ") + total +
                                          ", is a raise with a total in a fixed-limit game") &&
                              Catch::Contains("the dealer plays a no-limit game"));
    }
    CHECK(answer.empty());
    CHECK(result.decisions == 1);
}

namespace {

// `base` with its first `from` replaced by `to`.
std::string edited(std::string base, const std::string& from, const std::string& to) {
    base.replace(base.find(from), from.size(), to);
    return base;
}

// Each definition text, read as `name`, is refused with a message that contains its own.
void require_refusals(const char* name,
                      std::initializer_list<std::pair<std::string, std::string>> cases) {
    for (const auto& [text, message] : cases) {
        INFO(text);
        CHECK_THROWS_WITH(acpc::parse_game_definition(text, name), Catch::Contains(message));
    }
}

}  // namespace

TEST_CASE("acpc: game definitions pokerarena cannot play are refused by line", "[acpc]") {
    const acpc::GameDefinition game = acpc::parse_game_definition(kNoLimit2p, "2p.game");
    CHECK_FALSE(game.limit);
    CHECK(game.game.small_blind == 50);
    CHECK(game.game.big_blind == 100);
    CHECK(game.game.starting_stacks[0] == 20000);
    CHECK(game.game.reset_stacks_each_hand);
    const auto with = [](const std::string& from, const std::string& to) {
        return edited(kNoLimit2p, from, to);
    };
    require_refusals(
        "2p.game",
        {
            {with("nolimit", "potlimit"), "2p.game:2: 'potlimit'"},
            {with("numRounds = 4", "numRounds = 3"),
             "2p.game:11: numBoardCards = 0 3 1 1: expected 3 values, one per round (numRounds = "
             "3)"},
            {with("numRounds = 4", "numRounds = 5"), "2p.game:4: numRounds = 5: expected 1 to 4"},
            {with("blind = 100 50", "blind = 50 100"), "2p.game:6: blind = 50 100"},
            {with("firstPlayer = 2 1 1 1", "firstPlayer = 1 2 2 2"), "2p.game:7: firstPlayer"},
            {with("numSuits = 4", "numSuits = 2"),
             "2p.game:8: numRanks = 13, numSuits = 2: pokerarena ranks the best five cards on the "
             "full 52-card deck only"},
            {with("numBoardCards = 0 3 1 1", "numBoardCards = 0 3 0 1"),
             "2p.game:11: numBoardCards = 0 3 0 1: every round after the first deals board cards"},
            {with("numBoardCards = 0 3 1 1", "numBoardCards = 3 0 1 1"),
             "2p.game:11: numBoardCards = 3 0 1 1: pokerarena deals no board card before the first "
             "betting round"},
            {with("blind = 100 50", "blind = 5 5"),
             "2p.game:6: blind = 5 5: equal blinds are antes here, which pokerarena plays in limit "
             "games only"},
            {with("numHoleCards = 2", "numHoleCards = 4"), "numHoleCards = 4"},
            {with("stack = 20000 20000", "stack = 20000 100"), "stack = 20000 100"},
            {with("stack = 20000 20000", "stack = lots"), "expected whole numbers"},
            {with("numSuits = 4", "ante = 5"), "unknown key 'ante'"},
            {with("END GAMEDEF\n", ""), "no END GAMEDEF"},
            {with("GAMEDEF\n", "GAMEDEFX\n"), "2p.game:1: expected GAMEDEF"},
            {with("stack = 20000 20000\n", ""), "no stack"},
            {with("numRanks = 13", "numRanks = 13\nnumRanks = 13"), "given twice (line 9)"},
        });

    // Blinds too large for a table, refused before any size is computed from them (the fuzzer
    // found 1000 big blinds overflowing for a limit definition without a stack).
    CHECK_THROWS_WITH(acpc::parse_game_definition(
                          with("blind = 100 50", "blind = 9223372036854775807 50"), "2p.game"),
                      Catch::Contains("2p.game:6: blind = 9223372036854775807 50: more than the"));
    std::string limit = kLimit3p;
    limit.replace(limit.find("blind = 5 10 0"), 14, "blind = 5 3333333333333333 0");
    std::string raises = kLimit3p;
    raises.replace(raises.find("maxRaises = 3 4 4 4"), 19, "maxRaises = 9223372036854775807 4 4 4");
    CHECK_THROWS_WITH(acpc::parse_game_definition(raises, "3p.game"),
                      Catch::Contains("3p.game:9: maxRaises = 9223372036854775807 4 4 4"));
    CHECK_THROWS_WITH(acpc::parse_game_definition(limit, "3p.game"),
                      Catch::Contains("3p.game:6: blind = 5 3333333333333333 0") &&
                          Catch::Contains("give a stack"));
}

namespace {

// A small ACPC dealer: plays `hands` hands of `game` on a table, sending every position that
// has not folded its state after every action (as an ACPC dealer does) through answer_state,
// and playing the one answer that comes, checked and converted as a dealer reads it. A second
// table with the same seed plays the same hands with the same bots in process. Both must take
// the same actions and end every hand with the same stacks.
void dealer_agrees(const char* definition, const std::vector<std::string>& specs, int hands) {
    const acpc::GameDefinition game = acpc::parse_game_definition(definition, "game");
    const int n = game.game.num_seats;
    REQUIRE(static_cast<int>(specs.size()) == n);
    std::vector<std::unique_ptr<Bot>> direct, remote;
    for (const std::string& spec : specs) {
        direct.push_back(make_bot_factory(spec)->create(3));
        remote.push_back(make_bot_factory(spec)->create(3));
    }
    Table inside(game.game, 9, 4), dealt_out(game.game, 9, 4);
    for (Table* t : {&inside, &dealt_out})
        t->set_pause_mask(kDefaultPauseMask | pause_bit(EventKind::HandEnded));
    AcpcClientResult result;
    std::ostringstream err;
    std::int64_t raises = 0;
    for (int hand = 0; hand < hands; ++hand) {
        for (;;) {
            const Event a = inside.advance();
            const Event b = dealt_out.advance();
            REQUIRE(a.kind == b.kind);
            if (a.kind == EventKind::HandEnded) {
                for (int s = 0; s < n; ++s)
                    CHECK(inside.view(s).stacks == dealt_out.view(s).stacks);
                break;
            }
            REQUIRE(a.kind == EventKind::ActionRequired);
            REQUIRE(a.seat == b.seat);
            const Action expected =
                direct[static_cast<std::size_t>(a.seat)]->decide(inside.view(a.seat));
            raises += expected.kind == ActionKind::RaiseTo;
            REQUIRE(inside.act(expected).ok());
            // Every position still in gets the state; only the one to act answers.
            std::string line, answer, error;
            Action played;
            int answers = 0;
            for (int s = 0; s < n; ++s) {
                const SeatView view = dealt_out.view(s);
                if (view.folded & (SeatMask{1} << s)) continue;
                line.clear();
                answer.clear();
                REQUIRE(acpc::write_state(line, view, static_cast<std::uint32_t>(hand),
                                          acpc::state_game(game.game), error));
                if (!answer_state(line, game, *remote[static_cast<std::size_t>(s)], answer, result,
                                  err))
                    continue;
                ++answers;
                REQUIRE(s == b.seat);
                REQUIRE(answer.starts_with(line + ":"));
                acpc::ClientAction action;
                REQUIRE(acpc::parse_action(std::string_view(answer).substr(line.size() + 1),
                                           game.limit, action, error));
                const auto me = static_cast<std::size_t>(s);
                played = acpc::to_engine(action, view.committed[me] - view.bets[me], view.legal,
                                         game.limit);
            }
            REQUIRE(answers == 1);
            CHECK(played == expected);
            REQUIRE(dealt_out.act(played).ok());
        }
    }
    CHECK(result.faults == 0);
    CHECK(raises > 0);
}

}  // namespace

TEST_CASE("acpc: a small dealer and the same bots in process agree chip for chip", "[acpc]") {
    dealer_agrees(kNoLimit2p, {PLUGIN_HISTORY_BOT, "allin"}, 60);
    dealer_agrees(kNoLimit2p, {"tag:aggression=0", PLUGIN_HISTORY_BOT}, 60);
    dealer_agrees(kLimit3p, {PLUGIN_HISTORY_BOT, "call", "call"}, 60);
    const char* no_limit_6p =
        "GAMEDEF\nnolimit\nnumPlayers = 6\nnumRounds = 4\nstack = 20000\n"
        "blind = 50 100 0 0 0 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
        "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";
    dealer_agrees(no_limit_6p,
                  {"call", PLUGIN_HISTORY_BOT, "tag:aggression=0", "call", "fold", "tag"}, 40);
}

namespace {

// A dealer for one connection on a loopback port: sends `script` (lines and perhaps half of
// one), stops writing, and reads what the client sent until it closes, while play_acpc_client
// plays against it on this thread. Reading to the end means the close is the dealer's alone:
// a socket closed with the client's bytes unread would be reset instead.
struct ScriptedDealer {
    int listener = -1;
    std::string port;
    std::string received;
    std::thread thread;

    explicit ScriptedDealer(std::string script) {
        listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        REQUIRE(listener >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        REQUIRE(::listen(listener, 1) == 0);
        socklen_t size = sizeof address;
        REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size) == 0);
        port = std::to_string(ntohs(address.sin_port));
        thread = std::thread([this, script = std::move(script)] {
            const int client = ::accept(listener, nullptr, nullptr);
            if (client < 0) return;
            for (std::size_t done = 0; done < script.size();) {
                const ssize_t n =
                    ::send(client, script.data() + done, script.size() - done, MSG_NOSIGNAL);
                if (n <= 0) break;
                done += static_cast<std::size_t>(n);
            }
            ::shutdown(client, SHUT_WR);
            char chunk[4096];
            for (ssize_t n; (n = ::recv(client, chunk, sizeof chunk, 0)) > 0;)
                received.append(chunk, static_cast<std::size_t>(n));
            ::close(client);
        });
    }
    ~ScriptedDealer() {
        if (thread.joinable()) thread.join();
        ::close(listener);
    }
};

struct ClientRun {
    AcpcClientResult result;
    std::string err;
    std::string received;  // what the client sent the dealer
};

ClientRun play_script(const std::string& script) {
    const acpc::GameDefinition game = acpc::parse_game_definition(kNoLimit2p, "2p.game");
    auto bot = make_bot_factory("call")->create(1);
    ClientRun run;
    std::ostringstream err;
    {
        ScriptedDealer dealer(script);
        run.result = play_acpc_client(game, *bot, "127.0.0.1", dealer.port, err);
        dealer.thread.join();
        run.received = dealer.received;
    }
    run.err = err.str();
    return run;
}

}  // namespace

TEST_CASE("acpc-client: a match that ends after a hand's final state is a clean end", "[acpc]") {
    // Hand 4: position 0 to act (answered); then its final state, and hand 5 folded at once.
    const ClientRun run = play_script(
        "MATCHSTATE:0:4:r250:QhQc|\r\nMATCHSTATE:0:4:r250c/cc/cc/cc:QhQc|AsKd/2c3d4h/5s/6h\r\n"
        "MATCHSTATE:0:5:f:QhQc|\r\n");
    CHECK(run.result.status == 0);
    CHECK(run.result.hands == 2);
    CHECK(run.result.decisions == 1);
    CHECK(run.err.empty());
    CHECK(run.received == "VERSION:2.0.0\r\nMATCHSTATE:0:4:r250:QhQc|:c\r\n");
}

TEST_CASE("acpc-client: a dealer that closes inside a hand or a line cuts the match short",
          "[acpc]") {
    // The close comes after the client's answer: hand 4 is still being played.
    ClientRun run = play_script("MATCHSTATE:0:5:f:QhQc|\r\nMATCHSTATE:0:4:r250:QhQc|\r\n");
    CHECK(run.result.status == kAcpcClientCutShort);
    CHECK(run.result.hands == 1);
    CHECK_THAT(run.err, Catch::Contains("the dealer closed the connection in the middle of hand 4 "
                                        "after 1 hand played to their end; the match was cut "
                                        "short"));
    // Inside a line: what came of it is quoted.
    run = play_script("MATCHSTATE:0:5:f:QhQc|\r\nMATCHSTATE:0:6:r2");
    CHECK(run.result.status == kAcpcClientCutShort);
    CHECK_THAT(run.err, Catch::Contains("in the middle of a line ('MATCHSTATE:0:6:r2' unfinished) "
                                        "after 1 hand played to their end"));
}

TEST_CASE("acpc-client: the dealer's bytes are shown escaped", "[acpc]") {
    // A state that is not one, holding a terminal's clear-screen sequence and a bell.
    const ClientRun run = play_script("MATCHSTATE:0:1:\x1b[2J\a:QhQc|\r\n");
    CHECK(run.result.status == 1);
    CHECK_THAT(run.err, Catch::Contains("cannot play the state 'MATCHSTATE:0:1:\\x1B[2J\\x07"));
    CHECK(run.err.find('\x1b') == std::string::npos);
    CHECK(run.err.find('\a') == std::string::npos);
}

TEST_CASE("acpc: a client's argument naming another game definition is found", "[acpc]") {
    const std::string data = std::string(POKERARENA_TEST_DATA) + "/acpc";
    const GameDef nolimit = acpc::read_game_definition(data + "/holdem.nolimit.2p.game").game;
    const GameDef limit = acpc::read_game_definition(data + "/holdem.limit.2p.game").game;
    // The same game, a file that is not a definition, a word that is no file: nothing to say.
    CHECK(acpc::game_definition_mismatch({"player", "holdem.nolimit.2p.game", "x"}, data, nolimit)
              .empty());
    CHECK(acpc::game_definition_mismatch({"player", "127.0.0.1", "18791"}, data, nolimit).empty());
    // A definition pokerarena cannot play is not the run's game either.
    CHECK_THAT(acpc::game_definition_mismatch({"player", "bad.game"}, data, nolimit),
               Catch::Contains("argument 'bad.game' is a game definition pokerarena cannot "
                               "play (") &&
                   Catch::Contains("potlimit"));
    CHECK(acpc::game_definition_mismatch({"holdem.limit.2p.game"}, data, nolimit).empty());
    // Another game: both named, as an argument or as --game=FILE.
    const std::string wrong =
        acpc::game_definition_mismatch({"player", "holdem.limit.2p.game"}, data, nolimit);
    CHECK_THAT(wrong, Catch::Contains("argument 'holdem.limit.2p.game' is a game definition of "
                                      "fixed-limit hold'em, 2 players, blinds 5/10") &&
                          Catch::Contains("but the run plays no-limit hold'em, 2 players") &&
                          Catch::Contains("--acpc-game holdem.limit.2p.game"));
    CHECK_THAT(
        acpc::game_definition_mismatch({"player", "--game=holdem.nolimit.2p.game"}, data, limit),
        Catch::Contains("'holdem.nolimit.2p.game' is a game definition of no-limit"));
    // Other players, or another stack.
    const GameDef three = acpc::read_game_definition(data + "/holdem.nolimit.3p.game").game;
    CHECK_THAT(acpc::game_definition_mismatch({"p", "holdem.nolimit.2p.game"}, data, three),
               Catch::Contains("the run plays no-limit hold'em, 3 players"));
    GameDef deeper = nolimit;
    deeper.starting_stacks.fill(nolimit.starting_stacks[0] * 2);
    CHECK_FALSE(
        acpc::game_definition_mismatch({"p", "holdem.nolimit.2p.game"}, data, deeper).empty());
}

// ---- Games other than hold'em: Kuhn and Leduc from ACPC definitions ----------------------

TEST_CASE("acpc: Kuhn and Leduc definitions read into the games GameDef defines",
          "[acpc][acpc_games]") {
    const std::string data = std::string(POKERARENA_TEST_DATA) + "/acpc";
    const acpc::GameDefinition kuhn = acpc::read_game_definition(data + "/kuhn.limit.3p.game");
    CHECK(kuhn.limit);
    CHECK(kuhn.stack == 1000);  // no stack given: 1000 antes
    // The ACPC dealer deals the highest cards: J, Q, K and A of spades. Otherwise the game is
    // GameDef::kuhn's, which leaves the ace out.
    CHECK(kuhn.game.deck() == CardSet::parse("JsQsKsAs"));
    GameDef expected = GameDef::kuhn(3, 1000);
    expected.deck_ranks = kuhn.game.deck_ranks;
    expected.reset_stacks_each_hand = true;
    CHECK(kuhn.game == expected);

    const acpc::GameDefinition leduc = acpc::read_game_definition(data + "/leduc.limit.2p.game");
    CHECK(leduc.game.deck() == CardSet::parse("QhQsKhKsAhAs"));
    expected = GameDef::leduc(2, 1000);
    expected.deck_ranks = leduc.game.deck_ranks;
    expected.reset_stacks_each_hand = true;
    CHECK(leduc.game == expected);
    CHECK(leduc.game.ranking == HandRanking::PairOrHighCard);

    // What the antes games refuse, by line.
    const std::string base =
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 2\nblind = 1 1\n"
        "raiseSize = 2 4\nfirstPlayer = 1 1\nmaxRaises = 2 2\nnumSuits = 2\n"
        "numRanks = 3\nnumHoleCards = 1\nnumBoardCards = 0 1\nEND GAMEDEF\n";
    REQUIRE(acpc::parse_game_definition(base, "leduc.game").game == leduc.game);
    const auto with = [&](const std::string& from, const std::string& to) {
        return edited(base, from, to);
    };
    require_refusals(
        "leduc.game",
        {
            {with("firstPlayer = 1 1", "firstPlayer = 2 1"),
             "leduc.game:7: firstPlayer = 2 1: in a game of antes pokerarena starts every round at "
             "position 0 (firstPlayer 1)"},
            {with("maxRaises = 2 2", "maxRaises = 1 2"),
             "leduc.game:8: maxRaises = 1 2: pokerarena caps every round at the same number of "
             "bets"},
            {with("numHoleCards = 1\nnumBoardCards = 0 1", "numHoleCards = 2\nnumBoardCards = 0 1"),
             "leduc.game:12: numHoleCards = 2 with numBoardCards = 0 1: pokerarena ranks 1 hole "
             "card "
             "alone (Kuhn), 1 hole card with 1 board card (Leduc), or the best five of 5 to 7 "
             "cards "
             "(hold'em)"},
            {with("numBoardCards = 0 1", "numBoardCards = 0 2"),
             "leduc.game:12: numHoleCards = 1 with numBoardCards = 0 2: pokerarena ranks 1 hole "
             "card "
             "alone (Kuhn), 1 hole card with 1 board card (Leduc)"},
            {with("numHoleCards = 1", "numHoleCards = 3"),
             "leduc.game:11: numHoleCards = 3: expected 1 to 2"},
            {with("blind = 1 1", "blind = 1 2"),
             "leduc.game:5: blind = 1 2: pokerarena's table posts"},
            {with("numRanks = 3", "numRanks = 1"),
             "not enough cards in the deck: 2 seats of 1 hole cards and 1 board cards need 3, the "
             "deck has 2"},
        });
    // A one-round game's cap, as large as a number may be, refused without overflowing.
    CHECK_THROWS_WITH(
        acpc::parse_game_definition(
            "GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 1\nblind = 5 10 0\nraiseSize = 10\n"
            "firstPlayer = 3\nmaxRaises = 9223372036854775807\nnumSuits = 4\nnumRanks = 13\n"
            "numHoleCards = 1\nnumBoardCards = 0\nEND GAMEDEF\n",
            "1r.game"),
        Catch::Contains(
            "1r.game:8: maxRaises = 9223372036854775807: pokerarena caps a round at 1 to 1000"));
    std::string sizes = kLimit3p;
    sizes.replace(sizes.find("raiseSize = 10 10 20 20"), 23, "raiseSize = 10 20 10 20");
    CHECK_THROWS_WITH(acpc::parse_game_definition(sizes, "3p.game"),
                      Catch::Contains("3p.game:7: raiseSize = 10 20 10 20: pokerarena's "
                                      "fixed-limit bets a small bet in the first rounds and a big "
                                      "bet from one round on"));
}

TEST_CASE("acpc: Kuhn and Leduc states carry one hole card and the board by round",
          "[acpc][acpc_games]") {
    const std::string data = std::string(POKERARENA_TEST_DATA) + "/acpc";
    const acpc::GameDefinition leduc = acpc::read_game_definition(data + "/leduc.limit.2p.game");
    Table table(leduc.game, 1, 1);
    table.set_button(1);
    PresetCards cards;
    cards.hole[0][0] = card("Kh");
    cards.hole[1][0] = card("As");
    cards.hole_known = {true, true};
    cards.board[0] = card("Qs");
    cards.board_known = 1;
    table.set_next_hand_cards(cards);
    table.set_pause_mask(kDefaultPauseMask);
    const acpc::StateGame shape = acpc::state_game(leduc.game);
    CHECK_FALSE(shape.blinds);
    CHECK(shape.ante == 1);
    const auto state = [&](int seat) {
        std::string line, error;
        REQUIRE(acpc::write_state(line, table.view(seat), 7, shape, error));
        return line;
    };
    // Seat 0, position 0, acts first (left of the button) facing no bet: the antes are blinds
    // to ACPC, all matched.
    Event e = table.advance();
    REQUIRE(e.seat == 0);
    CHECK(state(0) == "MATCHSTATE:0:7::Kh|");
    REQUIRE(table.act(Action::raise_to(2)).ok());
    e = table.advance();
    REQUIRE(e.seat == 1);
    CHECK(state(1) == "MATCHSTATE:1:7:r:|As");
    REQUIRE(table.act(Action::check_call()).ok());
    e = table.advance();
    while (e.kind != EventKind::ActionRequired)
        e = table.advance();
    REQUIRE(e.seat == 0);
    CHECK(state(0) == "MATCHSTATE:0:7:rc/:Kh|/Qs");

    // The client side reads it back and answers in the same game.
    AcpcClientResult result;
    std::ostringstream err;
    std::string answer;
    auto call = make_bot_factory("call")->create(1);
    CHECK(answer_state("MATCHSTATE:0:7:rc/:Kh|/Qs", leduc, *call, answer, result, err));
    CHECK(answer == "MATCHSTATE:0:7:rc/:Kh|/Qs:c");
    CHECK_THROWS_WITH(answer_state("MATCHSTATE:0:7::KhKs|", leduc, *call, answer, result, err),
                      Catch::Contains("position 0 has 2 hole cards; the game deals 1"));
    CHECK_THROWS_WITH(
        answer_state("MATCHSTATE:0:7:cc/cc/:Kh|/Qs/", leduc, *call, answer, result, err),
        Catch::Contains("the betting reaches round 3; the game has 2"));
}

TEST_CASE("acpc: a small dealer and the same bots agree in Kuhn and Leduc", "[acpc][acpc_games]") {
    const auto text = [](const std::string& name) {
        std::ifstream in(std::string(POKERARENA_TEST_DATA) + "/acpc/" + name);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    const std::string kuhn = text("kuhn.limit.3p.game"), leduc = text("leduc.limit.2p.game");
    REQUIRE_FALSE(kuhn.empty());
    dealer_agrees(kuhn.c_str(), {"random", "equity", "allin"}, 200);
    dealer_agrees(leduc.c_str(), {"equity", "random"}, 200);
    dealer_agrees(leduc.c_str(), {"allin", "call"}, 50);
}
