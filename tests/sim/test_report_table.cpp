#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "pokerarena/sim/report_table.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/stats.hpp"

using namespace pokerarena::sim;

namespace {

std::vector<std::string> table_lines(const Report& report) {
    std::ostringstream out;
    print_report_table(report, out);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::size_t display_width(const std::string& text) {
    std::size_t width = 0;
    for (char c : text)
        width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return width;
}

void set_estimate(Estimate* estimate, double mean, double ci95, double los, std::int64_t samples) {
    estimate->set_mean(mean);
    estimate->set_ci95(ci95);
    estimate->set_los(los);
    estimate->set_samples(samples);
}

BotResult* add_bot(Report& report, const std::string& name, std::int64_t hands, double mbb,
                   double ci95, double los) {
    BotResult* bot = report.add_bots();
    bot->set_name(name);
    bot->set_spec(name);
    bot->set_hands(hands);
    set_estimate(bot->mutable_mbb_per_hand(), mbb, ci95, los, hands / 2);
    return bot;
}

// A pair of 1000 samples whose standard error is ci95 / 1.96 (its stddev set to match).
void add_pair(Report& report, int a, int b, double mbb_a, double ci95) {
    PairResult* pair = report.add_pairs();
    pair->set_a(a);
    pair->set_b(b);
    pair->set_hands(2000);
    set_estimate(pair->mutable_mbb_per_hand_a(), mbb_a, ci95, 0.5, 1000);
    pair->mutable_mbb_per_hand_a()->set_stddev(ci95 / 1.96 * std::sqrt(1000.0));
}

// Three bots in a round robin, listed in an order that is not the ranking. Its results are not
// additive (equity against tag is +969, the other pairs imply +1975.5), so the ratings get the
// note that they fit poorly.
Report round_robin_report() {
    Report report;
    TournamentConfig& config = *report.mutable_config();
    config.set_format(ROUND_ROBIN);
    config.set_deals(1000);
    config.set_seed(42);
    config.set_small_blind(1);
    config.set_big_blind(2);
    config.set_stack_big_blinds(200);
    config.set_duplicate(true);
    config.set_allin_ev(true);
    report.mutable_run()->set_version("0.1.0");
    report.mutable_run()->set_threads(2);
    report.set_complete(true);
    report.set_units_total(6);
    report.set_units_done(6);
    report.set_hands(6000);

    BotResult* call = add_bot(report, "call", 4000, -512.25, 40.04, 0.0);
    set_estimate(call->mutable_mbb_per_hand_allin_ev(), -500.0, 30.0, 0.0, 2000);
    set_estimate(call->mutable_rating(), -512.25, 20.5, 0.0, 0);
    call->set_decisions(9000);
    call->set_mean_decision_us(0.0512);
    BotResult* equity = add_bot(report, "equity:samples=200", 4000, 1234.5, 55.56, 1.0);
    set_estimate(equity->mutable_mbb_per_hand_allin_ev(), 1200.0, 41.2, 1.0, 2000);
    set_estimate(equity->mutable_rating(), 1234.5, 25.0, 1.0, 0);
    equity->set_decisions(8000);
    equity->set_mean_decision_us(123.456);
    equity->mutable_faults()->set_exception(2);
    equity->mutable_faults()->set_illegal_action(1);
    equity->mutable_faults()->set_first_message("hand 12, illegal action: raise to 3");
    BotResult* tag = add_bot(report, "tag", 4000, -722.25, 35.0, 0.0004);
    set_estimate(tag->mutable_mbb_per_hand_allin_ev(), -700.0, 29.0, 0.0, 2000);
    set_estimate(tag->mutable_rating(), -722.25, 21.0, 0.0, 0);
    tag->set_decisions(7000);
    tag->set_mean_decision_us(2.5);

    add_pair(report, 0, 1, -1500.0, 60.0);  // call against equity
    add_pair(report, 0, 2, 475.5, 45.25);   // call against tag
    add_pair(report, 1, 2, 969.0, 50.0);    // equity against tag
    report.mutable_timing()->set_wall_seconds(0.25);
    report.mutable_timing()->set_hands_per_second(24000.4);
    report.mutable_timing()->set_peak_rss_bytes(12'345'678);
    return report;
}

}  // namespace

TEST_CASE("report table: round robin with all-in EV, ratings, faults and timing") {
    const std::vector<std::string> lines = table_lines(round_robin_report());
    const std::vector<std::string> want = {
        "Round robin, no-limit, 3 bots, 1,000 deals a pair, 6,000 hands, seed 42, complete",
        "Blinds 1/2, stacks 200 big blinds, duplicate, all-in EV; pokerarena 0.1.0",
        "",
        " #  bot                 hands  mbb/hand   95% CI     LOS  all-in EV   95% CI   rating   "
        "95% CI  faults",
        " 1  equity:samples=200  4,000   +1234.5 ±   55.6  100.0%    +1200.0 ±   41.2  +1234.5 ±   "
        "25.0       3",
        " 2  call                4,000    -512.2 ±   40.0    0.0%     -500.0 ±   30.0   -512.2 ±   "
        "20.5       0",
        " 3  tag                 4,000    -722.2 ±   35.0    0.0%     -700.0 ±   29.0   -722.2 ±   "
        "21.0       0",
        "LOS (likelihood of superiority): the chance that the bot's true mbb/hand is above 0",
        "rating: mbb/hand against the field's average, fitted to every pair's result by least "
        "squares",
        "Ratings fit poorly (chi-square 1696.4, 1 degree of freedom, p < 0.001): head-to-head "
        "results are not additive in this",
        "field, and rating differences do not predict them (equity:samples=200 against tag: "
        "+969.0 ± 50.0 mbb/hand, ratings",
        "+1956.8); read the crosstable.",
        "Faults of equity:samples=200: 2 exceptions or error statuses, 1 illegal action, 0 bad "
        "answers; first: hand 12, illegal action: raise to 3",
        "",
        "Crosstable: row bot against column bot, mbb/hand ± 95% CI",
        // Columns named by the bots, a name longer than 12 characters cut.
        "                        equity:samp…            call            tag",
        " 1  equity:samples=200                    .  +1500.0 ± 60.0  +969.0 ± 50.0",
        " 2  call                     -1500.0 ± 60.0               .  +475.5 ± 45.2",
        " 3  tag                       -969.0 ± 50.0   -475.5 ± 45.2              .",
        "",
        "Speed: 24,000 hands/s, 0.2 s wall time, 2 threads, peak memory 12.3 MB",
        "Latency µs: equity:samples=200 123.5, call 0.05, tag 2.50",
    };
    CHECK(lines == want);
}

TEST_CASE("report table: the header says what is missing") {
    Report report = round_robin_report();
    report.set_complete(false);
    report.set_units_done(4);
    CHECK(table_lines(report)[0] ==
          "Round robin, no-limit, 3 bots, 1,000 deals a pair, 6,000 hands, seed 42, INCOMPLETE: 4 "
          "of 6 units");
    // Shard 2/3 of 6 units plays units 1 and 4: done, or interrupted after one of them.
    report.mutable_run()->set_shard("2/3");
    report.set_units_done(2);
    CHECK(table_lines(report)[0] ==
          "Round robin, no-limit, 3 bots, 1,000 deals a pair, 6,000 hands, seed 42, shard 2/3: 2 "
          "of 2 units (6 in "
          "all)");
    report.set_units_done(1);
    CHECK(table_lines(report)[0] ==
          "Round robin, no-limit, 3 bots, 1,000 deals a pair, 6,000 hands, seed 42, shard 2/3: 1 "
          "of 2 units (6 in "
          "all), INCOMPLETE");
    CHECK(units_in_shard(6, Shard{1, 3}) == 2);
    CHECK(units_in_shard(7, Shard{1, 3}) == 3);
    CHECK(units_in_shard(2, Shard{3, 3}) == 0);
    CHECK(units_in_shard(5, Shard{1, 1}) == 5);
}

TEST_CASE("report table: sit-and-go ranks by prize and shows places, ROI and ITM") {
    Report report;
    TournamentConfig& config = *report.mutable_config();
    config.set_format(SIT_AND_GO);
    config.set_seats(3);
    config.set_seed(9);
    SitAndGo& sng = *config.mutable_sit_and_go();
    sng.set_starting_stack(1500);
    sng.set_hands_per_level(10);
    for (double share : {0.5, 0.3, 0.2})
        sng.add_payouts(share);
    report.set_complete(true);
    report.set_hands(1234);
    struct Line {
        const char* name;
        double mbb;
        std::vector<std::int64_t> places;
        double roi;
        double ci95;
        double itm;
    };
    for (const Line& line : {Line{"call", 50.0, {10, 20, 30}, -0.1, 0.125, 1.0},
                             Line{"tag", -20.0, {30, 20, 10}, 0.3, 0.1, 1.0}}) {
        BotResult* bot = add_bot(report, line.name, 600, line.mbb, 9.0, 0.5);
        for (std::int64_t count : line.places)
            bot->add_places(count);
        bot->set_roi(line.roi);
        bot->set_itm_rate(line.itm);
        set_estimate(bot->mutable_prize(), 1.0 + line.roi, line.ci95, 0.5, 60);
    }
    const std::vector<std::string> want = {
        "Sit-and-go, 3 seats, no-limit, 2 bots, 60 tournaments, 1,234 hands, seed 9, complete",
        "Starting stack 1,500, blinds up every 10 hands, payouts 0.5/0.3/0.2",
        "",
        " #  bot   hands  1st  2nd  3rd     ROI   95% CI     ITM  faults",
        " 1  tag     600   30   20   10  +30.0% ±  10.0%  100.0%       0",
        " 2  call    600   10   20   30  -10.0% ±  12.5%  100.0%       0",
        "ROI: the mean prize less the buy-in, in buy-ins; ITM (in the money): the share of "
        "tournaments paid",
    };
    CHECK(table_lines(report) == want);
}

TEST_CASE("report table: ten bots with long names stay within 120 characters") {
    Report report;
    report.mutable_config()->set_format(ROUND_ROBIN);
    report.set_complete(true);
    const int num_bots = 10;
    for (int i = 0; i < num_bots; ++i) {
        BotResult* bot = add_bot(report, "equity:samples=" + std::to_string(100000 + i), 1000000,
                                 -1000.0 * i, 12345.6, 0.5);
        bot->set_decisions(1);
        bot->set_mean_decision_us(1000.0 + i);
    }
    for (int a = 0; a < num_bots; ++a)
        for (int b = a + 1; b < num_bots; ++b)
            add_pair(report, a, b, -12345.6, 1234.5);
    report.mutable_timing()->set_hands_per_second(1.0e7);

    const std::vector<std::string> lines = table_lines(report);
    for (const std::string& line : lines)
        CHECK(display_width(line) <= 120);
    // Too wide for a crosstable: a list of the 45 pairs, each once from the better-ranked
    // side, and the decision times wrapped with their label.
    int decision_lines = 0;
    for (const std::string& line : lines)
        decision_lines += line.rfind("Latency µs: ", 0) == 0;
    const auto list = std::find(lines.begin(), lines.end(),
                                "Crosstable as a list (too wide for 120 columns): each pair once, "
                                "from the side of the better-ranked bot");
    REQUIRE(list != lines.end());
    CHECK(*(list + 1) == " bot                    opponent               mbb/hand   95% CI");
    CHECK(*(list + 2) == " equity:samples=100000  equity:samples=100001  -12345.6 ± 1234.5");
    CHECK(*(list + 46) == " equity:samples=100008  equity:samples=100009  -12345.6 ± 1234.5");
    CHECK((list + 47)->empty());
    CHECK(decision_lines == 4);
    CHECK(lines.back() == "Latency µs: equity:samples=100009 1009");
}

TEST_CASE("report table: a corrupt report prints without trusting it") {
    Report report = round_robin_report();
    add_pair(report, 0, 7, 1.0, 1.0);   // an unknown bot
    add_pair(report, -1, 1, 1.0, 1.0);  // a negative index
    add_pair(report, 2, 2, 1.0, 1.0);   // a bot against itself
    report.mutable_bots(2)->mutable_mbb_per_hand()->set_mean(std::nan(""));
    const std::vector<std::string> lines = table_lines(report);
    // The bot whose figure is not a number ranks last, and the crosstable is unchanged.
    CHECK(lines[6].rfind(" 3  tag ", 0) == 0);
    CHECK(std::count(
              lines.begin(), lines.end(),
              " 2  call                     -1500.0 ± 60.0               .  +475.5 ± 45.2") == 1);
}

TEST_CASE("report table: each plugin bot's library is named by its SHA-256") {
    Report report = round_robin_report();
    PluginIdentity* plugin = report.mutable_bots(2)->mutable_plugin();
    plugin->set_sha256(std::string(64, 'a'));
    plugin->set_size(16'384);
    plugin->set_api_name("tag \x1b[1mbold");
    const std::vector<std::string> lines = table_lines(report);
    // Given without a name (its name is its spec), the bot is shown by its API's name, and its
    // line keeps the spec.
    const std::string want = "Plugin tag \\x1B[1mbold (tag): SHA-256 " + std::string(64, 'a') +
                             ", 16,384 bytes, API name 'tag \\x1B[1mbold'";
    CHECK(std::count(lines.begin(), lines.end(), want) == 1);
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
              return line.rfind(" 3  tag \\x1B[1mbold ", 0) == 0;
          }) == 2);  // in the bots table and the crosstable
    // Two bots of one library with the same API name: the spec tells them apart.
    report.mutable_bots(0)->mutable_plugin()->set_api_name("tag \x1b[1mbold");
    const std::vector<std::string> both = table_lines(report);
    CHECK(std::count_if(both.begin(), both.end(), [](const std::string& line) {
              return line.rfind(" 2  tag \\x1B[1mbold (call) ", 0) == 0;
          }) == 2);
    CHECK(std::count_if(both.begin(), both.end(), [](const std::string& line) {
              return line.rfind("Plugin tag \\x1B[1mbold (call): SHA-256 ", 0) == 0;
          }) == 1);
    // A bot given a name keeps it.
    report.mutable_bots(2)->set_name("mine");
    const std::vector<std::string> named = table_lines(report);
    CHECK(std::count(named.begin(), named.end(),
                     "Plugin mine (tag): SHA-256 " + std::string(64, 'a') +
                         ", 16,384 bytes, API name 'tag \\x1B[1mbold'") == 1);
    // Bots without a library get no line.
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
              return line.rfind("Plugin ", 0) == 0;
          }) == 1);
}

