// Every built-in bot plays 100,000 hands at 2, 6 and 9 seats without a single illegal action,
// and plays the same actions again for the same seed. One test case per bot, so ctest -j
// runs them side by side.
#include "play_helpers.hpp"

using namespace pokerarena;

TEST_CASE("random plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play("random");
}
TEST_CASE("call plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play("call");
}
TEST_CASE("fold plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play("fold");
}
TEST_CASE("allin plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play("allin");
}
TEST_CASE("tag plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play("tag");
}
TEST_CASE("tag with extreme parameters plays without a fault") {
    test::require_clean_play(
        "tag:tightness=0,aggression=1,bet_size=3,open_size=10,three_bet=6,short_stack=100", 20'000);
    test::require_clean_play("tag:tightness=1,aggression=0,bet_size=0.1,short_stack=0", 20'000);
}
TEST_CASE("equity plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play("equity:samples=50");
}
TEST_CASE("equity with extreme parameters plays without a fault") {
    test::require_clean_play("equity:samples=1,aggression=1,bluff=1,bet_size=3", 20'000);
    test::require_clean_play("equity:samples=20,aggression=0,bluff=0,bet_size=0.1", 20'000);
}

TEST_CASE("every built-in bot is deterministic for a given seed") {
    for (const char* spec : {"random", "tag", "equity:samples=100"}) {
        INFO(spec);
        const test::PlayOutcome a = test::play_mixed(spec, 6, 2000, 5);
        const test::PlayOutcome b = test::play_mixed(spec, 6, 2000, 5);
        const test::PlayOutcome c = test::play_mixed(spec, 6, 2000, 6);
        REQUIRE(a.net == b.net);
        REQUIRE(a.decisions_of_bot == b.decisions_of_bot);
        REQUIRE(a.net != c.net);  // another seed deals and decides differently
    }
}
