// The game trees of Kuhn and Leduc, CFR+ and exact best responses: against the values known
// for Kuhn (the game's value -1/18, strategies worked by hand) and a brute-force count of the
// opponent's pure strategies.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "pokerarena/bots/cfr.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/exploitability.hpp"
#include "pokerarena/bots/registry.hpp"

using namespace pokerarena;

namespace {

const GameTree& kuhn_tree() {
    static const GameTree tree = build_game_tree(GameDef::kuhn(2, 100));
    return tree;
}

int first_to_act(const GameTree& tree) {
    return tree.nodes[static_cast<std::size_t>(tree.roots.front())].seat;
}

// Every seat plays `pick(set)`: the index of its one action.
template <class Pick>
std::vector<InfoSetStrategy> pure(const GameTree& tree, Pick pick) {
    std::vector<InfoSetStrategy> s(tree.info_sets.size(), InfoSetStrategy{});
    for (std::size_t i = 0; i < s.size(); ++i)
        s[i][static_cast<std::size_t>(pick(tree.info_sets[i]))] = 1;
    return s;
}

int last_action(const InfoSet& set) {
    return set.num_actions - 1;  // raise when it may, else call
}

// The best value a seat gets against `strategy` in the other seat, by trying every pure
// strategy of the seat (each information set one action) and keeping the best.
double brute_force_best_response(const GameTree& tree, const std::vector<InfoSetStrategy>& strategy,
                                 int seat) {
    std::vector<int> own;
    for (std::size_t i = 0; i < tree.info_sets.size(); ++i)
        if (tree.info_sets[i].seat == seat) own.push_back(static_cast<int>(i));
    std::vector<int> choice(own.size(), 0);
    double best = -1e9;
    while (true) {
        std::vector<InfoSetStrategy> mixed = strategy;
        for (std::size_t k = 0; k < own.size(); ++k) {
            mixed[static_cast<std::size_t>(own[k])] = InfoSetStrategy{};
            mixed[static_cast<std::size_t>(own[k])][static_cast<std::size_t>(choice[k])] = 1;
        }
        best = std::max(best, game_values(tree, mixed)[static_cast<std::size_t>(seat)]);
        std::size_t k = 0;
        while (k < own.size() &&
               ++choice[k] == tree.info_sets[static_cast<std::size_t>(own[k])].num_actions)
            choice[k++] = 0;
        if (k == own.size()) break;
    }
    return best;
}

}  // namespace

TEST_CASE("Kuhn's tree: 6 deals, 12 information sets, zero-sum payoffs") {
    const GameTree& tree = kuhn_tree();
    CHECK(tree.roots.size() == 6);
    CHECK(tree.info_sets.size() == 12);
    CHECK(tree.deal_probability == Approx(1.0 / 6));
    for (const TreeNode& node : tree.nodes)
        if (node.seat < 0) CHECK(node.payoff[0] + node.payoff[1] == 0);
}

TEST_CASE("Leduc's tree: 120 deals, 936 information sets (288 by rank, times the suits)") {
    const GameTree tree = build_game_tree(GameDef::leduc(2, 100));
    CHECK(tree.roots.size() == 120);
    CHECK(tree.info_sets.size() == 936);
}

TEST_CASE("game trees refuse hold'em and more than two seats") {
    CHECK_THROWS_WITH(build_game_tree(GameDef::kuhn(3, 100)),
                      Catch::Contains("only heads-up games are solved"));
    CHECK_THROWS_WITH(build_game_tree(GameDef::fixed_limit_holdem(2, 100, 1, 2)),
                      Catch::Contains("a hand deals 9 cards"));
}

TEST_CASE("CFR+ in Kuhn: the first player's value converges to -1/18") {
    const CfrSolution solution = solve_cfr(kuhn_tree(), 2000);
    const int first = first_to_act(solution.tree);
    const std::array<double, 2> values = game_values(solution.tree, solution.average);
    CHECK(values[static_cast<std::size_t>(first)] == Approx(-1.0 / 18).margin(1e-3));
    CHECK(values[0] + values[1] == Approx(0).margin(1e-12));
}