TEST_CASE("report table: control characters in names and bot messages are escaped") {
    Report report = round_robin_report();
    report.mutable_bots(0)->set_name("red\x1b[31m\tx\xc2\x9b");
    report.mutable_bots(0)->mutable_faults()->set_exception(1);
    report.mutable_bots(0)->mutable_faults()->set_first_message("line\nbreak \x1b[2J");
    std::ostringstream out;
    print_report_table(report, out);
    const std::string text = out.str();
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find('\t') == std::string::npos);
    CHECK(text.find("\xc2\x9b") == std::string::npos);
    CHECK(text.find("red\\x1B[31m\\x09x\\u009B") != std::string::npos);
    CHECK(text.find("first: line\\x0Abreak \\x1B[2J") != std::string::npos);
}

namespace {

// A round robin of three bots whose ratings are the least-squares fit of `pairs` (as
// aggregate() gives them), each pair's ci95 1.96 standard errors.
Report rated_field(const std::vector<PairwiseResult>& pairs) {
    Report report;
    report.mutable_config()->set_format(ROUND_ROBIN);
    report.set_complete(true);
    const std::vector<Rating> ratings = least_squares_ratings(3, pairs);
    REQUIRE(ratings.size() == 3);
    for (int b = 0; b < 3; ++b) {
        BotResult* bot =
            add_bot(report, std::string(1, static_cast<char>('A' + b)), 4000, 0.0, 10.0, 0.5);
        set_estimate(bot->mutable_rating(), ratings[static_cast<std::size_t>(b)].value,
                     ratings[static_cast<std::size_t>(b)].ci95, 0.5, 2000);
    }
    for (const PairwiseResult& pair : pairs)
        add_pair(report, pair.a, pair.b, pair.mean, pair.std_error * 1.96);
    return report;
}

// The note on the ratings' fit, its lines joined, or "" when the table has none.
std::string note_of(const Report& report) {
    std::string note;
    for (const std::string& line : table_lines(report)) {
        if (note.empty() && line.rfind("Ratings fit poorly", 0) != 0) continue;
        note += (note.empty() ? "" : " ") + line;
        if (line.ends_with("crosstable.")) break;
    }
    return note;
}

}  // namespace

