// All-in adjusted winnings: the cost of AllinEvaluator::adjust() for one finished hand, by
// kind of all-in, and its overhead on random heads-up play.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/sim/allin_ev.hpp"

namespace {

using namespace pokerarena;
using pokerarena::sim::AllinEvaluator;

// A table that has just finished a hand with the given cards and actions (the first hand's
// button is the last seat; seat 0 posts the small blind, heads-up the big one).
Table finished_hand(int seats, const std::vector<Chips>& stacks,
                    const std::vector<std::string>& holes, const std::vector<Action>& script) {
    GameDef g = GameDef::no_limit_holdem(seats, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    for (std::size_t s = 0; s < stacks.size(); ++s)
        g.starting_stacks[s] = stacks[s];
    Table table(g, 1, 0);
    PresetCards cards;
    for (std::size_t s = 0; s < holes.size(); ++s) {
        const auto c = parse_cards(holes[s]);
        cards.hole[s] = {c.at(0), c.at(1)};
        cards.hole_known[s] = true;
    }
    const auto board = parse_cards("2c3d4h8s9c");
    for (std::size_t i = 0; i < board.size(); ++i)
        cards.board[i] = board[i];
    cards.board_known = 5;
    table.set_next_hand_cards(cards);
    table.set_pause_mask(pause_bit(EventKind::HandEnded));
    std::size_t next = 0;
    while (table.advance().kind != EventKind::HandEnded)
        table.act(script.at(next++));
    return table;
}

void run_adjust(benchmark::State& state, const Table& table, AllinEvaluator::Options options) {
    AllinEvaluator ev(options);
    std::array<double, kMaxSeats> net{};
    for (auto _ : state) {
        benchmark::DoNotOptimize(ev.adjust(table, net));
        benchmark::DoNotOptimize(net);
    }
}

// Arg 0: enumerated every time (the shipped table off); 1: looked up in the table.
void BM_AdjustHeadsUpPreflop(benchmark::State& state) {
    const Table table =
        finished_hand(2, {}, {"AsKs", "QdQc"}, {Action::raise_to(200), Action::check_call()});
    run_adjust(state, table, {.heads_up_preflop_table = state.range(0) != 0});
    state.SetLabel(state.range(0) != 0 ? "table" : "enumerated");
}
BENCHMARK(BM_AdjustHeadsUpPreflop)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_AdjustHeadsUpFlop(benchmark::State& state) {
    const Table table = finished_hand(
        2, {}, {"7c7d", "AhKh"},
        {Action::check_call(), Action::check_call(), Action::raise_to(198), Action::check_call()});
    run_adjust(state, table, {});
}
BENCHMARK(BM_AdjustHeadsUpFlop)->Unit(benchmark::kMicrosecond);

// Seat 2 (50 chips) all-in, seats 0 and 1 all-in for 200: a three-way main pot and a
// heads-up side pot with the short stack's hand dead.
void BM_AdjustThreeWayPreflopSidePot(benchmark::State& state) {
    const Table table =
        finished_hand(3, {200, 200, 50}, {"KsKh", "QsQh", "AsAh"},
                      {Action::raise_to(50), Action::raise_to(200), Action::check_call()});
    run_adjust(state, table, {});
}
BENCHMARK(BM_AdjustThreeWayPreflopSidePot)->Unit(benchmark::kMicrosecond);

// A hand won by a fold: the answer is "nothing to adjust".
void BM_AdjustNotAllIn(benchmark::State& state) {
    const Table table =
        finished_hand(2, {}, {"AsKs", "QdQc"}, {Action::raise_to(200), Action::fold()});
    run_adjust(state, table, {});
}
BENCHMARK(BM_AdjustNotAllIn)->Unit(benchmark::kNanosecond);

// Random bots heads-up, 100 big blinds, 10,000 hands per iteration, with (arg 1) or without
// adjust() after every hand: the overhead of --allin-ev on the cheapest play.
void BM_RandomHeadsUpPlay(benchmark::State& state) {
    const bool adjust = state.range(0) != 0;
    const auto factory = make_bot_factory("random");
    GameDef g = GameDef::no_limit_holdem(2, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    std::uint64_t seed = 1;
    std::int64_t adjusted = 0;
    AllinEvaluator ev;
    for (auto _ : state) {
        auto a = factory->create(seed);
        auto b = factory->create(seed + 1);
        std::vector<Bot*> at = {a.get(), b.get()};
        Table table(g, seed, 0);
        SeatDriver driver(table, at);
        std::array<double, kMaxSeats> net{};
        driver.play_hands(10'000, [&](const HandRecord&) {
            if (adjust) adjusted += ev.adjust(table, net);
        });
        ++seed;
    }
    state.SetItemsProcessed(state.iterations() * 10'000);
    state.counters["adjusted_share"] =
        static_cast<double>(adjusted) / static_cast<double>(state.iterations() * 10'000);
    state.SetLabel(adjust ? "adjust every hand" : "raw");
}
BENCHMARK(BM_RandomHeadsUpPlay)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
