// cfr: the average strategy of CFR+ (cfr.hpp) in Kuhn and Leduc, trained once per iteration
// count for the whole process and shared by every instance.
#include <map>
#include <mutex>

#include "builtin/builtin_bots.hpp"
#include "pokerarena/bots/cfr.hpp"
#include "pokerarena/bots/rng.hpp"

namespace pokerarena::builtin {
namespace {

constexpr BotParamDef kParams[] = {
    {"iterations", 1000, 1, 1'000'000, true,
     "CFR+ iterations, run once at start-up for Kuhn and for Leduc"},
};
enum Param { kIterations };

// Solved with stacks no hand can exhaust: the strategy holds for any stack at least as deep as
// the most a hand can cost (game_problem checks it).
constexpr Chips kTrainingStack = 100;

struct CfrGames {
    CfrSolution kuhn;
    CfrSolution leduc;
    const CfrSolution* of(HandRanking ranking) const {
        if (ranking == HandRanking::HighCard) return &kuhn;
        if (ranking == HandRanking::PairOrHighCard) return &leduc;
        return nullptr;
    }
};

// Training takes the lock, so that factories made at once for one count train once.
std::shared_ptr<const CfrGames> cfr_games(int iterations) {
    static std::mutex mutex;
    static std::map<int, std::shared_ptr<const CfrGames>> trained;
    const std::lock_guard lock(mutex);
    std::shared_ptr<const CfrGames>& games = trained[iterations];
    if (!games) {
        games = std::make_shared<const CfrGames>(
            CfrGames{solve_cfr(build_game_tree(GameDef::kuhn(2, kTrainingStack)), iterations),
                     solve_cfr(build_game_tree(GameDef::leduc(2, kTrainingStack)), iterations)});
    }
    return games;
}

// The most chips a seat can lose in one hand of `tree`.
Chips deepest_loss(const GameTree& tree) {
    double loss = 0;
    for (const TreeNode& node : tree.nodes)
        if (node.seat < 0) loss = std::max({loss, -node.payoff[0], -node.payoff[1]});
    return static_cast<Chips>(loss);
}

class CfrBot final : public Bot {
  public:
    CfrBot(std::shared_ptr<const CfrGames> games, std::uint64_t seed)
        : games_(std::move(games)), rng_(seed) {}

    Action decide(const SeatView& view) override {
        const CfrSolution* solution = nullptr;
        const int info = find(view, solution);
        if (info < 0) return check_or_fold(view.legal);
        const InfoSet& set = solution->tree.info_sets[static_cast<std::size_t>(info)];
        const InfoSetStrategy& p = solution->average[static_cast<std::size_t>(info)];
        double u = rng_.uniform();
        for (int a = 0; a + 1 < set.num_actions; ++a) {
            if (u < p[static_cast<std::size_t>(a)]) return set.actions[static_cast<std::size_t>(a)];
            u -= p[static_cast<std::size_t>(a)];
        }
        return set.actions[static_cast<std::size_t>(set.num_actions - 1)];
    }

    bool last_strategy(const SeatView& view, Strategy& out) override {
        const CfrSolution* solution = nullptr;
        const int info = find(view, solution);
        if (info < 0) return point_mass(check_or_fold(view.legal), out);
        const InfoSet& set = solution->tree.info_sets[static_cast<std::size_t>(info)];
        const InfoSetStrategy& p = solution->average[static_cast<std::size_t>(info)];
        out.clear();
        for (int a = 0; a < set.num_actions; ++a) {
            const Action action = set.actions[static_cast<std::size_t>(a)];
            const double probability = p[static_cast<std::size_t>(a)];
            if (probability <= 0) continue;
            const Chips amount = action.kind == ActionKind::RaiseTo ? action.amount : 0;
            out.add({action.kind, amount, amount, probability});
        }
        return true;
    }

  private:
    int find(const SeatView& view, const CfrSolution*& solution) const {
        solution = games_->of(view.ranking);
        return solution ? solution->tree.find(view) : -1;
    }

    std::shared_ptr<const CfrGames> games_;
    BotRng rng_;
};

}  // namespace

const std::span<const BotParamDef> kCfrParams{kParams};

void prepare_cfr(const BotParams& params) {
    cfr_games(static_cast<int>(params[kIterations]));
}

std::unique_ptr<Bot> make_cfr(const BotParams& params, std::uint64_t seed) {
    return std::make_unique<CfrBot>(cfr_games(static_cast<int>(params[kIterations])), seed);
}

std::string cfr_game_problem(const GameDef& game) {
    const bool kuhn = game.ranking == HandRanking::HighCard;
    if (game.num_seats != 2 || (!kuhn && game.ranking != HandRanking::PairOrHighCard))
        return std::string("cfr plays heads-up Kuhn and Leduc only, not ") + game.ranking_name() +
               " for " + std::to_string(game.num_seats) +
               " seats (it solves the whole game tree); random, call, fold, allin and equity "
               "play every game";
    const Chips stack = std::min(game.starting_stacks[0], game.starting_stacks[1]);
    GameDef standard = kuhn ? GameDef::kuhn(2, stack) : GameDef::leduc(2, stack);
    standard.starting_stacks = game.starting_stacks;
    standard.reset_stacks_each_hand = game.reset_stacks_each_hand;
    standard.max_hands = game.max_hands;
    if (standard != game)
        return std::string("cfr plays the standard rules of ") + game.ranking_name() +
               " (GameDef::" + game.ranking_name() + "), and this game changes them";
    const Chips needed = deepest_loss(cfr_games(1)->of(game.ranking)->tree);
    if (stack < needed)
        return "cfr needs stacks of at least " + std::to_string(needed) + " in " +
               game.ranking_name() + " (its strategy assumes nobody is all-in), not " +
               std::to_string(stack);
    return {};
}

}  // namespace pokerarena::builtin
