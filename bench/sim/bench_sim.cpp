// End-to-end speed of the simulator: the runner, its work units and the bots, in hands per
// second (items_per_second), wall time (the threads share it). The target: heads-up
// duplicate random vs call at 4 M hands/s with 2 threads and 1.8 times the 1-thread figure.
//
// RunnerOverhead_PlainLoop plays the same units as HeadsUp/threads:1 in a plain loop
// without the runner (no arena, no waves, no aggregation): the difference is what the runner
// costs. RunnerOverhead_PlainThreads/threads:2 plays them on two std::threads taking units
// from a shared counter: how well this machine runs two independent players at once, which
// bounds what HeadsUp/threads:2 can reach.
#include <benchmark/benchmark.h>

#include <atomic>
#include <initializer_list>
#include <string>
#include <thread>
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
    config.set_deals(deals);
    config.set_seed(11);
    return make_tournament(config);
}

// `seats` bots at one table, every deal played once per seat rotation; bot s plays
// styles[s % styles.size()].
Tournament ring(int seats, std::int64_t deals, const std::vector<std::string>& styles) {
    TournamentConfig config;
    config.set_format(RING);
    for (int s = 0; s < seats; ++s) {
        const std::string& style = styles[static_cast<std::size_t>(s) % styles.size()];
        BotEntry& bot = *config.add_bots();
        bot.set_spec(style);
        bot.set_name(style + "#" + std::to_string(s));
    }
    config.set_deals(deals);
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

// Every table size in `seats` with 1 and 2 threads, timed like HeadsUp.
void seats_and_threads(benchmark::internal::Benchmark* b, std::initializer_list<int> seats) {
    b->ArgNames({"seats", "threads"});
    for (const int n : seats)
        b->Args({n, 1})->Args({n, 2});
    b->MeasureProcessCPUTime()->UseRealTime()->Unit(benchmark::kMillisecond);
}

void Ring(benchmark::State& state) {
    const int seats = static_cast<int>(state.range(0));
    // Cheap bots of four styles, about 400000 hands per iteration at any table size.
    const Tournament tournament = ring(seats, 400'000 / seats, {"random", "call", "allin", "fold"});
    run_benchmark(state, tournament, static_cast<int>(state.range(1)));
}
BENCHMARK(Ring)->Apply([](benchmark::internal::Benchmark* b) { seats_and_threads(b, {6, 9}); });

// The equity bot against callers: the bot's Monte Carlo dominates, the runner is noise.
// Heads-up it is a duplicate match against one caller; at 6 and 9 seats one equity bot sits
// with callers, every seat rotation played. About 16000 hands (about 16 work units) per iteration.
void Equity(benchmark::State& state) {
    const int seats = static_cast<int>(state.range(0));
    const Tournament tournament = seats == 2 ? heads_up("equity:samples=100", "call", 8'000)
                                             : ring(seats, 16'000 / seats,
                                                    {"equity:samples=100", "call", "call", "call",
                                                     "call", "call", "call", "call", "call"});
    run_benchmark(state, tournament, static_cast<int>(state.range(1)));
}
BENCHMARK(Equity)->Apply([](benchmark::internal::Benchmark* b) {
    seats_and_threads(b, {2, 6, 9});
});

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

void RunnerOverhead_PlainThreads(benchmark::State& state) {
    static const Tournament tournament = heads_up("random", "call", 200'000);
    const auto units = static_cast<std::int64_t>(tournament.units.size());
    std::int64_t hands = 0;
    for (auto _ : state) {
        std::atomic<std::int64_t> next_unit{0};
        std::atomic<std::int64_t> played{0};
        std::vector<std::thread> players;
        for (std::int64_t t = 0; t < state.range(0); ++t)
            players.emplace_back([&] {
                for (std::int64_t u = next_unit++; u < units; u = next_unit++)
                    played += play_unit(tournament, u).hands();
            });
        for (std::thread& player : players)
            player.join();
        hands += played.load();
    }
    state.SetItemsProcessed(hands);
}
BENCHMARK(RunnerOverhead_PlainThreads)
    ->ArgName("threads")
    ->Arg(2)
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
