// The state machine, the match, dealing, views and errors (the applicable tests of the list in
// shared/reference/heads-up-engine-state-machine-plan.md, for a table of 2 to 10 seats).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "engine_test_util.hpp"

using namespace pokerarena;
using namespace pokerarena::test;

TEST_CASE("a table starts with the given stacks and validates its game", "[table]") {
    Table t = make_table({1000, 2000, 3000}, 2);
    CHECK(t.stack(0) == 1000);
    CHECK(t.stack(2) == 3000);
    CHECK(t.state() == State::PreHand);
    CHECK(t.seat_to_act() == -1);
    GameDef bad = GameDef::no_limit_holdem(11, 1000, 50, 100);
    CHECK(bad.validate() == "num_seats = 11 is outside 2..10");
    CHECK_THROWS_AS(Table(bad, 1, 0), std::invalid_argument);
    GameDef no_bb = GameDef::no_limit_holdem(2, 1000, 0, 0);
    CHECK(no_bb.validate().find("big_blind") == 0);
}

TEST_CASE("state transitions and the order of events, pausing on every event", "[table]") {
    Table t = make_table({10000, 10000, 10000}, 2, 50, 100, kPauseOnEveryEvent);
    CHECK(t.state() == State::PreHand);
    Event e = t.advance();
    CHECK(e.kind == EventKind::HandStarted);
    CHECK(e.seat == 2);
    CHECK(e.amount == 30000);
    e = t.advance();
    CHECK((e.kind == EventKind::ForcedBet && e.seat == 0 && e.amount == 50));
    CHECK(t.state() == State::PreHand);
    e = t.advance();
    CHECK((e.kind == EventKind::ForcedBet && e.seat == 1 && e.amount == 100));
    for (int s = 0; s < 3; ++s) {
        e = t.advance();
        CHECK((e.kind == EventKind::HoleCardsDealt && e.seat == s && e.num_cards == 2));
        CHECK(t.state() == State::Dealing);
    }
    e = t.advance();
    CHECK((e.kind == EventKind::ActionRequired && e.seat == 2 && e.round == 0));
    CHECK(t.state() == State::AwaitingAction);
    // Resuming while an action is awaited returns the same request and changes nothing.
    const Table copy = t;
    CHECK(t.advance().kind == EventKind::ActionRequired);
    CHECK(t.advance().seat == 2);
    CHECK(t == copy);
    act_ok(t, call());
    CHECK(t.state() == State::Betting);
    e = t.advance();
    CHECK((e.kind == EventKind::ActionTaken && e.seat == 2 && e.amount == 100));
    play(t, {{0, call()}, {1, check()}});
    // The flop: BoardDealt with three cards, then the small blind acts.
    for (e = t.advance(); e.kind != EventKind::BoardDealt; e = t.advance()) {
    }
    CHECK((e.round == 1 && e.num_cards == 3));
    for (e = t.advance(); e.kind != EventKind::ActionRequired; e = t.advance()) {
    }
    CHECK(e.seat == 0);
    for (int round = 1; round < 4; ++round) {
        if (round > 1) expect_turn(t, 0);
        act_ok(t, check());
        play(t, {{1, check()}, {2, check()}});
    }
    // To the end of the hand, with the state each pause reports ("event in state"): every
    // remaining player shows (Showdown), then the one pot is paid (Payout), and the hand is
    // over (PreHand).
    auto pauses_to_hand_end = [&t] {
        std::vector<std::string> seen;
        for (;;) {
            const Event next = t.advance();
            REQUIRE(next.kind != EventKind::ActionRequired);
            seen.push_back(std::string(event_kind_name(next.kind)) + " in " +
                           state_name(t.state()));
            if (next.kind == EventKind::HandEnded) return seen;
        }
    };
    CHECK(pauses_to_hand_end() ==
          std::vector<std::string>{"ActionTaken in Betting", "Showdown in Showdown",
                                   "Showdown in Showdown", "Showdown in Showdown",
                                   "PotAwarded in Payout", "HandEnded in PreHand"});
    CHECK(t.last_hand().finished);
    CHECK(t.last_hand().board_count == 5);
    CHECK(total_stacks(t) == 30000);

    // A hand won by folds: no showdown; the big blind's uncalled half comes back as the round
    // closes (Betting), then the pot is paid (Payout).
    play(t, {{0, fold()}, {1, fold()}});
    CHECK(pauses_to_hand_end() ==
          std::vector<std::string>{"ActionTaken in Betting", "UncalledBetReturned in Betting",
                                   "PotAwarded in Payout", "HandEnded in PreHand"});
    CHECK(t.state() == State::PreHand);
    CHECK(total_stacks(t) == 30000);
}

