// ACPC game definition files (acpc.hpp): the games pokerarena can play (hold'em, Kuhn, Leduc
// and their variants), and a clear refusal for the rest.
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
#include "pokerarena/engine/input_file.hpp"

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
                   "limit and no-limit games, not pot-limit)");
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
                   "'; a game definition has numPlayers, numRounds, stack, blind, raiseSize, "
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
            r.fail(std::string("no ") + key + "; a game definition gives it");
        }
        r.line = f.line;
    };
    if (!betting_line) {
        r.line = 0;
        r.fail("neither limit nor nolimit; expected one of them after GAMEDEF");
    }
    need(players, "numPlayers");
    if (players.values.size() != 1 || players.values[0] < 2 || players.values[0] > kMaxSeats)
        r.fail("numPlayers = " + join(players.values) + ": expected 2 to 10");
    const int n = static_cast<int>(players.values[0]);
    need(rounds, "numRounds");
    if (rounds.values.size() != 1 || rounds.values[0] < 1 || rounds.values[0] > kMaxRounds)
        r.fail("numRounds = " + join(rounds.values) + ": expected 1 to 4");
    const int num_rounds = static_cast<int>(rounds.values[0]);
    // A value per round, as many as numRounds says.
    const auto per_round = [&](const Field& f, const char* key) {
        need(f, key);
        if (static_cast<int>(f.values.size()) != num_rounds)
            r.fail(std::string(key) + " = " + join(f.values) + ": expected " +
                   std::to_string(num_rounds) + (num_rounds == 1 ? " value" : " values") +
                   ", one per round (numRounds = " + std::to_string(num_rounds) + ")");
        return f.values;
    };
    const auto one_in = [&](const Field& f, const char* key, std::int64_t low, std::int64_t high,
                            const std::string& why) {
        need(f, key);
        if (f.values.size() != 1 || f.values[0] < low || f.values[0] > high)
            r.fail(std::string(key) + " = " + join(f.values) + ": expected " + std::to_string(low) +
                   " to " + std::to_string(high) + " (" + why + ")");
        return static_cast<int>(f.values[0]);
    };

    // The cards. The ACPC dealer deals the numRanks highest ranks of the numSuits highest suits
    // (three ranks of one suit: Qs, Ks, As), with hold'em's card text: the same cards here.
    const int num_suits = one_in(suits, "numSuits", 1, kNumSuits, "suits of the deck");
    const int num_ranks = one_in(ranks, "numRanks", 1, kNumRanks, "ranks of the deck");
    // 2, not kMaxHoleCards: ACPC ranks the best five of any of the cards, which pokerarena's
    // rankings give for one hole card or for hold'em's two (not Omaha's rule of exactly two).
    const int hole_cards = one_in(hole, "numHoleCards", 1, 2, "pokerarena deals 1 or 2 hole cards");
    const std::vector<std::int64_t> board_values = per_round(board, "numBoardCards");
    int board_total = 0;
    for (const std::int64_t b : board_values) {
        if (b > kMaxBoardCards)
            r.fail("numBoardCards = " + join(board_values) + ": at most 5 a round");
        board_total += static_cast<int>(b);
    }
    if (board_total > kMaxBoardCards)
        r.fail("numBoardCards = " + join(board_values) + ": more than 5 board cards in all");
    // A state line writes the first round's board cards right after the hole cards, where a
    // reader tells them apart only by numHoleCards; no game deals them so.
    if (board_values[0] != 0)
        r.fail("numBoardCards = " + join(board_values) +
               ": pokerarena deals no board card before the first betting round");
    // A round opens with its board deal (the event a bridge follows the rounds by).
    for (int k = 1; k < num_rounds; ++k)
        if (board_values[static_cast<std::size_t>(k)] == 0)
            r.fail("numBoardCards = " + join(board_values) +
                   ": every round after the first deals board cards in pokerarena's ACPC games");
    // ACPC ranks any cards by the standard hand order; pokerarena has that order for the
    // shapes below, where it is the same as Kuhn's, Leduc's or hold'em's.
    HandRanking ranking = HandRanking::BestFive;
    if (hole_cards == 1 && board_total == 0) {
        ranking = HandRanking::HighCard;
    } else if (hole_cards == 1 && board_total == 1) {
        ranking = HandRanking::PairOrHighCard;
    } else if (hole_cards + board_total >= 5) {
        if (num_suits != kNumSuits || num_ranks != kNumRanks) {
            r.line = num_ranks != kNumRanks ? ranks.line : suits.line;
            r.fail("numRanks = " + std::to_string(num_ranks) +
                   ", numSuits = " + std::to_string(num_suits) +
                   ": pokerarena ranks the best five cards on the full 52-card deck only "
                   "(numRanks = 13, numSuits = 4)");
        }
    } else {
        r.fail("numHoleCards = " + std::to_string(hole_cards) +
               " with numBoardCards = " + join(board_values) +
               ": pokerarena ranks 1 hole card alone (Kuhn), 1 hole card with 1 board card "
               "(Leduc), or the best five of 5 to 7 cards (hold'em)");
    }

    // The forced bets: hold'em's two blinds, or the same blind for every player, which is an
    // ante (it counts as no bet: the first player may check, as in ACPC's Kuhn).
    need(blind, "blind");
    if (static_cast<int>(blind.values.size()) != n)
        r.fail("blind = " + join(blind.values) + ": expected one blind per player (" +
               std::to_string(n) + ")");
    const bool antes =
        blind.values[0] > 0 && std::all_of(blind.values.begin(), blind.values.end(),
                                           [&](std::int64_t b) { return b == blind.values[0]; });
    const std::int64_t bb = antes ? blind.values[0] : n == 2 ? blind.values[0] : blind.values[1];
    const std::int64_t sb = antes ? 0 : n == 2 ? blind.values[1] : blind.values[0];
    bool layout = antes || (bb > 0 && sb > 0 && sb <= bb);
    for (int p = 2; p < n && !antes; ++p)
        layout = layout && blind.values[static_cast<std::size_t>(p)] == 0;
    if (!layout)
        r.fail(
            "blind = " + join(blind.values) + ": pokerarena's table posts " +
            (n == 2
                 ? std::string("the big blind at position 0 and the small blind at 1 (e.g. 100 50)")
                 : std::string("the small blind at position 0, the big blind at 1 and no "
                               "other (e.g. 50 100 0)")) +
            ", or the same blind for every player (an ante, e.g. " + (n == 2 ? "1 1)" : "1 1 1)"));
    if (antes && !limit)
        r.fail("blind = " + join(blind.values) +
               ": equal blinds are antes here, which pokerarena plays in limit games only (a "
               "no-limit raise total would count them as ACPC counts blinds)");
    // Bounded before the sizes below are computed from it (twice it, a thousand times it).
    if (bb > kMaxTotalChips)
        r.fail("blind = " + join(blind.values) + ": more than the " +
               std::to_string(kMaxTotalChips) + " chips a table holds");

    // Who acts first: position 0 (firstPlayer 1) is left of the button; before the flop of a
    // game of blinds, left of the big blind (heads-up position 1, the button; else position 2).
    const std::vector<std::int64_t> first_values = per_round(first, "firstPlayer");
    const std::int64_t after_big_blind = n == 2 ? 2 : 3;
    std::array<FirstToAct, kMaxRounds> first_to_act{};
    first_to_act.fill(FirstToAct::LeftOfButton);
    for (int k = 0; k < num_rounds; ++k) {
        const std::int64_t v = first_values[static_cast<std::size_t>(k)];
        if (!antes && k == 0 && v == after_big_blind) {
            first_to_act[0] = FirstToAct::LeftOfBigBlind;
        } else if (v != 1 || (!antes && k == 0)) {
            r.fail("firstPlayer = " + join(first_values) +
                   (antes ? std::string(": in a game of antes pokerarena starts every round at "
                                        "position 0 (firstPlayer 1)")
                          : ": pokerarena starts the first round left of the big blind (" +
                                std::to_string(after_big_blind) +
                                ") and every later round at position 0 (1)"));
        }
    }

    GameDefinition def;
    def.limit = limit;
    const char* unit = antes ? "ante" : "big blind";
    if (stack.line) {
        r.line = stack.line;
        const auto& v = stack.values;
        if ((v.size() != 1 && static_cast<int>(v.size()) != n) ||
            std::any_of(v.begin(), v.end(), [&](std::int64_t s) { return s != v[0]; }))
            r.fail("stack = " + join(v) + ": expected one stack, or one per player all equal");
        if (v[0] < bb) r.fail("stack = " + join(v) + ": expected at least the " + unit);
        def.stack = v[0];
    } else if (limit) {
        if (bb > kMaxTotalChips / 1000) {
            r.line = blind.line;
            r.fail("blind = " + join(blind.values) +
                   ": with no stack, a limit definition's stack is 1000 " + unit +
                   "s, more than the " + std::to_string(kMaxTotalChips) +
                   " chips a table holds; give a stack");
        }
        def.stack = 1000 * bb;
    } else {
        r.line = 0;
        r.fail("no stack; a no-limit definition gives it");
    }

    GameDef& g = def.game;
    g.num_seats = n;
    for (int p = 0; p < kMaxSeats; ++p)
        g.starting_stacks[static_cast<std::size_t>(p)] = p < n ? def.stack : 0;
    if (antes) {
        g.post_blinds = false;
        g.ante = bb;
        g.ante_kind = AnteKind::EveryPlayer;
    } else {
        g.small_blind = sb;
    }
    g.big_blind = bb;  // the reports' unit; with antes, the ante
    g.num_rounds = num_rounds;
    g.board_cards = {};
    for (int k = 0; k < num_rounds; ++k)
        g.board_cards[static_cast<std::size_t>(k)] =
            static_cast<int>(board_values[static_cast<std::size_t>(k)]);
    g.hole_cards = hole_cards;
    g.first_to_act = first_to_act;
    g.deck_ranks = static_cast<std::uint16_t>(kAllRanks & ~((1u << (kNumRanks - num_ranks)) - 1));
    g.deck_suits = static_cast<std::uint8_t>(kAllSuits & ~((1u << (kNumSuits - num_suits)) - 1));
    g.ranking = ranking;
    if (limit) {
        // A small bet for the first rounds and a big bet from some round on (hold'em's
        // BB BB 2BB 2BB; Leduc's 2 4; Kuhn's 1).
        const std::vector<std::int64_t> sizes = per_round(raise_size, "raiseSize");
        const std::int64_t small = sizes.front(), big = sizes.back();
        int from = num_rounds;
        for (int k = 0; k < num_rounds; ++k)
            if (sizes[static_cast<std::size_t>(k)] != small) {
                from = k;
                break;
            }
        bool two_sizes = small > 0 && big <= kMaxTotalChips;
        for (int k = 0; k < num_rounds; ++k)
            two_sizes = two_sizes && sizes[static_cast<std::size_t>(k)] == (k < from ? small : big);
        if (!two_sizes)
            r.fail("raiseSize = " + join(sizes) +
                   ": pokerarena's fixed-limit bets a small bet in the first rounds and a big bet "
                   "from one round on (e.g. 10 10 20 20)");
        g.structure = BettingStructure::FixedLimit;
        g.small_bet = small;
        g.big_bet = big;
        g.big_bet_from_round = from;
        // The cap counts bets and raises; before the flop the big blind counts as the first,
        // where ACPC counts raises only: its first round caps one lower.
        const std::vector<std::int64_t> caps = per_round(max_raises, "maxRaises");
        // Bounded before the one is added: maxRaises may be as large as int64 holds.
        const std::int64_t cap =
            num_rounds > 1 ? caps[1] : std::min<std::int64_t>(caps[0], 1000) + (antes ? 0 : 1);
        bool same_cap = cap >= 1 && cap <= 1000;
        for (int k = 0; k < num_rounds && same_cap; ++k)
            same_cap = caps[static_cast<std::size_t>(k)] == (k == 0 && !antes ? cap - 1 : cap);
        if (cap < 1 || cap > 1000)
            r.fail("maxRaises = " + join(caps) +
                   ": pokerarena caps a round at 1 to 1000 bets and raises");
        if (!same_cap)
            r.fail("maxRaises = " + join(caps) +
                   (antes ? std::string(": pokerarena caps every round at the same number of bets "
                                        "(e.g. 2 2)")
                          : std::string(": pokerarena caps every round at the same number of "
                                        "bets, the big blind counting as the first before the "
                                        "flop (e.g. 3 4 4 4)")));
        g.raise_cap = static_cast<int>(cap);
    } else {
        if (raise_size.line) {
            r.line = raise_size.line;
            r.fail("raiseSize is for limit games; a no-limit definition has none");
        }
        if (max_raises.line) {
            r.line = max_raises.line;
            r.fail("maxRaises: pokerarena's no-limit has no cap on raises");
        }
    }
    g.reset_stacks_each_hand = true;
    if (const std::string why = g.validate(); !why.empty()) {
        r.line = 0;
        r.fail(why);
    }
    return def;
}

