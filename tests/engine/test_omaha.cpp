// Omaha and Omaha hi-lo as data: the definitions, and showdowns derived by hand for each rule
// of the hi-lo split (GameDef::omaha, GameDef::omaha_hi_lo).
#include <catch2/catch.hpp>

#include <array>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine_test_util.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"

namespace pokerarena::test {
namespace {

// A table of `def` with these stacks, the button at `button` and the given cards.
Table table_of(GameDef def, std::initializer_list<Chips> stacks, int button,
               const PresetCards& given) {
    int s = 0;
    for (Chips c : stacks)
        def.starting_stacks[s++] = c;
    def.num_seats = s;
    Table t(def, 3, 0);
    t.set_button(button);
    t.set_pause_mask(kHandMask | pause_bit(EventKind::PotAwarded));
    t.set_next_hand_cards(given);
    return t;
}

// Checks or calls every turn to the end of the hand; returns the pots paid, in order.
std::vector<Event> check_down(Table& t) {
    std::vector<Event> pots;
    for (;;) {
        const Event e = t.advance();
        if (e.kind == EventKind::ActionRequired) {
            act_ok(t, call());
            continue;
        }
        if (e.kind == EventKind::PotAwarded) pots.push_back(e);
        if (e.kind == EventKind::HandEnded || e.kind == EventKind::GameOver) break;
    }
    REQUIRE(t.last_hand().finished);
    return pots;
}

SeatMask seats(std::initializer_list<int> list) {
    SeatMask m = 0;
    for (int s : list)
        m = static_cast<SeatMask>(m | (1u << s));
    return m;
}

// The board of most cases: three low cards (2, 4, 7), so lows are possible.
constexpr const char* kLowBoard = "2c4d7hKsQd";

}  // namespace

TEST_CASE("Omaha: the definitions are playable and checked", "[omaha]") {
    const GameDef plo = GameDef::omaha(6, 200, 1, 2);
    const GameDef plo8 = GameDef::omaha_hi_lo(6, 200, 1, 2);
    CHECK(plo.validate() == "");
    CHECK(plo8.validate() == "");
    CHECK(plo.hole_cards == 4);
    CHECK(plo.structure == BettingStructure::PotLimit);
    CHECK(plo8.structure == BettingStructure::FixedLimit);
    CHECK(plo8.small_bet == 2);
    CHECK(plo8.big_bet == 4);
    CHECK(std::string(plo.ranking_name()) == "plo");
    CHECK(std::string(plo8.ranking_name()) == "plo8");
    CHECK(GameDef::omaha(10, 200, 1, 2).validate() == "");  // 40 hole and 5 board cards

    GameDef d = plo;
    d.hole_cards = 2;
    CHECK(d.validate().starts_with("the OmahaHigh ranking needs 4 hole cards and 5 board cards"));
    d = plo8;
    d.board_cards = {0, 3, 1, 0};
    CHECK(d.validate().starts_with("the OmahaHiLo ranking needs 4 hole cards and 5 board"));
    d = plo;
    d.deck_ranks = 0x1FF0;
    CHECK(d.validate().starts_with("the Omaha rankings need the full 52-card deck"));
    d = GameDef::no_limit_holdem(2, 200, 1, 2);
    d.hole_cards = 4;
    CHECK(d.validate() == "hole_cards = 4 is more than the 2 the BestFive ranking takes");
    d.hole_cards = 5;
    CHECK(d.validate().starts_with("hole_cards = 5 is outside 1..4"));
}

TEST_CASE("Omaha: pot-limit betting and a showdown of two hole and three board cards", "[omaha]") {
    // Four hearts in seat 0's hand and one on the board: no flush in Omaha (hold'em would
    // give the royal flush), only ace high; seat 1's pair of fives wins.
    Table t = table_of(GameDef::omaha(2, 0, 1, 2), {100, 100}, 1,
                       cards({"AhKhQhJh", "5c5d7c8d"}, "Th9s4s3d2c"));
    expect_turn(t, 1);  // heads-up the button, the small blind, acts first
    // Pot-limit: the call of 1 makes the pot 4, so the raise is to 2 + 4 = 6.
    CHECK(t.legal_actions().max_raise_to == 6);
    act_ok(t, raise(6));
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 1);
    CHECK(pots[0].part == PotPart::Whole);
    CHECK(pots[0].winners == seats({1}));
    CHECK(pots[0].amount == 12);
    CHECK(t.last_hand().net[1] == 6);
    CHECK(category(t.last_hand().values[0]) == Category::HighCard);
    CHECK(category(t.last_hand().values[1]) == Category::OnePair);
}

