// ACPC state lines and actions (acpc.hpp).
#include <charconv>

#include "pokerarena/bots/acpc.hpp"
#include "process/protocol.hpp"

namespace pokerarena::acpc {

namespace {

// The hole cards of each position in the ACPC games the client plays (hold'em's two).
constexpr int kAcpcHoleCards = 2;

void append_card(std::string& out, Card card) {
    out += kRankChars[static_cast<std::size_t>(card.rank())];
    out += kSuitChars[static_cast<std::size_t>(card.suit())];
}

bool read_card(std::string_view text, std::size_t at, Card& card) {
    if (at + 2 > text.size()) return false;
    const std::size_t rank = kRankChars.find(text[at]);
    const std::size_t suit = kSuitChars.find(text[at + 1]);
    if (rank == std::string_view::npos || suit == std::string_view::npos) return false;
    card = Card(static_cast<int>(rank), static_cast<int>(suit));
    return true;
}

// Reads the digits at text[at...] into `value`; false when there are none or they overflow.
template <typename T>
bool read_number(std::string_view text, std::size_t& at, T& value) {
    const char* begin = text.data() + at;
    const auto [end, error] = std::from_chars(begin, text.data() + text.size(), value);
    if (error != std::errc() || end == begin || *begin == '-' || *begin == '+') return false;
    at += static_cast<std::size_t>(end - begin);
    return true;
}

}  // namespace

StateGame state_game(const GameDef& game) {
    StateGame g;
    g.limit = game.structure == BettingStructure::FixedLimit;
    g.blinds = game.post_blinds;
    g.ante = game.post_blinds || game.ante_kind != AnteKind::EveryPlayer ? 0 : game.ante;
    g.board_cards = {};
    for (int r = 0; r < game.num_rounds; ++r)
        g.board_cards[static_cast<std::size_t>(r)] = game.board_cards[static_cast<std::size_t>(r)];
    return g;
}

bool write_state(std::string& out, const SeatView& view, std::uint32_t hand_number,
                 const StateGame& game, std::string& error) {
    const bool limit = game.limit;
    const int n = view.num_seats;
    if (view.dealt_in != (SeatMask{1} << n) - 1) {
        error =
            "a seat is dealt out of the hand (it has no chips), which an ACPC state cannot show";
        return false;
    }
    if (view.actions_truncated) {
        error = "the hand has more actions than a view keeps, so its ACPC state cannot be written";
        return false;
    }
    out += "MATCHSTATE:";
    process::append_decimal(out,
                            static_cast<std::uint64_t>(position_of(view.seat, view.button, n)));
    out += ':';
    process::append_decimal(out, hand_number);
    out += ':';
    // Every seat still betting has put in the same total when a round starts (the ante of a
    // game of antes, which ACPC counts as a blind, and a seat that could not match is all-in
    // and acts no more), so a raise's hand total is that round's start plus its street total.
    // round_start steps by each round's highest bet.
    Chips round_start = game.ante;
    Chips round_high = game.blinds ? view.big_blind : 0;  // the bet to match as round 0 opens
    int round = 0;
    for (const RecordedAction& a : view.actions) {
        while (round < a.round) {
            out += '/';
            round_start += round_high;
            round_high = 0;
            ++round;
        }
        switch (a.kind) {
            case ActionKind::Fold:
                out += 'f';
                break;
            case ActionKind::CheckCall:
                out += 'c';
                break;
            case ActionKind::RaiseTo:
                out += 'r';
                if (!limit)
                    process::append_decimal(out,
                                            static_cast<std::uint64_t>(round_start + a.amount));
                if (a.amount > round_high) round_high = a.amount;
                break;
        }
    }
    while (round < view.round) {
        out += '/';
        round_start += round_high;
        round_high = 0;
        ++round;
    }
    const std::size_t me = static_cast<std::size_t>(view.seat);
    if (view.committed[me] - view.bets[me] != round_start) {
        error = "the seat's chips in the hand (" + std::to_string(view.committed[me]) +
                ") do not follow from its bets: antes beside blinds or short blinds, which ACPC "
                "games do not have";
        return false;
    }
    out += ':';
    for (int p = 0; p < n; ++p) {
        if (p > 0) out += '|';
        const int s = seat_of(p, view.button, n);
        if (view.known_hole & (SeatMask{1} << s))
            for (int k = 0; k < view.hole_cards; ++k)
                append_card(out,
                            view.hole[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)]);
    }
    int dealt = 0;
    for (int r = 1; r <= view.round && r < kMaxRounds; ++r) {
        out += '/';
        for (int k = 0;
             k < game.board_cards[static_cast<std::size_t>(r)] && dealt < view.board_count; ++k)
            append_card(out, view.board[static_cast<std::size_t>(dealt++)]);
    }
    return true;
}

