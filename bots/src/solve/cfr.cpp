#include "pokerarena/bots/cfr.hpp"

#include <algorithm>

namespace pokerarena {
namespace {

class CfrPlus {
  public:
    explicit CfrPlus(const GameTree& tree)
        : tree_(tree),
          regret_(tree.info_sets.size(), InfoSetStrategy{}),
          regret_delta_(tree.info_sets.size(), InfoSetStrategy{}),
          average_(tree.info_sets.size(), InfoSetStrategy{}) {}

    void iterate(int t) {
        weight_ = static_cast<double>(t);
        for (int seat = 0; seat < 2; ++seat) {
            for (InfoSetStrategy& d : regret_delta_)
                d.fill(0);
            for (const int root : tree_.roots)
                walk(root, seat, 1.0, 1.0);
            // The floor of CFR+ comes after the whole pass: the deltas of one information set
            // met in many deals add up before it is applied.
            for (std::size_t i = 0; i < regret_.size(); ++i) {
                if (tree_.info_sets[i].seat != seat) continue;
                for (int a = 0; a < kMaxTreeActions; ++a)
                    regret_[i][a] = std::max(0.0, regret_[i][a] + regret_delta_[i][a]);
            }
        }
    }

    std::vector<InfoSetStrategy> average() const {
        std::vector<InfoSetStrategy> out(average_.size());
        for (std::size_t i = 0; i < average_.size(); ++i)
            out[i] = normalized(average_[i], tree_.info_sets[i].num_actions);
        return out;
    }

  private:
    static InfoSetStrategy normalized(const InfoSetStrategy& weights, int n) {
        double sum = 0;
        for (int a = 0; a < n; ++a)
            sum += weights[a];
        InfoSetStrategy out{};
        for (int a = 0; a < n; ++a)
            out[a] = sum > 0 ? weights[a] / sum : 1.0 / n;
        return out;
    }

    // The value for `seat` of node n; own and other: the reach probabilities of `seat` and of
    // the other seat (chance is uniform over deals and left out).
    double walk(int n, int seat, double own, double other) {
        const TreeNode& node = tree_.nodes[static_cast<std::size_t>(n)];
        if (node.seat < 0) return node.payoff[static_cast<std::size_t>(seat)];
        const auto info = static_cast<std::size_t>(node.info_set);
        const int count = tree_.info_sets[info].num_actions;
        const InfoSetStrategy sigma = normalized(regret_[info], count);
        if (node.seat != seat) {
            double value = 0;
            for (int a = 0; a < count; ++a) {
                average_[info][a] += weight_ * other * sigma[a];
                if (sigma[a] > 0)
                    value += sigma[a] * walk(node.first_child + a, seat, own, other * sigma[a]);
            }
            return value;
        }
        InfoSetStrategy values{};
        double value = 0;
        for (int a = 0; a < count; ++a) {
            values[a] = walk(node.first_child + a, seat, own * sigma[a], other);
            value += sigma[a] * values[a];
        }
        for (int a = 0; a < count; ++a)
            regret_delta_[info][a] += other * (values[a] - value);
        return value;
    }

    const GameTree& tree_;
    std::vector<InfoSetStrategy> regret_;
    std::vector<InfoSetStrategy> regret_delta_;
    std::vector<InfoSetStrategy> average_;
    double weight_ = 1;
};

double expected(const GameTree& tree, const std::vector<InfoSetStrategy>& strategies, int n,
                int seat) {
    const TreeNode& node = tree.nodes[static_cast<std::size_t>(n)];
    if (node.seat < 0) return node.payoff[static_cast<std::size_t>(seat)];
    const auto info = static_cast<std::size_t>(node.info_set);
    double value = 0;
    for (int a = 0; a < tree.info_sets[info].num_actions; ++a)
        if (strategies[info][a] > 0)
            value += strategies[info][a] * expected(tree, strategies, node.first_child + a, seat);
    return value;
}

}  // namespace

CfrSolution solve_cfr(GameTree tree, int iterations) {
    CfrSolution solution;
    solution.tree = std::move(tree);
    solution.iterations = iterations;
    CfrPlus cfr(solution.tree);
    for (int t = 1; t <= iterations; ++t)
        cfr.iterate(t);
    solution.average = cfr.average();
    return solution;
}

std::array<double, 2> game_values(const GameTree& tree,
                                  const std::vector<InfoSetStrategy>& strategies) {
    std::array<double, 2> values{};
    for (int seat = 0; seat < 2; ++seat)
        for (const int root : tree.roots)
            values[static_cast<std::size_t>(seat)] +=
                tree.deal_probability * expected(tree, strategies, root, seat);
    return values;
}

}  // namespace pokerarena
