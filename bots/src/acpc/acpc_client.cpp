// A pokerarena bot on an ACPC dealer (acpc_client.hpp).
#include "pokerarena/bots/acpc_client.hpp"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerarena/engine/table.hpp"
#include "pokerarena/engine/text.hpp"

namespace pokerarena {

namespace {

// The engine's action for action `index` (from 1) of a state's betting, for the seat to act on
// `table`. Throws std::invalid_argument, naming the action, for a raise the game's betting
// cannot hold: a bare r in no-limit, a total in fixed-limit (ACPC 2.0.0 writes a fixed-limit
// raise as a bare r, so a dealer that sends totals plays a no-limit game), or a no-limit total
// the seat may not raise to, judged as a hand total as the dealer wrote it.
Action engine_action(const acpc::MatchState::Step& step, int index, const Table& table,
                     bool limit) {
    const int seat = table.seat_to_act();
    const SeatView view = table.view(seat);
    const auto s = static_cast<std::size_t>(seat);
    const Chips round_start = view.committed[s] - view.bets[s];
    const acpc::ClientAction action{step.kind, step.has_total, step.total};
    if (step.kind == ActionKind::RaiseTo) {
        // Built by appending: GCC 12 warns (-Wrestrict, wrongly) on the chains of operator+.
        std::string why = "action ";
        why += std::to_string(index);
        why += " of the betting";
        if (!limit && !step.has_total) {
            why += " is a raise without its total in a no-limit game";
            throw std::invalid_argument(why);
        }
        if (limit && step.has_total) {
            why += ", r";
            why += std::to_string(step.total);
            why +=
                ", is a raise with a total in a fixed-limit game: ACPC 2.0.0 writes a "
                "fixed-limit raise as a bare r, so the dealer plays a no-limit game";
            throw std::invalid_argument(why);
        }
        if (!limit) {
            const std::string problem =
                acpc::raise_total_problem(step.total, round_start, view.legal);
            if (!problem.empty()) {
                why += " is not legal in this game: r";
                why += std::to_string(step.total);
                why += ' ';
                why += problem;
                throw std::invalid_argument(why);
            }
        }
    }
    return acpc::to_engine(action, round_start, view.legal, limit);
}

// Every message of the client goes to `err` through here, escaped: it quotes the dealer's
// bytes (a state, a part of one) and the bot's words, and a terminal must not take them for
// escape sequences.
void say(std::ostream& err, std::string_view message) {
    err << "pokerarena acpc-client: " << printable_text(message) << '\n';
}

// At most the first 200 bytes of what the dealer sent, for a message (say() escapes them).
std::string excerpt(std::string_view bytes) {
    constexpr std::size_t kShown = 200;
    // Built by appending: GCC 12 warns (-Wrestrict, wrongly) on "'" + std::string(...).
    std::string quoted(1, '\'');
    quoted.append(bytes.substr(0, kShown));
    quoted += bytes.size() > kShown ? "...'" : "'";
    return quoted;
}

// "3 hands played to their end", for the message of a match cut short.
std::string hands_played(const AcpcClientResult& result) {
    return std::to_string(result.hands) + (result.hands == 1 ? " hand" : " hands") +
           " played to their end";
}

}  // namespace

bool answer_state(std::string_view line, const acpc::GameDefinition& game, Bot& bot,
                  std::string& answer, AcpcClientResult& result, std::ostream& err) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n'))
        line.remove_suffix(1);
    acpc::MatchState state;
    std::string error;
    if (!acpc::parse_match_state(line, state, error)) throw std::invalid_argument(error);
    const int n = game.game.num_seats;
    if (state.num_positions != n)
        throw std::invalid_argument("the state has " + std::to_string(state.num_positions) +
                                    " positions; the game definition has " + std::to_string(n) +
                                    " players");
    const GameDef& def = game.game;
    PresetCards cards;
    for (int p = 0; p < n; ++p) {
        const auto k = static_cast<std::size_t>(p);
        if (state.hole_known[k] && state.hole_count[k] != def.hole_cards)
            throw std::invalid_argument(
                "position " + std::to_string(p) + " has " + std::to_string(state.hole_count[k]) +
                " hole cards; the game deals " + std::to_string(def.hole_cards));
        cards.hole[k] = state.hole[k];
        cards.hole_known[k] = state.hole_known[k];
    }
    if (!state.hole_known[static_cast<std::size_t>(state.position)])
        throw std::invalid_argument("the state does not show the cards of position " +
                                    std::to_string(state.position) + ", whose state it is");
    if (state.round >= def.num_rounds)
        throw std::invalid_argument("the betting reaches round " + std::to_string(state.round + 1) +
                                    "; the game has " + std::to_string(def.num_rounds));
    for (int r = 0; r < kMaxRounds; ++r) {
        const int given = state.board_in_round[static_cast<std::size_t>(r)];
        const int dealt = r < def.num_rounds ? def.board_cards[static_cast<std::size_t>(r)] : 0;
        if (given != 0 && given != dealt)
            throw std::invalid_argument("round " + std::to_string(r) + " has " +
                                        std::to_string(given) + " board cards; the game deals " +
                                        std::to_string(dealt));
    }
    cards.board = state.board;
    cards.board_known = state.board_count;
    // Position p in seat p: the button is the last seat (acpc.hpp).
    Table table(def, 0, 0);
    table.set_pause_mask(kDefaultPauseMask | pause_bit(EventKind::HandEnded));
    table.set_button(n - 1);
    table.set_next_hand_cards(cards);  // throws std::invalid_argument for a card given twice
    for (int k = 0; k < state.num_actions; ++k) {
        const Event e = table.advance();
        const auto& step = state.actions[static_cast<std::size_t>(k)];
        if (e.kind != EventKind::ActionRequired)
            throw std::invalid_argument("action " + std::to_string(k + 1) +
                                        " of the betting comes after the hand is over");
        if (e.round != step.round)
            throw std::invalid_argument("action " + std::to_string(k + 1) + " is in round " +
                                        std::to_string(step.round) + " but the table is in round " +
                                        std::to_string(e.round));
        const Status status = table.act(engine_action(step, k + 1, table, game.limit));
        if (!status.ok())
            throw std::invalid_argument(
                "action " + std::to_string(k + 1) +
                " of the betting is not legal in this game: " + status.message);
    }
    const Event e = table.advance();
    const bool over = e.kind != EventKind::ActionRequired;
    // A dealer sends the final state of a hand to every position once or more: a hand is
    // counted once, when a state shows it over.
    if (over && (result.in_hand || result.hand != state.hand || result.hands == 0)) ++result.hands;
    result.in_hand = !over;
    result.hand = state.hand;
    if (over || e.seat != state.position) return false;
    if (e.round != state.round)
        throw std::invalid_argument("the betting leaves round " + std::to_string(state.round) +
                                    " open but the table is in round " + std::to_string(e.round));
    SeatView view = table.view(e.seat);
    view.hand_number = static_cast<int>(state.hand & 0x7FFFFFFF);
    Action action;
    std::string fault;
    try {
        action = bot.decide(view);
        Table probe = table;
        const Status status = probe.act(action);
        if (!status.ok()) fault = std::string("illegal action: ") + status.message;
    } catch (const std::exception& ex) {
        fault = std::string("decide threw: ") + ex.what();
    }
    if (!fault.empty()) {
        if (result.faults++ == 0)
            say(err, "hand " + std::to_string(state.hand) + ": " + fault +
                         "; played check or fold instead (further faults are only counted)");
        action = view.legal.can_check ? Action::check_call() : Action::fold();
    }
    answer.append(line);
    answer += ':';
    switch (action.kind) {
        case ActionKind::Fold:
            answer += 'f';
            break;
        case ActionKind::CheckCall:
            answer += 'c';
            break;
        case ActionKind::RaiseTo: {
            answer += 'r';
            const auto s = static_cast<std::size_t>(e.seat);
            if (!game.limit)
                answer += std::to_string(view.committed[s] - view.bets[s] + action.amount);
            break;
        }
    }
    ++result.decisions;
    return true;
}

