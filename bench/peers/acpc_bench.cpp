// pokerarena's engine beside the ACPC server's (game.c, rng.c and evalHandTables of the
// University of Alberta's dealer), one thread, whole hands of no-limit hold'em: blinds 50/100,
// 20,000-chip stacks at the start of every hand, heads-up and six-handed. Named
// COMPARISON/SIDE like every peer benchmark (scripts/bench_peers.sh); items are hands.
//
// The same policy drives both engines, from the same generator: fold 10% (a check when
// nothing is to call), call 60%, raise 30% to a uniform amount between the minimum and
// all-in, one number per action. Both sides validate every action (act(), and the
// server's isValidAction() as its dealer does), deal from their own generator and settle the
// pots; every benchmark reports actions/hand, which shows that both play the same game.
//
// A hand on the server's side is what its dealer does for one: initState, dealCards, the
// actions through isValidAction and doAction, then valueOfState for every player. That last
// step ranks every showdown hand once per player asked, so six-handed there is a second
// server variant, engine_six_max_ranked_once/acpc, that ranks each hand once
// (acpc_showdown.h) the way pokerarena does. Before any timing, 200,000 hands of each game
// check that both ways of settling give the same values and that chips add up to zero.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "pokerarena/engine/table.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

// The server's headers, after every other: they define macros (MAX_PLAYERS, RNG_N, ...).
#ifdef POKERARENA_ACPC_CXX
#include "game.h"
namespace acpc = project_acpc_server;
#else
extern "C" {
#include "game.h"
}
namespace acpc {
using ::a_call;
using ::a_fold;
using ::a_raise;
using ::Action;
using ::currentPlayer;
using ::dealCards;
using ::doAction;
using ::Game;
using ::init_genrand;
using ::initState;
using ::isValidAction;
using ::raiseIsValid;
using ::readGame;
using ::rng_state_t;
using ::State;
using ::valueOfState;
}  // namespace acpc
#endif
#include "acpc_showdown.h"

namespace {

// The policy's numbers: SplitMix64, the library's own generator, each number made one call
// ahead (as in bench/engine): a decision no predictor can guess then waits on no multiply,
// while the engine works on the previous action.
class PolicyNumbers {
  public:
    explicit PolicyNumbers(std::uint64_t seed)
        : state_(seed), ahead_(pokerarena::splitmix64_next(state_)) {}
    std::uint64_t next() {
        const std::uint64_t r = ahead_;
        ahead_ = pokerarena::splitmix64_next(state_);
        return r;
    }

  private:
    std::uint64_t state_;
    std::uint64_t ahead_;
};

constexpr std::uint64_t kPolicySeed = 0x9E3779B97F4A7C15ULL;

// The policy's choice from the high 32 bits (10% and 70% of 2^32), the raise amount from the
// low 32 by multiply-shift: one number an action for either engine.
enum class Choice { FoldOrCheck, Call, Raise };

Choice choose(std::uint64_t r) {
    const std::uint64_t pick = r >> 32;
    if (pick < 429496730) return Choice::FoldOrCheck;
    if (pick < 3006477107) return Choice::Call;
    return Choice::Raise;
}

std::int64_t raise_amount(std::uint64_t r, std::int64_t min_to, std::int64_t max_to) {
    const auto span = static_cast<std::uint64_t>(max_to - min_to + 1);
    return min_to + static_cast<std::int64_t>(((r & 0xFFFFFFFFu) * span) >> 32);
}

pokerarena::Action pokerarena_policy(PolicyNumbers& rng, const pokerarena::Table& table, int seat) {
    using pokerarena::Action;
    const std::uint64_t r = rng.next();
    switch (choose(r)) {
        case Choice::FoldOrCheck:
            return table.current_bet() > table.bet(seat) ? Action::fold() : Action::check_call();
        case Choice::Call:
            return Action::check_call();
        case Choice::Raise:
            break;
    }
    const pokerarena::LegalActions legal = table.legal_actions();
    if (!legal.can_raise) return Action::check_call();
    return Action::raise_to(raise_amount(r, legal.min_raise_to, legal.max_raise_to));
}

acpc::Action acpc_policy(PolicyNumbers& rng, const acpc::Game* game, const acpc::State& state,
                         int player) {
    const std::uint64_t r = rng.next();
    acpc::Action a{acpc::a_call, 0};
    switch (choose(r)) {
        case Choice::FoldOrCheck:
            if (state.maxSpent > state.spent[player]) a.type = acpc::a_fold;
            return a;
        case Choice::Call:
            return a;
        case Choice::Raise:
            break;
    }
    std::int32_t min_to = 0, max_to = 0;
    if (!acpc::raiseIsValid(game, &state, &min_to, &max_to)) return a;
    a.type = acpc::a_raise;
    a.size = static_cast<std::int32_t>(raise_amount(r, min_to, max_to));
    return a;
}

void pokerarena_hands(benchmark::State& state, int seats) {
    pokerarena::GameDef def = pokerarena::GameDef::no_limit_holdem(seats, 20000, 50, 100);
    def.reset_stacks_each_hand = true;
    pokerarena::Table table(def, 2024, 0);
    table.set_pause_mask(pokerarena::pause_bit(pokerarena::EventKind::HandEnded));
    PolicyNumbers rng(kPolicySeed);
    std::int64_t actions = 0;
    pokerarena::Chips checksum = 0;
    for (auto _ : state) {
        for (;;) {
            const pokerarena::Event e = table.advance();
            if (e.kind != pokerarena::EventKind::ActionRequired) break;  // HandEnded
            const pokerarena::Status s = table.act(pokerarena_policy(rng, table, e.seat));
            if (!s.ok()) {
                state.SkipWithError("pokerarena refused the policy's action");
                return;
            }
            ++actions;
        }
        checksum += table.stack(0);
    }
    benchmark::DoNotOptimize(checksum);
    state.SetItemsProcessed(state.iterations());
    state.counters["actions/hand"] =
        static_cast<double>(actions) / static_cast<double>(state.iterations());
}

// The server's game definitions for these games: its holdem.nolimit.2p.reverse_blinds.game and
// holdem.nolimit.6p.game with 20,000-chip stacks, read by its own readGame().
constexpr const char* kHeadsUpGame =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr const char* kSixMaxGame =
    "GAMEDEF\nnolimit\nnumPlayers = 6\nnumRounds = 4\nstack = 20000 20000 20000 20000 20000 "
    "20000\nblind = 50 100 0 0 0 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
    "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

const acpc::Game* read_game(const char* text) {
    std::FILE* f = fmemopen(const_cast<char*>(text), std::strlen(text), "r");
    const acpc::Game* game = acpc::readGame(f);
    std::fclose(f);
    return game;
}

const acpc::Game* acpc_game(int seats) {
    static const acpc::Game* const heads_up = read_game(kHeadsUpGame);
    static const acpc::Game* const six_max = read_game(kSixMaxGame);
    return seats == 2 ? heads_up : six_max;
}

// Hands on the server, one after the other: dealt from its generator, played to the end.
class AcpcHands {
  public:
    AcpcHands(int seats, std::uint32_t deal_seed) : game_(acpc_game(seats)), policy_(kPolicySeed) {
        acpc::init_genrand(&deal_rng_, deal_seed);
    }

