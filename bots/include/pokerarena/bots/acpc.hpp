// The dealer protocol of the Annual Computer Poker Competition (ACPC), version 2.0.0, and its
// game definition files: what pokerarena needs to play an ACPC client program as a bot
// (acpc_bridge.hpp) and to play a pokerarena bot on an ACPC dealer (`pokerarena acpc-client`).
//
// The protocol in one paragraph. The dealer sends each client
// `MATCHSTATE:<position>:<hand>:<betting>:<cards>` lines (ended by "\r\n"); a client whose turn
// it is answers with the same state followed by `:` and its action: `f` (fold), `c` (check or
// call) or `r<total>`: in no-limit, the total the seat has put in over the whole hand after
// the raise, blinds included; in fixed-limit a bare `r`. The betting string holds the actions
// of every round, rounds separated by `/`; the cards are each position's hole cards separated
// by `|` (empty where unknown), then `/` and each round's new board cards. Hands are numbered
// from 0 within a match.
//
// Positions and seats. In an ACPC hold'em game definition position 0 is the big blind
// heads-up (`blind = BB SB`, `firstPlayer = 2 1 1 1`) and the small blind with 3 or more
// players (`blind = SB BB 0 ...`, `firstPlayer = 3 1 1 1`). pokerarena's table puts the small
// blind left of the button (the button itself heads-up), so in both cases
//     position = (seat - button - 1) mod num_seats,   seat = (button + 1 + position) mod num_seats
// and read_game_definition refuses definitions whose blinds or first players are laid out
// otherwise.
//
// Guarantees: nothing here throws except read_game_definition (GameDefinitionError naming the
// file, the line and what was expected); the state writer and the parsers allocate nothing
// once `out` has the capacity of a line, and a parser that refuses its input says why in
// `error` (assigned only then).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena::acpc {

inline constexpr int position_of(int seat, int button, int num_seats) {
    return ((seat - button - 1) % num_seats + num_seats) % num_seats;
}
inline constexpr int seat_of(int position, int button, int num_seats) {
    return (button + 1 + position) % num_seats;
}

// ---------------------------------------------------------------------------------------
// Game definition files

class GameDefinitionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A game definition as pokerarena plays it: a cash game (stacks reset every hand).
struct GameDefinition {
    GameDef game;  // reset_stacks_each_hand = true, every seat starting with `stack`
    bool limit = false;
    Chips stack = 0;
};

// Reads a game definition ("GAMEDEF" ... "END GAMEDEF", '#' comments, keys in any case):
// `limit` or `nolimit`, numPlayers (2..10), numRounds (1..4), stack (one value, or one per
// player, all equal; no-limit requires it, fixed-limit defaults to 1000 big blinds or antes),
// blind (heads-up BB SB, else SB BB 0...; or one value for every player, an ante, limit only),
// raiseSize (fixed-limit, per round: a small bet, then a big bet from one round on),
// firstPlayer (per round: 1; with blinds the first round's is left of the big blind, heads-up
// 2, else 3), maxRaises (fixed-limit, per round: CAP-1 CAP CAP ... with blinds, where the big
// blind counts as the first bet; CAP CAP ... with antes), numSuits (1..4) and numRanks (1..13)
// (the deck: the highest ranks of the highest suits, as the ACPC dealer deals them),
// numHoleCards (1 or 2), numBoardCards (per round, none in the first). The cards must make a
// showdown pokerarena ranks: 1 hole card and no board (HighCard, Kuhn), 1 hole card and 1 board
// card (PairOrHighCard, Leduc), or 5 to 7 cards of the 52-card deck (BestFive, hold'em). Any
// other key, a value that is not a whole number, or a rule pokerarena does not play throws
// GameDefinitionError "FILE:LINE: ...".
GameDefinition read_game_definition(const std::filesystem::path& file);
// The same from text; `name` stands for the file in messages.
GameDefinition parse_game_definition(std::string_view text, std::string_view name);

// For an ACPC client started as `command` (its program, then its arguments) in `folder`, to
// play `game` (the run's): the refusal when an argument (or the FILE of an argument
// -KEY=FILE) names a game definition of another game, or empty. An argument counts when it
// is a regular file of at most 1 MiB whose first line that is not blank or a '#' comment is
// GAMEDEF (nothing else is opened); it is read as read_game_definition() reads it, and
// compared on what a hand depends on: betting, players, blinds, ante, the stack and, in
// fixed-limit, the bets and the cap. The refusal names the argument and both games ("the
// ACPC client's argument 'holdem.limit.2p.game' is a game definition of fixed-limit hold'em,
// 2 players, blinds 5/10, ..., but the run plays no-limit hold'em, ..."); a definition
// pokerarena cannot play is refused with its reason. A client that names the wrong game
// plays by other rules than the dealer: the ACPC example player makes a raise the run's game
// does not allow at almost every hand.
std::string game_definition_mismatch(const std::vector<std::string>& command,
                                     const std::filesystem::path& folder, const GameDef& game);