TEST_CASE("Omaha hi-lo: the pot splits between the high hand and the low", "[omaha]") {
    // Seat 0: kings with the board's king (trips), no low. Seat 1: A-3 with 2-4-7, the
    // 7-4-3-2-A low, and ace high. The pot of 8 (a raise to 4, called) pays 4 and 4.
    Table t = table_of(GameDef::omaha_hi_lo(2, 0, 1, 2), {100, 100}, 1,
                       cards({"KhKc9s9d", "Ac3dJsTd"}, kLowBoard));
    expect_turn(t, 1);
    act_ok(t, raise(4));
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].part == PotPart::HighHalf);
    CHECK(pots[0].winners == seats({0}));
    CHECK(pots[0].amount == 4);
    CHECK(pots[1].part == PotPart::LowHalf);
    CHECK(pots[1].pot_index == 0);
    CHECK(pots[1].winners == seats({1}));
    CHECK(pots[1].amount == 4);
    CHECK(t.last_hand().net[0] == 0);
    CHECK(t.last_hand().net[1] == 0);
    CHECK(t.last_hand().low_values[0] == kNoLow);
    CHECK(describe_low(t.last_hand().low_values[1]) == "7-4-3-2-A");
}

TEST_CASE("Omaha hi-lo: a tied low is quartered", "[omaha]") {
    // Both have A-3 for 7-4-3-2-A; seat 0's kings take the high half. Pot 8: seat 0 gets 4 and
    // half of the low half, 2; seat 1 the other 2.
    Table t = table_of(GameDef::omaha_hi_lo(2, 0, 1, 2), {100, 100}, 1,
                       cards({"Ac3dKhKc", "As3sJcTd"}, kLowBoard));
    expect_turn(t, 1);
    act_ok(t, raise(4));
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].winners == seats({0}));
    CHECK(pots[1].winners == seats({0, 1}));
    CHECK(pots[1].share_of(0) == 2);
    CHECK(pots[1].share_of(1) == 2);
    CHECK(t.last_hand().net[0] == 2);
    CHECK(t.last_hand().net[1] == -2);
}

TEST_CASE("Omaha hi-lo: without a qualifying low the high hand scoops", "[omaha]") {
    // K-Q-9-8-2: only the deuce and the eight are low, so nobody has a low; seat 1's
    // A-3-5-6 is no help. Seat 0's kings (trips) take the whole pot from seat 1's ace high.
    Table t = table_of(GameDef::omaha_hi_lo(2, 0, 1, 2), {100, 100}, 1,
                       cards({"KhKc9s9d", "Ac3d5s6d"}, "Kd Qd 9h 8s 2c"));
    expect_turn(t, 1);
    act_ok(t, raise(4));
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 1);
    CHECK(pots[0].part == PotPart::Whole);
    CHECK(pots[0].winners == seats({0}));
    CHECK(pots[0].amount == 8);
    CHECK(t.last_hand().net[0] == 4);
}

TEST_CASE("Omaha hi-lo: the odd chip of the halving goes high", "[omaha]") {
    // Three seats, button 0: seat 0 calls the big blind, seat 1 folds its small blind, seat 2
    // checks: a pot of 5. Seat 0's trip kings take the high half, 3; seat 2's low the other 2.
    Table t = table_of(GameDef::omaha_hi_lo(3, 0, 1, 2), {100, 100, 100}, 0,
                       cards({"KhKcJdJs", "6s5sThTc", "Ac3d9s9c"}, kLowBoard));
    play(t, {{0, call()}, {1, fold()}, {2, check()}});
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].winners == seats({0}));
    CHECK(pots[0].amount == 3);
    CHECK(pots[1].winners == seats({2}));
    CHECK(pots[1].amount == 2);
    CHECK(t.last_hand().net[0] == 1);
    CHECK(t.last_hand().net[1] == -1);
    CHECK(t.last_hand().net[2] == 0);
}

TEST_CASE("Omaha hi-lo: a tied high half splits with its odd chip left of the button", "[omaha]") {
    // The pot of 5 again. Seats 0 and 2 both make A-K-Q-J-7 (no flush: three spades or three
    // hearts with the board's one), so they share the high half of 3: 1 each and the odd chip
    // to seat 2, the first of them left of the button (seat 1 folded). Seat 0's 7-4-3-2-A beats
    // seat 2's 8-7-4-2-A for the low half, 2.
    Table t = table_of(GameDef::omaha_hi_lo(3, 0, 1, 2), {100, 100, 100}, 0,
                       cards({"AhJh3c9d", "6s5sThTc", "AsJsTd8c"}, kLowBoard));
    play(t, {{0, call()}, {1, fold()}, {2, check()}});
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].winners == seats({0, 2}));
    CHECK(pots[0].odd_chips == seats({2}));
    CHECK(pots[0].share_of(0) == 1);
    CHECK(pots[0].share_of(2) == 2);
    CHECK(pots[1].winners == seats({0}));
    CHECK(pots[1].amount == 2);
    CHECK(t.last_hand().net[0] == 1);
    CHECK(t.last_hand().net[2] == 0);
}

