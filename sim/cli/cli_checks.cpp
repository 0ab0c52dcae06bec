#include "cli_checks.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/sim/report_io.hpp"

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

std::string output_file_problem(const std::string& path) {
    return sim::write_file_problem(path);
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
