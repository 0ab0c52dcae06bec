#include "pokerarena/sim/stats.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace pokerarena::sim {

namespace {

// The ratings' intervals: 1.96 rather than the exact 97.5% quantile 1.959964, the figure
// everyone quotes, so a reader can redo the arithmetic; aggregate() rescales them to the
// t quantile of the samples they rest on.
constexpr double kZ95 = 1.96;

void require(bool ok, const std::string& message) {
    if (!ok) throw std::invalid_argument(message);
}

// Above this many degrees of freedom Student's t is taken as normal: the cdfs differ by less
// than 1e-7.
constexpr double kNormalDegreesOfFreedom = 1e7;

// Boost.Math reports a bad argument, a pole, an overflow or a failed series by its return value
// (NaN, or the limit), never by an exception: every argument is checked before a call (with the
// errors the header names), so none of these can happen, and the statistics of a running
// tournament never throw. Doubles are not promoted to long double: double precision is all the
// callers use, and the promoted evaluation is several times slower.
using Quiet = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::underflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::denorm_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>,
    boost::math::policies::rounding_error<boost::math::policies::ignore_error>,
    boost::math::policies::indeterminate_result_error<boost::math::policies::ignore_error>,
    boost::math::policies::promote_float<false>, boost::math::policies::promote_double<false>>;

// P(true mean > 0) for a mean with this standard error and degrees of freedom; a mean without
// error says nothing (a spread of zero is no proof of exactness: see summarize()).
double los_of(double mean, double std_error, double degrees_of_freedom) {
    if (std_error > 0) return student_t_cdf(mean / std_error, degrees_of_freedom);
    return 0.5;
}

// Bots joined by at least one pair, as a union-find forest.
int find_root(std::vector<int>& parent, int bot) {
    while (parent[static_cast<std::size_t>(bot)] != bot) {
        int& up = parent[static_cast<std::size_t>(bot)];
        up = parent[static_cast<std::size_t>(up)];  // path halving
        bot = up;
    }
    return bot;
}

bool connects_every_bot(int num_bots, std::span<const PairwiseResult> pairs) {
    std::vector<int> parent(static_cast<std::size_t>(num_bots));
    std::iota(parent.begin(), parent.end(), 0);
    int groups = num_bots;
    for (const PairwiseResult& p : pairs) {
        const int ra = find_root(parent, p.a);
        const int rb = find_root(parent, p.b);
        if (ra != rb) {
            parent[static_cast<std::size_t>(ra)] = rb;
            --groups;
        }
    }
    return groups == 1;
}

// A dense symmetric matrix, row-major; a few hundred bots make at most a few megabytes.
struct Matrix {
    std::size_t n;
    std::vector<double> cells;
    explicit Matrix(std::size_t size) : n(size), cells(size * size, 0.0) {}
    double& at(std::size_t i, std::size_t j) { return cells[i * n + j]; }
};

// Below this ratio of pivot to diagonal the condition number is provably above 1e12 (a
// Cholesky pivot is at least the smallest eigenvalue, a diagonal entry at most the largest),
// so fewer than about four significant digits of the ratings would survive.
constexpr double kMinPivotRatio = 1e-12;

// In-place Cholesky factorization M = C C^T (C lower triangular, stored in M's lower half).
// Kept rather than Eigen's LLT: for the fields played (2 to 16 bots) factor, solve and the
// inverse's diagonal took 1.2 to 3.5 times as long with Eigen (MatrixXd, dynamic size: the
// field's size is known only at run time), the results agreed to 1e-16, and the check of
// every pivot against its diagonal (kMinPivotRatio) would have to be redone on Eigen's factor
// anyway. Eigen wins only from about 32 bots, where both take well under a millisecond once
// per report (measured on an AMD EPYC under load, g++ 12 -O2).
void cholesky(Matrix& m) {
    for (std::size_t j = 0; j < m.n; ++j) {
        const double diagonal = m.at(j, j);
        double pivot = diagonal;
        for (std::size_t k = 0; k < j; ++k)
            pivot -= m.at(j, k) * m.at(j, k);
        require(pivot > kMinPivotRatio * diagonal,
                "least_squares_ratings: the pairs' standard errors are too disparate to solve "
                "the ratings in double precision (condition number above 1e12)");
        const double root = std::sqrt(pivot);
        m.at(j, j) = root;
        for (std::size_t i = j + 1; i < m.n; ++i) {
            double v = m.at(i, j);
            for (std::size_t k = 0; k < j; ++k)
                v -= m.at(i, k) * m.at(j, k);
            m.at(i, j) = v / root;
        }
    }
}

// Solves C C^T x = b with the factor from cholesky().
std::vector<double> cholesky_solve(Matrix& c, std::vector<double> b) {
    for (std::size_t i = 0; i < c.n; ++i) {
        for (std::size_t k = 0; k < i; ++k)
            b[i] -= c.at(i, k) * b[k];
        b[i] /= c.at(i, i);
    }
    for (std::size_t i = c.n; i-- > 0;) {
        for (std::size_t k = i + 1; k < c.n; ++k)
            b[i] -= c.at(k, i) * b[k];
        b[i] /= c.at(i, i);
    }
    return b;
}

// diag(M^-1) = diag(C^-T C^-1): (M^-1)_ii is the squared norm of column i of C^-1, which is
// zero above row i, so each column costs one forward substitution from row i on.
std::vector<double> inverse_diagonal(Matrix& c) {
    std::vector<double> diagonal(c.n);
    std::vector<double> column(c.n);
    for (std::size_t i = 0; i < c.n; ++i) {
        double norm = 0;
        for (std::size_t r = i; r < c.n; ++r) {
            double v = r == i ? 1.0 : 0.0;
            for (std::size_t k = i; k < r; ++k)
                v -= c.at(r, k) * column[k];
            column[r] = v / c.at(r, r);
            norm += column[r] * column[r];
        }
        diagonal[i] = norm;
    }
    return diagonal;
}

}  // namespace

