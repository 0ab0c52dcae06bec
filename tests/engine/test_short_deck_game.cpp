// Short-deck hold'em as data (GameDef::short_deck): its deck, forced bets, showdowns and PHH
// variant NS, derived by hand from PokerKit's rules.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine_test_util.hpp"
#include "pokerarena/engine/hand_ranking.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/evaluator/short_deck.hpp"

namespace pokerarena::test {
namespace {

constexpr Chips kStack = 1000;

Table short_deck_table(int seats, const PresetCards& given) {
    Table t(GameDef::short_deck(seats, kStack, 5, 10), 7, 0);
    t.set_button(seats - 1);
    t.set_pause_mask(kHandMask);
    t.set_next_hand_cards(given);
    return t;
}

TEST_CASE("Short deck: the definition is playable and names its deck", "[games][short_deck]") {
    const GameDef d = GameDef::short_deck(6, kStack, 5, 10);
    CHECK(d.validate() == "");
    CHECK(d.deck() == CardSet{kShortDeckMask});
    CHECK(d.deck().size() == 36);
    CHECK(d.structure == BettingStructure::NoLimit);
    CHECK(d.ante_kind == AnteKind::EveryPlayer);
    CHECK(d.button_blind);
    CHECK(d.small_blind == 0);
    CHECK(d.big_blind == 10);
    CHECK(std::string(d.ranking_name()) == "short-deck");
    CHECK(GameDef::short_deck(10, kStack, 5, 10).validate() == "");
}

TEST_CASE("Short deck: validate refuses a deck, ranking or blind that do not fit",
          "[games][short_deck]") {
    GameDef d = GameDef::short_deck(2, kStack, 5, 10);
    d.deck_ranks = kAllRanks;
    CHECK(d.validate().starts_with("the ShortDeck ranking needs the 36-card deck"));
    d = GameDef::short_deck(2, kStack, 5, 10);
    d.ranking = HandRanking::BestFive;
    CHECK(d.validate().starts_with("the BestFive ranking needs the full 52-card deck"));
    d = GameDef::short_deck(2, kStack, 5, 10);
    d.small_blind = 5;
    CHECK(d.validate() ==
          "small_blind = 5 with button_blind: the button posts the only blind (big_blind)");
    d = GameDef::short_deck(2, kStack, 5, 10);
    d.post_blinds = false;
    CHECK(d.validate() == "button_blind is set but post_blinds is not");
    d = GameDef::short_deck(2, kStack, 5, 10);
    d.num_rounds = 1;
    CHECK(d.validate() ==
          "hole_cards + board cards = 2, outside the 5..7 the ShortDeck ranking values");
}

TEST_CASE("Short deck: every seat antes, the button posts the blind, left of it acts first",
          "[games][short_deck]") {
    Table t = short_deck_table(3, {});
    // Seat 2 is the button: it posts 10 after the antes of 5; seat 0 acts first before the
    // flop and owes the whole blind, seat 1 likewise, the button may check.
    expect_turn(t, 0);
    CHECK(t.legal_actions().call_amount == 10);
    act_ok(t, call());
    expect_turn(t, 1);
    act_ok(t, call());
    expect_turn(t, 2);
    CHECK(t.legal_actions().can_check);
    act_ok(t, check());
    // After the flop, left of the button again: seat 0 bets, the others fold.
    expect_turn(t, 0);
    act_ok(t, Action::raise_to(10));
    expect_turn(t, 1);
    act_ok(t, fold());
    expect_turn(t, 2);
    act_ok(t, fold());
    finish(t);
    const HandRecord& done = t.last_hand();
    CHECK(done.antes[0] == 5);
    CHECK(done.antes[1] == 5);
    CHECK(done.antes[2] == 5);
    CHECK(done.blinds[0] == 0);
    CHECK(done.blinds[1] == 0);
    CHECK(done.blinds[2] == 10);
    CHECK(done.net[0] == 30);  // the antes and calls of seats 1 and 2
}

// Heads-up the button (seat 1) posts the blind and seat 0 acts first in every round: seat 0
// calls, then both check to the showdown.
void check_down(Table& t) {
    play(t, {{0, call()}, {1, check()}});
    for (int round = 1; round < 4; ++round)
        play(t, {{0, check()}, {1, check()}});
    finish(t);
}

TEST_CASE("Short deck: a flush beats a full house and A-6-7-8-9 beats three of a kind",
          "[games][short_deck]") {
    // Hold'em would pay the full house (seat 1); the short deck pays the flush (seat 0).
    Table flush = short_deck_table(2, cards({"AhTh", "KsKd"}, "Kh9h6h9c7c"));
    check_down(flush);
    CHECK(flush.last_hand().net[0] == 15);
    CHECK(describe_hand(HandRanking::ShortDeck, flush.last_hand().values[0]) == "Flush, Ace High");
    CHECK(describe_hand(HandRanking::ShortDeck, flush.last_hand().values[1]) ==
          "Full House, Kings over Nines");

    Table wheel = short_deck_table(2, cards({"As6d", "QsQd"}, "7h8c9dQhJc"));
    check_down(wheel);
    CHECK(wheel.last_hand().net[0] == 15);
    CHECK(describe_hand(HandRanking::ShortDeck, wheel.last_hand().values[0]) ==
          "Straight, Nine High");
}

TEST_CASE("Short deck: random hands deal the short deck only and replay from PHH as NS",
          "[games][short_deck][phh]") {
    GameDef def = GameDef::short_deck(4, kStack, 5, 10);
    def.reset_stacks_each_hand = true;
    Table t(def, 5, 0);
    t.set_pause_mask(kHandMask);
    Rng rng{99};
    for (int h = 0; h < 300; ++h) {
        play_random_hand(t, rng);
        const HandRecord& r = t.last_hand();
        for (int s = 0; s < def.num_seats; ++s)
            for (int i = 0; i < 2; ++i)
                REQUIRE(CardSet{kShortDeckMask}.contains(r.hole[s][i]));
        for (int i = 0; i < r.board_count; ++i)
            REQUIRE(CardSet{kShortDeckMask}.contains(r.board[i]));
        const PhhHand hand = phh_from_record(r, def);
        REQUIRE(hand.variant == PhhVariant::NoLimitShortDeck);
        // The button is pN, the last player, and posts the only blind.
        REQUIRE(hand.blinds_or_straddles == std::vector<Chips>{0, 0, 0, 10});
        REQUIRE(hand.antes == std::vector<Chips>{5, 5, 5, 5});
        const std::string text = write_phh(hand);
        const auto entries = parse_phh(text, "sd.phh", false);
        REQUIRE(entries.size() == 1);
        INFO(entries[0].message);
        REQUIRE(entries[0].status == PhhEntry::Status::Ok);
        REQUIRE(entries[0].hand.variant == PhhVariant::NoLimitShortDeck);
        const ReplayResult replayed = replay_entry(entries[0]);
        INFO(replayed.message);
        REQUIRE(replayed.status == ReplayStatus::Matched);
    }
}

}  // namespace
}  // namespace pokerarena::test
