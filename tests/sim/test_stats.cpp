// Statistics against numbers computed by hand (the arithmetic is in the comments; python3's
// math.erfc gave the normal CDF values, and Student's t with 1, 2 and 4 degrees of freedom has
// closed forms: F_1(t) = 1/2 + atan(t) / pi, F_2(t) = 1/2 + t / (2 sqrt(2 + t^2)), F_4(t) =
// 1/2 + (3/4) u (1 - u^2 / 3) with u = t / sqrt(4 + t^2)).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <numbers>
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

TEST_CASE("student_t_cdf against closed forms and tables", "[stats]") {
    for (const double t : {-30.0, -2.0, -0.5, 0.0, 0.3, 1.0, 12.7, 1e6}) {
        CHECK_THAT(student_t_cdf(t, 1), WithinAbs(0.5 + std::atan(t) / std::numbers::pi, 1e-13));
        CHECK_THAT(student_t_cdf(t, 2), WithinAbs(0.5 + t / (2 * std::sqrt(2 + t * t)), 1e-13));
        const double u = t / std::sqrt(4 + t * t);
        CHECK_THAT(student_t_cdf(t, 4), WithinAbs(0.5 + 0.75 * u * (1 - u * u / 3), 1e-13));
    }
    // Tables: P(T_10 <= 2.228138852) = 0.975, P(T_30 <= 2.042272456) = 0.975.
    CHECK_THAT(student_t_cdf(2.228138852, 10), WithinAbs(0.975, 1e-9));
    CHECK_THAT(student_t_cdf(2.042272456, 30), WithinAbs(0.975, 1e-9));
    // Many degrees of freedom: the normal distribution.
    CHECK_THAT(student_t_cdf(1.96, 1e5), WithinAbs(normal_cdf(1.96), 1e-5));
    CHECK(student_t_cdf(1.96, 1e8) == normal_cdf(1.96));
    CHECK(student_t_cdf(std::numeric_limits<double>::infinity(), 3) == 1.0);
    CHECK_THROWS_AS(student_t_cdf(std::nan(""), 3), std::invalid_argument);
    CHECK_THROWS_AS(student_t_cdf(1.0, 0), std::invalid_argument);
}

TEST_CASE("student_t_quantile at published table values", "[stats]") {
    // t(0.975, 1) = tan(0.475 pi); t(p, 2) = (2p - 1) sqrt(2 / (4 p (1 - p))); the rest from
    // the t table (Abramowitz and Stegun 26.10, to the digits printed).
    CHECK_THAT(student_t_quantile(0.975, 1), WithinRel(12.706204736174696, 1e-11));
    CHECK_THAT(student_t_quantile(0.975, 2), WithinRel(4.302652729749461, 1e-11));
    CHECK_THAT(student_t_quantile(0.975, 4), WithinAbs(2.776445105, 1e-9));
    CHECK_THAT(student_t_quantile(0.975, 5), WithinAbs(2.570581836, 1e-9));
    CHECK_THAT(student_t_quantile(0.975, 10), WithinAbs(2.228138852, 1e-9));
    CHECK_THAT(student_t_quantile(0.975, 30), WithinAbs(2.042272456, 1e-9));
    CHECK_THAT(student_t_quantile(0.975, 100), WithinAbs(1.983971519, 1e-9));
    CHECK_THAT(student_t_quantile(0.995, 4), WithinAbs(4.604094871, 1e-9));
    CHECK_THAT(student_t_quantile(0.95, 1), WithinAbs(6.313751515, 1e-9));
    CHECK_THAT(student_t_quantile(0.9995, 1), WithinAbs(636.6192487, 1e-6));
    CHECK_THAT(student_t_quantile(0.975, 1e9), WithinAbs(1.959963985, 1e-9));
    CHECK_THAT(student_t_quantile(0.025, 5), WithinAbs(-2.570581836, 1e-9));
    CHECK(student_t_quantile(0.5, 7) == 0);
    CHECK_THROWS_AS(student_t_quantile(0, 5), std::invalid_argument);
    CHECK_THROWS_AS(student_t_quantile(1, 5), std::invalid_argument);
    CHECK_THROWS_AS(student_t_quantile(0.975, 0), std::invalid_argument);
}