GameDefinition read_game_definition(const std::filesystem::path& file) {
    // Opened so that nothing blocks (a named pipe would wait for a writer forever) and only a
    // regular file is read (input_file.hpp).
    constexpr std::size_t kMaxBytes = std::size_t{1} << 20;
    std::string text;
    try {
        text = read_input_file(file, kMaxBytes);
    } catch (const InputFileError& error) {
        throw GameDefinitionError(file.string() + ": cannot be read: " + error.what());
    }
    if (text.size() > kMaxBytes)
        throw GameDefinitionError(file.string() + ": over 1 MiB; not a game definition");
    return parse_game_definition(text, file.string());
}

namespace {

std::string chips_text(Chips chips) {
    return std::to_string(chips);
}

// "no-limit hold'em, 2 players, blinds 50/100, stacks 20000"; "fixed-limit kuhn (4 cards,
// 1 round), 3 players, antes 1, ...": what a hand depends on.
std::string game_text(const GameDef& g) {
    std::string text = betting_name(g.structure);
    if (g.ranking == HandRanking::BestFive && g.num_rounds == 4 && g.hole_cards == 2)
        text += " hold'em";
    else
        text += std::string(" ") + g.ranking_name() + " (" + std::to_string(g.deck().size()) +
                " cards, " + std::to_string(g.num_rounds) +
                (g.num_rounds == 1 ? " round)" : " rounds)");
    text += ", " + std::to_string(g.num_seats) + " players, ";
    if (g.post_blinds)
        text += "blinds " + chips_text(g.small_blind) + "/" + chips_text(g.big_blind);
    else
        text += "antes " + chips_text(g.ante);
    if (g.post_blinds && g.ante > 0) text += ", ante " + chips_text(g.ante);
    if (g.structure == BettingStructure::FixedLimit)
        text += ", bets " + chips_text(g.small_bet) + "/" + chips_text(g.big_bet) + " capped at " +
                std::to_string(g.raise_cap);
    return text + ", stacks " + chips_text(g.starting_stacks[0]);
}

// Every rule of a hand: the definitions agree but for how a match goes on (stacks reset, its
// length).
bool same_game(GameDef a, GameDef b) {
    a.reset_stacks_each_hand = b.reset_stacks_each_hand = true;
    a.max_hands = b.max_hands = 0;
    return a == b;
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
