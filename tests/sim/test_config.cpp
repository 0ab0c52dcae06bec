// Configurations and schedules: what read_config() accepts and how it names errors, the
// defaults make_tournament() fills in, what it rejects (naming the field), and the work units
// it cuts the tournament into (see WorkUnit in tournament.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "config_helpers.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;
namespace fs = std::filesystem;
using test::config_error;

namespace {

fs::path write_file(const std::string& name, const std::string& text) {
    return test::write_config_file("pokerarena_config_test", name, text);
}

TournamentConfig bots_only(std::initializer_list<const char*> specs) {
    TournamentConfig c;
    for (const char* spec : specs)
        c.add_bots()->set_spec(spec);
    return c;
}

}  // namespace

TEST_CASE("a text configuration is read with every field", "[config]") {
    const fs::path path = write_file("full.txtpb", R"(# a comment
format: GAUNTLET
bots { spec: "tag" name: "hero" }
bots { spec: "call" }
bots { spec: "tag:tightness=0.2" }
deals: 5000
seed: 7
hero: 0
duplicate: false
deals_per_unit: 100
)");
    const TournamentConfig c = read_config(path);
    CHECK(c.format() == GAUNTLET);
    REQUIRE(c.bots_size() == 3);
    CHECK(c.bots(0).name() == "hero");
    CHECK(c.bots(2).spec() == "tag:tightness=0.2");
    CHECK(c.deals() == 5000);
    CHECK(c.seed() == 7);
    CHECK(c.has_duplicate());
    CHECK_FALSE(c.duplicate());
    CHECK(c.deals_per_unit() == 100);
}

TEST_CASE("text format errors name the file, line and column", "[config]") {
    SECTION("an unknown field") {
        const fs::path path = write_file(
            "unknown.txtpb", "bots { spec: \"call\" }\nbots { spec: \"fold\" }\nhandz: 5\n");
        CHECK_THROWS_WITH(read_config(path),
                          Catch::Matchers::Contains(path.string() + ":3:1: ") &&
                              Catch::Matchers::Contains("no field named \"handz\""));
    }
    SECTION("an unknown field inside a bot") {
        const fs::path path =
            write_file("unknown_bot_field.txtpb", "bots {\n  spec: \"call\"\n  nmae: \"x\"\n}\n");
        CHECK_THROWS_WITH(read_config(path), Catch::Matchers::Contains(path.string() + ":3:3: ") &&
                                                 Catch::Matchers::Contains("nmae"));
    }
    SECTION("a value of the wrong type") {
        const fs::path path = write_file("bad_value.txtpb", "deals: \"many\"\n");
        CHECK_THROWS_WITH(read_config(path), Catch::Matchers::Contains(path.string() + ":1:8: "));
    }
    SECTION("an unknown field after others on its line") {
        const fs::path path = write_file("unknown_inline.txtpb", "deals: 5 sed: 3\n");
        CHECK_THROWS_WITH(read_config(path), Catch::Matchers::Contains(path.string() + ":1:10: "));
    }
    SECTION("an unknown enum value") {
        const fs::path path = write_file("bad_enum.txtpb", "format: ROUNDROBIN\n");
        CHECK_THROWS_WITH(read_config(path), Catch::Matchers::Contains(":1:9: ") &&
                                                 Catch::Matchers::Contains("ROUNDROBIN"));
    }
}

TEST_CASE("a JSON configuration is read, and its errors name the file", "[config]") {
    const fs::path good = write_file(
        "good.json",
        R"({"format": "RING", "bots": [{"spec": "call"}, {"spec": "fold"}, {"spec": "tag"}],
            "deals": 300, "sprt": {"mbb0": 0, "mbb1": 50, "alpha": 0.05, "beta": 0.05}})");
    const TournamentConfig c = read_config(good);
    CHECK(c.format() == RING);
    CHECK(c.bots_size() == 3);
    CHECK(c.deals() == 300);
    CHECK(c.sprt().mbb1() == 50);

    const fs::path unknown =
        write_file("unknown.json", R"({"bots": [{"spec": "call"}], "handz": 1})");
    CHECK_THROWS_WITH(read_config(unknown), Catch::Matchers::Contains(unknown.string()) &&
                                                Catch::Matchers::Contains("handz"));
    const fs::path broken = write_file("broken.json", R"({"bots": [{"spec": "call"})");
    CHECK_THROWS_WITH(read_config(broken),
                      Catch::Matchers::Contains(broken.string() + ": not a valid JSON"));
}