bool parse_action(std::string_view text, bool limit, ClientAction& action, std::string& error) {
    while (!text.empty() && (text.back() == '\r' || text.back() == '\n'))
        text.remove_suffix(1);
    if (text == "f") {
        action = {ActionKind::Fold, false, 0};
        return true;
    }
    if (text == "c") {
        action = {ActionKind::CheckCall, false, 0};
        return true;
    }
    if (!text.empty() && text.front() == 'r') {
        if (text.size() == 1) {
            if (limit) {
                action = {ActionKind::RaiseTo, false, 0};
                return true;
            }
            error =
                "'r' without its total; in no-limit a raise is r<total>, the seat's chips "
                "in the hand after it";
            return false;
        }
        // Every byte after the r a digit: a raise total, whatever its size (a total beyond any
        // table's chips reads as kMaxTotalChips + 1, which no seat may raise to, so that it is
        // refused as too large with the legal totals rather than as not an action).
        const std::string_view digits = text.substr(1);
        if (digits.find_first_not_of("0123456789") == std::string_view::npos) {
            if (limit) {
                error.assign(1, '\'');
                error.append(text.substr(0, 40));
                error +=
                    "' is a raise with a total in a fixed-limit game: ACPC 2.0.0 writes a "
                    "fixed-limit raise as a bare r, and a total belongs to a no-limit game";
                return false;
            }
            std::size_t at = 1;
            Chips total = 0;
            if (!read_number(text, at, total) || total > kMaxTotalChips) total = kMaxTotalChips + 1;
            action = {ActionKind::RaiseTo, true, total};
            return true;
        }
    }
    // Built by appending: GCC 12 warns (-Wrestrict, wrongly) on "'" + std::string(...).
    error.assign(1, '\'');
    error.append(text.substr(0, 40));
    error += "' is not an action; expected f, c or r<total>";
    if (limit) error += " (or r)";
    return false;
}

Action to_engine(const ClientAction& action, Chips round_start, const LegalActions& legal,
                 bool limit) {
    switch (action.kind) {
        case ActionKind::Fold:
            return Action::fold();
        case ActionKind::CheckCall:
            return Action::check_call();
        case ActionKind::RaiseTo:
            break;
    }
    if (limit) return Action::raise_to(legal.min_raise_to);
    return Action::raise_to(action.total - round_start);
}

std::string raise_total_problem(Chips total, Chips round_start, const LegalActions& legal) {
    if (!legal.can_raise)
        return legal.can_check ? "no raise is allowed here: the seat may only check (c)"
                               : "no raise is allowed here: the seat may only call (c) or fold (f)";
    // The legal street totals as hand totals: what the seat had in before the round on top.
    const Chips lowest = round_start + legal.min_raise_to;
    const Chips highest = round_start + legal.max_raise_to;
    if (total >= lowest && total <= highest) return {};
    std::string why =
        total < lowest
            ? "is below the smallest legal raise total, r" + std::to_string(lowest)
            : "is above the largest legal raise total, r" + std::to_string(highest) + " (all-in)";
    why += lowest == highest ? "; r" + std::to_string(lowest) + " is the only legal raise"
                             : "; the legal raise totals are r" + std::to_string(lowest) + " to r" +
                                   std::to_string(highest);
    return why;
}

