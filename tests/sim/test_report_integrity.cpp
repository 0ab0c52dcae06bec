// Report integrity: text that is not UTF-8 never reaches a report (configurations refuse it,
// bot text is escaped, the writer refuses it), read_report() refuses units no run can have
// produced (naming the file, the unit and the field), and the configuration checks that go
// with them (hh_sample without hh_out, explicit zero blinds).
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/sha256.hpp"
#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_report_integrity_test";
    fs::create_directories(dir);
    return dir / name;
}

TournamentConfig config_of(std::vector<std::string> specs, std::int64_t hands,
                           std::int32_t deals_per_unit) {
    TournamentConfig c;
    for (const std::string& spec : specs)
        c.add_bots()->set_spec(spec);
    c.set_deals(hands);
    c.set_deals_per_unit(deals_per_unit);
    c.set_seed(7);
    return c;
}

Report play_all(const Tournament& t) {
    std::vector<UnitResult> units;
    for (std::size_t u = 0; u < t.units.size(); ++u)
        units.push_back(play_unit(t, static_cast<std::int64_t>(u)));
    return aggregate(t, std::move(units));
}

// A three-bot round robin of 2 units per pair: 6 units of 4 deals (8 hands) each.
Report small_report() {
    return play_all(make_tournament(config_of({"call", "tag", "random"}, 8, 4)));
}

// The report as a file, bytes as given (no check on the way), then read back.
Report reread(const Report& report, const std::string& name) {
    const fs::path path = scratch(name);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << report.SerializeAsString();
    return read_report(path);
}

std::string read_error(const Report& report, const std::string& name) {
    try {
        reread(report, name);
    } catch (const ReportError& e) {
        return e.what();
    }
    return "(accepted)";
}

std::string config_error(const TournamentConfig& c) {
    try {
        make_tournament(c, BotLoading::Skip);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(accepted)";
}

class ThrowingBot final : public Bot {
  public:
    Action decide(const SeatView&) override { throw std::runtime_error("d\xe9j\xe0 vu \xff"); }
};

class ThrowingFactory final : public BotFactory {
  public:
    std::unique_ptr<Bot> create(std::uint64_t) const override {
        return std::make_unique<ThrowingBot>();
    }
    const std::string& spec() const override { return spec_; }

  private:
    std::string spec_ = "throwing";
};

}  // namespace

TEST_CASE("UTF-8: valid text is kept, each invalid byte becomes a hex escape", "[integrity]") {
    CHECK(to_valid_utf8("plain ascii") == "plain ascii");
    CHECK(to_valid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x82\xa1") ==
          "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x82\xa1");
    CHECK(to_valid_utf8("caf\xe9") == "caf\\xE9");
    // Overlong "/", a surrogate, above U+10FFFF, a sequence cut short, a stray continuation.
    CHECK(to_valid_utf8("\xc0\xaf") == "\\xC0\\xAF");
    CHECK(to_valid_utf8("\xed\xa0\x80") == "\\xED\\xA0\\x80");
    CHECK(to_valid_utf8("\xf4\x90\x80\x80") == "\\xF4\\x90\\x80\\x80");
    CHECK(to_valid_utf8("a\xe2\x82") == "a\\xE2\\x82");
    CHECK(to_valid_utf8("\x80z") == "\\x80z");
    CHECK_FALSE(find_invalid_utf8(TournamentConfig()).has_value());
}

TEST_CASE("UTF-8: the first bad string is found by its path", "[integrity]") {
    Report r;
    r.add_units();
    r.add_units()->add_bots()->mutable_faults()->set_first_message("ok");
    r.mutable_units(1)->add_bots()->mutable_faults()->set_first_message("x\xe9");
    const auto bad = find_invalid_utf8(r);
    REQUIRE(bad.has_value());
    CHECK(bad->field == "units[1].bots[1].faults.first_message");
    CHECK(bad->offset == 1);
    CHECK(bad->byte == 0xE9);
}