TEST_CASE("report table: ratings of a non-transitive field get a note that they do not fit") {
    // A beats B, B beats C and C beats A, each by 100 ± 19.6: every rating is 0, and each pair
    // is 10 standard errors from what the ratings predict (chi-square 300 on 1 degree).
    const Report report =
        rated_field({{0, 1, 100.0, 10.0}, {1, 2, 100.0, 10.0}, {0, 2, -100.0, 10.0}});
    CHECK(note_of(report) ==
          "Ratings fit poorly (chi-square 300.0, 1 degree of freedom, p < 0.001): head-to-head "
          "results are not additive in this field, and rating differences do not predict them "
          "(A against B: +100.0 ± 19.6 mbb/hand, ratings 0.0); read the crosstable.");
}

TEST_CASE("report table: ratings that fit the crosstable get no note") {
    // Additive: A - B = B - C = 50, A - C = 100 (the last off by one standard error).
    CHECK(note_of(rated_field({{0, 1, 50.0, 10.0}, {1, 2, 50.0, 10.0}, {0, 2, 110.0, 10.0}}))
              .empty());
    // A chain of pairs (a gauntlet's shape) leaves no degrees of freedom: any results fit.
    CHECK(note_of(rated_field({{0, 1, 100.0, 10.0}, {1, 2, -300.0, 10.0}})).empty());
}

