#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pokerarena/bots/hand_strength.hpp"

using namespace pokerarena;

namespace {

int chen(const char* text) {
    const std::vector<Card> c = parse_cards(text);
    return chen_score(c[0], c[1]);
}

PostflopRead read(const char* hole, const char* board) {
    const std::vector<Card> h = parse_cards(hole);
    const std::vector<Card> b = parse_cards(board);
    return classify_postflop(h[0], h[1], b);
}

SeatMask all_seats(int n) {
    return static_cast<SeatMask>((1u << n) - 1);
}

}  // namespace

TEST_CASE("Chen points match the published examples") {
    REQUIRE(chen("AsAh") == 20);
    REQUIRE(chen("KsKh") == 16);
    REQUIRE(chen("2s2h") == 5);  // a pair scores at least 5
    REQUIRE(chen("5s5h") == 5);
    REQUIRE(chen("7s7h") == 7);
    REQUIRE(chen("AsKs") == 12);
    REQUIRE(chen("AsKd") == 10);
    REQUIRE(chen("JsTs") == 9);  // 6 + 2 suited + 1 connected below a queen
    REQUIRE(chen("5s7s") == 6);  // 3.5 + 2 - 1 + 1 = 5.5, rounded up
    REQUIRE(chen("7s2d") == -1);
    REQUIRE(chen("AsTd") == 6);  // a gap of three costs 4
    REQUIRE(chen("As5d") == 5);  // a gap of four or more costs 5
}

TEST_CASE("six-max positions are named SB, BB, UTG, HJ, CO, BTN") {
    // Button on seat 0: seat 1 is SB, 2 BB, 3 UTG, 4 HJ, 5 CO.
    const std::vector<std::string> expected = {"BTN", "SB", "BB", "UTG", "HJ", "CO"};
    for (int seat = 0; seat < 6; ++seat) {
        const Position p = preflop_position(all_seats(6), 6, 0, seat);
        REQUIRE(position_name(p) == expected[static_cast<std::size_t>(seat)]);
    }
    REQUIRE(preflop_position(all_seats(6), 6, 0, 3).order == 0);     // UTG acts first
    REQUIRE(preflop_position(all_seats(6), 6, 0, 2).behind() == 0);  // BB acts last
    REQUIRE(preflop_position(all_seats(6), 6, 0, 0).behind() == 2);  // BTN: blinds behind
}

TEST_CASE("positions generalize to 2 and 10 seats and skip seats sitting out") {
    REQUIRE(std::string(position_name(preflop_position(all_seats(2), 2, 1, 1))) == "BTN");
    REQUIRE(preflop_position(all_seats(2), 2, 1, 1).order == 0);  // heads-up the button acts first
    REQUIRE(std::string(position_name(preflop_position(all_seats(2), 2, 1, 0))) == "BB");
    const std::vector<std::string> ten = {"BTN",   "SB",    "BB",    "UTG", "UTG+1",
                                          "UTG+2", "UTG+3", "UTG+4", "HJ",  "CO"};
    for (int seat = 0; seat < 10; ++seat) {
        REQUIRE(position_name(preflop_position(all_seats(10), 10, 0, seat)) ==
                ten[static_cast<std::size_t>(seat)]);
    }
    // Seats 0..5 with seat 2 sitting out: button 0, SB 1, BB 3, UTG 4, CO 5 (five players).
    const SeatMask dealt = static_cast<SeatMask>(all_seats(6) & ~(1u << 2));
    REQUIRE(std::string(position_name(preflop_position(dealt, 6, 0, 3))) == "BB");
    REQUIRE(std::string(position_name(preflop_position(dealt, 6, 0, 4))) == "HJ");
}

TEST_CASE("postflop reads put the made hand relative to the board") {
    REQUIRE(read("AhAd", "Ks7c2d").made == MadeHand::Strong);       // overpair
    REQUIRE(read("KhQd", "Ks7c2d").made == MadeHand::Strong);       // top pair, queen kicker
    REQUIRE(read("Kh5d", "Ks7c2d").made == MadeHand::Medium);       // top pair, weak kicker
    REQUIRE(read("7h5d", "Ks7c2d").made == MadeHand::Medium);       // second pair
    REQUIRE(read("2h5d", "Ks7c2d").made == MadeHand::Weak);         // bottom pair
    REQUIRE(read("3h3d", "Ks7c2d").made == MadeHand::Weak);         // underpair
    REQUIRE(read("Kh7d", "Ks7c2d").made == MadeHand::Monster);      // two pair with both cards
    REQUIRE(read("7h7d", "Ks7c2d").made == MadeHand::Monster);      // a set
    REQUIRE(read("AhQd", "KsKc2d").made == MadeHand::Nothing);      // the board's pair is shared
    REQUIRE(read("9h8h", "Ts7c6d").made == MadeHand::Monster);      // a straight
    REQUIRE(read("AhQd", "9s9c9d4h4s").made == MadeHand::Nothing);  // playing the board
}

TEST_CASE("postflop reads find flush and straight draws before the river") {
    const PostflopRead flush = read("AhTh", "Kh7h2d");
    REQUIRE(flush.flush_draw);
    REQUIRE(flush.outs == 9);
    const PostflopRead open_ended = read("9h8d", "Ts7c2d");
    REQUIRE(open_ended.straight_outs == 2);
    REQUIRE(open_ended.outs == 8);
    const PostflopRead gutshot = read("9h8d", "Js7c2d");
    REQUIRE(gutshot.straight_outs == 1);
    REQUIRE(gutshot.outs == 4);
    const PostflopRead wheel = read("Ah2d", "3s4c9d");  // A-2-3-4 wants a five
    REQUIRE(wheel.straight_outs == 1);
    REQUIRE_FALSE(read("AhTh", "Kh7h2d5c9s").flush_draw);  // no draws on the river
    REQUIRE(read("AhTh", "Kh7h2d5c9s").outs == 0);
}
