// ACPC game definition files (acpc.hpp): the hold'em ones pokerarena can play, and a clear
// refusal for the rest.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "pokerarena/bots/acpc.hpp"

namespace pokerarena::acpc {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

struct Reader {
    std::string_view name;
    int line = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw GameDefinitionError(std::string(name) + (line > 0 ? ":" + std::to_string(line) : "") +
                                  ": " + what);
    }

    std::vector<std::int64_t> numbers(std::string_view key, std::string_view values) const {
        std::vector<std::int64_t> out;
        std::size_t at = 0;
        while (true) {
            while (at < values.size() && std::isspace(static_cast<unsigned char>(values[at])))
                ++at;
            if (at == values.size()) break;
            std::int64_t v = 0;
            const auto [end, error] =
                std::from_chars(values.data() + at, values.data() + values.size(), v);
            const std::size_t used = static_cast<std::size_t>(end - (values.data() + at));
            if (error != std::errc() || used == 0 || v < 0 ||
                (at + used < values.size() &&
                 !std::isspace(static_cast<unsigned char>(values[at + used]))))
                fail(std::string(key) + " = " + std::string(values) +
                     ": expected whole numbers of 0 or more separated by spaces");
            out.push_back(v);
            at += used;
        }
        if (out.empty()) fail(std::string(key) + ": no value; expected whole numbers");
        return out;
    }
};

std::string join(const std::vector<std::int64_t>& v) {
    std::string out;
    for (std::size_t k = 0; k < v.size(); ++k) {
        if (k) out += ' ';
        out += std::to_string(v[k]);
    }
    return out;
}

}  // namespace