TEST_CASE("UTF-8: a configuration with other text is refused by field", "[integrity]") {
    TournamentConfig c = config_of({"call", "tag"}, 10, 0);
    c.mutable_bots(1)->set_name("\xff");
    CHECK(config_error(c) ==
          "bots[1].name: not valid UTF-8 (byte 0xFF at offset 0); text in a configuration "
          "must be UTF-8");
    c.mutable_bots(1)->set_name("t\xc3\xa4g");  // valid: accepted
    CHECK(config_error(c) == "(accepted)");
    c.mutable_bots(0)->set_spec("./m0.so:caf\xe9");
    CHECK_THAT(config_error(c), Contains("bots[0].spec: not valid UTF-8 (byte 0xE9 at offset 11)"));
    c = config_of({"call", "tag"}, 10, 0);
    c.set_hh_out("out\xe9");
    CHECK_THAT(config_error(c), Contains("hh_out: not valid UTF-8"));

    // The text format takes any bytes in a string: the check after parsing catches them.
    const fs::path path = scratch("latin1_name.txtpb");
    std::ofstream(path) << "bots { spec: \"random\" name: \"\\xff\" }\nbots { spec: \"call\" }\n";
    CHECK_THAT(config_error(read_config(path)), Contains("bots[0].name: not valid UTF-8"));
}

TEST_CASE("UTF-8: a bot's fault text is escaped in the unit result", "[integrity]") {
    Tournament t = make_tournament(config_of({"call", "fold"}, 20, 20));
    t.factories[1] = std::make_shared<ThrowingFactory>();
    const UnitResult r = play_unit(t, 0);
    const std::string& message = r.bots(1).faults().first_message();
    CHECK_THAT(message, Contains("d\\xE9j\\xE0 vu \\xFF"));
    CHECK_FALSE(find_invalid_utf8(r).has_value());
    // And so the report of it can be written and read back.
    const fs::path path = scratch("faults.pb");
    write_report(aggregate(t, {r}), path);
    CHECK(read_report(path).bots(1).faults().first_message() == message);
}

TEST_CASE("UTF-8: the writer refuses a report it could not read back", "[integrity]") {
    Report r = small_report();
    r.mutable_units(2)->mutable_bots(0)->mutable_faults()->set_first_message("caf\xe9");
    const fs::path path = scratch("latin1.pb");
    fs::remove(path);
    CHECK_THROWS_WITH(write_report(r, path),
                      Contains("latin1.pb: not written: units[2].bots[0].faults.first_message is "
                               "not valid UTF-8 (byte 0xE9 at offset 3)"));
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("read_report accepts what real runs of every format write", "[integrity]") {
    std::vector<TournamentConfig> configs;
    configs.push_back(config_of({"call", "tag", "random"}, 8, 4));
    configs.push_back(config_of({"allin", "call"}, 12, 5));
    configs.back().set_allin_ev(true);
    configs.push_back(config_of({"random", "tag", "call"}, 6, 3));
    configs.back().set_format(RING);
    configs.push_back(config_of({"random", "tag", "call", "allin"}, 6, 4));
    configs.back().set_format(RING);
    configs.back().set_duplicate(false);
    configs.back().set_allin_ev(true);
    configs.push_back(config_of({"random", "tag", "allin"}, 3, 2));
    configs.back().set_format(SIT_AND_GO);
    configs.push_back(config_of({"random", "allin"}, 10, 5));
    configs.back().set_duplicate(false);
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const Report r = play_all(make_tournament(configs[i]));
        INFO("config " << i);
        CHECK(reread(r, "real.pb").SerializeAsString() == r.SerializeAsString());
    }
}

