// The seat driver's fault rule and event forwarding, with small C++ bots written for it.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "play_helpers.hpp"

using namespace pokerarena;

namespace {

// Throws on its first `throws` decisions, then calls.
class ThrowingBot final : public Bot {
  public:
    explicit ThrowingBot(int throws) : throws_(throws) {}
    Action decide(const SeatView&) override {
        if (throws_-- > 0) throw std::runtime_error("out of ideas");
        return Action::check_call();
    }

  private:
    int throws_;
};

// Raises below the minimum every time.
class UnderRaiseBot final : public Bot {
  public:
    Action decide(const SeatView& v) override {
        return Action::raise_to(v.legal.can_raise ? v.legal.min_raise_to - 1 : 1);
    }
};

// Records the events it is shown and the hole cards it can see.
class WatchingBot final : public Bot {
  public:
    explicit WatchingBot(int seat, bool wants = true) : seat_(seat), wants_(wants) {}
    Action decide(const SeatView& v) override {
        for (int s = 0; s < v.num_seats; ++s) {
            if (s != seat_ && ((v.known_hole >> s) & 1)) saw_other_cards = true;
        }
        return Action::check_call();
    }
    void on_event(const Event& e) override {
        ++events[static_cast<std::size_t>(e.kind)];
        if (e.kind == EventKind::HoleCardsDealt && e.seat != seat_) saw_other_cards = true;
    }
    bool wants_events() const override { return wants_; }
    void new_match() override { ++matches; }

    std::array<int, 11> events{};
    bool saw_other_cards = false;
    int matches = 0;

  private:
    int seat_;
    bool wants_;
};

}  // namespace

TEST_CASE("a bot that throws is counted and checks or folds while play goes on") {
    ThrowingBot thrower(5);
    auto caller = make_bot("call", 1);
    Table table(test::mixed_stack_game(2), 3, 0);
    std::array<Bot*, 2> bots{&thrower, caller.get()};
    SeatDriver driver(table, bots);
    Chips total = 0;
    driver.play_hands(50, [&](const HandRecord& r) { total += r.net[0] + r.net[1]; });
    REQUIRE(total == 0);
    REQUIRE(driver.faults(0).of(FaultKind::Exception) == 5);
    REQUIRE(driver.faults(0).total() == 5);
    REQUIRE(driver.faults(0).first_message == "hand 0, exception: out of ideas");
    REQUIRE(driver.faults(1).total() == 0);
    REQUIRE(table.hands_played() == 50);
}

TEST_CASE("an illegal action is counted with the table's reason and replaced") {
    UnderRaiseBot bad;
    auto caller = make_bot("call", 1);
    Table table(test::mixed_stack_game(2), 3, 0);
    std::array<Bot*, 2> bots{&bad, caller.get()};
    SeatDriver driver(table, bots);
    REQUIRE(driver.play_hands(200, [](const HandRecord&) {}) == 200);
    REQUIRE(driver.faults(0).of(FaultKind::IllegalAction) == driver.decisions(0));
    REQUIRE(driver.faults(0).first_message.starts_with("hand 0, illegal action: "));
    REQUIRE(table.check_invariants());
}

TEST_CASE("bots see their own hole cards, public events, and never another seat's cards") {
    WatchingBot w0(0);
    WatchingBot w1(1);
    WatchingBot w2(2);
    Table table(test::mixed_stack_game(3), 9, 0);
    std::array<Bot*, 3> bots{&w0, &w1, &w2};
    SeatDriver driver(table, bots);
    REQUIRE(driver.play_hands(20, [](const HandRecord&) {}) == 20);
    for (WatchingBot* w : {&w0, &w1, &w2}) {
        REQUIRE_FALSE(w->saw_other_cards);
        REQUIRE(w->events[static_cast<std::size_t>(EventKind::HandStarted)] == 20);
        REQUIRE(w->events[static_cast<std::size_t>(EventKind::HandEnded)] == 20);
        REQUIRE(w->events[static_cast<std::size_t>(EventKind::HoleCardsDealt)] == 20);
        REQUIRE(w->events[static_cast<std::size_t>(EventKind::ActionRequired)] == 0);
        REQUIRE(w->events[static_cast<std::size_t>(EventKind::ActionTaken)] > 0);
        REQUIRE(w->events[static_cast<std::size_t>(EventKind::Showdown)] > 0);
    }
}

TEST_CASE("the table pauses on every event only when some bot wants events") {
    SECTION("nobody wants them: the fast path, and no bot is shown any") {
        WatchingBot w0(0, false);
        WatchingBot w1(1, false);
        Table table(test::mixed_stack_game(2), 9, 0);
        std::array<Bot*, 2> bots{&w0, &w1};
        SeatDriver driver(table, bots);
        REQUIRE(table.pause_mask() == (kDefaultPauseMask | pause_bit(EventKind::HandEnded)));
        REQUIRE(driver.play_hands(20, [](const HandRecord&) {}) == 20);
        REQUIRE(w0.events == std::array<int, 11>{});
        REQUIRE(w1.events == std::array<int, 11>{});
    }
    SECTION("one bot wants them: every event, for that bot only") {
        WatchingBot w0(0, false);
        WatchingBot w1(1, true);
        Table table(test::mixed_stack_game(2), 9, 0);
        std::array<Bot*, 2> bots{&w0, &w1};
        SeatDriver driver(table, bots);
        REQUIRE(table.pause_mask() == kPauseOnEveryEvent);
        REQUIRE(driver.play_hands(20, [](const HandRecord&) {}) == 20);
        REQUIRE(w1.events[static_cast<std::size_t>(EventKind::HandStarted)] == 20);
        REQUIRE(w1.events[static_cast<std::size_t>(EventKind::HandEnded)] == 20);
        REQUIRE(w1.events[static_cast<std::size_t>(EventKind::HoleCardsDealt)] == 20);
        REQUIRE(w0.events == std::array<int, 11>{});
    }
    SECTION("built-ins do not want them") {
        for (const char* spec : {"random", "call", "fold", "allin", "tag", "equity"}) {
            INFO(spec);
            REQUIRE_FALSE(make_bot(spec, 1)->wants_events());
        }
    }
}