TEST_CASE("CFR+'s exploitability falls with iterations and is small at the default") {
    for (const GameDef& game : {GameDef::kuhn(2, 100), GameDef::leduc(2, 100)}) {
        const GameTree tree = build_game_tree(game);
        const double few = exploitability(tree, solve_cfr(tree, 10).average).chips_per_hand;
        const double many = exploitability(tree, solve_cfr(tree, 1000).average).chips_per_hand;
        CHECK(many < few / 20);
        CHECK(many < 1e-3);  // a milli-ante a hand: 1 mbb/hand
        CHECK(many >= -1e-12);
    }
}

TEST_CASE("exploitability of always bet or call in Kuhn, worked by hand: 1/3") {
    // Against a seat that always bets, or calls a bet. As second player the best response
    // faces a bet with every card: J folds (-1; calling loses 2), Q calls or folds alike
    // (calling wins 2 against J and loses 2 against K: 0, folding -1), K calls (+2):
    // (-1 + 0 + 2) / 3 = 1/3. As first player: J checks and folds to the bet (-1; betting is
    // called, -2), Q bets or checks and calls (0 either way), K bets and is called (+2): 1/3.
    const GameTree& tree = kuhn_tree();
    const auto always_aggressive = pure(tree, last_action);
    const Exploitability e = exploitability(tree, always_aggressive);
    CHECK(e.best_response[0] == Approx(1.0 / 3));
    CHECK(e.best_response[1] == Approx(1.0 / 3));
    CHECK(e.chips_per_hand == Approx(1.0 / 3));
}

TEST_CASE("exploitability of always check or call in Kuhn, worked by hand: 1/3") {
    // Against a calling station the best response bets K (called: +2), bets or checks Q
    // (0 either way: +2 or -2 called, +1 or -1 shown down) and checks J (-1 shown down; a bet
    // is called, -2): (2 + 0 - 1) / 3 = 1/3, first or second (the station only checks).
    const GameTree& tree = kuhn_tree();
    const auto calling_station = pure(
        tree, [](const InfoSet& set) { return set.num_actions == 3 ? 1 : set.num_actions - 1; });
    const Exploitability e = exploitability(tree, calling_station);
    CHECK(e.best_response[0] == Approx(1.0 / 3));
    CHECK(e.best_response[1] == Approx(1.0 / 3));
    CHECK(e.chips_per_hand == Approx(1.0 / 3));
}

TEST_CASE("best responses in Kuhn equal the best of the opponent's pure strategies") {
    const GameTree& tree = kuhn_tree();
    const std::vector<std::vector<InfoSetStrategy>> strategies = {
        solve_cfr(tree, 50).average, pure(tree, last_action),
        pure(tree, [](const InfoSet& set) { return set.num_actions == 3 ? 1 : 0; })};
    for (const auto& strategy : strategies) {
        const Exploitability e = exploitability(tree, strategy);
        for (int seat = 0; seat < 2; ++seat)
            CHECK(e.best_response[static_cast<std::size_t>(seat)] ==
                  Approx(brute_force_best_response(tree, strategy, seat)).margin(1e-12));
    }
}

TEST_CASE("the uniform random bot's exploitability in Kuhn and Leduc") {
    // Half of the NashConv that OpenSpiel reports for the uniform policy: 11/12 in Kuhn,
    // 4.7472... in Leduc.
    const auto random = make_bot_factory("random");
    const GameTree& kuhn = kuhn_tree();
    CHECK(exploitability(kuhn, bot_strategy(kuhn, *random)).chips_per_hand == Approx(11.0 / 24));
    const GameTree leduc = build_game_tree(GameDef::leduc(2, 100));
    CHECK(exploitability(leduc, bot_strategy(leduc, *random)).chips_per_hand ==
          Approx(4.747222222 / 2).epsilon(1e-9));
}