TEST_CASE("a configuration that gives hands is told to give deals, at the key's line", "[config]") {
    const std::string problem =
        ": hands: not a configuration key; give deals (the deals per pairing, the deals per ring "
        "seat group, or a sit-and-go's tournaments)";
    SECTION("text format") {
        const fs::path path = write_file(
            "hands.txtpb", "bots { spec: \"call\" }\nbots { spec: \"fold\" }\n  hands: 5\n");
        CHECK_THROWS_WITH(read_config(path), path.string() + ":3:3" + problem);
    }
    SECTION("JSON, the key quoted") {
        const fs::path path = write_file(
            "hands.json",
            "{\n  \"bots\": [{\"spec\": \"call\", \"name\": \"hands\"}],\n   \"hands\": 5\n}\n");
        CHECK_THROWS_WITH(read_config(path), path.string() + ":3:4" + problem);
    }
    SECTION("JSON, the key bare after a string that quotes it") {
        const fs::path path = write_file(
            "hands_bare.json", R"({"bots": [{"spec": "call", "name": "x\" hands: 1"}], hands: 5})");
        CHECK_THROWS_WITH(read_config(path), path.string() + ":1:54" + problem);
    }
    SECTION("another unknown key is named with its line and column") {
        const fs::path path =
            write_file("handz.json", R"({"bots": [{"spec": "call"}], "handz": 1})");
        CHECK_THROWS_WITH(
            read_config(path),
            path.string() + ":1:30: key \"handz\" names no field of the configuration");
    }
    SECTION("an unknown key of a nested object names the object") {
        const fs::path path = write_file(
            "spex.json", "{\"deals\": 5,\n \"bots\": [{\"spec\": \"call\"},\n {\"spex\": 1}]}");
        CHECK_THROWS_WITH(
            read_config(path),
            path.string() + ":3:3: key \"spex\" of bots[1] names no field of the configuration");
    }
}

TEST_CASE("a missing configuration file is a clear error", "[config]") {
    const fs::path path = write_file("present.txtpb", "").parent_path() / "absent.txtpb";
    CHECK_THROWS_WITH(read_config(path),
                      Catch::Matchers::Contains(path.string() + ": no such file"));
    CHECK_THROWS_WITH(read_config(path.parent_path()), Catch::Matchers::Contains("is a folder"));
}

TEST_CASE("every example configuration loads", "[config]") {
    const fs::path dir = fs::path(POKERARENA_TEST_DATA) / ".." / ".." / "sim" / "configs";
    int files = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
        INFO(entry.path().string());
        const Tournament t = make_tournament(read_config(entry.path()));
        CHECK(t.units.size() > 0);
        ++files;
    }
    CHECK(files >= 5);
}

TEST_CASE("a configuration of bots only gets every default", "[config]") {
    const Tournament t = make_tournament(bots_only({"call", "fold"}));
    const TournamentConfig& c = t.config;
    CHECK(c.format() == ROUND_ROBIN);
    CHECK(c.betting() == NO_LIMIT);
    CHECK(c.deals() == 10000);
    CHECK(c.small_blind() == 1);
    CHECK(c.big_blind() == 2);
    CHECK(c.ante() == 0);
    CHECK(c.stack_big_blinds() == 200);
    CHECK(c.seats() == 2);
    CHECK(c.has_duplicate());
    CHECK(c.duplicate());
    CHECK(c.hh_sample() == 1);
    CHECK_FALSE(c.has_sit_and_go());
    // 1024 hands per unit at 2 hands per duplicate deal; 10000 deals need no more to stay
    // under 2048 units.
    CHECK(c.deals_per_unit() == 512);
    CHECK(c.bots(0).name() == "call");
    CHECK(c.bots(1).name() == "fold");
    REQUIRE(t.factories.size() == 2);
    CHECK(t.factories[1]->spec() == "fold");

    CHECK(t.game.num_seats == 2);
    CHECK(t.game.small_blind == 1);
    CHECK(t.game.big_blind == 2);
    CHECK(t.game.starting_stacks[0] == 400);
    CHECK(t.game.starting_stacks[1] == 400);
    CHECK(t.game.reset_stacks_each_hand);
    CHECK(t.game.structure == BettingStructure::NoLimit);
    CHECK(t.game.ante_kind == AnteKind::None);
}

TEST_CASE("blinds, betting and ante shape the game", "[config]") {
    TournamentConfig c = bots_only({"call", "fold"});
    c.set_big_blind(100);
    c.set_ante(5);
    c.set_stack_big_blinds(50);
    c.set_betting(POT_LIMIT);
    Tournament t = make_tournament(c);
    CHECK(t.config.small_blind() == 50);
    CHECK(t.game.starting_stacks[0] == 5000);
    CHECK(t.game.ante == 5);
    CHECK(t.game.ante_kind == AnteKind::EveryPlayer);
    CHECK(t.game.structure == BettingStructure::PotLimit);

    c = bots_only({"call", "fold"});
    c.set_small_blind(5);
    c.set_betting(FIXED_LIMIT);
    t = make_tournament(c);
    CHECK(t.config.big_blind() == 10);
    CHECK(t.game.structure == BettingStructure::FixedLimit);
    CHECK(t.game.small_bet == 10);
    CHECK(t.game.big_bet == 20);
}

TEST_CASE("a sit-and-go gets the default structure", "[config]") {
    TournamentConfig c = bots_only({"call", "fold", "tag", "random", "allin", "call"});
    c.mutable_bots(5)->set_name("call again");
    c.set_format(SIT_AND_GO);
    const Tournament t = make_tournament(c);
    const SitAndGo& s = t.config.sit_and_go();
    CHECK(t.config.seats() == 6);
    CHECK(t.config.deals() == 1000);
    CHECK(s.hands_per_level() == 10);
    REQUIRE(s.levels_size() == 12);
    CHECK(s.levels(0).small_blind() == 10);
    CHECK(s.levels(0).big_blind() == 20);
    CHECK(s.levels(11).big_blind() == 2000);
    CHECK(std::vector<double>(s.payouts().begin(), s.payouts().end()) ==
          std::vector<double>{50, 30, 20});
    CHECK(s.starting_stack() == 1500);
    CHECK(s.buy_in() == 1);
    CHECK(t.config.deals_per_unit() == 1);
    CHECK(t.game.num_seats == 6);
    CHECK(t.game.starting_stacks[5] == 1500);
    CHECK(t.game.big_blind == 20);
    CHECK_FALSE(t.game.reset_stacks_each_hand);
    CHECK(plays_per_deal(t.config) == 6);
}

