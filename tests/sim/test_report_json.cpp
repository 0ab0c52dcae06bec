// The streamed JSON of a report is byte for byte what Protobuf's own printer gives (the JSON
// `pokerarena report --json` printed before), for reports of real runs and for every kind of
// value a report can hold: the printer itself is the oracle.
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/wrappers.pb.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "pokerarena/sim/report_json.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;

namespace {

std::string protobuf_json(const Report& report) {
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.always_print_primitive_fields = true;
    options.preserve_proto_field_names = true;
    std::string json;
    REQUIRE(google::protobuf::util::MessageToJsonString(report, &json, options).ok());
    return json;
}

std::string streamed_json(const Report& report) {
    std::ostringstream out;
    write_report_json(report, out);
    return out.str();
}

Report played(TournamentConfig config) {
    RunOptions options;
    options.threads = 1;
    return run_tournament(make_tournament(config), options);
}

}  // namespace

TEST_CASE("report JSON: the same text as Protobuf's printer for played reports", "[report]") {
    TournamentConfig round_robin;
    for (const char* spec : {"tag", "call", "random"})
        round_robin.add_bots()->set_spec(spec);
    round_robin.set_deals(40);
    round_robin.set_allin_ev(true);
    const Report heads_up = played(round_robin);
    REQUIRE(heads_up.units_size() > 1);
    CHECK(streamed_json(heads_up) == protobuf_json(heads_up));

    TournamentConfig sit_and_go;
    sit_and_go.set_format(SIT_AND_GO);
    for (const char* spec : {"tag", "call", "random"})
        sit_and_go.add_bots()->set_spec(spec);
    sit_and_go.set_deals(3);
    const Report freezeouts = played(sit_and_go);
    REQUIRE(freezeouts.units(0).places_size() > 0);
    CHECK(streamed_json(freezeouts) == protobuf_json(freezeouts));
}

TEST_CASE("report JSON: every kind of value as Protobuf prints it", "[report]") {
    Report report;
    TournamentConfig& config = *report.mutable_config();
    // proto3 optional fields, set and unset; an enum value this build does not name.
    config.set_deals(7);
    config.set_duplicate(false);
    config.set_betting(static_cast<Betting>(42));
    config.mutable_sprt();  // set, every field zero
    config.mutable_sit_and_go()->add_payouts(0.5);
    BotEntry& bot = *config.add_bots();
    // Quotes, backslashes, every control, angle brackets, DEL and C1, and the invisible code
    // points Protobuf escapes beside others it leaves (2- to 4-byte sequences).
    std::string text =
        "\"\\<>&'/ \x7f\u0080\u009f\u00a0\u00ad\u00e9\u0600\u06dd\u2027\u2028"
        "\u202e\u202f\u2060\u206a\ufeff\ufff9\ufffc\U0001d173\U0001d17b"
        "\U000e0001\U000e0020\U0001f600";
    for (char c = 1; c < 0x20; ++c)
        text += c;
    bot.set_spec(text);
    bot.set_name(std::string("nul\0inside", 10));
    bot.mutable_process()->add_command("a");
    bot.mutable_process()->set_max_restarts(0);
    config.add_bots()->set_spec("");
    report.set_units_total(std::numeric_limits<std::int64_t>::min());
    report.set_hands(std::numeric_limits<std::int64_t>::max());
    UnitResult& unit = *report.add_units();
    unit.set_timing_decision_ns(std::numeric_limits<std::uint64_t>::max());
    unit.add_places(-3);
    unit.add_places(std::numeric_limits<std::int32_t>::min());
    BotResult& result = *report.add_bots();
    result.add_places(1);
    Estimate& estimate = *result.mutable_mbb_per_hand();
    estimate.set_mean(std::numeric_limits<double>::quiet_NaN());
    estimate.set_stddev(std::numeric_limits<double>::infinity());
    estimate.set_ci95(-std::numeric_limits<double>::infinity());
    estimate.set_too_few_samples(true);
    // Doubles that 15 digits give back, that need 17, huge, tiny, subnormal, negative zero.
    for (double value :
         {0.1, 1.0 / 3.0, 2.0 / 3.0, 1e21, 1e22, 123456789012345678.0, 1e-7, -2.5e-300, 5e-324,
          -0.0, 100.0, 0.30000000000000004, std::numeric_limits<double>::max()}) {
        report.mutable_curve()->add_hands(static_cast<std::int64_t>(value));
        report.add_pairs()->mutable_mbb_per_hand_a()->set_mean(value);
    }
    report.mutable_curve()->add_points();  // an empty repeated field inside an array
    CHECK(streamed_json(report) == protobuf_json(report));
    CHECK(streamed_json(Report()) == protobuf_json(Report()));
}

TEST_CASE("report JSON: the report's types are all ones the writer writes", "[report]") {
    CHECK(report_json_covers(*Report::descriptor()));
    // Types with a float or a bytes field, which it has no spelling for, are not.
    CHECK_FALSE(report_json_covers(*google::protobuf::FloatValue::descriptor()));
    CHECK_FALSE(report_json_covers(*google::protobuf::BytesValue::descriptor()));
}
