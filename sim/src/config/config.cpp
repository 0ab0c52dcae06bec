#include "pokerarena/sim/tournament.hpp"

#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

#include "config/acpc_game.hpp"
#include "config/duplicate_keys.hpp"
#include "config/schedule.hpp"
#include "formats/format.hpp"
#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "report/process_bots.hpp"

namespace pokerarena::sim {

namespace {

using std::to_string;

[[noreturn]] void fail(const std::string& message) {
    throw ConfigError(message);
}

using formats::shortest_text;

const formats::TournamentFormat& format(const TournamentConfig& c) {
    return formats::format_of(c.format());
}

// --- Reading ---------------------------------------------------------------------------------

struct TextPosition {
    int line = 0;    // from 0
    int column = 0;  // from 0, in bytes
};

// Byte offset of the parser's (line, column); its columns advance to the next multiple of 8 at
// a tab (io/tokenizer.h).
std::size_t offset_of(const std::string& text, int line, int column) {
    std::size_t at = 0;
    for (int l = 0; l < line && at < text.size(); ++at)
        if (text[at] == '\n') ++l;
    for (int c = 0; c < column && at < text.size() && text[at] != '\n'; ++at)
        c = text[at] == '\t' ? (c / 8 + 1) * 8 : c + 1;
    return at;
}

TextPosition position_of(const std::string& text, std::size_t offset) {
    TextPosition p;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++p.line;
            p.column = 0;
        } else {
            ++p.column;
        }
    }
    return p;
}

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The last whole-word occurrence of `name` that ends at or before `end`, or npos.
std::size_t find_name_before(const std::string& text, const std::string& name, std::size_t end) {
    while (end >= name.size()) {
        const std::size_t at = text.rfind(name, end - name.size());
        if (at == std::string::npos) return at;
        const bool starts = at == 0 || !is_name_char(text[at - 1]);
        const bool ends = at + name.size() >= text.size() || !is_name_char(text[at + name.size()]);
        if (starts && ends) return at;
        if (at == 0) break;
        end = at + name.size() - 1;
    }
    return std::string::npos;
}

// The parser reports where it stopped: just after an unknown field name ("handz: 5" at column
// 6), or at the token after a bad enum value (the next line when the value ended its line).
// When the message quotes the offending name, point at that name instead: the first quoted
// word of the message that occurs, as a whole word, before the parser's position.
TextPosition locate(const std::string& text, int line, int column, const std::string& message) {
    const std::size_t end = offset_of(text, line, column);
    for (std::size_t open = message.find('"'); open != std::string::npos;) {
        const std::size_t close = message.find('"', open + 1);
        if (close == std::string::npos) break;
        const std::string name = message.substr(open + 1, close - open - 1);
        if (!name.empty() && std::all_of(name.begin(), name.end(), is_name_char)) {
            const std::size_t at = find_name_before(text, name, end);
            if (at != std::string::npos) return position_of(text, at);
        }
        open = message.find('"', close + 1);
    }
    return {line, column};
}

// `hands` is no key of a configuration: the run's length is counted in deals (a sit-and-go's in
// tournaments, each one deal of the schedule), which are worth a number of hands that depends
// on the format, duplicate and the seats. The parsers would only say the key is unknown; this
// names the key to give instead.
constexpr const char* kHandsKey = "hands";

std::string hands_key_problem() {
    return std::string(kHandsKey) +
           ": not a configuration key; give deals (the deals per pairing, the deals per ring "
           "seat group, or a sit-and-go's tournaments)";
}

class TextErrors : public google::protobuf::io::ErrorCollector {
  public:
    TextErrors(std::string file, const std::string& text) : file_(std::move(file)), text_(text) {}
    // The parser counts lines and columns from 0; editors and compilers count from 1.
    void AddError(int line, google::protobuf::io::ColumnNumber column,
                  const std::string& message) override {
        const TextPosition p = locate(text_, line, column, message);
        if (!errors_.empty()) errors_ += '\n';
        const bool hands = message == "Message type \"" +
                                          TournamentConfig::descriptor()->full_name() +
                                          "\" has no field named \"" + kHandsKey + "\".";
        errors_ += file_ + ':' + to_string(p.line + 1) + ':' + to_string(p.column + 1) + ": " +
                   (hands ? hands_key_problem() : message);
    }
    const std::string& errors() const { return errors_; }

  private:
    std::string file_;
    const std::string& text_;
    std::string errors_;
};

// Far above any configuration (1,000 bots take about 50 KB), far below what would strain
// Protobuf's parsers.
constexpr std::size_t kMaxConfigBytes = std::size_t{16} << 20;