TEST_CASE("report table: a pair without spread is weighed by the field's pooled spread") {
    // A pair whose samples all came out 0 (allin against call, or chance) has no interval of
    // its own; aggregate() weighs it by the pooled spread of the other pairs: sqrt((999 x 10^2
    // + 999 x 50^2) x 1000 / 1998) / sqrt(1000) = sqrt(1300) = 36.0555 standard error. Ratings
    // 100 apart miss it by 2.7735 of those, and miss pair (0, 2) by 2: chi-square 7.6923 + 4 =
    // 11.6923 on 1 degree of freedom, p = 0.00063.
    Report report = rated_field({{0, 1, 0.0, 10.0}, {1, 2, 100.0, 10.0}, {0, 2, 100.0, 50.0}});
    CHECK(note_of(report).empty());
    Estimate& none = *report.mutable_pairs(0)->mutable_mbb_per_hand_a();
    none.set_stddev(0.0);
    none.set_ci95(std::numeric_limits<double>::infinity());
    none.set_too_few_samples(true);
    for (const auto& [bot, rating] : {std::pair{0, 100.0}, {1, 0.0}, {2, -100.0}})
        report.mutable_bots(bot)->mutable_rating()->set_mean(rating);
    CHECK(note_of(report).find("(chi-square 11.7, 1 degree of freedom, p < 0.001)") !=
          std::string::npos);
    CHECK(note_of(report).find("(A against B: 0.0 ± n/a? mbb/hand, ratings +100.0)") !=
          std::string::npos);
}