double normal_cdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double student_t_cdf(double t, double degrees_of_freedom) {
    require(!std::isnan(t), "student_t_cdf: t is NaN");
    require(degrees_of_freedom > 0, "student_t_cdf: degrees_of_freedom " +
                                        std::to_string(degrees_of_freedom) + "; expected > 0");
    if (degrees_of_freedom > kNormalDegreesOfFreedom) return normal_cdf(t);
    if (std::isinf(t)) return t > 0 ? 1.0 : 0.0;
    return boost::math::cdf(boost::math::students_t_distribution<double, Quiet>(degrees_of_freedom),
                            t);
}

double student_t_quantile(double p, double degrees_of_freedom) {
    require(p > 0 && p < 1, "student_t_quantile: p " + std::to_string(p) + "; expected 0 < p < 1");
    require(degrees_of_freedom > 0, "student_t_quantile: degrees_of_freedom " +
                                        std::to_string(degrees_of_freedom) + "; expected > 0");
    if (p == 0.5) return 0;
    // The inverse of student_t_cdf, which is normal_cdf above kNormalDegreesOfFreedom.
    if (degrees_of_freedom > kNormalDegreesOfFreedom)
        return boost::math::quantile(boost::math::normal_distribution<double, Quiet>(), p);
    return boost::math::quantile(
        boost::math::students_t_distribution<double, Quiet>(degrees_of_freedom), p);
}

Summary summarize(const SampleMoments& m, double scale) {
    require(m.n >= 0, "summarize: negative sample count " + std::to_string(m.n));
    require(std::isfinite(scale), "summarize: scale is not finite");
    Summary s;
    s.samples = m.n;
    if (m.n < 2) {
        // One sample says nothing of the spread (n - 1 = 0): an unbounded interval and no
        // evidence either way, never "+750 +- 0, LOS 100%" from a single deal.
        s.stddev = std::numeric_limits<double>::infinity();
        s.ci95 = std::numeric_limits<double>::infinity();
        s.los = 0.5;
        if (m.n == 0) return s;
    }
    require(std::isfinite(m.sum) && std::isfinite(m.sum_squares) && m.sum_squares >= 0,
            "summarize: sum or sum_squares is not finite, or sum_squares is negative");

    const double n = static_cast<double>(m.n);
    const double raw_mean = m.sum / n;
    s.mean = scale * raw_mean;
    require(std::isfinite(s.mean), "summarize: the scaled mean overflows a double");
    if (m.n == 1) return s;
    // The moments are all that is kept (they merge across units and shards), so the variance
    // must come from sum_squares - sum^2 / n, which cancels catastrophically when the spread is
    // small next to the mean. Each term carries a rounding error of at most about
    // (n + 1) * 2^-53 * sum_squares when summed one sample at a time (sum^2 / n <= sum_squares
    // by Cauchy-Schwarz); a difference inside twice their sum (a factor 2 of margin) is
    // indistinguishable from zero, so it is zero rather than noise (or the root of a negative
    // number).
    const double deviation_squares = m.sum_squares - m.sum * raw_mean;
    const double noise = 2.0 * (n + 1.0) * std::numeric_limits<double>::epsilon() * m.sum_squares;
    if (deviation_squares > noise)
        s.stddev = std::abs(scale) * std::sqrt(deviation_squares / (n - 1.0));
    require(std::isfinite(s.stddev), "summarize: the scaled standard deviation overflows a double");
    s.too_few_samples = m.n < kMinSamples || s.stddev == 0;
    if (s.stddev == 0) {
        // All samples equal: exact (allin against call, duplicate) or chance (15 pairs that
        // all folded alike); the samples cannot tell which, so the interval stays unknown.
        s.ci95 = std::numeric_limits<double>::infinity();
        s.los = 0.5;
        return s;
    }
    const double std_error = s.stddev / std::sqrt(n);
    s.ci95 = student_t_quantile(0.975, n - 1.0) * std_error;
    s.los = los_of(s.mean, std_error, n - 1.0);
    return s;
}

