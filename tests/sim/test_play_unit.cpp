// play_unit(): what one work unit plays and reports (see the top of sim/src/play/work_unit.cpp
// and sim/src/formats/sit_and_go.cpp): duplicate samples, hand counts, conservation of chips,
// determinism, faults, all-in EV, sit-and-go places and hand histories.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../sim/src/play/work_unit.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "unit_helpers.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;
using pokerarena::sim::test::without_timing;
namespace fs = std::filesystem;

namespace {

TournamentConfig config_of(Format format, std::initializer_list<const char*> specs,
                           std::int64_t hands, std::int32_t deals_per_unit) {
    TournamentConfig c;
    c.set_format(format);
    for (const char* spec : specs) {
        BotEntry& bot = *c.add_bots();
        bot.set_spec(spec);
        bot.set_name(std::string(spec) + "#" + std::to_string(c.bots_size()));
    }
    c.set_deals(hands);
    c.set_deals_per_unit(deals_per_unit);
    c.set_seed(42);
    return c;
}

std::vector<UnitResult> play_all(const Tournament& t) {
    std::vector<UnitResult> results;
    for (std::size_t u = 0; u < t.units.size(); ++u)
        results.push_back(play_unit(t, static_cast<std::int64_t>(u)));
    return results;
}

// A C++ bot that misbehaves in a chosen way, made by a factory of its own.
enum class Misbehaviour { RaiseToOne, Throw, MinRaise, ThrowOnNewMatch };

class MisbehavingBot final : public Bot {
  public:
    explicit MisbehavingBot(Misbehaviour m) : m_(m) {}
    Action decide(const SeatView& view) override {
        switch (m_) {
            case Misbehaviour::RaiseToOne:
                return Action::raise_to(1);
            case Misbehaviour::Throw:
                throw std::runtime_error("no idea what to do");
            case Misbehaviour::MinRaise:
                break;
            case Misbehaviour::ThrowOnNewMatch:
                return Action::check_call();
        }
        return view.legal.can_raise ? Action::raise_to(view.legal.min_raise_to)
                                    : Action::check_call();
    }

    void new_match() override {
        if (m_ == Misbehaviour::ThrowOnNewMatch) throw std::runtime_error("cannot forget");
    }

  private:
    Misbehaviour m_;
};

class MisbehavingFactory final : public BotFactory {
  public:
    explicit MisbehavingFactory(Misbehaviour m) : m_(m) {}
    std::unique_ptr<Bot> create(std::uint64_t) const override {
        return std::make_unique<MisbehavingBot>(m_);
    }
    const std::string& spec() const override { return spec_; }

  private:
    Misbehaviour m_;
    std::string spec_ = "misbehaving";
};

}  // namespace

TEST_CASE("call against call, duplicate: every sample is exactly zero", "[unit]") {
    const Tournament t = make_tournament(config_of(ROUND_ROBIN, {"call", "call"}, 300, 100));
    REQUIRE(t.units.size() == 3);
    for (const UnitResult& r : play_all(t)) {
        REQUIRE(r.pairs_size() == 1);
        CHECK(r.pairs(0).samples().n() == 100);
        CHECK(r.pairs(0).samples().sum() == 0);
        CHECK(r.pairs(0).samples().sum_squares() == 0);
        for (const BotUnit& b : r.bots()) {
            CHECK(b.net_chips() == 0);
            CHECK(b.samples().n() == 100);
            CHECK(b.samples().sum_squares() == 0);
        }
    }
}

TEST_CASE("a unit's result depends only on the tournament and the unit", "[unit]") {
    for (Format format : {ROUND_ROBIN, RING}) {
        INFO("format " << Format_Name(format));
        TournamentConfig c = config_of(format, {"random", "tag", "equity:samples=50"}, 60, 20);
        c.set_allin_ev(true);
        const Tournament t = make_tournament(c);
        // Units played in reverse order, then forward: same bytes.
        std::vector<std::string> backward(t.units.size());
        for (std::size_t u = t.units.size(); u-- > 0;)
            backward[u] = without_timing(play_unit(t, static_cast<std::int64_t>(u)));
        for (std::size_t u = 0; u < t.units.size(); ++u)
            CHECK(without_timing(play_unit(t, static_cast<std::int64_t>(u))) == backward[u]);
        // Another seed deals other cards and seeds the bots differently.
        c.set_seed(43);
        const Tournament other = make_tournament(c);
        CHECK(without_timing(play_unit(other, 0)) != backward[0]);
    }
}