GameDefinition parse_game_definition(std::string_view text, std::string_view name) {
    Reader r{name};
    std::istringstream lines{std::string(text)};
    std::string raw;
    bool started = false, ended = false;
    int betting_line = 0;
    bool limit = false;
    struct Field {
        std::vector<std::int64_t> values;
        int line = 0;
    };
    Field players, rounds, stack, blind, raise_size, first, max_raises, suits, ranks, hole, board;
    while (std::getline(lines, raw)) {
        ++r.line;
        std::string_view line = raw;
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        line = trim(line);
        if (line.empty()) continue;
        const std::string low = lower(line);
        if (!started) {
            if (low != "gamedef") r.fail("expected GAMEDEF, the first line of a game definition");
            started = true;
            continue;
        }
        if (ended) r.fail("text after END GAMEDEF");
        if (low == "end gamedef") {
            ended = true;
            continue;
        }
        if (low == "limit" || low == "nolimit") {
            if (betting_line)
                r.fail("the betting is given twice (line " + std::to_string(betting_line) + ")");
            betting_line = r.line;
            limit = low == "limit";
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            r.fail("'" + std::string(line) +
                   "': expected limit, nolimit, END GAMEDEF or KEY = VALUES (pokerarena plays "
                   "limit and no-limit hold'em, not pot-limit)");
        const std::string key = lower(trim(line.substr(0, eq)));
        const std::string_view values = trim(line.substr(eq + 1));
        Field* field = key == "numplayers"      ? &players
                       : key == "numrounds"     ? &rounds
                       : key == "stack"         ? &stack
                       : key == "blind"         ? &blind
                       : key == "raisesize"     ? &raise_size
                       : key == "firstplayer"   ? &first
                       : key == "maxraises"     ? &max_raises
                       : key == "numsuits"      ? &suits
                       : key == "numranks"      ? &ranks
                       : key == "numholecards"  ? &hole
                       : key == "numboardcards" ? &board
                                                : nullptr;
        if (!field)
            r.fail("unknown key '" + std::string(trim(line.substr(0, eq))) +
                   "'; a hold'em definition has numPlayers, numRounds, stack, blind, raiseSize, "
                   "firstPlayer, maxRaises, numSuits, numRanks, numHoleCards and numBoardCards");
        if (field->line)
            r.fail(std::string(trim(line.substr(0, eq))) + " is given twice (line " +
                   std::to_string(field->line) + ")");
        field->values = r.numbers(trim(line.substr(0, eq)), values);
        field->line = r.line;
    }
    if (!started) r.fail("empty; expected GAMEDEF");
    if (!ended) r.fail("no END GAMEDEF");
    const auto need = [&](const Field& f, const char* key) {
        if (!f.line) {
            r.line = 0;
            r.fail(std::string("no ") + key + "; a hold'em definition gives it");
        }
        r.line = f.line;
    };
    const auto exactly = [&](const Field& f, const char* key, const std::vector<std::int64_t>& want,
                             const std::string& why) {
        need(f, key);
        if (f.values != want)
            r.fail(std::string(key) + " = " + join(f.values) + ": pokerarena plays " + join(want) +
                   " (" + why + ")");
    };
    if (!betting_line) {
        r.line = 0;
        r.fail("neither limit nor nolimit; expected one of them after GAMEDEF");
    }
    need(players, "numPlayers");
    if (players.values.size() != 1 || players.values[0] < 2 || players.values[0] > kMaxSeats)
        r.fail("numPlayers = " + join(players.values) + ": expected 2 to 10");
    const int n = static_cast<int>(players.values[0]);
    const auto per_round = [](std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) {
        return std::vector<std::int64_t>{a, b, c, d};
    };
    exactly(rounds, "numRounds", {4}, "hold'em's four betting rounds");
    exactly(suits, "numSuits", {4}, "a 52-card deck");
    exactly(ranks, "numRanks", {13}, "a 52-card deck");
    exactly(hole, "numHoleCards", {2}, "Texas hold'em");
    exactly(board, "numBoardCards", per_round(0, 3, 1, 1), "Texas hold'em");
    need(blind, "blind");
    if (static_cast<int>(blind.values.size()) != n)
        r.fail("blind = " + join(blind.values) + ": expected one blind per player (" +
               std::to_string(n) + ")");
    const std::int64_t bb = n == 2 ? blind.values[0] : blind.values[1];
    const std::int64_t sb = n == 2 ? blind.values[1] : blind.values[0];
    bool layout = bb > 0 && sb > 0 && sb <= bb;
    for (int p = 2; p < n; ++p)
        layout = layout && blind.values[static_cast<std::size_t>(p)] == 0;
    if (!layout)
        r.fail("blind = " + join(blind.values) + ": pokerarena's table posts " +
               (n == 2 ? std::string(
                             "the big blind at position 0 and the small blind at 1 (e.g. 100 50)")
                       : std::string("the small blind at position 0, the big blind at 1 and no "
                                     "other (e.g. 50 100 0)")));
    // Bounded before the sizes below are computed from it (twice it, a thousand times it).
    if (bb > kMaxTotalChips)
        r.fail("blind = " + join(blind.values) + ": more than the " +
               std::to_string(kMaxTotalChips) + " chips a table holds");
    exactly(first, "firstPlayer", per_round(n == 2 ? 2 : 3, 1, 1, 1),
            n == 2 ? "the button acts first before the flop, the big blind after"
                   : "left of the big blind first before the flop, the small blind after");
    GameDefinition def;
    def.limit = limit;
    if (stack.line) {
        r.line = stack.line;
        const auto& v = stack.values;
        if ((v.size() != 1 && static_cast<int>(v.size()) != n) ||
            std::any_of(v.begin(), v.end(), [&](std::int64_t s) { return s != v[0]; }))
            r.fail("stack = " + join(v) + ": expected one stack, or one per player all equal");
        if (v[0] < bb) r.fail("stack = " + join(v) + ": expected at least the big blind");
        def.stack = v[0];
    } else if (limit) {
        if (bb > kMaxTotalChips / 1000) {
            r.line = blind.line;
            r.fail("blind = " + join(blind.values) +
                   ": with no stack, a limit definition's stack is 1000 big blinds, more than "
                   "the " +
                   std::to_string(kMaxTotalChips) + " chips a table holds; give a stack");
        }
        def.stack = 1000 * bb;
    } else {
        r.line = 0;
        r.fail("no stack; a no-limit definition gives it");
    }
    if (limit) {
        exactly(raise_size, "raiseSize", per_round(bb, bb, 2 * bb, 2 * bb),
                "the small bet is the big blind, the big bet twice it");
        need(max_raises, "maxRaises");
        const auto& v = max_raises.values;
        // v[1] is bounded before v[1] - 1 is formed: v[0] + 1 could overflow.
        if (v.size() != 4 || v[1] < 1 || v[1] > 1000 || v[0] != v[1] - 1 || v[1] != v[2] ||
            v[2] != v[3])
            r.fail("maxRaises = " + join(v) +
                   ": pokerarena caps every round at the same number of bets, the big blind "
                   "counting as the first before the flop (e.g. 3 4 4 4)");
        def.game = GameDef::fixed_limit_holdem(n, def.stack, sb, bb);
        def.game.raise_cap = static_cast<int>(v[1]);
    } else {
        if (raise_size.line) {
            r.line = raise_size.line;
            r.fail("raiseSize is for limit games; a no-limit definition has none");
        }
        if (max_raises.line) {
            r.line = max_raises.line;
            r.fail("maxRaises: pokerarena's no-limit has no cap on raises");
        }
        def.game = GameDef::no_limit_holdem(n, def.stack, sb, bb);
    }
    def.game.reset_stacks_each_hand = true;
    if (const std::string why = def.game.validate(); !why.empty()) {
        r.line = 0;
        r.fail(why);
    }
    return def;
}

GameDefinition read_game_definition(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw GameDefinitionError(file.string() + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().size() > (std::size_t{1} << 20))
        throw GameDefinitionError(file.string() + ": over 1 MiB; not a game definition");
    return parse_game_definition(text.str(), file.string());
}

namespace {

std::string chips_text(Chips chips) {
    return std::to_string(chips);
}

// "no-limit hold'em, 2 players, blinds 50/100, stacks 20000": what a hand depends on.
std::string game_text(const GameDef& g) {
    std::string text = g.structure == BettingStructure::FixedLimit ? "fixed-limit"
                       : g.structure == BettingStructure::PotLimit ? "pot-limit"
                                                                   : "no-limit";
    text += " hold'em, " + std::to_string(g.num_seats) + " players, blinds " +
            chips_text(g.small_blind) + "/" + chips_text(g.big_blind);
    if (g.ante > 0) text += ", ante " + chips_text(g.ante);
    if (g.structure == BettingStructure::FixedLimit)
        text += ", bets " + chips_text(g.small_bet) + "/" + chips_text(g.big_bet) + " capped at " +
                std::to_string(g.raise_cap);
    return text + ", stacks " + chips_text(g.starting_stacks[0]);
}

bool same_game(const GameDef& a, const GameDef& b) {
    const bool limit = a.structure == BettingStructure::FixedLimit;
    return a.structure == b.structure && a.num_seats == b.num_seats &&
           a.small_blind == b.small_blind && a.big_blind == b.big_blind && a.ante == b.ante &&
           a.starting_stacks[0] == b.starting_stacks[0] &&
           (!limit ||
            (a.small_bet == b.small_bet && a.big_bet == b.big_bet && a.raise_cap == b.raise_cap));
}

// Whether `path` is a file that calls itself a game definition: a regular file (a FIFO would
// block the read) of at most 1 MiB whose first line that is not blank or a comment is
// GAMEDEF. Most arguments of a command are not files at all.
bool looks_like_game_definition(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || size > (std::uintmax_t{1} << 20)) return false;
    std::ifstream in(path, std::ios::binary);
    for (std::string line; std::getline(in, line);) {
        const std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        return lower(text) == "gamedef";
    }
    return false;
}

}  // namespace

