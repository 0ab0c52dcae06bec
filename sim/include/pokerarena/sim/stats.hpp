// Tournament statistics: win rates with confidence intervals, likelihood of superiority,
// least-squares ratings of a field with their goodness of fit and a sequential test (a
// generalized sequential probability ratio test on blocks).
//
// A sample is one observation: a bot's winnings over one duplicate pair (heads-up: the same
// deal played with seats swapped), one rotation group (ring: the same deal played with every
// bot in every seat) or one tournament. Variances are taken over those samples, never over
// single hands, because the hands of a pair are strongly (negatively) correlated; where
// samples share something (the seating of a ring unit), over clusters of them
// (summarize_clusters).
//
// Intervals and probabilities of a mean use Student's t distribution with n - 1 degrees of
// freedom for n samples, with the variance estimated from the samples: exact for normal
// samples, and measured to cover 95% +- 2% on the simulator's samples from 5 up
// (docs/benchmarks.md), where the normal interval covered 88-92%. Below kMinSamples samples, or
// with no spread at all, an estimate is flagged `too_few_samples`: its interval cannot be trusted
// (a spread of zero over 15 duplicate pairs is usually chance: pairs that folded the same way every
// time).
//
// Guarantees
// - Pure functions of their arguments: no state, no randomness, no I/O; equal inputs give
//   bit-identical outputs.
// - Degenerate inputs give defined results instead of NaN: no samples gives mean 0; fewer
//   than two samples give stddev and ci95 +infinity and los 0.5 (the spread is unknown); two
//   or more with zero variance give stddev 0 but ci95 +infinity and los 0.5 (a spread of zero
//   is no evidence of exactness), flagged too_few_samples.
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

// Below this many samples (or with a spread of zero) an estimate is flagged too_few_samples:
// measured on identical bots, 95% t intervals cover 95% +- 2% from 5 duplicate pairs up
// (docs/benchmarks.md), not below.
inline constexpr std::int64_t kMinSamples = 5;

struct Summary {
    double mean = 0;
    double stddev = 0;  // sample standard deviation of one sample (n - 1 in the denominator)
    double ci95 = 0;    // half-width of the 95% confidence interval of the mean:
                        // t(0.975, n - 1) * stddev / sqrt(samples)
    double los = 0.5;   // P(true mean > 0): T_(n-1)(mean / (stddev / sqrt(samples)))
    std::int64_t samples = 0;
    // samples < kMinSamples or stddev == 0: the interval and los are not to be trusted (and
    // with stddev 0, ci95 is +infinity and los 0.5).
    bool too_few_samples = true;
};

// The standard normal cumulative distribution function Phi(z) = erfc(-z / sqrt(2)) / 2,
// accurate to a few ulps in both tails (no 1 - x cancellation); Phi(-inf) = 0, Phi(inf) = 1.
double normal_cdf(double z);

// P(T <= t) for T Student-t distributed with `degrees_of_freedom` (> 0, not necessarily whole)
// degrees of freedom: Boost.Math's students_t cdf (by the regularized incomplete beta function),
// accurate to a few ulps. Above 1e7 degrees of freedom it is normal_cdf(t) (the difference is
// below 1e-7). Throws std::invalid_argument when t is NaN or degrees_of_freedom is not > 0.
double student_t_cdf(double t, double degrees_of_freedom);

// The p quantile of Student's t with `degrees_of_freedom` degrees of freedom: the t with
// student_t_cdf(t, df) = p (Boost.Math's students_t quantile; the normal quantile above 1e7
// degrees of freedom), to a few ulps (t(0.975, 1) = 12.7062047, t(0.975, 5) = 2.5705818,
// t(0.975, 30) = 2.0422725, tending to 1.9599640 as df grows). Throws std::invalid_argument
// unless 0 < p < 1 and degrees_of_freedom > 0.
double student_t_quantile(double p, double degrees_of_freedom);