TEST_CASE("bad configurations are rejected naming the field", "[config]") {
    TournamentConfig c = bots_only({"call"});
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("bots: 1 given"));

    c = bots_only({"call", "tagg"});
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("bots[1].spec: unknown bot 'tagg'"));
    c = bots_only({"call", "tag:tightness=7"});
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("bots[1].spec: "));
    c = bots_only({"call", "no/such/bot.so"});
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("bots[1].spec: ") &&
                                    Catch::Matchers::Contains("no/such/bot.so"));
    c = bots_only({"call", ""});
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("bots[1].spec: empty"));
    c = bots_only({"call", "call"});
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("bots[1].name: 'call'"));

    c = bots_only({"call", "fold"});
    c.set_betting(POT_LIMIT);
    c.set_hh_out("hands");
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("hh_out: PHH has no variant for "
                                                            "pot-limit"));

    c = bots_only({"call", "fold", "tag"});
    c.set_seats(3);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("seats: 3; the round robin format is "
                                                            "heads-up"));
    c.set_format(RING);
    c.set_seats(12);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("seats: 12; a ring table has 3 to 10 seats"));
    c.set_seats(4);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("seats: 4 but 3 bots"));
    c = bots_only({"call", "fold"});
    c.set_format(SIT_AND_GO);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("seats: 2; a sit-and-go table has 3"));

    c = bots_only({"call", "fold", "tag"});
    c.set_format(GAUNTLET);
    c.set_hero(3);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("hero: 3; expected the index of a bot, "
                                                            "0 to 2"));
    c.set_format(ROUND_ROBIN);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("hero: 3; only the gauntlet"));

    c = bots_only({"call", "fold"});
    c.set_small_blind(5);
    c.set_big_blind(4);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("big_blind: 4; expected at least the "
                                                            "small blind (5)"));
    c.set_small_blind(-1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("small_blind: -1"));
    c = bots_only({"call", "fold"});
    c.set_stack_big_blinds(-3);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("stack_big_blinds: -3"));
    c.set_stack_big_blinds(std::int64_t{1} << 62);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("stack_big_blinds: "));
    c = bots_only({"call", "fold"});
    c.set_ante(-1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("ante: -1"));
    c = bots_only({"call", "fold"});
    c.set_deals(-5);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("deals: -5; expected 1 to"));
    // An explicit 0 is not taken for "the default" (leaving the field out is).
    c = bots_only({"call", "fold"});
    c.set_deals(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("deals: 0; expected 1 to"));
    c = bots_only({"call", "fold"});
    c.set_seats(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("seats: 0; the round robin format is "
                                                            "heads-up"));
    c = bots_only({"call", "fold", "tag"});
    c.set_format(RING);
    c.set_seats(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("seats: 0; a ring table has 3 to 10"));
    c = bots_only({"call", "fold"});
    c.set_stack_big_blinds(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("stack_big_blinds: 0"));
    c = bots_only({"call", "fold"});
    c.set_hh_sample(-1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("hh_sample: -1"));
    c = bots_only({"call", "fold"});
    c.set_deals_per_unit(-1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("deals_per_unit: -1"));
    c = bots_only({"call", "fold"});
    c.set_format(static_cast<Format>(9));
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("format: 9; expected"));
    c = bots_only({"call", "fold"});
    c.mutable_sit_and_go()->set_buy_in(5);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go: given, but the format "
                                                            "is round robin"));
}

TEST_CASE("the SPRT is only for a heads-up match of two bots", "[config]") {
    TournamentConfig c = bots_only({"call", "fold", "tag"});
    c.mutable_sprt()->set_mbb1(50);
    c.mutable_sprt()->set_alpha(0.05);
    c.mutable_sprt()->set_beta(0.05);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sprt: a sequential test needs a "
                                                            "heads-up match of exactly 2 bots"));
    c.mutable_bots()->RemoveLast();
    CHECK_NOTHROW(make_tournament(c));
    c.mutable_sprt()->set_alpha(0.5);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sprt.alpha: 0.5; expected"));
    c.mutable_sprt()->set_alpha(0.05);
    c.mutable_sprt()->set_beta(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sprt.beta: 0;"));
    c.mutable_sprt()->set_beta(0.1);
    c.mutable_sprt()->set_mbb1(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sprt.mbb1: 0; expected a win rate "
                                                            "other than mbb0"));
}

