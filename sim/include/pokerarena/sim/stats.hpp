// Tournament statistics: win rates with confidence intervals, likelihood of superiority,
// least-squares ratings of a field with their goodness of fit and a sequential probability
// ratio test.
//
// A sample is one independent observation: a bot's winnings over one duplicate pair (heads-up:
// the same deal played with seats swapped), one rotation group (ring: the same deal played
// with every bot in every seat) or one tournament. Variances are taken over those samples,
// never over single hands, because the hands of a pair are strongly (negatively) correlated.
//
// Every interval and probability here uses the normal approximation to the distribution of a
// mean (central limit theorem), with the variance estimated from the samples: right for the
// hundreds or more samples of a tournament, optimistic for a handful (a Student t interval
// would be wider below about 30 samples).
//
// Guarantees
// - Pure functions of their arguments: no state, no randomness, no I/O; equal inputs give
//   bit-identical outputs.
// - Degenerate inputs give defined results instead of NaN: no samples gives mean 0; fewer
//   than two samples give stddev and ci95 +infinity and los 0.5 (the spread is unknown); two
//   or more with zero variance give stddev 0 and ci95 0, and los 1, 0 or 0.5 by the sign of
//   the mean.
// - Non-finite or impossible inputs (NaN, infinities, negative counts) throw
//   std::invalid_argument with a message naming the argument, instead of producing NaN.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace pokerarena::sim {

// Running sums of a sample series; add() and merge() are exact up to double rounding and
// associative when done in the same order.
struct SampleMoments {
    std::int64_t n = 0;
    double sum = 0;
    double sum_squares = 0;

    void add(double x) {
        ++n;
        sum += x;
        sum_squares += x * x;
    }
    void merge(const SampleMoments& other) {
        n += other.n;
        sum += other.sum;
        sum_squares += other.sum_squares;
    }
};

struct Summary {
    double mean = 0;
    double stddev = 0;  // sample standard deviation of one sample (n - 1 in the denominator)
    double ci95 = 0;    // half-width of the 95% confidence interval of the mean: 1.96 * stddev
                        // / sqrt(samples), i.e. 1.96 standard errors
    double los = 0.5;   // P(true mean > 0): Phi(mean / (stddev / sqrt(samples)))
    std::int64_t samples = 0;
};

// The standard normal cumulative distribution function Phi(z) = erfc(-z / sqrt(2)) / 2,
// accurate to a few ulps in both tails (no 1 - x cancellation); Phi(-inf) = 0, Phi(inf) = 1.
double normal_cdf(double z);

// Mean, spread, ci95 and los of the samples, each multiplied by `scale` first (for example
// 1000 / (big_blind * hands_per_sample) turns chips per duplicate pair into mbb per hand).
// With x_i the scaled samples and n = m.n:
//   mean   = scale * sum / n
//   stddev = |scale| * sqrt((sum_squares - sum^2 / n) / (n - 1))   (n >= 2)
//   ci95   = 1.96 * stddev / sqrt(n)
//   los    = Phi(mean / (stddev / sqrt(n)))
// With fewer than two samples (n < 2) the spread is unknown: stddev and ci95 are +infinity,
// los is 0.5, and mean is the sample's (0 with none).
// A difference sum_squares - sum^2 / n within its own rounding error (2 * (n + 1) * 2^-52 *
// sum_squares, which covers small negative results) counts as zero variance: all-equal
// samples give stddev exactly 0 rather than rounding noise.
// Throws std::invalid_argument when m.n < 0, scale is not finite, (n > 0) sum or sum_squares
// is not finite or sum_squares is negative, or the scaled mean or stddev overflows a double.
Summary summarize(const SampleMoments& m, double scale = 1.0);

// One pairwise result for the ratings: bot a won `mean` per hand against bot b, with
// standard error `std_error` (> 0; weights are 1 / std_error^2).
struct PairwiseResult {
    int a = 0;
    int b = 0;
    double mean = 0;
    double std_error = 0;
};

struct Rating {
    double value = 0;  // ratings of the field sum to zero
    double ci95 = 0;   // half-width of the 95% confidence interval: 1.96 * sqrt(Cov(r)_ii)
};

// Weighted least-squares ratings r of `num_bots` bots such that r[a] - r[b] fits every pair's
// mean, under the constraint sum(r) = 0, with confidence intervals from the covariance of the
// estimate. Precisely, with w_k = 1 / std_error_k^2 and d_k = e_a - e_b for pair k:
//   minimize  sum_k w_k (r_a - r_b - mean_k)^2  subject to  sum_i r_i = 0
//   L = sum_k w_k d_k d_k^T (the weighted Laplacian of the pair graph), g = sum_k w_k mean_k d_k
//   r = L^+ g,  Cov(r) = L^+  (L^+ is the Moore-Penrose pseudo-inverse)
// Cov(r) = L^+ L L^+ = L^+ assumes each mean_k is unbiased with the stated standard error and
// the pairs are independent; it is not inflated when the pair results disagree with any set
// of ratings (no goodness-of-fit rescaling). Several results for one pair simply add up. A
// lone pair gives r_a = -r_b = mean / 2 with ci95 = 1.96 * std_error / 2.
// Returns an empty vector when num_bots is 0 or the pairs do not connect every bot (the
// ratings of separate groups could not be compared). One bot without pairs gets rating 0.
// Throws std::invalid_argument for num_bots < 0, a bot index out of range, a == b, a mean
// that is not finite, std_error <= 0 or not finite, or standard errors so disparate that
// double precision cannot solve the system (a Cholesky pivot below 1e-12 of its diagonal,
// which proves a condition number above 1e12: fewer than about four significant digits
// would be left). The message says "too disparate".
std::vector<Rating> least_squares_ratings(int num_bots, std::span<const PairwiseResult> pairs);

