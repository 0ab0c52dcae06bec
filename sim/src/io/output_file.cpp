#include "io/output_file.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>

namespace pokerarena::sim::io {

namespace fs = std::filesystem;

namespace {

// 8 KiB, the size of a libstdc++ file stream's buffer: a run keeps one per table in flight
// that writes hand histories, so it stays small; bigger pieces (the JSON writer's 64 KiB blocks)
// go to the file directly.
constexpr std::size_t kBufferBytes = 8192;
constexpr std::string_view kTag = ".tmp.";
constexpr std::size_t kRandomDigits = 16;

fs::path folder_of(const fs::path& path) {
    fs::path folder = path.parent_path();
    return folder.empty() ? fs::path(".") : folder;
}

std::string reason(int error) {
    return std::strerror(error);
}

// "not a regular file; ..." when something other than a file or a link is at `path`; `status`
// and `exists` say what is there.
std::string kind_problem(const fs::path& path, struct stat& status, bool& exists) {
    exists = ::lstat(path.c_str(), &status) == 0;
    if (exists && !S_ISREG(status.st_mode) && !S_ISLNK(status.st_mode))
        return "not a regular file; the output replaces the file of that name, so give a file "
               "name";
    return {};
}

// 16 hex digits from the kernel's random source; throws naming `path`, the file it is for.
std::string random_suffix(const fs::path& path) {
    std::uint8_t bytes[kRandomDigits / 2];
    std::size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw OutputFileError(
                path.string() + ": cannot draw a random name for its temporary: " + reason(errno));
        got += static_cast<std::size_t>(n);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    for (const std::uint8_t byte : bytes) {
        text += kHex[byte >> 4];
        text += kHex[byte & 0xF];
    }
    return text;
}

// The folders this process has cleaned already. Once a folder: a hand-history folder holds a
// file per unit, and scanning it for every unit's file would cost the square of their number;
// a temporary left by a process that dies while this one runs goes at the next command.
void clean_once(const fs::path& folder) {
    static std::mutex mutex;
    static std::set<std::string> cleaned;
    std::lock_guard lock(mutex);
    if (!cleaned.insert(folder.lexically_normal().string()).second) return;
    remove_stale_temporaries(folder);
}

bool process_is_gone(long pid) {
    if (pid <= 0) return false;
    // EPERM: it exists, as another user's.
    return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

// The data, then the rename itself, reach the disk. Not every file system can sync a folder
// (EINVAL); the file is in place either way, so that is no failure.
void sync_folder(const fs::path& folder) {
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return;
    ::fsync(dir);
    ::close(dir);
}

}  // namespace

std::string host_tag() {
    // FNV-1a (32 bits) of the host name: the same in every process of the machine, whatever
    // build of pokerarena wrote the temporary.
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) name[0] = '\0';
    std::uint32_t hash = 2166136261u;
    for (const char* c = name; *c != '\0'; ++c)
        hash = (hash ^ static_cast<unsigned char>(*c)) * 16777619u;
    char text[9];
    std::snprintf(text, sizeof text, "%08x", hash);
    return text;
}

std::optional<TemporaryName> parse_temporary_name(std::string_view name) {
    // ".NAME.tmp.HOST.PID.RANDOM", read from the end: 16 lower-case hex digits, a dot, decimal
    // digits (no leading zero), a dot, 8 lower-case hex digits, the tag, a name of one character
    // or more, a dot.
    const auto take_hex = [&](std::size_t digits, std::string& into) {
        if (name.size() < digits + 1 || name[name.size() - digits - 1] != '.') return false;
        const std::string_view hex = name.substr(name.size() - digits);
        if (hex.find_first_not_of("0123456789abcdef") != std::string_view::npos) return false;
        into = hex;
        name.remove_suffix(digits + 1);
        return true;
    };
    TemporaryName parsed;
    std::string random;
    if (!take_hex(kRandomDigits, random)) return std::nullopt;
    const std::size_t digits_at = name.find_last_not_of("0123456789") + 1;
    const std::string_view digits = name.substr(digits_at);
    if (digits.empty() || digits.size() > 9 || digits.front() == '0' || digits_at == 0 ||
        name[digits_at - 1] != '.')
        return std::nullopt;
    parsed.pid = std::stol(std::string(digits));
    name.remove_suffix(digits.size() + 1);
    if (!take_hex(8, parsed.host)) return std::nullopt;
    // What is left: ".NAME.tmp" (the tag without its last dot, taken with the host).
    const std::string_view tag = kTag.substr(0, kTag.size() - 1);
    if (name.size() < 2 + tag.size() || name.front() != '.' || !name.ends_with(tag))
        return std::nullopt;
    return parsed;
}

std::size_t remove_stale_temporaries(const fs::path& folder) {
    // Only this machine's: a process id says nothing of a process on another machine writing
    // into the same shared folder (shards of one run on a cluster).
    const std::string host = host_tag();
    std::size_t removed = 0;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
        const std::optional<TemporaryName> temporary =
            parse_temporary_name(entry.path().filename().string());
        std::error_code kind_error;
        if (!temporary || temporary->host != host || !entry.is_regular_file(kind_error) ||
            entry.is_symlink(kind_error) || !process_is_gone(temporary->pid))
            continue;
        if (::unlink(entry.path().c_str()) == 0) ++removed;
    }
    return removed;
}

