// A pokerarena bot as an ACPC client (`pokerarena acpc-client`): connects to an ACPC dealer,
// says "VERSION:2.0.0", and answers every state in which its position is to act with the
// bot's decision.
//
// Guarantees
// - Each state line is replayed on a table of `game` (acpc.hpp: position p sits in seat p, the
//   button in the last seat), with the line's cards dealt: the bot sees the view a pokerarena
//   table would give its seat (the stacks from the game definition, as in a cash game),
//   so it decides exactly as it would inside pokerarena. Hands are played from their states
//   alone: the bot gets no events, and the view's hand number is the dealer's.
// - States in which another position is to act, or the hand is over, and lines starting with
//   '#' or ';' (the protocol's comments) are read and not answered.
// - A bot's action the table refuses (or a decide() that throws) is answered with check when
//   it is free, else fold, and counted (AcpcClientResult::faults; the first is written to
//   `err`), as a fault is inside pokerarena.
// - A state that cannot be parsed or whose betting is not legal in `game` (among them a raise
//   total in fixed-limit, whose raise ACPC 2.0.0 writes as a bare r: the dealer plays a
//   no-limit game), or a connection that fails, ends the client with status 1 and the reason
//   on `err`, naming the action and, for a no-limit total, the legal ones in hand totals. The
//   dealer closing the connection after the final state of a hand ends it with status 0 (the match
//   is over); closing it inside a line, or inside a hand (the last state read shows the hand still
//   being played), ends it with status kAcpcClientCutShort, the message naming the hand and
//   the hands played to their end. Under pokerarena's own bridge with connection=lane, which
//   sends only the states in which the client is to act, every end looks cut short: the bridge
//   ends its client when the run is over and does not read that status.
// - Every message on `err` is escaped (printable_text): it quotes the dealer's bytes.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/bots/bot.hpp"

namespace pokerarena {

// The exit status of a match the dealer cut short (see above).
inline constexpr int kAcpcClientCutShort = 3;

struct AcpcClientResult {
    // 0: the dealer ended the match; 1: a failure; kAcpcClientCutShort (both written to err).
    int status = 0;
    std::int64_t states = 0;     // state lines read
    std::int64_t decisions = 0;  // answered
    std::int64_t faults = 0;     // actions the table refused, or decide() threw
    std::int64_t hands = 0;      // hands whose final state was read (each counted once)
    std::uint32_t hand = 0;      // the hand of the last state read
    bool in_hand = false;        // that state shows its hand still being played
};

// The answer (without "\r\n") to `line` when the position it names is to act: appends
// "<line>:<action>" to `answer` and returns true; false with `answer` untouched when it is not
// to act or the hand is over. Throws std::invalid_argument naming what is wrong with a line
// that cannot be played in `game`. A fault is counted in `result`, and so is the hand
// (result.hands, hand, in_hand).
bool answer_state(std::string_view line, const acpc::GameDefinition& game, Bot& bot,
                  std::string& answer, AcpcClientResult& result, std::ostream& err);

// Connects to host:port and plays until the dealer closes the connection.
AcpcClientResult play_acpc_client(const acpc::GameDefinition& game, Bot& bot,
                                  const std::string& host, const std::string& port,
                                  std::ostream& err);

}  // namespace pokerarena
