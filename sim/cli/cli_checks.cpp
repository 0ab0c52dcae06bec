#include "cli_checks.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "pokerarena/engine/input_file.hpp"

namespace pokerarena::cli {

CLI::Validator whole_number(unsigned long long least, unsigned long long most) {
    const bool bounded = most != std::numeric_limits<unsigned long long>::max();
    const std::string range = "from " + std::to_string(least) + " to " + std::to_string(most);
    return CLI::Validator(
        [least, most, bounded, range](std::string& text) -> std::string {
            unsigned long long value = 0;
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
                value < least || value > most) {
                // "0 or more" would not tell why 2^64 is refused.
                const bool too_large = ec == std::errc::result_out_of_range || value > most;
                return "'" + text + "': expected a whole number " +
                       (bounded || too_large ? range : "of " + std::to_string(least) + " or more");
            }
            text = std::to_string(value);
            return {};
        },
        bounded ? "INT in [" + std::to_string(least) + " - " + std::to_string(most) + "]"
                : "INT>=" + std::to_string(least));
}

CLI::Validator number_in_range(double least, double most) {
    // "0.001", "86400": the shortest text that reads back as the bound.
    const auto text_of = [](double x) {
        char buffer[32];
        const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
        return std::string(buffer, end);
    };
    const std::string range = "from " + text_of(least) + " to " + text_of(most);
    return CLI::Validator(
        [least, most, range](std::string& text) -> std::string {
            double value = 0;
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            // !(least <= value) rather than value < least: NaN fails every comparison.
            if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
                !std::isfinite(value) || !(least <= value && value <= most))
                return "'" + text + "': expected a number " + range;
            return {};
        },
        "NUMBER in [" + text_of(least) + " - " + text_of(most) + "]");
}

CLI::Validator existing_input_file() {
    return CLI::Validator(
        [](std::string& path) -> std::string {
            try {
                check_input_file(path);
            } catch (const InputFileError& error) {
                if (error.error() == ENOENT) return "File does not exist: " + path;
                return path + ": " + error.what();
            }
            return {};
        },
        "FILE");
}

// access() rather than opening the file: opening would create it (and leave it behind if the
// command then fails for another reason), truncate an old one, or block on a FIFO.
std::string output_file_problem(const std::string& path) {
    if (path.empty()) return "an empty file name; expected the file to write to";
    struct stat status {};
    if (::stat(path.c_str(), &status) == 0) {
        if (S_ISDIR(status.st_mode)) return std::string("cannot write: ") + std::strerror(EISDIR);
        if (::access(path.c_str(), W_OK) != 0)
            return std::string("cannot write: ") + std::strerror(errno);
        return {};
    }
    if (errno != ENOENT) return std::string("cannot create: ") + std::strerror(errno);
    std::string folder = std::filesystem::path(path).parent_path().string();
    if (folder.empty()) folder = ".";
    if (::stat(folder.c_str(), &status) != 0)
        return std::string("cannot create: ") + std::strerror(errno);
    if (!S_ISDIR(status.st_mode)) return std::string("cannot create: ") + std::strerror(ENOTDIR);
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        return std::string("cannot create: ") + std::strerror(errno);
    return {};
}

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (std::filesystem::equivalent(a, b, ec)) return true;
    const std::filesystem::path first = std::filesystem::weakly_canonical(a, ec);
    if (ec) return false;
    const std::filesystem::path second = std::filesystem::weakly_canonical(b, ec);
    return !ec && first == second;
}

}  // namespace pokerarena::cli
