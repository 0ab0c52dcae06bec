// All-in adjusted winnings. See allin_ev.hpp for what is computed.
#include "pokerarena/sim/allin_ev.hpp"

#include <algorithm>
#include <bit>

namespace pokerarena::sim {

namespace {

constexpr SeatMask seat_bit(int s) {
    return static_cast<SeatMask>(1u << s);
}

template <typename F>
void for_each_seat(SeatMask seats, F&& f) {
    for (unsigned m = seats; m != 0; m &= m - 1)
        f(std::countr_zero(m));
}

}  // namespace

bool AllinEvaluator::adjust(const Table& table, std::array<double, kMaxSeats>& net) {
    const HandRecord& r = table.last_hand();
    const GameDef& g = table.game_def();
    if (!r.finished || r.actions_truncated) return false;

    SeatMask folded = 0;
    for (int i = 0; i < r.num_actions; ++i)
        if (r.actions[i].kind == ActionKind::Fold) folded |= seat_bit(r.actions[i].seat);
    const SeatMask active = static_cast<SeatMask>(r.dealt_in & ~folded);
    if (std::popcount(active) < 2) return false;
    int with_chips = 0;
    for_each_seat(active, [&](int s) { with_chips += table.committed(s) < r.starting_stacks[s]; });
    if (with_chips > 1) return false;

    const int last_round = r.num_actions > 0 ? r.actions[r.num_actions - 1].round : 0;
    int known = 0, total = 0;
    for (int round = 0; round < g.num_rounds; ++round) {
        total += g.board_cards[round];
        if (round <= last_round) known += g.board_cards[round];
    }
    if (known >= total || r.board_count != total) return false;

    std::array<Chips, kMaxSeats> committed{};
    for (int s = 0; s < r.num_seats; ++s)
        committed[s] = table.committed(s);
    const detail::PotLayers layers = detail::layer_pots(r, g, committed, active);
    std::array<double, kMaxSeats> award = layers.uncontested;
    equity_.award(r, g, known, layers.pots(), award);

    for (int s = 0; s < kMaxSeats; ++s)
        net[s] = s < r.num_seats ? award[s] - static_cast<double>(table.committed(s)) : 0.0;
    // On the chip grid, zero-sum: values that cancel in theory cancel exactly (pots.hpp).
    detail::round_to_chip_grid(net, r.num_seats);
    return true;
}

}  // namespace pokerarena::sim