TEST_CASE("Omaha hi-lo: each side pot splits among its own contenders", "[omaha]") {
    // No-limit for an all-in: seat 0 (10 chips) is all-in preflop, seats 1 and 2 call and bet
    // 20 more on the flop. Main pot 30 (all three), side pot 40 (seats 1 and 2).
    // Seat 0: 7-4-3-2-A, the best low, and a pair of nines. Seat 1: trip kings, no low.
    // Seat 2: 7-6-5-4-2 and a pair of tens. Main pot: 15 high to seat 1, 15 low to seat 0.
    // Side pot: seat 0 does not contest it, so seat 2's worse low takes its low half: 20 and 20.
    GameDef def = GameDef::omaha_hi_lo(3, 0, 1, 2);
    def.structure = BettingStructure::NoLimit;
    Table t =
        table_of(def, {10, 100, 100}, 0, cards({"Ac3d9s9c", "KhKcJdJs", "6s5sThTc"}, kLowBoard));
    play(t, {{0, raise(10)}, {1, call()}, {2, call()}});
    play(t, {{1, raise(20)}, {2, call()}});
    const std::vector<Event> pots = check_down(t);
    REQUIRE(pots.size() == 4);
    CHECK(pots[0].pot_index == 0);
    CHECK(pots[0].winners == seats({1}));
    CHECK(pots[0].amount == 15);
    CHECK(pots[1].pot_index == 0);
    CHECK(pots[1].winners == seats({0}));
    CHECK(pots[1].amount == 15);
    CHECK(pots[2].pot_index == 1);
    CHECK(pots[2].part == PotPart::HighHalf);
    CHECK(pots[2].winners == seats({1}));
    CHECK(pots[2].amount == 20);
    CHECK(pots[3].part == PotPart::LowHalf);
    CHECK(pots[3].winners == seats({2}));
    CHECK(pots[3].amount == 20);
    CHECK(t.last_hand().net[0] == 5);
    CHECK(t.last_hand().net[1] == 5);
    CHECK(t.last_hand().net[2] == -10);
}

TEST_CASE("Omaha hi-lo: the quiet path pays the same as the paused one", "[omaha]") {
    // Without PotAwarded in the pause mask the table pays every half in one go.
    GameDef def = GameDef::omaha_hi_lo(3, 0, 1, 2);
    def.structure = BettingStructure::NoLimit;
    Table t =
        table_of(def, {10, 100, 100}, 0, cards({"Ac3d9s9c", "KhKcJdJs", "6s5sThTc"}, kLowBoard));
    t.set_pause_mask(kDefaultPauseMask);
    play(t, {{0, raise(10)}, {1, call()}, {2, call()}});
    play(t, {{1, raise(20)}, {2, call()}, {1, check()}, {2, check()}, {1, check()}, {2, check()}});
    // The river is checked through: the next advance pays the hand and starts the next one.
    REQUIRE(t.advance().kind == EventKind::ActionRequired);
    REQUIRE(t.hands_played() == 1);
    CHECK(t.last_hand().net[0] == 5);
    CHECK(t.last_hand().net[1] == 5);
    CHECK(t.last_hand().net[2] == -10);
}

}  // namespace pokerarena::test

namespace pokerarena::test {

TEST_CASE("Omaha: hands are written as PHH PO and FO/8 and replay to the same stacks", "[omaha]") {
    // The side-pot hand of hi-lo above (four PotAwarded halves) and the pot-limit one, each
    // written, read back and replayed through the engine.
    GameDef hi_lo = GameDef::omaha_hi_lo(3, 0, 1, 2);
    Table split =
        table_of(hi_lo, {10, 100, 100}, 0, cards({"Ac3d9s9c", "KhKcJdJs", "6s5sThTc"}, kLowBoard));
    play(split, {{0, raise(4)}, {1, call()}, {2, call()}});
    check_down(split);
    GameDef plo = GameDef::omaha(2, 0, 1, 2);
    Table pot_limit = table_of(plo, {100, 100}, 1, cards({"AhKhQhJh", "5c5d7c8d"}, "Th9s4s3d2c"));
    expect_turn(pot_limit, 1);
    act_ok(pot_limit, raise(6));
    check_down(pot_limit);
    for (const Table* t : {&split, &pot_limit}) {
        const PhhHand hand = phh_from_record(t->last_hand(), t->game_def());
        const std::string text = write_phh(hand);
        INFO(text);
        CHECK(text.starts_with(t == &split ? "variant = \"FO/8\"" : "variant = \"PO\""));
        const std::vector<PhhEntry> entries = parse_phh(text, "omaha.phh", false);
        REQUIRE(entries.size() == 1);
        REQUIRE(entries[0].status == PhhEntry::Status::Ok);
        CHECK(entries[0].hand == hand);
        CHECK(replay_entry(entries[0]).status == ReplayStatus::Matched);
    }
    // PHH has codes for pot-limit Omaha and fixed-limit hi-lo only.
    GameDef no_limit = plo;
    no_limit.structure = BettingStructure::NoLimit;
    CHECK_THROWS_WITH(phh_from_record(pot_limit.last_hand(), no_limit),
                      "PHH has no variant code for no-limit Omaha (it has PO and FO/8)");
}

}  // namespace pokerarena::test
