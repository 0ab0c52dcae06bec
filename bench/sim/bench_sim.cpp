// End-to-end speed of the simulator: the runner, its work units and the bots, in hands per
// second (items_per_second), wall time (the threads share it). The issue's target: heads-up
// duplicate random vs call at 4 M hands/s with 2 threads and 1.8 times the 1-thread figure.
//
// RunnerOverhead/PlainLoop plays the same units as HeadsUp/threads:1 in a plain loop
// without the runner (no arena, no waves, no aggregation): the difference is what the runner
// costs.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;

namespace {

// 200000 deals, each played twice: 400000 hands per iteration.
Tournament heads_up(const char* hero, const char* villain, std::int64_t deals) {
    TournamentConfig config;
    config.add_bots()->set_spec(hero);
    config.add_bots()->set_spec(villain);
    config.set_hands(deals);
    config.set_seed(11);
    return make_tournament(config);
}

// `seats` cheap bots of four styles at one table, every deal played once per seat rotation.
Tournament ring(int seats, std::int64_t deals) {
    TournamentConfig config;
    config.set_format(RING);
    const char* styles[] = {"random", "call", "allin", "fold"};
    for (int s = 0; s < seats; ++s) {
        BotEntry& bot = *config.add_bots();
        bot.set_spec(styles[s % 4]);
        bot.set_name(std::string(styles[s % 4]) + "#" + std::to_string(s));
    }
    config.set_hands(deals);
    config.set_seed(12);
    return make_tournament(config);
}

void run_benchmark(benchmark::State& state, const Tournament& tournament, int threads) {
    RunOptions options;
    options.threads = threads;
    std::int64_t hands = 0;
    for (auto _ : state) {
        const Report report = run_tournament(tournament, options);
        hands += report.hands();
        benchmark::DoNotOptimize(report.hands());
    }
    state.SetItemsProcessed(hands);
}

void HeadsUp(benchmark::State& state) {
    static const Tournament tournament = heads_up("random", "call", 200'000);
    run_benchmark(state, tournament, static_cast<int>(state.range(0)));
}
BENCHMARK(HeadsUp)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void Ring(benchmark::State& state) {
    const int seats = static_cast<int>(state.range(0));
    // About 400000 hands per iteration at any table size.
    const Tournament tournament = ring(seats, 400'000 / seats);
    run_benchmark(state, tournament, static_cast<int>(state.range(1)));
}
BENCHMARK(Ring)
    ->ArgNames({"seats", "threads"})
    ->Args({6, 1})
    ->Args({6, 2})
    ->Args({9, 1})
    ->Args({9, 2})
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// The equity bot against a caller: the bot's Monte Carlo dominates, the runner is noise.
void Equity(benchmark::State& state) {
    static const Tournament tournament = heads_up("equity:samples=100", "call", 2'000);
    run_benchmark(state, tournament, static_cast<int>(state.range(0)));
}
BENCHMARK(Equity)->ArgName("threads")->Arg(1)->Arg(2)->MeasureProcessCPUTime()->UseRealTime()->Unit(
    benchmark::kMillisecond);

void RunnerOverhead_PlainLoop(benchmark::State& state) {
    static const Tournament tournament = heads_up("random", "call", 200'000);
    std::int64_t hands = 0;
    for (auto _ : state) {
        for (std::int64_t u = 0; u < static_cast<std::int64_t>(tournament.units.size()); ++u)
            hands += play_unit(tournament, u).hands();
    }
    state.SetItemsProcessed(hands);
}
BENCHMARK(RunnerOverhead_PlainLoop)
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