std::string read_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        fail(path.string() + ": is a folder; expected a configuration file");
    std::string text;
    try {
        // Not a FIFO or a device: the open of one would wait for a writer, the other never end.
        text = read_input_file(path, kMaxConfigBytes);
    } catch (const InputFileError& error) {
        fail(path.string() + ": " + error.what() +
             "; expected a configuration file (Protobuf text format, "
             "or JSON when the name ends in .json)");
    }
    if (text.size() > kMaxConfigBytes)
        fail(path.string() + ": more than " + to_string(kMaxConfigBytes >> 20) +
             " MiB; a configuration is a few KB (1,000 bots take about 50 KB)");
    return text;
}

[[noreturn]] void fail_given_twice(const std::filesystem::path& path, const DuplicateKey& twice) {
    fail(path.string() + ':' + to_string(twice.line + 1) + ':' + to_string(twice.column + 1) +
         ": " + twice.message());
}

// Protobuf text format into `message`; ConfigError with the parser's errors, each naming the
// file, line and column.
void parse_text(const std::filesystem::path& path, const std::string& text,
                google::protobuf::Message& message) {
    google::protobuf::TextFormat::Parser parser;
    TextErrors errors(path.string(), text);
    parser.RecordErrorsTo(&errors);
    parser.AllowUnknownField(false);
    if (!parser.ParseFromString(text, &message)) {
        if (errors.errors().empty()) fail(path.string() + ": not a valid configuration");
        fail(errors.errors());
    }
}

// --- Defaults and validation -----------------------------------------------------------------

// Once for every way a configuration is made (text format, JSON, flags, a resumed report's):
// the text parser takes any bytes in a string, and a report holding them could not be read
// back.
void check_utf8(const TournamentConfig& c) {
    if (const auto bad = find_invalid_utf8(c))
        fail(bad->field + ": not valid UTF-8 (" + bad->where() +
             "); text in a configuration must be UTF-8");
}

// Every float field, wherever it is in the message (sprt, sit_and_go, a process bot's timeout,
// decision_timeout and any added later): NaN passes every range check written as `x < low ||
// x > high` and infinity makes seconds and prizes meaningless, so neither is a value. Walked
// by reflection so that a new field cannot be forgotten. `path` is the field's name as a
// message names it ("bots[2].process.timeout").
void check_finite_numbers(const google::protobuf::Message& message, const std::string& path) {
    using google::protobuf::FieldDescriptor;
    const auto& reflection = *message.GetReflection();
    std::vector<const FieldDescriptor*> fields;
    reflection.ListFields(message, &fields);
    for (const FieldDescriptor* field : fields) {
        const std::string name = path + (path.empty() ? "" : ".") + field->name();
        const int count = field->is_repeated() ? reflection.FieldSize(message, field) : 1;
        for (int k = 0; k < count; ++k) {
            const std::string where = field->is_repeated() ? name + "[" + to_string(k) + "]" : name;
            double value = 0;
            switch (field->cpp_type()) {
                case FieldDescriptor::CPPTYPE_DOUBLE:
                    value = field->is_repeated() ? reflection.GetRepeatedDouble(message, field, k)
                                                 : reflection.GetDouble(message, field);
                    break;
                case FieldDescriptor::CPPTYPE_FLOAT:
                    value = field->is_repeated() ? reflection.GetRepeatedFloat(message, field, k)
                                                 : reflection.GetFloat(message, field);
                    break;
                case FieldDescriptor::CPPTYPE_MESSAGE:
                    check_finite_numbers(field->is_repeated()
                                             ? reflection.GetRepeatedMessage(message, field, k)
                                             : reflection.GetMessage(message, field),
                                         where);
                    continue;
                default:
                    continue;
            }
            if (!std::isfinite(value))
                fail(where + ": " + shortest_text(value) + "; expected a finite number");
        }
    }
}

// Seconds a process bot may take for one decision; 0 is the default.
void check_decision_timeout(const TournamentConfig& c) {
    const double t = c.decision_timeout();
    if (t != 0 && !(t >= 0.001 && t <= 86400))
        fail("decision_timeout: " + shortest_text(t) +
             "; expected seconds from 0.001 to 86400 (0: the default, 10)");
}

void check_enums(const TournamentConfig& c) {
    // Proto3 enums are open: a number outside the enum parses, so name what is allowed.
    // format_of() refuses a value that is not a format, naming those that are.
    format(c);
    if (!Betting_IsValid(c.betting()))
        fail("betting: " + to_string(c.betting()) +
             "; expected NO_LIMIT, POT_LIMIT or FIXED_LIMIT");
}