TEST_CASE("summarize a small series in mbb per hand", "[stats]") {
    // Chips per duplicate pair 1, 2, 3, 4, 10; big blind 2, 2 hands per pair, so
    // scale = 1000 / (2 * 2) = 250.
    //   n = 5, sum = 20, sum_squares = 1 + 4 + 9 + 16 + 100 = 130
    //   mean   = 250 * 20 / 5 = 1000
    //   var    = (130 - 20^2 / 5) / 4 = 12.5 chips^2, stddev = 250 * sqrt(12.5) = 883.8834764831845
    //   stderr = 883.8834764831845 / sqrt(5) = 395.28470752104744
    //   ci95   = t(0.975, 4) * 395.28470752104744 = 2.7764451051977987 * that = 1097.4862913563557
    //   los    = F_4(1000 / 395.28470752104744) = F_4(2.5298221281347035) = 0.9676615530218234
    const Summary s = summarize(moments_of({1, 2, 3, 4, 10}), 1000.0 / (2 * 2));
    CHECK(s.samples == 5);
    CHECK_FALSE(s.too_few_samples);
    CHECK_THAT(s.mean, WithinRel(1000.0, 1e-14));
    CHECK_THAT(s.stddev, WithinRel(883.8834764831845, 1e-14));
    CHECK_THAT(s.ci95, WithinRel(1097.4862913563557, 1e-11));
    CHECK_THAT(s.los, WithinRel(0.9676615530218234, 1e-12));
    // One sample fewer is too few, whatever the spread.
    CHECK(summarize(moments_of({1, 2, 3, 10})).too_few_samples);

    // A negative scale flips the mean and los; the spread stays positive.
    const Summary flipped = summarize(moments_of({1, 2, 3, 4, 10}), -250.0);
    CHECK_THAT(flipped.mean, WithinRel(-1000.0, 1e-14));
    CHECK_THAT(flipped.stddev, WithinRel(883.8834764831845, 1e-14));
    CHECK_THAT(flipped.los, WithinRel(1 - 0.9676615530218234, 1e-10));
}

TEST_CASE("summarize: two samples use t with one degree of freedom", "[stats]") {
    // Samples -1 and +1 around mean mu: n = 2, stddev = sqrt(2), stderr = sqrt(2) / sqrt(2) = 1,
    // so t = mu, ci95 = t(0.975, 1) = 12.706 (not 1.96) and los = 1/2 + atan(mu) / pi.
    for (const double mu : {1.96, -1.96, 0.0}) {
        const Summary s = summarize(moments_of({mu - 1, mu + 1}));
        CHECK_THAT(s.stddev, WithinRel(std::sqrt(2.0), 1e-14));
        CHECK_THAT(s.ci95, WithinRel(12.706204736174696, 1e-11));
        CHECK_THAT(s.los, WithinAbs(0.5 + std::atan(mu) / std::numbers::pi, 1e-13));
        CHECK(s.too_few_samples);
    }
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
    // A spread of zero is no proof of an exact result (tag vs fold, 3 deals, gave +750 +- 0.0
    // with LOS 100%): no interval, no evidence, flagged.
    const Summary equal = summarize(moments_of(std::vector<double>(7, 0.1)));
    CHECK(equal.stddev == 0);
    CHECK(equal.ci95 == unbounded);
    CHECK(equal.los == 0.5);
    CHECK(equal.too_few_samples);
    CHECK_THAT(equal.mean, WithinRel(0.1, 1e-14));
    CHECK(summarize(moments_of({0, 0, 0})).los == 0.5);
}

TEST_CASE("summarize: cancellation in sum_squares - sum^2 / n", "[stats]") {
    // 1e6 + {1, 2, 3}: the squares are 3e12 and the difference 2 survives (stddev 1).
    CHECK_THAT(summarize(moments_of({1e6 + 1, 1e6 + 2, 1e6 + 3})).stddev, WithinRel(1.0, 1e-3));
    // 1e9 + {1, 2, 3}: sum_squares = 3e18 has an ulp of 512, so the spread is lost; the result
    // is a defined zero, never NaN from a negative difference.
    const Summary lost = summarize(moments_of({1e9 + 1, 1e9 + 2, 1e9 + 3}));
    CHECK(lost.stddev == 0);
    CHECK(lost.los == 0.5);
}