std::string output_file_problem(const fs::path& path) {
    if (path.empty()) return "an empty file name; expected the file to write to";
    struct stat status {};
    bool exists = false;
    if (std::string problem = kind_problem(path, status, exists); !problem.empty()) return problem;
    // The temporary is created in the folder and renamed over the name, so the folder must
    // let both happen. access() creates nothing and blocks on nothing.
    const fs::path folder = folder_of(path);
    if (::stat(folder.c_str(), &status) != 0) return "cannot create: " + reason(errno);
    if (!S_ISDIR(status.st_mode)) return "cannot create: " + reason(ENOTDIR);
    if (::access(folder.c_str(), W_OK | X_OK) != 0) return "cannot create: " + reason(errno);
    return {};
}

// ---------------------------------------------------------------------------------------
// OutputFile

OutputFile::Buffer::Buffer(int fd) : fd_(fd), space_(new char[kBufferBytes]) {
    setp(space_.get(), space_.get() + kBufferBytes);
}

bool OutputFile::Buffer::write_fd(const char* data, std::size_t size) {
    while (size > 0 && error_ == 0) {
        const ssize_t n = ::write(fd_, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = n < 0 ? errno : EIO;
            break;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return error_ == 0;
}

bool OutputFile::Buffer::flush_all() {
    const bool ok = write_fd(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    setp(space_.get(), space_.get() + kBufferBytes);
    return ok;
}

OutputFile::Buffer::int_type OutputFile::Buffer::overflow(int_type c) {
    if (!flush_all()) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    return c;
}

std::streamsize OutputFile::Buffer::xsputn(const char* data, std::streamsize size) {
    const auto bytes = static_cast<std::size_t>(size);
    if (bytes <= static_cast<std::size_t>(epptr() - pptr())) {
        std::memcpy(pptr(), data, bytes);
        pbump(static_cast<int>(bytes));
        return size;
    }
    if (!flush_all()) return 0;
    if (bytes >= kBufferBytes) return write_fd(data, bytes) ? size : 0;
    std::memcpy(pptr(), data, bytes);
    pbump(static_cast<int>(bytes));
    return size;
}

OutputFile::OutputFile(fs::path path) : path_(std::move(path)) {
    if (path_.empty()) throw OutputFileError(": an empty file name; expected the file to write to");
    struct stat status {};
    bool exists = false;
    if (const std::string problem = kind_problem(path_, status, exists); !problem.empty())
        throw OutputFileError(path_.string() + ": " + problem);
    const mode_t mode = exists && S_ISREG(status.st_mode) ? status.st_mode & 0777 : 0644;
    const fs::path folder = folder_of(path_);
    clean_once(folder);
    std::string stem = ".";
    stem += path_.filename().string();
    stem += kTag;
    stem += host_tag();
    stem += '.';
    stem += std::to_string(::getpid());
    stem += '.';
    // A clash of 64 random bits means someone made the name on purpose: draw again.
    for (int attempt = 0; fd_ < 0; ++attempt) {
        temporary_ = path_.parent_path() / (stem + random_suffix(path_));
        fd_ =
            ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd_ < 0 && (errno != EEXIST || attempt == 8))
            throw OutputFileError(path_.string() + ": cannot create: " + reason(errno));
    }
    // The old file's mode exactly (open() took the umask off it).
    if (exists && S_ISREG(status.st_mode) && ::fchmod(fd_, mode) != 0) {
        const int error = errno;
        discard();
        throw OutputFileError(path_.string() + ": cannot set its mode: " + reason(error));
    }
    buffer_ = std::make_unique<Buffer>(fd_);
    stream_.rdbuf(buffer_.get());
}

OutputFile::~OutputFile() {
    discard();
}

void OutputFile::discard() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
    ::unlink(temporary_.c_str());
}

void OutputFile::fail(const std::string& what, int error) {
    discard();
    throw OutputFileError(path_.string() + ": " + what + ": " + reason(error));
}

void OutputFile::check() const {
    if (fd_ < 0) throw OutputFileError(path_.string() + ": cannot write: the file is closed");
    if (buffer_->error() != 0)
        throw OutputFileError(path_.string() + ": cannot write: " + reason(buffer_->error()));
}

void OutputFile::commit() {
    if (fd_ < 0) throw OutputFileError(path_.string() + ": cannot write: the file is closed");
    buffer_->flush_all();
    if (buffer_->error() != 0) fail("cannot write", buffer_->error());
    // A full disk may only be noticed here (delayed allocation, NFS).
    if (::fsync(fd_) != 0) fail("cannot write", errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temporary_.c_str());
        throw OutputFileError(path_.string() + ": cannot write: " + reason(error));
    }
    if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary_.c_str());
        throw OutputFileError(path_.string() + ": cannot replace: " + reason(error));
    }
    sync_folder(folder_of(path_));
}

void write_output_file(const fs::path& path, std::string_view bytes) {
    OutputFile file(path);
    file.write(bytes);
    file.commit();
}

}  // namespace pokerarena::sim::io
