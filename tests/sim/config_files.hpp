// Configuration files for the configuration tests, written as given (bytes unchanged) into a
// folder of the system's temporary folder.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace pokerarena::sim::test {

inline std::filesystem::path write_config_file(const std::string& folder, const std::string& name,
                                               const std::string& text) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / folder;
    std::filesystem::create_directories(dir);
    const std::filesystem::path path = dir / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace pokerarena::sim::test