TEST_CASE("betting rounds: check-check, bet-call, and a raise reopening the action", "[table]") {
    Table t = make_table({10000, 10000}, 1);
    play(t, {{1, call()}, {0, check()}});  // preflop complete when the bets match
    CHECK(t.round() == 0);
    expect_turn(t, 0);
    CHECK(t.round() == 1);  // flop: the big blind (non-button) acts first after the flop
    play(t, {{0, check()}, {1, check()}});
    play(t, {{0, raise(200)}, {1, call()}});  // bet and call close the turn
    expect_turn(t, 0);
    CHECK(t.round() == 3);
    act_ok(t, raise(300));
    play(t, {{1, raise(900)}, {0, call()}});
    finish(t);
    CHECK(t.last_hand().num_actions == 9);
    CHECK(total_stacks(t) == 20000);
}

TEST_CASE("a fold ends the hand at once and shows no cards", "[table]") {
    Table t = make_table({10000, 10000}, 1, 50, 100, kPauseOnEveryEvent);
    play(t, {{1, fold()}});
    const std::vector<Event> events = finish(t);
    CHECK(of_kind(events, EventKind::Showdown).empty());
    CHECK(of_kind(events, EventKind::BoardDealt).empty());
    CHECK(t.last_hand().shown == 0);
    CHECK(t.stack(0) == 10050);
    CHECK(t.stack(1) == 9950);
    CHECK(t.last_hand().net[0] == 50);
    CHECK(t.last_hand().net[1] == -50);
}

TEST_CASE("showdown: the better hand wins, equal hands split", "[table]") {
    for (int winner = 0; winner < 2; ++winner) {
        Table t = make_table({10000, 10000}, 1);
        t.set_next_hand_cards(winner == 0 ? cards({"AsAh", "KsKh"}, "2c7d9hJs3c")
                                          : cards({"KsKh", "AsAh"}, "2c7d9hJs3c"));
        play(t, {{1, raise(1000)}, {0, call()}});
        for (int round = 1; round < 4; ++round)
            play(t, {{0, check()}, {1, check()}});
        finish(t);
        CHECK(t.stack(winner) == 11000);
        CHECK(t.stack(1 - winner) == 9000);
        CHECK(t.last_hand().shown == 0b11);
        CHECK(t.last_hand().values[winner] > t.last_hand().values[1 - winner]);
    }
    Table tie = make_table({10000, 10000}, 1);
    tie.set_next_hand_cards(cards({"2d3d", "2h3h"}, "AsKsQsJsTs"));
    play(tie, {{1, raise(1000)}, {0, call()}});
    for (int round = 1; round < 4; ++round)
        play(tie, {{0, check()}, {1, check()}});
    finish(tie);
    CHECK(tie.stack(0) == 10000);
    CHECK(tie.stack(1) == 10000);
}

TEST_CASE("pots and stacks follow the bets", "[table]") {
    Table t = make_table({10000, 10000, 10000}, 2);
    expect_turn(t, 2);
    CHECK(t.pot() == 150);
    act_ok(t, raise(300));
    CHECK(t.pot() == 450);
    CHECK(t.stack(2) == 9700);
    CHECK(t.bet(2) == 300);
    play(t, {{0, call()}});
    CHECK(t.stack(0) == 9700);
    CHECK(t.committed(0) == 300);
    CHECK(t.pot() == 700);
}

TEST_CASE("bet sizing: minimum, maximum, and no more than the stack", "[table]") {
    Table t = make_table({10000, 5000}, 1);
    expect_turn(t, 1);
    LegalActions legal = t.legal_actions();
    CHECK(legal.call_amount == 50);
    CHECK(legal.min_raise_to == 200);
    CHECK(legal.max_raise_to == 5000);
    CHECK(legal.all_in_to == 5000);
    const Table before = t;
    const Status s = t.act(raise(5001));
    CHECK(s.code == ErrorCode::IllegalAmount);
    CHECK(std::string(s.message) ==
          "raise to 5001 is more than seat 1 has: all-in is a raise to 5000");
    CHECK(t == before);
    act_ok(t, raise(5000));
    CHECK(t.all_in() == 0b10);
}

