#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pokerarena/sim/aggregate.hpp"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "stats/bot_identity.hpp"

namespace pokerarena::sim {

namespace {

using std::to_string;

constexpr double kZ95 = 1.96;  // least_squares_ratings' ci95 is 1.96 standard errors

[[noreturn]] void reject(const std::string& message) {
    throw std::invalid_argument(message);
}

SampleMoments from_proto(const Moments& m) {
    return {m.n(), m.sum(), m.sum_squares()};
}

// P(true value > 0) for an estimate with this standard error and degrees of freedom (Student's
// t); without an error there is no evidence either way (summarize()).
double likelihood_above_zero(double estimate, double std_error, double degrees_of_freedom) {
    if (std_error > 0 && std::isfinite(std_error))
        return student_t_cdf(estimate / std_error, degrees_of_freedom);
    return 0.5;
}

void set_estimate(Estimate* out, const Summary& s) {
    out->set_mean(s.mean);
    out->set_stddev(s.stddev);
    out->set_ci95(s.ci95);
    out->set_los(s.los);
    out->set_samples(s.samples);
    out->set_too_few_samples(s.too_few_samples);
}

// Every estimate of the report, marked as biased by the SPRT's stop. Only those it has: a
// mutable_ accessor would add the others (a rating where there is none).
void mark_biased_by_stop(Report& report) {
    for (BotResult& bot : *report.mutable_bots()) {
        if (bot.has_mbb_per_hand()) bot.mutable_mbb_per_hand()->set_biased_by_sprt_stop(true);
        if (bot.has_mbb_per_hand_allin_ev())
            bot.mutable_mbb_per_hand_allin_ev()->set_biased_by_sprt_stop(true);
        if (bot.has_rating()) bot.mutable_rating()->set_biased_by_sprt_stop(true);
        if (bot.has_prize()) bot.mutable_prize()->set_biased_by_sprt_stop(true);
    }
    for (PairResult& pair : *report.mutable_pairs()) {
        if (pair.has_mbb_per_hand_a()) pair.mutable_mbb_per_hand_a()->set_biased_by_sprt_stop(true);
        if (pair.has_mbb_per_hand_allin_ev_a())
            pair.mutable_mbb_per_hand_allin_ev_a()->set_biased_by_sprt_stop(true);
    }
}

// Chips per sample to mbb per hand: every sample spans hands / n hands.
double mbb_scale(const SampleMoments& m, std::int64_t hands, double big_blind) {
    if (m.n == 0 || hands == 0) return 0;
    return 1000.0 * static_cast<double>(m.n) / (big_blind * static_cast<double>(hands));
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

struct BotTotals {
    std::int64_t hands = 0;
    std::int64_t net_chips = 0;
    SampleMoments samples;
    SampleMoments samples_allin_ev;
    std::int64_t decisions = 0;
    std::uint64_t decision_ns = 0;
    FaultCounts faults;
    // Sit-and-go.
    std::vector<std::int64_t> places;
    std::int64_t tournaments = 0;
    std::int64_t in_the_money = 0;
    // Ring and sit-and-go: the samples of each unit (a seating of its own), for
    // summarize_clusters; sit-and-go prizes per deal: the sum over its plays, in buy-ins.
    std::vector<SampleMoments> unit_samples;
    std::vector<SampleMoments> unit_samples_allin_ev;
    std::vector<SampleMoments> unit_prize;
};

struct PairTotals {
    std::int64_t hands = 0;
    std::int64_t net_chips_a = 0;
    SampleMoments samples;
    SampleMoments samples_allin_ev;
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

void check_places(const Tournament& t, const UnitResult& u, const WorkUnit& seated,
                  const std::string& name) {
    const int bots = t.config.bots_size();
    const std::int64_t plays = seated.deals * plays_per_deal(t.config);
    if (u.places_size() != plays * bots)
        reject(name + " has " + to_string(u.places_size()) + " finishing places; expected " +
               to_string(plays * bots) + " (" + to_string(plays) + " tournaments of " +
               to_string(bots) + " bots)");
    std::vector<bool> seen(static_cast<std::size_t>(bots));
    for (std::int64_t k = 0; k < plays; ++k) {
        std::fill(seen.begin(), seen.end(), false);
        for (int b = 0; b < bots; ++b) {
            const int place = u.places(static_cast<int>(k * bots + b));
            if (place < 1 || place > bots || seen[static_cast<std::size_t>(place - 1)])
                reject(name + ", tournament " + to_string(k) + ": the places are not 1 to " +
                       to_string(bots) + " once each");
            seen[static_cast<std::size_t>(place - 1)] = true;
        }
    }
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
    if (t.config.format() == SIT_AND_GO)
        check_places(t, u, seated, name);
    else if (u.places_size() != 0)
        reject(name + " has finishing places but is not a sit-and-go");
    return seated;
}

// The figures of one unit against what play_unit() makes of its WorkUnit (see aggregate.hpp
// for the list and play/work_unit.cpp / play/sit_and_go.cpp for why each holds).
void check_figures(const Tournament& t, const UnitResult& u, const WorkUnit& seated) {
    const bool sit_and_go = t.config.format() == SIT_AND_GO;
    const std::int64_t deals = seated.deals;
    const std::int64_t plays = deals * plays_per_deal(t.config);
    const auto at = [&u] { return "unit " + to_string(u.unit()) + ": "; };
    if (sit_and_go ? u.hands() < plays : u.hands() != plays)
        reject(at() + "hands: " + to_string(u.hands()) + "; expected " +
               (sit_and_go ? "at least " : "") + to_string(plays) + " (" + to_string(deals) +
               (sit_and_go ? " tournaments" : " deals") + " played " +
               to_string(plays_per_deal(t.config)) + " times each)");
    const char* per_deal =
        sit_and_go ? "one sample per tournament of the unit" : "one sample per deal of the unit";
    const bool allin_ev = t.config.allin_ev();
    std::int64_t chips = 0;
    for (int k = 0; k < u.bots_size(); ++k) {
        const BotUnit& bot = u.bots(k);
        const auto field = [&at, k] { return at() + "bots[" + to_string(k) + "]"; };
        if (sit_and_go ? bot.hands() < 0 || bot.hands() > u.hands() : bot.hands() != u.hands())
            reject(field() + ".hands: " + to_string(bot.hands()) + "; expected " +
                   (sit_and_go ? "0 to " : "") + to_string(u.hands()) + " (the unit's hands)");
        check_moments(field, ".samples", bot.samples(), deals, per_deal);
        check_moments(field, ".samples_allin_ev", bot.samples_allin_ev(), allin_ev ? deals : 0,
                      allin_ev ? per_deal : "none without allin_ev");
        if (!std::isfinite(bot.net_allin_ev()))
            reject(field() + ".net_allin_ev: " + text(bot.net_allin_ev()) +
                   "; expected a finite number of chips");
        check_count(field, ".decisions", bot.decisions());
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
    check_moments(pair_field, ".samples_allin_ev", pair.samples_allin_ev(), allin_ev ? deals : 0,
                  allin_ev ? per_deal : "none without allin_ev");
    if (!std::isfinite(pair.net_allin_ev_a()))
        reject(at() + "pairs[0].net_allin_ev_a: " + text(pair.net_allin_ev_a()) +
               "; expected a finite number of chips");
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

void add_sit_and_go(const Tournament& t, const UnitResult& u, std::vector<BotTotals>& bots,
                    const std::vector<double>& prize) {
    const int n = t.config.bots_size();
    const int plays = plays_per_deal(t.config);
    const std::int64_t deals = u.places_size() / (n * plays);
    for (int b = 0; b < n; ++b) {
        BotTotals& bot = bots[static_cast<std::size_t>(b)];
        bot.places.resize(static_cast<std::size_t>(n));
        SampleMoments& unit_prize = bot.unit_prize.emplace_back();
        for (std::int64_t d = 0; d < deals; ++d) {
            double deal_prize = 0;
            for (int r = 0; r < plays; ++r) {
                const int place = u.places(static_cast<int>((d * plays + r) * n + b));
                const double won = prize[static_cast<std::size_t>(place - 1)];
                ++bot.places[static_cast<std::size_t>(place - 1)];
                ++bot.tournaments;
                if (won > 0) ++bot.in_the_money;
                deal_prize += won;
            }
            // The plays of one deal share its cards, so together they are one sample.
            unit_prize.add(deal_prize);
        }
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

std::vector<double> prize_by_place(const TournamentConfig& c) {
    const SitAndGo& s = c.sit_and_go();
    double total = 0;
    for (double share : s.payouts())
        total += share;
    std::vector<double> prize(static_cast<std::size_t>(c.bots_size()), 0.0);
    for (int k = 0; k < s.payouts_size(); ++k)
        prize[static_cast<std::size_t>(k)] = s.payouts(k) / total * c.bots_size();
    return prize;
}

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

Report aggregate(const Tournament& tournament, std::vector<UnitResult> units) {
    const TournamentConfig& c = tournament.config;
    const int num_bots = c.bots_size();
    const bool sit_and_go = c.format() == SIT_AND_GO;
    const double big_blind = static_cast<double>(tournament.game.big_blind);

    std::sort(units.begin(), units.end(),
              [](const UnitResult& x, const UnitResult& y) { return x.unit() < y.unit(); });
    for (std::size_t i = 1; i < units.size(); ++i)
        if (units[i].unit() == units[i - 1].unit())
            reject("unit " + to_string(units[i].unit()) + " is given twice");
    // The figures themselves are checked where results come from outside (read_report()):
    // aggregate() is also fed crafted units that only need the structure. The totals are
    // checked here too, since they are what makes the sums below safe.
    check_units(tournament, units, Check::Structure);

    Report report;
    *report.mutable_config() = c;
    if (!tournament.plugin_folder.empty())
        report.mutable_run()->set_plugin_folder(tournament.plugin_folder.string());
    report.set_units_total(static_cast<std::int64_t>(tournament.units.size()));

    // The SPRT is sequential: it may only look at the unbroken run of units from 0, in order,
    // as the runner does. Units after the deciding one were in flight when the test decided;
    // dropping them makes the report the same however many there were.
    bool sprt_decided = false;
    if (c.has_sprt()) {
        SprtMonitor monitor(tournament);
        std::size_t i = 0;
        while (i < units.size() && units[i].unit() == static_cast<std::int64_t>(i) &&
               !monitor.add(units[i]))
            ++i;
        sprt_decided = monitor.decided();
        if (sprt_decided) units.resize(i + 1);
        SprtResult& r = *report.mutable_sprt();
        r.set_llr(monitor.state().llr);
        r.set_lower(monitor.state().lower);
        r.set_upper(monitor.state().upper);
        r.set_decision(decision_text(monitor.state().decision));
        r.set_hands(monitor.hands());
        r.set_blocks(monitor.blocks());
    }

    std::vector<BotTotals> bots(static_cast<std::size_t>(num_bots));
    std::map<std::pair<int, int>, PairTotals> pairs;
    const std::vector<double> prize = sit_and_go ? prize_by_place(c) : std::vector<double>{};
    // Ring and sit-and-go units each have a seating of their own (Schedule), so a bot's
    // samples within a unit share its neighbours: its interval is taken over units.
    const bool seated_by_unit = c.format() == RING || sit_and_go;
    std::vector<std::int64_t> running_net(static_cast<std::size_t>(num_bots), 0);
    std::int64_t hands = 0;
    Curve& curve = *report.mutable_curve();
    constexpr std::size_t kCurvePoints = 1000;
    const std::size_t curve_stride =
        std::max<std::size_t>(1, (units.size() + kCurvePoints - 1) / kCurvePoints);
    std::size_t units_seen = 0;
    for (const UnitResult& u : units) {
        for (const BotUnit& in : u.bots()) {
            const auto b = static_cast<std::size_t>(in.bot());
            BotTotals& bot = bots[b];
            bot.hands += in.hands();
            bot.net_chips += in.net_chips();
            bot.samples.merge(from_proto(in.samples()));
            bot.samples_allin_ev.merge(from_proto(in.samples_allin_ev()));
            if (seated_by_unit) {
                bot.unit_samples.push_back(from_proto(in.samples()));
                bot.unit_samples_allin_ev.push_back(from_proto(in.samples_allin_ev()));
            }
            bot.decisions += in.decisions();
            bot.decision_ns += in.decision_ns();
            add_faults(bot.faults, in.faults());
            running_net[b] += in.net_chips();
        }
        for (const PairUnit& p : u.pairs()) {
            PairTotals& pair = pairs[{p.a(), p.b()}];
            pair.hands += p.hands();
            pair.net_chips_a += p.net_chips_a();
            pair.samples.merge(from_proto(p.samples()));
            pair.samples_allin_ev.merge(from_proto(p.samples_allin_ev()));
        }
        if (sit_and_go) add_sit_and_go(tournament, u, bots, prize);
        hands += u.hands();
        // At most about kCurvePoints points (each holds every bot), so the curve does not grow
        // with the number of units; the last unit always gets one.
        ++units_seen;
        if (units_seen % curve_stride != 0 && units_seen != units.size()) continue;
        curve.add_hands(hands);
        CurvePoint& point = *curve.add_points();
        for (std::int64_t net : running_net)
            point.add_net_chips(net);
    }

    for (int b = 0; b < num_bots; ++b) {
        const BotTotals& in = bots[static_cast<std::size_t>(b)];
        BotResult& out = *report.add_bots();
        out.set_name(c.bots(b).name());
        out.set_spec(c.bots(b).spec());
        // Not for a merge, whose tournament loads no bots: merge_reports() records them.
        if (static_cast<std::size_t>(b) < tournament.factories.size())
            detail::record_identity(tournament.factories[static_cast<std::size_t>(b)]->identity(),
                                    out);
        out.set_hands(in.hands);
        out.set_net_chips(in.net_chips);
        *out.mutable_faults() = in.faults;
        out.set_decisions(in.decisions);
        if (in.decisions > 0)
            out.set_mean_decision_us(static_cast<double>(in.decision_ns) /
                                     static_cast<double>(in.decisions) / 1000.0);
        if (sit_and_go) {
            for (std::int64_t count : in.places)
                out.add_places(count);
            const Summary prize_summary =
                summarize_clusters(in.unit_prize, 1.0 / static_cast<double>(plays_per_deal(c)));
            set_estimate(out.mutable_prize(), prize_summary);
            // A prize is never negative, so P(prize > 0) would say nothing; what matters is
            // whether the bot wins back more than its buy-in (prizes are in buy-ins): the LOS
            // of its ROI.
            // Below two samples there is no spread and no evidence (summarize()).
            if (prize_summary.samples >= 2 && std::isfinite(prize_summary.ci95)) {
                const double degrees = static_cast<double>(prize_summary.samples - 1);
                const double std_error = prize_summary.ci95 / student_t_quantile(0.975, degrees);
                out.mutable_prize()->set_los(
                    likelihood_above_zero(prize_summary.mean - 1.0, std_error, degrees));
            }
            if (in.tournaments > 0) {
                out.set_roi(prize_summary.mean - 1.0);
                out.set_itm_rate(static_cast<double>(in.in_the_money) /
                                 static_cast<double>(in.tournaments));
            }
            continue;
        }
        const double scale = mbb_scale(in.samples, in.hands, big_blind);
        set_estimate(out.mutable_mbb_per_hand(), seated_by_unit
                                                     ? summarize_clusters(in.unit_samples, scale)
                                                     : summarize(in.samples, scale));
        if (c.allin_ev()) {
            const double scale_ev = mbb_scale(in.samples_allin_ev, in.hands, big_blind);
            set_estimate(out.mutable_mbb_per_hand_allin_ev(),
                         seated_by_unit ? summarize_clusters(in.unit_samples_allin_ev, scale_ev)
                                        : summarize(in.samples_allin_ev, scale_ev));
        }
    }

    std::vector<PairwiseResult> pairwise;
    std::vector<Summary> pair_summaries;
    std::vector<std::int64_t> rating_samples(static_cast<std::size_t>(num_bots), 0);
    double rating_degrees = 0;
    for (const auto& [key, in] : pairs) {
        PairResult& out = *report.add_pairs();
        out.set_a(key.first);
        out.set_b(key.second);
        out.set_name_a(c.bots(key.first).name());
        out.set_name_b(c.bots(key.second).name());
        out.set_hands(in.hands);
        out.set_net_chips_a(in.net_chips_a);
        const Summary s = summarize(in.samples, mbb_scale(in.samples, in.hands, big_blind));
        set_estimate(out.mutable_mbb_per_hand_a(), s);
        if (c.allin_ev())
            set_estimate(out.mutable_mbb_per_hand_allin_ev_a(),
                         summarize(in.samples_allin_ev,
                                   mbb_scale(in.samples_allin_ev, in.hands, big_blind)));
        if (s.samples >= 2) {
            pairwise.push_back({key.first, key.second, s.mean,
                                s.stddev / std::sqrt(static_cast<double>(s.samples))});
            pair_summaries.push_back(s);
            rating_samples[static_cast<std::size_t>(key.first)] += s.samples;
            rating_samples[static_cast<std::size_t>(key.second)] += s.samples;
            rating_degrees += static_cast<double>(s.samples - 1);
        }
    }
    const bool spread_known = weigh_uncertain_pairs(pairwise, pair_summaries, kExactPairStdError);
    if (!pairwise.empty()) {
        std::vector<Rating> ratings;
        try {
            ratings = least_squares_ratings(num_bots, pairwise);
        } catch (const std::invalid_argument&) {
            // Standard errors too disparate to solve in double precision: the report keeps
            // every other figure rather than failing a finished run over its ratings.
            ratings.clear();
        }
        // The ratings rest on every rated pair's samples: their t quantile has the pairs'
        // degrees of freedom pooled (sum of n_k - 1), as their pooled spread would.
        const double t95 = student_t_quantile(0.975, rating_degrees);
        for (std::size_t b = 0; b < ratings.size(); ++b) {
            Estimate& r = *report.mutable_bots(static_cast<int>(b))->mutable_rating();
            // No pair with any spread: the weights are a convention, the interval unknown.
            const double std_error =
                spread_known ? ratings[b].ci95 / kZ95 : std::numeric_limits<double>::infinity();
            r.set_mean(ratings[b].value);
            r.set_ci95(t95 * std_error);
            r.set_los(likelihood_above_zero(ratings[b].value, std_error, rating_degrees));
            r.set_samples(rating_samples[b]);
            r.set_too_few_samples(!spread_known || rating_samples[b] < kMinSamples);
        }
    }

    report.set_units_done(static_cast<std::int64_t>(units.size()));
    report.set_hands(hands);
    report.set_complete(sprt_decided || report.units_done() == report.units_total());
    if (sprt_decided) mark_biased_by_stop(report);
    for (UnitResult& u : units)
        *report.add_units() = std::move(u);
    return report;
}

}  // namespace pokerarena::sim