// Mean, spread, ci95 and los of the samples, each multiplied by `scale` first (for example
// 1000 / (big_blind * hands_per_sample) turns chips per duplicate pair into mbb per hand).
// With x_i the scaled samples and n = m.n:
//   mean   = scale * sum / n
//   stddev = |scale| * sqrt((sum_squares - sum^2 / n) / (n - 1))   (n >= 2)
//   ci95   = student_t_quantile(0.975, n - 1) * stddev / sqrt(n)
//   los    = student_t_cdf(mean / (stddev / sqrt(n)), n - 1)
//   too_few_samples = n < kMinSamples or stddev == 0
// With fewer than two samples (n < 2) the spread is unknown: stddev and ci95 are +infinity,
// los is 0.5, and mean is the sample's (0 with none). With a spread of zero, ci95 is
// +infinity and los 0.5: identical samples are no proof of an exact result.
// A difference sum_squares - sum^2 / n within its own rounding error (2 * (n + 1) * 2^-52 *
// sum_squares, which covers small negative results) counts as zero variance: all-equal
// samples give stddev exactly 0 rather than rounding noise.
// Throws std::invalid_argument when m.n < 0, scale is not finite, (n > 0) sum or sum_squares
// is not finite or sum_squares is negative, or the scaled mean or stddev overflows a double.
Summary summarize(const SampleMoments& m, double scale = 1.0);

// Mean, spread, ci95 and los of the samples of several clusters (work units), where samples of
// one cluster may share an effect (the seating of a ring unit: every deal of it is played by
// the same neighbours) and clusters are independent. The mean is that of all samples; its
// variance is estimated from the clusters (the ratio estimator's), so the interval includes
// the variance between clusters. With T_u = scale * clusters[u].sum, n_u = clusters[u].n, U
// clusters with n_u > 0 and N = sum n_u:
//   mean    = sum T_u / N
//   se^2    = U / (U - 1) * sum_u (T_u - mean n_u)^2 / N^2
//   ci95    = student_t_quantile(0.975, U - 1) * se,  los = student_t_cdf(mean / se, U - 1)
//   stddev  = se * sqrt(N) (the spread of one sample that would give this standard error)
//   samples = U;  too_few_samples = U < kMinSamples or se == 0
// Fewer than two clusters, or se == 0, give the mean with ci95 +infinity and los 0.5. For
// clusters of one sample each this is summarize() of the samples. Throws std::invalid_argument
// as summarize() does for a cluster's moments, and when the scaled figures overflow.
Summary summarize_clusters(std::span<const SampleMoments> clusters, double scale = 1.0);

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
                       // (the caller may rescale it to a t quantile: see aggregate())
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

// Gives each pair whose own spread cannot be trusted (summaries[k].too_few_samples: fewer than
// kMinSamples samples or a spread of zero) the standard error the field's pooled spread gives
// its samples: pooled_stddev / sqrt(samples), where pooled_stddev^2 is the (n - 1)-weighted
// mean of the trusted pairs' variances. Such a pair then weighs in least_squares_ratings as
// much as its number of samples says, never more because its spread came out small by chance
// (which let a 0.0 +- 0.0 pair of 15 deals dominate the ratings). When no pair is trusted,
// the pooled spread is that of every pair with two samples or more, and `fallback` (a standard
// error) when that is zero too: every pair is then weighed alike, and the ratings' intervals
// mean nothing. summaries[k] belongs to pairs[k] (same size) and is in the pairs' unit.
// Returns false when `fallback` was used (no pair has any spread), true otherwise.
// Throws std::invalid_argument when the sizes differ.
bool weigh_uncertain_pairs(std::span<PairwiseResult> pairs, std::span<const Summary> summaries,
                           double fallback);

// P(X >= x) for X chi-square distributed with `degrees_of_freedom` degrees of freedom: the
// regularized upper incomplete gamma function Q(k / 2, x / 2) (Boost.Math's gamma_q), accurate
// to a few ulps. 1 for x <= 0, 0 for x = +infinity.
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

