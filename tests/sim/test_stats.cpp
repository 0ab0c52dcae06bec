// Statistics against numbers computed by hand (the arithmetic is in the comments; python3's
// math.erfc gave the normal CDF values).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "pokerarena/sim/stats.hpp"

using namespace pokerarena::sim;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

SampleMoments moments_of(const std::vector<double>& samples) {
    SampleMoments m;
    for (double x : samples)
        m.add(x);
    return m;
}

}  // namespace

TEST_CASE("normal_cdf at known points", "[stats]") {
    CHECK_THAT(normal_cdf(1.96), WithinAbs(0.9750021048517795, 1e-15));
    CHECK_THAT(normal_cdf(-1.96), WithinAbs(0.024997895148220435, 1e-15));
    CHECK_THAT(normal_cdf(1.0), WithinAbs(0.8413447460685429, 1e-15));
    CHECK(normal_cdf(0.0) == 0.5);
    // Far tail: erfc keeps relative precision where 1 - Phi(8) would be 0.
    CHECK_THAT(normal_cdf(-8.0), WithinRel(6.220960574271819e-16, 1e-12));
    CHECK(normal_cdf(-std::numeric_limits<double>::infinity()) == 0.0);
    CHECK(normal_cdf(std::numeric_limits<double>::infinity()) == 1.0);
}

TEST_CASE("summarize a small series in mbb per hand", "[stats]") {
    // Chips per duplicate pair 1, 2, 3, 4, 10; big blind 2, 2 hands per pair, so
    // scale = 1000 / (2 * 2) = 250.
    //   n = 5, sum = 20, sum_squares = 1 + 4 + 9 + 16 + 100 = 130
    //   mean   = 250 * 20 / 5 = 1000
    //   var    = (130 - 20^2 / 5) / 4 = 12.5 chips^2, stddev = 250 * sqrt(12.5) = 883.8834764831845
    //   stderr = 883.8834764831845 / sqrt(5) = 395.28470752104744
    //   ci95   = 1.96 * 395.28470752104744 = 774.7580267412529
    //   los    = Phi(1000 / 395.28470752104744) = Phi(2.5298221281347035) = 0.9942939818069991
    const Summary s = summarize(moments_of({1, 2, 3, 4, 10}), 1000.0 / (2 * 2));
    CHECK(s.samples == 5);
    CHECK_THAT(s.mean, WithinRel(1000.0, 1e-14));
    CHECK_THAT(s.stddev, WithinRel(883.8834764831845, 1e-14));
    CHECK_THAT(s.ci95, WithinRel(774.7580267412529, 1e-14));
    CHECK_THAT(s.los, WithinRel(0.9942939818069991, 1e-13));

    // A negative scale flips the mean and los; the spread stays positive.
    const Summary flipped = summarize(moments_of({1, 2, 3, 4, 10}), -250.0);
    CHECK_THAT(flipped.mean, WithinRel(-1000.0, 1e-14));
    CHECK_THAT(flipped.stddev, WithinRel(883.8834764831845, 1e-14));
    CHECK_THAT(flipped.los, WithinRel(1 - 0.9942939818069991, 1e-11));
}

TEST_CASE("summarize: los of a mean 1.96 standard errors from zero", "[stats]") {
    // Samples -1 and +1 around mean mu: n = 2, stddev = sqrt(2), stderr = sqrt(2) / sqrt(2) = 1,
    // so z = mu, ci95 = 1.96 and los = Phi(mu).
    for (const double mu : {1.96, -1.96, 0.0}) {
        const Summary s = summarize(moments_of({mu - 1, mu + 1}));
        CHECK_THAT(s.stddev, WithinRel(std::sqrt(2.0), 1e-14));
        CHECK_THAT(s.ci95, WithinRel(1.96, 1e-14));
        CHECK_THAT(s.los, WithinAbs(normal_cdf(mu), 1e-14));
    }
    CHECK_THAT(summarize(moments_of({0.96, 2.96})).los, WithinAbs(0.9750021048517795, 1e-14));
}

