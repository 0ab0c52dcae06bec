// The equity bot decides the same way on every Monte Carlo kernel: its estimates come from the
// evaluator's kernels, which count the same deals for a seed, so whole matches (every action,
// every chip) must not depend on the CPU. Each kernel this CPU runs is forced in turn.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "play_helpers.hpp"
#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/equity.hpp"

using namespace pokerarena;

namespace {

// Every action of `hands` hands of equity bots (seeds from `seed`) at `seats` seats, then
// every seat's net winnings.
std::vector<RecordedAction> play(int seats, int hands, std::uint64_t seed) {
    const auto factory = make_bot_factory("equity:samples=300,bluff=0.2");
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> at;
    for (int s = 0; s < seats; ++s) {
        owned.push_back(factory->create(seed + static_cast<std::uint64_t>(s)));
        at.push_back(owned.back().get());
    }
    Table table(test::mixed_stack_game(seats), seed, 0);
    SeatDriver driver(table, at);
    std::vector<RecordedAction> actions;
    driver.play_hands(hands, [&](const HandRecord& r) {
        for (int i = 0; i < r.num_actions; ++i)
            actions.push_back(r.actions[static_cast<std::size_t>(i)]);
        for (int s = 0; s < seats; ++s)
            actions.push_back({static_cast<std::int8_t>(s), ActionKind::Fold, 0, false,
                               r.net[static_cast<std::size_t>(s)]});
    });
    return actions;
}

}  // namespace

TEST_CASE("the equity bot plays the same match on every Monte Carlo kernel", "[equity]") {
    for (Kernel k : {Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
        if (!kernel_available(k)) WARN("skipped: kernel " << kernel_name(k) << " not on this CPU");
    }
    for (int seats : {2, 6, 9}) {
        INFO(seats << " seats");
        detail::force_kernel(Kernel::Scalar);
        const std::vector<RecordedAction> scalar = play(seats, 300, 5);
        for (Kernel k : available_kernels()) {
            INFO("kernel " << kernel_name(k));
            detail::force_kernel(k);
            CHECK(play(seats, 300, 5) == scalar);
        }
        detail::force_kernel(Kernel::Best);
        CHECK(play(seats, 300, 5) == scalar);
        // The comparison has teeth: another seed plays another match.
        CHECK(play(seats, 300, 6) != scalar);
    }
}