TEST_CASE("the cfr bot reports the average strategy it plays, and refuses hold'em") {
    const auto factory = make_bot_factory("cfr:iterations=200");
    const GameTree& tree = kuhn_tree();
    const std::vector<InfoSetStrategy> reported = bot_strategy(tree, *factory);
    const CfrSolution solution = solve_cfr(tree, 200);
    for (std::size_t i = 0; i < reported.size(); ++i)
        for (int a = 0; a < kMaxTreeActions; ++a)
            CHECK(reported[i][static_cast<std::size_t>(a)] ==
                  Approx(solution.average[i][static_cast<std::size_t>(a)]).margin(1e-12));
    CHECK_THAT(factory->game_problem(GameDef::no_limit_holdem(2, 100, 1, 2)),
               Catch::Contains("cfr plays heads-up Kuhn and Leduc only"));
    CHECK_THAT(factory->game_problem(GameDef::leduc(2, 5)),
               Catch::Contains("cfr needs stacks of at least 13"));
    CHECK(factory->game_problem(GameDef::leduc(2, 13)).empty());
    CHECK(factory->game_problem(GameDef::kuhn(2, 2)).empty());
}

TEST_CASE("the cfr bot names every rule a Leduc or Kuhn game changes, with the standard value") {
    const auto factory = make_bot_factory("cfr:iterations=10");
    // The ACPC server's Leduc deals the three highest ranks, Q, K and A.
    GameDef acpc_deck = GameDef::leduc(2, 100);
    acpc_deck.deck_ranks = static_cast<std::uint16_t>(0b111u << 10);
    CHECK(factory->game_problem(acpc_deck) ==
          "cfr plays the standard rules of leduc (GameDef::leduc), for which its strategy is "
          "solved, and this game changes them: deck Qh Qs Kh Ks Ah As (expected Jh Js Qh Qs Kh "
          "Ks)");
    GameDef capped = GameDef::leduc(2, 100);
    capped.raise_cap = 3;
    capped.big_bet = 6;
    CHECK_THAT(factory->game_problem(capped),
               Catch::EndsWith("this game changes them: big_bet 6 (expected 4); raise_cap 3 "
                               "(expected 2)"));
    GameDef button_first = GameDef::kuhn(2, 100);
    button_first.first_to_act[0] = FirstToAct::LeftOfBigBlind;
    CHECK_THAT(factory->game_problem(button_first),
               Catch::EndsWith("first_to_act left of the big blind (expected left of the "
                               "button)"));
    // The stacks and the match's length are not the rules: they are not named.
    GameDef deep = GameDef::kuhn(2, 500);
    deep.max_hands = 7;
    CHECK(factory->game_problem(deep).empty());
}

TEST_CASE("check-bot plays cfr on the Kuhn and Leduc tables it plays, and says so") {
    CheckBotOptions options;
    options.hands_per_setup = 40;
    std::ostringstream out;
    const int code = check_bot("cfr:iterations=50", options, out);
    const std::string report = out.str();
    INFO(report);
    CHECK(code == 0);
    // Every hold'em table is refused (cfr solves heads-up Kuhn and Leduc only); of the Kuhn and
    // Leduc tables, the three-seat ones and those with stacks a hand can exhaust are too.
    CHECK_THAT(report, Catch::Contains("\n  schedule: 2 of 8 tables (Kuhn and Leduc, "));
    CHECK_THAT(report, Catch::Contains("\n    instead of the hold'em tables, none of which the "
                                       "bot plays; first: 2 seats, no-limit, stacks 100 bb: cfr "
                                       "plays heads-up Kuhn and Leduc only"));
    CHECK_THAT(report, Catch::Contains("\n    skipped 6 tables the bot does not play; first: "
                                       "Kuhn, 2 seats, stacks 1 ante: cfr needs stacks of at "
                                       "least 2"));
    // 40 hands at each of the two tables, twice; Leduc's second round reached.
    CHECK_THAT(report, Catch::Contains("\n  hands: 80   decisions: "));
    CHECK_THAT(report, Catch::Contains(", round 2 "));
    CHECK_THAT(report, !Catch::Contains("never reached"));
    CHECK_THAT(report, Catch::Contains("determinism: both runs took the same actions"));
    CHECK_THAT(report, Catch::EndsWith("result: clean\n"));
}

TEST_CASE("a bot that reports no strategy is refused by name") {
    const auto equity = make_bot_factory("equity");
    CHECK_THROWS_WITH(bot_strategy(kuhn_tree(), *equity),
                      Catch::Contains("bot 'equity'") && Catch::Contains("reports no strategy"));
}
