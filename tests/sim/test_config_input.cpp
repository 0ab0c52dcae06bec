// Configuration input that Protobuf's parsers and the engine would take without a word, and
// read_config() / make_tournament() refuse naming where it is: a key given twice (JSON, and a
// field given twice in text format) and blinds beyond the chips a table holds.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>

#include "config_helpers.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;
namespace fs = std::filesystem;
using test::config_error;

namespace {

fs::path write_file(const std::string& name, const std::string& text) {
    return test::write_config_file("pokerarena_config_input_test", name, text);
}

// read_config's error for `text` in a file called `name`, or "(accepted)".
std::string read_error(const std::string& name, const std::string& text) {
    const fs::path path = write_file(name, text);
    try {
        read_config(path);
    } catch (const ConfigError& e) {
        const std::string message = e.what();
        // Relative to the file, so that expected messages need not spell the folder.
        const std::string prefix = path.parent_path().string() + '/';
        return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
    }
    return "(accepted)";
}

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

}  // namespace

TEST_CASE("JSON: a key given twice is refused naming the file, line, column and key", "[config]") {
    // Protobuf's parser refused this one in words about oneofs ("oneof field '_deals' is
    // already set"), and kept the last value of a field without presence (seed, bots).
    CHECK(read_error("top.json", R"({
  "bots": [{"spec": "call"}, {"spec": "tag"}],
  "deals": 3,
  "seed": 1,
  "deals": 5
})") == R"(top.json:5:3: key "deals" is given twice (first on line 3))");
    // Nested objects, named by their path; the same key in two objects is no duplicate.
    CHECK(read_error("bot.json", R"({"bots": [{"spec": "call"},
          {"spec": "tag", "name": "t", "spec": "fold"}]})") ==
          R"(bot.json:2:40: key "spec" of bots[1] is given twice (first on line 2))");
    CHECK(read_error("level.json", R"({"format": "SIT_AND_GO",
 "bots": [{"spec": "call"}, {"spec": "tag"}, {"spec": "fold"}],
 "sit_and_go": {"levels": [{"small_blind": 1, "big_blind": 2},
                           {"small_blind": 2, "bigBlind": 4,
                            "big_blind": 5}]}})") ==
          R"(level.json:5:29: key "big_blind" of sit_and_go.levels[1] is given twice )"
          R"((first on line 4, as "bigBlind"))");
    // A field's name and its JSON name are one key, and so are two spellings of one string.
    CHECK(read_error("alias.json", R"({"stack_big_blinds": 50, "stackBigBlinds": 60})") ==
          R"(alias.json:1:26: key "stackBigBlinds" is given twice (first on line 1, as )"
          R"("stack_big_blinds"))");
    CHECK(read_error("escape.json", R"({"d\u0065als": 3, "deals": 5})") ==
          R"(escape.json:1:19: key "deals" is given twice (first on line 1, as "d\u0065als"))");
    // Protobuf also reads bare keys and single quotes; null and a list count as given.
    CHECK(read_error("bare.json", "{seed: 1,\n 'seed': 2}") ==
          R"(bare.json:2:2: key "seed" is given twice (first on line 1))");
    CHECK(read_error("null.json", R"({"seed": null, "seed": 4})") ==
          R"(null.json:1:16: key "seed" is given twice (first on line 1))");
    // A list given twice was appended to the first (4 bots from two lists of 2).
    CHECK(read_error("lists.json",
                     R"({"bots": [{"spec": "call"}], "deals": 2, "bots": [{"spec": "tag"}]})") ==
          R"(lists.json:1:42: key "bots" is given twice (first on line 1))");
}

