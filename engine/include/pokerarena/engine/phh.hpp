// PHH, the Poker Hand History format (TOML; "A Standard for Poker Hand Histories", Kim 2024):
// reading and writing the hold'em and Omaha variants the engine plays.
//
// Supported: `variant = 'NT'` (no-limit Texas hold'em), `'FT'` (fixed-limit), `'NS'` (no-limit
// short-deck hold'em: the 36-card deck, GameDef::short_deck's ranking; its forced bets are the
// file's, usually antes and a button blind), `'PO'` (pot-limit Omaha) and `'FO/8'` (fixed-limit
// Omaha hi-lo eight or better), one hand per `.phh` file, many per `.phhs` file (one TOML table
// per hand: `[1]`, `[2]`, ...). Other variants (stud, draw) are recognised and reported as
// unsupported.
//
// Players: `p1..pN` in seat order starting left of the button; `p1` posts the small blind and
// `pN` has the button. Index i of every per-player array is player p(i+1). The heads-up
// reversal of forced bets is NOT applied here: `antes` and `blinds_or_straddles` are kept as
// written; replay applies the reversal (see replay.hpp).
//
// Amounts: PHH writes money, possibly with decimals (`8.50`). Each hand has a chip unit, the
// largest power of ten 10^-d that makes every amount of the table set-up (`starting_stacks`,
// `antes`, `blinds_or_straddles`, `min_bet`, `small_bet`, `big_bet`) a whole number; every
// amount is stored as a whole number of those units (`8.50` with d = 2 is 850). Bet amounts in
// `actions` must be whole units too (nobody bets a fraction of the smallest chip on the table):
// one with more decimals is rejected. `finishing_stacks` are results, not chips put on the
// table, and are kept exactly as written (PhhDecimal), because some files record the odd chip
// of a split pot as two half chips. No amount ever passes through floating point: the digits
// are read from the file text.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

// NT, FT, NS (no-limit short-deck), PO (pot-limit Omaha) and FO/8 (fixed-limit Omaha hi-lo
// eight or better).
enum class PhhVariant : std::uint8_t {
    NoLimitHoldem,
    FixedLimitHoldem,
    NoLimitShortDeck,
    PotLimitOmaha,
    FixedLimitOmahaHiLo,
};

// "NT", "FT", "NS", "PO" or "FO/8".
std::string_view phh_variant_code(PhhVariant variant);
// The fixed-limit variants (FT, FO/8) give small_bet and big_bet; the others min_bet.
bool phh_fixed_limit(PhhVariant variant);
// The hole cards of each player: 2 in hold'em, 4 in Omaha.
int phh_hole_cards(PhhVariant variant);

// A decimal exactly as written: the value is units / 10^decimals, with trailing zeros removed
// (9900.0 is {9900, 0}; 10162.5 is {101625, 1}).
struct PhhDecimal {
    std::int64_t units = 0;
    int decimals = 0;
    friend bool operator==(const PhhDecimal&, const PhhDecimal&) = default;
};

// "10162.5", "9900", "-3.25".
std::string to_string(PhhDecimal amount);

enum class PhhActionKind : std::uint8_t {
    DealHole,    // d dh pN CARDS
    DealBoard,   // d db CARDS
    Fold,        // pN f
    CheckCall,   // pN cc
    BetRaiseTo,  // pN cbr AMOUNT (the player's street total)
    ShowOrMuck,  // pN sm CARDS (show), pN sm - (show the dealt cards), pN sm (muck)
};

// One element of `actions`. No-ops (empty strings, a lone `# commentary`) are not stored.
struct PhhAction {
    PhhActionKind kind = PhhActionKind::Fold;
    int player = -1;   // 0 for p1; -1 for a board deal
    Chips amount = 0;  // BetRaiseTo only, in chip units
    // DealHole, DealBoard and ShowOrMuck: the cards in the order written; an empty optional is
    // an unknown card `??`. ShowOrMuck with no cards and show_dealt false is a muck.
    std::vector<std::optional<Card>> cards;
    bool show_dealt = false;  // `sm -`: shows the cards dealt earlier
    std::string commentary;   // the text after `#`, without the `#` and surrounding blanks
    int index = -1;           // position in the file's `actions` array (for messages)

    friend bool operator==(const PhhAction&, const PhhAction&) = default;
};

// The action as PHH text ("p3 cbr 8.50", "d dh p1 As????"), amounts written with the hand's
// chip unit.
std::string to_phh_text(const PhhAction& action, int chip_decimals);

