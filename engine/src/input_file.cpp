#include "pokerarena/engine/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pokerarena {

namespace {

// What a file that is not a regular one is, for the message.
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder, not a file";
    if (S_ISFIFO(mode)) return "a named pipe (FIFO), not a regular file";
    if (S_ISCHR(mode)) return "a character device, not a regular file";
    if (S_ISBLK(mode)) return "a block device, not a regular file";
    if (S_ISSOCK(mode)) return "a socket, not a regular file";
    return "not a regular file";
}

std::string open_problem(int error) {
    if (error == ENOENT) return "no such file or directory";
    // stat() and std::filesystem::exists() both take a loop for a missing file's cousin; it is
    // a loop, and the user has a link to fix, not a file to find.
    if (error == ELOOP)
        return std::string("a loop of symbolic links (") + std::strerror(error) + ")";
    return std::strerror(error);
}

// An open descriptor of the regular file `path`; throws InputFileError otherwise.
class InputFile {
  public:
    explicit InputFile(const std::filesystem::path& path)
        : fd_(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) {
        if (fd_ < 0) throw InputFileError(open_problem(errno), errno);
        struct stat status {};
        if (::fstat(fd_, &status) != 0) {
            const int error = errno;
            ::close(fd_);
            throw InputFileError(std::strerror(error), error);
        }
        if (!S_ISREG(status.st_mode)) {
            ::close(fd_);
            throw InputFileError(kind_of(status.st_mode), 0);
        }
    }
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    ~InputFile() { ::close(fd_); }
    int fd() const { return fd_; }

  private:
    int fd_;
};

}  // namespace

void check_input_file(const std::filesystem::path& path) {
    const InputFile file(path);
}

std::string input_file_problem(const std::filesystem::path& path) {
    try {
        check_input_file(path);
    } catch (const InputFileError& error) {
        return error.what();
    }
    return "";
}

std::string read_input_file(const std::filesystem::path& path, std::size_t max_bytes) {
    const InputFile file(path);
    std::string content;
    char buffer[1 << 16];
    while (content.size() <= max_bytes) {
        const ::ssize_t got = ::read(file.fd(), buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            throw InputFileError(std::string("read error: ") + std::strerror(errno), errno);
        if (got == 0) break;
        content.append(buffer, static_cast<std::size_t>(got));
    }
    if (content.size() > max_bytes + 1) content.resize(max_bytes + 1);
    return content;
}

}  // namespace pokerarena
