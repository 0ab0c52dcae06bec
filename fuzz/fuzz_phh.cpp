// PHH text, as `pokerarena replay` reads it from a file: parsed as one hand (.phh) or many
// (.phhs, chosen by the first byte), and every hand that parses replayed through the engine.
// Any crash, sanitizer report or exception is a defect: bad input must give an Error entry.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool many_hands = (data[0] & 1) != 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    for (const pokerarena::PhhEntry& entry : pokerarena::parse_phh(text, "fuzz", many_hands))
        pokerarena::replay_entry(entry);
    return 0;
}