TEST_CASE("a duplicate match resets both bots' memories between the halves") {
    WatchingBot a(0);
    WatchingBot b(1);
    DuplicateOptions options;
    options.deal_pairs = 10;
    play_duplicate_heads_up(a, b, options);
    REQUIRE(a.matches == 1);
    REQUIRE(b.matches == 1);
    REQUIRE(a.events[static_cast<std::size_t>(EventKind::HandStarted)] == 20);
}

TEST_CASE("the driver stops at the end of a match") {
    GameDef g = test::mixed_stack_game(2);
    g.max_hands = 7;
    Table table(g, 1, 0);
    auto a = make_bot("random", 1);
    auto b = make_bot("random", 2);
    std::array<Bot*, 2> bots{a.get(), b.get()};
    SeatDriver driver(table, bots);
    REQUIRE(driver.play_hands(100, [](const HandRecord&) {}) == 7);
    REQUIRE_FALSE(driver.play_hand());
}

TEST_CASE("the driver refuses a missing bot or a wrong number of bots") {
    Table table(test::mixed_stack_game(3), 1, 0);
    auto a = make_bot("call", 1);
    std::array<Bot*, 2> two{a.get(), a.get()};
    REQUIRE_THROWS_WITH(SeatDriver(table, two), "SeatDriver: 2 bots for 3 seats");
    std::array<Bot*, 3> hole{a.get(), nullptr, a.get()};
    REQUIRE_THROWS_WITH(SeatDriver(table, hole), "SeatDriver: no bot for seat 1");
}

TEST_CASE("about one decision in 64 is timed, and timing changes no play") {
    const auto play = [](std::uint64_t timing_seed, std::vector<HandRecord>& records) {
        auto a = make_bot("random", 1);
        auto b = make_bot("random", 2);
        Table table(test::mixed_stack_game(2), 4, 0);
        std::array<Bot*, 2> bots{a.get(), b.get()};
        SeatDriver driver(table, bots, timing_seed);
        REQUIRE(driver.play_hands(20'000, [&](const HandRecord& r) { records.push_back(r); }) ==
                20'000);
        std::array<std::int64_t, 2> sampled{};
        for (int s = 0; s < 2; ++s) {
            const DecisionTimes& t = driver.decision_times(s);
            sampled[static_cast<std::size_t>(s)] = t.sampled;
            // Each seat's share of the timed decisions is its share of the decisions.
            const double expected =
                static_cast<double>(driver.decisions(s)) / SeatDriver::kTimingMeanGap;
            CHECK(static_cast<double>(t.sampled) > 0.8 * expected);
            CHECK(static_cast<double>(t.sampled) < 1.2 * expected);
        }
        return sampled;
    };
    std::vector<HandRecord> first;
    std::vector<HandRecord> second;
    const auto sampled_first = play(1, first);
    const auto sampled_second = play(2, second);
    CHECK(first == second);
    // Another seed times other decisions.
    CHECK(sampled_first != sampled_second);
}

TEST_CASE("every decision of a driver, the first ones too, is timed with probability 1/64") {
    // Fold against fold heads-up: the button folds its small blind, one decision a hand, so
    // the hand in which a seat's timed count grows is the index of a timed decision.
    constexpr int kDrivers = 10'000;
    constexpr int kDecisions = 130;  // past the longest first gap (127)
    std::array<int, kDecisions> timed{};
    auto a = make_bot("fold", 1);
    auto b = make_bot("fold", 2);
    std::array<Bot*, 2> bots{a.get(), b.get()};
    for (int d = 0; d < kDrivers; ++d) {
        Table table(test::mixed_stack_game(2), 1, 0);
        SeatDriver driver(table, bots, static_cast<std::uint64_t>(d));
        std::int64_t before = 0;
        for (int i = 0; i < kDecisions; ++i) {
            if (!driver.play_hand()) FAIL("the table stopped");
            const std::int64_t now =
                driver.decision_times(0).sampled + driver.decision_times(1).sampled;
            timed[static_cast<std::size_t>(i)] += static_cast<int>(now - before);
            before = now;
        }
        REQUIRE(driver.decisions(0) + driver.decisions(1) == kDecisions);
    }
    // 156.25 expected at every index, standard deviation about 12.4: five of them either side.
    // Starting the countdown uniformly in 1..64 instead would time decision 64 about 256 times.
    for (int i = 0; i < kDecisions; ++i) {
        INFO("decision " << i + 1);
        CHECK(timed[static_cast<std::size_t>(i)] > 94);
        CHECK(timed[static_cast<std::size_t>(i)] < 218);
    }
}