TEST_CASE("a sit-and-go of Kuhn or Leduc gets rising antes, and its bets scale with them",
          "[config]") {
    for (const char* game : {"kuhn", "leduc"}) {
        INFO(game);
        TournamentConfig c = bots_only({"call", "random", "equity"});
        c.set_format(SIT_AND_GO);
        c.set_game(game);
        const Tournament t = make_tournament(c);
        const SitAndGo& s = t.config.sit_and_go();
        CHECK(s.starting_stack() == 100);
        CHECK(s.hands_per_level() == 10);
        std::vector<std::int64_t> antes;
        for (const BlindLevel& l : s.levels()) {
            antes.push_back(l.ante());
            CHECK(l.small_blind() == 0);
            CHECK(l.big_blind() == 0);
        }
        CHECK(antes == std::vector<std::int64_t>{1, 2, 3, 5, 8, 10, 15, 20, 30, 50});
        // The cash formats' stakes stay unset (a sit-and-go refuses them).
        CHECK_FALSE(t.config.has_small_blind());
        CHECK_FALSE(t.config.has_big_blind());
        CHECK(t.config.betting() == FIXED_LIMIT);
        CHECK_FALSE(t.game.reset_stacks_each_hand);
        CHECK(t.game.starting_stacks[2] == 100);
        // A report's configuration, every default filled, makes the same tournament.
        CHECK(make_tournament(t.config).game == t.game);
        // The first level is the game: an ante of 4 makes Kuhn's bet 4, Leduc's 8 then 16.
        c.mutable_sit_and_go()->add_levels()->set_ante(4);
        c.mutable_sit_and_go()->add_levels()->set_ante(6);
        const GameDef g = make_tournament(c).game;
        CHECK(g.ante == 4);
        CHECK(g.big_blind == 4);  // the reports' unit
        CHECK(g.small_bet == (game == std::string("kuhn") ? 4 : 8));
        CHECK(g.big_bet == (game == std::string("kuhn") ? 4 : 16));
    }
}

TEST_CASE("a sit-and-go of short-deck gets rising button blinds with antes of as much",
          "[config]") {
    TournamentConfig c = bots_only({"call", "random", "equity"});
    c.set_format(SIT_AND_GO);
    c.set_game("short-deck");
    const Tournament t = make_tournament(c);
    const SitAndGo& s = t.config.sit_and_go();
    CHECK(s.starting_stack() == 1500);
    REQUIRE(s.levels_size() == 12);
    for (const BlindLevel& l : s.levels()) {
        CHECK(l.small_blind() == 0);
        CHECK(l.ante() == l.big_blind());
    }
    CHECK(s.levels(0).big_blind() == 20);
    CHECK(s.levels(11).big_blind() == 2000);
    CHECK_FALSE(t.config.has_big_blind());
    CHECK(t.game.button_blind);
    CHECK(t.game.big_blind == 20);
    CHECK(t.game.ante == 20);
    CHECK(t.game.small_blind == 0);
    CHECK_FALSE(t.game.reset_stacks_each_hand);
    CHECK(make_tournament(t.config).game == t.game);
    // An ante given is kept; one left out is the button blind.
    BlindLevel* first = c.mutable_sit_and_go()->add_levels();
    first->set_big_blind(10);
    first->set_ante(5);
    c.mutable_sit_and_go()->add_levels()->set_big_blind(20);
    const Tournament given = make_tournament(c);
    CHECK(given.game.ante == 5);
    CHECK(given.config.sit_and_go().levels(1).ante() == 20);
}

TEST_CASE("a bad sit-and-go level of Kuhn, Leduc or short-deck is refused naming the field",
          "[config]") {
    const auto error_of = [](const char* game, std::initializer_list<BlindLevel> levels) {
        TournamentConfig c = bots_only({"call", "random", "equity"});
        c.set_format(SIT_AND_GO);
        c.set_game(game);
        for (const BlindLevel& l : levels)
            *c.mutable_sit_and_go()->add_levels() = l;
        return config_error(c);
    };
    const auto level = [](std::int64_t small_blind, std::int64_t big_blind, std::int64_t ante) {
        BlindLevel l;
        l.set_small_blind(small_blind);
        l.set_big_blind(big_blind);
        l.set_ante(ante);
        return l;
    };
    CHECK(error_of("kuhn", {level(0, 0, 1), level(0, 0, 2), level(1, 0, 3)}) ==
          "sit_and_go.levels[2].small_blind: 1; game kuhn has no blinds (a level is the ante "
          "every seat posts): leave it out");
    CHECK_THAT(error_of("leduc", {level(0, 4, 2)}),
               Catch::Matchers::StartsWith("sit_and_go.levels[0].big_blind: 4; game leduc has no "
                                           "blinds"));
    CHECK(error_of("leduc", {level(0, 0, 0)}) ==
          "sit_and_go.levels[0].ante: 0; expected a positive number of chips");
    CHECK(error_of("kuhn", {level(0, 0, 2), level(0, 0, 2)}) ==
          "sit_and_go.levels[1].ante: 2; antes must rise from level to level (the level before "
          "is 2)");
    // Leduc's big bet is 4 antes: the ante may be at most a quarter of what a table holds.
    const std::int64_t most = std::numeric_limits<std::int64_t>::max() / 4 / 4;
    // That ante passes; the default stack of 100 is then too short for it.
    CHECK_THAT(error_of("leduc", {level(0, 0, most)}),
               Catch::Matchers::StartsWith("sit_and_go.starting_stack: 100; expected at least the "
                                           "first ante"));
    CHECK_THAT(
        error_of("leduc", {level(0, 0, most + 1)}),
        Catch::Matchers::StartsWith("sit_and_go.levels[0].ante: " + std::to_string(most + 1) +
                                    "; expected at most " + std::to_string(most) + " chips"));
    CHECK(error_of("short-deck", {level(5, 10, 0)}) ==
          "sit_and_go.levels[0].small_blind: 5; game short-deck has a button blind only "
          "(big_blind): leave small_blind out");
    CHECK(error_of("short-deck", {level(0, 10, 0), level(0, 10, 20)}) ==
          "sit_and_go.levels[1].big_blind: 10; the button blind must rise from level to level "
          "(the level before is 10)");
    CHECK(error_of("short-deck", {level(0, 0, 5)}) ==
          "sit_and_go.levels[0].big_blind: 0; expected the button blind, a positive number of "
          "chips");
    // The cash formats' stakes and the stack in antes are refused as in hold'em.
    TournamentConfig c = bots_only({"call", "random", "equity"});
    c.set_format(SIT_AND_GO);
    c.set_game("kuhn");
    c.set_ante(1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("ante: 1; not used by sit-and-go"));
    c.clear_ante();
    c.mutable_sit_and_go()->set_starting_stack(4);
    c.mutable_sit_and_go()->add_levels()->set_ante(5);
    CHECK(config_error(c) == "sit_and_go.starting_stack: 4; expected at least the first ante (5)");
}

