#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "formats/format.hpp"
#include "pokerarena/sim/aggregate.hpp"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "pokerarena/sim/utf8.hpp"
#include "stats/bot_identity.hpp"

namespace pokerarena::sim {

namespace {

using std::to_string;

constexpr double kZ95 = 1.96;  // least_squares_ratings' ci95 is 1.96 standard errors

[[noreturn]] void reject(const std::string& message) {
    throw std::invalid_argument(message);
}

// Every estimate of the report, marked as biased by the SPRT's stop. Only those it has: a
// mutable_ accessor would add the others (a rating where there is none).
void mark_biased_by_stop(Report& report) {
    for (BotResult& bot : *report.mutable_bots()) {
        if (bot.has_mbb_per_hand()) bot.mutable_mbb_per_hand()->set_biased_by_sprt_stop(true);
        if (bot.has_mbb_per_hand_allin_ev())
            bot.mutable_mbb_per_hand_allin_ev()->set_biased_by_sprt_stop(true);
        if (bot.has_mbb_per_hand_aivat())
            bot.mutable_mbb_per_hand_aivat()->set_biased_by_sprt_stop(true);
        if (bot.has_rating()) bot.mutable_rating()->set_biased_by_sprt_stop(true);
        if (bot.has_prize()) bot.mutable_prize()->set_biased_by_sprt_stop(true);
    }
    for (PairResult& pair : *report.mutable_pairs()) {
        if (pair.has_mbb_per_hand_a()) pair.mutable_mbb_per_hand_a()->set_biased_by_sprt_stop(true);
        if (pair.has_mbb_per_hand_allin_ev_a())
            pair.mutable_mbb_per_hand_allin_ev_a()->set_biased_by_sprt_stop(true);
        if (pair.has_mbb_per_hand_aivat_a())
            pair.mutable_mbb_per_hand_aivat_a()->set_biased_by_sprt_stop(true);
    }
}

void add_faults(FaultCounts& total, const FaultCounts& unit) {
    total.set_exception(total.exception() + unit.exception());
    total.set_illegal_action(total.illegal_action() + unit.illegal_action());
    total.set_bad_answer(total.bad_answer() + unit.bad_answer());
    total.set_timeout(total.timeout() + unit.timeout());
    total.set_crash(total.crash() + unit.crash());
    total.set_forfeit(total.forfeit() + unit.forfeit());
    if (total.first_forfeit().empty() && !unit.first_forfeit().empty())
        total.set_first_forfeit(unit.first_forfeit());
    // Units arrive in unit order, so the first message kept is the earliest unit's.
    if (total.first_message().empty() && !unit.first_message().empty())
        total.set_first_message(unit.first_message());
}

using formats::BotTotals;
using formats::from_proto;
using formats::set_estimate;

struct PairTotals {
    std::int64_t hands = 0;
    std::int64_t net_chips_a = 0;
    SampleMoments samples;
    SampleMoments samples_allin_ev;
    SampleMoments samples_aivat;
};

std::string text(double x) {
    return std::isnan(x) ? std::string("nan") : to_string(x);
}

// The checks below name a field through `field()` (its path, as "unit 3: bots[1]"), called
// only when they reject: read_report() checks every unit of a file, and making the names of
// every unit's fields took as long as the checks themselves.

// A sample series of a unit: exactly `expected` samples, finite sums, a sum of squares >= 0.
template <typename Field>
void check_moments(const Field& field, const char* series, const Moments& m, std::int64_t expected,
                   const char* why) {
    if (m.n() != expected)
        reject(field() + series + ".n: " + to_string(m.n()) + "; expected " + to_string(expected) +
               " (" + why + ")");
    if (!std::isfinite(m.sum()))
        reject(field() + series + ".sum: " + text(m.sum()) + "; expected a finite number of chips");
    if (!std::isfinite(m.sum_squares()) || m.sum_squares() < 0)
        reject(field() + series + ".sum_squares: " + text(m.sum_squares()) +
               "; expected a finite number >= 0");
}

// An estimate's series beside the raw one (all-in EV, AIVAT): one sample per deal when its
// `option` is on, none otherwise; its net chips finite.
template <typename Field>
void check_series(const Field& field, const char* option, bool on, const char* series,
                  const Moments& m, const char* net_name, double net, std::int64_t deals,
                  const char* per_deal) {
    check_moments(field, series, m, on ? deals : 0,
                  on ? per_deal : (std::string("none without ") + option).c_str());
    if (!std::isfinite(net))
        reject(field() + net_name + ": " + text(net) + "; expected a finite number of chips");
}

template <typename Field>
void check_count(const Field& field, const char* count, std::int64_t value) {
    if (value < 0) reject(field() + count + ": " + to_string(value) + "; expected a count >= 0");
}

void check_seats(const Tournament& t, const UnitResult& u, const WorkUnit& seated,
                 const std::string& name) {
    if (u.bots_size() != seated.num_seats)
        reject(name + " has results for " + to_string(u.bots_size()) + " bots; its table has " +
               to_string(seated.num_seats) + " seats");
    for (int k = 0; k < seated.num_seats; ++k)
        if (u.bots(k).bot() != seated.seat_bot[static_cast<std::size_t>(k)])
            reject(name + " has bots[" + to_string(k) + "] for bot " + to_string(u.bots(k).bot()) +
                   "; seat " + to_string(k) + " of its table is bot " +
                   to_string(seated.seat_bot[static_cast<std::size_t>(k)]));
    const int bots = t.config.bots_size();
    for (const PairUnit& p : u.pairs())
        if (p.a() < 0 || p.a() >= p.b() || p.b() >= bots)
            reject(name + " has a result for the pair (" + to_string(p.a()) + ", " +
                   to_string(p.b()) + "); expected 0 <= a < b < " + to_string(bots));
}

// What aggregate() needs of a unit to index its tables: in the schedule, seats as its table's,
// pairs of bots of the field, places only in sit-and-go and then a permutation per play.
WorkUnit check_structure(const Tournament& t, const UnitResult& u) {
    const std::int64_t total = static_cast<std::int64_t>(t.units.size());
    if (u.unit() < 0 || u.unit() >= total)
        reject("unit " + to_string(u.unit()) + " is outside the schedule (0 to " +
               to_string(total - 1) + ")");
    const std::string name = "unit " + to_string(u.unit());
    const WorkUnit seated = t.units[static_cast<std::size_t>(u.unit())];
    check_seats(t, u, seated, name);
    formats::format_of(t.config.format()).check_places(t, u, seated, name);
    return seated;
}

// A heads-up unit's pair result against its bots' (and none at a larger table).
void check_pair_figures(const UnitResult& u, const WorkUnit& seated, const char* per_deal,
                        bool allin_ev, bool aivat) {
    const std::int64_t deals = seated.deals;
    const auto at = [&u] { return "unit " + to_string(u.unit()) + ": "; };
    if (seated.num_seats != 2) {
        if (u.pairs_size() != 0)
            reject(at() + "has " + to_string(u.pairs_size()) +
                   " pair results; only a heads-up table has one");
        return;
    }
    const int a = std::min(seated.seat_bot[0], seated.seat_bot[1]);
    const int b = std::max(seated.seat_bot[0], seated.seat_bot[1]);
    if (u.pairs_size() != 1 || u.pairs(0).a() != a || u.pairs(0).b() != b)
        reject(at() + "expected one pair result, for the pair (" + to_string(a) + ", " +
               to_string(b) + ") of its table");
    const PairUnit& pair = u.pairs(0);
    const auto pair_field = [&at] { return at() + "pairs[0]"; };
    const BotUnit& bot_a = u.bots(seated.seat_bot[0] == a ? 0 : 1);
    if (pair.hands() != u.hands())
        reject(at() + "pairs[0].hands: " + to_string(pair.hands()) + "; expected " +
               to_string(u.hands()) + " (the unit's hands)");
    if (pair.net_chips_a() != bot_a.net_chips())
        reject(at() + "pairs[0].net_chips_a: " + to_string(pair.net_chips_a()) + "; expected " +
               to_string(bot_a.net_chips()) + " (bot " + to_string(a) + "'s net chips)");
    check_moments(pair_field, ".samples", pair.samples(), deals, per_deal);
    check_series(pair_field, "allin_ev", allin_ev, ".samples_allin_ev", pair.samples_allin_ev(),
                 ".net_allin_ev_a", pair.net_allin_ev_a(), deals, per_deal);
    check_series(pair_field, "aivat", aivat, ".samples_aivat", pair.samples_aivat(), ".net_aivat_a",
                 pair.net_aivat_a(), deals, per_deal);
}

// The figures of one unit against what play_unit() makes of its WorkUnit (see aggregate.hpp
// for the list and play/work_unit.cpp / formats/sit_and_go.cpp for why each holds). A freezeout
// plays until one player is left, so its hands are not a fixed number per deal.
void check_figures(const Tournament& t, const UnitResult& u, const WorkUnit& seated) {
    const formats::TournamentFormat& format = formats::format_of(t.config.format());
    const bool freezeout = format.freezeout();
    const std::int64_t deals = seated.deals;
    const std::int64_t plays = deals * plays_per_deal(t.config);
    const auto at = [&u] { return "unit " + to_string(u.unit()) + ": "; };
    if (freezeout ? u.hands() < plays : u.hands() != plays)
        reject(at() + "hands: " + to_string(u.hands()) + "; expected " +
               (freezeout ? "at least " : "") + to_string(plays) + " (" + to_string(deals) + " " +
               format.deal_noun() + " played " + to_string(plays_per_deal(t.config)) +
               " times each)");
    const char* per_deal =
        freezeout ? "one sample per tournament of the unit" : "one sample per deal of the unit";
    const bool allin_ev = t.config.allin_ev();
    const bool aivat = t.config.aivat();
    std::int64_t chips = 0;
    for (int k = 0; k < u.bots_size(); ++k) {
        const BotUnit& bot = u.bots(k);
        const auto field = [&at, k] { return at() + "bots[" + to_string(k) + "]"; };
        if (freezeout ? bot.hands() < 0 || bot.hands() > u.hands() : bot.hands() != u.hands())
            reject(field() + ".hands: " + to_string(bot.hands()) + "; expected " +
                   (freezeout ? "0 to " : "") + to_string(u.hands()) + " (the unit's hands)");
        check_moments(field, ".samples", bot.samples(), deals, per_deal);
        check_series(field, "allin_ev", allin_ev, ".samples_allin_ev", bot.samples_allin_ev(),
                     ".net_allin_ev", bot.net_allin_ev(), deals, per_deal);
        check_series(field, "aivat", aivat, ".samples_aivat", bot.samples_aivat(), ".net_aivat",
                     bot.net_aivat(), deals, per_deal);
        check_count(field, ".decisions", bot.decisions());
        check_count(field, ".decisions_with_strategy", bot.decisions_with_strategy());
        if (bot.decisions_with_strategy() > bot.decisions())
            reject(field() +
                   ".decisions_with_strategy: " + to_string(bot.decisions_with_strategy()) +
                   "; expected at most its " + to_string(bot.decisions()) + " decisions");
        check_count(field, ".faults.exception", bot.faults().exception());
        check_count(field, ".faults.illegal_action", bot.faults().illegal_action());
        check_count(field, ".faults.bad_answer", bot.faults().bad_answer());
        check_count(field, ".faults.timeout", bot.faults().timeout());
        check_count(field, ".faults.crash", bot.faults().crash());
        check_count(field, ".faults.forfeit", bot.faults().forfeit());
        if (__builtin_add_overflow(chips, bot.net_chips(), &chips))
            reject(field() + ".net_chips: " + to_string(bot.net_chips()) +
                   "; the unit's net chips overflow 64 bits (they sum to zero in any game)");
    }
    if (chips != 0)
        reject(at() + "the bots' net_chips sum to " + to_string(chips) +
               "; expected 0 (chips only change hands)");

    check_pair_figures(u, seated, per_deal, allin_ev, aivat);
}

// total += value, or a rejection naming the total (whose() + what: the text is made only
// then) and the unit where it left the 64-bit range.
template <typename Whose>
void add_total(std::int64_t& total, std::int64_t value, Whose&& whose, const char* what,
               const UnitResult& u) {
    if (__builtin_add_overflow(total, value, &total))
        reject("unit " + to_string(u.unit()) + ": " + whose() + what +
               " summed over the units overflow 64 bits");
}

const char* decision_text(SprtDecision d) {
    switch (d) {
        case SprtDecision::AcceptH1:
            return "H1 (mbb1)";
        case SprtDecision::AcceptH0:
            return "H0 (mbb0)";
        default:
            return "undecided";
    }
}

enum class Check { Structure, Figures };

template <typename Units>
void check_units(const Tournament& tournament, const Units& units, Check check) {
    // Each unit is checked before its figures join the totals, so a total can only overflow
    // through figures that are each possible: many units, or chips won in amounts no table
    // holds (a unit's chips are not bounded by its stacks here: a hand's net is).
    struct Totals {
        std::int64_t hands = 0, net_chips = 0, decisions = 0, exception = 0, illegal = 0, bad = 0;
    };
    std::vector<Totals> bots(static_cast<std::size_t>(tournament.config.bots_size()));
    std::map<std::pair<int, int>, std::pair<std::int64_t, std::int64_t>> pairs;
    std::int64_t hands = 0;
    for (const UnitResult& u : units) {
        const WorkUnit seated = check_structure(tournament, u);
        if (check == Check::Figures) check_figures(tournament, u, seated);
        add_total(
            hands, u.hands(), [] { return std::string(); }, "hands", u);
        for (const BotUnit& in : u.bots()) {
            Totals& bot = bots[static_cast<std::size_t>(in.bot())];
            const auto who = [&in] { return "bot " + to_string(in.bot()) + "'s "; };
            add_total(bot.hands, in.hands(), who, "hands", u);
            add_total(bot.net_chips, in.net_chips(), who, "net chips", u);
            add_total(bot.decisions, in.decisions(), who, "decisions", u);
            add_total(bot.exception, in.faults().exception(), who, "exception faults", u);
            add_total(bot.illegal, in.faults().illegal_action(), who, "illegal actions", u);
            add_total(bot.bad, in.faults().bad_answer(), who, "bad answers", u);
        }
        for (const PairUnit& p : u.pairs()) {
            auto& [pair_hands, pair_net] = pairs[{p.a(), p.b()}];
            const auto who = [&p] {
                return "the pair (" + to_string(p.a()) + ", " + to_string(p.b()) + ")'s ";
            };
            add_total(pair_hands, p.hands(), who, "hands", u);
            add_total(pair_net, p.net_chips_a(), who, "net chips", u);
        }
    }
}

}  // namespace

void check_unit_results(const Tournament& tournament,
                        const google::protobuf::RepeatedPtrField<UnitResult>& units) {
    check_units(tournament, units, Check::Figures);
}

SprtMonitor::SprtMonitor(const Tournament& tournament) {
    const TournamentConfig& c = tournament.config;
    if (!c.has_sprt()) throw std::invalid_argument("SprtMonitor: the configuration has no sprt");
    params_ = {c.sprt().mbb0(), c.sprt().mbb1(), c.sprt().alpha(), c.sprt().beta()};
    big_blind_ = static_cast<double>(tournament.game.big_blind);
    block_deals_ = c.deals_per_unit();
    state_ = sprt(params_, block_means_);
}

bool SprtMonitor::add(const UnitResult& unit) {
    if (decided()) return true;
    for (const PairUnit& p : unit.pairs()) {
        // A block is a whole unit: the last unit of the schedule may be shorter, and a block
        // mean of fewer pairs would have another variance than the rest.
        if (p.a() != 0 || p.b() != 1 || p.samples().n() != block_deals_ || p.hands() == 0) continue;
        block_means_.add(1000.0 * p.samples().sum() /
                         (big_blind_ * static_cast<double>(p.hands())));
        hands_ += p.hands();
    }
    state_ = sprt(params_, block_means_);
    return decided();
}

namespace {

// Sorted by unit, each unit once.
void sort_units(std::vector<UnitResult>& units) {
    std::sort(units.begin(), units.end(),
              [](const UnitResult& x, const UnitResult& y) { return x.unit() < y.unit(); });
    for (std::size_t i = 1; i < units.size(); ++i)
        if (units[i].unit() == units[i - 1].unit())
            reject("unit " + to_string(units[i].unit()) + " is given twice");
}

// The SPRT is sequential: it may only look at the unbroken run of units from 0, in order, as
// the runner does. Units after the deciding one were in flight when the test decided; dropping
// them makes the report the same however many there were. Returns whether the test decided.
bool run_sprt(const Tournament& tournament, std::vector<UnitResult>& units, Report& report) {
    SprtMonitor monitor(tournament);
    std::size_t i = 0;
    while (i < units.size() && units[i].unit() == static_cast<std::int64_t>(i) &&
           !monitor.add(units[i]))
        ++i;
    const bool decided = monitor.decided();
    if (decided) units.resize(i + 1);
    SprtResult& r = *report.mutable_sprt();
    r.set_llr(monitor.state().llr);
    r.set_lower(monitor.state().lower);
    r.set_upper(monitor.state().upper);
    r.set_decision(decision_text(monitor.state().decision));
    r.set_hands(monitor.hands());
    r.set_blocks(monitor.blocks());
    return decided;
}

// The units' figures summed per bot and per pair.
struct Sums {
    std::vector<BotTotals> bots;
    std::map<std::pair<int, int>, PairTotals> pairs;
    std::int64_t hands = 0;
};

Sums sum_units(const Tournament& tournament, const std::vector<UnitResult>& units) {
    const formats::TournamentFormat& format = formats::format_of(tournament.config.format());
    Sums sums;
    sums.bots.resize(static_cast<std::size_t>(tournament.config.bots_size()));
    for (const UnitResult& u : units) {
        for (const BotUnit& in : u.bots()) {
            BotTotals& bot = sums.bots[static_cast<std::size_t>(in.bot())];
            bot.hands += in.hands();
            bot.net_chips += in.net_chips();
            bot.samples.merge(from_proto(in.samples()));
            bot.samples_allin_ev.merge(from_proto(in.samples_allin_ev()));
            bot.samples_aivat.merge(from_proto(in.samples_aivat()));
            bot.decisions += in.decisions();
            bot.decisions_with_strategy += in.decisions_with_strategy();
            bot.decision_ns += in.decision_ns();
            add_faults(bot.faults, in.faults());
        }
        for (const PairUnit& p : u.pairs()) {
            PairTotals& pair = sums.pairs[{p.a(), p.b()}];
            pair.hands += p.hands();
            pair.net_chips_a += p.net_chips_a();
            pair.samples.merge(from_proto(p.samples()));
            pair.samples_allin_ev.merge(from_proto(p.samples_allin_ev()));
            pair.samples_aivat.merge(from_proto(p.samples_aivat()));
        }
        format.add_unit(tournament, u, sums.bots);
        sums.hands += u.hands();
    }
    return sums;
}

// Every bot's net chips after the units so far, at about kCurvePoints points (each holds every
// bot), so the curve does not grow with the number of units; the last unit always gets one.
void add_curve(int num_bots, const std::vector<UnitResult>& units, Curve& curve) {
    constexpr std::size_t kCurvePoints = 1000;
    const std::size_t stride =
        std::max<std::size_t>(1, (units.size() + kCurvePoints - 1) / kCurvePoints);
    std::vector<std::int64_t> running_net(static_cast<std::size_t>(num_bots), 0);
    std::int64_t hands = 0;
    std::size_t units_seen = 0;
    for (const UnitResult& u : units) {
        for (const BotUnit& in : u.bots())
            running_net[static_cast<std::size_t>(in.bot())] += in.net_chips();
        hands += u.hands();
        ++units_seen;
        if (units_seen % stride != 0 && units_seen != units.size()) continue;
        curve.add_hands(hands);
        CurvePoint& point = *curve.add_points();
        for (std::int64_t net : running_net)
            point.add_net_chips(net);
    }
}

// Which library or program bot b was: its plugin's identity, or its process's with this run's
// counts.
void add_identity(const Tournament& tournament, int b, BotResult& out) {
    // Not for a merge, whose tournament loads no bots: merge_reports() records them.
    if (static_cast<std::size_t>(b) >= tournament.factories.size()) return;
    const BotIdentity identity = tournament.factories[static_cast<std::size_t>(b)]->identity();
    detail::record_identity(identity, out);
    if (!out.has_process()) return;
    // The strategies its answers reported that were dropped, with the process's other counts.
    ProcessInfo& process = *out.mutable_process();
    process.set_invalid_strategies(identity.stats.invalid_strategies);
    process.set_first_invalid_strategy(to_valid_utf8(identity.stats.first_invalid_strategy));
}

// A result per bot, in config order: its counts, then the format's estimates.
void add_bot_results(const Tournament& tournament, const Sums& sums, Report& report) {
    const TournamentConfig& c = tournament.config;
    const formats::TournamentFormat& format = formats::format_of(c.format());
    for (int b = 0; b < c.bots_size(); ++b) {
        const BotTotals& in = sums.bots[static_cast<std::size_t>(b)];
        BotResult& out = *report.add_bots();
        out.set_name(c.bots(b).name());
        out.set_spec(c.bots(b).spec());
        add_identity(tournament, b, out);
        out.set_hands(in.hands);
        out.set_net_chips(in.net_chips);
        *out.mutable_faults() = in.faults;
        out.set_decisions(in.decisions);
        if (in.decisions > 0)
            out.set_mean_decision_us(static_cast<double>(in.decision_ns) /
                                     static_cast<double>(in.decisions) / 1000.0);
        format.bot_result(tournament, in, out);
    }
}

// The pairs the ratings are fitted to: those with at least 2 samples.
struct RatedPairs {
    std::vector<PairwiseResult> pairwise;
    std::vector<Summary> summaries;
    std::vector<std::int64_t> samples_of_bot;
    double degrees = 0;  // sum over the pairs of samples - 1
};

RatedPairs add_pair_results(const Tournament& tournament, const Sums& sums, Report& report) {
    const TournamentConfig& c = tournament.config;
    const double big_blind = static_cast<double>(tournament.game.big_blind);
    RatedPairs rated;
    rated.samples_of_bot.resize(static_cast<std::size_t>(c.bots_size()));
    for (const auto& [key, in] : sums.pairs) {
        PairResult& out = *report.add_pairs();
        out.set_a(key.first);
        out.set_b(key.second);
        out.set_name_a(c.bots(key.first).name());
        out.set_name_b(c.bots(key.second).name());
        out.set_hands(in.hands);
        out.set_net_chips_a(in.net_chips_a);
        const Summary s =
            summarize(in.samples, formats::mbb_scale(in.samples, in.hands, big_blind));
        set_estimate(out.mutable_mbb_per_hand_a(), s);
        if (c.allin_ev())
            set_estimate(out.mutable_mbb_per_hand_allin_ev_a(),
                         summarize(in.samples_allin_ev,
                                   formats::mbb_scale(in.samples_allin_ev, in.hands, big_blind)));
        if (c.aivat()) {
            const Summary v = summarize(in.samples_aivat,
                                        formats::mbb_scale(in.samples_aivat, in.hands, big_blind));
            set_estimate(out.mutable_mbb_per_hand_aivat_a(), v);
            out.set_aivat_variance_ratio(formats::variance_ratio(v, s));
        }
        if (s.samples >= 2) {
            rated.pairwise.push_back({key.first, key.second, s.mean,
                                      s.stddev / std::sqrt(static_cast<double>(s.samples))});
            rated.summaries.push_back(s);
            rated.samples_of_bot[static_cast<std::size_t>(key.first)] += s.samples;
            rated.samples_of_bot[static_cast<std::size_t>(key.second)] += s.samples;
            rated.degrees += static_cast<double>(s.samples - 1);
        }
    }
    return rated;
}

void add_ratings(RatedPairs& rated, Report& report) {
    const bool spread_known =
        weigh_uncertain_pairs(rated.pairwise, rated.summaries, kExactPairStdError);
    if (rated.pairwise.empty()) return;
    std::vector<Rating> ratings;
    try {
        ratings = least_squares_ratings(report.bots_size(), rated.pairwise);
    } catch (const std::invalid_argument&) {
        // Standard errors too disparate to solve in double precision: the report keeps every
        // other figure rather than failing a finished run over its ratings.
        ratings.clear();
    }
    // The ratings rest on every rated pair's samples: their t quantile has the pairs' degrees
    // of freedom pooled (sum of n_k - 1), as their pooled spread would.
    const double t95 = student_t_quantile(0.975, rated.degrees);
    for (std::size_t b = 0; b < ratings.size(); ++b) {
        Estimate& r = *report.mutable_bots(static_cast<int>(b))->mutable_rating();
        // No pair with any spread: the weights are a convention, the interval unknown.
        const double std_error =
            spread_known ? ratings[b].ci95 / kZ95 : std::numeric_limits<double>::infinity();
        r.set_mean(ratings[b].value);
        r.set_ci95(t95 * std_error);
        r.set_los(formats::likelihood_above_zero(ratings[b].value, std_error, rated.degrees));
        r.set_samples(rated.samples_of_bot[b]);
        r.set_too_few_samples(!spread_known || rated.samples_of_bot[b] < kMinSamples);
    }
}

}  // namespace

Report aggregate(const Tournament& tournament, std::vector<UnitResult> units) {
    const TournamentConfig& c = tournament.config;
    sort_units(units);
    // The figures themselves are checked where results come from outside (read_report()):
    // aggregate() is also fed crafted units that only need the structure. The totals are
    // checked here too, since they are what makes the sums below safe.
    check_units(tournament, units, Check::Structure);

    Report report;
    *report.mutable_config() = c;
    if (!tournament.plugin_folder.empty())
        report.mutable_run()->set_plugin_folder(tournament.plugin_folder.string());
    report.set_units_total(static_cast<std::int64_t>(tournament.units.size()));
    const bool sprt_decided = c.has_sprt() && run_sprt(tournament, units, report);

    const Sums sums = sum_units(tournament, units);
    add_curve(c.bots_size(), units, *report.mutable_curve());
    add_bot_results(tournament, sums, report);
    RatedPairs rated = add_pair_results(tournament, sums, report);
    add_ratings(rated, report);

    report.set_units_done(static_cast<std::int64_t>(units.size()));
    report.set_hands(sums.hands);
    report.set_complete(sprt_decided || report.units_done() == report.units_total());
    if (sprt_decided) mark_biased_by_stop(report);
    for (UnitResult& u : units)
        *report.add_units() = std::move(u);
    return report;
}

}  // namespace pokerarena::sim
