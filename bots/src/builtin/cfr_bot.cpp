// cfr: the average strategy of CFR+ (cfr.hpp) in Kuhn and Leduc, trained once per iteration
// count for the whole process and shared by every instance.
#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <string>

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

std::string text(Chips value) {
    return std::to_string(value);
}
std::string text(int value) {
    return std::to_string(value);
}
std::string text(bool value) {
    return value ? "true" : "false";
}
std::string text(BettingStructure value) {
    return betting_name(value);
}
std::string text(AnteKind value) {
    return value == AnteKind::EveryPlayer ? "every player"
           : value == AnteKind::BigBlind  ? "big blind"
                                          : "none";
}
std::string text(FirstToAct value) {
    return value == FirstToAct::LeftOfButton ? "left of the button" : "left of the big blind";
}
// The first `rounds` values of a per-round field.
template <class T>
std::string text(const std::array<T, kMaxRounds>& values, int rounds) {
    std::string out;
    for (int r = 0; r < rounds; ++r) {
        if (r > 0) out += ", ";
        out += text(values[static_cast<std::size_t>(r)]);
    }
    return out;
}
std::string deck_text(const GameDef& game) {
    std::string out;
    for (const Card card : game.deck()) {
        if (!out.empty()) out += ' ';
        out += card.to_string();
    }
    return out;
}

// Every rule in which `game` differs from `standard`, as "FIELD VALUE (expected VALUE)"
// joined by "; ": the fields GameDef compares, but for the stacks and the match's length,
// which the caller has made equal.
std::string rule_differences(const GameDef& game, const GameDef& standard) {
    std::string out;
    const auto differ = [&out](const char* field, const std::string& value,
                               const std::string& expected) {
        if (value == expected) return;
        if (!out.empty()) out += "; ";
        out += std::string(field) + " " + value + " (expected " + expected + ")";
    };
    const auto field = [&differ](const char* name, const auto& value, const auto& expected) {
        differ(name, text(value), text(expected));
    };
    field("num_seats", game.num_seats, standard.num_seats);
    field("post_blinds", game.post_blinds, standard.post_blinds);
    field("small_blind", game.small_blind, standard.small_blind);
    field("big_blind", game.big_blind, standard.big_blind);
    field("button_blind", game.button_blind, standard.button_blind);
    field("ante", game.ante, standard.ante);
    field("ante_kind", game.ante_kind, standard.ante_kind);
    field("dead_antes", game.dead_antes, standard.dead_antes);
    field("structure", game.structure, standard.structure);
    field("small_bet", game.small_bet, standard.small_bet);
    field("big_bet", game.big_bet, standard.big_bet);
    field("big_bet_from_round", game.big_bet_from_round, standard.big_bet_from_round);
    field("raise_cap", game.raise_cap, standard.raise_cap);
    field("half_bet_reopens", game.half_bet_reopens, standard.half_bet_reopens);
    field("num_rounds", game.num_rounds, standard.num_rounds);
    const int rounds = std::max(game.num_rounds, standard.num_rounds);
    differ("board_cards", text(game.board_cards, rounds), text(standard.board_cards, rounds));
    field("hole_cards", game.hole_cards, standard.hole_cards);
    differ("first_to_act", text(game.first_to_act, rounds), text(standard.first_to_act, rounds));
    differ("deck", deck_text(game), deck_text(standard));
    return out;
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
               " with " + std::to_string(game.num_seats) +
               " seats (it solves the whole game tree); random, call, fold, allin and equity "
               "play every game";
    const Chips stack = std::min(game.starting_stacks[0], game.starting_stacks[1]);
    GameDef standard = kuhn ? GameDef::kuhn(2, stack) : GameDef::leduc(2, stack);
    standard.starting_stacks = game.starting_stacks;
    standard.reset_stacks_each_hand = game.reset_stacks_each_hand;
    standard.max_hands = game.max_hands;
    if (standard != game)
        return std::string("cfr plays the standard rules of ") + game.ranking_name() +
               " (GameDef::" + game.ranking_name() + "), for which its strategy is solved, and " +
               "this game changes them: " + rule_differences(game, standard);
    const Chips needed = deepest_loss(cfr_games(1)->of(game.ranking)->tree);
    if (stack < needed)
        return "cfr needs stacks of at least " + std::to_string(needed) + " in " +
               game.ranking_name() + " (its strategy assumes nobody is all-in), not " +
               std::to_string(stack);
    return {};
}

}  // namespace pokerarena::builtin