TEST_CASE("summarize_clusters takes the variance between clusters", "[stats]") {
    // Clusters (n, sum): (2, 4), (2, 0), (1, 5), (3, 3), (2, 8): N = 10, mean = 20 / 10 = 2;
    // residuals sum - 2 n: 0, -4, 3, -3, 4, squares 50; se = sqrt(5 / 4 * 50) / 10 =
    // 0.7905694150420948; ci95 = t(0.975, 4) * se = 2.194972582712711; stddev = se sqrt(10) =
    // 2.5; los = F_4(2 / se) = F_4(2.5298221281347035) = 0.9676615530218234.
    const std::vector<SampleMoments> clusters = {
        {2, 4, 10}, {2, 0, 0}, {1, 5, 25}, {3, 3, 3}, {2, 8, 32}};
    const Summary s = summarize_clusters(clusters);
    CHECK(s.samples == 5);
    CHECK_FALSE(s.too_few_samples);
    CHECK_THAT(s.mean, WithinRel(2.0, 1e-14));
    CHECK_THAT(s.stddev, WithinRel(2.5, 1e-13));
    CHECK_THAT(s.ci95, WithinRel(2.194972582712711, 1e-11));
    CHECK_THAT(s.los, WithinRel(0.9676615530218234, 1e-12));
    // Scaled: the mean and spread scale, los does not.
    const Summary scaled = summarize_clusters(clusters, -10);
    CHECK_THAT(scaled.mean, WithinRel(-20.0, 1e-14));
    CHECK_THAT(scaled.ci95, WithinRel(21.94972582712711, 1e-11));
    CHECK_THAT(scaled.los, WithinRel(1 - 0.9676615530218234, 1e-10));

    // Clusters of one sample each: summarize() of the samples.
    std::vector<SampleMoments> singles;
    for (double x : {1.0, 2.0, 3.0, 4.0, 10.0})
        singles.push_back({1, x, x * x});
    const Summary one_by_one = summarize_clusters(singles, 250);
    const Summary whole = summarize(moments_of({1, 2, 3, 4, 10}), 250);
    CHECK_THAT(one_by_one.mean, WithinRel(whole.mean, 1e-14));
    CHECK_THAT(one_by_one.stddev, WithinRel(whole.stddev, 1e-12));
    CHECK_THAT(one_by_one.ci95, WithinRel(whole.ci95, 1e-12));

    // Samples that agree within each cluster but not between clusters: summarize() over the
    // samples sees little spread, the clusters the real one (a seating effect).
    const std::vector<SampleMoments> seated = {{100, 100, 100}, {100, -100, 100}};
    CHECK(summarize_clusters(seated).ci95 > 10);
    CHECK(summarize_clusters(seated).too_few_samples);

    // One cluster or none: no interval; empty clusters do not count.
    const double unbounded = std::numeric_limits<double>::infinity();
    CHECK(summarize_clusters({}).ci95 == unbounded);
    const std::vector<SampleMoments> lone = {{3, 6, 12}, {0, 0, 0}};
    CHECK(summarize_clusters(lone).samples == 1);
    CHECK(summarize_clusters(lone).mean == 2);
    CHECK(summarize_clusters(lone).ci95 == unbounded);
    const std::vector<SampleMoments> negative = {{-1, 0, 0}};
    CHECK_THROWS_AS(summarize_clusters(negative), std::invalid_argument);
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

TEST_CASE("weigh_uncertain_pairs weighs untrusted pairs by the field's pooled spread", "[stats]") {
    // Pair 0: 16 samples with no spread (0.0 +- 0.0 by chance); pairs 1 and 2 trusted, stddev
    // 30 over 10 samples and 60 over 19: pooled variance (9 * 900 + 18 * 3600) / 27 = 2700,
    // so pair 0 gets sqrt(2700) / sqrt(16) = 12.99038105676658, not the smallest error.
    Summary none, low, high;
    none.samples = 16;
    none.stddev = 0;
    none.too_few_samples = true;
    low.samples = 10;
    low.stddev = 30;
    low.too_few_samples = false;
    high.samples = 19;
    high.stddev = 60;
    high.too_few_samples = false;
    std::vector<PairwiseResult> pairs = {
        {0, 1, 0.0, 0.0}, {1, 2, 5.0, 30 / std::sqrt(10.0)}, {0, 2, 7.0, 60 / std::sqrt(19.0)}};
    const std::vector<Summary> summaries = {none, low, high};
    CHECK(weigh_uncertain_pairs(pairs, summaries, 1e-3));
    CHECK_THAT(pairs[0].std_error, WithinRel(12.99038105676658, 1e-14));
    CHECK(pairs[1].std_error == 30 / std::sqrt(10.0));
    CHECK(pairs[2].std_error == 60 / std::sqrt(19.0));

    // No trusted pair: the pooled spread of every pair of 2 samples or more, the ones without
    // spread included: sqrt((15 x 0 + 2 x 900) / 17) = 10.289915108550531, over sqrt(16) and
    // sqrt(3). None with any spread: the fallback.
    Summary few = low;
    few.samples = 3;
    few.too_few_samples = true;
    std::vector<PairwiseResult> two = {{0, 1, 0.0, 0.0}, {1, 2, 5.0, 30 / std::sqrt(3.0)}};
    const std::vector<Summary> untrusted = {none, few};
    CHECK(weigh_uncertain_pairs(two, untrusted, 1e-3));
    CHECK_THAT(two[0].std_error, WithinRel(10.289915108550531 / 4, 1e-14));
    CHECK_THAT(two[1].std_error, WithinRel(10.289915108550531 / std::sqrt(3.0), 1e-14));
    std::vector<PairwiseResult> exact = {{0, 1, 0.0, 0.0}};
    const std::vector<Summary> exact_summary = {none};
    CHECK_FALSE(weigh_uncertain_pairs(exact, exact_summary, 1e-3));
    CHECK(exact[0].std_error == 1e-3);
    CHECK_THROWS_AS(weigh_uncertain_pairs(exact, summaries, 1e-3), std::invalid_argument);
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

namespace {

// Block means alternating mean - half and mean + half, `count` of them.
SampleMoments blocks_of(double mean, double half, int count) {
    SampleMoments m;
    for (int j = 0; j < count; ++j)
        m.add(j % 2 == 0 ? mean - half : mean + half);
    return m;
}

}  // namespace

TEST_CASE("sprt: the generalized likelihood ratio of block means", "[stats]") {
    // 20 blocks of 5 and 15 (mean 10): sum (y - 0)^2 = 10 * 25 + 10 * 225 = 2500 and
    // sum (y - 10)^2 = 500, so LLR = (20 / 2) log(2500 / 500) = 10 log 5 = 16.094379124341003
    // for mu0 = 0, mu1 = 10; bounds log(0.05 / 0.95) = -2.9444389791664403 and its negation.
    const SprtParams params{0, 10, 0.05, 0.05};
    SprtState state = sprt(params, blocks_of(10, 5, 20));
    CHECK_THAT(state.llr, WithinRel(16.094379124341003, 1e-13));
    CHECK_THAT(state.lower, WithinRel(-2.9444389791664403, 1e-14));
    CHECK_THAT(state.upper, WithinRel(2.9444389791664403, 1e-14));
    CHECK(state.decision == SprtDecision::AcceptH1);

    // The hypotheses swapped: the same evidence for H0.
    state = sprt(SprtParams{10, 0, 0.05, 0.05}, blocks_of(10, 5, 20));
    CHECK_THAT(state.llr, WithinRel(-16.094379124341003, 1e-13));
    CHECK(state.decision == SprtDecision::AcceptH0);

    // Halfway between the hypotheses: no evidence either way.
    CHECK_THAT(sprt(params, blocks_of(5, 5, 20)).llr, WithinAbs(0.0, 1e-12));

    // Too few blocks to decide: the LLR, but no decision (10 blocks: 5 log 5 = 8.047).
    state = sprt(params, blocks_of(10, 5, 10));
    CHECK_THAT(state.llr, WithinRel(8.047189562170502, 1e-13));
    CHECK(state.decision == SprtDecision::Undecided);
    CHECK(kSprtMinBlocks == 20);
    CHECK(sprt(params, blocks_of(10, 5, kSprtMinBlocks - 1)).decision == SprtDecision::Undecided);

    // Evidence short of the bounds: keep sampling. 20 blocks of 4 +- 20: sum y^2 =
    // 20 * 16 + 20 * 400 = 8320, sum (y - 10)^2 = 20 * 36 + 8000 = 8720, LLR = 10 log(8320 /
    // 8720) = -0.46956.
    state = sprt(params, blocks_of(4, 20, 20));
    CHECK_THAT(state.llr, WithinRel(10 * std::log(8320.0 / 8720.0), 1e-12));
    CHECK(state.decision == SprtDecision::Undecided);
}

TEST_CASE("sprt: the estimated spread tempers the evidence", "[stats]") {
    // The plug-in test this replaced took the sample spread as the truth: with 20 blocks of
    // 10 +- 5 it would give n (mu1 - mu0)(mean - 5) / s^2 = 20 * 10 * 5 / (500 / 19) = 38.0;
    // the GLR gives 16.09, and grows with the evidence only as log(1 + k d^2 / (k - 1)).
    const SprtParams params{0, 10, 0.05, 0.05};
    const double llr = sprt(params, blocks_of(10, 5, 20)).llr;
    CHECK(llr < 38.0 / 2);
    // A block at zero spread (all blocks equal): the variance is unknown, no LLR.
    SampleMoments equal;
    for (int j = 0; j < 30; ++j)
        equal.add(10);
    CHECK(sprt(params, equal).llr == 0);
    CHECK(sprt(params, equal).decision == SprtDecision::Undecided);
    CHECK(sprt(params, SampleMoments{}).decision == SprtDecision::Undecided);
}

TEST_CASE("sprt bounds with unequal error rates", "[stats]") {
    // alpha = 0.05, beta = 0.1: lower = log(0.1 / 0.95) = -2.251291798606495,
    // upper = log(0.9 / 0.05) = log(18) = 2.8903717578961645.
    const SprtState state = sprt(SprtParams{0, 5, 0.05, 0.1}, SampleMoments{});
    CHECK_THAT(state.lower, WithinRel(-2.251291798606495, 1e-14));
    CHECK_THAT(state.upper, WithinRel(2.8903717578961645, 1e-14));
    CHECK(state.llr == 0);
}

TEST_CASE("sprt rejects invalid parameters", "[stats]") {
    const SampleMoments s;
    CHECK_THROWS_AS(sprt(SprtParams{0, 0, 0.05, 0.05}, s), std::invalid_argument);
    CHECK_THROWS_AS(sprt(SprtParams{0, std::nan(""), 0.05, 0.05}, s), std::invalid_argument);
    CHECK_THROWS_WITH(sprt(SprtParams{0, 5, 0, 0.05}, s), Catch::Contains("alpha"));
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.5, 0.05}, s), std::invalid_argument);
    CHECK_THROWS_WITH(sprt(SprtParams{0, 5, 0.05, 0}, s), Catch::Contains("beta"));
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.05, 0.7}, s), std::invalid_argument);
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.05, std::nan("")}, s), std::invalid_argument);
    SampleMoments negative;
    negative.n = -1;
    CHECK_THROWS_AS(sprt(SprtParams{0, 5, 0.05, 0.05}, negative), std::invalid_argument);
}