TEST_CASE("illegal actions are rejected with the rule named and change nothing", "[table]") {
    Table t = make_table({10000, 10000, 10000}, 2);
    {
        const Table before = t;
        const Status s = t.act(call());  // before the hand started
        CHECK(s.code == ErrorCode::WrongState);
        CHECK(std::string(s.message) == "no action is expected in state PreHand");
        CHECK(t == before);
    }
    expect_turn(t, 2);
    const Table before = t;
    Status s = t.act(0, call());
    CHECK(s.code == ErrorCode::NotYourTurn);
    CHECK(std::string(s.message) == "seat 0 is not to act; seat 2 is");
    CHECK(t == before);
    play(t, {{2, call()}, {0, call()}});
    expect_turn(t, 1);
    const Table at_option = t;
    s = t.act(fold());
    CHECK(s.code == ErrorCode::IllegalAction);
    CHECK(std::string(s.message) ==
          "seat 1 may check; folding is refused when there is no bet to call");
    CHECK(t == at_option);
    s = t.act(raise(150));
    CHECK(std::string(s.message) == "raise to 150 is below the minimum raise to 200");
    CHECK(t == at_option);
    CHECK(t.act(1, check()).ok());
}

TEST_CASE(
    "the button moves each hand, and heads-up it alternates, posts the small blind, acts "
    "first before the flop and last after",
    "[table]") {
    SECTION("three seats: one seat left each hand") {
        GameDef def = GameDef::no_limit_holdem(3, 10000, 50, 100);
        def.reset_stacks_each_hand = true;
        def.max_hands = 6;
        Table t(def, 7, 0);
        t.set_pause_mask(kPauseOnEveryEvent);
        std::vector<int> buttons;
        for (Event e = t.advance(); e.kind != EventKind::GameOver; e = t.advance()) {
            if (e.kind == EventKind::HandStarted) buttons.push_back(e.seat);
            if (e.kind == EventKind::ActionRequired) CHECK(t.act(fold()).ok());
        }
        CHECK(buttons == std::vector<int>{2, 0, 1, 2, 0, 1});
        CHECK(t.hands_played() == 6);
        for (int s = 0; s < 3; ++s)
            CHECK(t.stack(s) > 0);
    }
    SECTION("heads-up, over ten hands of a match left to the table") {
        // Nobody folds, so every hand sees the flop; the stacks are reset so none ends the
        // match early. The first hand's button is the last seat (table.cpp), then it alternates.
        GameDef def = GameDef::no_limit_holdem(2, 10000, 50, 100);
        def.reset_stacks_each_hand = true;
        def.max_hands = 10;
        Table t(def, 7, 0);
        t.set_pause_mask(kHandMask);
        std::vector<int> buttons;
        std::array<int, 2> first_to_act = {-1, -1};  // preflop, flop
        for (Event e = t.advance(); e.kind != EventKind::GameOver; e = t.advance()) {
            if (e.kind == EventKind::ActionRequired) {
                CHECK(t.button() == (buttons.size() % 2 == 0 ? 1 : 0));
                if (e.round < 2 && first_to_act[e.round] < 0) first_to_act[e.round] = e.seat;
                CHECK(t.act(call()).ok());
                continue;
            }
            REQUIRE(e.kind == EventKind::HandEnded);
            const HandRecord& r = t.last_hand();
            INFO("hand " << r.hand_number);
            buttons.push_back(r.button);
            const int other = 1 - r.button;
            CHECK(r.blinds[r.button] == 50);
            CHECK(r.blinds[other] == 100);
            CHECK(first_to_act[0] == r.button);
            CHECK(first_to_act[1] == other);
            CHECK(r.board_count == 5);
            first_to_act = {-1, -1};
        }
        CHECK(buttons == std::vector<int>{1, 0, 1, 0, 1, 0, 1, 0, 1, 0});
    }
}