TEST_CASE("read_report refuses impossible units, naming the file, unit and field", "[integrity]") {
    const Report good = small_report();
    REQUIRE(good.units_size() == 6);
    REQUIRE(good.units(1).hands() == 8);

    Report r = good;
    r.mutable_units(1)->set_hands(std::numeric_limits<std::int64_t>::max());
    CHECK(read_error(r, "huge.pb") ==
          scratch("huge.pb").string() +
              ": unit 1: hands: 9223372036854775807; expected 8 (4 deals played 2 times each)");
    r = good;
    r.mutable_units(1)->set_hands(-8);
    CHECK_THAT(read_error(r, "neg.pb"), Contains("neg.pb: unit 1: hands: -8; expected 8"));
    r = good;
    r.mutable_units(1)->mutable_bots(0)->set_hands(7);
    CHECK_THAT(read_error(r, "bh.pb"), Contains("bh.pb: unit 1: bots[0].hands: 7; expected 8"));
    for (const std::int64_t n : {-5, 0, 5}) {
        r = good;
        r.mutable_units(3)->mutable_bots(1)->mutable_samples()->set_n(n);
        CHECK_THAT(read_error(r, "n.pb"),
                   Contains("n.pb: unit 3: bots[1].samples.n: " + std::to_string(n) +
                            "; expected 4 (one sample per deal of the unit)"));
    }
    r = good;
    r.mutable_units(0)->mutable_pairs(0)->mutable_samples()->set_n(0);
    CHECK_THAT(read_error(r, "pn.pb"), Contains("unit 0: pairs[0].samples.n: 0; expected 4"));
    r = good;
    r.mutable_units(0)->mutable_bots(0)->mutable_samples_allin_ev()->set_n(4);
    CHECK_THAT(read_error(r, "ev.pb"),
               Contains("unit 0: bots[0].samples_allin_ev.n: 4; expected 0 (none without "
                        "allin_ev)"));
    r = good;
    r.mutable_units(2)->mutable_bots(0)->mutable_samples()->set_sum_squares(-1);
    CHECK_THAT(read_error(r, "sq.pb"), Contains("unit 2: bots[0].samples.sum_squares: -1"));
    r = good;
    r.mutable_units(4)->mutable_bots(0)->set_net_chips(r.units(4).bots(0).net_chips() + 10);
    CHECK_THAT(read_error(r, "zs.pb"),
               Contains("zs.pb: unit 4: the bots' net_chips sum to 10; expected 0"));
    r = good;
    r.mutable_units(4)->mutable_pairs(0)->set_net_chips_a(r.units(4).pairs(0).net_chips_a() + 1);
    CHECK_THAT(read_error(r, "pa.pb"), Contains("unit 4: pairs[0].net_chips_a: "));
    r = good;
    r.mutable_units(4)->mutable_bots(1)->mutable_faults()->set_bad_answer(-1);
    CHECK_THAT(read_error(r, "f.pb"), Contains("unit 4: bots[1].faults.bad_answer: -1"));
    r = good;
    r.mutable_units(4)->clear_pairs();
    CHECK_THAT(read_error(r, "np.pb"), Contains("unit 4: expected one pair result"));
}

TEST_CASE("read_report refuses reports whose counts do not add up", "[integrity]") {
    const Report good = small_report();
    Report r = good;
    r.clear_units();
    CHECK_THAT(read_error(r, "none.pb"),
               Contains("none.pb: units_done: 6 but the report holds 0 units"));
    r = good;
    r.set_units_total(7);
    CHECK_THAT(read_error(r, "total.pb"),
               Contains("total.pb: units_total: 7; the schedule of its configuration has 6"));
    r = good;
    r.mutable_bots()->RemoveLast();
    CHECK_THAT(read_error(r, "bots.pb"), Contains("bots.pb: bots: 2 results but its "
                                                  "configuration has 3 bots"));
    r = good;
    *r.mutable_units(3) = r.units(1);
    CHECK_THAT(read_error(r, "dup.pb"),
               Contains("dup.pb: holds unit 1 twice; a report holds each unit once"));
    r = good;
    r.mutable_config()->set_format(static_cast<Format>(99));
    CHECK_THAT(read_error(r, "cfg.pb"),
               Contains("cfg.pb: its configuration is not valid: format: 99"));
    // Each unit's chips sum to zero, but a bot's total leaves the 64-bit range.
    r = good;
    for (const int u : {0, 1}) {
        UnitResult& unit = *r.mutable_units(u);
        const std::int64_t big = std::numeric_limits<std::int64_t>::max() / 3 * 2;
        unit.mutable_bots(0)->set_net_chips(unit.bots(0).bot() == 0 ? big : -big);
        unit.mutable_bots(1)->set_net_chips(-unit.bots(0).net_chips());
        unit.mutable_pairs(0)->set_net_chips_a(big);
    }
    CHECK_THAT(read_error(r, "sum.pb"),
               Contains("sum.pb: unit 1: bot 0's net chips summed over the units overflow"));
    CHECK_THROWS_WITH(aggregate(make_tournament(r.config(), BotLoading::Skip),
                                {r.units().begin(), r.units().end()}),
                      Contains("unit 1: bot 0's net chips summed over the units overflow"));
}

