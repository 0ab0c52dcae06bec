// Kuhn poker and Leduc hold'em as data: their decks, betting and showdowns, derived by hand
// from OpenSpiel's rules (GameDef::kuhn, GameDef::leduc).
#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "engine_test_util.hpp"
#include "pokerarena/engine/hand_ranking.hpp"

namespace pokerarena::test {
namespace {

constexpr Chips kStack = 100;

Card card(const char* text) {
    return Card::parse(text);
}

Table heads_up(const GameDef& def, const PresetCards& given) {
    Table t(def, 7, 0);
    t.set_pause_mask(kHandMask);
    t.set_next_hand_cards(given);
    return t;
}

// Plays the hand to its end and returns seat 0's net.
Chips net0_after_end(Table& t) {
    finish(t);
    const HandRecord& r = t.last_hand();
    REQUIRE(r.finished);
    REQUIRE(r.net[0] + r.net[1] == 0);
    return r.net[0];
}

TEST_CASE("Games: the definitions are playable and name their decks", "[games]") {
    const GameDef kuhn = GameDef::kuhn(2, kStack);
    const GameDef leduc = GameDef::leduc(2, kStack);
    CHECK(kuhn.validate() == "");
    CHECK(leduc.validate() == "");
    CHECK(kuhn.deck() == CardSet::parse("JsQsKs"));
    CHECK(leduc.deck() == CardSet::parse("JhJsQhQsKhKs"));
    CHECK(GameDef::kuhn(3, kStack).deck() == CardSet::parse("TsJsQsKs"));
    // OpenSpiel's Leduc deals from (players + 1) ranks in two suits.
    CHECK(GameDef::leduc(3, kStack).deck() == CardSet::parse("ThTsJhJsQhQsKhKs"));
    CHECK(GameDef::leduc(10, kStack).validate() == "");
    CHECK(GameDef::leduc(10, kStack).deck().size() == 22);
    CHECK(GameDef::no_limit_holdem(2, kStack, 1, 2).deck() == CardSet{CardSet::kFullMask});
    CHECK(std::string(kuhn.ranking_name()) == "kuhn");
    CHECK(std::string(leduc.ranking_name()) == "leduc");
}

TEST_CASE("Games: validate names the field of a bad deck, ranking or start", "[games]") {
    GameDef d = GameDef::leduc(2, kStack);
    d.deck_ranks = 0;
    CHECK(d.validate().starts_with("deck_ranks = 0 must name at least one"));
    d = GameDef::leduc(2, kStack);
    d.deck_suits = 0x10;
    CHECK(d.validate().starts_with("deck_suits = 16 must name"));
    d = GameDef::leduc(2, kStack);
    d.board_cards = {0, 2, 0, 0};
    CHECK(d.validate().starts_with("the PairOrHighCard ranking needs 1 hole card and 1 board"));
    d = GameDef::kuhn(2, kStack);
    d.num_seats = 4;  // 4 hole cards from a deck of 3
    d.starting_stacks = {kStack, kStack, kStack, kStack};
    CHECK(d.validate().starts_with("not enough cards in the deck: 4 seats"));
    d = GameDef::no_limit_holdem(2, kStack, 1, 2);
    d.deck_ranks = 0x1FF0;  // six to ace: short deck ranks otherwise
    CHECK(d.validate().starts_with("the BestFive ranking needs the full 52-card deck"));
    d = GameDef::no_limit_holdem(2, kStack, 1, 2);
    d.first_to_act[1] = static_cast<FirstToAct>(7);
    CHECK(d.validate().starts_with("first_to_act[1] = 7"));
    d = GameDef::kuhn(2, kStack);
    d.ranking = static_cast<HandRanking>(9);
    CHECK(d.validate().starts_with("ranking = 9 is none of"));
}

TEST_CASE("Games: showdown values by hand", "[games]") {
    // Kuhn: K > Q > J.
    CHECK(high_card_value(card("Ks")) > high_card_value(card("Qs")));
    CHECK(high_card_value(card("Qs")) > high_card_value(card("Js")));
    // Leduc: a pair beats any high card, a higher pair a lower one, equal ranks tie.
    CHECK(pair_or_high_card_value(card("Jh"), card("Js")) >
          pair_or_high_card_value(card("Kh"), card("Js")));
    CHECK(pair_or_high_card_value(card("Kh"), card("Ks")) >
          pair_or_high_card_value(card("Qh"), card("Qs")));
    CHECK(pair_or_high_card_value(card("Kh"), card("Qs")) >
          pair_or_high_card_value(card("Jh"), card("Qh")));
    CHECK(pair_or_high_card_value(card("Jh"), card("Qs")) ==
          pair_or_high_card_value(card("Js"), card("Qs")));
    CHECK(describe_hand(HandRanking::HighCard, high_card_value(card("Ks"))) == "King High");
    CHECK(describe_hand(HandRanking::PairOrHighCard,
                        pair_or_high_card_value(card("Qh"), card("Qs"))) == "Pair of Queens");
    CHECK(describe_hand(HandRanking::PairOrHighCard,
                        pair_or_high_card_value(card("Jh"), card("Qs"))) == "Jack High");
}

TEST_CASE("Games: Kuhn betting sequences", "[games]") {
    const GameDef kuhn = GameDef::kuhn(2, kStack);
    // Seat 1 holds the button of the first hand, so seat 0 (player 0) acts first.
    SECTION("check, check: the higher card takes the antes") {
        Table t = heads_up(kuhn, cards({"Ks", "Qs"}));
        play(t, {{0, check()}, {1, check()}});
        CHECK(net0_after_end(t) == 1);
        CHECK(t.last_hand().shown == 0b11);
    }
    SECTION("bet, fold") {
        Table t = heads_up(kuhn, cards({"Js", "Ks"}));
        expect_turn(t, 0);
        const LegalActions legal = t.legal_actions();
        CHECK(legal.can_check);
        CHECK(legal.min_raise_to == 1);
        CHECK(legal.max_raise_to == 1);
        act_ok(t, raise(1));
        play(t, {{1, fold()}});
        CHECK(net0_after_end(t) == 1);
    }
    SECTION("bet, call: at most one bet") {
        Table t = heads_up(kuhn, cards({"Js", "Ks"}));
        play(t, {{0, raise(1)}});
        expect_turn(t, 1);
        CHECK_FALSE(t.legal_actions().can_raise);
        CHECK_FALSE(t.act(raise(2)).ok());
        act_ok(t, call());
        CHECK(net0_after_end(t) == -2);
    }
    SECTION("check, bet, call") {
        Table t = heads_up(kuhn, cards({"Qs", "Js"}));
        play(t, {{0, check()}, {1, raise(1)}, {0, call()}});
        CHECK(net0_after_end(t) == 2);
    }
    SECTION("check, bet, fold") {
        Table t = heads_up(kuhn, cards({"Qs", "Ks"}));
        play(t, {{0, check()}, {1, raise(1)}, {0, fold()}});
        CHECK(net0_after_end(t) == -1);
    }
    SECTION("cards outside the deck are refused") {
        Table t(kuhn, 7, 0);
        CHECK_THROWS_WITH(t.set_next_hand_cards(cards({"As", ""})),
                          Catch::Contains("As (seat 0 hole card 0) is not in the game's deck"));
    }
}

TEST_CASE("Games: the button moves, and the seat left of it acts first", "[games]") {
    Table t(GameDef::kuhn(2, kStack), 7, 0);
    t.set_pause_mask(kHandMask);
    play(t, {{0, check()}, {1, check()}});
    finish(t);
    play(t, {{1, check()}, {0, check()}});
    finish(t);
    CHECK(t.hands_played() == 2);
}

TEST_CASE("Games: Leduc bet sizes and raise caps per round", "[games]") {
    const GameDef leduc = GameDef::leduc(2, kStack);
    SECTION("bet 2, raise to 4, capped; then bet 4, raise to 8, capped; a pair wins") {
        Table t = heads_up(leduc, cards({"Js", "Ks"}, "Jh"));
        expect_turn(t, 0);
        CHECK(t.legal_actions().min_raise_to == 2);
        act_ok(t, raise(2));
        expect_turn(t, 1);
        CHECK(t.legal_actions().min_raise_to == 4);
        act_ok(t, raise(4));
        expect_turn(t, 0);
        CHECK_FALSE(t.legal_actions().can_raise);  // two bets and raises this round
        act_ok(t, call());
        // The second round: the board card, then player 0 again, bets of 4.
        expect_turn(t, 0);
        CHECK(t.round() == 1);
        CHECK(t.last_hand().board_count == 1);
        CHECK(t.legal_actions().min_raise_to == 4);
        act_ok(t, raise(4));
        expect_turn(t, 1);
        CHECK(t.legal_actions().min_raise_to == 8);
        act_ok(t, raise(8));
        expect_turn(t, 0);
        CHECK_FALSE(t.legal_actions().can_raise);
        act_ok(t, call());
        // Each put in 1 + 4 + 8: the pair of jacks beats the king.
        CHECK(net0_after_end(t) == 13);
    }
    SECTION("checked down, the higher hole card wins") {
        Table t = heads_up(leduc, cards({"Qh", "Ks"}, "Js"));
        play(t, {{0, check()}, {1, check()}, {0, check()}, {1, check()}});
        CHECK(net0_after_end(t) == -1);
    }
    SECTION("equal ranks split the pot") {
        Table t = heads_up(leduc, cards({"Jh", "Js"}, "Qs"));
        play(t, {{0, raise(2)}, {1, call()}, {0, check()}, {1, check()}});
        CHECK(net0_after_end(t) == 0);
    }
    SECTION("a fold in the first round deals no board") {
        Table t = heads_up(leduc, cards({"Jh", "Ks"}));
        play(t, {{0, raise(2)}, {1, raise(4)}, {0, fold()}});
        CHECK(net0_after_end(t) == -3);
        CHECK(t.last_hand().board_count == 0);
    }
}

// Plays `hands` hands of random legal actions, checking the invariants after every step, and
// counts how often each card is dealt (as a hole card or on the board).
std::array<int, kNumCards> play_random(const GameDef& def, int hands, std::uint64_t seed) {
    Table t(def, seed, 3);
    t.set_pause_mask(kHandMask);
    Rng rng{seed * 2 + 1};
    std::array<int, kNumCards> dealt{};
    Chips total = 0;
    for (int s = 0; s < def.num_seats; ++s)
        total += def.starting_stacks[s];
    for (int h = 0; h < hands; ++h) {
        play_random_hand(t, rng);
        const HandRecord& r = t.last_hand();
        Chips net = 0;
        for (int s = 0; s < def.num_seats; ++s) {
            net += r.net[s];
            ++dealt[r.hole[s][0].index()];
        }
        REQUIRE(net == 0);
        REQUIRE(total_stacks(t) == total);
        for (int i = 0; i < r.board_count; ++i)
            ++dealt[r.board[i].index()];
    }
    return dealt;
}

TEST_CASE("Games: chips are conserved and every card of the deck is dealt evenly", "[games]") {
    constexpr int kHands = 6000;
    for (const GameDef& base : {GameDef::kuhn(2, kStack), GameDef::leduc(2, kStack)}) {
        GameDef def = base;
        def.reset_stacks_each_hand = true;
        INFO(def.ranking_name());
        const std::array<int, kNumCards> dealt = play_random(def, kHands, 11);
        const CardSet deck = def.deck();
        int in_deck = 0;
        for (int c = 0; c < kNumCards; ++c) {
            if (!deck.contains(Card{c})) {
                CHECK(dealt[c] == 0);
                continue;
            }
            in_deck += dealt[c];
        }
        // Hole cards are dealt every hand: each card of the deck is a hole card in 2 hands of
        // 3 (Kuhn) or 1 of 3 (Leduc). The board card shows up only when nobody folded in the
        // first round, so Leduc's counts are checked on the hole cards' share below that.
        const double hole_share = 2.0 / deck.size();
        for (Card c : deck) {
            INFO(c.to_string());
            CHECK(dealt[c.index()] >= 0.9 * hole_share * kHands);
            CHECK(dealt[c.index()] <= 1.2 * (in_deck / static_cast<double>(deck.size())));
        }
    }
}

}  // namespace
}  // namespace pokerarena::test
