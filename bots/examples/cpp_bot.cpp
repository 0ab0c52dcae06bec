// A pokerarena bot written as an ordinary C++ class, exported through the C interface.
//
// The class may throw and allocate like any C++ code; the extern "C" functions below are the
// only entry points and each catches everything, so no exception ever crosses into the host
// (which may not be C++, or may be built with another compiler). Errors become
// PA_STATUS_ERROR with the message kept for last_error().
//
// Build: c++ -std=c++17 -O2 -shared -fPIC -I bots/sdk cpp_bot.cpp -o cpp_bot.so
// Config: "threshold=N": play hands whose two ranks (2 = 0 .. A = 12) add up to N or more
//         (0..24, default 14); "threshold=oops" fails creation with a message.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <random>
#include <stdexcept>
#include <string>

#include "pokerarena_bot.h"

namespace {

// The bot itself: plays strong-looking hole cards and pairs aggressively, everything else
// passively, calling only when the pot odds look good. It remembers nothing between hands.
class RankSumBot {
  public:
    RankSumBot(const std::string& config, std::uint64_t seed) : rng_(seed) {
        if (config.empty()) return;
        const std::string key = "threshold=";
        if (config.compare(0, key.size(), key) != 0) {
            throw std::invalid_argument("unknown config '" + config + "'; expected threshold=N");
        }
        const std::string value = config.substr(key.size());
        std::size_t used = 0;
        try {
            threshold_ = std::stoi(value, &used);
        } catch (const std::logic_error&) {
            used = 0;  // not a number, or out of int range: reported below
        }
        if (used == 0 || used != value.size() || threshold_ < 0 || threshold_ > 24) {
            throw std::invalid_argument("threshold must be a whole number in 0..24");
        }
    }

    PaAction decide(const PaView& v) {
        PaAction action{PA_CHECK_CALL, 0, 0};
        if (raises(v)) {
            // Raise by the pot, sometimes by half of it, so the bot is not trivially exploitable.
            action.kind = PA_RAISE_TO;
            action.amount = raise_size(v, coin_(rng_));
        } else if (folds(v)) {
            action.kind = PA_FOLD;
        }
        return action;
    }

    // The chance decide(v) picks each candidate: a raise is either of its two sizes.
    void probabilities(const PaView& v, const PaAction* candidates, std::uint32_t count,
                       double* out) const {
        for (std::uint32_t i = 0; i < count; ++i) {
            const PaAction& c = candidates[i];
            double p = 0;
            if (raises(v)) {
                if (c.kind == PA_RAISE_TO)
                    p = 0.5 * (c.amount == raise_size(v, true)) +
                        0.5 * (c.amount == raise_size(v, false));
            } else {
                p = c.kind == (folds(v) ? PA_FOLD : PA_CHECK_CALL) ? 1.0 : 0.0;
            }
            out[i] = p;
        }
    }

    // The strategy decide(v) drew from (the host asks right after decide, with the same view):
    // one part for a fold or a call, which it plays for sure, and for a raise the two sizes at
    // a half each (one part when both come to the same amount). Exact, so the host's AIVAT
    // estimate can use it.
    std::uint32_t strategy(const PaView& v, PaStrategyPart* parts) const {
        if (!raises(v)) {
            parts[0] = PaStrategyPart{folds(v) ? PA_FOLD : PA_CHECK_CALL, 0, 0, 0, 1.0};
            return 1;
        }
        const std::int64_t pot_sized = raise_size(v, true);
        const std::int64_t half_pot = raise_size(v, false);
        if (pot_sized == half_pot) {
            parts[0] = PaStrategyPart{PA_RAISE_TO, 0, pot_sized, pot_sized, 1.0};
            return 1;
        }
        parts[0] = PaStrategyPart{PA_RAISE_TO, 0, half_pot, half_pot, 0.5};
        parts[1] = PaStrategyPart{PA_RAISE_TO, 0, pot_sized, pot_sized, 0.5};
        return 2;
    }