Summary summarize_clusters(std::span<const SampleMoments> clusters, double scale) {
    require(std::isfinite(scale), "summarize_clusters: scale is not finite");
    double total = 0;
    double samples = 0;
    std::int64_t used = 0;
    for (const SampleMoments& c : clusters) {
        require(c.n >= 0 && std::isfinite(c.sum),
                "summarize_clusters: a cluster has a negative count or a sum that is not finite");
        if (c.n == 0) continue;
        total += scale * c.sum;
        samples += static_cast<double>(c.n);
        ++used;
    }
    Summary s;
    s.samples = used;
    s.stddev = std::numeric_limits<double>::infinity();
    s.ci95 = std::numeric_limits<double>::infinity();
    if (used == 0) return s;
    s.mean = total / samples;
    require(std::isfinite(s.mean), "summarize_clusters: the scaled mean overflows a double");
    if (used < 2) return s;
    // Two passes (the residuals about the mean), so no cancellation to guard against.
    double residual_squares = 0;
    for (const SampleMoments& c : clusters) {
        if (c.n == 0) continue;
        const double residual = scale * c.sum - s.mean * static_cast<double>(c.n);
        residual_squares += residual * residual;
    }
    const double u = static_cast<double>(used);
    const double std_error = std::sqrt(u / (u - 1) * residual_squares) / samples;
    require(std::isfinite(std_error), "summarize_clusters: the standard error overflows a double");
    s.stddev = std_error * std::sqrt(samples);
    s.too_few_samples = used < kMinSamples || std_error == 0;
    if (std_error == 0) return s;
    s.ci95 = student_t_quantile(0.975, u - 1) * std_error;
    s.los = los_of(s.mean, std_error, u - 1);
    return s;
}

