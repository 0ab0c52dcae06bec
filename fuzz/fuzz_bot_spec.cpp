// Bot specifications as --bots and configuration files give them ("tag:tightness=0.3"): every
// one that names a built-in is parsed and its bot made, and a process bot's spec is parsed. No
// plugin is loaded and no process started (the fuzzer would name the library or the program).
// An invalid_argument is the expected answer to a bad spec; a crash or anything else is a
// defect.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view spec(reinterpret_cast<const char*>(data), size);
    if (pokerarena::is_plugin_spec(spec)) return 0;
    try {
        if (pokerarena::is_process_spec(spec))
            pokerarena::parse_process_spec(spec);
        else
            pokerarena::make_bot(spec, 1);
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
