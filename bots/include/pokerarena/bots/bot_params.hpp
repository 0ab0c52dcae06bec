// The words of a bot's specification that the built-in bots and the process bots share with
// the registry (registry.hpp), which parses them: a built-in's parameters and the error a bad
// specification throws.
#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>

namespace pokerarena {

class BotSpecError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

struct BotParamDef {
    const char* key;
    double default_value;
    double min_value;
    double max_value;
    bool integer;
    const char* description;
};

inline constexpr int kMaxBotParams = 8;

// Parameter values of one built-in, in the order of its BotParamDef list.
struct BotParams {
    std::array<double, kMaxBotParams> values{};
    double operator[](int index) const { return values[static_cast<std::size_t>(index)]; }
};

}  // namespace pokerarena
