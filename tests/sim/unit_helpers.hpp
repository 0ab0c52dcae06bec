// What the tests that play work units share.
#pragma once

#include <string>

#include "report.pb.h"

namespace pokerarena::sim::test {

// A unit's result without its timing fields (the only ones that may differ between runs).
inline std::string without_timing(UnitResult r) {
    r.clear_timing_decision_ns();
    for (BotUnit& b : *r.mutable_bots())
        b.clear_decision_ns();
    return r.SerializeAsString();
}

}  // namespace pokerarena::sim::test
