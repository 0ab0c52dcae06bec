// Configuration files, as `pokerarena run CONFIG` reads them: Protobuf text (.txtpb) or JSON
// (.json, when the first byte is odd), then checked as make_tournament() checks them (bots not
// loaded: a fuzzed spec must not open libraries or start programs). A ConfigError is the
// expected answer to bad input; anything else escaping, or a crash, is a defect.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "pokerarena/sim/tournament.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // read_config() takes a path, as the command does: the input goes through a file of this
    // process's own.
    static const std::filesystem::path base =
        std::filesystem::temp_directory_path() /
        ("pokerarena-fuzz-config-" + std::to_string(::getpid()));
    std::filesystem::path path = base;
    path += (data[0] & 1) != 0 ? ".json" : ".txtpb";
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data) + 1, static_cast<std::streamsize>(size - 1));
    try {
        const pokerarena::sim::TournamentConfig config = pokerarena::sim::read_config(path);
        pokerarena::sim::check_new_config(config);
        pokerarena::sim::make_tournament(config, pokerarena::sim::BotLoading::Skip);
    } catch (const pokerarena::sim::ConfigError&) {
    }
    return 0;
}
