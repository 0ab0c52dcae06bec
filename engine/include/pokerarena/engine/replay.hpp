// Replaying PHH hands through the engine: the check that the engine plays real hands exactly.
//
// A hand is set up on a fresh Table: player p(i+1) sits in seat i, the last player has the
// button, stacks and per-seat forced bets come from the file (heads-up, `antes` and
// `blinds_or_straddles` are applied reversed, as the PHH standard says: p1 posts the big
// blind, p2 the button posts the small blind), and the dealt cards are preset (unknown cards
// `????` come from the rest of the deck). Every player action is then applied with act(), in
// file order; the board deals of the file must match the rounds the engine reaches.
//
// Finishing stacks, where the file has them, must equal the engine's exactly, with one
// exception (the Pluribus convention, ../shared/phh/README.md): a player who shared a split
// pot may differ by at most one chip unit, since some files write the odd chip as two halves.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/hand_record.hpp"
#include "pokerarena/engine/phh.hpp"

namespace pokerarena {

enum class ReplayStatus : std::uint8_t {
    Matched,      // every action legal, finishing stacks equal
    Mismatched,   // every action legal, some finishing stack differs
    Unchecked,    // every action legal, nothing to compare (no finishing_stacks, or the result
                  // depends on cards the file does not give)
    Error,        // bad input, or an action the engine rejects
    Unsupported,  // a PHH variant the engine does not play
};

struct ReplayResult {
    ReplayStatus status = ReplayStatus::Matched;
    std::string location;
    // Error: what went wrong, naming the field or the action and its index ("actions[9]
    // 'p3 cbr 150': raise to 150 is below the minimum raise to 200"). Unsupported and
    // Unchecked: why. Mismatched: "finishing stacks differ for p2, p5". Matched: empty.
    std::string message;
    // One line per player whose finishing stack differs ("p2: file 9900, engine 9950"),
    // including accepted odd-chip differences ("... (odd chip of a split pot, accepted)").
    std::vector<std::string> differences;
    // The engine's stacks after the hand (chip units), p1 first; empty after an Error.
    std::vector<Chips> engine_stacks;
};

// Replays one parsed hand. Never throws for bad input.
ReplayResult replay_hand(const PhhHand& hand, std::string_view location);

// Replays one entry of read_phh_file / parse_phh (errors and unsupported variants pass
// through).
ReplayResult replay_entry(const PhhEntry& entry);

// The PHH form of a hand the engine recorded, for writing with write_phh. Players are the
// seats dealt in, p1 left of the button; amounts are the engine's chips (chip unit 1); the
// forced bets are the nominal ones of `def` (a seat that could not cover its blind posted
// less); metadata records `hand`, `table`, `seats` (1-based engine seats) and `seat_count`.
// Throws std::invalid_argument for a pot-limit game (PHH has no pot-limit hold'em code).
PhhHand phh_from_record(const HandRecord& record, const GameDef& def);

struct ReplaySummary {
    int hands = 0;  // every hand read, whatever its outcome
    int matched = 0;
    int mismatched = 0;
    int errors = 0;     // includes files that could not be read or parsed (one per file)
    int unchecked = 0;  // replayed legally, nothing to compare
    int skipped = 0;    // unsupported variants
    // "4763 hands, 4727 matched, 0 mismatched, 0 errors, 1 unchecked, 35 skipped"
    std::string line() const;
    bool ok() const { return mismatched == 0 && errors == 0; }
};

// The .phh and .phhs files under each path (a file is taken as given, whatever its name;
// directories are searched recursively), in sorted order. A path that does not exist is
// returned unchanged, so that reading it reports the error.
std::vector<std::filesystem::path> find_phh_files(std::span<const std::filesystem::path> paths);

// Replays every hand of every file, writing one line per problem to `out`
// ("ERROR loc: message", "MISMATCH loc: p2, p5 differ"; with verbose also each difference,
// "SKIP loc: unsupported variant 'F7S'" and "UNCHECKED loc: why"), then the summary line and,
// when variants were skipped, a line counting them by variant. A bad file never stops the
// replay of the others. Each of these is one error naming the path: a path that does not
// exist, a folder that cannot be searched or holds no .phh or .phhs file, a .phh or .phhs
// symbolic link in a folder whose target cannot be read, and a file given by path that holds
// no hand (an empty .phhs). A .phhs without hands found in a folder is not an error (a run's
// hh_out folder has one, holding comments only, for a unit all of whose sampled hands were too
// long for PHH).
ReplaySummary replay_files(std::span<const std::filesystem::path> paths, bool verbose,
                           std::ostream& out);

}  // namespace pokerarena