void check_bots(TournamentConfig& c) {
    if (c.bots_size() < 2)
        fail("bots: " + to_string(c.bots_size()) + " given; a tournament needs at least 2 bots");
    std::set<std::string> names;
    for (int i = 0; i < c.bots_size(); ++i) {
        BotEntry& bot = *c.mutable_bots(i);
        const std::string field = "bots[" + to_string(i) + "]";
        if (bot.spec().empty() && !bot.has_process())
            fail(field +
                 ".spec: empty; expected a built-in bot (\"tag\", "
                 "\"equity:samples=500\"), a plugin (PATH.so[:config]) or a process bot "
                 "(proc:COMMAND, or a `process` with its command)");
        if (!bot.spec().empty() && bot.has_process())
            fail(field + ": both a spec and a process; give the bot one of them");
        if (bot.name().empty()) bot.set_name(detail::process_spec_text(bot));
        if (!names.insert(bot.name()).second)
            fail(field + ".name: '" + bot.name() +
                 "' is already the name of another bot; names must be distinct: give this one "
                 "another (name: \"" +
                 bot.name() + "-2\" in a configuration file, " + bot.name() + "-2=" + bot.spec() +
                 " in --bots)");
    }
}

// ACPC clients play what ACPC's states can describe: the games of the formats that allow them
// (TournamentFormat::check_acpc_bot), of limit or no-limit.
void check_acpc_bots(const TournamentConfig& c) {
    for (int i = 0; i < c.bots_size(); ++i) {
        if (!is_acpc_spec(c.bots(i).spec())) continue;
        const std::string field = "bots[" + to_string(i) + "].spec";
        format(c).check_acpc_bot(field);
        if (c.betting() == POT_LIMIT)
            fail(field +
                 ": an ACPC client cannot play pot-limit (ACPC games are limit or "
                 "nolimit); use betting: NO_LIMIT or FIXED_LIMIT");
    }
}

// The games `game` names besides hold'em, with their engine definitions.
struct NamedGame {
    const char* name;
    GameDef (*make)(int seats, Chips stack);
};
constexpr NamedGame kNamedGames[] = {{"kuhn", GameDef::kuhn}, {"leduc", GameDef::leduc}};

const NamedGame* named_game(const TournamentConfig& c) {
    for (const NamedGame& g : kNamedGames)
        if (c.game() == g.name) return &g;
    return nullptr;
}

// The Omaha games `game` names: hold'em's stakes and formats with four hole cards, pot-limit
// Omaha (plo) and fixed-limit Omaha hi-lo eight or better (plo8), as PHH's PO and FO/8.
struct OmahaGame {
    const char* name;
    Betting betting;
    HandRanking ranking;
};
constexpr OmahaGame kOmahaGames[] = {{"plo", POT_LIMIT, HandRanking::OmahaHigh},
                                     {"plo8", FIXED_LIMIT, HandRanking::OmahaHiLo}};

const OmahaGame* omaha_game(const TournamentConfig& c) {
    for (const OmahaGame& g : kOmahaGames)
        if (c.game() == g.name) return &g;
    return nullptr;
}

constexpr const char* kShortDeck = "short-deck";

// What hold'em has and another named game does not: an ACPC game and ACPC clients, all-in EV,
// and as asked AIVAT and PHH hand histories (Kuhn and Leduc).
void refuse_holdem_only_fields(const TournamentConfig& c, const std::string& what, bool aivat,
                               bool hand_histories) {
    const std::pair<const char*, bool> refused[] = {
        {"acpc_game", !c.acpc_game().empty()},
        {"allin_ev", c.allin_ev()},
        {"aivat", aivat && c.aivat()},
        {"hh_out", hand_histories && !c.hh_out().empty()}};
    const std::string holdem_only = std::string("all-in EV") + (aivat ? ", AIVAT" : "") +
                                    (hand_histories ? ", PHH hand histories" : "") +
                                    " and ACPC games are hold'em's";
    for (const auto& [field, given] : refused)
        if (given)
            fail(std::string(field) + ": given, but " + what + " has none (" + holdem_only + ")");
    for (int i = 0; i < c.bots_size(); ++i)
        if (is_acpc_spec(c.bots(i).spec()))
            fail("bots[" + to_string(i) + "].spec: an ACPC client plays hold'em here, not " + what);
}

// Omaha's betting is the game's; the hold'em-only analyses and ACPC have no Omaha.
void check_omaha_game(TournamentConfig& c, const OmahaGame& game) {
    const std::string what = std::string("game ") + game.name;
    if (c.betting() != BETTING_UNSPECIFIED && c.betting() != game.betting)
        fail("betting: " + Betting_Name(c.betting()) + "; " + what + " is " +
             Betting_Name(game.betting) + " (leave betting out)");
    refuse_holdem_only_fields(c, what, false, false);
    c.set_betting(game.betting);
}

