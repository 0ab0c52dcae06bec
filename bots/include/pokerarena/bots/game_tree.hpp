// The whole game tree of a small heads-up game (Kuhn, Leduc), for solving it (cfr.hpp) and for
// measuring a bot's exploitability (exploitability.hpp).
//
// The tree is walked once with copies of the engine's Table, so that the rules are the engine's
// and nothing else: every deal of the deck is preset in turn, and every legal action is tried
// at every decision. The solvers then run on the compact tree, not on tables.
//
// Guarantees
// - Deals: every ordered choice of the seats' hole cards and the board's cards from the game's
//   deck, each equally likely (Kuhn 6, Leduc 120).
// - Information sets: decisions the seat to act cannot tell apart, keyed by info_set_key() of its
//   view (its place after the button, its hole cards, the board, the actions of the hand); the same
//   key is what a bot computes from the view it is given, so a strategy found here is played as
//   found.
// - build_game_tree() refuses (std::invalid_argument, naming the reason) a game that is not
//   heads-up, deals more than 4 cards a hand, or has more than 3 actions at a decision (no-limit
//   raise sizes): this is an exact solver for the small fixed-limit games only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/seat_view.hpp"
#include "pokerarena/engine/table.hpp"

namespace pokerarena {

// The information set of view.seat at this view; 0 when the view does not fit in 64 bits (a
// history far longer than these games have), which no information set has.
std::uint64_t info_set_key(const SeatView& view);

inline constexpr int kMaxTreeActions = 3;  // fold, check/call, one raise size

struct InfoSet {
    int seat = 0;
    int num_actions = 0;
    // In the order of the children of its nodes: fold (when legal), check/call, raise.
    std::array<Action, kMaxTreeActions> actions{};
    std::uint64_t key = 0;
};

struct TreeNode {
    int seat = -1;  // the seat to act; -1 at the end of a hand
    int info_set = -1;
    int first_child = 0;  // children are consecutive, one per action of the information set
    std::array<double, 2> payoff{};  // end of a hand: chips won (lost) by each seat
};

struct GameTree {
    GameDef game;
    std::vector<TreeNode> nodes;
    std::vector<int> roots;  // one per deal, each with probability deal_probability
    double deal_probability = 0;
    std::vector<InfoSet> info_sets;
    // For each information set, a table at one of its decisions: its view is what the seat saw.
    std::vector<Table> info_set_tables;
    std::unordered_map<std::uint64_t, int> info_set_of;  // key -> index into info_sets

    // The information set of `view`, -1 when the tree has none (another game). Allocates nothing.
    int find(const SeatView& view) const;
    // "seat 1 holds Kh, board Qs, actions: check, raise 2": an information set in words.
    std::string describe(int info_set) const;
};

GameTree build_game_tree(const GameDef& game);

}  // namespace pokerarena
