// `pokerarena bench`: a fixed seeded set of hands played by the real runner, printing a chip
// checksum and hands per second.
//
// The checksum is the determinism signature (as a chess engine's bench node count): it hashes
// every unit's net chips per bot in unit order, so it moves when any hand plays out
// differently, and must be the same on every machine and with any --threads. A commit that
// changes how hands play quotes the new value; a refactor must not move it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli_checks.hpp"
#include "commands.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::cli {

namespace {

struct BenchOptions {
    int threads = 0;
    std::int64_t hands = 1'000'000;
};

struct BenchCase {
    const char* name;
    sim::TournamentConfig config;
};

// Cheap bots, so the figure measures the engine and the runner rather than a bot's thinking:
// heads-up duplicate random against call (the simulator's speed target), and a 6-max ring of
// every cheap style with duplicate rotations. Hand counts are split 3:1 between them.
std::vector<BenchCase> bench_cases(std::int64_t hands) {
    sim::TournamentConfig heads_up;
    heads_up.set_format(sim::ROUND_ROBIN);
    heads_up.add_bots()->set_spec("random");
    heads_up.add_bots()->set_spec("call");
    heads_up.set_deals(std::max<std::int64_t>(1, hands * 3 / 4 / 2));  // deals, played twice
    heads_up.set_seed(20260101);

    sim::TournamentConfig ring;
    ring.set_format(sim::RING);
    for (const char* spec : {"random", "call", "fold", "allin", "random", "call"})
        ring.add_bots()->set_spec(spec);
    ring.set_seats(6);
    ring.set_deals(std::max<std::int64_t>(1, hands / 4 / 6));  // deals, played once per seat
    ring.set_seed(20260102);
    for (int b = 0; b < ring.bots_size(); ++b)
        ring.mutable_bots(b)->set_name(ring.bots(b).spec() + "#" + std::to_string(b + 1));
    return {{"heads-up random vs call, duplicate", heads_up}, {"6-max ring, cheap bots", ring}};
}

// FNV-1a over 64-bit words: simple, fixed and independent of the platform's std::hash.
struct Checksum {
    std::uint64_t value = 0xcbf29ce484222325ULL;
    void add(std::int64_t word) {
        auto bits = static_cast<std::uint64_t>(word);
        for (int byte = 0; byte < 8; ++byte) {
            value ^= bits & 0xff;
            value *= 0x100000001b3ULL;
            bits >>= 8;
        }
    }
};

int run_bench(const BenchOptions& options) {
    Checksum checksum;
    std::int64_t total_hands = 0;
    double total_seconds = 0;
    int threads = 0;  // the runner's: --threads, or every core when not given
    for (const BenchCase& bench : bench_cases(options.hands)) {
        sim::Tournament tournament;
        try {
            tournament = sim::make_tournament(bench.config);
        } catch (const std::exception& error) {
            std::cerr << "pokerarena bench: " << bench.name << ": " << error.what() << '\n';
            return 1;
        }
        sim::RunOptions run_options;
        run_options.threads = options.threads;
        const sim::Report report = sim::run_tournament(tournament, run_options);
        for (const sim::UnitResult& unit : report.units()) {
            checksum.add(unit.unit());
            checksum.add(unit.hands());
            for (const sim::BotUnit& bot : unit.bots())
                checksum.add(bot.net_chips());
        }
        threads = report.run().threads();
        total_hands += report.hands();
        total_seconds += report.timing().wall_seconds();
        std::cout << bench.name << ": " << report.hands() << " hands, "
                  << static_cast<std::int64_t>(report.timing().hands_per_second()) << " hands/s\n";
    }
    char hex[32];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(checksum.value));
    std::cout << "Threads: " << threads << "\nHands: " << total_hands << "\nHands/s: "
              << static_cast<std::int64_t>(
                     total_seconds > 0 ? static_cast<double>(total_hands) / total_seconds : 0)
              << "\nChecksum: " << hex << '\n';
    return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<BenchOptions>();
    CLI::App* bench = app.add_subcommand(
        "bench", "Play a fixed seeded set of hands: chip checksum (determinism) and hands/s");
    bench->add_option("--threads", options->threads, "Threads (default: every core)")
        ->transform(whole_number(1, 4096));
    bench
        ->add_option("--hands", options->hands,
                     "Hands in all: 3/4 heads-up duplicate random vs call, 1/4 a 6-max ring")
        ->default_val(options->hands)
        ->transform(whole_number(100, 1'000'000'000'000));
    bench->footer(
        "The checksum hashes every work unit's net chips per bot in unit order. For a given\n"
        "--hands it is the same on every machine and with any --threads; a change that\n"
        "moves it changes how hands play (quote the new value in the commit message).\n\n"
        "Examples:\n"
        "  pokerarena bench\n"
        "  pokerarena bench --threads 1 --hands 200000");
    bench->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

}  // namespace pokerarena::cli