// A named game plays its own betting, which a configuration leaves out or gives as it is.
void check_betting(const TournamentConfig& c, const std::string& what, Betting betting) {
    if (c.betting() != BETTING_UNSPECIFIED && c.betting() != betting)
        fail("betting: " + Betting_Name(c.betting()) + "; " + what + " is " +
             (betting == NO_LIMIT ? "no-limit" : "fixed-limit") + " (leave betting out)");
}

// Short-deck: no-limit, antes (by default the button blind, as in PHH's and PokerKit's
// hands) and a button blind, which is big_blind. The small blind does not exist; it is set to
// the big blind so that the cash formats' checks of the blinds hold (a report's configuration,
// checked again, holds that value). A sit-and-go's stakes are its levels (sit_and_go.cpp
// checks them, and refuses these fields).
void check_short_deck(TournamentConfig& c) {
    const std::string what = std::string("game ") + kShortDeck;
    check_betting(c, what, NO_LIMIT);
    refuse_holdem_only_fields(c, what, false, false);
    c.set_betting(NO_LIMIT);
    if (c.format() == SIT_AND_GO) return;
    if (c.has_big_blind() && c.big_blind() < 1)
        fail("big_blind: " + to_string(c.big_blind()) +
             "; expected the button blind, a positive number of chips");
    if (!c.has_big_blind()) c.set_big_blind(2);
    if (c.has_small_blind() && c.small_blind() != c.big_blind())
        fail("small_blind: " + to_string(c.small_blind()) + "; " + what +
             " has a button blind only (big_blind): leave small_blind out");
    if (c.ante() < 0)
        fail("ante: " + to_string(c.ante()) + "; expected 0 (the button blind) or more chips");
    c.set_small_blind(c.big_blind());
    if (c.ante() == 0) c.set_ante(c.big_blind());
}

// Kuhn and Leduc fix their own betting and, in the cash formats, their stakes: the fields that
// would set them must be unset, or hold what a run filled in before (a report's configuration
// is checked again). A sit-and-go's antes are its levels (sit_and_go.cpp checks them, and
// refuses these fields).
void check_game(TournamentConfig& c) {
    if (c.game().empty() || c.game() == "holdem") return;
    if (const OmahaGame* omaha = omaha_game(c)) return check_omaha_game(c, *omaha);
    if (c.game() == kShortDeck) return check_short_deck(c);
    const NamedGame* game = named_game(c);
    if (game == nullptr)
        fail("game: '" + c.game() +
             "'; expected holdem, kuhn, leduc, plo, plo8, short-deck or "
             "FILE.game (an ACPC game definition)");
    const std::string what = std::string("game ") + game->name;
    check_betting(c, what, FIXED_LIMIT);
    refuse_holdem_only_fields(c, what, false, true);
    c.set_betting(FIXED_LIMIT);
    if (c.format() == SIT_AND_GO) return;
    for (const auto& [field, given, value] :
         {std::tuple{"small_blind", c.has_small_blind(), c.small_blind()},
          std::tuple{"big_blind", c.has_big_blind(), c.big_blind()}})
        if (given && value != 1)
            fail(std::string(field) + ": " + to_string(value) + "; " + what +
                 " has no blinds (every seat antes 1, the reports' unit): leave it out");
    if (c.ante() != 0)
        fail("ante: " + to_string(c.ante()) + "; " + what + " sets its ante (1): leave it out");
    c.set_small_blind(1);
    c.set_big_blind(1);
}

void fill_format_and_seats(TournamentConfig& c) {
    if (c.format() == FORMAT_UNSPECIFIED) c.set_format(ROUND_ROBIN);
    if (c.betting() == BETTING_UNSPECIFIED) c.set_betting(NO_LIMIT);
    if (!c.has_duplicate()) c.set_duplicate(true);
    format(c).fill_seats(c);
}

void fill_deals(TournamentConfig& c) {
    if (!c.has_deals()) c.set_deals(format(c).default_deals());
    const char* what = format(c).deal_noun();
    if (c.deals() < 1 || c.deals() > kMaxDeals)
        fail("deals: " + to_string(c.deals()) + "; expected 1 to " + to_string(kMaxDeals) + " " +
             what);
}