TEST_CASE("report table: a gauntlet shows the hero against each opponent, unranked") {
    Report report = round_robin_report();
    report.mutable_config()->set_format(GAUNTLET);
    report.mutable_config()->set_hero(2);          // tag, ranked between the two others
    report.mutable_pairs()->DeleteSubrange(0, 1);  // call and equity never met
    report.mutable_pairs(0)->mutable_mbb_per_hand_a()->set_los(0.9);  // call against tag
    report.mutable_pairs(1)->mutable_mbb_per_hand_a()->set_los(1.0);  // equity against tag
    set_estimate(report.mutable_pairs(0)->mutable_mbb_per_hand_allin_ev_a(), 450.0, 40.0, 0.9,
                 1000);
    set_estimate(report.mutable_pairs(1)->mutable_mbb_per_hand_allin_ev_a(), 900.5, 48.0, 1.0,
                 1000);
    const auto hero_table = [](const std::vector<std::string>& lines) {
        const auto hero = std::find(
            lines.begin(), lines.end(),
            "Hero tag against each opponent: the hero's mbb/hand; LOS, the chance the hero is the "
            "better; faults, the opponent's (last line: the hero's)");
        REQUIRE(lines.end() - hero >= 5);
        return std::vector<std::string>(hero + 1, hero + 5);
    };
    // From tag's side, in bot order, then tag's own figures; no ranks and no ratings. The run
    // asked for all-in EV: beside the raw figures, as in the other formats' tables.
    const std::vector<std::string> lines = table_lines(report);
    const std::vector<std::string> want = {
        " opponent            hands  mbb/hand   95% CI    LOS  all-in EV   95% CI  faults",
        " call                2,000    -475.5 ±   45.2  10.0%     -450.0 ±   40.0       0",
        " equity:samples=200  2,000    -969.0 ±   50.0   0.0%     -900.5 ±   48.0       3",
        " all opponents       4,000    -722.2 ±   35.0   0.0%     -700.0 ±   29.0       0",
    };
    CHECK(hero_table(lines) == want);
    CHECK(lines[0].rfind("Gauntlet of tag, ", 0) == 0);
    for (const std::string& line : lines) {
        CHECK(line.find("rating") == std::string::npos);
        CHECK(line.find("Crosstable") == std::string::npos);
    }
    // Without all-in EV, no such columns.
    report.mutable_config()->set_allin_ev(false);
    const std::vector<std::string> raw = {
        " opponent            hands  mbb/hand   95% CI    LOS  faults",
        " call                2,000    -475.5 ±   45.2  10.0%       0",
        " equity:samples=200  2,000    -969.0 ±   50.0   0.0%       3",
        " all opponents       4,000    -722.2 ±   35.0   0.0%       0",
    };
    CHECK(hero_table(table_lines(report)) == raw);
}