TEST_CASE("read_report says a directory is one", "[integrity]") {
    const fs::path dir = scratch("a_directory.pb");
    fs::create_directories(dir);
    CHECK_THROWS_WITH(read_report(dir), Contains("a_directory.pb: is a directory"));
}

TEST_CASE("merge: an input holding a unit twice is named once", "[integrity]") {
    const Report good = small_report();
    Report twice = good;
    *twice.add_units() = good.units(1);
    const std::vector<Report> inputs = {good, twice};
    const std::vector<std::string> names = {"a.pb", "b.pb"};
    CHECK_THROWS_WITH(merge_reports(inputs, names),
                      "b.pb: holds unit 1 twice; a report holds each unit once");
}

TEST_CASE("a report whose configuration predates the new-configuration rules reads back",
          "[integrity]") {
    // hh_sample without hh_out and a name with a tab were accepted by earlier versions; their
    // reports must stay readable (check_new_config() applies to configurations being written).
    TournamentConfig c = config_of({"call", "tag"}, 10, 0);
    c.set_hh_sample(5);
    c.mutable_bots(0)->set_name("a\tb");
    REQUIRE_THROWS_AS(check_new_config(c), ConfigError);
    const Tournament t = make_tournament(c);
    const fs::path path = scratch("old_rules.pb");
    write_report(play_all(t), path);
    const Report back = read_report(path);
    CHECK(back.complete());
    CHECK(back.config().hh_sample() == 5);
}

TEST_CASE("explicit zero blinds are refused, unset ones get the default", "[integrity]") {
    TournamentConfig c = config_of({"call", "tag"}, 10, 0);
    const Tournament t = make_tournament(c, BotLoading::Skip);
    CHECK(t.config.small_blind() == 1);
    CHECK(t.config.big_blind() == 2);
    c.set_small_blind(0);
    CHECK(config_error(c) ==
          "small_blind: 0; expected a positive number of chips (leave it out for the default)");
    c.clear_small_blind();
    c.set_big_blind(0);
    CHECK_THAT(config_error(c), Contains("big_blind: 0; expected a positive number of chips"));
    c.set_big_blind(10);  // only the big blind: the small one is half of it
    CHECK(make_tournament(c, BotLoading::Skip).config.small_blind() == 5);
}

