// AIVAT. See aivat.hpp for what is computed and docs/aivat.md for why each term is zero-mean.
#include "pokerarena/sim/aivat.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace pokerarena::sim {

namespace {

constexpr SeatMask seat_bit(int s) {
    return static_cast<SeatMask>(1u << s);
}

// What each seat has in once the round's uncalled excess is back with its owner: the excess
// of a round's single highest bet over the second highest (folded seats' bets included), as
// Table::return_uncalled_bet returns it.
std::array<Chips, kMaxSeats> called_chips(const HandPoint& p) {
    std::array<Chips, kMaxSeats> c = p.committed;
    const int n = p.record->num_seats;
    int top = -1;
    Chips highest = 0, second = 0;
    for (int s = 0; s < n; ++s) {
        const Chips b = p.bets[s];
        if (b > highest) {
            second = highest;
            highest = b;
            top = s;
        } else if (b > second) {
            second = b;
        }
    }
    if (top >= 0 && highest > second) c[top] -= highest - second;
    return c;
}

// True when every action of `round` is a check and the next round's board was dealt: the
// round ends with the chips as they were when its board came.
bool quiet_round(const HandRecord& r, const GameDef& g, int round) {
    if (round + 1 >= g.num_rounds || g.board_cards[round + 1] == 0) return false;
    int dealt = 0;
    for (int q = 0; q <= round + 1; ++q)
        dealt += g.board_cards[q];
    if (dealt > r.board_count) return false;
    for (int k = 0; k < r.num_actions; ++k) {
        const RecordedAction& a = r.actions[k];
        if (a.round == round && (a.kind != ActionKind::CheckCall || a.amount != 0)) return false;
    }
    return true;
}

// `p` once `seat` has called (all in when its stack is short).
HandPoint after_call(const HandPoint& p, int seat) {
    HandPoint call = p;
    Chips highest = 0;
    for (int s = 0; s < p.record->num_seats; ++s)
        highest = std::max(highest, p.bets[s]);
    const Chips chips =
        std::min(highest - p.bets[seat], p.record->starting_stacks[seat] - p.committed[seat]);
    call.bets[seat] += chips;
    call.committed[seat] += chips;
    return call;
}

void apply(HandPoint& p, const RecordedAction& a) {
    switch (a.kind) {
        case ActionKind::Fold:
            p.folded |= seat_bit(a.seat);
            break;
        case ActionKind::CheckCall:
            p.committed[a.seat] += a.amount;
            p.bets[a.seat] += a.amount;
            break;
        case ActionKind::RaiseTo:
            p.committed[a.seat] += a.amount - p.bets[a.seat];
            p.bets[a.seat] = a.amount;
            break;
    }
}

double fold_probability(const Strategy& strategy) {
    double fold = 0;
    for (const StrategyPart& part : strategy.view())
        if (part.kind == ActionKind::Fold) fold += part.probability;
    return fold;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// CheckDownValue

void CheckDownValue::begin_hand(const HandRecord&, const GameDef&) {
    cached_ = 0;
    next_slot_ = 0;
}

const std::array<double, kMaxSeats>& CheckDownValue::shares(const HandPoint& p, SeatMask eligible) {
    for (int i = 0; i < cached_; ++i) {
        const Cached& c = cache_[i];
        if (c.known == p.known_board && c.eligible == eligible) return c.shares;
    }
    Cached& c = cache_[next_slot_];
    next_slot_ = (next_slot_ + 1) % kCacheSize;
    cached_ = std::min(cached_ + 1, kCacheSize);
    c.known = p.known_board;
    c.eligible = eligible;
    c.shares.fill(0.0);
    const HandRecord& r = *p.record;
    const int a = std::countr_zero(static_cast<unsigned>(eligible));
    const int b = std::countr_zero(static_cast<unsigned>(eligible & (eligible - 1)));
    // Two players and no other hand dealt: the cards alone name the spot (Hold'em: two hole
    // cards each, at most five on the board).
    const unsigned rest = eligible & (eligible - 1u);
    const bool keyed = eligible != 0 && rest != 0 && (rest & (rest - 1u)) == 0 &&
                       r.dealt_in == eligible && p.game->hole_cards == 2 &&
                       p.known_board <= kMaxBoardCards && p.known_board <= 5;
    std::uint64_t key = 0;
    Recent* recent = nullptr;
    if (keyed) {
        key = static_cast<std::uint64_t>(p.known_board);
        for (const Card card : {r.hole[a][0], r.hole[a][1], r.hole[b][0], r.hole[b][1]})
            key = key << 6 | static_cast<std::uint64_t>(card.index());
        for (int i = 0; i < p.known_board; ++i)
            key = key << 6 | static_cast<std::uint64_t>(r.board[i].index());
        recent = &recent_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kRecentBits)];
        if (recent->key == key + 1) {
            c.shares[a] = recent->share;
            c.shares[b] = 1.0 - recent->share;
            return c.shares;
        }
    }
    const detail::ContestedPot unit{1.0, eligible};
    equity_.award(r, *p.game, p.known_board, {&unit, 1}, c.shares);
    if (recent) {
        recent->key = key + 1;
        recent->share = c.shares[a];
        c.shares[b] = 1.0 - c.shares[a];
    }
    return c.shares;
}