TEST_CASE("hands, decisions and samples are counted per format", "[unit]") {
    struct Case {
        Format format;
        bool duplicate;
        std::int64_t plays;
    };
    for (const Case& k : {Case{ROUND_ROBIN, true, 2}, Case{ROUND_ROBIN, false, 1},
                          Case{RING, true, 4}, Case{RING, false, 1}}) {
        INFO(Format_Name(k.format) << (k.duplicate ? " duplicate" : " not duplicate"));
        TournamentConfig c = config_of(k.format, {"random", "call", "tag", "fold"}, 50, 50);
        c.set_duplicate(k.duplicate);
        const Tournament t = make_tournament(c);
        const UnitResult r = play_unit(t, 0);
        CHECK(r.unit() == 0);
        CHECK(r.hands() == 50 * k.plays);
        // One result per seated bot, in seat order: unit 0 of the round robin is 0 v 1, a ring
        // unit's seating is its own (Schedule).
        const int seated = k.format == RING ? 4 : 2;
        REQUIRE(r.bots_size() == seated);
        Chips total = 0;
        double sample_total = 0;
        for (int slot = 0; slot < seated; ++slot) {
            const BotUnit& bot = r.bots(slot);
            CHECK(bot.bot() == t.units[0].seat_bot[static_cast<std::size_t>(slot)]);
            CHECK(bot.hands() == 50 * k.plays);
            CHECK(bot.samples().n() == 50);
            CHECK(bot.samples().sum() == static_cast<double>(bot.net_chips()));
            CHECK(bot.decisions() > 0);
            CHECK(bot.faults().illegal_action() + bot.faults().exception() +
                      bot.faults().bad_answer() ==
                  0);
            total += bot.net_chips();
            sample_total += bot.samples().sum();
        }
        CHECK(total == 0);
        CHECK(sample_total == 0);
        CHECK(r.pairs_size() == (k.format == RING ? 0 : 1));
        CHECK(r.places_size() == 0);
    }
}