    // False if the server refused an action.
    bool play() {
        acpc::initState(game_, hand_id_++, &state_);
        acpc::dealCards(game_, &deal_rng_, &state_);
        while (!state_.finished) {
            const int player = acpc::currentPlayer(game_, &state_);
            acpc::Action a = acpc_policy(policy_, game_, state_, player);
            if (!acpc::isValidAction(game_, &state_, 0, &a)) return false;
            acpc::doAction(game_, &a, &state_);
            ++actions_;
        }
        return true;
    }

    const acpc::Game* game() const { return game_; }
    const acpc::State& state() const { return state_; }
    std::int64_t actions() const { return actions_; }

  private:
    const acpc::Game* game_;
    acpc::rng_state_t deal_rng_;
    PolicyNumbers policy_;
    acpc::State state_;
    std::uint32_t hand_id_ = 0;
    std::int64_t actions_ = 0;
};

// Whether valueOfState and the rank-once settlement agree, and chips add up, on 200,000 hands.
bool acpc_settlements_agree(int seats) {
    AcpcHands hands(seats, 7);
    double once[MAX_PLAYERS];
    for (int h = 0; h < 200'000; ++h) {
        if (!hands.play()) return false;
        pokerarena_acpc_values_ranked_once(hands.game(), &hands.state(), once);
        double sum = 0;
        for (int p = 0; p < seats; ++p) {
            const double value =
                acpc::valueOfState(hands.game(), &hands.state(), static_cast<std::uint8_t>(p));
            if (std::abs(value - once[p]) > 1e-6) return false;
            sum += once[p];
        }
        if (std::abs(sum) > 1e-6) return false;
    }
    return true;
}

void acpc_hands(benchmark::State& state, int seats, bool rank_once) {
    static const bool heads_up_ok = acpc_settlements_agree(2);
    static const bool six_max_ok = acpc_settlements_agree(6);
    if (!(seats == 2 ? heads_up_ok : six_max_ok)) {
        state.SkipWithError("the server's settlements disagree or do not add up to zero");
        return;
    }
    AcpcHands hands(seats, 2024);
    double values[MAX_PLAYERS];
    double checksum = 0;
    for (auto _ : state) {
        if (!hands.play()) {
            state.SkipWithError("the server refused the policy's action");
            return;
        }
        if (rank_once) {
            pokerarena_acpc_values_ranked_once(hands.game(), &hands.state(), values);
        } else {
            for (int p = 0; p < seats; ++p)
                values[p] =
                    acpc::valueOfState(hands.game(), &hands.state(), static_cast<std::uint8_t>(p));
        }
        checksum += values[0];
    }
    benchmark::DoNotOptimize(checksum);
    state.SetItemsProcessed(state.iterations());
    state.counters["actions/hand"] =
        static_cast<double>(hands.actions()) / static_cast<double>(state.iterations());
}

BENCHMARK_CAPTURE(pokerarena_hands, heads_up, 2)->Name("engine_heads_up/pokerarena");
BENCHMARK_CAPTURE(acpc_hands, heads_up, 2, false)->Name("engine_heads_up/acpc");
BENCHMARK_CAPTURE(pokerarena_hands, six_max, 6)->Name("engine_six_max/pokerarena");
BENCHMARK_CAPTURE(acpc_hands, six_max, 6, false)->Name("engine_six_max/acpc");
BENCHMARK_CAPTURE(acpc_hands, six_max_ranked_once, 6, true)
    ->Name("engine_six_max_ranked_once/acpc");

}  // namespace