void check_sprt(const TournamentConfig& c) {
    if (!c.has_sprt()) return;
    if (!format(c).heads_up() || c.bots_size() != 2)
        fail(std::string("sprt: a sequential test needs a heads-up match of exactly 2 bots (") +
             format(c).name() + " of " + to_string(c.bots_size()) + " bots given)");
    const Sprt& t = c.sprt();
    if (!std::isfinite(t.mbb0()) || !std::isfinite(t.mbb1()))
        fail("sprt: mbb0 and mbb1 must be finite numbers");
    if (t.mbb0() == t.mbb1())
        fail("sprt.mbb1: " + shortest_text(t.mbb1()) + "; expected a win rate other than mbb0");
    for (const auto& [name, value] : {std::pair{"alpha", t.alpha()}, std::pair{"beta", t.beta()}})
        if (!(value > 0 && value < 0.5))
            fail(std::string("sprt.") + name + ": " + shortest_text(value) +
                 "; expected an error rate between 0 and 0.5 (e.g. 0.05)");
}

// True when a bot of the configuration runs outside this process (proc:, isolated:, acpc:).
bool seats_remote_bot(const TournamentConfig& c) {
    for (const BotEntry& bot : c.bots())
        if (detail::is_process_entry(bot)) return true;
    return false;
}

// 0 is a report's of an earlier version, which may still be printed and merged (resume
// refuses it: check_resumable).
void fill_deal_scheme(TournamentConfig& c) {
    if (c.deal_scheme() == 0) c.set_deal_scheme(kDealScheme);
    if (c.deal_scheme() != kDealScheme)
        fail("deal_scheme: " + to_string(c.deal_scheme()) + "; this version deals scheme " +
             to_string(kDealScheme) + " (cards by group and deal, instances by match) only");
}

// match_deals and deals_per_unit, which depend on each other: a cash unit holds whole matches.
// `posting`: a bot the caller gave takes posted decisions (BotFactory::lanes), as a process bot.
void fill_units_and_matches(TournamentConfig& c, bool posting) {
    if (c.deals_per_unit() < 0)
        fail("deals_per_unit: " + to_string(c.deals_per_unit()) +
             "; expected a positive number (0: chosen from deals)");
    if (c.match_deals() < 0)
        fail("match_deals: " + to_string(c.match_deals()) +
             "; expected a positive number of deals (0: the default)");
    const bool cash = !format(c).freezeout();
    if (!cash && c.match_deals() != 0)
        fail("match_deals: " + to_string(c.match_deals()) +
             "; a sit-and-go's bots keep their instances for the unit's tournaments (give "
             "deals_per_unit instead)");
    const bool remote = cash && (posting || seats_remote_bot(c));
    // A bot that thinks for milliseconds gets thousands of tables in flight by default: matches
    // short enough that a group has kMinRemoteMatchesPerGroup of them (one deal when it has
    // fewer deals than twice that), and units small enough to spread over 64 processes. A
    // match of one deal costs a fast bot half its speed (a table and instances per deal), so
    // matches are no shorter than that asks. Cheap bots keep their instances for a unit, which
    // costs nothing per deal.
    if (remote && c.match_deals() == 0)
        c.set_match_deals(static_cast<std::int32_t>(std::bit_floor(static_cast<std::uint64_t>(
            std::clamp<std::int64_t>(c.deals() / kMinRemoteMatchesPerGroup, 1, 1 << 30)))));
    if (c.deals_per_unit() == 0) {
        std::int64_t deals = default_deals_per_unit(c);
        if (remote && !c.has_sprt())
            deals = std::min(
                deals, std::max<std::int64_t>(
                           1, (c.deals() + kMinRemoteUnitsPerGroup - 1) / kMinRemoteUnitsPerGroup));
        if (c.match_deals() > 0)  // whole matches, the last of the group excepted
            deals = (deals + c.match_deals() - 1) / c.match_deals() * c.match_deals();
        if (deals > std::numeric_limits<std::int32_t>::max())
            fail("deals: " + to_string(c.deals()) + " needs more than " +
                 to_string(std::numeric_limits<std::int32_t>::max()) +
                 " deals per unit; give fewer deals");
        c.set_deals_per_unit(static_cast<std::int32_t>(deals));
    }
    if (!cash) return;
    if (c.match_deals() == 0) c.set_match_deals(c.deals_per_unit());
    if (c.deals_per_unit() % c.match_deals() != 0)
        fail("deals_per_unit: " + to_string(c.deals_per_unit()) + "; a unit holds whole matches, " +
             "so it must be a multiple of match_deals (" + to_string(c.match_deals()) + ")");
}

void fill_run_options(TournamentConfig& c, bool posting) {
    fill_deal_scheme(c);
    fill_units_and_matches(c, posting);
    if (c.hh_sample() == 0) c.set_hh_sample(1);
    if (c.hh_sample() < 0)
        fail("hh_sample: " + to_string(c.hh_sample()) + "; expected N >= 1 (write one hand in N)");
    // Refused here rather than at the first unit: PHH has no variant code for pot-limit
    // hold'em, so those hands cannot be written (pot-limit Omaha has one, PO).
    if (!c.hh_out().empty() && c.betting() == POT_LIMIT && c.game() != "plo")
        fail(
            "hh_out: PHH has no variant for pot-limit hold'em; write hand histories of "
            "no-limit or fixed-limit games only");
}

