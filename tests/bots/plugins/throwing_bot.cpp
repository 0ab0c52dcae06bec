// A C++ plugin that breaks the rule "nothing may unwind through the C functions": the config
// names the function that lets a std::runtime_error escape ("thrown from <function>"):
//   create, decide, on_event, new_match, action_probabilities, last_strategy
// and "int" lets an int escape decide. create throws only for seeds other than 0 when the
// config is "create_in_play" (the host's start-up instance is made with seed 0), so that the
// exception comes in the middle of play. Any other config plays check/call without throwing.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "pokerarena_bot.h"

namespace {

struct Thrower {
    std::string mode;
};

bool is(const void* handle, const char* mode) {
    return static_cast<const Thrower*>(handle)->mode == mode;
}

void* create(const char* config, std::uint64_t seed, char*, std::size_t) {
    if (std::strcmp(config, "create") == 0 || (std::strcmp(config, "create_in_play") == 0 && seed))
        throw std::runtime_error("thrown from create");
    return new Thrower{config};
}

void destroy(void* handle) {
    delete static_cast<Thrower*>(handle);
}

std::int32_t decide(void* handle, const PaView*, PaAction* action) {
    if (is(handle, "decide")) throw std::runtime_error("thrown from decide");
    if (is(handle, "int")) throw 42;
    *action = PaAction{PA_CHECK_CALL, 0, 0};
    return PA_STATUS_OK;
}

const char* last_error(void*) {
    return "";
}

void on_event(void* handle, const PaEvent* event) {
    if (is(handle, "on_event") && event->kind == PA_EVENT_HAND_ENDED)
        throw std::runtime_error("thrown from on_event");
}

void new_match(void* handle) {
    if (is(handle, "new_match")) throw std::runtime_error("thrown from new_match");
}

// It plays check/call, and says so both ways (action_probabilities and last_strategy).
std::int32_t action_probabilities(void* handle, const PaView*, const PaAction* candidates,
                                  std::uint32_t count, double* probabilities) {
    if (is(handle, "action_probabilities"))
        throw std::runtime_error("thrown from action_probabilities");
    for (std::uint32_t i = 0; i < count; ++i)
        probabilities[i] = candidates[i].kind == PA_CHECK_CALL ? 1.0 : 0.0;
    return PA_STATUS_OK;
}

std::int32_t last_strategy(void* handle, const PaView*, PaStrategyPart* parts, std::uint32_t,
                           std::uint32_t* count) {
    if (is(handle, "last_strategy")) throw std::runtime_error("thrown from last_strategy");
    parts[0] = PaStrategyPart{PA_CHECK_CALL, 0, 0, 0, 1.0};
    *count = 1;
    return PA_STATUS_OK;
}

constexpr PaBotApi kApi = {
    sizeof(PaBotApi), PA_BOT_ABI_VERSION, "throwing bot", create,    destroy,
    decide,           last_error,         on_event,       new_match, action_probabilities,
    last_strategy};

}  // namespace

extern "C" PA_EXPORT const PaBotApi* pokerarena_bot_api(std::uint32_t) {
    return &kApi;
}
