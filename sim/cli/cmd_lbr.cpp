// `pokerarena lbr`: local best response against a bot in heads-up no-limit hold'em, a lower
// bound on its exploitability (bots/include/pokerarena/bots/lbr.hpp).
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli_checks.hpp"
#include "commands.hpp"
#include "pokerarena/bots/lbr.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/sim/aivat.hpp"
#include "pokerarena/sim/stats.hpp"
#include "result_output.hpp"

namespace pokerarena::cli {
namespace {

struct LbrCliOptions {
    std::string bot;
    std::int64_t hands = 2000;
    std::uint64_t seed = 0;
    std::int64_t stack_big_blinds = 200;
    std::int64_t big_blind = 2;
    std::vector<double> pot_fractions{1.0};
    int runouts = 48;
    bool preflop_raises = false;
    std::string json;
    std::string format = "text";
};

struct Measured {
    LbrResult result;
    sim::Summary mbb;  // mbb/hand, from the per-deal samples
    // The same from each deal's AIVAT values (LBR's seat's): the card luck and the bot's
    // reported choices taken out (docs/aivat.md).
    sim::Summary aivat;
    double aivat_variance_ratio = 0;  // its variance over the raw one's
    std::int64_t decisions_with_strategy = 0;
    double big_blind = 0;
    double seconds = 0;
};

std::string fractions_text(const std::vector<double>& fractions) {
    std::string text;
    for (const double f : fractions)
        text += (text.empty() ? "" : ",") + fixed_number(f, 3);
    return text;
}

void print_text(const LbrCliOptions& o, const Measured& m, std::ostream& out) {
    const LbrResult& r = m.result;
    out << "Local best response against " << o.bot << " (heads-up no-limit hold'em, blinds "
        << o.big_blind / 2 << "/" << o.big_blind << ", stacks " << o.stack_big_blinds
        << " big blinds; " << r.deals << " deals, each played with LBR in both seats: " << r.hands
        << " hands; seed " << o.seed << ")\n";
    out << "  LBR wins " << fixed_number(m.mbb.mean, 1) << " +- " << fixed_number(m.mbb.ci95, 1)
        << " mbb/hand (95% interval over the deals" << (m.mbb.too_few_samples ? "; too few" : "")
        << "): a lower bound on the bot's exploitability\n";
    out << "  AIVAT: " << fixed_number(m.aivat.mean, 1) << " +- " << fixed_number(m.aivat.ci95, 1)
        << " mbb/hand (" << (m.aivat.too_few_samples ? "too few; " : "") << "variance "
        << (std::isnan(m.aivat_variance_ratio)
                ? std::string("ratio n/a")
                : fixed_number(m.aivat_variance_ratio, 3) + " of the raw one's")
        << "; the bot's strategy used at " << m.decisions_with_strategy << " of " << r.bot_decisions
        << " decisions)\n";
    out << "  chips per hand: " << fixed_number(r.chips_per_hand(), 4)
        << " (in seat 0: " << fixed_number(2 * r.chips_by_seat[0] / static_cast<double>(r.hands), 4)
        << ", in seat 1: " << fixed_number(2 * r.chips_by_seat[1] / static_cast<double>(r.hands), 4)
        << ")\n";
    out << "  decisions: bot " << r.bot_decisions << ", LBR " << r.lbr_decisions
        << "; strategy queries " << r.oracle_queries << "; range misses " << r.range_misses
        << "; bot faults " << r.bot_faults << (r.first_fault.empty() ? "" : " (first: ")
        << r.first_fault << (r.first_fault.empty() ? "" : ")") << "\n";
    out << "  LBR raises to pot fractions " << fractions_text(o.pot_fractions) << " and all-in "
        << (o.preflop_raises ? "in every round" : "after the flop") << "; equity over " << o.runouts
        << " run-outs preflop and on the flop\n";
    out << "Time: " << fixed_number(m.seconds, 3) << " s, "
        << fixed_number(static_cast<double>(r.hands) / m.seconds, 0) << " hands/s\n";
}

std::string json_text(const LbrCliOptions& o, const Measured& m) {
    const LbrResult& r = m.result;
    std::string out = "{\"bot\": ";
    append_json_text(out, o.bot);
    out += ", \"seed\": " + std::to_string(o.seed) +
           ", \"stack_big_blinds\": " + std::to_string(o.stack_big_blinds) +
           ", \"big_blind\": " + std::to_string(o.big_blind) +
           ", \"deals\": " + std::to_string(r.deals) + ", \"hands\": " + std::to_string(r.hands) +
           ", \"mbb_per_hand\": " + fixed_number(m.mbb.mean, 6) + ", \"mbb_per_hand_ci95\": " +
           (std::isfinite(m.mbb.ci95) ? fixed_number(m.mbb.ci95, 6) : std::string("null")) +
           ", \"too_few_samples\": " + (m.mbb.too_few_samples ? "true" : "false") +
           ", \"aivat_mbb_per_hand\": " + fixed_number(m.aivat.mean, 6) +
           ", \"aivat_mbb_per_hand_ci95\": " +
           (std::isfinite(m.aivat.ci95) ? fixed_number(m.aivat.ci95, 6) : std::string("null")) +
           ", \"aivat_variance_ratio\": " +
           (std::isnan(m.aivat_variance_ratio) ? std::string("null")
                                               : fixed_number(m.aivat_variance_ratio, 6)) +
           ", \"decisions_with_strategy\": " + std::to_string(m.decisions_with_strategy) +
           ", \"chips_per_hand\": " + fixed_number(r.chips_per_hand(), 9) +
           ", \"bot_decisions\": " + std::to_string(r.bot_decisions) +
           ", \"lbr_decisions\": " + std::to_string(r.lbr_decisions) +
           ", \"strategy_queries\": " + std::to_string(r.oracle_queries) +
           ", \"range_misses\": " + std::to_string(r.range_misses) +
           ", \"bot_faults\": " + std::to_string(r.bot_faults) + ", \"first_fault\": ";
    append_json_text(out, r.first_fault);
    out += ", \"pot_fractions\": [" + fractions_text(o.pot_fractions) +
           "], \"preflop_raises\": " + (o.preflop_raises ? "true" : "false") +
           ", \"runouts\": " + std::to_string(o.runouts) +
           ", \"seconds\": " + fixed_number(m.seconds, 3) + "}\n";
    return out;
}

int run_lbr(const LbrCliOptions& o) {
    if (const int bad = check_result_file("lbr", o.json); bad != 0) return bad;
    LbrOptions options;
    const Chips bb = o.big_blind;
    options.game = GameDef::no_limit_holdem(2, bb * o.stack_big_blinds, bb / 2, bb);
    options.game.reset_stacks_each_hand = true;
    options.deals = (o.hands + 1) / 2;
    options.seed = o.seed;
    options.pot_fractions = o.pot_fractions;
    options.runouts = o.runouts;
    options.preflop_raises = o.preflop_raises;
    // AIVAT per hand; a deal's sample is the sum of its two hands' values, as the raw one.
    sim::CheckDownValue value;
    sim::AivatEstimator estimator(value);
    sim::AivatHand estimate;
    sim::SampleMoments aivat;
    double deal_value = 0;
    std::int64_t hands_in_deal = 0;
    Measured m;
    options.on_hand = [&](const HandRecord& record, const HandStrategies& strategies,
                          int lbr_seat) {
        estimator.estimate(record, options.game, strategies, estimate);
        deal_value += estimate.value[static_cast<std::size_t>(lbr_seat)];
        m.decisions_with_strategy += estimate.with_strategy[static_cast<std::size_t>(1 - lbr_seat)];
        if (++hands_in_deal < 2) return;
        aivat.add(deal_value);
        deal_value = 0;
        hands_in_deal = 0;
    };
    const auto start = std::chrono::steady_clock::now();
    try {
        const auto factory = make_bot_factory(o.bot);
        m.result = local_best_response(*factory, options);
    } catch (const std::exception& error) {
        std::cerr << "pokerarena lbr: " << error.what() << "\n";
        return 2;
    }
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    sim::SampleMoments moments;
    moments.n = m.result.deals;
    moments.sum = m.result.sum;
    moments.sum_squares = m.result.sum_squares;
    // A sample is a deal's two hands: chips per deal to mbb per hand.
    m.mbb = sim::summarize(moments, 1000.0 / (2.0 * static_cast<double>(bb)));
    m.aivat = sim::summarize(aivat, 1000.0 / (2.0 * static_cast<double>(bb)));
    // Where both spreads are known, as run gives it (few deals too: the ratio of two intervals
    // over the same deals); a run of one deal, or raw results all alike, has no ratio: NaN,
    // shown as n/a and null.
    const bool ratio_known =
        std::isfinite(m.mbb.ci95) && std::isfinite(m.aivat.ci95) && m.mbb.ci95 > 0;
    m.aivat_variance_ratio = ratio_known ? (m.aivat.ci95 * m.aivat.ci95) / (m.mbb.ci95 * m.mbb.ci95)
                                         : std::numeric_limits<double>::quiet_NaN();
    std::ostringstream text;
    if (o.format == "text") print_text(o, m, text);
    return write_result("lbr", o.format, text.str(), json_text(o, m), o.json, std::cout);
}

}  // namespace

void add_lbr_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<LbrCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "lbr",
        "Local best response against a bot in heads-up no-limit hold'em: a lower bound on its "
        "exploitability");
    cmd->add_option("--bot", options->bot, "The bot: NAME[:key=value,...] or PATH.so[:config]")
        ->required();
    cmd->add_option("--hands", options->hands,
                    "Hands to play (rounded up to whole deals of two hands)")
        ->default_val(options->hands)
        ->transform(whole_number(2, 1'000'000'000));
    cmd->add_option("--seed", options->seed, "Seed of the deals, the bot and LBR's run-outs")
        ->default_val(options->seed)
        ->transform(whole_number(0));
    cmd->add_option("--stack", options->stack_big_blinds, "Each seat's stack, in big blinds")
        ->default_val(options->stack_big_blinds)
        ->transform(whole_number(1, 1'000'000));
    cmd->add_option("--big-blind", options->big_blind,
                    "The big blind in chips, even (the small blind is half of it)")
        ->default_val(options->big_blind)
        ->transform(whole_number(2, 1'000'000))
        ->check(CLI::Validator(
            [](const std::string& text) {
                return std::stoll(text) % 2 == 0
                           ? std::string()
                           : "--big-blind " + text + ": expected an even number of chips (the " +
                                 "small blind is half of it)";
            },
            "EVEN"));
    cmd->add_option("--pot-fractions", options->pot_fractions,
                    "LBR's raise sizes besides all-in, as fractions of the pot after a call")
        ->delimiter(',')
        ->default_str("1")
        ->check(number_in_range(0.01, 100));
    cmd->add_flag("--preflop-raises", options->preflop_raises,
                  "LBR raises preflop too (by default it folds, checks or calls there)");
    cmd->add_option("--runouts", options->runouts,
                    "Boards drawn for LBR's equity preflop and on the flop")
        ->default_val(options->runouts)
        ->transform(whole_number(1, 1'000'000));
    add_result_flags(cmd, options->format, options->json);
    cmd->footer(
        "Plays the bot against a local best response that tracks the bot's range over the\n"
        "1,326 hole-card pairs from the probabilities the bot reports (a bot that reports none\n"
        "is refused) and picks fold, check/call or a raise by its equity against that range\n"
        "(docs/exploitability.md). Each deal is played twice, LBR in each seat. Prints what LBR\n"
        "wins in mbb/hand with a 95% interval: a lower bound on the bot's exploitability.\n"
        "Deterministic from the seed. Exit code 0 on success, 2 for a bad bot or one that\n"
        "reports no probabilities.\n\n"
        "Example:\n"
        "  pokerarena lbr --bot tag --hands 2000 --seed 1");
    cmd->callback([options, &exit_code] { exit_code = run_lbr(*options); });
}

}  // namespace pokerarena::cli