  private:
    bool raises(const PaView& v) const {
        const int r0 = v.hole[v.seat][0] / 4;
        const int r1 = v.hole[v.seat][1] / 4;
        return (r0 + r1 >= threshold_ || r0 == r1) && v.legal.can_raise;
    }
    // Needs more than 25% equity to call: gives up a weak hand.
    static bool folds(const PaView& v) {
        return !v.legal.can_check && v.legal.call_amount * 3 > v.pot;
    }
    static std::int64_t raise_size(const PaView& v, bool pot_sized) {
        const std::int64_t pot = v.pot + v.legal.call_amount;
        const std::int64_t target = v.current_bet + (pot_sized ? pot : pot / 2);
        return std::min(std::max(target, v.legal.min_raise_to), v.legal.max_raise_to);
    }

    int threshold_ = 14;
    std::mt19937_64 rng_;
    std::bernoulli_distribution coin_{0.5};
};

// What the host holds: the bot and the text of the last error. A fixed buffer, not a
// std::string: keeping a message must not allocate, or it could throw out of a catch block
// and across the C boundary.
struct Handle {
    RankSumBot* bot = nullptr;
    char error[256] = "";
};

void keep_error(Handle* handle, const char* message) {
    std::snprintf(handle->error, sizeof handle->error, "%s", message);
}

void* create(const char* config, std::uint64_t seed, char* error, std::size_t error_size) {
    try {
        auto* handle = new Handle;
        try {
            handle->bot = new RankSumBot(config, seed);
        } catch (...) {
            delete handle;
            throw;
        }
        return handle;
    } catch (const std::exception& e) {
        std::snprintf(error, error_size, "%s", e.what());
    } catch (...) {
        std::snprintf(error, error_size, "unknown error");
    }
    return nullptr;
}

void destroy(void* h) {
    auto* handle = static_cast<Handle*>(h);
    delete handle->bot;
    delete handle;
}

std::int32_t decide(void* h, const PaView* view, PaAction* action) {
    auto* handle = static_cast<Handle*>(h);
    try {
        handle->error[0] = '\0';
        *action = handle->bot->decide(*view);
        return PA_STATUS_OK;
    } catch (const std::exception& e) {
        keep_error(handle, e.what());
    } catch (...) {
        keep_error(handle, "unknown error");
    }
    return PA_STATUS_ERROR;
}

const char* last_error(void* h) {
    return static_cast<Handle*>(h)->error;
}

std::int32_t action_probabilities(void* h, const PaView* v, const PaAction* candidates,
                                  std::uint32_t count, double* probabilities) {
    auto* handle = static_cast<Handle*>(h);
    try {
        handle->bot->probabilities(*v, candidates, count, probabilities);
        return PA_STATUS_OK;
    } catch (...) {
        keep_error(handle, "action_probabilities failed");
    }
    return PA_STATUS_ERROR;
}

std::int32_t last_strategy(void* h, const PaView* v, PaStrategyPart* parts, std::uint32_t capacity,
                           std::uint32_t* count) {
    auto* handle = static_cast<Handle*>(h);
    if (capacity < 2) {
        keep_error(handle, "last_strategy needs room for 2 parts");
        return PA_STATUS_ERROR;
    }
    *count = handle->bot->strategy(*v, parts);
    return PA_STATUS_OK;
}

constexpr PaBotApi kApi = {
    sizeof(PaBotApi),
    PA_BOT_ABI_VERSION,
    "example C++ bot",
    create,
    destroy,
    decide,
    last_error,
    nullptr,  // on_event: not needed
    nullptr,  // new_match: it remembers nothing
    action_probabilities,
    last_strategy,
};

}  // namespace

extern "C" PA_EXPORT const PaBotApi* pokerarena_bot_api(std::uint32_t host_abi_version) {
    return PA_ABI_MAJOR_OF(host_abi_version) == PA_BOT_ABI_MAJOR ? &kApi : nullptr;
}
