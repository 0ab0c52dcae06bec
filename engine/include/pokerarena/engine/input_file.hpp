// Files from outside (hand histories, configurations, reports, plugins) opened so that nothing
// blocks and only regular files reach a parser or the dynamic loader.
//
// A named pipe blocks open() until a writer comes (replay of a FIFO waited forever), a device
// never ends (/dev/zero filled memory) and dlopen() of either hangs; a loop of symbolic links
// is not a missing file. So every input is opened with O_NONBLOCK (an open that cannot block;
// reading a regular file is unaffected) and looked at with fstat() before a byte is read.
#pragma once

#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace pokerarena {

// Why an input file cannot be read; what() is the reason alone ("a named pipe (FIFO), not a
// regular file"), for the caller to put after the path in its own words.
class InputFileError : public std::runtime_error {
  public:
    InputFileError(const std::string& reason, int error)
        : std::runtime_error(reason), error_(error) {}
    // The errno of the open or the read that failed (ENOENT: no such file), or 0 for a file
    // that opened but is not a regular file.
    int error() const { return error_; }

  private:
    int error_;
};

// Throws InputFileError when `path` (links followed) cannot be read as an input file, with the
// reason input_file_problem() gives. Opens and closes the file; never blocks.
void check_input_file(const std::filesystem::path& path);

// Why `path` (links followed) cannot be read as an input file, or "" when it can: "no such
// file or directory", "a loop of symbolic links (Too many levels of symbolic links)", "a
// folder, not a file", "a named pipe (FIFO), not a regular file", "a character device, not a
// regular file", "Permission denied", ... Opens and closes the file; never blocks.
std::string input_file_problem(const std::filesystem::path& path);

// The bytes of the regular file `path`, at most max_bytes + 1 of them (so that a caller whose
// bound is max_bytes sees the file pass it without holding more). Throws InputFileError with
// input_file_problem()'s reason, or "read error: REASON".
std::string read_input_file(const std::filesystem::path& path, std::size_t max_bytes);

}  // namespace pokerarena
