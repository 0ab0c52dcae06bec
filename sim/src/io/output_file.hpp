// Output files: the one way pokerarena writes a file a user sees (reports, JSON, CSV, hand
// histories and their folder's marker, `play --hh-out`).
//
// How a file is written
// - Into a temporary file beside the final name, ".NAME.tmp.HOST.PID.RANDOM" (8 hex digits of a
//   hash of the machine's name, the writer's process id, then 16 hex digits from getrandom),
//   created with O_CREAT | O_EXCL | O_NOFOLLOW: a file or link planted under a name nobody can
//   guess in advance is never opened, let alone written.
// - Its mode is that of the regular file it replaces, else 0644 (less the umask).
// - Then the data reach the disk (fsync), the temporary is renamed over NAME, and the folder's
//   entry reaches the disk too. rename() replaces whatever link sits at NAME: the link, never
//   its target. A reader sees the old file or the new one, never part of one.
// - Anything but a regular file or a link at NAME (a folder, a device, a FIFO) is refused before
//   anything is created: renaming over it would replace it.
// - Any failure throws OutputFileError naming NAME and the reason ("r.json: cannot write: No
//   space left on device"), and the temporary is removed: NAME keeps its old contents.
//
// Temporaries left behind
// A process killed while writing (kill -9, a machine that goes down) leaves its temporary. The
// first file a process writes into a folder removes every temporary of this writer there made
// on this machine whose process is gone (kill(PID, 0) says no such process), and nothing else:
// another writer's temporary, alive or on another machine sharing the folder, keeps its name
// and its rename.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>

namespace pokerarena::sim::io {

class OutputFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A file written as it goes and put in place by commit(). The temporary exists from the
// constructor on; destroyed without commit(), the object removes it and NAME is untouched.
// Not for use by two threads at once.
class OutputFile {
  public:
    // Creates the temporary beside `path`; throws OutputFileError "PATH: REASON".
    explicit OutputFile(std::filesystem::path path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Where to write. A failed write sets the stream's badbit and is reported by check() and
    // commit().
    std::ostream& stream() { return stream_; }
    void write(std::string_view bytes) { stream_.write(bytes.data(), std::ssize(bytes)); }
    // Throws "PATH: cannot write: REASON" if a write has failed so far.
    void check() const;
    // Flushes, syncs and renames the temporary over the final name (see above); throws naming
    // the file, after removing the temporary.
    void commit();

    const std::filesystem::path& path() const { return path_; }
    const std::filesystem::path& temporary() const { return temporary_; }

  private:
    class Buffer : public std::streambuf {
      public:
        explicit Buffer(int fd);
        // errno of the first failed write, 0 if none.
        int error() const { return error_; }
        bool flush_all();

      protected:
        int_type overflow(int_type c) override;
        std::streamsize xsputn(const char* data, std::streamsize size) override;
        int sync() override { return flush_all() ? 0 : -1; }

      private:
        bool write_fd(const char* data, std::size_t size);
        int fd_;
        int error_ = 0;
        std::unique_ptr<char[]> space_;
    };

    [[noreturn]] void fail(const std::string& what, int error);
    void discard();

    std::filesystem::path path_;
    std::filesystem::path temporary_;
    int fd_ = -1;
    std::unique_ptr<Buffer> buffer_;
    std::ostream stream_{nullptr};
};

// `bytes` as the whole of `path`, through an OutputFile.
void write_output_file(const std::filesystem::path& path, std::string_view bytes);

// Why writing `path` would fail for the file system as it is now ("not a regular file; ...",
// "cannot create: No such file or directory", "cannot create: Permission denied": the folder
// must let files be created and renamed in it; the file's own mode does not matter), or empty.
// Creates and changes nothing.
std::string output_file_problem(const std::filesystem::path& path);

// Removes the temporaries of this writer in `folder` whose process is gone (see above); returns
// how many. Errors are ignored: a temporary that stays is only clutter.
std::size_t remove_stale_temporaries(const std::filesystem::path& folder);

// What the name of one of this writer's temporaries says: the machine (host_tag()) and the
// process that made it. nullopt for a name (no folder) that is not one.
struct TemporaryName {
    std::string host;
    long pid = 0;
};
std::optional<TemporaryName> parse_temporary_name(std::string_view name);

// This machine's part of a temporary's name: 8 hex digits of a hash of its host name.
std::string host_tag();

}  // namespace pokerarena::sim::io