// A sequential test of H0: mean = mu0 against H1: mean = mu1 with error rates alpha and beta:
// a generalized sequential probability ratio test (GSPRT) on blocks, with the variance
// unknown and estimated under each hypothesis, and a stop for a mean far beyond both.
//
// The model. The observations are block means y_1 .. y_k: the mean result (mbb per hand) of
// one block of duplicate pairs, all blocks the same size (the runner's work units of the pair:
// see SprtMonitor). Each y_j is taken as normal N(mu, sigma^2) with sigma unknown. A single
// duplicate pair is far from normal when the variance comes from rare big pots, and its
// sample variance is then far too small until the big pots have been seen; a block mean of
// hundreds of pairs is close to normal (central limit theorem), and the variance of block
// means is estimated from the block means themselves. The log-likelihood ratio maximizes the
// likelihood over sigma separately under each hypothesis (the generalized likelihood ratio):
// with S = sum_j (y_j - ybar)^2,
//   LLR = (k / 2) * log((S + k (ybar - mu0)^2) / (S + k (ybar - mu1)^2))
// which, unlike a fixed plug-in sigma, grows slowly while the spread is uncertain. Wald's
// bounds: accept H1 when LLR >= log((1 - beta) / alpha), accept H0 when LLR <= log(beta /
// (1 - alpha)), otherwise keep sampling.
//
// Far beyond both hypotheses. There the ratio grows only like k log(|ybar - mu0| / |ybar -
// mu1|): both hypotheses fit badly, and a large sigma explains the data about as well under
// either (tag against call, +2,165 mbb/hand, with mu0 = 0 and mu1 = 20 took 324 blocks, when
// at the 20th its edge was already 33 standard errors beyond mu1). A plug-in variance shared
// by both likelihoods decides such a match at once but overstates the evidence near the
// hypotheses, where the error rates are set (beta 5.9% instead of 5.1% for a pair of block
// sd 918 and mu1 - mu0 = 300, resampled from tag against allin's measured blocks). So the
// ratio stays the test near the hypotheses, and one more
// rule stops a match whose mean is beyond a hypothesis, on the side away from the other, by
// kSprtFarStandardErrors standard errors of the mean or more (the t statistic against it,
// t_beyond_mu0 or t_beyond_mu1): that side is accepted. A mean of 5 standard errors beyond
// the truth has a chance of about 4e-5 at 20 blocks (Student's t, 19 degrees of freedom) and
// less later, so the rule adds nothing measurable to alpha or beta, and it never fires near
// the hypotheses, where the ratio decides first.
//
// No decision before kSprtMinBlocks blocks: the estimate of sigma needs that many to be
// trusted at all. mu1 < mu0 is allowed.
// Assumptions: blocks independent and identically distributed (each unit of a pair is dealt
// cards of its own), block means close to normal, the truth at or near mu0 or mu1, or far
// beyond them (between them the test takes longer, as any SPRT). docs/benchmarks.md gives the
// error rates and sample sizes measured for light-tailed, heavy-tailed and identical pairs and
// a pair whose block means and spreads are correlated.
struct SprtParams {
    double mu0 = 0;
    double mu1 = 0;
    double alpha = 0.05;
    double beta = 0.05;
};
// The fewest blocks the test decides on.
inline constexpr std::int64_t kSprtMinBlocks = 20;
// Standard errors of the mean beyond a hypothesis (away from the other) that accept it.
inline constexpr double kSprtFarStandardErrors = 5.0;
enum class SprtDecision { Undecided, AcceptH0, AcceptH1 };
struct SprtState {
    double llr = 0;    // 0 while Undecided for lack of data (see sprt)
    double lower = 0;  // log(beta / (1 - alpha))
    double upper = 0;  // log((1 - beta) / alpha)
    // (ybar - mu1) and (ybar - mu0) in standard errors of the mean, each counted positive on
    // the side away from the other hypothesis; 0 while the spread is unknown.
    double t_beyond_mu1 = 0;
    double t_beyond_mu0 = 0;
    SprtDecision decision = SprtDecision::Undecided;
};
// `block_means`: the moments of the block means y_j. Fewer than 2 blocks or a spread of zero
// give llr 0 (the variance is unknown); fewer than kSprtMinBlocks give the llr but Undecided;
// the bounds are always filled in. Decides H1 when llr >= upper or t_beyond_mu1 >=
// kSprtFarStandardErrors, else H0 when llr <= lower or t_beyond_mu0 >= kSprtFarStandardErrors.
// Throws std::invalid_argument unless mu0 and mu1 are finite, mu0 != mu1 and 0 < alpha,
// beta < 0.5; or when block_means has a negative count, a sum or sum of squares that is not
// finite, or a negative sum of squares.
SprtState sprt(const SprtParams& params, const SampleMoments& block_means);

}  // namespace pokerarena::sim
