// Engine speed: whole hands of no-limit hold'em (and of Kuhn and Leduc) on one thread, dealing and
// showdown included, with the random policy used to measure the ACPC reference engine on this
// machine: fold 10%, call 60%, raise 30% to a uniform amount between the minimum and the maximum
// (all-in); 20,000-chip stacks, blinds 50/100, stacks reset every hand (cash). Fold when a check is
// free counts as a check. Counters: hands/s and actions/s per CPU second.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "pokerarena/engine/table.hpp"

namespace {

using namespace pokerarena;

// xorshift64: a few cycles per number, so the policy does not dominate what is measured.
// Each number is made one call ahead, while the engine works: a decision no predictor can
// guess then waits on no shift chain, and a mispredicted one is found out sooner (the same
// numbers in the same order; 4% more heads-up hands a second, docs/benchmarks.md,
// "Engine").
class XorShift {
  public:
    explicit XorShift(std::uint64_t seed) : ahead_(step(seed)) {}
    std::uint64_t next() {
        const std::uint64_t r = ahead_;
        ahead_ = step(ahead_);
        return r;
    }

  private:
    static std::uint64_t step(std::uint64_t s) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    std::uint64_t ahead_;
};

// The action is drawn from the high 32 bits by comparing with 10% and 70% of 2^32, and the
// raise size from the low 32 bits by multiply-shift (Lemire, bias below span / 2^32): one
// number per action and no division. Legal actions are asked for only to raise: folding needs
// only whether there is a bet to call, and act() validates a raise again anyway.
constexpr std::uint64_t kFoldBelow = 429496730;   // 10% of 2^32
constexpr std::uint64_t kCallBelow = 3006477107;  // 70% of 2^32
Action random_policy(XorShift& rng, const Table& table, int seat) {
    const std::uint64_t r = rng.next();
    const std::uint64_t pick = r >> 32;
    if (pick < kFoldBelow)
        return table.current_bet() > table.bet(seat) ? Action::fold() : Action::check_call();
    if (pick < kCallBelow) return Action::check_call();
    const LegalActions legal = table.legal_actions();
    if (!legal.can_raise) return Action::check_call();
    const std::uint64_t span =
        static_cast<std::uint64_t>(legal.max_raise_to - legal.min_raise_to + 1);
    return Action::raise_to(legal.min_raise_to +
                            static_cast<Chips>(((r & 0xFFFFFFFFu) * span) >> 32));
}

// Whole hands of `def` (stacks reset every hand) under the random policy.
void play_hands_of(benchmark::State& state, GameDef def) {
    def.reset_stacks_each_hand = true;
    Table table(def, 2024, 0);
    table.set_pause_mask(pause_bit(EventKind::HandEnded));
    XorShift rng(0x9E3779B97F4A7C15ULL);
    std::int64_t actions = 0;
    Chips checksum = 0;
    for (auto _ : state) {
        for (;;) {
            const Event e = table.advance();
            if (e.kind != EventKind::ActionRequired) break;  // HandEnded
            const Status s = table.act(random_policy(rng, table, e.seat));
            benchmark::DoNotOptimize(s.code);
            ++actions;
        }
        checksum += table.stack(0);
    }
    benchmark::DoNotOptimize(checksum);
    state.counters["hands/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["actions/s"] =
        benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
    state.counters["actions/hand"] =
        static_cast<double>(actions) / static_cast<double>(state.iterations());
}

void play_hands(benchmark::State& state) {
    play_hands_of(state,
                  GameDef::no_limit_holdem(static_cast<int>(state.range(0)), 20000, 50, 100));
}

// Kuhn poker and Leduc hold'em heads-up (GameDef::kuhn, GameDef::leduc): the same table and
// policy, with the games' decks, antes and fixed-limit bets.
void play_kuhn_hands(benchmark::State& state) {
    play_hands_of(state, GameDef::kuhn(2, 200));
}
void play_leduc_hands(benchmark::State& state) {
    play_hands_of(state, GameDef::leduc(2, 200));
}

// Pot-limit Omaha (GameDef::omaha) and fixed-limit Omaha hi-lo (GameDef::omaha_hi_lo), the
// stakes of play_hands: four hole cards each, the best of 60 hands at every showdown.
void play_omaha_hands(benchmark::State& state) {
    play_hands_of(state, GameDef::omaha(static_cast<int>(state.range(0)), 20000, 50, 100));
}
void play_omaha_hi_lo_hands(benchmark::State& state) {
    play_hands_of(state, GameDef::omaha_hi_lo(static_cast<int>(state.range(0)), 20000, 50, 100));
}

// CPU time, not real time: the rates then do not depend on how busy the machine is.
BENCHMARK(play_hands)->Arg(2)->ArgName("seats");
BENCHMARK(play_hands)->Arg(6)->ArgName("seats");
BENCHMARK(play_omaha_hands)->Arg(2)->ArgName("seats");
BENCHMARK(play_omaha_hands)->Arg(6)->ArgName("seats");
BENCHMARK(play_omaha_hi_lo_hands)->Arg(2)->ArgName("seats");
BENCHMARK(play_kuhn_hands);
BENCHMARK(play_leduc_hands);

}  // namespace
