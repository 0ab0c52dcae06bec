// What the configuration tests share.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim::test {

// `text` written as given (bytes unchanged) to `name` in `folder` of the system's temporary
// folder.
inline std::filesystem::path write_config_file(const std::string& folder, const std::string& name,
                                               const std::string& text) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / folder;
    std::filesystem::create_directories(dir);
    const std::filesystem::path path = dir / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// make_tournament's error for `c`, or "(accepted)".
inline std::string config_error(const TournamentConfig& c) {
    try {
        make_tournament(c);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace pokerarena::sim::test
