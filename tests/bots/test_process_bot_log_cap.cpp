// A process bot's log holds at most kMaxStderrBytes whatever the number of its processes: they
// share the file, and each had a cap of its own (two processes flooding wrote 32 MiB).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <array>
#include <filesystem>
#include <memory>
#include <string>

#include "play_helpers.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/engine/table.hpp"

using namespace pokerarena;

TEST_CASE("process bots: one cap on the log for all the processes of a bot", "[process]") {
    ProcessBotSpec spec;
    // Each process writes 40 MiB to standard error at its second decision, then answers.
    spec.command = {MISBEHAVING_BOT, "flood", "2"};
    spec.name = "flood";
    spec.procs = 2;
    spec.stderr_log = (std::filesystem::temp_directory_path() /
                       ("pokerarena-test-" + std::to_string(::getpid()) + "-cap.stderr.log"))
                          .string();
    spec.decision_timeout = std::chrono::seconds(60);
    std::filesystem::remove(spec.stderr_log);
    ProcessStats stats;
    {
        ProcessBotFactory factory(spec, "proc:test");
        // One instance in each process (lanes 0 and 1), playing each other.
        auto first = factory.create_in_lane(7, 0);
        auto second = factory.create_in_lane(8, 1);
        Table table(test::mixed_stack_game(2), 5, 0);
        std::array<Bot*, 2> bots{first.get(), second.get()};
        SeatDriver driver(table, bots);
        REQUIRE(driver.play_hands(20, [](const HandRecord&) {}) == 20);
        CHECK(driver.faults(0).total() == 0);
        CHECK(driver.faults(1).total() == 0);
        first.reset();
        second.reset();
        stats = factory.stats();
    }
    CHECK(std::filesystem::file_size(spec.stderr_log) ==
          static_cast<std::uintmax_t>(kMaxStderrBytes));
    CHECK(stats.stderr_bytes_dropped == 2 * (std::int64_t{40} << 20) - kMaxStderrBytes);
    std::filesystem::remove(spec.stderr_log);
}
