// Replaying files and folders of hands, and the report the `replay` command prints.
//
// Output is line-oriented and stable (no timings, files in sorted order) so that tests and
// scripts can match it; problems come first, then the summary line, which is the last line
// unless variants were skipped (their count by variant follows it).
#include <algorithm>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <system_error>

#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/engine/text.hpp"

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

// A file to read, or a folder or link that cannot be read (problem says why).
struct Found {
    std::filesystem::path path;
    std::string problem;
    bool named = false;  // given as a path, not found in a folder
};

// Why a hand file's symbolic link cannot be followed: "" when it can or is no link.
std::string broken_link_problem(const std::filesystem::directory_entry& entry) {
    std::error_code ec;
    if (!entry.is_symlink(ec) || std::filesystem::exists(entry.path(), ec)) return "";
    // exists() leaves ec clear for a missing target and sets it for a loop or a forbidden folder.
    const std::string why = ec ? ec.message() : "no such file or directory";
    const std::filesystem::path target = std::filesystem::read_symlink(entry.path(), ec);
    return "symbolic link to '" + target.string() + "', which cannot be read: " + why;
}

// The hand files under `folder` and its subfolders (not those reached through links to
// folders), and each folder that cannot be searched, with why. Each folder is opened on its own,
// so a subfolder that cannot be read is one problem and its siblings are still searched (a
// recursive_directory_iterator stops at the first).
std::vector<Found> search_folder(const std::filesystem::path& folder) {
    std::vector<Found> found;
    std::vector<std::filesystem::path> to_search{folder};
    while (!to_search.empty()) {
        const std::filesystem::path current = std::move(to_search.back());
        to_search.pop_back();
        std::error_code ec;
        std::filesystem::directory_iterator it(current, ec);
        for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
            std::error_code type_ec;
            if (it->is_directory(type_ec) && !it->is_symlink(type_ec)) {
                to_search.push_back(it->path());
            } else if (!is_phh_file(it->path())) {
                continue;
            } else if (it->is_regular_file(type_ec)) {
                found.push_back({it->path(), ""});
            } else if (std::string problem = broken_link_problem(*it); !problem.empty()) {
                found.push_back({it->path(), std::move(problem)});
            } else if (problem = input_file_problem(it->path()); !problem.empty()) {
                found.push_back({it->path(), std::move(problem)});  // a FIFO, a device
            }
        }
        if (ec) found.push_back({current, "cannot search the folder: " + ec.message()});
    }
    std::sort(found.begin(), found.end(),
              [](const Found& a, const Found& b) { return a.path < b.path; });
    return found;
}

// The files to replay in the order given, each folder's in sorted order. Each folder that cannot
// be searched, each folder without a hand file and each hand file's link that leads nowhere is
// an error to report.
std::vector<Found> find_files(std::span<const std::filesystem::path> paths) {
    std::vector<Found> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(path, ec)) {
            files.push_back({path, "", true});
            continue;
        }
        std::vector<Found> found = search_folder(path);
        if (found.empty()) found.push_back({path, "no .phh or .phhs files under " + path.string()});
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

}  // namespace

std::string ReplaySummary::line() const {
    return std::to_string(hands) + " hands, " + std::to_string(matched) + " matched, " +
           std::to_string(mismatched) + " mismatched, " + std::to_string(errors) + " errors, " +
           std::to_string(unchecked) + " unchecked, " + std::to_string(skipped) + " skipped";
}

std::vector<std::filesystem::path> find_phh_files(std::span<const std::filesystem::path> paths) {
    std::vector<std::filesystem::path> files;
    for (const Found& f : find_files(paths))
        if (f.problem.empty()) files.push_back(f.path);
    return files;
}

ReplaySummary replay_files(std::span<const std::filesystem::path> paths, bool verbose,
                           std::ostream& out) {
    ReplaySummary summary;
    std::map<std::string, int> skipped_by_variant;
    // Each hand is replayed as it is read and then dropped: a file's hands are never all held.
    const auto replay_one = [&](const PhhEntry& entry) {
        const ReplayResult result = replay_entry(entry);
        // File names and messages quote the files (a variant, a card, an action): escaped,
        // so that a file cannot put terminal escape sequences or lines of its own on screen.
        const std::string location = printable_text(result.location);
        const std::string message = printable_text(result.message);
        ++summary.hands;
        switch (result.status) {
            case ReplayStatus::Matched:
                ++summary.matched;
                if (verbose) {
                    for (const auto& difference : result.differences) {
                        out << "ACCEPTED " << location << ": " << printable_text(difference)
                            << '\n';
                    }
                }
                break;
            case ReplayStatus::Mismatched:
                ++summary.mismatched;
                out << "MISMATCH " << location << ": " << message << '\n';
                if (verbose) {
                    for (const auto& difference : result.differences) {
                        out << "  " << printable_text(difference) << '\n';
                    }
                }
                break;
            case ReplayStatus::Error:
                ++summary.errors;
                out << "ERROR " << location << ": " << message << '\n';
                break;
            case ReplayStatus::Unchecked:
                ++summary.unchecked;
                if (verbose) {
                    out << "UNCHECKED " << location << ": " << message << '\n';
                }
                break;
            case ReplayStatus::Unsupported:
                ++summary.skipped;
                ++skipped_by_variant[variant_of(result.message)];
                if (verbose) out << "SKIP " << location << ": " << message << '\n';
                break;
        }
    };
    for (const Found& found : find_files(paths)) {
        const std::filesystem::path& file = found.path;
        // A missing file, a loop of links, a FIFO (whose open would wait for a writer) or a
        // device (which never ends) is one error, before anything is read.
        const std::string problem =
            found.problem.empty() ? input_file_problem(file) : found.problem;
        if (!problem.empty()) {
            PhhEntry unreadable;
            unreadable.status = PhhEntry::Status::Error;
            unreadable.location = file.string();
            unreadable.message = problem;
            replay_one(unreadable);
            continue;
        }
        std::int64_t hands = 0;
        read_phh_file(file, [&](const PhhEntry& entry) {
            ++hands;
            replay_one(entry);
        });
        // A file given by name that holds no hand is an error, as a folder without hand
        // files is. One found in a folder is not: a run's hh_out folder holds one with
        // comments only for a unit all of whose sampled hands were too long for PHH.
        if (hands == 0 && found.named) {
            PhhEntry empty;
            empty.status = PhhEntry::Status::Error;
            empty.location = file.string();
            empty.message =
                "no hands in the file (a .phhs file holds one table per hand: [1], [2], ...)";
            replay_one(empty);
        }
    }
    out << summary.line() << '\n';
    if (!skipped_by_variant.empty()) {
        out << "skipped (unsupported variant):";
        for (const auto& [variant, count] : skipped_by_variant) {
            out << ' ' << printable_text(variant) << ' ' << count;
        }
        out << '\n';
    }
    return summary;
}

}  // namespace pokerarena
