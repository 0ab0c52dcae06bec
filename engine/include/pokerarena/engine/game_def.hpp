// The rules of a game as data: seats, stacks, forced bets, betting structure, rounds.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "pokerarena/engine/types.hpp"

namespace pokerarena {

// The most chips a table may hold, its stacks added up. The engine adds stacks, bets and pots
// freely; a quarter of the Chips range keeps every such sum (and a raise above a stack) far
// from signed overflow. GameDef::validate() and Table::set_stacks() reject more.
inline constexpr Chips kMaxTotalChips = std::numeric_limits<Chips>::max() / 4;

enum class BettingStructure : std::uint8_t { NoLimit, PotLimit, FixedLimit };

// EveryPlayer: each seat dealt in posts `ante`. BigBlind: the big blind posts `ante` for the
// table (before its blind). Antes are dead money: they do not count towards calling.
enum class AnteKind : std::uint8_t { None, EveryPlayer, BigBlind };

struct GameDef {
    int num_seats = 2;
    std::array<Chips, kMaxSeats> starting_stacks{};
    Chips small_blind = 0;
    Chips big_blind = 0;  // also the minimum bet of every round (PHH min_bet)
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
    // Cash (true): every seat starts every hand with starting_stacks. Tournament (false):
    // stacks carry over, busted seats sit out, the match ends when one seat has every chip.
    bool reset_stacks_each_hand = false;
    // The match ends after this many hands; 0 = no limit (a tournament then runs until one
    // seat holds every chip).
    int max_hands = 0;

    // "" when the definition is playable, else one message naming the first bad field
    // ("num_seats = 11 is outside 2..10").
    std::string validate() const;

    // Texas Hold'em, no-limit, every seat starting with `stack`, tournament stacks.
    static GameDef no_limit_holdem(int seats, Chips stack, Chips small_blind, Chips big_blind);
    // Texas Hold'em, fixed-limit: small bet = big blind, big bet = twice that, cap 4.
    static GameDef fixed_limit_holdem(int seats, Chips stack, Chips small_blind, Chips big_blind);

    friend bool operator==(const GameDef&, const GameDef&) = default;
};

}  // namespace pokerarena