std::vector<Rating> least_squares_ratings(int num_bots, std::span<const PairwiseResult> pairs) {
    require(num_bots >= 0,
            "least_squares_ratings: negative number of bots " + std::to_string(num_bots));
    double min_std_error = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const PairwiseResult& p = pairs[k];
        const char* problem = nullptr;
        if (p.a < 0 || p.a >= num_bots || p.b < 0 || p.b >= num_bots)
            problem = "a bot index is out of range";
        else if (p.a == p.b)
            problem = "a bot is paired with itself";
        else if (!std::isfinite(p.mean))
            problem = "mean is not finite";
        else if (!(std::isfinite(p.std_error) && p.std_error > 0))
            problem = "std_error must be finite and > 0";
        if (problem != nullptr) {
            throw std::invalid_argument("least_squares_ratings: pairs[" + std::to_string(k) +
                                        "] (a " + std::to_string(p.a) + ", b " +
                                        std::to_string(p.b) + ", mean " + std::to_string(p.mean) +
                                        ", std_error " + std::to_string(p.std_error) + ") for " +
                                        std::to_string(num_bots) + " bots: " + problem);
        }
        min_std_error = std::min(min_std_error, p.std_error);
    }
    if (num_bots == 0 || !connects_every_bot(num_bots, pairs)) return {};
    if (num_bots == 1) return {Rating{}};

    // Weights relative to the largest, (min_std_error / std_error)^2 in (0, 1], so that no
    // weight overflows however small a standard error is: the ratings do not change when
    // every weight is scaled alike, and the covariance scales back by min_std_error^2.
    const auto n = static_cast<std::size_t>(num_bots);
    Matrix system(n);
    std::vector<double> rhs(n, 0.0);
    for (const PairwiseResult& p : pairs) {
        const double relative = min_std_error / p.std_error;
        const double w = relative * relative;
        const auto a = static_cast<std::size_t>(p.a);
        const auto b = static_cast<std::size_t>(p.b);
        system.at(a, a) += w;
        system.at(b, b) += w;
        system.at(a, b) -= w;
        system.at(b, a) -= w;
        rhs[a] += w * p.mean;
        rhs[b] -= w * p.mean;
    }

    // The Laplacian L is singular (constant shifts of r fit equally well); adding c J / n,
    // J the all-ones matrix, fills exactly that null direction, and for a connected graph
    // M = L + c J / n is positive definite with M^-1 = L^+ + J / (c n). Hence
    //   r = L^+ g = (I - J / n) M^-1 g   (the sum-zero projection of M^-1 g)
    //   diag(L^+) = diag(M^-1) - 1 / (c n).
    // c = trace(L) / n, the mean of L's eigenvalues, keeps M's conditioning that of L on the
    // sum-zero subspace; c = 1 would add a spurious factor when the weights are far from 1.
    double trace = 0;
    for (std::size_t i = 0; i < n; ++i)
        trace += system.at(i, i);
    const double shift = trace / static_cast<double>(n) / static_cast<double>(n);
    for (double& cell : system.cells)
        cell += shift;
    cholesky(system);

    std::vector<double> ratings = cholesky_solve(system, rhs);
    const double mean_rating =
        std::accumulate(ratings.begin(), ratings.end(), 0.0) / static_cast<double>(n);
    const std::vector<double> inverse = inverse_diagonal(system);

    std::vector<Rating> result(n);
    for (std::size_t i = 0; i < n; ++i) {
        result[i].value = ratings[i] - mean_rating;
        // diag(L^+) is positive for a connected graph; the max only absorbs rounding.
        const double variance = std::max(0.0, inverse[i] - 1.0 / trace);
        result[i].ci95 = kZ95 * min_std_error * std::sqrt(variance);
    }
    return result;
}

bool weigh_uncertain_pairs(std::span<PairwiseResult> pairs, std::span<const Summary> summaries,
                           double fallback) {
    require(pairs.size() == summaries.size(),
            "weigh_uncertain_pairs: " + std::to_string(pairs.size()) + " pairs but " +
                std::to_string(summaries.size()) + " summaries");
    // The pooled variance: sum (n_k - 1) s_k^2 / sum (n_k - 1), over the trusted pairs, or
    // over every pair with a spread when none is trusted.
    const auto pooled_stddev = [&](bool trusted_only) {
        double squares = 0;
        double degrees = 0;
        for (const Summary& s : summaries) {
            if (s.samples < 2 || !std::isfinite(s.stddev) || (trusted_only && s.too_few_samples))
                continue;
            const double df = static_cast<double>(s.samples - 1);
            squares += df * s.stddev * s.stddev;
            degrees += df;
        }
        return degrees > 0 ? std::sqrt(squares / degrees) : 0.0;
    };
    double pooled = pooled_stddev(true);
    if (pooled == 0) pooled = pooled_stddev(false);
    bool known = true;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const Summary& s = summaries[k];
        if (!s.too_few_samples) continue;
        if (pooled > 0 && s.samples > 0) {
            pairs[k].std_error = pooled / std::sqrt(static_cast<double>(s.samples));
        } else {
            pairs[k].std_error = fallback;
            known = false;
        }
    }
    return known;
}

double chi_square_upper_tail(double x, std::int64_t degrees_of_freedom) {
    require(!std::isnan(x), "chi_square_upper_tail: x is NaN");
    require(degrees_of_freedom >= 1, "chi_square_upper_tail: degrees_of_freedom " +
                                         std::to_string(degrees_of_freedom) +
                                         "; expected 1 or more");
    if (x <= 0) return 1.0;
    if (std::isinf(x)) return 0.0;
    return boost::math::gamma_q(static_cast<double>(degrees_of_freedom) / 2, x / 2, Quiet());
}