namespace {

// The digest of `bytes` as the 32 bytes a report file holds (sha256_hex, read as hex).
std::string sha256_bytes(std::string_view bytes) {
    const std::string hex = sha256_hex(bytes);
    std::string raw;
    for (std::size_t i = 0; i < hex.size(); i += 2)
        raw += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return raw;
}

std::string file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("a report file is its header, the body's SHA-256 and the body", "[integrity]") {
    const Report r = small_report();
    const fs::path path = scratch("layout.pb");
    write_report(r, path);
    const std::string bytes = file_bytes(path);
    const std::string header("\0pokerarena report v1\n", 22);
    REQUIRE(bytes.size() > 54);
    CHECK(bytes.substr(0, 22) == header);
    CHECK(bytes.substr(22, 32) == sha256_bytes(bytes.substr(54)));
    Report body;
    REQUIRE(body.ParseFromString(bytes.substr(54)));
    CHECK(body.SerializeAsString() == r.SerializeAsString());
}

TEST_CASE("every flipped bit and every cut in a written report is detected", "[integrity]") {
    // A flipped bit must not be read as a report with other figures, nor resumed from.
    const fs::path path = scratch("flips.pb");
    write_report(small_report(), path);
    const std::string good = file_bytes(path);
    // The damage is done in place, a byte at a time: a file truncated and written again
    // thousands of times is slow on ext4 (each such rewrite is flushed).
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    const auto put = [&](std::size_t at, char byte) {
        file.seekp(static_cast<std::streamoff>(at));
        file.put(byte);
        file.flush();
    };
    std::size_t refused = 0;
    for (std::size_t at = 0; at < good.size(); ++at) {
        for (int bit = 0; bit < 8; ++bit) {
            put(at, static_cast<char>(good[at] ^ (1 << bit)));
            try {
                read_report(path);
            } catch (const ReportError& e) {
                const std::string what = e.what();
                // Each names the file and says it is damaged.
                refused += what.find("flips.pb: damaged: ") != std::string::npos;
            }
        }
        put(at, good[at]);
    }
    CHECK(refused == good.size() * 8);
    // The file as written still reads.
    CHECK(read_report(path).units_size() == 6);
    // Cut short anywhere (a copy that stopped, a disk that filled): refused too.
    std::size_t cuts_refused = 0;
    for (std::size_t size = good.size(); size-- > 0;) {
        fs::resize_file(path, size);
        try {
            read_report(path);
        } catch (const ReportError& e) {
            cuts_refused += std::string(e.what()).find("flips.pb: ") != std::string::npos;
        }
    }
    CHECK(cuts_refused == good.size());
}

TEST_CASE("a report written before the checksum still reads", "[integrity]") {
    // The body alone, as every report was written before: read as it always was.
    const Report r = small_report();
    CHECK(reread(r, "no_checksum.pb").SerializeAsString() == r.SerializeAsString());
}

TEST_CASE("read_report refuses what is not a regular file without waiting", "[integrity]") {
    // A FIFO with no writer blocked the open for ever.
    const fs::path fifo = scratch("report.fifo");
    fs::remove(fifo);
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH(
        read_report(fifo),
        Contains("report.fifo: cannot open: a named pipe (FIFO), not a regular file"));
    CHECK_THROWS_WITH(read_report("/dev/zero"),
                      Contains("/dev/zero: cannot open: a character device, not a regular file"));
}

TEST_CASE("a stored report's float options are checked as a new configuration's", "[integrity]") {
    // What --resume, report and merge read: NaN switched the time limit off.
    Report r = small_report();
    r.mutable_config()->set_decision_timeout(std::numeric_limits<double>::quiet_NaN());
    CHECK_THAT(read_error(r, "nan_timeout.pb"),
               Contains("nan_timeout.pb: its configuration is not valid: decision_timeout: nan; "
                        "expected a finite number"));
}

namespace {

// The version this build writes into a report, from a run (aggregate() leaves it to the runner).
const std::string& this_version() {
    static const std::string version = [] {
        RunOptions options;
        options.threads = 1;
        return run_tournament(make_tournament(config_of({"call", "tag"}, 1, 1)), options)
            .run()
            .version();
    }();
    return version;
}

// check_report_summary's refusal of `report` (written to a file and read back first, as
// `pokerarena report` reads it) as this version's, or "(accepted)".
std::string summary_error(Report report, const std::string& name) {
    report.mutable_run()->set_version(this_version());
    try {
        check_report_summary(reread(report, name), name);
    } catch (const ReportError& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("a report's summary is what its units make, in every format and every state",
          "[integrity]") {
    std::vector<TournamentConfig> configs;
    configs.push_back(config_of({"call", "tag", "random"}, 8, 4));
    configs.push_back(config_of({"allin", "call"}, 12, 5));
    configs.back().set_allin_ev(true);
    configs.push_back(config_of({"random", "tag", "call"}, 6, 3));
    configs.back().set_format(RING);
    configs.push_back(config_of({"random", "tag", "allin"}, 3, 2));
    configs.back().set_format(SIT_AND_GO);
    configs.push_back(config_of({"random", "tag", "call"}, 8, 4));
    configs.back().set_format(GAUNTLET);
    for (std::size_t i = 0; i < configs.size(); ++i) {
        INFO("config " << i);
        const Tournament t = make_tournament(configs[i]);
        const Report whole = play_all(t);
        CHECK(summary_error(whole, "whole.pb") == "(accepted)");
        // A partial run (unit 0 of the schedule), and one stopped before any unit.
        REQUIRE(t.units.size() >= 2);
        const Report part = aggregate(t, {play_unit(t, 0)});
        CHECK_FALSE(part.complete());
        CHECK(summary_error(part, "part.pb") == "(accepted)");
        CHECK(summary_error(aggregate(t, {}), "none.pb") == "(accepted)");
        // The rest run apart and merged: the merge's figures are the whole run's.
        std::vector<UnitResult> rest;
        for (std::size_t u = 1; u < t.units.size(); ++u)
            rest.push_back(play_unit(t, static_cast<std::int64_t>(u)));
        const Report merged =
            merge_reports(std::vector<Report>{part, aggregate(t, std::move(rest))});
        CHECK(merged.complete());
        CHECK(summary_error(merged, "merged.pb") == "(accepted)");
    }
    // An SPRT that stopped the match: the units after the deciding one are not in the report.
    TournamentConfig sprt = config_of({"tag", "fold"}, 20000, 10);
    sprt.set_seed(3);
    sprt.mutable_sprt()->set_mbb0(0);
    sprt.mutable_sprt()->set_mbb1(100);
    sprt.mutable_sprt()->set_alpha(0.05);
    sprt.mutable_sprt()->set_beta(0.05);
    const Report stopped = play_all(make_tournament(sprt));
    CHECK(stopped.sprt().decision() != "undecided");
    CHECK(stopped.units_done() < stopped.units_total());
    CHECK(summary_error(stopped, "sprt.pb") == "(accepted)");
    // Timing and the run's own record are not figures of the units.
    Report timed = small_report();
    timed.mutable_timing()->set_wall_seconds(12.5);
    timed.mutable_run()->set_threads(8);
    CHECK(summary_error(timed, "timed.pb") == "(accepted)");
}

TEST_CASE("a forged summary is refused, naming the field and both values", "[integrity]") {
    const Report good = small_report();
    Report r = good;
    r.mutable_bots(1)->set_hands(-5);
    CHECK_THAT(summary_error(r, "hands.pb"),
               Contains("hands.pb: bots[1].hands: -5 in the file, 32 from the units") &&
                   Contains("does not follow from the units"));
    r = good;
    r.mutable_bots(0)->mutable_faults()->set_illegal_action(-1);
    CHECK_THAT(summary_error(r, "faults.pb"),
               Contains("faults.pb: bots[0].faults.illegal_action: -1 in the file, 0 from"));
    r = good;
    r.mutable_bots(2)->mutable_mbb_per_hand()->set_mean(std::nan(""));
    CHECK_THAT(summary_error(r, "nan.pb"), Contains("nan.pb: bots[2].mbb_per_hand.mean: nan in "
                                                    "the file, "));
    r = good;
    r.mutable_bots(0)->mutable_mbb_per_hand()->set_los(7.0);
    CHECK_THAT(summary_error(r, "los.pb"),
               Contains("los.pb: bots[0].mbb_per_hand.los: 7 in the file, "));
    r = good;
    r.mutable_pairs(0)->set_net_chips_a(r.pairs(0).net_chips_a() + 1);
    CHECK_THAT(summary_error(r, "pair.pb"), Contains("pair.pb: pairs[0].net_chips_a: "));
    r = good;
    r.set_hands(good.hands() * 2);
    CHECK_THAT(summary_error(r, "total.pb"), Contains("total.pb: hands: 96 in the file, 48 from"));
    r = good;
    r.set_complete(false);
    CHECK_THAT(summary_error(r, "complete.pb"),
               Contains("complete.pb: complete: false in the file, true from the units"));
    r = good;
    r.mutable_bots(1)->set_name("someone else");
    CHECK_THAT(summary_error(r, "name.pb"),
               Contains("name.pb: bots[1].name: 'someone else' in the file, 'tag' from"));
    r = good;
    r.mutable_pairs()->RemoveLast();
    CHECK_THAT(summary_error(r, "pairs.pb"),
               Contains("pairs.pb: pairs: 2 entries in the file, 3 from the units"));
    r = good;
    r.mutable_bots(0)->clear_rating();
    CHECK_THAT(summary_error(r, "rating.pb"),
               Contains("rating.pb: bots[0].rating: none in the file, but the units give one"));
    // Rounding in the last places (another machine's libm) is the same figure; more is not.
    r = good;
    const double ci = good.bots(0).mbb_per_hand().ci95();
    r.mutable_bots(0)->mutable_mbb_per_hand()->set_ci95(ci * (1 + 1e-12));
    CHECK(summary_error(r, "rounded.pb") == "(accepted)");
    r.mutable_bots(0)->mutable_mbb_per_hand()->set_ci95(ci * (1 + 1e-6));
    CHECK_THAT(summary_error(r, "off.pb"), Contains("off.pb: bots[0].mbb_per_hand.ci95: "));
}

TEST_CASE("a report without units has its configuration checked as merge checks it",
          "[integrity]") {
    const Tournament t = make_tournament(config_of({"call", "tag", "random"}, 8, 4));
    Report none = aggregate(t, {});
    CHECK(reread(none, "none.pb").units_total() == 6);
    none.mutable_config()->set_format(static_cast<Format>(99));
    CHECK_THAT(read_error(none, "none_cfg.pb"),
               Contains("none_cfg.pb: its configuration is not valid: format: 99"));
    // merge says the same of the same input, by its name.
    const std::vector<Report> inputs = {none};
    const std::vector<std::string> names = {"none_cfg.pb"};
    CHECK_THROWS_WITH(merge_reports(inputs, names),
                      Contains("none_cfg.pb: its configuration is not valid: format: 99"));
    Report total = aggregate(t, {});
    total.set_units_total(5);
    CHECK_THAT(read_error(total, "none_total.pb"),
               Contains("none_total.pb: units_total: 5; the schedule of its configuration has 6"));
}

TEST_CASE("another version's summary: its counts are the units', its statistics of their kind",
          "[integrity]") {
    Report good = small_report();
    good.mutable_run()->set_version("0.1.0");
    const auto error = [](const Report& r, const std::string& name) {
        try {
            check_report_summary(reread(r, name), name);
        } catch (const ReportError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    // Its own formulas gave other intervals, and it wrote no pair names: accepted.
    Report r = good;
    r.mutable_bots(0)->mutable_mbb_per_hand()->set_ci95(good.bots(0).mbb_per_hand().ci95() * 1.01);
    r.mutable_pairs(0)->clear_name_a();
    CHECK(error(r, "old.pb") == "(accepted)");
    // Counts are sums in any version.
    r = good;
    r.mutable_bots(2)->set_net_chips(good.bots(2).net_chips() + 7);
    CHECK_THAT(error(r, "old_chips.pb"), Contains("old_chips.pb: bots[2].net_chips: "));
    // No version computes a probability of 7 or a NaN mean.
    r = good;
    r.mutable_bots(0)->mutable_mbb_per_hand()->set_los(7.0);
    CHECK_THAT(error(r, "old_los.pb"),
               Contains("old_los.pb: bots[0].mbb_per_hand.los: 7; expected a probability, 0 to "
                        "1 (written by pokerarena 0.1.0; no version computes such a figure)"));
    r = good;
    r.mutable_pairs(1)->mutable_mbb_per_hand_a()->set_mean(std::nan(""));
    CHECK_THAT(error(r, "old_nan.pb"),
               Contains("old_nan.pb: pairs[1].mbb_per_hand_a.mean: nan; expected a finite"));
}
