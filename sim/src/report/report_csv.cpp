#include "pokerarena/sim/report_csv.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <system_error>
#include <vector>

#include "formats/format.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_table.hpp"

namespace pokerarena::sim {

namespace {

// One CSV field: quoted only when it must be (RFC 4180), so that numbers stay bare.
std::string field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string number(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", x);
    return text;
}

std::string flag(bool b) {
    return b ? "true" : "false";
}

class CsvTable {
  public:
    explicit CsvTable(std::vector<std::string> header) { add(header); }
    void add(const std::vector<std::string>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (i > 0) text_ += ',';
            text_ += field(cells[i]);
        }
        text_ += '\n';
    }
    std::string text() const { return text_; }

  private:
    std::string text_;
};

constexpr const char* kEstimateSuffixes[] = {
    "", "_ci95", "_stddev", "_los", "_samples", "_too_few_samples", "_biased_by_sprt_stop"};

void add_estimate_header(std::vector<std::string>& header, const std::string& name) {
    for (const char* suffix : kEstimateSuffixes)
        header.push_back(name + suffix);
}

void add_estimate(std::vector<std::string>& row, bool present, const Estimate& e) {
    if (!present) {
        row.insert(row.end(), std::size(kEstimateSuffixes), "");
        return;
    }
    row.insert(row.end(), {number(e.mean()), number(e.ci95()), number(e.stddev()), number(e.los()),
                           std::to_string(e.samples()), flag(e.too_few_samples()),
                           flag(e.biased_by_sprt_stop())});
}

std::string bots_csv(const Report& report) {
    std::vector<std::string> header = {"bot",       "name",   "spec",      "hands",   "net_chips",
                                       "decisions", "faults", "forfeited", "out_from"};
    for (const char* name : {"mbb_per_hand", "mbb_per_hand_allin_ev", "rating", "prize"})
        add_estimate_header(header, name);
    header.push_back("roi");
    header.push_back("itm_rate");
    add_estimate_header(header, "mbb_per_hand_aivat");
    header.push_back("aivat_variance_ratio");
    header.push_back("decisions_with_strategy");
    // Last, so that a script reading the columns before them by place finds those where they
    // were: whether the bot dropped out (forfeited decisions, or its restarts used up), and the
    // strategies a process bot reported that were dropped.
    for (const char* name : {"out", "invalid_strategies", "first_invalid_strategy"})
        header.push_back(name);
    CsvTable table(header);
    // One schema for every format; a freezeout fills prizes instead of chip win rates.
    const bool freezeout = formats::format_for_report(report.config()).freezeout();
    for (int b = 0; b < report.bots_size(); ++b) {
        const BotResult& bot = report.bots(b);
        const FaultCounts& f = bot.faults();
        std::vector<std::string> row = {
            std::to_string(b),
            bot.name(),
            bot.spec(),
            std::to_string(bot.hands()),
            std::to_string(bot.net_chips()),
            std::to_string(bot.decisions()),
            std::to_string(f.exception() + f.illegal_action() + f.bad_answer() + f.timeout() +
                           f.crash() + f.forfeit()),
            std::to_string(f.forfeit()),
            f.first_forfeit()};
        add_estimate(row, !freezeout, bot.mbb_per_hand());
        add_estimate(row, bot.has_mbb_per_hand_allin_ev(), bot.mbb_per_hand_allin_ev());
        add_estimate(row, bot.has_rating(), bot.rating());
        add_estimate(row, freezeout, bot.prize());
        row.push_back(freezeout ? number(bot.roi()) : "");
        row.push_back(freezeout ? number(bot.itm_rate()) : "");
        const bool aivat = bot.has_mbb_per_hand_aivat();
        add_estimate(row, aivat, bot.mbb_per_hand_aivat());
        row.push_back(aivat ? number(bot.aivat_variance_ratio()) : "");
        row.push_back(aivat ? std::to_string(bot.decisions_with_strategy()) : "");
        row.push_back(flag(dropped_out(bot)));
        row.push_back(bot.has_process() ? std::to_string(bot.process().invalid_strategies()) : "");
        row.push_back(bot.has_process() ? bot.process().first_invalid_strategy() : "");
        table.add(row);
    }
    return table.text();
}

std::string pairs_csv(const Report& report) {
    std::vector<std::string> header = {"a", "name_a", "b", "name_b", "hands", "net_chips_a"};
    add_estimate_header(header, "mbb_per_hand_a");
    add_estimate_header(header, "mbb_per_hand_allin_ev_a");
    add_estimate_header(header, "mbb_per_hand_aivat_a");
    header.push_back("aivat_variance_ratio");
    CsvTable table(header);
    for (const PairResult& pair : report.pairs()) {
        std::vector<std::string> row = {
            std::to_string(pair.a()),     pair.name_a(),
            std::to_string(pair.b()),     pair.name_b(),
            std::to_string(pair.hands()), std::to_string(pair.net_chips_a())};
        add_estimate(row, true, pair.mbb_per_hand_a());
        add_estimate(row, pair.has_mbb_per_hand_allin_ev_a(), pair.mbb_per_hand_allin_ev_a());
        const bool aivat = pair.has_mbb_per_hand_aivat_a();
        add_estimate(row, aivat, pair.mbb_per_hand_aivat_a());
        row.push_back(aivat ? number(pair.aivat_variance_ratio()) : "");
        table.add(row);
    }
    return table.text();
}

std::string curve_csv(const Report& report) {
    std::vector<std::string> header = {"hands"};
    for (const BotResult& bot : report.bots())
        header.push_back(bot.name());
    CsvTable table(header);
    const Curve& curve = report.curve();
    for (int i = 0; i < curve.hands_size() && i < curve.points_size(); ++i) {
        std::vector<std::string> row = {std::to_string(curve.hands(i))};
        for (std::int64_t net : curve.points(i).net_chips())
            row.push_back(std::to_string(net));
        row.resize(header.size());  // a point with fewer bots than the report: empty cells
        table.add(row);
    }
    return table.text();
}

}  // namespace

std::vector<std::pair<std::string, std::string>> report_to_csv(const Report& report) {
    return {{"bots.csv", bots_csv(report)},
            {"pairs.csv", pairs_csv(report)},
            {"curve.csv", curve_csv(report)}};
}

void write_report_csv(const Report& report, const std::filesystem::path& folder) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder))
        throw ReportError(folder.string() + ": cannot make the folder: " +
                          (error ? error.message() : std::string("not a folder")));
    for (const auto& [name, text] : report_to_csv(report))
        write_file(folder / name, text);
}

}  // namespace pokerarena::sim