TEST_CASE("report table: a process bot out of restarts is OUT, with or without forfeits") {
    Report report = round_robin_report();
    BotResult& tag = *report.mutable_bots(2);
    tag.mutable_faults()->set_crash(6);
    ProcessInfo& process = *tag.mutable_process();
    process.set_restarts(5);
    process.set_crashes(6);
    process.set_out(true);
    // Out with the run's last decisions: nothing was forfeited, and the table marks it all the
    // same, as the process record says.
    CHECK(dropped_out(tag));
    std::vector<std::string> lines = table_lines(report);
    CHECK(std::count(lines.begin(), lines.end(),
                     " 3  tag                 4,000    -722.2 ±   35.0    0.0%     -700.0 ±   "
                     "29.0   -722.2 ±   21.0   6 OUT") == 1);
    CHECK(std::count(lines.begin(), lines.end(),
                     "OUT tag dropped out (its restarts used up) with the run's last decisions, "
                     "none left to forfeit: its figures hold the faults that used up its "
                     "restarts") == 1);
    CHECK(std::count(lines.begin(), lines.end(),
                     "Process bot tag: 5 restarts; OUT (its restarts were used up; any later "
                     "decision was forfeited)") == 1);
    // Forfeits say where.
    tag.mutable_faults()->set_forfeit(3);
    tag.mutable_faults()->set_first_forfeit("unit 4, match 1, first half, hand 0");
    lines = table_lines(report);
    CHECK(std::count(lines.begin(), lines.end(),
                     "OUT tag dropped out (its restarts used up) at unit 4, match 1, first half, "
                     "hand 0 and forfeited 3 decisions (played check-or-fold): its figures are "
                     "not of the bot") == 1);
    // Not out: no mark.
    tag.mutable_faults()->set_forfeit(0);
    process.set_out(false);
    CHECK_FALSE(dropped_out(tag));
    for (const std::string& line : table_lines(report))
        CHECK(line.find("OUT") == std::string::npos);
}

