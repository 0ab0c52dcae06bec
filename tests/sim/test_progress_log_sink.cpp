// The log sink of `pokerarena run` (sim/cli/progress_log_sink.hpp): each message is written
// after the hook that erases the progress line, never before it, and the formatting is the
// inner sink's.
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>

#include "../../sim/cli/progress_log_sink.hpp"

using pokerarena::sim::ProgressLogSink;

TEST_CASE("run's log sink calls its hook before every message", "[log]") {
    std::ostringstream out;
    const auto sink =
        std::make_shared<ProgressLogSink>(std::make_shared<spdlog::sinks::ostream_sink_mt>(out));
    spdlog::logger logger("test", sink);
    logger.set_pattern("%l: %v");
    int hooks = 0;
    sink->set_before_message([&] {
        ++hooks;
        out << "<erase>";
    });
    logger.warn("checkpoint not written ({}); the run goes on", "disk full");
    logger.info("second");
    logger.debug("below the level: no message, no hook");
    CHECK(out.str() ==
          "<erase>warning: checkpoint not written (disk full); the run goes on\n"
          "<erase>info: second\n");
    CHECK(hooks == 2);

    sink->set_before_message(nullptr);
    logger.info("third");
    CHECK(out.str().ends_with("info: second\ninfo: third\n"));
    CHECK(hooks == 2);
}