GameDef make_game(const TournamentConfig& c, const std::optional<GameDef>& file_game) {
    if (file_game) {
        GameDef g = *file_game;
        if (const std::string problem = g.validate(); !problem.empty())
            fail("game: " + c.game() + " is not playable: " + problem);
        return g;
    }
    const formats::Stakes s = format(c).stakes(c);
    if (const NamedGame* game = named_game(c)) {
        GameDef g = game->make(c.seats(), s.stack);
        // The cash formats play the game's own ante of 1 (their stakes hold none); a
        // sit-and-go's first level gives its ante, and the bets scale with it.
        if (s.ante > 0) g = formats::with_ante(g, s.ante);
        g.reset_stacks_each_hand = !format(c).freezeout();
        if (const std::string problem = g.validate(); !problem.empty())
            fail("game: " + c.game() + " at " + to_string(c.seats()) +
                 " seats is not playable: " + problem);
        return g;
    }
    if (c.game() == kShortDeck) {
        GameDef g = GameDef::short_deck(c.seats(), s.stack, s.ante, s.big_blind);
        g.reset_stacks_each_hand = !format(c).freezeout();
        if (const std::string problem = g.validate(); !problem.empty())
            fail("game: short-deck at " + to_string(c.seats()) +
                 " seats is not playable: " + problem);
        return g;
    }
    GameDef g = c.betting() == FIXED_LIMIT
                    ? GameDef::fixed_limit_holdem(c.seats(), s.stack, s.small_blind, s.big_blind)
                    : GameDef::no_limit_holdem(c.seats(), s.stack, s.small_blind, s.big_blind);
    if (c.betting() == POT_LIMIT) g.structure = BettingStructure::PotLimit;
    if (const OmahaGame* omaha = omaha_game(c)) {
        g.hole_cards = 4;
        g.ranking = omaha->ranking;
    }
    if (s.ante > 0) {
        g.ante = s.ante;
        g.ante_kind = AnteKind::EveryPlayer;
    }
    // Cash formats replay the same deals with fresh stacks; a freezeout's stacks are its state.
    g.reset_stacks_each_hand = !format(c).freezeout();
    if (const std::string problem = g.validate(); !problem.empty())
        fail("the game these settings make is not playable: " + problem);
    return g;
}

}  // namespace

TournamentConfig read_config(const std::filesystem::path& path) {
    const std::string text = read_file(path);
    const auto& type = *TournamentConfig::descriptor();
    TournamentConfig config;
    if (path.extension() == ".json") {
        // Before the parser, which keeps the last value of a key given twice without a word
        // (and refuses a proto3 optional field given twice in words about oneofs).
        if (const auto twice = find_duplicate_json_key(text, type)) fail_given_twice(path, *twice);
        // The JSON parser reports no line numbers; its message names the field or token.
        const auto status = google::protobuf::util::JsonStringToMessage(text, &config);
        // Its message for a key that names no field has no line: the scanner finds it.
        const std::string_view unknown_field = ": Cannot find field.";
        if (!status.ok() && std::string(status.message()).ends_with(unknown_field)) {
            if (const auto unknown = find_unknown_json_key(text, type)) {
                const bool hands = unknown->object.empty() && unknown->key == kHandsKey;
                fail(path.string() + ':' + to_string(unknown->line + 1) + ':' +
                     to_string(unknown->column + 1) + ": " +
                     (hands ? hands_key_problem()
                            : "key \"" + unknown->key + "\"" +
                                  (unknown->object.empty() ? "" : " of " + unknown->object) +
                                  " names no field of the configuration"));
            }
        }
        if (!status.ok()) {
            // The parser may append an excerpt with a caret; keep it, without trailing blanks.
            std::string why(status.message());
            why.erase(why.find_last_not_of(" \n") + 1);
            fail(path.string() + ": not a valid JSON configuration: " + why);
        }
        return config;
    }
    parse_text(path, text, config);
    // Again as a type in which every field that is not repeated has presence, which the parser
    // refuses given twice (duplicate_keys.hpp): it let `seed: 0` then `seed: 7` through.
    google::protobuf::DynamicMessageFactory factory;
    const std::unique_ptr<google::protobuf::Message> strict(
        factory.GetPrototype(&with_presence(type))->New());
    parse_text(path, text, *strict);
    return config;
}