TEST_CASE("report table: a process bot's dropped strategies are counted with the first reason") {
    Report report = round_robin_report();
    ProcessInfo& process = *report.mutable_bots(2)->mutable_process();
    process.set_api_name("mixer");
    process.set_invalid_strategies(1234);
    process.set_first_invalid_strategy("probabilities sum to 0.500000, not 1");
    const std::vector<std::string> lines = table_lines(report);
    CHECK(std::count(lines.begin(), lines.end(),
                     "Process bot tag: 'mixer', 0 restarts, 1,234 invalid strategies (dropped, the "
                     "actions stood; first: probabilities sum to 0.500000, not 1)") == 1);
}

TEST_CASE("report table: marks for too few samples and for the SPRT's stop") {
    Report report = round_robin_report();
    report.mutable_bots(0)->mutable_mbb_per_hand()->set_too_few_samples(true);  // call
    const std::vector<std::string> lines = table_lines(report);
    CHECK(std::count(lines.begin(), lines.end(),
                     "? too few samples (under 5, or no spread at all): not exact, and the "
                     "interval is not to be trusted") == 1);
    bool marked = false;
    for (const std::string& line : lines)
        marked =
            marked || (line.find(" 2  call ") == 0 && line.find(" 40.0? ") != std::string::npos);
    CHECK(marked);
    CHECK(std::none_of(lines.begin(), lines.end(),
                       [](const std::string& line) { return line.rfind("* the SPRT", 0) == 0; }));

    // A stopped match: every interval marked, and the note says why.
    report.mutable_config()->mutable_sprt()->set_mbb1(20);
    report.mutable_sprt()->set_decision("H1 (mbb1)");
    report.mutable_sprt()->set_hands(20480);
    report.mutable_sprt()->set_blocks(20);
    report.mutable_pairs(0)->mutable_mbb_per_hand_a()->set_biased_by_sprt_stop(true);
    const std::vector<std::string> stopped = table_lines(report);
    CHECK(std::count(stopped.begin(), stopped.end(),
                     "* the SPRT stopped the match after 20,480 hands: these fixed-sample figures "
                     "are biased by the stop (the mean away from the bound not crossed, the "
                     "interval too narrow); quote the SPRT's decision") == 1);
    bool sprt_line = false;
    for (const std::string& line : stopped)
        // Named: the test is about bot 0 (call) against bot 1, though equity ranks first.
        sprt_line = sprt_line || (line.rfind("SPRT call against equity:samples=200: 0 vs 20 "
                                             "mbb/hand for call (alpha",
                                             0) == 0 &&
                                  line.find("H1 (mbb1) after 20,480 hands") != std::string::npos &&
                                  line.find("20 blocks)") != std::string::npos);
    CHECK(sprt_line);
}