TEST_CASE("summarize: degenerate series", "[stats]") {
    // Below two samples the spread is unknown: an unbounded interval and no evidence either
    // way (not "-30 +- 0" with LOS 0 from one sample).
    const double unbounded = std::numeric_limits<double>::infinity();
    const Summary none = summarize(SampleMoments{}, 250.0);
    CHECK(none.samples == 0);
    CHECK(none.mean == 0);
    CHECK(none.stddev == unbounded);
    CHECK(none.ci95 == unbounded);
    CHECK(none.los == 0.5);

    const Summary one = summarize(moments_of({-3}), 10.0);
    CHECK(one.samples == 1);
    CHECK(one.mean == -30);
    CHECK(one.stddev == unbounded);
    CHECK(one.ci95 == unbounded);
    CHECK(one.los == 0.5);

    // Seven samples of 0.1: in doubles sum_squares - sum^2 / n = 1.39e-17, rounding noise
    // (the noise band is 2 * 8 * 2^-52 * 0.07 = 2.5e-16), so the variance is exactly zero.
    const Summary equal = summarize(moments_of(std::vector<double>(7, 0.1)));
    CHECK(equal.stddev == 0);
    CHECK(equal.ci95 == 0);
    CHECK(equal.los == 1);
    CHECK(summarize(moments_of({0, 0, 0})).los == 0.5);
}

TEST_CASE("summarize: cancellation in sum_squares - sum^2 / n", "[stats]") {
    // 1e6 + {1, 2, 3}: the squares are 3e12 and the difference 2 survives (stddev 1).
    CHECK_THAT(summarize(moments_of({1e6 + 1, 1e6 + 2, 1e6 + 3})).stddev, WithinRel(1.0, 1e-3));
    // 1e9 + {1, 2, 3}: sum_squares = 3e18 has an ulp of 512, so the spread is lost; the result
    // is a defined zero, never NaN from a negative difference.
    const Summary lost = summarize(moments_of({1e9 + 1, 1e9 + 2, 1e9 + 3}));
    CHECK(lost.stddev == 0);
    CHECK(lost.los == 1);
}

TEST_CASE("summarize: merged moments equal one series", "[stats]") {
    SampleMoments left = moments_of({1, 2});
    left.merge(moments_of({3, 4, 10}));
    const Summary merged = summarize(left, 250.0);
    const Summary whole = summarize(moments_of({1, 2, 3, 4, 10}), 250.0);
    CHECK(merged.mean == whole.mean);
    CHECK(merged.stddev == whole.stddev);
    CHECK(merged.los == whole.los);
}