TEST_CASE("a match ends when one player holds every chip, and busted seats sit out", "[table]") {
    GameDef def = GameDef::no_limit_holdem(3, 5000, 50, 100);
    def.starting_stacks[0] = 150;
    Table t(def, 11, 0);
    t.set_pause_mask(kPauseOnEveryEvent);
    int hands = 0;
    bool saw_heads_up = false;
    Event e;
    for (e = t.advance(); e.kind != EventKind::GameOver; e = t.advance()) {
        if (e.kind == EventKind::HandStarted) {
            ++hands;
            if (std::popcount(static_cast<unsigned>(t.dealt_in())) == 2) {
                saw_heads_up = true;
                // Heads-up: the button posts the small blind.
                const Event sb = t.advance();
                REQUIRE(sb.kind == EventKind::ForcedBet);
                CHECK(sb.seat == t.button());
            }
            for (int s = 0; s < 3; ++s)
                if (t.stack(s) == 0) CHECK(!(t.dealt_in() & (1u << s)));
        }
        if (e.kind == EventKind::ActionRequired) {
            // Three-handed everybody calls, so the short stack busts; heads-up everybody
            // shoves, so the match ends quickly.
            const LegalActions legal = t.legal_actions();
            const bool shove =
                std::popcount(static_cast<unsigned>(t.dealt_in())) == 2 && legal.can_raise;
            CHECK(t.act(shove ? raise(legal.max_raise_to) : call()).ok());
        }
    }
    CHECK(hands >= 2);
    CHECK(saw_heads_up);
    REQUIRE(e.seat >= 0);
    CHECK(t.stack(e.seat) == 10150);
    CHECK(t.state() == State::GameOver);
    // Game over is final: advancing again returns it again.
    CHECK(t.advance().kind == EventKind::GameOver);
}

TEST_CASE("cash games reset the stacks every hand and end after max_hands", "[table]") {
    GameDef def = GameDef::no_limit_holdem(2, 500, 50, 100);
    def.reset_stacks_each_hand = true;
    def.max_hands = 20;
    Table t(def, 3, 0);
    t.set_pause_mask(pause_bit(EventKind::HandStarted));
    int hands = 0;
    for (Event e = t.advance(); e.kind != EventKind::GameOver; e = t.advance()) {
        if (e.kind == EventKind::HandStarted) {
            ++hands;
            CHECK(e.amount == 1000);
        } else {
            const LegalActions legal = t.legal_actions();
            CHECK(t.act(legal.can_raise ? raise(legal.max_raise_to) : call()).ok());
        }
    }
    CHECK(hands == 20);
}

TEST_CASE("set_stacks: the next hand's stacks, within the bound a game's stacks have", "[table]") {
    Table t = make_table({1000, 1000, 1000}, 2);
    const Table before = t;
    // More chips than GameDef::validate() allows at the start (INT64_MAX / 4, so that sums of
    // stacks, bets and pots never overflow): refused like a negative stack, naming the total
    // and the bound, and nothing changes.
    const Chips quarter = std::numeric_limits<Chips>::max() / 4;
    REQUIRE(kMaxTotalChips == quarter);
    CHECK_THROWS_WITH(t.set_stacks({quarter, 1, 0}),
                      "set_stacks: the stacks add up to 2305843009213693952 chips; a table holds "
                      "at most 2305843009213693951 (INT64_MAX / 4)");
    CHECK(t == before);
    // A sum past INT64_MAX itself cannot be named as a number.
    const Chips most = std::numeric_limits<Chips>::max();
    CHECK_THROWS_WITH(t.set_stacks({most, most, most}),
                      "set_stacks: the stacks add up to more than 9223372036854775807 chips; a "
                      "table holds at most 2305843009213693951 (INT64_MAX / 4)");
    CHECK(t == before);
    CHECK_THROWS_WITH(t.set_stacks({5, -1, 5}), "set_stacks: seat 1 has a negative stack");
    CHECK(t == before);
    // Seats beyond the table's are not its chips: they neither count nor reach the table.
    CHECK_NOTHROW(t.set_stacks({quarter - 2, 1, 1, most}));
    CHECK(t.stack(0) == quarter - 2);
    CHECK(t.stack(3) == 0);
    const Event e = t.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    CHECK(t.check_invariants());
    // Only between hands.
    CHECK_THROWS_WITH(t.set_stacks({1000, 1000, 1000}), "set_stacks is only allowed between hands");
}

