// Decisions per second of each built-in bot on positions taken from real play, the equity
// bot's Monte Carlo samples per second, and hands per second through the seat driver.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"

#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/rng.hpp"
#include "pokerarena/bots/seat_driver.hpp"

using namespace pokerarena;

namespace {

// A SeatView with its own copy of the action history (a view's span points into the table).
struct Position {
    SeatView view;
    std::vector<RecordedAction> actions;
};

// Wraps a random bot and keeps a copy of every view it is asked about.
class RecordingBot final : public Bot {
  public:
    RecordingBot(std::vector<Position>& out, std::uint64_t seed)
        : out_(out), inner_(make_bot("random", seed)) {}
    Action decide(const SeatView& v) override {
        out_.push_back({v, std::vector<RecordedAction>(v.actions.begin(), v.actions.end())});
        return inner_->decide(v);
    }

  private:
    std::vector<Position>& out_;
    std::unique_ptr<Bot> inner_;
};

// Positions from `hands` hands of random play at `seats` seats, 100 big blinds deep.
const std::vector<Position>& positions(int seats) {
    static std::vector<Position> by_seats[kMaxSeats + 1];
    std::vector<Position>& out = by_seats[seats];
    if (!out.empty()) return out;
    GameDef g = GameDef::no_limit_holdem(seats, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Bot*> at;
    for (int s = 0; s < seats; ++s) {
        bots.push_back(std::make_unique<RecordingBot>(out, static_cast<std::uint64_t>(s)));
        at.push_back(bots.back().get());
    }
    Table table(g, 42, 0);
    SeatDriver driver(table, at);
    driver.play_hands(2000, [](const HandRecord&) {});
    for (Position& p : out)
        p.view.actions = p.actions;  // re-point at the copies
    return out;
}

void decide(benchmark::State& state, const std::string& spec, int seats) {
    const std::vector<Position>& ps = positions(seats);
    const auto bot = make_bot(spec, 1);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(bot->decide(ps[i].view));
        if (++i == ps.size()) i = 0;
    }
    state.counters["decisions/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void equity_samples(benchmark::State& state, int seats) {
    const std::vector<Position>& ps = positions(seats);
    const auto samples = state.range(0);
    const auto bot = make_bot("equity:samples=" + std::to_string(samples), 1);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(bot->decide(ps[i].view));
        if (++i == ps.size()) i = 0;
    }
    state.counters["samples/s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * samples), benchmark::Counter::kIsRate);
}

void hands_through_driver(benchmark::State& state, const std::string& spec, int seats) {
    GameDef g = GameDef::no_limit_holdem(seats, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Bot*> at;
    for (int s = 0; s < seats; ++s) {
        bots.push_back(make_bot(s == 0 ? spec : "random", static_cast<std::uint64_t>(s)));
        at.push_back(bots.back().get());
    }
    Table table(g, 7, 0);
    SeatDriver driver(table, at);
    for (auto _ : state)
        benchmark::DoNotOptimize(driver.play_hand());
    state.counters["hands/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// The two ways the equity bot could evaluate its deals before it sampled through the
// evaluator's Monte Carlo kernels (monte_carlo_equity, equity_samples above): the same
// showdowns (AsKs against `opponents` random hands, preflop) with incremental Hands one deal
// at a time, or written out as 7-card hands for the batch kernels, which costs more than the
// evaluation it speeds up. References for equity_samples.
struct ShowdownDeck {
    std::array<Card, 50> cards{};
    BotRng rng{3};
    ShowdownDeck() {
        int n = 0;
        for (int i = 0; i < kNumCards; ++i) {
            if (i != 51 && i != 47) cards[static_cast<std::size_t>(n++)] = Card(i);
        }
    }
    void draw(int needed) {
        for (int i = 0; i < needed; ++i) {
            const auto j =
                static_cast<std::size_t>(i) + rng.below(static_cast<std::uint32_t>(50 - i));
            std::swap(cards[static_cast<std::size_t>(i)], cards[j]);
        }
    }
};

void showdowns_incremental(benchmark::State& state) {
    const int opponents = static_cast<int>(state.range(0));
    ShowdownDeck deck;
    const Hand mine = Hand{} + Card(51) + Card(47);
    double shares = 0;
    for (auto _ : state) {
        deck.draw(5 + 2 * opponents);
        Hand board;
        for (int i = 0; i < 5; ++i)
            board.add(deck.cards[static_cast<std::size_t>(i)]);
        const HandValue my_value = evaluate(board + mine);
        int tied = 0;
        bool lost = false;
        for (int o = 0; o < opponents; ++o) {
            const auto at = static_cast<std::size_t>(5 + 2 * o);
            const HandValue v = evaluate(board + deck.cards[at] + deck.cards[at + 1]);
            lost |= v > my_value;
            tied += v == my_value;
        }
        if (!lost) shares += 1.0 / (tied + 1);
    }
    benchmark::DoNotOptimize(shares);
    state.counters["samples/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void showdowns_batch(benchmark::State& state) {
    const int opponents = static_cast<int>(state.range(0));
    const auto players = static_cast<std::size_t>(opponents + 1);
    constexpr std::size_t kChunk = 64;  // samples per evaluate_batch call
    ShowdownDeck deck;
    std::vector<SevenCards> hands(kChunk * players);
    std::vector<HandValue> values(hands.size());
    double shares = 0;
    for (auto _ : state) {
        for (std::size_t c = 0; c < kChunk; ++c) {
            deck.draw(5 + 2 * opponents);
            for (std::size_t p = 0; p < players; ++p) {
                SevenCards& h = hands[c * players + p];
                for (std::size_t i = 0; i < 5; ++i)
                    h.cards[i] = static_cast<std::uint8_t>(deck.cards[i].index());
                h.cards[5] = static_cast<std::uint8_t>(p == 0 ? 51 : deck.cards[3 + 2 * p].index());
                h.cards[6] = static_cast<std::uint8_t>(p == 0 ? 47 : deck.cards[4 + 2 * p].index());
                h.cards[7] = 0;
            }
        }
        evaluate_batch(hands, values);
        for (std::size_t c = 0; c < kChunk; ++c) {
            const HandValue my_value = values[c * players];
            int tied = 0;
            bool lost = false;
            for (std::size_t p = 1; p < players; ++p) {
                lost |= values[c * players + p] > my_value;
                tied += values[c * players + p] == my_value;
            }
            if (!lost) shares += 1.0 / (tied + 1);
        }
    }
    benchmark::DoNotOptimize(shares);
    state.counters["samples/s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * kChunk), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(decide, random_6max, std::string("random"), 6);
BENCHMARK_CAPTURE(decide, call_6max, std::string("call"), 6);
BENCHMARK_CAPTURE(decide, fold_6max, std::string("fold"), 6);
BENCHMARK_CAPTURE(decide, allin_6max, std::string("allin"), 6);
BENCHMARK_CAPTURE(decide, tag_6max, std::string("tag"), 6);
BENCHMARK_CAPTURE(decide, tag_headsup, std::string("tag"), 2);
BENCHMARK_CAPTURE(decide, equity_1000_headsup, std::string("equity"), 2);
BENCHMARK_CAPTURE(decide, equity_1000_6max, std::string("equity"), 6);
BENCHMARK_CAPTURE(decide, equity_50_6max, std::string("equity:samples=50"), 6);

BENCHMARK_CAPTURE(equity_samples, headsup, 2)->Arg(1000)->Arg(10000);
BENCHMARK_CAPTURE(equity_samples, six_max, 6)->Arg(1000);
BENCHMARK_CAPTURE(equity_samples, nine_max, 9)->Arg(1000);

BENCHMARK_CAPTURE(hands_through_driver, random_headsup, std::string("random"), 2);
BENCHMARK_CAPTURE(hands_through_driver, tag_6max, std::string("tag"), 6);

BENCHMARK(showdowns_incremental)->Arg(1)->Arg(5);
BENCHMARK(showdowns_batch)->Arg(1)->Arg(5);