AcpcClientResult play_acpc_client(const acpc::GameDefinition& game, Bot& bot,
                                  const std::string& host, const std::string& port,
                                  std::ostream& err) {
    AcpcClientResult result;
    const auto failed = [&](const std::string& why, int status = 1) {
        say(err, why);
        result.status = status;
        return result;
    };
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
        return failed("cannot find " + host + ":" + port + ": " + ::gai_strerror(rc));
    int sock = -1;
    std::string why = "no address";
    for (addrinfo* a = found; a; a = a->ai_next) {
        sock = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (sock < 0) continue;
        if (::connect(sock, a->ai_addr, a->ai_addrlen) == 0) break;
        why = std::strerror(errno);
        ::close(sock);
        sock = -1;
    }
    ::freeaddrinfo(found);
    if (sock < 0) return failed("cannot connect to " + host + ":" + port + ": " + why);
    const auto send_all = [&](const std::string& text) {
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = ::send(sock, text.data() + done, text.size() - done, MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            done += static_cast<std::size_t>(n);
        }
        return true;
    };
    std::string out = "VERSION:2.0.0\r\n";
    std::string in;
    std::string answer;
    char chunk[1 << 16];
    for (;;) {
        if (!out.empty()) {
            if (!send_all(out)) {
                ::close(sock);
                return failed(std::string("cannot write to the dealer: ") + std::strerror(errno));
            }
            out.clear();
        }
        const ssize_t n = ::recv(sock, chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(sock);
            return failed(std::string("cannot read from the dealer: ") + std::strerror(errno));
        }
        if (n == 0) break;
        in.append(chunk, static_cast<std::size_t>(n));
        std::size_t begin = 0;
        for (std::size_t newline; (newline = in.find('\n', begin)) != std::string::npos;
             begin = newline + 1) {
            std::string_view line(in.data() + begin, newline - begin);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (line.empty() || line.front() == '#' || line.front() == ';') continue;
            ++result.states;
            answer.clear();
            try {
                if (answer_state(line, game, bot, answer, result, err)) {
                    out += answer;
                    out += "\r\n";
                }
            } catch (const std::exception& e) {
                ::close(sock);
                return failed("cannot play the state " + excerpt(line) + ": " + e.what());
            }
        }
        in.erase(0, begin);
        if (in.size() > (std::size_t{1} << 20)) {
            ::close(sock);
            return failed("the dealer sent a line of over 1 MiB");
        }
    }
    ::close(sock);
    // The dealer closes the connection when the match is over, after the last hand's final
    // state; a close inside a line or a hand is a match cut short (a dealer or network that
    // went down), which must not look like a match played out.
    if (!in.empty())
        return failed("the dealer closed the connection in the middle of a line (" + excerpt(in) +
                          " unfinished) after " + hands_played(result) +
                          "; the match was cut short",
                      kAcpcClientCutShort);
    if (result.in_hand)
        return failed("the dealer closed the connection in the middle of hand " +
                          std::to_string(result.hand) + " after " + hands_played(result) +
                          "; the match was cut short",
                      kAcpcClientCutShort);
    return result;
}

}  // namespace pokerarena
