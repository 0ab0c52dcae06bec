// The rules of a game as data: seats, stacks, forced bets, betting structure, rounds.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

// The most chips a table may hold, its stacks added up. The engine adds stacks, bets and pots
// freely; a quarter of the Chips range keeps every such sum (and a raise above a stack) far
// from signed overflow. GameDef::validate() and Table::set_stacks() reject more.
inline constexpr Chips kMaxTotalChips = std::numeric_limits<Chips>::max() / 4;

enum class BettingStructure : std::uint8_t { NoLimit, PotLimit, FixedLimit };

// "no-limit", "pot-limit" or "fixed-limit", as messages and reports name the betting.
const char* betting_name(BettingStructure s);

// EveryPlayer: each seat dealt in posts `ante`. BigBlind: the big blind posts `ante` for the
// table (before its blind). Antes are dead money: they do not count towards calling.
enum class AnteKind : std::uint8_t { None, EveryPlayer, BigBlind };

// How a showdown is ranked (engine/include/pokerarena/engine/hand_ranking.hpp values the hands).
// BestFive: hold'em's, the best five of the hole and board cards, by the standard poker order.
// HighCard: Kuhn poker's, one hole card and no board, the higher rank wins. PairOrHighCard:
// Leduc hold'em's, one hole card and one board card, a hole card that pairs the board beats
// every other hand, and otherwise the higher hole card wins. OmahaHigh: Omaha's, exactly two
// of the four hole cards and three of the five board cards
// (evaluator/include/pokerarena/evaluator/omaha.hpp). OmahaHiLo: Omaha eight or better, each
// pot split between the best such high hand and the best eight-or-better low (the whole pot to
// the high hand when no low qualifies; Table documents the split). ShortDeck: short-deck
// (six-plus) hold'em's, the best five of the hole and board cards of the 36-card deck, a flush
// above a full house and A-6-7-8-9 the lowest straight (evaluator/short_deck.hpp). Equal values
// split the pot.
enum class HandRanking : std::uint8_t {
    BestFive,
    HighCard,
    PairOrHighCard,
    OmahaHigh,
    OmahaHiLo,
    ShortDeck,
};

// Where a round's action starts. LeftOfBigBlind: hold'em's first round, with the seat after
// the big blind (heads-up, the button, which posts the small blind). LeftOfButton: every later
// round of hold'em, and every round of Kuhn and Leduc (heads-up, the seat that is not the
// button acts first, as player 0 does in OpenSpiel's and ACPC's definitions).
enum class FirstToAct : std::uint8_t { LeftOfBigBlind, LeftOfButton };

// Bit r: rank r (0 = deuce .. 12 = ace) is in the deck; bit s: suit s (0 = clubs .. 3 = spades).
inline constexpr std::uint16_t kAllRanks = (1u << kNumRanks) - 1;
inline constexpr std::uint8_t kAllSuits = (1u << kNumSuits) - 1;

struct GameDef {
    int num_seats = 2;
    std::array<Chips, kMaxSeats> starting_stacks{};
    Chips small_blind = 0;
    // Also the minimum bet of every round in no-limit and pot-limit (PHH min_bet), and the
    // unit reports count winnings in (milli-big-blinds per hand).
    Chips big_blind = 0;
    // false: no blinds are posted (games of antes only, as Kuhn and Leduc); small_blind is then
    // unused and big_blind is only the reports' unit.
    bool post_blinds = true;
    // true: the button posts big_blind alone, the button blind of short-deck hold'em (PHH's
    // blinds_or_straddles [0, ..., 0, blind], PokerKit's {-1: blind}); no small blind, and
    // action before the flop starts left of the button. Needs post_blinds and small_blind 0.
    bool button_blind = false;
    Chips ante = 0;
    AnteKind ante_kind = AnteKind::None;
    // How antes enter the pots when every seat dealt in anted. false (the standard rule, PHH's
    // ante_trimming_status = true): they are layered with the bets, so a seat all-in for part
    // of its ante wins from each opponent at most what it put in. true (PHH's
    // ante_trimming_status = false, PokerKit's reading of it): every ante is dead money in the
    // main pot, which every remaining player contests, a seat all-in on its ante included. An
    // ante posted by some seats only (the big-blind ante) is dead money either way.
    bool dead_antes = false;
    BettingStructure structure = BettingStructure::NoLimit;
    // Fixed-limit only: the bet and raise size is small_bet in rounds before
    // big_bet_from_round and big_bet from then on; at most raise_cap bets and raises per round,
    // where before the flop the highest blind counts as the bet (4: a bet and three raises).
    Chips small_bet = 0;
    Chips big_bet = 0;
    int big_bet_from_round = 2;
    int raise_cap = 4;
    // Fixed-limit only: an all-in raise of at least half the bet size (alone, or with the
    // raises after a seat's last action) reopens the betting for the seats that already acted,
    // as a full raise does: the half-bet rule of limit poker. false: only a full bet size does.
    bool half_bet_reopens = true;
    int num_rounds = 4;
    std::array<int, kMaxRounds> board_cards{0, 3, 1, 1};
    int hole_cards = 2;
    std::array<FirstToAct, kMaxRounds> first_to_act{
        FirstToAct::LeftOfBigBlind, FirstToAct::LeftOfButton, FirstToAct::LeftOfButton,
        FirstToAct::LeftOfButton};
    // The deck: every card of these ranks in these suits, with the 52-card deck's codes and
    // text ("Ks"), so everything that prints or parses cards is the same for every game.
    std::uint16_t deck_ranks = kAllRanks;
    std::uint8_t deck_suits = kAllSuits;
    HandRanking ranking = HandRanking::BestFive;
    // Cash (true): every seat starts every hand with starting_stacks. Tournament (false):
    // stacks carry over, busted seats sit out, the match ends when one seat has every chip.
    bool reset_stacks_each_hand = false;
    // The match ends after this many hands; 0 = no limit (a tournament then runs until one
    // seat holds every chip).
    int max_hands = 0;