TEST_CASE("a deal's sums over its plays are exact however deep the stacks", "[unit]") {
    // Sums wait for a deal's last play in 32 bits when no sum can need more, else in 64 bits,
    // and the last slot's is minus the others' (work_unit.cpp). All-in against random with
    // stacks of 4e9 chips: a deal's sum passes 2^31 in the wide case (a 32-bit sum would
    // wrap and miss the net chips), and with the default 200 big blinds fits the narrow one.
    for (const std::int64_t stack_big_blinds : {std::int64_t{200}, std::int64_t{2'000'000'000}}) {
        for (Format format : {ROUND_ROBIN, RING}) {
            INFO(Format_Name(format) << ", stacks of " << stack_big_blinds << " big blinds");
            TournamentConfig c = config_of(format, {"allin", "random", "call", "tag"}, 40, 40);
            c.set_stack_big_blinds(stack_big_blinds);
            const Tournament t = make_tournament(c);
            const UnitResult r = play_unit(t, 0);
            Chips total = 0;
            double biggest = 0;
            for (const BotUnit& bot : r.bots()) {
                CHECK(bot.samples().n() == 40);
                CHECK(bot.samples().sum() == static_cast<double>(bot.net_chips()));
                CHECK(bot.samples().sum_squares() >=
                      bot.samples().sum() * bot.samples().sum() / 40 * (1 - 1e-12));
                total += bot.net_chips();
                biggest = std::max(biggest, bot.samples().sum_squares());
            }
            CHECK(total == 0);
            if (format == ROUND_ROBIN)
                CHECK(r.bots(0).samples().sum_squares() == r.bots(1).samples().sum_squares());
            if (stack_big_blinds > 200) CHECK(biggest > 2147483648.0 * 2147483648.0);
        }
    }
}

TEST_CASE("random against fold: random never loses more than a chip per pair, and wins", "[unit]") {
    // Per duplicate pair, fold posts the small blind and folds in one half (-1); in the other
    // it wins at most random's limp (+2) or random's small blind (+1). So random loses at most
    // 1 chip per pair. Units of one deal make each unit's sample visible on its own.
    const Tournament t = make_tournament(config_of(ROUND_ROBIN, {"random", "fold"}, 400, 1));
    REQUIRE(t.units.size() == 400);
    Chips random_net = 0;
    for (const UnitResult& r : play_all(t)) {
        const BotUnit& random = r.bots(0);
        REQUIRE(random.samples().n() == 1);
        CHECK(random.samples().sum() >= -1);
        CHECK(r.bots(1).net_chips() == -random.net_chips());
        CHECK(r.pairs(0).a() == 0);
        CHECK(r.pairs(0).net_chips_a() == random.net_chips());
        CHECK(r.pairs(0).samples().sum() == random.samples().sum());
        random_net += random.net_chips();
    }
    CHECK(random_net > 0);
}

TEST_CASE("a gauntlet hero with the higher index: the pair is reported from bot a's side",
          "[unit]") {
    TournamentConfig c = config_of(GAUNTLET, {"fold", "random"}, 200, 200);
    c.set_hero(1);
    const Tournament t = make_tournament(c);
    REQUIRE(t.units[0].seat_bot[0] == 1);
    const UnitResult r = play_unit(t, 0);
    REQUIRE(r.pairs_size() == 1);
    const PairUnit& pair = r.pairs(0);
    CHECK(pair.a() == 0);
    CHECK(pair.b() == 1);
    CHECK(pair.hands() == 400);
    // The hero sits first: bots[0] is bot 1 (the hero), bots[1] is bot 0.
    REQUIRE(r.bots(0).bot() == 1);
    REQUIRE(r.bots(1).bot() == 0);
    CHECK(pair.net_chips_a() == r.bots(1).net_chips());
    CHECK(pair.net_chips_a() < 0);
    CHECK(pair.samples().sum() == r.bots(1).samples().sum());
    CHECK(pair.samples().sum_squares() == r.bots(0).samples().sum_squares());
}

TEST_CASE("ring of identical call bots: every rotation-group sample is zero", "[unit]") {
    const Tournament t =
        make_tournament(config_of(RING, {"call", "call", "call", "call", "call", "call"}, 40, 20));
    for (const UnitResult& r : play_all(t)) {
        CHECK(r.hands() == 20 * 6);
        for (const BotUnit& b : r.bots()) {
            CHECK(b.samples().n() == 20);
            CHECK(b.samples().sum_squares() == 0);
            CHECK(b.net_chips() == 0);
        }
    }
}

TEST_CASE("faults of a misbehaving bot are counted and located", "[unit]") {
    for (Misbehaviour m : {Misbehaviour::RaiseToOne, Misbehaviour::Throw}) {
        Tournament t = make_tournament(config_of(ROUND_ROBIN, {"call", "call"}, 30, 10));
        t.factories[1] = std::make_shared<MisbehavingFactory>(m);
        const UnitResult r = play_unit(t, 2);
        const BotUnit& bad = r.bots(1);
        const FaultCounts& f = bad.faults();
        REQUIRE(bad.decisions() > 0);
        CHECK(r.bots(0).faults().first_message().empty());
        if (m == Misbehaviour::RaiseToOne) {
            CHECK(f.illegal_action() == bad.decisions());
            CHECK(f.exception() == 0);
            CHECK_THAT(f.first_message(),
                       Catch::StartsWith("unit 2, match 2, first half, hand 0, illegal action: "));
        } else {
            CHECK(f.exception() == bad.decisions());
            CHECK(f.illegal_action() == 0);
            CHECK(f.first_message() ==
                  "unit 2, match 2, first half, hand 0, exception: no idea what to do");
        }
        CHECK(r.bots(0).net_chips() + r.bots(1).net_chips() == 0);
    }
}

TEST_CASE("AIVAT: its fields beside raw ones that do not change, in both cash layouts", "[unit]") {
    for (Format format : {ROUND_ROBIN, RING}) {
        INFO("format " << Format_Name(format));
        TournamentConfig c = config_of(format, {"random", "tag", "equity:samples=20"}, 60, 20);
        const UnitResult raw = play_unit(make_tournament(c), 0);
        c.set_aivat(true);
        const UnitResult with = play_unit(make_tournament(c), 0);
        double total = 0;
        REQUIRE(raw.bots_size() == with.bots_size());
        for (int b = 0; b < raw.bots_size(); ++b) {
            const BotUnit& x = raw.bots(b);
            const BotUnit& y = with.bots(b);
            CHECK(x.net_chips() == y.net_chips());
            CHECK(x.samples().SerializeAsString() == y.samples().SerializeAsString());
            CHECK(x.samples_aivat().n() == 0);
            CHECK(x.decisions_with_strategy() == 0);
            CHECK(y.samples_aivat().n() == y.samples().n());
            total += y.net_aivat();
            // equity reports no strategy; random and tag report every one.
            const bool reports = c.bots(y.bot()).spec() != "equity:samples=20";
            CHECK(y.decisions_with_strategy() == (reports ? y.decisions() : 0));
        }
        CHECK(total == Approx(0).margin(1e-6));
        if (format == ROUND_ROBIN) {
            REQUIRE(with.pairs_size() == 1);
            const int a_slot = with.bots(0).bot() == with.pairs(0).a() ? 0 : 1;
            CHECK(with.pairs(0).net_aivat_a() == Approx(with.bots(a_slot).net_aivat()));
        }
    }
}

TEST_CASE("AIVAT of a pair that plays both halves alike: no spread, exactly as raw", "[unit]") {
    // call against call: each deal's two halves cancel, in raw chips and in AIVAT values,
    // whose terms do not leave rounding noise behind to pass for a spread.
    TournamentConfig c = config_of(ROUND_ROBIN, {"call", "call"}, 200, 200);
    c.set_aivat(true);
    const UnitResult u = play_unit(make_tournament(c), 0);
    for (int b = 0; b < 2; ++b) {
        const BotUnit& bot = u.bots(b);
        REQUIRE(bot.samples_aivat().n() == bot.samples().n());
        CHECK(bot.samples().sum_squares() == 0);
        CHECK(bot.samples_aivat().sum() == 0);
        CHECK(bot.samples_aivat().sum_squares() == 0);
    }
}

TEST_CASE("estimates that cancel in theory cancel exactly: a ring of alike bots, all-in EV",
          "[unit]") {
    // Three call bots in a ring: every hand is zero-sum and each rotation group's results are
    // alike, so AIVAT (whose seats' values were each rounded on their own, and then summed to
    // a multiple of 2^-19 chips) and all-in EV leave no spread.
    TournamentConfig ring = config_of(RING, {"call", "call", "call"}, 300, 300);
    ring.set_aivat(true);
    ring.set_allin_ev(true);
    const UnitResult r = play_unit(make_tournament(ring), 0);
    for (const BotUnit& bot : r.bots()) {
        CHECK(bot.net_aivat() == 0);
        CHECK(bot.net_allin_ev() == 0);
        CHECK(bot.samples_aivat().sum_squares() == 0);
        CHECK(bot.samples_allin_ev().sum_squares() == 0);
    }
    // allin against call, duplicate: every hand is all-in before the flop, and the two halves
    // of a deal hold the same equities with the seats swapped (the docs' exact-zero example).
    TournamentConfig pair = config_of(ROUND_ROBIN, {"allin", "call"}, 300, 300);
    pair.set_allin_ev(true);
    const UnitResult u = play_unit(make_tournament(pair), 0);
    for (const BotUnit& bot : u.bots()) {
        REQUIRE(bot.samples_allin_ev().n() == bot.samples().n());
        CHECK(bot.samples_allin_ev().sum() == 0);
        CHECK(bot.samples_allin_ev().sum_squares() == 0);
    }
}

TEST_CASE("all-in EV: adjusted fields beside raw ones that do not change", "[unit]") {
    TournamentConfig c = config_of(ROUND_ROBIN, {"random", "allin"}, 300, 300);
    const UnitResult raw = play_unit(make_tournament(c), 0);
    c.set_allin_ev(true);
    const UnitResult adjusted = play_unit(make_tournament(c), 0);
    double ev_total = 0;
    for (int b = 0; b < 2; ++b) {
        const BotUnit& x = raw.bots(b);
        const BotUnit& y = adjusted.bots(b);
        CHECK(x.net_chips() == y.net_chips());
        CHECK(x.samples().SerializeAsString() == y.samples().SerializeAsString());
        CHECK(x.net_allin_ev() == 0);
        CHECK(x.samples_allin_ev().n() == 0);
        CHECK(y.samples_allin_ev().n() == y.samples().n());
        ev_total += y.net_allin_ev();
    }
    CHECK(ev_total == Approx(0).margin(1e-6));
    // The all-in bot shoves every hand and random calls some: the luck removed shows.
    CHECK(adjusted.bots(0).net_allin_ev() != static_cast<double>(adjusted.bots(0).net_chips()));
    CHECK(adjusted.pairs(0).net_allin_ev_a() == adjusted.bots(0).net_allin_ev());
    CHECK(adjusted.pairs(0).samples_allin_ev().sum() ==
          Approx(adjusted.bots(0).samples_allin_ev().sum()));
}

TEST_CASE("sit-and-go: places are a permutation per play and chips are conserved", "[unit]") {
    for (bool duplicate : {true, false}) {
        INFO((duplicate ? "duplicate" : "not duplicate"));
        TournamentConfig c = config_of(SIT_AND_GO, {"random", "tag", "call", "allin"}, 6, 3);
        c.set_duplicate(duplicate);
        const Tournament t = make_tournament(c);
        REQUIRE(t.units.size() == 2);
        const int plays = duplicate ? 4 : 1;
        for (const UnitResult& r : play_all(t)) {
            REQUIRE(r.places_size() == 3 * plays * 4);
            for (int p = 0; p < 3 * plays; ++p) {
                std::vector<int> places(r.places().begin() + p * 4, r.places().begin() + p * 4 + 4);
                std::sort(places.begin(), places.end());
                CHECK(places == std::vector<int>{1, 2, 3, 4});
            }
            Chips total = 0;
            std::int64_t hands = 0;
            for (const BotUnit& b : r.bots()) {
                total += b.net_chips();
                hands = std::max(hands, b.hands());
                CHECK(b.samples().n() == 3);
                CHECK(b.samples().sum() == static_cast<double>(b.net_chips()));
            }
            CHECK(total == 0);
            CHECK(hands <= r.hands());
            CHECK(r.hands() > 0);
        }
    }
}

TEST_CASE("sit-and-go: the winner holds every chip", "[unit]") {
    TournamentConfig c = config_of(SIT_AND_GO, {"allin", "call", "random"}, 1, 1);
    c.set_duplicate(false);
    const UnitResult r = play_unit(make_tournament(c), 0);
    REQUIRE(r.places_size() == 3);
    for (int k = 0; k < 3; ++k) {
        // 3 players of 1500 chips: the winner's net is +3000, everyone else's -1500. bots[k] is
        // the unit's slot k (its seating), places are in config order.
        const BotUnit& bot = r.bots(k);
        CHECK(bot.net_chips() == (r.places(bot.bot()) == 1 ? 3000 : -1500));
    }
}

TEST_CASE("sit-and-go: players who never risk chips are stopped by the cap", "[unit]") {
    // One level of 1/2 and fold bots: the blinds go round forever, so the cap of 100,000
    // hands at the last level ends it, and the places follow the stacks.
    TournamentConfig c = config_of(SIT_AND_GO, {"fold", "fold", "fold"}, 1, 1);
    c.set_duplicate(false);
    BlindLevel* level = c.mutable_sit_and_go()->add_levels();
    level->set_small_blind(1);
    level->set_big_blind(2);
    const UnitResult r = play_unit(make_tournament(c), 0);
    CHECK(r.hands() == 100'000);
    std::vector<int> places(r.places().begin(), r.places().end());
    // bots[k] is slot k of the unit's seating; places are in config order.
    for (const BotUnit& b : r.bots())
        for (const BotUnit& o : r.bots())
            if (b.net_chips() > o.net_chips())
                CHECK(places[static_cast<std::size_t>(b.bot())] <
                      places[static_cast<std::size_t>(o.bot())]);
    std::sort(places.begin(), places.end());
    CHECK(places == std::vector<int>{1, 2, 3});
}

TEST_CASE("sit-and-go in Kuhn, Leduc and short-deck: one seat ends with every chip", "[unit]") {
    const std::vector<const char*> specs{"random", "call", "equity:samples=20",
                                         "allin",  "fold", "random"};
    for (const char* game : {"kuhn", "leduc", "short-deck"}) {
        for (const std::size_t seats : {std::size_t{3}, std::size_t{6}}) {
            INFO(game << " at " << seats << " seats");
            TournamentConfig c;
            c.set_format(SIT_AND_GO);
            c.set_game(game);
            for (std::size_t k = 0; k < seats; ++k) {
                BotEntry& bot = *c.add_bots();
                bot.set_spec(specs[k]);
                bot.set_name(std::string(specs[k]) + "#" + std::to_string(k));
            }
            c.set_deals(3);
            c.set_deals_per_unit(1);
            c.set_duplicate(false);
            c.set_seed(7);
            const Tournament t = make_tournament(c);
            const Chips stack = t.config.sit_and_go().starting_stack();
            const auto n = static_cast<int>(seats);
            for (const UnitResult& r : play_all(t)) {
                REQUIRE(r.places_size() == n);
                std::vector<int> places(r.places().begin(), r.places().end());
                // bots[k] is the unit's slot k, places are in config order: the winner's net is
                // every other stack, everyone else's minus their own.
                Chips total = 0;
                for (const BotUnit& b : r.bots()) {
                    CHECK(b.net_chips() == (places[static_cast<std::size_t>(b.bot())] == 1
                                                ? (n - 1) * stack
                                                : -stack));
                    total += b.net_chips();
                }
                CHECK(total == 0);
                std::sort(places.begin(), places.end());
                std::vector<int> expected(seats);
                std::iota(expected.begin(), expected.end(), 1);
                CHECK(places == expected);
            }
        }
    }
}

namespace {

// What a seat held when it decided: the log of every instance of a RecordingFactory, in the
// order of the decisions (a unit plays on one thread).
struct SeenCard {
    int seat;
    int hand_number;  // at its level's table
    Chips big_blind;  // its level's unit
    Card card;
};

class RecordingBot final : public Bot {
  public:
    explicit RecordingBot(std::vector<SeenCard>& log) : log_(log) {}
    Action decide(const SeatView& view) override {
        log_.push_back({view.seat, view.hand_number, view.big_blind,
                        view.hole[static_cast<std::size_t>(view.seat)][0]});
        // A bet when nobody has bet this round (never a raise), so that chips move and the
        // tournament ends, but no hand escalates to every stack.
        return view.legal.can_raise && view.current_bet == 0
                   ? Action::raise_to(view.legal.min_raise_to)
                   : Action::check_call();
    }

  private:
    std::vector<SeenCard>& log_;
};

class RecordingFactory final : public BotFactory {
  public:
    std::unique_ptr<Bot> create(std::uint64_t) const override {
        return std::make_unique<RecordingBot>(log);
    }
    const std::string& spec() const override { return spec_; }
    mutable std::vector<SeenCard> log;

  private:
    std::string spec_ = "recording";
};

}  // namespace

TEST_CASE("duplicate sit-and-go: every rotation is dealt the same cards per seat", "[unit]") {
    for (const char* game : {"kuhn", "leduc", "short-deck"}) {
        INFO(game);
        TournamentConfig c = config_of(SIT_AND_GO, {"call", "call", "call", "call"}, 2, 1);
        c.set_game(game);
        Tournament t = make_tournament(c);
        const auto recorder = std::make_shared<RecordingFactory>();
        t.factories.assign(4, recorder);
        const Chips first_unit = t.game.big_blind;
        std::vector<std::map<int, Card>> first_unit_hands;
        for (std::size_t u = 0; u < t.units.size(); ++u) {
            recorder->log.clear();
            const UnitResult r = play_unit(t, static_cast<std::int64_t>(u));
            // The first hand of each play (hand 0 at the first level's unit): the decisions of
            // one play's first hand come one after another, and other hands come between plays.
            std::vector<std::map<int, Card>> plays;
            bool in_first_hand = false;
            for (const SeenCard& seen : recorder->log) {
                const bool first = seen.hand_number == 0 && seen.big_blind == first_unit;
                if (first && !in_first_hand) plays.emplace_back();
                if (first) plays.back().emplace(seen.seat, seen.card);
                in_first_hand = first;
            }
            REQUIRE(plays.size() == 4);
            for (const std::map<int, Card>& play : plays) {
                CHECK(play.size() == 4);  // every seat decides in the first hand
                CHECK(play == plays[0]);
            }
            first_unit_hands.push_back(plays[0]);
        }
        // Another tournament is dealt other cards.
        REQUIRE(first_unit_hands.size() == 2);
        CHECK(first_unit_hands[0] != first_unit_hands[1]);
    }
}

TEST_CASE("hand histories: sampled deals of every play, readable and replayable", "[unit]") {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_play_unit_hh";
    fs::remove_all(dir);
    TournamentConfig c = config_of(ROUND_ROBIN, {"random", "tag"}, 40, 20);
    c.mutable_bots(0)->set_name("rnd");
    c.mutable_bots(1)->set_name("tag");
    c.set_hh_out(dir.string());
    c.set_hh_sample(3);
    const Tournament t = make_tournament(c);
    const UnitResult r = play_unit(t, 1);  // deals 20 .. 39: 21, 24, ..., 39 are written
    const fs::path file = dir / "unit-00000001.phhs";
    REQUIRE(fs::exists(file));
    for (const fs::directory_entry& entry : fs::directory_iterator(dir))  // no temporary left
        CHECK(entry.path().filename().string().front() != '.');
    const std::vector<PhhEntry> entries = read_phh_file(file);
    CHECK(entries.size() == 7 * 2);
    for (const PhhEntry& e : entries) {
        INFO(e.location << ": " << e.message);
        REQUIRE(e.status == PhhEntry::Status::Ok);
        CHECK(replay_entry(e).status == ReplayStatus::Matched);
        CHECK(std::count(e.hand.players.begin(), e.hand.players.end(), "rnd") == 1);
        CHECK(std::count(e.hand.players.begin(), e.hand.players.end(), "tag") == 1);
    }
    CHECK(r.hands() == 40);
    fs::remove_all(dir);
}

TEST_CASE("hand histories: a hand too long for PHH is skipped and said so", "[unit]") {
    // Two min-raisers 10,000 big blinds deep raise each other far beyond the record's 255
    // actions, so no hand can be written.
    const fs::path dir = fs::temp_directory_path() / "pokerarena_play_unit_hh_long";
    fs::remove_all(dir);
    TournamentConfig c = config_of(ROUND_ROBIN, {"call", "call"}, 2, 2);
    c.set_stack_big_blinds(10'000);
    c.set_hh_out(dir.string());
    Tournament t = make_tournament(c);
    t.factories[0] = std::make_shared<MisbehavingFactory>(Misbehaviour::MinRaise);
    t.factories[1] = t.factories[0];
    const UnitResult r = play_unit(t, 0);
    CHECK(r.hands() == 4);
    CHECK(r.bots(0).faults().illegal_action() == 0);
    const fs::path file = dir / "unit-00000000.phhs";
    REQUIRE(fs::exists(file));
    CHECK(read_phh_file(file).empty());
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Catch::Contains("# hand 0 of table 0 not written: hand 0 has more than 255"));
    CHECK_THAT(text, Catch::EndsWith("# 4 hands of this unit not written (see above)\n"));
    CHECK(r.hh_hands_not_written() == 4);
    fs::remove_all(dir);
}

TEST_CASE("hand histories: a folder that cannot be made is an error naming it", "[unit]") {
    const fs::path blocker = fs::temp_directory_path() / "pokerarena_play_unit_blocker";
    fs::remove_all(blocker);
    std::ofstream(blocker) << "a file, not a folder\n";
    TournamentConfig c = config_of(ROUND_ROBIN, {"call", "call"}, 2, 2);
    c.set_hh_out((blocker / "hh").string());
    const Tournament t = make_tournament(c);
    CHECK_THROWS_WITH(play_unit(t, 0), Catch::Contains("hh_out: cannot create the folder '" +
                                                       (blocker / "hh").string() + "'"));
    fs::remove(blocker);
}

TEST_CASE("a unit outside the schedule is rejected", "[unit]") {
    const Tournament t = make_tournament(config_of(ROUND_ROBIN, {"call", "call"}, 2, 2));
    CHECK_THROWS_AS(play_unit(t, 1), std::out_of_range);
    CHECK_THROWS_AS(play_unit(t, -1), std::out_of_range);
}

TEST_CASE("bot seeds differ by seed, unit and bot", "[unit]") {
    std::set<std::uint64_t> seeds;
    for (std::uint64_t seed : {0ULL, 1ULL})
        for (std::int64_t unit : {0, 1, 2})
            for (int bot : {0, 1, 2})
                seeds.insert(sim::detail::bot_seed(seed, unit, bot));
    CHECK(seeds.size() == 18);
    CHECK(sim::detail::bot_seed(7, 3, 1) == sim::detail::bot_seed(7, 3, 1));
}

TEST_CASE("a unit's decision time is the sum of its bots'", "[unit]") {
    for (const Format format : {ROUND_ROBIN, RING, SIT_AND_GO}) {
        INFO(Format_Name(format));
        const std::int32_t hands = format == SIT_AND_GO ? 20 : 2000;
        const Tournament t =
            make_tournament(config_of(format, {"random", "call", "tag", "fold"}, hands, hands));
        const UnitResult r = play_unit(t, 0);
        std::uint64_t sum = 0;
        for (const BotUnit& bot : r.bots()) {
            CHECK(bot.decisions() > 0);
            sum += bot.decision_ns();
        }
        CHECK(r.timing_decision_ns() == sum);
    }
}

TEST_CASE("a bot that throws from new_match gets a fault, and the unit plays on", "[unit]") {
    // Duplicate heads-up resets memories once, before the second half; a sit-and-go before
    // every play of a tournament but the unit's first.
    Tournament t = make_tournament(config_of(ROUND_ROBIN, {"call", "call"}, 30, 10));
    t.factories[1] = std::make_shared<MisbehavingFactory>(Misbehaviour::ThrowOnNewMatch);
    const UnitResult r = play_unit(t, 0);
    CHECK(r.hands() == 20);
    CHECK(r.bots(1).faults().exception() == 1);
    CHECK(
        r.bots(1).faults().first_message() ==
        "unit 0, match 0, second half (seats swapped), hand 0, exception: new_match threw: cannot "
        "forget");
    CHECK(r.bots(0).faults().exception() == 0);

    TournamentConfig sng = config_of(SIT_AND_GO, {"call", "call", "fold"}, 2, 2);
    Tournament s = make_tournament(sng);
    s.factories[2] = std::make_shared<MisbehavingFactory>(Misbehaviour::ThrowOnNewMatch);
    const UnitResult u = play_unit(s, 0);
    // Two tournaments of three rotations each: five resets.
    CHECK(u.places_size() == 2 * 3 * 3);
    CHECK(u.bots(2).faults().exception() == 5);
}

TEST_CASE("decisions that throw are timed too", "[unit]") {
    Tournament t = make_tournament(config_of(ROUND_ROBIN, {"call", "call"}, 2000, 2000));
    t.factories[1] = std::make_shared<MisbehavingFactory>(Misbehaviour::Throw);
    const UnitResult r = play_unit(t, 0);
    // About 60 of its decisions were due to be timed; every one threw, and each took some
    // time (a clock read and an exception thrown and caught take well over a nanosecond), so
    // its estimated time is not the 0 that left its mean decision time at 0.00 us.
    REQUIRE(r.bots(1).decisions() > 2000);
    CHECK(r.bots(1).faults().exception() == r.bots(1).decisions());
    CHECK(r.bots(1).decision_ns() > 0);
}