TEST_CASE("JSON: keys in strings, escapes and nesting are read as Protobuf reads them",
          "[config]") {
    // Braces, quotes and key names inside strings are text, not structure; a trailing comma
    // is Protobuf's JSON too.
    const fs::path path = write_file("strings.json", R"({
  "bots": [{"spec": "call", "name": "a \"}, \"spec\": {'"},
           {'spec': 'tag', 'name': 'b \'spec\' ]'},],
  "sit_and_go": null,
  "hh_out": "x\\",
  "deals": 2,
})");
    const TournamentConfig c = read_config(path);
    REQUIRE(c.bots_size() == 2);
    CHECK(c.bots(0).name() == "a \"}, \"spec\": {'");
    CHECK(c.bots(1).name() == "b 'spec' ]");
    CHECK(c.hh_out() == "x\\");
    CHECK(c.deals() == 2);
}

TEST_CASE("JSON nested deeper than Protobuf reads is left to Protobuf's parser", "[config]") {
    using Catch::Matchers::StartsWith;
    // Objects past Protobuf's limit of 100 get its message, not a finding of ours.
    std::string objects = R"({"sprt": )";
    for (int i = 0; i < 150; ++i)
        objects += R"({"x": )";
    objects += "1" + std::string(151, '}');
    CHECK_THAT(read_error("objects.json", objects),
               StartsWith("objects.json: not a valid JSON configuration: Message too deep"));
    // 200,000 nested lists: the scan stops at the limit. Had it kept the path of every open
    // list, the memory would grow with the square of the depth (60 GB here).
    const std::string lists =
        R"({"bots": )" + std::string(200'000, '[') + std::string(200'000, ']') + "}";
    CHECK(read_error("lists.json", lists) == "(accepted)");
}

TEST_CASE("JSON that is not JSON is still reported by Protobuf's parser", "[config]") {
    using Catch::Matchers::StartsWith;
    // A missing comma between two equal keys, a string that never ends, a bad escape, text
    // after the object: no duplicate is claimed, the parser says what is wrong.
    CHECK_THAT(read_error("comma.json", R"({"deals": 1 "deals": 2})"),
               StartsWith("comma.json: not a valid JSON configuration: Expected , or }"));
    CHECK_THAT(read_error("open.json", R"({"deals": 1, "deals)"),
               StartsWith("open.json: not a valid JSON configuration: "));
    CHECK_THAT(read_error("escape.json", R"({"h\uZZ": 1, "h\uZZ": 2})"),
               StartsWith("escape.json: not a valid JSON configuration: Invalid escape"));
    CHECK_THAT(read_error("after.json", R"({"deals": 1} {"deals": 2})"),
               StartsWith("after.json: not a valid JSON configuration: Parsing terminated"));
}

TEST_CASE("text format: a field that is not repeated is refused when given twice", "[config]") {
    using Catch::Matchers::StartsWith;
    // Protobuf's parser refuses it itself when the field has presence...
    CHECK(read_error("deals.txtpb", "bots { spec: \"call\" }\ndeals: 3\ndeals: 5\n") ==
          "deals.txtpb:3:1: Non-repeated field \"deals\" is specified multiple times.");
    // ... and, parsing the text again as a type in which every such field has presence, after
    // a field's default too, which proto3 cannot tell from no value.
    CHECK(read_error("seed.txtpb", "bots { spec: \"call\" }\nseed: 0\n\tseed: 7\n") ==
          "seed.txtpb:3:2: Non-repeated field \"seed\" is specified multiple times.");
    CHECK(read_error("name.txtpb", "bots { spec: \"call\" name: \"\" name: \"x\" }\n") ==
          "name.txtpb:1:30: Non-repeated field \"name\" is specified multiple times.");
    CHECK(read_error("ante.txtpb",
                     "sit_and_go {\n  levels { small_blind: 1 big_blind: 2 }\n"
                     "  levels: [{ small_blind: 2 big_blind: 4 }, { ante: 0; ante: 1 }]\n}\n") ==
          "ante.txtpb:3:56: Non-repeated field \"ante\" is specified multiple times.");
    // Repeated fields are given once per element, in every form the parser takes.
    const fs::path path = write_file("repeated.txtpb", R"(bots { spec: "call" }
bots: [{ spec: "" "tag" }, < spec: 'fold' >];
sit_and_go { payouts: [50, 30] payouts: 20 levels { small_blind: 1 big_blind: 2 } }
format: SIT_AND_GO, seed: 0 # seed: 1
)");
    const TournamentConfig c = read_config(path);
    CHECK(c.bots_size() == 3);
    CHECK(c.bots(1).spec() == "tag");
    CHECK(c.sit_and_go().payouts_size() == 3);
}

TEST_CASE("a blind or ante beyond the chips a table holds names its level", "[config]") {
    constexpr std::int64_t kMaxTableChips = kInt64Max / 4;
    TournamentConfig c;
    for (const char* spec : {"call", "fold", "tag"})
        c.add_bots()->set_spec(spec);
    c.set_format(SIT_AND_GO);
    SitAndGo& s = *c.mutable_sit_and_go();
    for (const std::int64_t big :
         {std::int64_t{20}, std::int64_t{40}, std::int64_t{80}, kMaxTableChips}) {
        BlindLevel& level = *s.add_levels();
        level.set_small_blind(big / 2);
        level.set_big_blind(big);
    }
    CHECK(config_error(c) == "(accepted)");
    // A table would overflow once the level was reached.
    s.mutable_levels(3)->set_big_blind(kInt64Max);
    CHECK(config_error(c) ==
          "sit_and_go.levels[3].big_blind: 9223372036854775807; expected at "
          "most 2305843009213693951 chips, the most a table holds");
    s.mutable_levels(3)->set_big_blind(kMaxTableChips);
    s.mutable_levels(2)->set_ante(kMaxTableChips + 1);
    CHECK(config_error(c) ==
          "sit_and_go.levels[2].ante: 2305843009213693952; expected at most "
          "2305843009213693951 chips, the most a table holds");
    // The first level's was blamed on starting_stack ("expected at least the first big blind").
    s.clear_levels();
    s.add_levels()->set_small_blind(10);
    s.mutable_levels(0)->set_big_blind(kInt64Max);
    CHECK(config_error(c) ==
          "sit_and_go.levels[0].big_blind: 9223372036854775807; expected at "
          "most 2305843009213693951 chips, the most a table holds");
    // A cash game's big blind was blamed on stack_big_blinds, which the file may not even give.
    TournamentConfig cash;
    cash.add_bots()->set_spec("call");
    cash.add_bots()->set_spec("tag");
    cash.set_big_blind(kInt64Max);
    CHECK(config_error(cash) ==
          "big_blind: 9223372036854775807; expected at most "
          "2305843009213693951 chips, the most a table holds");
    // And its ante (every stack would go in as ante).
    cash.clear_big_blind();
    cash.set_ante(kInt64Max);
    CHECK(config_error(cash) ==
          "ante: 9223372036854775807; expected at most "
          "2305843009213693951 chips, the most a table holds");
}

// A configuration that is a named pipe waited in open() for a writer that never came; one of
// gigabytes went whole to Protobuf's parser. Both are refused before a byte is parsed.
TEST_CASE("a configuration that is not a regular file, or far too big, is refused", "[config]") {
    const fs::path fifo = write_file("fifo.txtpb", "").replace_filename("a_fifo.txtpb");
    fs::remove(fifo);
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH(read_config(fifo),
                      fifo.string() +
                          ": a named pipe (FIFO), not a regular file; expected a "
                          "configuration file (Protobuf text format, or JSON when "
                          "the name ends in .json)");
    fs::remove(fifo);
    const fs::path big = write_file("big.txtpb", "");
    fs::resize_file(big, std::uintmax_t{17} << 20);  // sparse: nothing is written
    CHECK_THROWS_WITH(read_config(big),
                      big.string() +
                          ": more than 16 MiB; a configuration is a few KB (1,000 "
                          "bots take about 50 KB)");
}