RatingFit rating_fit(std::span<const PairwiseResult> pairs, std::span<const Rating> ratings) {
    const auto num_bots = static_cast<std::int64_t>(ratings.size());
    for (std::size_t i = 0; i < ratings.size(); ++i)
        require(std::isfinite(ratings[i].value),
                "rating_fit: ratings[" + std::to_string(i) + "] is not finite");
    RatingFit fit;
    double worst = -1;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const PairwiseResult& p = pairs[k];
        require(p.a >= 0 && p.a < num_bots && p.b >= 0 && p.b < num_bots && p.a != p.b,
                "rating_fit: pairs[" + std::to_string(k) + "] (a " + std::to_string(p.a) + ", b " +
                    std::to_string(p.b) + ") does not name two of the " + std::to_string(num_bots) +
                    " bots");
        require(std::isfinite(p.mean) && std::isfinite(p.std_error) && p.std_error > 0,
                "rating_fit: pairs[" + std::to_string(k) +
                    "] needs a finite mean and a finite std_error > 0");
        const double predicted = ratings[static_cast<std::size_t>(p.a)].value -
                                 ratings[static_cast<std::size_t>(p.b)].value;
        const double z = (p.mean - predicted) / p.std_error;
        fit.chi_square += z * z;
        if (std::abs(z) > worst) {
            worst = std::abs(z);
            fit.worst_pair = k;
            fit.worst_z = z;
        }
    }
    fit.degrees_of_freedom =
        std::max<std::int64_t>(0, static_cast<std::int64_t>(pairs.size()) - (num_bots - 1));
    if (fit.degrees_of_freedom > 0)
        fit.p_value = chi_square_upper_tail(fit.chi_square, fit.degrees_of_freedom);
    return fit;
}

SprtState sprt(const SprtParams& params, const SampleMoments& block_means) {
    require(std::isfinite(params.mu0) && std::isfinite(params.mu1) && params.mu0 != params.mu1,
            "sprt: mu0 and mu1 must be finite and different");
    require(params.alpha > 0 && params.alpha < 0.5,
            "sprt: alpha must be in (0, 0.5), got " + std::to_string(params.alpha));
    require(params.beta > 0 && params.beta < 0.5,
            "sprt: beta must be in (0, 0.5), got " + std::to_string(params.beta));
    const SampleMoments& m = block_means;
    require(m.n >= 0 && std::isfinite(m.sum) && std::isfinite(m.sum_squares) && m.sum_squares >= 0,
            "sprt: the block means need a count >= 0, finite sums and a sum of squares >= 0");

    SprtState state;
    state.lower = std::log(params.beta / (1.0 - params.alpha));
    state.upper = std::log((1.0 - params.beta) / params.alpha);
    // The spread as summarize() finds it (zero when within rounding of zero).
    const Summary s = summarize(m);
    if (m.n < 2 || s.stddev == 0) return state;

    // S + k (ybar - mu)^2 = sum_j (y_j - mu)^2, both divided by S = (k - 1) stddev^2 (> 0
    // here): with d = (ybar - mu) / stddev, k (ybar - mu)^2 / S = k d^2 / (k - 1), which
    // neither overflows nor underflows however large or small the unit of the blocks.
    const double k = static_cast<double>(m.n);
    const double d0 = (s.mean - params.mu0) / s.stddev;
    const double d1 = (s.mean - params.mu1) / s.stddev;
    state.llr = k / 2 * (std::log1p(k * d0 * d0 / (k - 1)) - std::log1p(k * d1 * d1 / (k - 1)));
    // How far the mean lies beyond each hypothesis, on the side away from the other, in
    // standard errors of the mean (t statistics): d * sqrt(k).
    const double toward_h1 = params.mu1 > params.mu0 ? 1.0 : -1.0;
    state.t_beyond_mu1 = d1 * toward_h1 * std::sqrt(k);
    state.t_beyond_mu0 = -d0 * toward_h1 * std::sqrt(k);
    if (m.n < kSprtMinBlocks) return state;
    if (state.llr >= state.upper || state.t_beyond_mu1 >= kSprtFarStandardErrors)
        state.decision = SprtDecision::AcceptH1;
    else if (state.llr <= state.lower || state.t_beyond_mu0 >= kSprtFarStandardErrors)
        state.decision = SprtDecision::AcceptH0;
    return state;
}

}  // namespace pokerarena::sim