bool state_hand(std::string_view line, std::uint32_t& hand) {
    constexpr std::string_view kPrefix = "MATCHSTATE:";
    if (!line.starts_with(kPrefix)) return false;
    std::size_t at = kPrefix.size();
    unsigned position = 0;
    if (!read_number(line, at, position) || at >= line.size() || line[at] != ':') return false;
    ++at;
    return read_number(line, at, hand) && at < line.size() && line[at] == ':';
}

bool parse_match_state(std::string_view line, MatchState& state, std::string& error) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n'))
        line.remove_suffix(1);
    const auto fail = [&](std::string why) {
        error = std::move(why);
        return false;
    };
    constexpr std::string_view kPrefix = "MATCHSTATE:";
    if (!line.starts_with(kPrefix)) return fail("the line does not start with MATCHSTATE:");
    std::size_t at = kPrefix.size();
    unsigned position = 0;
    if (!read_number(line, at, position) || at >= line.size() || line[at] != ':' ||
        position >= static_cast<unsigned>(kMaxSeats))
        return fail("expected the position (0 to 9) and ':' after MATCHSTATE:");
    state = MatchState{};
    state.position = static_cast<int>(position);
    ++at;
    if (!read_number(line, at, state.hand) || at >= line.size() || line[at] != ':')
        return fail("expected the hand number and ':' after the position");
    ++at;
    // The betting.
    while (at < line.size() && line[at] != ':') {
        const char c = line[at++];
        if (c == '/') {
            if (++state.round >= kMaxRounds) return fail("more than 4 betting rounds");
            continue;
        }
        if (state.num_actions == kMaxRecordedActions)
            return fail("more than " + std::to_string(kMaxRecordedActions) + " actions");
        MatchState::Step step{ActionKind::CheckCall, 0, static_cast<std::uint8_t>(state.round),
                              false};
        if (c == 'f') {
            step.kind = ActionKind::Fold;
        } else if (c == 'r') {
            step.kind = ActionKind::RaiseTo;
            if (at < line.size() && line[at] >= '0' && line[at] <= '9') {
                if (!read_number(line, at, step.total) || step.total > kMaxTotalChips)
                    return fail("a raise total out of range");
                step.has_total = true;
            }
        } else if (c != 'c') {
            return fail(std::string("'") + c + "' in the betting; expected f, c, r<total> or /");
        }
        state.actions[static_cast<std::size_t>(state.num_actions++)] = step;
    }
    if (at >= line.size()) return fail("no ':' before the cards");
    ++at;
    // Hole cards: fields separated by '|', then the board by round after '/'.
    state.num_positions = 1;
    int cards_in_field = 0;
    while (at < line.size() && line[at] != '/') {
        if (line[at] == '|') {
            if (++state.num_positions > kMaxSeats) return fail("more than 10 positions");
            cards_in_field = 0;
            ++at;
            continue;
        }
        Card card;
        if (cards_in_field == kAcpcHoleCards || !read_card(line, at, card))
            return fail("expected hole cards such as As or Td at column " + std::to_string(at + 1));
        const auto p = static_cast<std::size_t>(state.num_positions - 1);
        state.hole[p][static_cast<std::size_t>(cards_in_field++)] = card;
        state.hole_known[p] = true;
        state.hole_count[p] = cards_in_field;
        at += 2;
    }
    int board_round = 0;
    while (at < line.size()) {
        if (line[at] == '/') {
            if (++board_round >= kMaxRounds) return fail("board cards for more than 4 rounds");
            ++at;
            continue;
        }
        Card card;
        if (state.board_count == kMaxBoardCards || !read_card(line, at, card))
            return fail("expected board cards such as 7h at column " + std::to_string(at + 1));
        state.board[static_cast<std::size_t>(state.board_count++)] = card;
        ++state.board_in_round[static_cast<std::size_t>(board_round)];
        at += 2;
    }
    if (state.position >= state.num_positions)
        return fail("position " + std::to_string(state.position) + " has no hole-card field");
    return true;
}

}  // namespace pokerarena::acpc