TEST_CASE("summarize: rejects impossible input", "[stats]") {
    SampleMoments negative;
    negative.n = -1;
    CHECK_THROWS_AS(summarize(negative), std::invalid_argument);
    CHECK_THROWS_AS(summarize(moments_of({1, 2}), std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(summarize(moments_of({1, std::numeric_limits<double>::infinity()})),
                    std::invalid_argument);
    SampleMoments corrupt = moments_of({1, 2});
    corrupt.sum_squares = -1;
    CHECK_THROWS_AS(summarize(corrupt), std::invalid_argument);
}

TEST_CASE("ratings of a consistent field are exact and sum to zero", "[stats]") {
    // True ratings 10, -4, -6: every pair's mean is the difference, so any weights fit exactly.
    const std::vector<PairwiseResult> pairs = {{0, 1, 14, 1}, {1, 2, 2, 1}, {0, 2, 16, 1}};
    const std::vector<Rating> r = least_squares_ratings(3, pairs);
    REQUIRE(r.size() == 3);
    CHECK_THAT(r[0].value, WithinAbs(10, 1e-12));
    CHECK_THAT(r[1].value, WithinAbs(-4, 1e-12));
    CHECK_THAT(r[2].value, WithinAbs(-6, 1e-12));
    CHECK_THAT(r[0].value + r[1].value + r[2].value, WithinAbs(0, 1e-12));
    // Three pairs of weight 1: L = 3 I - J, L^+ = (I - J / 3) / 3, diag 2 / 9, so
    // ci95 = 1.96 * sqrt(2 / 9) = 0.923952860750422 for each bot.
    for (const Rating& rating : r)
        CHECK_THAT(rating.ci95, WithinRel(0.923952860750422, 1e-12));

    // The same results with b and a swapped (and the mean negated) give the same ratings.
    const std::vector<PairwiseResult> swapped = {{1, 0, -14, 1}, {2, 1, -2, 1}, {2, 0, -16, 1}};
    const std::vector<Rating> s = least_squares_ratings(3, swapped);
    REQUIRE(s.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK_THAT(s[static_cast<std::size_t>(i)].value,
                   WithinAbs(r[static_cast<std::size_t>(i)].value, 1e-12));
    }
}

TEST_CASE("ratings with unequal weights match the by-hand solution", "[stats]") {
    // Pairs (0,1): 10 with se 1 (w 1), (1,2): 10 with se 1 (w 1), (0,2): 5 with se 2 (w 1/4):
    // inconsistent (the chain says 0 beats 2 by 20).
    //   L = [[1.25, -1, -0.25], [-1, 2, -1], [-0.25, -1, 1.25]]
    //   g = [10 + 5/4, -10 + 10, -10 - 5/4] = [11.25, 0, -11.25]
    // By symmetry r = (x, 0, -x); row 0: 1.25 x + 0.25 x = 11.25, so x = 7.5.
    // L's eigenvectors (1,0,-1)/sqrt(2) with eigenvalue 1.5 and (1,-2,1)/sqrt(6) with 3:
    //   L^+_00 = L^+_22 = (1/2) / 1.5 + (1/6) / 3 = 7/18,  L^+_11 = (4/6) / 3 = 2/9
    //   ci95 = 1.96 * sqrt(7/18) = 1.222274746346154 and 1.96 * sqrt(2/9) = 0.923952860750422
    const std::vector<PairwiseResult> pairs = {{0, 1, 10, 1}, {1, 2, 10, 1}, {0, 2, 5, 2}};
    const std::vector<Rating> r = least_squares_ratings(3, pairs);
    REQUIRE(r.size() == 3);
    CHECK_THAT(r[0].value, WithinAbs(7.5, 1e-12));
    CHECK_THAT(r[1].value, WithinAbs(0, 1e-12));
    CHECK_THAT(r[2].value, WithinAbs(-7.5, 1e-12));
    CHECK_THAT(r[0].ci95, WithinRel(1.222274746346154, 1e-12));
    CHECK_THAT(r[1].ci95, WithinRel(0.923952860750422, 1e-12));
    CHECK_THAT(r[2].ci95, WithinRel(1.222274746346154, 1e-12));

    // Every standard error times 1000: weights / 1e6, same ratings, intervals times 1000.
    const std::vector<PairwiseResult> wide = {{0, 1, 10, 1000}, {1, 2, 10, 1000}, {0, 2, 5, 2000}};
    const std::vector<Rating> w = least_squares_ratings(3, wide);
    REQUIRE(w.size() == 3);
    CHECK_THAT(w[0].value, WithinAbs(7.5, 1e-9));
    CHECK_THAT(w[1].ci95, WithinRel(923.952860750422, 1e-12));
}

TEST_CASE("ratings of a lone pair split its mean", "[stats]") {
    // r_0 = -r_1 = 30 / 2; L^+ = [[1, -1], [-1, 1]] * se^2 / 4, so ci95 = 1.96 * 8 / 2 = 7.84.
    const std::vector<PairwiseResult> pairs = {{0, 1, 30, 8}};
    const std::vector<Rating> r = least_squares_ratings(2, pairs);
    REQUIRE(r.size() == 2);
    CHECK_THAT(r[0].value, WithinAbs(15, 1e-12));
    CHECK_THAT(r[1].value, WithinAbs(-15, 1e-12));
    CHECK_THAT(r[0].ci95, WithinRel(7.84, 1e-12));
    CHECK_THAT(r[1].ci95, WithinRel(7.84, 1e-12));
}

TEST_CASE("ratings of a field the pairs do not connect are empty", "[stats]") {
    const std::vector<PairwiseResult> two_groups = {{0, 1, 5, 1}, {2, 3, 5, 1}};
    CHECK(least_squares_ratings(4, two_groups).empty());
    const std::vector<PairwiseResult> one_left_out = {{0, 1, 5, 1}, {1, 2, 5, 1}};
    CHECK(least_squares_ratings(4, one_left_out).empty());
    CHECK(least_squares_ratings(2, {}).empty());
    CHECK(least_squares_ratings(0, {}).empty());
    const std::vector<Rating> alone = least_squares_ratings(1, {});
    REQUIRE(alone.size() == 1);
    CHECK(alone[0].value == 0);
    CHECK(alone[0].ci95 == 0);
}

TEST_CASE("ratings reject invalid input", "[stats]") {
    const auto rate = [](int bots, PairwiseResult p) {
        const std::vector<PairwiseResult> pairs = {p};
        return least_squares_ratings(bots, pairs);
    };
    CHECK_THROWS_WITH(rate(2, {0, 2, 1, 1}),
                      Catch::Contains("pairs[0] (a 0, b 2, mean 1.000000, std_error 1.000000) for "
                                      "2 bots: a bot index is out of range"));
    CHECK_THROWS_AS(rate(2, {-1, 1, 1, 1}), std::invalid_argument);
    CHECK_THROWS_WITH(rate(2, {1, 1, 1, 1}), Catch::Contains("a bot is paired with itself"));
    CHECK_THROWS_WITH(rate(2, {0, 1, 1, 0}), Catch::Contains("std_error must be finite and > 0"));
    CHECK_THROWS_AS(rate(2, {0, 1, 1, -1}), std::invalid_argument);
    CHECK_THROWS_AS(rate(2, {0, 1, 1, std::nan("")}), std::invalid_argument);
    CHECK_THROWS_AS(rate(2, {0, 1, std::numeric_limits<double>::infinity(), 1}),
                    std::invalid_argument);
    CHECK_THROWS_AS(least_squares_ratings(-1, {}), std::invalid_argument);
    // A link 1e8 times more precise than the other (weights 1e16 apart) leaves the other
    // bot's rating to rounding: refused rather than reported.
    const std::vector<PairwiseResult> disparate = {{0, 1, 5, 1}, {1, 2, 5, 1e-8}};
    CHECK_THROWS_WITH(least_squares_ratings(3, disparate), Catch::Contains("too disparate"));
}

TEST_CASE("chi_square_upper_tail at published critical values", "[stats]") {
    // Upper critical values of the chi-square distribution (NIST/SEMATECH e-Handbook of
    // Statistical Methods, table 1.3.6.7.4), given to 3 decimals.
    CHECK_THAT(chi_square_upper_tail(3.841, 1), WithinAbs(0.05, 1e-4));
    CHECK_THAT(chi_square_upper_tail(16.266, 3), WithinAbs(0.001, 1e-6));
    CHECK_THAT(chi_square_upper_tail(18.307, 10), WithinAbs(0.05, 1e-5));
    CHECK_THAT(chi_square_upper_tail(135.807, 100), WithinAbs(0.01, 1e-5));
    // Closed forms: k = 1 is erfc(sqrt(x / 2)); k = 2 is e^(-x/2); k = 4 is e^(-x/2) (1 + x/2).
    CHECK_THAT(chi_square_upper_tail(2.5, 1), WithinRel(std::erfc(std::sqrt(1.25)), 1e-14));
    CHECK_THAT(chi_square_upper_tail(2.0, 2), WithinRel(std::exp(-1.0), 1e-14));
    CHECK_THAT(chi_square_upper_tail(6.0, 4), WithinRel(4 * std::exp(-3.0), 1e-14));
    // Many degrees of freedom, where e^(-x/2) alone underflows: the Wilson-Hilferty
    // approximation (accurate to 1e-6 here) gives 0.4957949.
    CHECK_THAT(chi_square_upper_tail(2000.0, 2000), WithinAbs(0.4957949, 1e-6));
    CHECK(chi_square_upper_tail(0.0, 5) == 1.0);
    CHECK(chi_square_upper_tail(std::numeric_limits<double>::infinity(), 5) == 0.0);
    CHECK_THROWS_AS(chi_square_upper_tail(1.0, 0), std::invalid_argument);
    CHECK_THROWS_AS(chi_square_upper_tail(std::nan(""), 1), std::invalid_argument);
}

TEST_CASE("weigh_exact_pairs gives exact pairs the field's smallest standard error", "[stats]") {
    std::vector<PairwiseResult> pairs = {{0, 1, 0.0, 0.0}, {1, 2, 5.0, 3.0}, {0, 2, 7.0, 2.0}};
    weigh_exact_pairs(pairs, 1e-3);
    CHECK(pairs[0].std_error == 2.0);
    CHECK(pairs[1].std_error == 3.0);
    CHECK(pairs[2].std_error == 2.0);
    // With no pair to compare with, the fallback.
    std::vector<PairwiseResult> exact = {{0, 1, 0.0, 0.0}};
    weigh_exact_pairs(exact, 1e-3);
    CHECK(exact[0].std_error == 1e-3);
}

TEST_CASE("rating_fit: additive results fit, a cycle does not", "[stats]") {
    // Additive (10, -4, -6): the fitted ratings miss nothing.
    const std::vector<PairwiseResult> additive = {{0, 1, 14, 1}, {1, 2, 2, 1}, {0, 2, 16, 1}};
    const RatingFit exact = rating_fit(additive, least_squares_ratings(3, additive));
    CHECK_THAT(exact.chi_square, WithinAbs(0, 1e-20));
    CHECK(exact.degrees_of_freedom == 1);
    CHECK_THAT(exact.p_value, WithinAbs(1, 1e-9));

    // 0 beats 1, 1 beats 2, 2 beats 0, each by 3 standard errors: the ratings are all 0 and
    // miss every pair by 3, chi-square 27 on 3 - 2 = 1 degree of freedom.
    const std::vector<PairwiseResult> cycle = {{0, 1, 6, 2}, {1, 2, 6, 2}, {2, 0, 6, 2}};
    const RatingFit poor = rating_fit(cycle, least_squares_ratings(3, cycle));
    CHECK_THAT(poor.chi_square, WithinRel(27, 1e-12));
    CHECK(poor.degrees_of_freedom == 1);
    CHECK_THAT(poor.p_value, WithinRel(std::erfc(std::sqrt(13.5)), 1e-9));
    CHECK(poor.worst_pair == 0);
    CHECK_THAT(poor.worst_z, WithinRel(3, 1e-12));

    // The residuals of given ratings, signed from bot a's side.
    const std::vector<Rating> given = {{5, 0}, {0, 0}, {-5, 0}};
    const RatingFit off = rating_fit(additive, given);
    CHECK_THAT(off.chi_square, WithinRel(81 + 9 + 36, 1e-12));  // z = 9, -3, 6
    CHECK(off.worst_pair == 0);
    CHECK_THAT(off.worst_z, WithinRel(9, 1e-12));

    // A chain of pairs leaves no degrees of freedom: p_value 1 whatever the ratings.
    const std::vector<PairwiseResult> chain = {{0, 1, 14, 1}, {1, 2, 2, 1}};
    const RatingFit free = rating_fit(chain, given);
    CHECK(free.degrees_of_freedom == 0);
    CHECK(free.p_value == 1.0);

    CHECK_THROWS_AS(rating_fit(std::vector<PairwiseResult>{{0, 3, 1, 1}}, given),
                    std::invalid_argument);
    CHECK_THROWS_AS(rating_fit(std::vector<PairwiseResult>{{0, 1, 1, 0}}, given),
                    std::invalid_argument);
    const std::vector<Rating> not_finite = {{std::nan(""), 0}, {0, 0}};
    CHECK_THROWS_AS(rating_fit(std::vector<PairwiseResult>{{0, 1, 1, 1}}, not_finite),
                    std::invalid_argument);
}

TEST_CASE("sprt accepts H1, accepts H0 or keeps sampling", "[stats]") {
    // mu0 = 0, mu1 = 5 mbb/hand, alpha = beta = 0.05:
    //   lower = log(0.05 / 0.95) = -2.9444389791664403, upper = +2.9444389791664403
    //   LLR = n * (mu1 - mu0) * (mean - 2.5) / stddev^2
    const SprtParams params{0, 5, 0.05, 0.05};
    Summary s;
    s.stddev = 50;

    s.samples = 100;  // 100 * 5 * (5 - 2.5) / 2500 = 0.5
    s.mean = 5;
    SprtState state = sprt(params, s);
    CHECK_THAT(state.llr, WithinRel(0.5, 1e-14));
    CHECK_THAT(state.lower, WithinRel(-2.9444389791664403, 1e-14));
    CHECK_THAT(state.upper, WithinRel(2.9444389791664403, 1e-14));
    CHECK(state.decision == SprtDecision::Undecided);

    s.samples = 1000;  // 1000 * 5 * (5 - 2.5) / 2500 = 5 >= 2.944
    state = sprt(params, s);
    CHECK_THAT(state.llr, WithinRel(5.0, 1e-14));
    CHECK(state.decision == SprtDecision::AcceptH1);

    s.mean = 0;  // 1000 * 5 * (0 - 2.5) / 2500 = -5 <= -2.944
    state = sprt(params, s);
    CHECK_THAT(state.llr, WithinRel(-5.0, 1e-14));
    CHECK(state.decision == SprtDecision::AcceptH0);

    s.mean = 2.5;  // halfway: no evidence either way
    CHECK(sprt(params, s).llr == 0);
    CHECK(sprt(params, s).decision == SprtDecision::Undecided);

    // H1 below H0: mu0 = 5, mu1 = 0, mean 0: 1000 * (-5) * (0 - 2.5) / 2500 = 5.
    s.mean = 0;
    state = sprt(SprtParams{5, 0, 0.05, 0.05}, s);
    CHECK_THAT(state.llr, WithinRel(5.0, 1e-14));
    CHECK(state.decision == SprtDecision::AcceptH1);
}

TEST_CASE("sprt bounds with unequal error rates and without data", "[stats]") {
    // alpha = 0.05, beta = 0.1: lower = log(0.1 / 0.95) = -2.251291798606495,
    // upper = log(0.9 / 0.05) = log(18) = 2.8903717578961645.
    const SprtParams params{0, 5, 0.05, 0.1};
    Summary s;
    s.samples = 1;
    s.mean = 100;
    SprtState state = sprt(params, s);
    CHECK_THAT(state.lower, WithinRel(-2.251291798606495, 1e-14));
    CHECK_THAT(state.upper, WithinRel(2.8903717578961645, 1e-14));
    CHECK(state.llr == 0);
    CHECK(state.decision == SprtDecision::Undecided);

    s.samples = 1000;  // zero variance: nothing to scale the evidence by
    s.stddev = 0;
    CHECK(sprt(params, s).decision == SprtDecision::Undecided);

    // The summary straight from summarize(): 1000 pairs of mean 10, stddev 50 mbb/hand.
    // LLR = 1000 * 5 * (10 - 2.5) / 2500 = 15.
    SampleMoments m;
    for (int i = 0; i < 500; ++i) {
        m.add(10 - 50 * std::sqrt(999.0 / 1000.0));
        m.add(10 + 50 * std::sqrt(999.0 / 1000.0));
    }
    state = sprt(params, summarize(m));
    CHECK_THAT(state.llr, WithinRel(15.0, 1e-9));
    CHECK(state.decision == SprtDecision::AcceptH1);
}

TEST_CASE("sprt rejects invalid parameters", "[stats]") {
    const Summary s;
    CHECK_THROWS_AS(sprt(SprtParams{0, 0, 0.05, 0.05}, s), std::invalid_argument);
    CHECK_THROWS_AS(sprt(SprtParams{0, std::nan(""), 0.05, 0.05}, s), std::invalid_argument);
    CHECK_THROWS_WITH(sprt(SprtParams{0, 5, 0, 0.05}, s), Catch::Contains("alpha"));
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.5, 0.05}, s), std::invalid_argument);
    CHECK_THROWS_WITH(sprt(SprtParams{0, 5, 0.05, 0}, s), Catch::Contains("beta"));
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.05, 0.7}, s), std::invalid_argument);
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.05, std::nan("")}, s), std::invalid_argument);
    Summary negative;
    negative.stddev = -1;
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.05, 0.05}, negative), std::invalid_argument);
}