TEST_CASE("a bad sit-and-go structure is rejected naming the field", "[config]") {
    const TournamentConfig base = [] {
        TournamentConfig c = bots_only({"call", "fold", "tag"});
        c.set_format(SIT_AND_GO);
        return c;
    }();
    TournamentConfig c = base;
    c.set_big_blind(2);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("big_blind: 2; not used by sit-and-go"));
    c = base;
    for (auto [sb, bb] : {std::pair{10, 20}, std::pair{20, 40}, std::pair{15, 40}}) {
        BlindLevel* l = c.mutable_sit_and_go()->add_levels();
        l->set_small_blind(sb);
        l->set_big_blind(bb);
    }
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.levels[2]: 15/40; blinds "
                                                            "must rise"));
    c.mutable_sit_and_go()->mutable_levels(2)->set_small_blind(20);
    c.mutable_sit_and_go()->mutable_levels(2)->set_big_blind(10);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.levels[2].big_blind: 10"));
    c = base;
    for (double share : {50.0, 25.0, 15.0, 10.0})
        c.mutable_sit_and_go()->add_payouts(share);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.payouts: 4 places paid "
                                                            "but only 3 players"));
    c = base;
    c.mutable_sit_and_go()->add_payouts(100);
    c.mutable_sit_and_go()->add_payouts(-1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.payouts[1]: -1"));
    c = base;
    c.mutable_sit_and_go()->add_payouts(0);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.payouts: the shares add "
                                                            "up to 0"));
    c = base;
    c.mutable_sit_and_go()->set_starting_stack(10);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.starting_stack: 10"));
    c = base;
    c.mutable_sit_and_go()->set_hands_per_level(-2);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.hands_per_level: -2"));
    // An explicit 0 is refused too, not taken for the default of 10.
    c.mutable_sit_and_go()->set_hands_per_level(0);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("sit_and_go.hands_per_level: 0; expected at least 1"));
    c = base;
    c.mutable_sit_and_go()->set_buy_in(-2);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("sit_and_go.buy_in: -2"));
    // Given as 0, the stack and the buy-in are refused, not taken for the defaults (1500, 1).
    c = base;
    c.mutable_sit_and_go()->set_buy_in(0);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("sit_and_go.buy_in: 0; expected a positive amount"));
    c = base;
    c.mutable_sit_and_go()->set_starting_stack(0);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("sit_and_go.starting_stack: 0; expected at least"));
    c = base;
    c.set_allin_ev(true);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("allin_ev: true"));
    c = base;
    c.set_aivat(true);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("aivat: true"));
}

TEST_CASE("a round robin has one group per pair, cut into blocks with tables of their own",
          "[schedule]") {
    TournamentConfig c = bots_only({"call", "fold", "tag", "random"});
    c.set_deals(1000);
    c.set_deals_per_unit(300);
    const Tournament t = make_tournament(c);
    // 6 pairs x 4 blocks (300, 300, 300, 100 deals).
    REQUIRE(t.units.size() == 24);
    const std::vector<std::pair<int, int>> pairs = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    for (std::size_t i = 0; i < t.units.size(); ++i) {
        const WorkUnit& u = t.units[i];
        const std::size_t group = i / 4;
        const std::int64_t block = static_cast<std::int64_t>(i % 4);
        CHECK(u.index == static_cast<std::int64_t>(i));
        CHECK(u.num_seats == 2);
        CHECK(u.seat_bot[0] == pairs[group].first);
        CHECK(u.seat_bot[1] == pairs[group].second);
        CHECK(u.first_deal == 300 * block);
        CHECK(u.deals == (block == 3 ? 100 : 300));
        // Every group is dealt from a table of its own: no pair shares cards with another, so
        // a bot's samples against different opponents are independent; the blocks of a group
        // deal its deals, whatever the cut.
        CHECK(u.group == static_cast<std::int64_t>(group));
        CHECK(u.table_id == static_cast<std::uint64_t>(group));
    }
}