bool CheckDownValue::value(const HandPoint& p, std::array<double, kMaxSeats>& v) {
    if (!p.hole_cards_dealt) return false;
    const HandRecord& r = *p.record;
    const std::array<Chips, kMaxSeats> c = called_chips(p);
    const SeatMask active = static_cast<SeatMask>(r.dealt_in & ~p.folded);
    const detail::PotLayers layers = detail::layer_pots(r, *p.game, c, active);
    if (!detail::cheap_equity(r, *p.game, p.known_board, layers.pots())) return false;
    std::array<double, kMaxSeats> award = layers.uncontested;
    for (const detail::ContestedPot& pot : layers.pots()) {
        const std::array<double, kMaxSeats>& share = shares(p, pot.eligible);
        for (unsigned m = pot.eligible; m != 0; m &= m - 1) {
            const int s = std::countr_zero(m);
            award[s] += pot.amount * share[s];
        }
    }
    for (int s = 0; s < kMaxSeats; ++s)
        v[s] = (r.dealt_in & seat_bit(s)) ? award[s] - static_cast<double>(c[s]) : 0.0;
    return true;
}

bool CheckDownValue::expected_after_chance(const HandPoint& p, std::array<double, kMaxSeats>& v) {
    if (p.hole_cards_dealt) return value(p, v);  // exact equity is a martingale over the board
    // Before the hole cards: the seats eligible for a pot are exchangeable, so each wins it with
    // the same probability.
    const HandRecord& r = *p.record;
    const std::array<Chips, kMaxSeats> c = called_chips(p);
    const SeatMask active = static_cast<SeatMask>(r.dealt_in & ~p.folded);
    const detail::PotLayers layers = detail::layer_pots(r, *p.game, c, active);
    std::array<double, kMaxSeats> award = layers.uncontested;
    for (const detail::ContestedPot& pot : layers.pots()) {
        const double each = pot.amount / static_cast<double>(std::popcount(pot.eligible));
        for (unsigned m = pot.eligible; m != 0; m &= m - 1)
            award[std::countr_zero(m)] += each;
    }
    for (int s = 0; s < kMaxSeats; ++s)
        v[s] = (r.dealt_in & seat_bit(s)) ? award[s] - static_cast<double>(c[s]) : 0.0;
    return true;
}

// ---------------------------------------------------------------------------------------
// AivatEstimator

void AivatEstimator::estimate(const HandRecord& r, const GameDef& g,
                              const HandStrategies& strategies, AivatHand& out) {
    out = AivatHand{};
    const int n = r.num_seats;
    value_->begin_hand(r, g);

    HandPoint p;
    p.record = &r;
    p.game = &g;
    for (int s = 0; s < n; ++s) {
        p.committed[s] = r.antes[s] + r.blinds[s];
        p.bets[s] = r.blinds[s];
    }

    std::array<double, kMaxSeats> before{}, after{};
    const auto add = [&](int kind, double weight) {
        for (int s = 0; s < n; ++s)
            out.terms[kind][s] += weight * (before[s] - after[s]);
    };
    // A round in which nobody puts a chip in (every action a check) ends as it started. With a
    // martingale value function its board event's term and the next event's add up to
    // E(before it) - V(after the next), so the value after it is not computed ("quiet").
    const bool skip_quiet =
        options_.skip_quiet_rounds && value_->martingale() && !r.actions_truncated;
    std::array<double, kMaxSeats> pending_before{};
    int pending = 0;  // quiet events whose term waits for the next event's
    int round = 0;
    // A chance event: `deal` moves p past it.
    const auto chance = [&](auto&& deal, bool defer) {
        bool known = true;
        if (pending > 0)
            before = pending_before;
        else
            known = value_->expected_after_chance(p, before);
        deal();
        if (defer && known) {
            ++pending;
            pending_before = before;
            return;
        }
        const int events = pending + 1;
        pending = 0;
        if (known && value_->value(p, after)) {
            add(p.known_board == 0 ? AivatHand::kHoleTerms : round, 1.0);
            out.chance_terms += events;
        } else {
            out.left_out += events;
        }
    };
    // The round ends (the uncalled excess back, the bets cleared) and the next one's board
    // cards are dealt.
    const auto next_round = [&] {
        p.committed = called_chips(p);
        p.bets.fill(0);
        ++round;
        const int cards = g.board_cards[round];
        if (cards > 0)
            chance([&] { p.known_board += cards; }, skip_quiet && quiet_round(r, g, round));
    };

    chance([&] { p.hole_cards_dealt = true; }, false);
    for (int k = 0; k < r.num_actions; ++k) {
        const RecordedAction& a = r.actions[k];
        while (round < a.round)
            next_round();
        const int seat = a.seat;
        ++out.decisions[seat];
        if (const Strategy* strategy = strategies.of_action(k)) {
            ++out.with_strategy[seat];
            const double fold = fold_probability(*strategy);
            const double folded = a.kind == ActionKind::Fold ? 1.0 : 0.0;
            // Every raise leaves the same check-down value as the call (its excess is
            // uncalled), so the term is (p_fold - [folded]) * (V(fold) - V(call)).
            if (fold != folded) {
                HandPoint fold_point = p;
                fold_point.folded |= seat_bit(seat);
                if (value_->value(fold_point, before) && value_->value(after_call(p, seat), after))
                    add(AivatHand::kActionTerms, fold - folded);
                else
                    ++out.left_out;
            }
        }
        apply(p, a);
    }
    // The board cards dealt after the last action (an all-in run-out); none are known after a
    // truncated record's last action.
    if (!r.actions_truncated) {
        while (round + 1 < g.num_rounds &&
               p.known_board + g.board_cards[round + 1] <= r.board_count)
            next_round();
    }
    for (int s = 0; s < n; ++s) {
        double sum = static_cast<double>(r.net[s]);
        for (const auto& kind : out.terms)
            sum += kind[s];
        out.value[s] = sum;
    }
    // On the chip grid, zero-sum: values that cancel in theory cancel exactly (pots.hpp).
    detail::round_to_chip_grid(out.value, n);
}

}  // namespace pokerarena::sim
