#include "pokerarena/sim/report_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "formats/format.hpp"
#include "io/table_text.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/shard.hpp"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim {

namespace {

// Lines are kept under this many characters; the crosstable is cut into column blocks to fit.
constexpr std::size_t kMaxLineWidth = 120;

using table_text::display_width;
using table_text::figure;
using table_text::grouped;
using table_text::interval;
using table_text::kStopMark;
using table_text::kTooFewMark;
using table_text::percent;
using table_text::printf_string;
using table_text::signed_figure;

std::string counted(std::int64_t count, const std::string& noun, const std::string& plural = "") {
    return grouped(count) + " " + (count == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

std::int64_t total_faults(const FaultCounts& f) {
    return f.exception() + f.illegal_action() + f.bad_answer() + f.timeout() + f.crash() +
           f.forfeit();
}

// The faults column: the count, and OUT for a bot that dropped out (from there on it played
// check-or-fold, so its figures say little).
std::string faults_cell(const BotResult& bot) {
    return grouped(total_faults(bot.faults())) + (dropped_out(bot) ? " OUT" : "");
}

// What a process bot ran and what became of its processes: its restarts, the first problem,
// and where its standard error went.
void print_process(const std::string& name, const ProcessInfo& p, std::ostream& out) {
    out << "Process bot " << name << ":";
    if (!p.api_name().empty()) out << " '" << printable_text(p.api_name()) << "',";
    out << " " << counted(p.restarts(), "restart");
    if (p.bad_lines() > 0) out << ", " << counted(p.bad_lines(), "bad line");
    if (p.stderr_bytes_dropped() > 0)
        out << ", " << grouped(p.stderr_bytes_dropped()) << " bytes of stderr dropped";
    if (p.invalid_strategies() > 0)
        out << ", " << counted(p.invalid_strategies(), "invalid strategy", "invalid strategies")
            << " (dropped, the actions stood; first: " << printable_text(p.first_invalid_strategy())
            << ")";
    if (p.out()) out << "; OUT (its restarts were used up; any later decision was forfeited)";
    if (!p.first_problem().empty()) out << "; first problem: " << printable_text(p.first_problem());
    if (!p.stderr_log().empty()) out << "; stderr: " << printable_text(p.stderr_log());
    out << '\n';
}

// The notes for the marks the report's estimates carry, after the table that shows them.
void print_marks(bool too_few, bool stopped, const Report& report, std::ostream& out) {
    if (too_few)
        out << kTooFewMark << " too few samples (under " << kMinSamples
            << ", or no spread at all): not exact, and the interval is not to be trusted\n";
    if (stopped)
        out << kStopMark << " the SPRT stopped the match after " << grouped(report.sprt().hands())
            << " hands: these fixed-sample figures are biased by the stop (the mean away from "
               "the bound not crossed, the interval too narrow); quote the SPRT's decision\n";
    for (int b = 0; b < report.bots_size(); ++b) {
        const BotResult& bot = report.bots(b);
        const FaultCounts& f = bot.faults();
        if (!dropped_out(bot)) continue;
        out << "OUT " << printable_text(bot.name()) << " dropped out (its restarts used up)";
        if (f.forfeit() > 0)
            out << " at " << printable_text(f.first_forfeit()) << " and forfeited "
                << grouped(f.forfeit()) << (f.forfeit() == 1 ? " decision" : " decisions")
                << " (played check-or-fold): its figures are not of the bot\n";
        else
            out << " with the run's last decisions, none left to forfeit: its figures hold "
                   "the faults that used up its restarts\n";
    }
}

std::string microseconds(double us) {
    if (us < 10) return printf_string("%.2f", us);
    if (us < 1000) return printf_string("%.1f", us);
    return printf_string("%.0f", us);
}

// A table of right- or left-aligned columns. `separator` is printed before the column (the
// first column's is the indentation) when the cell and the one before it have text, and as
// blanks otherwise: a "mean ± ci" pair of columns shows nothing for a missing figure, and a
// lone mark in the second column of the pair (the crosstable's diagonal) no "±".
struct Column {
    std::string header;
    bool left_aligned = false;
    std::string separator = "  ";
};

class TextTable {
  public:
    explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

    void add_row(std::vector<std::string> cells) {
        cells.resize(columns_.size());
        rows_.push_back(std::move(cells));
    }

    void print(std::ostream& out) const {
        std::vector<std::size_t> widths(columns_.size());
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            widths[c] = display_width(columns_[c].header);
            for (const auto& row : rows_)
                widths[c] = std::max(widths[c], display_width(row[c]));
        }
        std::vector<std::string> header;
        for (const Column& column : columns_)
            header.push_back(column.header);
        print_line(out, header, widths, true);
        for (const auto& row : rows_)
            print_line(out, row, widths, false);
    }

  private:
    void print_line(std::ostream& out, const std::vector<std::string>& cells,
                    const std::vector<std::size_t>& widths, bool is_header) const {
        std::string line;
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            const Column& column = columns_[c];
            const std::string& cell = cells[c];
            const bool show_separator =
                !is_header && !cell.empty() && (c == 0 || !cells[c - 1].empty());
            line += show_separator ? column.separator
                                   : std::string(display_width(column.separator), ' ');
            const std::string padding(widths[c] - display_width(cell), ' ');
            line += column.left_aligned ? cell + padding : padding + cell;
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out << line << '\n';
    }

    std::vector<Column> columns_;
    std::vector<std::vector<std::string>> rows_;
};

const formats::TournamentFormat& format_of(const Report& report) {
    return formats::format_for_report(report.config());
}

// A plugin given without a name (its name is then its spec, a path) is shown by the name its
// API gives, the one its writer chose; with the spec beside it when another bot would show
// the same name (one library with two configurations). Its "Plugin" line keeps the spec.
std::string plugin_display_name(const Report& report, const BotResult& result) {
    const std::string& api = result.plugin().api_name();
    int same = 0;
    for (const BotResult& other : report.bots()) {
        same += other.name() == api || (other.has_plugin() && other.name() == other.spec() &&
                                        other.plugin().api_name() == api);
    }
    return printable_text(same == 1 ? api : api + " (" + result.spec() + ")");
}

std::string bot_name(const Report& report, int bot) {
    if (bot < 0 || bot >= report.bots_size()) return "?";
    const BotResult& result = report.bots(bot);
    if (result.has_plugin() && !result.plugin().api_name().empty() &&
        result.name() == result.spec())
        return plugin_display_name(report, result);
    if (!result.name().empty()) return printable_text(result.name());
    if (!result.spec().empty()) return printable_text(result.spec());
    return "bot " + std::to_string(bot);
}

// The figure the field is ranked by: the format's (TournamentFormat::ranking_figure).
double ranking_figure(const Report& report, const BotResult& bot) {
    const double value = format_of(report).ranking_figure(bot);
    return std::isfinite(value) ? value : -INFINITY;
}

std::vector<int> ranking(const Report& report) {
    std::vector<int> order(static_cast<std::size_t>(report.bots_size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return ranking_figure(report, report.bots(a)) > ranking_figure(report, report.bots(b));
    });
    return order;
}

std::string format_description(const Report& report) {
    const TournamentConfig& config = report.config();
    if (!Format_IsValid(config.format()))
        return "Format " + std::to_string(static_cast<int>(config.format()));
    return format_of(report).title(config, bot_name(report, config.hero()));
}

std::string betting_description(Betting betting) {
    switch (betting) {
        case BETTING_UNSPECIFIED:
        case NO_LIMIT:
            return "no-limit";
        case POT_LIMIT:
            return "pot-limit";
        case FIXED_LIMIT:
            return "fixed-limit";
        default:
            return "betting " + std::to_string(static_cast<int>(betting));
    }
}

void print_header(const Report& report, std::ostream& out) {
    const TournamentConfig& config = report.config();
    std::string status;
    if (report.complete()) {
        status = "complete";
    } else if (!report.run().shard().empty()) {
        // A shard's own units, so that an interrupted shard does not read like a finished one.
        std::int64_t in_shard = -1;
        try {
            in_shard = units_in_shard(report.units_total(), parse_shard(report.run().shard()));
        } catch (const RunError&) {
            // Not K/N (not written by pokerarena): the units of the whole schedule only.
        }
        status = "shard " + printable_text(report.run().shard()) + ": " +
                 grouped(report.units_done()) + " of ";
        if (in_shard < 0)
            status += grouped(report.units_total()) + " units";
        else
            status += grouped(in_shard) + " units (" + grouped(report.units_total()) + " in all)" +
                      (report.units_done() < in_shard ? ", INCOMPLETE" : "");
    } else {
        status = "INCOMPLETE: " + grouped(report.units_done()) + " of " +
                 grouped(report.units_total()) + " units";
    }
    const formats::TournamentFormat& format = format_of(report);
    out << format_description(report) << ", " << betting_description(config.betting()) << ", "
        << report.bots_size() << (report.bots_size() == 1 ? " bot, " : " bots, ")
        << format.deals_text(report) << grouped(report.hands()) << " hands, seed " << config.seed()
        << ", " << status << '\n';

    std::string details = format.details(config);
    if (config.allin_ev()) details += ", all-in EV";
    if (config.aivat()) details += ", AIVAT";
    if (!report.run().version().empty())
        details += "; pokerarena " + printable_text(report.run().version());
    out << details << '\n';
}

// Words wrapped into lines of at most kMaxLineWidth characters (a longer word gets a line).
void print_paragraph(const std::string& text, std::ostream& out) {
    std::istringstream words(text);
    std::string line;
    for (std::string word; words >> word;) {
        if (!line.empty() && display_width(line) + 1 + display_width(word) > kMaxLineWidth) {
            out << line << '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out << line << '\n';
}

// Ratings read as "a bot rated +30 beats one rated -20 by about 50 mbb/hand" only when the
// pair results are additive. When they are not (A beats B, B beats C, C beats A), the least
// squares fit still gives numbers, and their intervals say nothing about the misfit, so the
// table says so. The pairs are taken as aggregate() fitted them (tournament.hpp): the report
// keeps each pair's estimate, not the weights. The threshold makes the note appear for one
// additive field in a thousand; with the many samples of a long run it also appears for a
// small misfit, which is why it quotes the worst pair's size.
constexpr double kPoorFitPValue = 0.001;

void print_rating_fit(const Report& report, std::ostream& out) {
    std::vector<Rating> ratings;
    for (const BotResult& bot : report.bots()) {
        if (!bot.has_rating() || !std::isfinite(bot.rating().mean())) return;
        ratings.push_back({bot.rating().mean(), bot.rating().ci95()});
    }
    const auto num_bots = static_cast<int>(ratings.size());
    std::vector<PairwiseResult> pairs;
    std::vector<Summary> summaries;
    std::vector<const PairResult*> fitted;
    for (const PairResult& pair : report.pairs()) {
        const Estimate& result = pair.mbb_per_hand_a();
        if (pair.a() < 0 || pair.a() >= num_bots || pair.b() < 0 || pair.b() >= num_bots ||
            pair.a() == pair.b() || result.samples() < 2 || !std::isfinite(result.mean()) ||
            !std::isfinite(result.stddev()) || result.stddev() < 0)
            continue;
        const double samples = static_cast<double>(result.samples());
        pairs.push_back({pair.a(), pair.b(), result.mean(), result.stddev() / std::sqrt(samples)});
        Summary& s = summaries.emplace_back();
        s.mean = result.mean();
        s.stddev = result.stddev();
        s.samples = result.samples();
        s.too_few_samples = result.too_few_samples() || result.stddev() == 0;
        fitted.push_back(&pair);
    }
    // As aggregate() weighed them for the ratings.
    weigh_uncertain_pairs(pairs, summaries, kExactPairStdError);

    const RatingFit fit = rating_fit(pairs, ratings);
    if (fit.degrees_of_freedom == 0 || !(fit.p_value < kPoorFitPValue)) return;
    const PairwiseResult& worst = pairs[fit.worst_pair];
    const double predicted = ratings[static_cast<std::size_t>(worst.a)].value -
                             ratings[static_cast<std::size_t>(worst.b)].value;
    // The worst pair from the side of the bot it favours, as the crosstable's upper right.
    const bool a_side = worst.mean >= 0;
    const int first = a_side ? worst.a : worst.b;
    const int second = a_side ? worst.b : worst.a;
    print_paragraph("Ratings fit poorly (chi-square " + figure(fit.chi_square, 1) + ", " +
                        counted(fit.degrees_of_freedom, "degree") + " of freedom, p < " +
                        printf_string("%g", kPoorFitPValue) +
                        "): head-to-head results are not additive in this field, and rating "
                        "differences do not predict them (" +
                        bot_name(report, first) + " against " + bot_name(report, second) + ": " +
                        signed_figure(a_side ? worst.mean : -worst.mean, 1) + " ± " +
                        interval(fitted[fit.worst_pair]->mbb_per_hand_a(), 1) +
                        " mbb/hand, ratings " + signed_figure(a_side ? predicted : -predicted, 1) +
                        "); read the crosstable.",
                    out);
}

// A gauntlet measures one bot, the hero, against each of the others, which never meet each
// other: a ranking would set the hero's average over every opponent beside each opponent's one
// pairing, and ratings fitted to a star of pairs place opponents by a single result. So the
// table is the hero's result against each opponent in bot order (from the hero's side: LOS is
// the chance the hero is the better of the two), then its mean over all of them.
void print_gauntlet(const Report& report, std::ostream& out) {
    const int hero = report.config().hero();
    const bool show_allin_ev = !format_of(report).freezeout() && report.config().allin_ev();
    out << "Hero " << bot_name(report, hero)
        << " against each opponent: the hero's mbb/hand; LOS, the chance the hero is "
           "the better; faults, the opponent's (last line: the hero's)\n";
    std::vector<Column> columns = {
        {"opponent", true, " "}, {"hands"}, {"mbb/hand"}, {"95% CI", false, " ± "}, {"LOS"}};
    if (show_allin_ev) {
        columns.push_back({"all-in EV"});
        columns.push_back({"95% CI", false, " ± "});
    }
    columns.push_back({"faults"});
    TextTable table(std::move(columns));
    // A row's figures from the hero's side: `hero_is_a` false turns b's estimate around.
    const auto figures = [&](const Estimate& e, const Estimate& allin_ev, bool hero_is_a,
                             std::vector<std::string>& row) {
        row.push_back(signed_figure(hero_is_a ? e.mean() : -e.mean(), 1));
        row.push_back(interval(e, 1));
        row.push_back(std::isfinite(e.ci95()) ? percent(hero_is_a ? e.los() : 1.0 - e.los())
                                              : "n/a");
        if (!show_allin_ev) return;
        row.push_back(signed_figure(hero_is_a ? allin_ev.mean() : -allin_ev.mean(), 1));
        row.push_back(interval(allin_ev, 1));
    };
    for (const PairResult& pair : report.pairs()) {
        const bool hero_is_a = pair.a() == hero;
        if (!hero_is_a && pair.b() != hero) continue;
        const int opponent = hero_is_a ? pair.b() : pair.a();
        if (opponent < 0 || opponent >= report.bots_size() || opponent == hero) continue;
        std::vector<std::string> row = {bot_name(report, opponent), grouped(pair.hands())};
        figures(pair.mbb_per_hand_a(), pair.mbb_per_hand_allin_ev_a(), hero_is_a, row);
        row.push_back(faults_cell(report.bots(opponent)));
        table.add_row(std::move(row));
    }
    if (hero >= 0 && hero < report.bots_size()) {
        const BotResult& bot = report.bots(hero);
        std::vector<std::string> row = {"all opponents", grouped(bot.hands())};
        figures(bot.mbb_per_hand(), bot.mbb_per_hand_allin_ev(), true, row);
        row.push_back(faults_cell(bot));
        table.add_row(std::move(row));
    }
    table.print(out);
}

// The ranking: the format's columns (chips won per hand in the cash formats; places, ROI and
// ITM in a freezeout, whose chips are worth only the places they buy), then all-in EV,
// ratings and faults. Lines under it say what LOS and the rating are.
void print_ranking(const Report& report, const std::vector<int>& order, bool show_rating,
                   std::ostream& out) {
    const formats::TournamentFormat& format = format_of(report);
    const bool show_allin_ev = !format.freezeout() && report.config().allin_ev();
    std::vector<Column> columns = {{"#", false, " "}, {"bot", true}, {"hands"}};
    for (formats::ResultColumn& column : format.result_columns(report))
        columns.push_back({std::move(column.header), false, std::move(column.separator)});
    if (show_allin_ev) {
        columns.push_back({"all-in EV"});
        columns.push_back({"95% CI", false, " ± "});
    }
    if (show_rating) {
        columns.push_back({"rating"});
        columns.push_back({"95% CI", false, " ± "});
    }
    columns.push_back({"faults"});

    TextTable table(std::move(columns));
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const BotResult& bot = report.bots(order[rank]);
        std::vector<std::string> row = {std::to_string(rank + 1), bot_name(report, order[rank]),
                                        grouped(bot.hands())};
        format.result_cells(report, bot, row);
        if (show_allin_ev) {
            row.push_back(signed_figure(bot.mbb_per_hand_allin_ev().mean(), 1));
            row.push_back(interval(bot.mbb_per_hand_allin_ev(), 1));
        }
        if (show_rating) {
            row.push_back(bot.has_rating() ? signed_figure(bot.rating().mean(), 1) : "");
            row.push_back(bot.has_rating() ? interval(bot.rating(), 1) : "");
        }
        row.push_back(faults_cell(bot));
        table.add_row(std::move(row));
    }
    table.print(out);
    out << format.results_legend() << '\n';
    if (show_rating)
        out << "rating: mbb/hand against the field's average, fitted to every pair's result by "
               "least squares\n";
}

// The results: the ranking, or a gauntlet's hero table (print_gauntlet); the notes on their
// marks, the ratings' fit, each bot's faults and the identity of each plugin and process bot.
void print_bots(const Report& report, const std::vector<int>& order, std::ostream& out) {
    const bool hero_table = format_of(report).layout() == formats::TableLayout::HeroTable;
    bool show_rating = false;
    for (const BotResult& bot : report.bots())
        show_rating = show_rating || bot.has_rating();
    if (hero_table)
        print_gauntlet(report, out);
    else
        print_ranking(report, order, show_rating, out);
    bool too_few = false;
    bool stopped = false;
    // The crosstable's marks are explained here too: it comes right after this table.
    std::vector<const Estimate*> shown;
    for (const BotResult& bot : report.bots())
        shown.insert(shown.end(), {&bot.mbb_per_hand(), &bot.mbb_per_hand_allin_ev(),
                                   &bot.mbb_per_hand_aivat(), &bot.rating(), &bot.prize()});
    for (const PairResult& pair : report.pairs())
        shown.push_back(&pair.mbb_per_hand_a());
    for (const Estimate* e : shown) {
        too_few = too_few || e->too_few_samples();
        stopped = stopped || e->biased_by_sprt_stop();
    }
    print_marks(too_few, stopped, report, out);
    if (show_rating && !hero_table) print_rating_fit(report, out);

    for (int index : order) {
        const FaultCounts& faults = report.bots(index).faults();
        if (total_faults(faults) == 0) continue;
        // report.proto's `exception` counts both ways a bot fails to answer: a C++ bot's throw
        // and a plugin's (or a process bot's) error status (play/work_unit.cpp).
        out << "Faults of " << bot_name(report, index) << ": " << grouped(faults.exception())
            << (faults.exception() == 1 ? " exception or error status, "
                                        : " exceptions or error statuses, ")
            << counted(faults.illegal_action(), "illegal action") << ", "
            << counted(faults.bad_answer(), "bad answer");
        if (faults.timeout() + faults.crash() + faults.forfeit() > 0)
            out << ", " << counted(faults.timeout(), "timeout") << ", "
                << counted(faults.crash(), "crash", "crashes");
        if (faults.forfeit() > 0)
            out << ", " << counted(faults.forfeit(), "forfeit") << " (OUT from "
                << printable_text(faults.first_forfeit()) << ")";
        if (!faults.first_message().empty())
            out << "; first: " << printable_text(faults.first_message());
        out << '\n';
    }
    // Which library each plugin bot was, in the form sha256sum prints, so that a reader can
    // tell the build a table comes from (merge and --resume refuse to mix two).
    for (int index : order) {
        const BotResult& bot = report.bots(index);
        if (bot.has_plugin()) {
            const std::string name = bot_name(report, index);
            out << "Plugin " << name;
            const std::string spec = printable_text(bot.spec());
            if (name != spec && !name.ends_with(" (" + spec + ")")) out << " (" << spec << ")";
            out << ": " << printable_text(plugin_identity_text(bot.plugin())) << '\n';
        }
        if (bot.has_process()) print_process(bot_name(report, index), bot.process(), out);
    }
}

// A crosstable column's name: the bot's, its first kMaxColumnName - 1 characters and "…" when it
// is longer (the rows, in the same order, name the bots in full).
constexpr std::size_t kMaxColumnName = 12;

std::string column_name(const std::string& name) {
    if (display_width(name) <= kMaxColumnName) return name;
    std::string cut;
    std::size_t width = 0;
    for (const char c : name) {
        const bool starts_character = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        if (starts_character && ++width == kMaxColumnName) break;
        cut += c;
    }
    return cut + "…";
}

// ACPC style: row bot against column bot, both in ranking order, so the upper right triangle
// is mostly positive. Columns are named by their bots' names, cut to stay narrow; a field too
// wide for kMaxLineWidth characters is printed as a list of pairs instead.
// The pairs that met, in ranking order, and the text of their cells.
class Crosstable {
  public:
    Crosstable(const Report& report, const std::vector<int>& order)
        : report_(report), order_(order), rank_of_(order.size()) {
        const std::size_t num_bots = order.size();
        for (std::size_t rank = 0; rank < num_bots; ++rank)
            rank_of_[static_cast<std::size_t>(order[rank])] = rank;
        for (const PairResult& pair : report.pairs()) {
            const auto n = static_cast<int>(num_bots);
            if (pair.a() < 0 || pair.a() >= n || pair.b() < 0 || pair.b() >= n ||
                pair.a() == pair.b())
                continue;
            const std::size_t ra = rank_of_[static_cast<std::size_t>(pair.a())];
            const std::size_t rb = rank_of_[static_cast<std::size_t>(pair.b())];
            met_[{std::min(ra, rb), std::max(ra, rb)}] = &pair;
        }
    }

    bool empty() const { return met_.empty(); }

    // The width of the grid: the label column and each column's widest cells, from the pairs
    // (both cells of each), the diagonal and the header.
    std::size_t width() const {
        const std::size_t num_bots = order_.size();
        std::size_t label_width = 0;
        for (std::size_t rank = 0; rank < num_bots; ++rank)
            label_width = std::max(label_width, display_width(std::to_string(rank + 1)) + 2 +
                                                    display_width(bot_name(report_, order_[rank])));
        std::vector<std::size_t> mean_width(num_bots, 0);
        std::vector<std::size_t> ci_width(num_bots, 1);
        for (std::size_t column = 0; column < num_bots; ++column)
            mean_width[column] = display_width(header(column));
        for (const auto& [ranks, pair] : met_) {
            for (const auto& [row, column] : {ranks, std::pair{ranks.second, ranks.first}}) {
                mean_width[column] =
                    std::max(mean_width[column], display_width(mean_text(row, column)));
                ci_width[column] = std::max(ci_width[column], display_width(ci_text(row, column)));
            }
        }
        std::size_t width = 1 + label_width;
        for (std::size_t column = 0; column < num_bots; ++column)
            width += 2 + mean_width[column] + 3 + ci_width[column];
        return width;
    }

    // Each pair once, from the side of the better-ranked bot.
    void print_list(std::ostream& out) const {
        out << "Crosstable as a list (too wide for " << kMaxLineWidth
            << " columns): each pair once, from the side of the better-ranked bot\n";
        TextTable list(
            {{"bot", true, " "}, {"opponent", true}, {"mbb/hand"}, {"95% CI", false, " ± "}});
        // The map's order: by the better-ranked bot, then by its opponent's rank.
        for (const auto& [ranks, pair] : met_) {
            const auto [row, column] = ranks;
            list.add_row({bot_name(report_, order_[row]), bot_name(report_, order_[column]),
                          mean_text(row, column), ci_text(row, column)});
        }
        list.print(out);
    }

    void print_grid(std::ostream& out) const {
        const std::size_t num_bots = order_.size();
        out << "Crosstable: row bot against column bot, mbb/hand ± 95% CI\n";
        std::vector<Column> columns = {{"", false, " "}, {"", true}};
        for (std::size_t column = 0; column < num_bots; ++column) {
            columns.push_back({header(column)});
            columns.push_back({"", false, " ± "});
        }
        TextTable table(std::move(columns));
        for (std::size_t row = 0; row < num_bots; ++row) {
            std::vector<std::string> cells = {std::to_string(row + 1),
                                              bot_name(report_, order_[row])};
            for (std::size_t column = 0; column < num_bots; ++column) {
                cells.push_back(mean_text(row, column));
                cells.push_back(ci_text(row, column));
            }
            table.add_row(std::move(cells));
        }
        table.print(out);
    }

  private:
    std::string header(std::size_t column) const {
        return column_name(bot_name(report_, order_[column]));
    }
    // The row bot's result against the column bot, when they met.
    const PairResult* cell(std::size_t row, std::size_t column) const {
        const auto found = met_.find({std::min(row, column), std::max(row, column)});
        return found == met_.end() ? nullptr : found->second;
    }
    std::string mean_text(std::size_t row, std::size_t column) const {
        const PairResult* pair = cell(row, column);
        if (pair == nullptr) return "";
        const double mean = pair->mbb_per_hand_a().mean();
        const bool row_is_a = rank_of_[static_cast<std::size_t>(pair->a())] == row;
        return signed_figure(row_is_a ? mean : -mean, 1);
    }
    // The diagonal's "." goes in the interval's column: right-aligned with the other cells.
    std::string ci_text(std::size_t row, std::size_t column) const {
        if (row == column) return ".";
        const PairResult* pair = cell(row, column);
        return pair == nullptr ? "" : interval(pair->mbb_per_hand_a(), 1);
    }

    const Report& report_;
    const std::vector<int>& order_;
    std::vector<std::size_t> rank_of_;
    // By (row rank, column rank) with row < column: a map of the pairs, not a bots x bots
    // grid, so that memory follows the report (a field of 10,000 bots took 800 MB for a grid
    // of pointers, mostly empty, before anything was printed).
    std::map<std::pair<std::size_t, std::size_t>, const PairResult*> met_;
};

void print_crosstable(const Report& report, const std::vector<int>& order, std::ostream& out) {
    const Crosstable crosstable(report, order);
    if (crosstable.empty()) return;
    // Too wide for one block of kMaxLineWidth characters (an 80-column terminal fits about
    // five bots): blocks of columns would be read across several screens, mostly empty, so
    // each pair gets a line instead.
    if (crosstable.width() > kMaxLineWidth)
        crosstable.print_list(out);
    else
        crosstable.print_grid(out);
}

// With AIVAT: each bot's and each pair's AIVAT win rate beside the raw one, the ratio of their
// variances, and how many of the bot's decisions came with a strategy.
void print_aivat(const Report& report, const std::vector<int>& order, std::ostream& out) {
    if (!report.config().aivat() || format_of(report).freezeout()) return;
    const auto ratio = [](double r) { return r > 0 ? printf_string("%.3f", r) : "n/a"; };
    out << "AIVAT (docs/aivat.md): mbb/hand with the luck of the cards and of reported "
           "strategies taken out; var: its variance over the raw one's; strategies: decisions "
           "whose reported strategy was used\n";
    TextTable bots({{"bot", true},
                    {"mbb/hand"},
                    {"95% CI", false, " ± "},
                    {"AIVAT"},
                    {"95% CI", false, " ± "},
                    {"var"},
                    {"strategies"}});
    for (int index : order) {
        const BotResult& bot = report.bots(index);
        bots.add_row({bot_name(report, index), signed_figure(bot.mbb_per_hand().mean(), 1),
                      interval(bot.mbb_per_hand(), 1),
                      signed_figure(bot.mbb_per_hand_aivat().mean(), 1),
                      interval(bot.mbb_per_hand_aivat(), 1), ratio(bot.aivat_variance_ratio()),
                      grouped(bot.decisions_with_strategy()) + " of " + grouped(bot.decisions())});
    }
    bots.print(out);
    if (report.pairs_size() == 0) return;
    out << "Each pair, a against b:\n";
    TextTable pairs({{"a", true},
                     {"b", true},
                     {"mbb/hand"},
                     {"95% CI", false, " ± "},
                     {"AIVAT"},
                     {"95% CI", false, " ± "},
                     {"var"}});
    for (const PairResult& pair : report.pairs()) {
        if (pair.a() < 0 || pair.a() >= report.bots_size() || pair.b() < 0 ||
            pair.b() >= report.bots_size())
            continue;
        pairs.add_row(
            {bot_name(report, pair.a()), bot_name(report, pair.b()),
             signed_figure(pair.mbb_per_hand_a().mean(), 1), interval(pair.mbb_per_hand_a(), 1),
             signed_figure(pair.mbb_per_hand_aivat_a().mean(), 1),
             interval(pair.mbb_per_hand_aivat_a(), 1), ratio(pair.aivat_variance_ratio())});
    }
    pairs.print(out);
}

// "Label: part, part, ..." on as many lines as it takes to stay within kMaxLineWidth, each
// line starting with the label.
void print_wrapped(const std::string& label, const std::string& separator,
                   const std::vector<std::string>& parts, std::ostream& out) {
    std::string line;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string piece = parts[i] + (i + 1 < parts.size() ? separator : "");
        if (!line.empty() && display_width(line) + 1 + display_width(piece) > kMaxLineWidth) {
            out << line << '\n';
            line.clear();
        }
        line += (line.empty() ? label : "") + " " + piece;
    }
    if (!line.empty()) out << line << '\n';
}

void print_sprt(const Report& report, std::ostream& out) {
    const Sprt& params = report.config().sprt();
    const SprtResult& sprt = report.sprt();
    // The test is about bot 0's win rate against bot 1 (config.proto), whatever the ranking
    // above shows first.
    const std::string tested = bot_name(report, 0);
    out << "SPRT " << tested << " against " << bot_name(report, 1) << ": "
        << printf_string("%g", params.mbb0()) << " vs " << printf_string("%g", params.mbb1())
        << " mbb/hand for " << tested << " (alpha " << printf_string("%g", params.alpha())
        << ", beta " << printf_string("%g", params.beta())
        << "): " << (sprt.decision().empty() ? "undecided" : printable_text(sprt.decision()))
        << " after " << grouped(sprt.hands()) << " hands, LLR " << printf_string("%.2f", sprt.llr())
        << " (bounds " << printf_string("%.2f", sprt.lower()) << ", "
        << printf_string("%.2f", sprt.upper()) << "; " << counted(sprt.blocks(), "block") << ")\n";
}

// Everything that depends on the machine, on lines of their own that start with "Speed:" or
// "Latency µs:", so that two runs' tables compare equal once those lines are dropped.
void print_timing(const Report& report, const std::vector<int>& order, std::ostream& out) {
    const Timing& timing = report.timing();
    std::vector<std::string> parts;
    if (timing.hands_per_second() > 0)
        parts.push_back(grouped(std::llround(timing.hands_per_second())) + " hands/s");
    if (timing.wall_seconds() > 0)
        parts.push_back(printf_string("%.1f s wall time", timing.wall_seconds()));
    if (report.run().threads() > 0)
        parts.push_back(std::to_string(report.run().threads()) +
                        (report.run().threads() == 1 ? " thread" : " threads"));
    if (timing.peak_rss_bytes() > 0)
        parts.push_back(printf_string("peak memory %.1f MB",
                                      static_cast<double>(timing.peak_rss_bytes()) / 1e6));
    print_wrapped("Speed:", ",", parts, out);

    // Mean latency per decision, in ranking order: wall time from the request to the answer
    // (SeatDriver's steady_clock, around decide() or from post to answer), so a process bot's
    // includes the pipe and its scheduling, not only its CPU time.
    parts.clear();
    for (int index : order) {
        const BotResult& bot = report.bots(index);
        if (bot.decisions() > 0)
            parts.push_back(bot_name(report, index) + " " + microseconds(bot.mean_decision_us()));
    }
    print_wrapped("Latency µs:", ",", parts, out);
}

}  // namespace

bool dropped_out(const BotResult& bot) {
    return bot.faults().forfeit() > 0 || (bot.has_process() && bot.process().out());
}

void print_report_table(const Report& report, std::ostream& out) {
    const std::vector<int> order = ranking(report);
    // Each section is written on its own first, so that one with nothing to show (a crosstable
    // whose pairs all name unknown bots, timing without figures) leaves no empty paragraph.
    std::vector<std::string> sections;
    auto add_section = [&](auto&& print_section) {
        std::ostringstream text;
        print_section(text);
        if (!text.str().empty()) sections.push_back(text.str());
    };
    add_section([&](std::ostream& s) { print_header(report, s); });
    if (!order.empty()) add_section([&](std::ostream& s) { print_bots(report, order, s); });
    // A gauntlet's table is its crosstable already (print_gauntlet).
    if (format_of(report).layout() == formats::TableLayout::RankingAndCrosstable)
        add_section([&](std::ostream& s) { print_crosstable(report, order, s); });
    if (!order.empty()) add_section([&](std::ostream& s) { print_aivat(report, order, s); });
    add_section([&](std::ostream& s) {
        if (report.has_sprt()) print_sprt(report, s);
        print_timing(report, order, s);
    });
    for (std::size_t i = 0; i < sections.size(); ++i)
        out << (i > 0 ? "\n" : "") << sections[i];
}

}  // namespace pokerarena::sim