TEST_CASE("dealing is a pure function of (seed, table, hand)", "[table][deck]") {
    auto deal = [](std::uint64_t seed, std::uint64_t table_id, int hands) {
        GameDef def = GameDef::no_limit_holdem(6, 10000, 50, 100);
        def.reset_stacks_each_hand = true;
        Table t(def, seed, table_id);
        t.set_pause_mask(pause_bit(EventKind::HandEnded));
        for (int h = 0; h < hands; ++h) {
            for (Event e = t.advance(); e.kind == EventKind::ActionRequired; e = t.advance())
                REQUIRE(t.act(call()).ok());
        }
        return t.last_hand();
    };
    const HandRecord a = deal(5, 9, 3);
    const HandRecord b = deal(5, 9, 3);
    CHECK(a.hole == b.hole);
    CHECK(a.board == b.board);
    CHECK(a.hand_number == 2);
    CHECK(a.seed == 5);
    CHECK(a.table_id == 9);
    CHECK(deal(5, 9, 2).board != a.board);
    CHECK(deal(5, 8, 3).board != a.board);
    CHECK(deal(6, 9, 3).board != a.board);
    // Every card dealt once.
    std::set<int> seen;
    for (int s = 0; s < 6; ++s)
        for (Card c : a.hole[s])
            seen.insert(c.index());
    for (Card c : a.board)
        seen.insert(c.index());
    CHECK(seen.size() == 17);
    CHECK(deal_key(1, 2, 3) != deal_key(1, 3, 2));
}

TEST_CASE("the deck deals 52 distinct cards, roughly uniformly", "[deck]") {
    // The first nine positions (a heads-up hand) cover three blocks of four positions, each
    // drawn from one hash: every card is about equally likely at each of them, the last
    // position of a block and the first of the next included.
    constexpr int kPositions = 9;
    std::array<std::array<int, 52>, kPositions> seen{};
    for (std::uint64_t h = 0; h < 52000; ++h) {
        Deck d;
        d.reset(deal_key(1, 0, h));
        CardSet all;
        for (int i = 0; i < 52; ++i) {
            const Card c = d.next();
            if (i < kPositions) ++seen[i][c.index()];
            all.add(c);
        }
        REQUIRE(all.size() == 52);
    }
    for (int i = 0; i < kPositions; ++i)
        for (int c = 0; c < 52; ++c) {
            INFO("position " << i << ", card " << c);
            CHECK((seen[i][c] > 800 && seen[i][c] < 1200));  // expected 1000, sd about 31
        }
}

TEST_CASE("neighbouring deck positions are independent, within and across blocks", "[deck]") {
    // The ranks at positions (i, i + 1), within a block of four (0-1, 2-3) and across two
    // (3-4), against their exact frequencies: 4/52 * 4/51 for two ranks, 4/52 * 3/51 for one.
    constexpr int kHands = 200000;
    constexpr std::array<int, 3> kFirst = {0, 2, 3};
    std::array<std::array<std::array<int, 13>, 13>, kFirst.size()> pairs{};
    for (std::uint64_t h = 0; h < kHands; ++h) {
        Deck d;
        d.reset(deal_key(2, 5, h));
        std::array<Card, 5> c{};
        d.deal(c.data(), 5);
        for (std::size_t k = 0; k < kFirst.size(); ++k)
            ++pairs[k][c[kFirst[k]].rank()][c[kFirst[k] + 1].rank()];
    }
    for (std::size_t k = 0; k < kFirst.size(); ++k)
        for (int a = 0; a < 13; ++a)
            for (int b = 0; b < 13; ++b) {
                const double p = (4.0 / 52) * ((a == b ? 3.0 : 4.0) / 51);
                const double expected = kHands * p;
                const double sd = std::sqrt(kHands * p * (1 - p));
                INFO("positions " << kFirst[k] << " and " << kFirst[k] + 1 << ", ranks " << a
                                  << " and " << b);
                CHECK(std::abs(pairs[k][a][b] - expected) < 6 * sd);
            }
}