// Gives each pair with std_error 0 (no spread: an exact result, such as allin vs call in a
// duplicate match) the smallest positive std_error of `pairs`, or `fallback` when none has
// one: such a pair is the best-known result of the field, so it must weigh at least as much as
// any other in least_squares_ratings rather than be dropped (which could disconnect the field
// or let the ratings contradict it).
void weigh_exact_pairs(std::span<PairwiseResult> pairs, double fallback);

// P(X >= x) for X chi-square distributed with `degrees_of_freedom` degrees of freedom (the
// regularized upper incomplete gamma function Q(k / 2, x / 2)), exact in closed form for whole
// k: e^(-x/2) sum_{i<k/2} (x/2)^i / i! for even k; erfc(sqrt(x/2)) plus e^(-x/2) sum_{i<(k-1)/2}
// (x/2)^(i+1/2) / Gamma(i + 3/2) for odd k. 1 for x <= 0; accurate to about 1e-14 absolute;
// takes k / 2 steps.
// Throws std::invalid_argument when x is NaN or degrees_of_freedom < 1.
double chi_square_upper_tail(double x, std::int64_t degrees_of_freedom);

// How well ratings explain the pair results they were fitted to: a goodness-of-fit test of the
// model behind least_squares_ratings, that each pair's true result is the difference of two
// ratings. With z_k = (mean_k - (r_a - r_b)) / std_error_k for pair k,
//   chi_square = sum_k z_k^2,  degrees_of_freedom = pairs - (bots - 1)  (at least 0)
//   p_value    = chi_square_upper_tail(chi_square, degrees_of_freedom)
// For the least-squares ratings of the same pairs, chi_square is the minimum the fit reached,
// and under the model (each mean normal with its stated standard error, pairs independent) it
// is chi-square distributed with that many degrees of freedom. A small p_value says the
// results are not additive: some bots do better against one opponent than their ratings say
// (A beats B, B beats C, C beats A is the extreme), and a rating difference is then not the
// expected result of a match. With no degrees of freedom (two bots, a gauntlet) any ratings
// fit exactly and p_value is 1. worst_pair indexes the pair of the largest |z_k|, worst_z is
// its z (above 0: the pair's bot a did better than the ratings say); both are 0 without pairs.
// Throws std::invalid_argument for a bot index outside `ratings`, a == b, a mean or rating
// that is not finite, or std_error <= 0 or not finite.
struct RatingFit {
    double chi_square = 0;
    std::int64_t degrees_of_freedom = 0;
    double p_value = 1;
    std::size_t worst_pair = 0;
    double worst_z = 0;
};
RatingFit rating_fit(std::span<const PairwiseResult> pairs, std::span<const Rating> ratings);

// Wald's sequential probability ratio test of H0: mean = mu0 against H1: mean = mu1 with
// error rates alpha and beta, using the normal approximation with the variance estimated
// from the samples so far.
//
// Each sample x_i (one duplicate pair, in the same unit as mu0 and mu1: mbb per hand over
// that pair) is taken as normal N(mu, s^2) with s = samples_so_far.stddev, the sample
// standard deviation of one sample (n - 1 denominator) plugged in as if known. The
// log-likelihood ratio of n samples with mean m is then
//   LLR = sum_i [(x_i - mu0)^2 - (x_i - mu1)^2] / (2 s^2)
//       = n * ((mu1 - mu0) * m - (mu1^2 - mu0^2) / 2) / s^2
//       = n * (mu1 - mu0) * (m - (mu0 + mu1) / 2) / s^2
// (dimensionless: the unit cancels). Wald's bounds: accept H1 when LLR >= log((1 - beta) /
// alpha), accept H0 when LLR <= log(beta / (1 - alpha)), otherwise keep sampling. mu1 < mu0
// is allowed (H1 then says the mean is lower).
struct SprtParams {
    double mu0 = 0;
    double mu1 = 0;
    double alpha = 0.05;
    double beta = 0.05;
};
enum class SprtDecision { Undecided, AcceptH0, AcceptH1 };
struct SprtState {
    double llr = 0;    // 0 while Undecided for lack of data (see sprt)
    double lower = 0;  // log(beta / (1 - alpha))
    double upper = 0;  // log((1 - beta) / alpha)
    SprtDecision decision = SprtDecision::Undecided;
};
// Fewer than 2 samples or a stddev of 0 give llr 0 and Undecided (the variance is unknown),
// with the bounds filled in.
// Throws std::invalid_argument unless mu0 and mu1 are finite, mu0 != mu1 and 0 < alpha,
// beta < 0.5; or when the summary has negative samples, a negative stddev or a mean or
// stddev that is not finite.
SprtState sprt(const SprtParams& params, const Summary& samples_so_far);

}  // namespace pokerarena::sim