TEST_CASE("sprt decides with unequal error rates at each bound", "[stats]") {
    // 20 blocks of 0.5 +- 20 with mu0 = 0, mu1 = 10: LLR = 10 log((400 + 0.25) / (400 +
    // 90.25)) = -2.0277. With alpha = 0.05, beta = 0.2 the bounds are log(0.2 / 0.95) =
    // -1.5581 and log(0.8 / 0.05) = 2.7726: H0 is accepted at the lower bound, which is not
    // the negated upper one (a test with alpha = beta cannot tell them apart).
    const SampleMoments low = blocks_of(0.5, 20, 20);
    const double llr = 10 * std::log(400.25 / 490.25);
    SprtState state = sprt(SprtParams{0, 10, 0.05, 0.2}, low);
    CHECK_THAT(state.llr, WithinRel(llr, 1e-12));
    CHECK_THAT(state.lower, WithinRel(std::log(0.2 / 0.95), 1e-14));
    CHECK(state.decision == SprtDecision::AcceptH0);
    // The same evidence with alpha = beta = 0.05 is short of the lower bound, -2.944.
    CHECK(sprt(SprtParams{0, 10, 0.05, 0.05}, low).decision == SprtDecision::Undecided);

    // The mirror image, 9.5 +- 20: LLR +2.0277. With alpha = 0.05, beta = 0.2 it is short of
    // the upper bound 2.7726 (not -lower = 1.5581); with alpha = 0.2, beta = 0.05 the upper
    // bound is log(0.95 / 0.2) = 1.5581 and H1 is accepted.
    const SampleMoments high = blocks_of(9.5, 20, 20);
    CHECK(sprt(SprtParams{0, 10, 0.05, 0.2}, high).decision == SprtDecision::Undecided);
    state = sprt(SprtParams{0, 10, 0.2, 0.05}, high);
    CHECK_THAT(state.llr, WithinRel(-llr, 1e-12));
    CHECK_THAT(state.upper, WithinRel(std::log(0.95 / 0.2), 1e-14));
    CHECK(state.decision == SprtDecision::AcceptH1);
    CHECK(sprt(SprtParams{0, 10, 0.2, 0.05}, low).decision == SprtDecision::Undecided);
}