TEST_CASE("dealing in runs gives the same cards as one card at a time", "[deck]") {
    for (std::uint64_t h = 0; h < 200; ++h) {
        const std::uint64_t key = deal_key(3, 7, h);
        CHECK(hand_deal_key(table_deal_key(3, 7), h) == key);
        Deck one, runs;
        one.reset(key);
        runs.reset(key);
        std::array<Card, kNumCards> dealt{};
        int done = 0;
        for (int n = 1; done + n <= kNumCards; n = n % 5 + 1) {
            runs.deal(&dealt[done], n);
            done += n;
        }
        for (int i = 0; i < done; ++i)
            CHECK(dealt[i] == one.next());
        CHECK(runs.remaining() == one.remaining());
    }
}

TEST_CASE("a seat sitting out between two seats dealt in changes no one's cards", "[deck]") {
    // Seats 0 and 2 are dealt in, seat 1 (no chips) sits out: the hole cards are dealt seat by
    // seat, in seat order, exactly as from a table whose seats 0..1 are all dealt in.
    GameDef def = GameDef::no_limit_holdem(3, 1000, 5, 10);
    def.starting_stacks[1] = 0;
    Table gap(def, 11, 4);
    Table full(GameDef::no_limit_holdem(2, 1000, 5, 10), 11, 4);
    gap.advance();
    full.advance();
    CHECK(gap.last_hand().hole[0] == full.last_hand().hole[0]);
    CHECK(gap.last_hand().hole[2] == full.last_hand().hole[1]);
}

TEST_CASE("given cards: known ones are used, unknown ones come from the rest of the deck",
          "[table][deck]") {
    Table t = make_table({10000, 10000, 10000}, 2);
    t.set_next_hand_cards(cards({"AsAh", "", "KsKh"}, "2c7d"));
    play(t, {{2, call()}, {0, call()}, {1, check()}});
    expect_turn(t, 0);  // the flop is dealt
    const HandRecord& r = t.last_hand();
    CHECK(r.preset_cards);
    CHECK(r.hole[0][0] == Card::parse("As"));
    CHECK(r.hole[2][1] == Card::parse("Kh"));
    CHECK(r.board[0] == Card::parse("2c"));
    CHECK(r.board[1] == Card::parse("7d"));
    CardSet all;
    for (int s = 0; s < 3; ++s)
        for (Card c : r.hole[s])
            all.add(c);
    for (int i = 0; i < 3; ++i)
        all.add(r.board[i]);
    CHECK(all.size() == 9);
    CHECK_THROWS_AS(t.set_next_hand_cards(cards({"AsAh", "AsKd"}, "")), std::logic_error);
    Table fresh = make_table({10000, 10000}, 1);
    CHECK_THROWS_AS(fresh.set_next_hand_cards(cards({"AsAh", "AsKd"}, "")), std::invalid_argument);
}

TEST_CASE("a seat's view shows its own cards and others' only once shown", "[table]") {
    Table t = make_table({10000, 10000, 10000}, 2);
    t.set_next_hand_cards(cards({"AsAh", "KsKh", "QsQh"}, "2c7d9hJs3c"));
    expect_turn(t, 2);
    SeatView v = t.view(2);
    CHECK(v.known_hole == 0b100);
    CHECK(v.hole[2][0] == Card::parse("Qs"));
    CHECK(v.hole[0][0] == Card{});
    CHECK(v.board_count == 0);
    CHECK(v.seat_to_act == 2);
    CHECK(v.legal.call_amount == 100);
    CHECK(v.pot == 150);
    CHECK(t.view(0).legal == LegalActions{});
    act_ok(t, call());
    play(t, {{0, call()}, {1, check()}});
    expect_turn(t, 0);
    v = t.view(1);
    CHECK(v.board_count == 3);
    CHECK(v.actions.size() == 3);
    CHECK(v.known_hole == 0b010);
    for (int round = 1; round < 4; ++round) {
        if (round > 1) expect_turn(t, 0);
        act_ok(t, check());
        play(t, {{1, check()}, {2, check()}});
    }
    finish(t);
    v = t.view(1);
    CHECK(v.known_hole == 0b111);  // everyone showed
    CHECK(v.hole[0][0] == Card::parse("As"));
    CHECK_THROWS_AS(t.view(3), std::out_of_range);
}

TEST_CASE("a table is a value: a copy plays on independently", "[table]") {
    Table t = make_table({10000, 10000}, 1);
    expect_turn(t, 1);
    Table copy = t;
    act_ok(copy, fold());
    CHECK(t.seat_to_act() == 1);
    CHECK(t.pot() == 150);
    CHECK(!(t == copy));
    act_ok(t, fold());
    finish(t);
    finish(copy);
    CHECK(t == copy);
}