namespace {

// A bot's net chips over the run are at most the chips at its table times the hands it plays:
// that must fit in 64 bits, or the totals of a run that has played every unit could not be
// added up (a cash game resets the stacks every hand, so chips are won again and again; a
// sit-and-go's chips stay at its table).
void check_run_chips(const Tournament& t) {
    const TournamentConfig& c = t.config;
    if (formats::format_of(c.format()).freezeout()) return;
    const std::int64_t table = c.stack_big_blinds() * c.big_blind() * c.seats();  // < 2^61
    std::int64_t most = 0;
    const bool too_many =
        __builtin_mul_overflow(t.units.most_deals_of_one_bot(), plays_per_deal(c), &most) ||
        most == std::numeric_limits<std::int64_t>::max();
    std::int64_t run = 0;
    if (too_many || __builtin_mul_overflow(table, most, &run))
        fail("stack_big_blinds: " + to_string(c.stack_big_blinds()) + " of " +
             to_string(c.big_blind()) + " chips at " + to_string(c.seats()) + " seats over " +
             (too_many ? std::string("2^63 or more") : to_string(most)) +
             " hands of one bot: the chips a bot can win in the run must stay under 2^63; "
             "give smaller blinds or fewer hands");
}

// In /work: "/work/x" for "x" and "x/", "/work" for "" and "."; without a trailing separator,
// so that the folder a report records reads the same however it was given.
std::filesystem::path absolute_folder(const std::filesystem::path& folder) {
    // absolute() refuses an empty path.
    std::filesystem::path path =
        std::filesystem::absolute(folder.empty() ? "." : folder).lexically_normal();
    if (!path.has_filename() && path.has_relative_path()) path = path.parent_path();
    return path;
}

}  // namespace

// Rules for a configuration a person has just written, beyond what make_tournament() needs to
// play it; not applied to a report's configuration (see tournament.hpp).
void check_new_config(const TournamentConfig& c) {
    for (int i = 0; i < c.bots_size(); ++i) {
        const BotEntry& bot = c.bots(i);
        const bool named = !bot.name().empty();
        const std::string& name = named ? bot.name() : bot.spec();
        // Names are printed in tables and logs: a control character (an escape sequence, a
        // newline, the 8-bit CSI U+009B) would rewrite the terminal or break the table's lines.
        for (std::size_t k = 0; k < name.size(); ++k) {
            const auto byte = static_cast<unsigned char>(name[k]);
            const auto next = k + 1 < name.size() ? static_cast<unsigned char>(name[k + 1]) : 0;
            const bool c1 = byte == 0xC2 && next >= 0x80 && next <= 0x9F;
            if (byte < 0x20 || byte == 0x7F || c1)
                fail("bots[" + to_string(i) + "].name: contains the control character " +
                     to_string(c1 ? next : byte) + "; expected printable text" +
                     (named ? "" : " (the name defaults to the spec: give one)"));
        }
    }
    if (c.hh_sample() > 1 && c.hh_out().empty())
        fail("hh_sample: " + to_string(c.hh_sample()) +
             "; hand histories are sampled only when written: give hh_out too, or leave "
             "hh_sample out");
}

std::string older_deal_scheme(const Report& report) {
    const int scheme = report.config().deal_scheme();
    return "the report's units were played with deal_scheme " + to_string(scheme) +
           (scheme == 0 ? " (cards and bot instances keyed by work unit)" : "") +
           " by pokerarena " +
           (report.run().version().empty() ? std::string("(no version)") : report.run().version()) +
           ", and this version deals scheme " + to_string(kDealScheme) +
           " (cards by group and deal, bot instances by match), so it cannot be continued; "
           "resume it with the version that wrote it, or start the run again";
}

