#include "ompeval_side.hpp"

#include <omp/EquityCalculator.h>
#include <omp/HandEvaluator.h>

#include <string>
#include <vector>

namespace peer_ompeval {
namespace {

const omp::HandEvaluator& evaluator() {
    static const omp::HandEvaluator e;
    return e;
}

omp::Hand hand_of(const CardBytes& c) {
    omp::Hand h = omp::Hand::empty();
    for (int i = 0; i < 7; ++i)
        h += omp::Hand(c[i]);
    return h;
}

}  // namespace

std::uint64_t sum_categories(std::span<const CardBytes> hands) {
    const omp::HandEvaluator& e = evaluator();
    std::uint64_t sum = 0;
    for (const CardBytes& c : hands)
        sum += e.evaluate(hand_of(c)) >> 12;
    return sum;
}

void values(std::span<const CardBytes> hands, std::span<std::uint16_t> out) {
    const omp::HandEvaluator& e = evaluator();
    for (std::size_t i = 0; i < hands.size(); ++i)
        out[i] = e.evaluate(hand_of(hands[i]));
}

std::uint64_t enumerate_sum_categories(int first) {
    const omp::HandEvaluator& e = evaluator();
    std::uint64_t sum = 0;
    for (unsigned a = first; a < 52; ++a) {
        const omp::Hand h1 = omp::Hand::empty() + omp::Hand(a);
        for (unsigned b = a + 1; b < 52; ++b) {
            const omp::Hand h2 = h1 + omp::Hand(b);
            for (unsigned c = b + 1; c < 52; ++c) {
                const omp::Hand h3 = h2 + omp::Hand(c);
                for (unsigned d = c + 1; d < 52; ++d) {
                    const omp::Hand h4 = h3 + omp::Hand(d);
                    for (unsigned f = d + 1; f < 52; ++f) {
                        const omp::Hand h5 = h4 + omp::Hand(f);
                        for (unsigned g = f + 1; g < 52; ++g) {
                            const omp::Hand h6 = h5 + omp::Hand(g);
                            std::uint32_t inner = 0;
                            for (unsigned k = g + 1; k < 52; ++k)
                                inner += e.evaluate(h6 + omp::Hand(k)) >> 12;
                            sum += inner;
                        }
                    }
                }
            }
        }
    }
    return sum;
}

double exact_equity_as_ks_vs_qd_qc() {
    omp::EquityCalculator calculator;
    calculator.start({"AsKs", "QdQc"}, 0, 0, true, 0, nullptr, 1.0, 1);
    calculator.wait();
    return calculator.getResults().equity[0];
}

MonteCarlo monte_carlo_as_ks_vs_random(int opponents, std::uint64_t hands) {
    std::vector<omp::CardRange> ranges{"AsKs"};
    for (int i = 0; i < opponents; ++i)
        ranges.emplace_back("random");
    omp::EquityCalculator calculator;
    calculator.setHandLimit(hands);
    calculator.start(ranges, 0, 0, false, 0, nullptr, 1.0, 1);
    calculator.wait();
    const omp::EquityCalculator::Results r = calculator.getResults();
    return {r.equity[0], r.hands};
}

}  // namespace peer_ompeval