TEST_CASE("per-seat forced bets: straddles and antes for replays", "[table]") {
    Table t = make_table({10000, 10000, 10000, 10000}, 3);
    t.set_next_hand_forced_bets({5, 5, 5, 5}, {50, 100, 200, 0});
    expect_turn(t, 3);  // left of the straddle
    CHECK(t.current_bet() == 200);
    CHECK(t.pot() == 20 + 350);
    CHECK(t.legal_actions().min_raise_to == 300);
    CHECK(t.last_hand().antes[2] == 5);
    CHECK(t.last_hand().blinds[2] == 200);
}

TEST_CASE("pot limit and fixed limit sizes", "[table]") {
    SECTION("pot limit") {
        GameDef def = GameDef::no_limit_holdem(3, 10000, 50, 100);
        def.structure = BettingStructure::PotLimit;
        Table t(def, 1, 0);
        t.set_button(2);
        expect_turn(t, 2);
        // Pot 150, call 100 makes 250; the raise is by 250 more: to 350.
        CHECK(t.legal_actions().max_raise_to == 350);
        CHECK(t.act(raise(400)).code == ErrorCode::IllegalAmount);
        act_ok(t, raise(350));
        expect_turn(t, 0);
        // Pot 500, the small blind calls 300 more (800), raises by 800: to 1150.
        CHECK(t.legal_actions().max_raise_to == 1150);
    }
    SECTION("fixed limit") {
        // The default cap is a bet and three raises; before the flop the big blind is the bet.
        GameDef def = GameDef::fixed_limit_holdem(2, 10000, 50, 100);
        Table t(def, 1, 0);
        t.set_button(1);
        expect_turn(t, 1);
        LegalActions legal = t.legal_actions();
        CHECK(legal.min_raise_to == 200);
        CHECK(legal.max_raise_to == 200);
        act_ok(t, raise(200));
        play(t, {{0, raise(300)}, {1, raise(400)}});
        expect_turn(t, 0);
        CHECK(!t.legal_actions().can_raise);  // 100, 200, 300, 400: four bets
        CHECK(std::string(t.act(raise(500)).message) ==
              "raise cap reached: 4 bets and raises this round");
        act_ok(t, call());
        expect_turn(t, 0);  // flop: small bet, and the count starts again from the first bet
        CHECK(t.legal_actions().min_raise_to == 100);
        play(t, {{0, raise(100)}, {1, raise(200)}, {0, raise(300)}, {1, raise(400)}});
        expect_turn(t, 0);
        CHECK(!t.legal_actions().can_raise);
        act_ok(t, call());
        expect_turn(t, 0);  // turn: big bet
        CHECK(t.legal_actions().min_raise_to == 200);
    }
    SECTION("fixed limit with a lower cap") {
        GameDef def = GameDef::fixed_limit_holdem(2, 10000, 50, 100);
        def.raise_cap = 2;
        Table t(def, 1, 0);
        t.set_button(1);
        expect_turn(t, 1);
        act_ok(t, raise(200));  // the blind and one raise make two
        expect_turn(t, 0);
        CHECK(!t.legal_actions().can_raise);
        act_ok(t, call());
        expect_turn(t, 0);
        play(t, {{0, raise(100)}, {1, raise(200)}});
        expect_turn(t, 0);
        CHECK(!t.legal_actions().can_raise);
    }
}

TEST_CASE("a big-blind ante all-in stays in the main pot (WSOP 2023 hand 68)", "[table][rules]") {
    GameDef def = GameDef::no_limit_holdem(2, 0, 75000, 150000);
    def.ante_kind = AnteKind::BigBlind;
    def.ante = 225000;
    def.starting_stacks = {3575000, 18050000};
    Table t(def, 1, 0);
    t.set_button(1);
    t.set_next_hand_cards(cards({"9d9c", "AcKc"}, "2c8cThAh6d"));
    play(t, {{1, raise(300000)}, {0, raise(3350000)}, {1, call()}});
    finish(t);
    CHECK(t.stack(0) == 0);
    CHECK(t.stack(1) == 18050000 + 3575000);
}