    // "" when the definition is playable, else one message naming the first bad field
    // ("num_seats = 11 is outside 2..10").
    std::string validate() const;

    // The cards of the deck (deck_ranks x deck_suits).
    CardSet deck() const;

    // Texas Hold'em, no-limit, every seat starting with `stack`, tournament stacks.
    static GameDef no_limit_holdem(int seats, Chips stack, Chips small_blind, Chips big_blind);
    // Texas Hold'em, fixed-limit: small bet = big blind, big bet = twice that, cap 4.
    static GameDef fixed_limit_holdem(int seats, Chips stack, Chips small_blind, Chips big_blind);
    // Kuhn poker as OpenSpiel defines it (and ACPC's kuhn.limit.3p.game for three players):
    // the deck J, Q, K (of spades; a fourth rank, the ten, for each seat past two), one hole
    // card, each seat antes 1, one round, fixed limit with a bet of 1 and at most one bet,
    // player 0 (heads-up, the seat that is not the button) acts first, the higher card wins.
    // The reports' unit (big_blind) is the ante.
    static GameDef kuhn(int seats, Chips stack);
    // Leduc hold'em as OpenSpiel defines it: the deck J, Q, K in two suits (hearts and
    // spades; a further rank, the ten, then the nine..., for each seat past two), one hole card,
    // each seat antes 1, two rounds with one board card before the second, fixed limit with bets of
    // 2 then 4, at most two bets and raises a round, player 0 acts first in both rounds; a hole
    // card pairing the board wins, else the higher hole card. The reports' unit (big_blind) is the
    // ante.
    static GameDef leduc(int seats, Chips stack);
    // Short-deck (six-plus) hold'em, no-limit, as PokerKit's NoLimitShortDeckHoldem and PHH's
    // variant NS play it: the 36-card deck of sixes to aces, every seat antes `ante`, the
    // button posts `button_blind` (also the minimum bet and the reports' unit), tournament
    // stacks, hands ranked by HandRanking::ShortDeck.
    static GameDef short_deck(int seats, Chips stack, Chips ante, Chips button_blind);

    // Omaha, 4 hole cards, pot-limit, blinds as hold'em's, every seat starting with `stack`,
    // tournament stacks (PHH's PO).
    static GameDef omaha(int seats, Chips stack, Chips small_blind, Chips big_blind);
    // Omaha hi-lo eight or better, fixed-limit: small bet = big blind, big bet = twice that,
    // cap 4 (PHH's FO/8).
    static GameDef omaha_hi_lo(int seats, Chips stack, Chips small_blind, Chips big_blind);

    // The family of rules the ranking belongs to, for messages and the bots' protocol:
    // "holdem" (BestFive), "kuhn" (HighCard), "leduc" (PairOrHighCard), "plo" (OmahaHigh),
    // "plo8" (OmahaHiLo), "short-deck" (ShortDeck): the names `pokerarena run --game` takes,
    // which the bots are told.
    const char* ranking_name() const;

    friend bool operator==(const GameDef&, const GameDef&) = default;
};

}  // namespace pokerarena
