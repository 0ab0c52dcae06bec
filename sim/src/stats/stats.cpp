#include "pokerarena/sim/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <numeric>
#include <stdexcept>

namespace pokerarena::sim {

namespace {

// 1.96 rather than the exact 97.5% quantile 1.959964: the figure everyone quotes, so a reader
// can redo the arithmetic; the difference is 0.002% of the interval.
constexpr double kZ95 = 1.96;

void require(bool ok, const std::string& message) {
    if (!ok) throw std::invalid_argument(message);
}

double los_of(double mean, double std_error) {
    if (std_error > 0) return normal_cdf(mean / std_error);
    return mean > 0 ? 1.0 : mean < 0 ? 0.0 : 0.5;
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
    const double std_error = s.stddev / std::sqrt(n);
    s.ci95 = kZ95 * std_error;
    s.los = los_of(s.mean, std_error);
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

void weigh_exact_pairs(std::span<PairwiseResult> pairs, double fallback) {
    double smallest = 0;
    for (const PairwiseResult& pair : pairs)
        if (pair.std_error > 0 && (smallest == 0 || pair.std_error < smallest))
            smallest = pair.std_error;
    if (smallest == 0) smallest = fallback;
    for (PairwiseResult& pair : pairs)
        if (pair.std_error == 0) pair.std_error = smallest;
}

double chi_square_upper_tail(double x, std::int64_t degrees_of_freedom) {
    require(!std::isnan(x), "chi_square_upper_tail: x is NaN");
    require(degrees_of_freedom >= 1, "chi_square_upper_tail: degrees_of_freedom " +
                                         std::to_string(degrees_of_freedom) +
                                         "; expected 1 or more");
    if (x <= 0) return 1.0;
    if (std::isinf(x)) return 0.0;
    // The series' terms in logarithms: e^(-x/2) underflows long before the sum is negligible
    // when there are many degrees of freedom (k = 1000 at x = 1000 gives Q = 0.49).
    const double half = x / 2;
    const double log_half = std::log(half);
    const bool odd = degrees_of_freedom % 2 == 1;
    double tail = odd ? std::erfc(std::sqrt(half)) : 0.0;
    // Even k: term_0 = e^(-x/2). Odd k: term_0 = e^(-x/2) (x/2)^(1/2) / Gamma(3/2), with
    // Gamma(3/2) = sqrt(pi) / 2. Then term_i = term_(i-1) * (x/2) / (i, or i + 1/2 for odd k).
    double log_term =
        odd ? -half + 0.5 * log_half - std::log(std::sqrt(std::numbers::pi) / 2) : -half;
    const std::int64_t terms = odd ? (degrees_of_freedom - 1) / 2 : degrees_of_freedom / 2;
    for (std::int64_t i = 0; i < terms; ++i) {
        if (i > 0) log_term += log_half - std::log(static_cast<double>(i) + (odd ? 0.5 : 0.0));
        tail += std::exp(log_term);
    }
    return std::min(1.0, tail);
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

SprtState sprt(const SprtParams& params, const Summary& samples_so_far) {
    require(std::isfinite(params.mu0) && std::isfinite(params.mu1) && params.mu0 != params.mu1,
            "sprt: mu0 and mu1 must be finite and different");
    require(params.alpha > 0 && params.alpha < 0.5,
            "sprt: alpha must be in (0, 0.5), got " + std::to_string(params.alpha));
    require(params.beta > 0 && params.beta < 0.5,
            "sprt: beta must be in (0, 0.5), got " + std::to_string(params.beta));
    const Summary& s = samples_so_far;
    require(s.samples >= 0 && std::isfinite(s.mean) && std::isfinite(s.stddev) && s.stddev >= 0,
            "sprt: the summary needs samples >= 0, a finite mean and a finite stddev >= 0");

    SprtState state;
    state.lower = std::log(params.beta / (1.0 - params.alpha));
    state.upper = std::log((1.0 - params.beta) / params.alpha);
    if (s.samples < 2 || s.stddev == 0) return state;

    // n (mu1 - mu0) (m - (mu0 + mu1) / 2) / s^2, the factored form of the header's LLR: it
    // avoids mu1^2 - mu0^2 cancelling, and dividing by s twice keeps s^2 from underflowing.
    // Halves before the sum: (mu0 + mu1) / 2 could overflow.
    const double midpoint = 0.5 * params.mu0 + 0.5 * params.mu1;
    const double excess = s.mean - midpoint;
    if (excess != 0) {
        state.llr = static_cast<double>(s.samples) * ((params.mu1 - params.mu0) / s.stddev) *
                    (excess / s.stddev);
    }
    if (state.llr >= state.upper)
        state.decision = SprtDecision::AcceptH1;
    else if (state.llr <= state.lower)
        state.decision = SprtDecision::AcceptH0;
    return state;
}

}  // namespace pokerarena::sim