TEST_CASE("sprt accepts the hypothesis a mean lies far beyond", "[stats]") {
    // tag against call with --sprt 0,20: about 2165 +- 300 per block. 20 blocks of 2165 +-
    // 300: the ratio is only 10 log((300^2 + 2165^2) / (300^2 + 2145^2)) = 0.182, far from
    // 2.944, but the mean is (2165 - 20) / (sd / sqrt(20)) = 31.2 standard errors beyond mu1,
    // sd = 300 sqrt(20 / 19).
    const SampleMoments far = blocks_of(2165, 300, 20);
    const double se = 300 * std::sqrt(20.0 / 19) / std::sqrt(20.0);
    SprtState state = sprt(SprtParams{0, 20, 0.05, 0.05}, far);
    CHECK_THAT(
        state.llr,
        WithinRel(10 * std::log((90000.0 + 2165.0 * 2165) / (90000.0 + 2145.0 * 2145)), 1e-12));
    CHECK(state.llr < state.upper);
    CHECK_THAT(state.t_beyond_mu1, WithinRel(2145 / se, 1e-12));
    CHECK_THAT(state.t_beyond_mu0, WithinRel(-2165 / se, 1e-12));
    CHECK(state.decision == SprtDecision::AcceptH1);
    // The hypotheses swapped: far beyond mu0, away from mu1, accepts H0.
    state = sprt(SprtParams{20, 0, 0.05, 0.05}, far);
    CHECK_THAT(state.t_beyond_mu0, WithinRel(2145 / se, 1e-12));
    CHECK(state.decision == SprtDecision::AcceptH0);
    // Far below both, for mu1 > mu0: H0.
    CHECK(sprt(SprtParams{0, 20, 0.05, 0.05}, blocks_of(-2145, 300, 20)).decision ==
          SprtDecision::AcceptH0);
    // Not before the 20th block.
    CHECK(sprt(SprtParams{0, 20, 0.05, 0.05}, blocks_of(2165, 300, 19)).decision ==
          SprtDecision::Undecided);

    // The rule's edge, kSprtFarStandardErrors = 5, where the ratio is far from its bounds:
    // 20 blocks of m +- 19 (a standard error of 19 / sqrt(19)) with mu0 = 0, mu1 = 1.
    CHECK(kSprtFarStandardErrors == 5.0);
    const double unit = 19 / std::sqrt(19.0);
    state = sprt(SprtParams{0, 1, 0.05, 0.05}, blocks_of(1 + 4.9 * unit, 19, 20));
    CHECK(std::abs(state.llr) < 1);
    CHECK(state.decision == SprtDecision::Undecided);
    state = sprt(SprtParams{0, 1, 0.05, 0.05}, blocks_of(1 + 5.1 * unit, 19, 20));
    CHECK(std::abs(state.llr) < 1);
    CHECK(state.decision == SprtDecision::AcceptH1);
    state = sprt(SprtParams{0, 1, 0.05, 0.05}, blocks_of(-5.1 * unit, 19, 20));
    CHECK(state.decision == SprtDecision::AcceptH0);
    // Between the hypotheses the rule never fires: both t statistics are negative there.
    state = sprt(SprtParams{0, 10, 0.05, 0.05}, blocks_of(4, 20, 20));
    CHECK(state.t_beyond_mu1 < 0);
    CHECK(state.t_beyond_mu0 < 0);
}