// One hand. Per-player vectors have num_players() entries.
struct PhhHand {
    PhhVariant variant = PhhVariant::NoLimitHoldem;
    int chip_decimals = 0;  // one chip unit is 10^-chip_decimals of the file's amounts
    bool ante_trimming_status = false;
    std::vector<Chips> antes;
    std::vector<Chips> blinds_or_straddles;
    Chips min_bet = 0;    // no-limit: the minimum bet (the big blind of the min-raise rule)
    Chips small_bet = 0;  // fixed-limit: the bet of the first two rounds
    Chips big_bet = 0;    // fixed-limit: the bet of the last two rounds
    std::vector<Chips> starting_stacks;
    std::vector<PhhAction> actions;
    std::optional<std::vector<PhhDecimal>> finishing_stacks;
    std::vector<std::string> players;  // empty when the file has no `players`
    // Every other field (author, event, hand, day, currency, ...) as key and TOML value text
    // (`'Juho Kim'`, `2023`), in file order; written back verbatim.
    std::vector<std::pair<std::string, std::string>> metadata;

    int num_players() const { return static_cast<int>(starting_stacks.size()); }
    friend bool operator==(const PhhHand&, const PhhHand&) = default;
};

// What reading produced for one hand of a file.
struct PhhEntry {
    enum class Status : std::uint8_t { Ok, Unsupported, Error };
    Status status = Status::Ok;
    std::string location;  // "dir/x.phh", or "dir/x.phhs [3]" for a hand of a .phhs
    // Unsupported: "unsupported variant 'F7S'". Error: one message naming the field or the
    // action and what is wrong ("actions[7] 'p2 cc': p2 acts after folding at actions[4]").
    std::string message;
    PhhHand hand;  // meaningful when status is Ok
};

// Parses PHH text. With many_hands false the text is one hand (.phh); with many_hands true
// every top-level table is a hand (.phhs), in file order. source_name prefixes locations.
// Never throws for bad input: bad TOML gives one Error entry for the whole text (with the
// line and column); a bad hand gives an Error entry and the other hands still parse. Text that
// toml++ could not survive is refused before it parses, with one Error entry naming the line:
// more than 256 MiB, not UTF-8, not ASCII outside strings and comments, a key over 1 KB, or
// nesting over 64 levels (engine/src/toml_bounds.hpp).
// Memory: a .phhs whose tables are all plain hand headers (`[1]`, `[2]`, ... each a bare key,
// once), as pokerarena and PokerKit write them, is parsed one hand at a time, so that reading
// holds the text and one hand's tables, not the whole file's (about 20 times its text); bad
// TOML is then an Error entry of the hand it is in (the line still counted in the file), and
// the other hands still parse. Any other text is parsed as one document, and refused with one
// Error entry above 16 MiB, as is a hand above 16 MiB (a hand takes a few KB).
// Checks everything that needs no rules engine: required fields and their types, array
// lengths (one entry per player, 2 to kMaxSeats players), amounts (non-negative, positive
// stacks, whole chip units, 64-bit, forced bets and bet sizes at most kMaxTotalChips), action
// syntax, player numbers, card syntax, a card dealt or shown twice, shown cards that
// contradict the dealt ones, deals in the variant's shape (two hole cards per player, four in
// PO and FO/8, before any bet, then 3, 1 and 1 board cards), and any action after a fold.
// read_phh_file() reads at most one byte past the size bound.
std::vector<PhhEntry> parse_phh(std::string_view text, std::string_view source_name,
                                bool many_hands);
// The same, each entry given to `each` as it is read, in order (nothing kept).
void parse_phh(std::string_view text, std::string_view source_name, bool many_hands,
               const std::function<void(PhhEntry)>& each);

// Reads a file: .phhs files hold many hands, anything else one. An unreadable file gives one
// Error entry, and so does anything but a regular file (a FIFO, whose open would wait for a
// writer; a device such as /dev/zero, which never ends), refused before it is read.
std::vector<PhhEntry> read_phh_file(const std::filesystem::path& path);
// The same, each entry given to `each` as it is read (what `replay` uses: one hand at a time).
void read_phh_file(const std::filesystem::path& path, const std::function<void(PhhEntry)>& each);

// PHH text for one hand (a .phh file). Reading it back with parse_phh gives an equal PhhHand
// when the hand's action indexes are 0, 1, 2, ... (no-ops are not written, so indexes are
// renumbered) and its metadata values are TOML value text, as parse_phh produces them.
std::string write_phh(const PhhHand& hand);

// PHH text for many hands (a .phhs file), sections [1], [2], ... in order.
std::string write_phhs(std::span<const PhhHand> hands);

}  // namespace pokerarena