namespace {

// bots[i], a process bot: its programs started (and their handshakes done) and its identity.
void add_process_bot(Tournament& t, int i, const std::filesystem::path& folder,
                     const std::filesystem::path& bot_logs) {
    const BotEntry& entry = t.config.bots(i);
    const std::string field =
        "bots[" + std::to_string(i) + "]" + (entry.has_process() ? ".process" : ".spec");
    const std::filesystem::path base =
        (folder.empty() ? std::filesystem::current_path() : std::filesystem::absolute(folder))
            .lexically_normal();
    // The folder before the program: a program cannot start in a folder that is not there,
    // and the launch's error would blame the program.
    if (entry.has_process() && !entry.process().working_dir().empty()) {
        const std::filesystem::path dir = (base / entry.process().working_dir()).lexically_normal();
        std::error_code error;
        const std::filesystem::file_status status = std::filesystem::status(dir, error);
        if (!std::filesystem::is_directory(status))
            fail(field + ".working_dir: '" + entry.process().working_dir() + "' (" + dir.string() +
                 ") " +
                 (std::filesystem::exists(status) ? "is not a folder"
                  : error && error != std::errc::no_such_file_or_directory &&
                          error != std::errc::not_a_directory
                      ? "cannot be read: " + error.message()
                      : "does not exist") +
                 "; expected the folder the program runs in (relative to the configuration "
                 "file's folder)");
    }
    try {
        ProcessBotSpec spec = detail::process_bot_spec(t.config, i, base, bot_logs);
        // A game definition's game goes by its family's name (kuhn, leduc, holdem).
        spec.game = t.config.game().empty()         ? "holdem"
                    : is_game_file(t.config.game()) ? t.game.ranking_name()
                                                    : t.config.game();
        spec.deck = t.game.deck();
        spec.hole_cards = t.game.hole_cards;
        if (is_acpc_spec(entry.spec())) set_acpc_game_shape(spec, t.game);
        // Before the client starts: one that reads another game plays by other rules.
        if (const auto client = std::find(spec.command.begin(), spec.command.end(), "--");
            is_acpc_spec(entry.spec()) && client != spec.command.end()) {
            const std::string problem = acpc::game_definition_mismatch(
                {client + 1, spec.command.end()}, spec.working_dir, t.game);
            if (!problem.empty()) throw std::invalid_argument(problem);
        }
        t.factories.push_back(
            std::make_shared<ProcessBotFactory>(spec, detail::process_spec_text(entry)));
    } catch (const std::exception& e) {
        fail(field + ": " + e.what());
    }
}

}  // namespace

Tournament make_tournament(const TournamentConfig& config, BotLoading loading,
                           const std::filesystem::path& plugin_folder,
                           const std::filesystem::path& bot_logs, const Report* resume,
                           std::span<const std::shared_ptr<const BotFactory>> given) {
    Tournament t;
    TournamentConfig& c = t.config;
    c = config;
    check_utf8(c);
    check_finite_numbers(c, "");
    check_decision_timeout(c);
    check_enums(c);
    check_bots(c);
    // A game definition's file is read whatever the loading: the game is the file's, which
    // the configuration names but does not hold.
    std::optional<GameDef> file_game;
    if (is_game_file(c.game()))
        file_game = detail::apply_game_file(c, plugin_folder);
    else
        check_game(c);
    // The ACPC game's file is read when the bots are loaded: what only reads results has its
    // fields filled already (the report's configuration).
    if (loading == BotLoading::Load) detail::apply_acpc_game(c, plugin_folder);
    fill_format_and_seats(c);
    check_acpc_bots(c);
    fill_deals(c);
    format(c).fill_options(c);
    check_sprt(c);
    fill_run_options(c, std::any_of(given.begin(), given.end(), [](const auto& factory) {
                         return factory && factory->lanes() > 0;
                     }));
    t.game = make_game(c, file_game);
    t.units = Schedule(c);
    check_run_chips(t);
    // Bots last: a plugin is loaded only for a configuration that is otherwise right.
    if (loading == BotLoading::Skip) return t;
    for (int i = 0; i < c.bots_size(); ++i) {
        const std::string& spec = c.bots(i).spec();
        if (static_cast<std::size_t>(i) < given.size() && given[static_cast<std::size_t>(i)]) {
            t.factories.push_back(given[static_cast<std::size_t>(i)]);
            continue;
        }
        if (detail::is_process_entry(c.bots(i))) {
            add_process_bot(t, i, plugin_folder, bot_logs);
            continue;
        }
        // Loading runs the library's constructors: a library other than the one the resumed
        // units were played with is refused before that, by its bytes.
        if (resume != nullptr && is_plugin_spec(spec))
            check_plugin_file_before_loading(
                c, i, split_plugin_spec(resolve_plugin_spec(spec, plugin_folder)).path, *resume);
        try {
            // Loaded from an absolute path, so that a failure says where it looked and the
            // identity is taken of the file that plays.
            const std::string resolved = resolve_plugin_spec(spec, plugin_folder);
            t.factories.push_back(make_bot_factory(resolved));
            if (is_plugin_spec(spec) && resolved != spec)
                t.plugin_folder = absolute_folder(plugin_folder);
        } catch (const std::exception& e) {
            // BotSpecError and PluginError say what is wrong with the spec; the field says where.
            fail("bots[" + to_string(i) + "].spec: " + e.what());
        }
    }
    for (int i = 0; i < c.bots_size(); ++i)
        if (const std::string problem = t.factories[i]->game_problem(t.game); !problem.empty())
            fail("bots[" + to_string(i) + "].spec: " + problem);
    return t;
}

}  // namespace pokerarena::sim