TEST_CASE("the default unit size follows the documented rule", "[schedule]") {
    TournamentConfig c = bots_only({"call", "fold"});
    // Duplicate heads-up: 1024 / 2 = 512 deals; 10000 deals -> 20 units, the last of 272.
    Tournament t = make_tournament(c);
    CHECK(t.units.size() == 20);
    CHECK(t.units[19].deals == 10000 - 19 * 512);

    c.set_duplicate(false);
    CHECK(make_tournament(c).config.deals_per_unit() == 1024);

    // Many deals: ceil(10^7 / 2048) = 4883 deals per unit, giving ceil(10^7 / 4883) = 2048 units.
    c.set_duplicate(true);
    c.set_deals(10'000'000);
    t = make_tournament(c);
    CHECK(t.config.deals_per_unit() == 4883);
    CHECK(t.units.size() == 2048);

    // A duplicate unit keeps each deal's sums until its last play: at most 2^20 / seats deals,
    // whatever the hands (20 billion gave 9.8 million deals, about 160 MB a unit in flight).
    c.set_deals(20'000'000'000);
    t = make_tournament(c);
    CHECK(t.config.deals_per_unit() == 524'288);
    CHECK(t.units.size() == 38'147);  // ceil(2 * 10^10 / 2^19)
    c.set_duplicate(false);           // one play: nothing kept per deal
    CHECK(make_tournament(c).config.deals_per_unit() == 9'765'625);
    c.set_duplicate(true);

    // Fewer deals than a unit holds: one unit of all of them.
    c.set_deals(100);
    t = make_tournament(c);
    CHECK(t.config.deals_per_unit() == 100);
    REQUIRE(t.units.size() == 1);
    CHECK(t.units[0].deals == 100);

    // Ring, duplicate over 6 rotations: ceil(1024 / 6) = 171 deals, capped at ceil(10000 / 64)
    // = 157 so that the ring has 64 units (seatings) for its interval.
    c = bots_only({"call", "fold", "tag", "random", "allin", "equity"});
    c.set_format(RING);
    t = make_tournament(c);
    CHECK(t.config.deals_per_unit() == 157);
    CHECK(t.units.size() == 64);
    // A short ring: 30 deals make 30 units of one deal; a long one as before: 100,000 deals,
    // 171 a unit; 10^6 deals, ceil(10^6 / 2048) = 489.
    c.set_deals(30);
    CHECK(make_tournament(c).config.deals_per_unit() == 1);
    c.set_deals(100'000);
    CHECK(make_tournament(c).config.deals_per_unit() == 171);
    c.set_deals(1'000'000);
    CHECK(make_tournament(c).config.deals_per_unit() == 489);

    // With an SPRT the units are the test's blocks: 512 deal pairs whatever the hands.
    c = bots_only({"call", "fold"});
    c.mutable_sprt()->set_mbb1(20);
    c.mutable_sprt()->set_alpha(0.05);
    c.mutable_sprt()->set_beta(0.05);
    for (const std::int64_t hands : {1'000'000, 100'000'000}) {
        c.set_deals(hands);
        CHECK(make_tournament(c).config.deals_per_unit() == 512);
    }
    c.set_deals(100);
    CHECK(make_tournament(c).config.deals_per_unit() == 100);

    // A schedule too large to hold is refused before it is built.
    c = bots_only({"call", "fold", "tag", "random"});
    c.set_deals(1'000'000'000'000);
    c.set_deals_per_unit(1);
    CHECK_THAT(config_error(c), Catch::Matchers::StartsWith("deals_per_unit: 1 makes "
                                                            "6000000000000 work units"));
}

TEST_CASE("a process bot's default matches are as many as the tables in flight, or twice",
          "[schedule]") {
    // What a slow bot's run keeps when stopped early follows from these (docs/simulator.md,
    // "Tables in flight"): the default match leaves a group 2048 to 4095 matches, one or two
    // rounds of the default 2048 tables, and a unit holds many of them (40 at 20,000 deals).
    TournamentConfig c = bots_only({"proc:slow_bot", "call"});
    for (const auto& [deals, match, unit] :
         {std::array<std::int64_t, 3>{20'000, 8, 320}, std::array<std::int64_t, 3>{10'000, 4, 160},
          std::array<std::int64_t, 3>{100'000, 32, 512}}) {
        INFO("deals " << deals);
        c.set_deals(deals);
        const Tournament t = make_tournament(c, BotLoading::Skip);
        CHECK(t.config.match_deals() == match);
        CHECK(t.config.deals_per_unit() == unit);
        const std::int64_t matches = deals / match;
        CHECK(matches >= kMinRemoteMatchesPerGroup);
        CHECK(matches < 2 * kMinRemoteMatchesPerGroup);
        // About kMinRemoteUnitsPerGroup units or more (ceil(deals / 64) deals each, rounded up
        // to whole matches).
        CHECK(static_cast<std::int64_t>(t.units.size()) >= 63);
        CHECK(unit % match == 0);
    }
    // Given matches are kept, and so units of a few of them can be asked for.
    c.set_deals(20'000);
    c.set_match_deals(1);
    c.set_deals_per_unit(4);
    const Tournament t = make_tournament(c, BotLoading::Skip);
    CHECK(t.units.size() == 5000);
}

TEST_CASE("a gauntlet puts the hero in seat 0 against every other bot in order", "[schedule]") {
    TournamentConfig c = bots_only({"call", "fold", "tag", "random"});
    c.set_format(GAUNTLET);
    c.set_hero(2);
    c.set_deals(10);
    c.set_deals_per_unit(5);
    const Tournament t = make_tournament(c);
    REQUIRE(t.units.size() == 6);
    const int opponents[] = {0, 1, 3};
    for (std::size_t i = 0; i < t.units.size(); ++i) {
        CHECK(t.units[i].seat_bot[0] == 2);
        CHECK(t.units[i].seat_bot[1] == opponents[i / 2]);
        CHECK(t.units[i].table_id == i / 2);
        CHECK(t.units[i].first_deal == static_cast<std::int64_t>(5 * (i % 2)));
    }
}

TEST_CASE("ring and sit-and-go seat every bot in one group", "[schedule]") {
    TournamentConfig c = bots_only({"call", "fold", "tag"});
    c.set_format(RING);
    c.set_deals(7);
    c.set_deals_per_unit(3);
    Tournament t = make_tournament(c);
    REQUIRE(t.units.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(t.units[i].num_seats == 3);
        std::array<int, 3> seated = {t.units[i].seat_bot[0], t.units[i].seat_bot[1],
                                     t.units[i].seat_bot[2]};
        std::sort(seated.begin(), seated.end());
        CHECK(seated == std::array<int, 3>{0, 1, 2});
        CHECK(t.units[i].table_id == 0);
    }
    CHECK(t.units[2].deals == 1);

    // Sit-and-go: each tournament has a table of its own, keyed by its index.
    c.set_format(SIT_AND_GO);
    t = make_tournament(c);
    REQUIRE(t.units.size() == 3);
    CHECK(t.units[1].first_deal == 3);
    CHECK(t.units[1].deals == 3);
    CHECK(t.units[1].table_id == 3);
    CHECK(t.units[2].table_id == 6);
    c.clear_deals_per_unit();
    t = make_tournament(c);
    REQUIRE(t.units.size() == 7);
    for (std::size_t i = 0; i < 7; ++i)
        CHECK(t.units[i].table_id == i);
}

TEST_CASE("ring and sit-and-go seatings balance every bot's neighbours", "[schedule]") {
    // 6 bots over 3000 units of one deal: each unit a permutation drawn from (seed, unit).
    // Bot j follows bot i (the next seat, around the table) in 3000 * 6 / 30 = 600 units on
    // average for each of the 30 ordered pairs; with rotations alone it would be 3000 or 0.
    // (The seed is fixed, so the counts are too; a binomial count of mean 600 is within 100 of
    // it but for one chance in 10^5.)
    TournamentConfig c = bots_only({"call", "fold", "tag", "random", "allin", "equity"});
    for (const Format format : {RING, SIT_AND_GO}) {
        c.set_format(format);
        c.set_deals(3000);
        c.set_deals_per_unit(1);
        c.set_seed(7);
        const Tournament t = make_tournament(c, BotLoading::Skip);
        REQUIRE(t.units.size() == 3000);
        std::array<std::array<int, 6>, 6> follows{};
        std::array<int, 6> first_seat{};
        for (std::size_t i = 0; i < t.units.size(); ++i) {
            const WorkUnit u = t.units[i];
            for (std::size_t s = 0; s < 6; ++s)
                ++follows[static_cast<std::size_t>(u.seat_bot[s])]
                         [static_cast<std::size_t>(u.seat_bot[(s + 1) % 6])];
            ++first_seat[static_cast<std::size_t>(u.seat_bot[0])];
        }
        for (std::size_t a = 0; a < 6; ++a) {
            CHECK(follows[a][a] == 0);
            CHECK(first_seat[a] > 400);
            CHECK(first_seat[a] < 600);
            for (std::size_t b = 0; b < 6; ++b) {
                if (a == b) continue;
                INFO("bot " << b << " after bot " << a);
                CHECK(follows[a][b] > 500);
                CHECK(follows[a][b] < 700);
            }
        }
        // Another seed seats them otherwise.
        c.set_seed(8);
        const Tournament other = make_tournament(c, BotLoading::Skip);
        int same = 0;
        for (std::size_t i = 0; i < 100; ++i)
            same += other.units[i].seat_bot == t.units[i].seat_bot ? 1 : 0;
        CHECK(same < 10);
    }
}

TEST_CASE("the schedule is a pure function of the configuration", "[schedule]") {
    TournamentConfig c = bots_only({"call", "fold", "tag"});
    c.set_deals(2000);
    const Tournament a = make_tournament(c);
    const Tournament b = make_tournament(c);
    REQUIRE(a.units.size() == b.units.size());
    for (std::size_t i = 0; i < a.units.size(); ++i) {
        CHECK(a.units[i].seat_bot == b.units[i].seat_bot);
        CHECK(a.units[i].first_deal == b.units[i].first_deal);
        CHECK(a.units[i].table_id == b.units[i].table_id);
    }
    CHECK(a.config.SerializeAsString() == b.config.SerializeAsString());
    // make_tournament of its own output changes nothing: defaults are a fixed point.
    CHECK(make_tournament(a.config).config.SerializeAsString() == a.config.SerializeAsString());
}

TEST_CASE("a new configuration's own rules: printable names, hh_sample only with hh_out",
          "[config]") {
    const auto new_config_error = [](const TournamentConfig& c) -> std::string {
        try {
            check_new_config(c);
        } catch (const ConfigError& e) {
            return e.what();
        }
        return "(accepted)";
    };
    TournamentConfig c = bots_only({"call", "fold"});
    CHECK(new_config_error(c) == "(accepted)");
    c.mutable_bots(1)->set_name("fold\x1b[2J");
    CHECK(new_config_error(c) ==
          "bots[1].name: contains the control character 27; expected printable text");
    c.mutable_bots(1)->set_name("x\u009B");  // the 8-bit CSI, valid UTF-8
    CHECK(new_config_error(c) ==
          "bots[1].name: contains the control character 155; expected printable text");
    c = bots_only({"call", "fold\tX"});
    CHECK(new_config_error(c) ==
          "bots[1].name: contains the control character 9; expected "
          "printable text (the name defaults to the spec: give one)");
    c = bots_only({"call", "fold"});
    c.set_hh_sample(5);
    CHECK(new_config_error(c) ==
          "hh_sample: 5; hand histories are sampled only when written: give hh_out too, or "
          "leave hh_sample out");
    c.set_hh_out("hands");
    CHECK(new_config_error(c) == "(accepted)");
    // make_tournament() itself accepts both: a report written before these rules holds such a
    // configuration and must still be read, merged and resumed.
    c = bots_only({"call", "fold"});
    c.set_hh_sample(5);
    c.mutable_bots(0)->set_name("a\tb");
    CHECK(config_error(c) == "(accepted)");
}

TEST_CASE("a cash game whose chips over the run could overflow 64 bits is refused", "[config]") {
    TournamentConfig c = bots_only({"allin", "call"});
    c.set_deals(2000);
    c.set_small_blind(1);
    c.set_big_blind(11529215046068469);  // the table's chips stay under 2^61
    c.set_stack_big_blinds(100);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("stack_big_blinds: 100 of 11529215046068469 chips at 2 "
                                           "seats over 4000 hands of one bot: the chips a bot "
                                           "can win"));
    c.set_deals(1);
    CHECK(config_error(c) == "(accepted)");
}

TEST_CASE("a sit-and-go refuses the cash game's blinds and stack, even given as 0", "[config]") {
    for (const char* field : {"small_blind", "big_blind", "stack_big_blinds"}) {
        TournamentConfig c = bots_only({"call", "fold", "tag"});
        c.set_format(SIT_AND_GO);
        const std::string name = field;
        if (name == "small_blind") c.set_small_blind(0);
        if (name == "big_blind") c.set_big_blind(0);
        if (name == "stack_big_blinds") c.set_stack_big_blinds(0);
        CHECK_THAT(config_error(c),
                   Catch::Matchers::StartsWith(name + ": 0; not used by sit-and-go"));
    }
}

TEST_CASE("a float field that is NaN or infinite is refused, naming the field", "[config]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    TournamentConfig c = bots_only({"tag", "call"});
    c.set_decision_timeout(nan);
    CHECK(config_error(c) == "decision_timeout: nan; expected a finite number");
    c.set_decision_timeout(inf);
    CHECK(config_error(c) == "decision_timeout: inf; expected a finite number");
    c.set_decision_timeout(-1);
    CHECK_THAT(config_error(c),
               Catch::Matchers::StartsWith("decision_timeout: -1; expected seconds from 0.001"));
    c.set_decision_timeout(2.5);
    CHECK(config_error(c) == "(accepted)");

    c = bots_only({"tag", "call"});
    c.mutable_sprt()->set_mbb1(50);
    c.mutable_sprt()->set_alpha(nan);
    c.mutable_sprt()->set_beta(0.05);
    CHECK(config_error(c) == "sprt.alpha: nan; expected a finite number");

    c = bots_only({"tag", "call"});
    c.set_format(SIT_AND_GO);
    c.mutable_sit_and_go()->add_payouts(0.7);
    c.mutable_sit_and_go()->add_payouts(-inf);
    CHECK(config_error(c) == "sit_and_go.payouts[1]: -inf; expected a finite number");

    c = bots_only({"tag"});
    BotEntry& process = *c.add_bots();
    process.mutable_process()->add_command("./bot");
    process.mutable_process()->set_timeout(nan);
    CHECK(config_error(c) == "bots[1].process.timeout: nan; expected a finite number");
}

TEST_CASE("a configuration file's nan and inf are refused", "[config]") {
    // The text format reads "nan" and "inf" as numbers: refused when the tournament is made.
    const fs::path path = write_file("nan_timeout.txtpb",
                                     "bots { spec: \"tag\" }\nbots { spec: \"call\" }\n"
                                     "decision_timeout: nan\n");
    const TournamentConfig c = read_config(path);
    CHECK(config_error(c) == "decision_timeout: nan; expected a finite number");
}
