// Process bots through the whole simulator (run_tournament): decisions per second of the
// process bot (counter `decisions`, over wall time), the host and the bot processes sharing
// the machine's cores; with procs=K the run has K threads, so K lanes, one per process. The
// targets on the 2-core machine: the C call bot at least 1 M decisions/s; the Python call bot at
// least 100 k/s with one process and nearly twice that with procs=2. InProcessCall is the ceiling:
// the same tournament with the built-in `call`. AcpcCallClientC: an ACPC client program (built
// with the tests) through the bridge of docs/acpc.md.
#include <benchmark/benchmark.h>

#include <string>

#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;

namespace {

// Heads-up duplicate, `deals` deals, the bot under test against the built-in `call`.
Tournament against_call(const std::string& spec, std::int64_t deals) {
    TournamentConfig config;
    BotEntry& bot = *config.add_bots();
    bot.set_spec(spec);
    bot.set_name("bot");
    config.add_bots()->set_spec("call");
    config.set_deals(deals);
    config.set_seed(21);
    return make_tournament(config);
}

void run(benchmark::State& state, const Tournament& tournament, int threads) {
    RunOptions options;
    options.threads = threads;
    std::int64_t decisions = 0;
    for (auto _ : state) {
        const Report report = run_tournament(tournament, options);
        for (const BotResult& bot : report.bots())
            if (bot.name() == "bot") decisions += bot.decisions();
        benchmark::DoNotOptimize(report.hands());
    }
    state.counters["decisions"] =
        benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}

void InProcessCall(benchmark::State& state) {
    static const Tournament tournament = against_call("call", 200'000);
    run(state, tournament, static_cast<int>(state.range(0)));
}

// procs processes and as many threads (so as many lanes).
void ProcessCallBotC(benchmark::State& state) {
    const std::string procs = std::to_string(state.range(0));
    const Tournament tournament =
        against_call("proc[procs=" + procs + "]:" + PROCESS_CALL_BOT_C, 200'000);
    run(state, tournament, static_cast<int>(state.range(0)));
}

void ProcessCallBotPython(benchmark::State& state) {
    const std::string procs = std::to_string(state.range(0));
    const Tournament tournament =
        against_call("proc[procs=" + procs + "]:python3 " + PROCESS_CALL_BOT_PYTHON, 200'000);
    run(state, tournament, static_cast<int>(state.range(0)));
}

#ifdef ACPC_CALL_CLIENT
// The trivial C ACPC client (check or call to every state) through the ACPC bridge, as
// ProcessCallBotC: the aim is 200 k decisions/s on the 2-core machine.
void AcpcCallClientC(benchmark::State& state) {
    pokerarena::set_acpc_bridge_command({POKERARENA_COMMAND, "acpc-bridge"});
    const std::string procs = std::to_string(state.range(0));
    const Tournament tournament =
        against_call("acpc[procs=" + procs + "]:" + ACPC_CALL_CLIENT, 50'000);
    run(state, tournament, static_cast<int>(state.range(0)));
}
#endif

}  // namespace

BENCHMARK(InProcessCall)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(ProcessCallBotC)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(ProcessCallBotPython)
    ->ArgName("procs")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
#ifdef ACPC_CALL_CLIENT
BENCHMARK(AcpcCallClientC)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
#endif
