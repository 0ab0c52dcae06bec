// Shared by the engine and bots tests: what a SeatView must hold, built from the table's
// public state independently of Table::view, and a field-by-field comparison of two views.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "pokerarena/engine/table.hpp"

namespace pokerarena::test {

// How view_difference compares the actions: the same span of the same table (Span), or equal
// actions one by one (Content: views rebuilt elsewhere, such as from a protocol line).
enum class ActionsBy { Span, Content };

// Empty when a and b agree in every field, else the first field that differs.
inline std::string view_difference(const SeatView& a, const SeatView& b,
                                   ActionsBy actions = ActionsBy::Span) {
    if (a.seat != b.seat) return "seat";
    if (a.num_seats != b.num_seats) return "num_seats";
    if (a.hand_number != b.hand_number) return "hand_number";
    if (a.button != b.button) return "button";
    if (a.round != b.round) return "round";
    if (a.seat_to_act != b.seat_to_act) return "seat_to_act";
    if (a.state != b.state) return "state";
    if (a.big_blind != b.big_blind) return "big_blind";
    if (a.dealt_in != b.dealt_in) return "dealt_in";
    if (a.folded != b.folded) return "folded";
    if (a.all_in != b.all_in) return "all_in";
    if (a.stacks != b.stacks) return "stacks";
    if (a.bets != b.bets) return "bets";
    if (a.committed != b.committed) return "committed";
    if (a.pot != b.pot) return "pot";
    if (a.current_bet != b.current_bet) return "current_bet";
    if (a.known_hole != b.known_hole) return "known_hole";
    if (a.hole != b.hole) return "hole";
    if (a.hole_cards != b.hole_cards) return "hole_cards";
    if (a.board != b.board) return "board";
    if (a.board_count != b.board_count) return "board_count";
    if (!(a.legal == b.legal)) return "legal";
    if (actions == ActionsBy::Span &&
        (a.actions.data() != b.actions.data() || a.actions.size() != b.actions.size()))
        return "actions";
    if (actions == ActionsBy::Content) {
        if (a.actions.size() != b.actions.size()) return "actions (their number)";
        for (std::size_t i = 0; i < a.actions.size(); ++i)
            if (!(a.actions[i] == b.actions[i])) return "actions[" + std::to_string(i) + "]";
    }
    if (a.actions_truncated != b.actions_truncated) return "actions_truncated";
    return "";
}

// The view `seat` must get from `t`, from public state only. Hole cards: a seat knows its own
// once dealt in and any shown at showdown. `started`: the table has started a hand (before
// that the view has no cards and no actions). `known_while_dealing`: while the hand's hole
// cards are being dealt, the seats whose cards the caller has seen dealt to `seat` (its own
// at most); -1 once dealing is over.
inline SeatView reference_view(const Table& t, int seat, bool started, int known_while_dealing) {
    SeatView v;
    v.seat = seat;
    v.num_seats = t.game_def().num_seats;
    v.hand_number = t.hand_number();
    v.button = t.button();
    v.round = t.round();
    v.seat_to_act = t.seat_to_act();
    v.state = t.state();
    v.big_blind = t.game_def().big_blind;
    v.dealt_in = t.dealt_in();
    v.folded = t.folded();
    v.all_in = t.all_in();
    for (int s = 0; s < v.num_seats; ++s) {
        v.stacks[static_cast<std::size_t>(s)] = t.stack(s);
        v.bets[static_cast<std::size_t>(s)] = t.bet(s);
        v.committed[static_cast<std::size_t>(s)] = t.committed(s);
    }
    v.pot = t.pot();
    v.current_bet = t.current_bet();
    v.hole_cards = t.game_def().hole_cards;
    const HandRecord& r = t.last_hand();
    if (started) {
        SeatMask known = r.shown;
        if (t.dealt_in() & (1u << seat)) known = static_cast<SeatMask>(known | (1u << seat));
        if (known_while_dealing >= 0) known = static_cast<SeatMask>(known_while_dealing);
        v.known_hole = known;
        for (int s = 0; s < kMaxSeats; ++s)
            if (known & (1u << s))
                v.hole[static_cast<std::size_t>(s)] = r.hole[static_cast<std::size_t>(s)];
        v.board_count = r.board_count;
        for (int i = 0; i < r.board_count; ++i)
            v.board[static_cast<std::size_t>(i)] = r.board[static_cast<std::size_t>(i)];
        v.actions = std::span<const RecordedAction>(r.actions.data(),
                                                    static_cast<std::size_t>(r.num_actions));
        v.actions_truncated = r.actions_truncated;
    }
    if (v.seat_to_act == seat) v.legal = t.legal_actions();
    return v;
}

}  // namespace pokerarena::test