// ---------------------------------------------------------------------------------------
// States and actions

// What a state line needs of the game besides a view: the betting (raise totals or bare r),
// the antes of a game without blinds (ACPC writes them as every player's blind, so a raise
// total counts them), and the board cards each round deals.
struct StateGame {
    bool limit = false;
    bool blinds = true;  // false: antes only, no bet to match when the first round opens
    Chips ante = 0;      // a game of antes only: every seat's
    std::array<int, kMaxRounds> board_cards{0, 3, 1, 1};
};
StateGame state_game(const GameDef& game);

// Appends the state line (without "\r\n") that the seat to act in `view` is sent: position
// from the seat and button, `hand_number` as given, the betting of the whole hand with raise
// totals over the hand (no-limit) or bare `r` (fixed-limit), the seat's own hole cards and the
// board, each round's cards after a '/'. False (and `error`) for a view the protocol cannot
// carry: antes beside blinds, or more actions than the view kept.
bool write_state(std::string& out, const SeatView& view, std::uint32_t hand_number,
                 const StateGame& game, std::string& error);

// An action as a client writes it.
struct ClientAction {
    ActionKind kind = ActionKind::CheckCall;
    bool has_total = false;
    Chips total = 0;  // r<total>: the seat's total over the hand
};

// "f", "c", and in no-limit "r<digits>", in fixed-limit a bare "r" (ACPC 2.0.0 reads a raise's
// size only in no-limit). Anything else is refused, a total in fixed-limit ("r7") with a
// message saying that it belongs to no-limit. A total too large for any table's chips reads as
// kMaxTotalChips + 1 (no seat may raise to it, raise_total_problem says so).
bool parse_action(std::string_view text, bool limit, ClientAction& action, std::string& error);

// The engine's action for a client's: a raise's hand total less what the seat had put in
// before this round (`round_start`) is its street total; a fixed-limit `r` raises to
// `legal.min_raise_to` (the only size). The table judges whether it is legal.
Action to_engine(const ClientAction& action, Chips round_start, const LegalActions& legal,
                 bool limit);

// For a no-limit raise to `total` (the seat's chips in the hand after it, as ACPC writes it):
// empty when the seat may raise to it, else why not in the protocol's terms, the table's legal
// street totals (`legal`) moved by what the seat had put in before the round (`round_start`):
// "is below the smallest legal raise total, r200; the legal raise totals are r200 to r20000",
// "is above the largest legal raise total, r20000 (all-in); ...", "no raise is allowed here:
// the seat may only call (c) or fold (f)". The caller names the raise in front of it.
std::string raise_total_problem(Chips total, Chips round_start, const LegalActions& legal);

// A state line, parsed (the client's side).
struct MatchState {
    int position = 0;
    std::uint32_t hand = 0;
    int round = 0;  // the number of '/' in the betting
    int num_actions = 0;
    struct Step {
        ActionKind kind;
        Chips total;  // r<total> (0 when bare or not a raise)
        std::uint8_t round;
        bool has_total;
    };
    std::array<Step, kMaxRecordedActions> actions{};
    int num_positions = 0;  // hole-card fields
    std::array<std::array<Card, kMaxHoleCards>, kMaxSeats> hole{};
    std::array<bool, kMaxSeats> hole_known{};
    std::array<int, kMaxSeats> hole_count{};  // cards in each field (0 when unknown)
    std::array<Card, kMaxBoardCards> board{};
    int board_count = 0;
    std::array<int, kMaxRounds> board_in_round{};  // board cards given in each round
};

// Parses "MATCHSTATE:P:H:BETTING:CARDS" (a trailing "\r" or "\n" is ignored). A hole-card field
// holds 0 to 2 cards, as ACPC games deal (the game's numHoleCards when known, which the caller
// checks).
bool parse_match_state(std::string_view line, MatchState& state, std::string& error);

// The position and hand number of a state line: what an answer's echo is matched by.
bool state_hand(std::string_view line, std::uint32_t& hand);

}  // namespace pokerarena::acpc
