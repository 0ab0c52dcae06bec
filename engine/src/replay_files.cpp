// Replaying files and folders of hands, and the report the `replay` command prints.
//
// Output is line-oriented and stable (no timings, files in sorted order) so that tests and
// scripts can match it; problems come first, the summary line last but one.
#include <algorithm>
#include <map>
#include <ostream>
#include <system_error>

#include "pokerarena/engine/replay.hpp"

namespace pokerarena {

namespace {

bool is_phh_file(const std::filesystem::path& path) {
    const auto ext = path.extension();
    return ext == ".phh" || ext == ".phhs";
}

// The variant code out of "unsupported variant 'F7S'".
std::string variant_of(const std::string& message) {
    const auto first = message.find('\'');
    const auto last = message.rfind('\'');
    if (first == std::string::npos || last <= first) return message;
    return message.substr(first + 1, last - first - 1);
}

}  // namespace

std::string ReplaySummary::line() const {
    return std::to_string(hands) + " hands, " + std::to_string(matched) + " matched, " +
           std::to_string(mismatched) + " mismatched, " + std::to_string(errors) + " errors, " +
           std::to_string(unchecked) + " unchecked, " + std::to_string(skipped) + " skipped";
}

std::vector<std::filesystem::path> find_phh_files(std::span<const std::filesystem::path> paths) {
    std::vector<std::filesystem::path> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(path, ec)) {
            files.push_back(path);
            continue;
        }
        std::vector<std::filesystem::path> found;
        for (auto it = std::filesystem::recursive_directory_iterator(path, ec);
             !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_regular_file(ec) && is_phh_file(it->path())) found.push_back(it->path());
        }
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

ReplaySummary replay_files(std::span<const std::filesystem::path> paths, bool verbose,
                           std::ostream& out) {
    ReplaySummary summary;
    std::map<std::string, int> skipped_by_variant;
    for (const auto& file : find_phh_files(paths)) {
        std::vector<PhhEntry> entries;
        std::error_code ec;
        if (!std::filesystem::exists(file, ec)) {
            PhhEntry missing;
            missing.status = PhhEntry::Status::Error;
            missing.location = file.string();
            missing.message = "no such file or directory";
            entries.push_back(std::move(missing));
        } else {
            entries = read_phh_file(file);
        }
        for (const PhhEntry& entry : entries) {
            const ReplayResult result = replay_entry(entry);
            ++summary.hands;
            switch (result.status) {
                case ReplayStatus::Matched:
                    ++summary.matched;
                    if (verbose) {
                        for (const auto& difference : result.differences) {
                            out << "ACCEPTED " << result.location << ": " << difference << '\n';
                        }
                    }
                    break;
                case ReplayStatus::Mismatched:
                    ++summary.mismatched;
                    out << "MISMATCH " << result.location << ": " << result.message << '\n';
                    if (verbose) {
                        for (const auto& difference : result.differences) {
                            out << "  " << difference << '\n';
                        }
                    }
                    break;
                case ReplayStatus::Error:
                    ++summary.errors;
                    out << "ERROR " << result.location << ": " << result.message << '\n';
                    break;
                case ReplayStatus::Unchecked:
                    ++summary.unchecked;
                    if (verbose) {
                        out << "UNCHECKED " << result.location << ": " << result.message << '\n';
                    }
                    break;
                case ReplayStatus::Unsupported:
                    ++summary.skipped;
                    ++skipped_by_variant[variant_of(result.message)];
                    if (verbose)
                        out << "SKIP " << result.location << ": " << result.message << '\n';
                    break;
            }
        }
    }
    out << summary.line() << '\n';
    if (!skipped_by_variant.empty()) {
        out << "skipped (unsupported variant):";
        for (const auto& [variant, count] : skipped_by_variant) {
            out << ' ' << variant << ' ' << count;
        }
        out << '\n';
    }
    return summary;
}

}  // namespace pokerarena