std::string game_definition_mismatch(const std::vector<std::string>& command,
                                     const std::filesystem::path& folder, const GameDef& game) {
    for (std::size_t k = 1; k < command.size(); ++k) {
        // The argument itself, or the value of a --key=FILE.
        std::string_view word = command[k];
        if (const std::size_t equals = word.find('='); word.starts_with("-") && equals != word.npos)
            word.remove_prefix(equals + 1);
        if (word.empty()) continue;
        const std::filesystem::path path = folder / std::filesystem::path(word);
        if (!looks_like_game_definition(path)) continue;
        std::string name = "'";
        name.append(word).push_back('\'');
        GameDefinition def;
        try {
            def = read_game_definition(path);
        } catch (const GameDefinitionError& e) {
            return "the ACPC client's argument " + name +
                   " is a game definition pokerarena cannot play (" + e.what() +
                   "), so the client would play another game than the run's (" + game_text(game) +
                   ")";
        }
        if (same_game(def.game, game)) continue;
        return "the ACPC client's argument " + name + " is a game definition of " +
               game_text(def.game) + ", but the run plays " + game_text(game) +
               "; the client would play by other rules than the dealer (an illegal raise, a "
               "wrong stack): give the run that game (--acpc-game " +
               std::string(word) + ", or acpc_game), or the client the run's";
    }
    return {};
}

}  // namespace pokerarena::acpc
