#include "pokerarena/sim/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>
#include <system_error>

#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/report_io.hpp"

namespace pokerarena::sim {

namespace {

constexpr char kMagicText[] = "\0pokerarena journal v1\n";
constexpr std::string_view kMagic{kMagicText, sizeof kMagicText - 1};
constexpr std::size_t kLengthSize = 4;
constexpr std::size_t kChecksumSize = 4;
constexpr std::size_t kRecordHead = kLengthSize + kChecksumSize;
// A unit's result is a few hundred bytes, a header a few kilobytes; a length past this is a
// damaged length field, not a record.
constexpr std::uint32_t kMaxPayload = 64u << 20;

// CRC-32C (Castagnoli: polynomial 0x1EDC6F41, reflected 0x82F63B78, initial and final value
// all ones; "123456789" -> 0xE3069283), a byte at a time from a table. It catches every burst
// of up to 32 flipped bits, which is what a torn or damaged record looks like; it is not a
// defence against someone who edits the file (nor is the report's SHA-256 one). A unit's
// record costs a tenth of a microsecond this way, against a microsecond for SHA-256, which
// was a tenth of what a one-deal unit costs.
constexpr std::array<std::uint32_t, 256> kCrcTable = [] {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t byte = 0; byte < 256; ++byte) {
        std::uint32_t crc = byte;
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ ((crc & 1u) != 0 ? 0x82F63B78u : 0u);
        table[byte] = crc;
    }
    return table;
}();

std::uint32_t crc32c(std::uint32_t crc, std::string_view bytes) {
    for (const char c : bytes)
        crc = (crc >> 8) ^ kCrcTable[(crc ^ static_cast<unsigned char>(c)) & 0xffu];
    return crc;
}

void put_le32(char* out, std::uint32_t value) {
    for (std::size_t k = 0; k < 4; ++k)
        out[k] = static_cast<char>((value >> (8 * k)) & 0xffu);
}

std::uint32_t get_le32(std::string_view bytes) {
    std::uint32_t value = 0;
    for (std::size_t k = 0; k < 4; ++k)
        value |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[k])) << (8 * k);
    return value;
}

// Of the length's 4 bytes and the payload.
std::array<char, kChecksumSize> checksum(std::string_view length, std::string_view payload) {
    std::array<char, kChecksumSize> out{};
    put_le32(out.data(), ~crc32c(crc32c(~0u, length), payload));
    return out;
}

// One record: length, checksum, payload (journal.hpp), appended to `out`.
void append_record(std::string& out, std::string_view payload) {
    char length[kLengthSize];
    put_le32(length, static_cast<std::uint32_t>(payload.size()));
    const std::array<char, kChecksumSize> sum =
        checksum(std::string_view(length, kLengthSize), payload);
    out.append(length, kLengthSize);
    out.append(sum.data(), sum.size());
    out.append(payload);
}

// Writes all of `bytes` at the end of `fd`; false (errno set) on a failure or a short write.
bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = ENOSPC;
            return false;
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// What makes a process bot the one that played: its command, its files and the name it gave
// (the counts are the run's own and grow as it goes).
ProcessInfo process_identity_only(const ProcessInfo& info) {
    ProcessInfo out;
    *out.mutable_command() = info.command();
    *out.mutable_files() = info.files();
    out.set_api_name(info.api_name());
    return out;
}

}  // namespace

std::filesystem::path journal_path(const std::filesystem::path& report) {
    std::filesystem::path path = report;
    path += ".journal";
    return path;
}

Report journal_header(const Report& report) {
    Report header;
    *header.mutable_config() = report.config();
    RunInfo& run = *header.mutable_run();
    run.set_version(report.run().version());
    run.set_started(report.run().started());
    run.set_shard(report.run().shard());
    for (const BotResult& bot : report.bots()) {
        BotResult& out = *header.add_bots();
        out.set_name(bot.name());
        out.set_spec(bot.spec());
        if (bot.has_plugin()) *out.mutable_plugin() = bot.plugin();
        if (bot.has_process()) *out.mutable_process() = process_identity_only(bot.process());
    }
    return header;
}

JournalWriter::JournalWriter(std::filesystem::path path, const Report& report)
    : path_(std::move(path)) {
    const std::string failed = path_.string() + ": cannot write the journal: ";
    // O_NONBLOCK: a FIFO planted here would block the open until a reader came.
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                 0644);
    if (fd_ < 0) {
        const int error = errno;
        throw ReportError(failed + (error == ELOOP ? std::string("it is a symbolic link, which a "
                                                                 "journal is never written "
                                                                 "through; remove it")
                                                   : std::string(std::strerror(error))));
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd_);
        throw ReportError(failed + "not a regular file; remove it or give another report file");
    }
    std::string bytes(kMagic);
    append_record(bytes, journal_header(report).SerializeAsString());
    // Emptied only once it is known to be a regular file of our own to write. Not flushed to
    // the disk here: the runner's first sync does it with the first units (a header lost to a
    // power cut before it leaves an empty journal, which a resume notes and ignores).
    if (::ftruncate(fd_, 0) != 0 || !write_all(fd_, bytes)) {
        const std::string reason = std::strerror(errno);
        ::close(fd_);
        throw ReportError(failed + reason);
    }
    size_ = static_cast<long long>(bytes.size());
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::append(const UnitResult& unit) noexcept {
    // Serialized before the lock (the write is all the threads wait for one another for), into
    // buffers each thread keeps, so that a unit allocates nothing here once they have grown.
    thread_local std::string payload;
    thread_local std::string record;
    try {
        payload.clear();
        unit.AppendToString(&payload);
        record.clear();
        append_record(record, payload);
    } catch (const std::exception& error) {
        const std::lock_guard lock(mutex_);
        if (problem_.empty()) problem_ = std::string("cannot encode a unit: ") + error.what();
        return;
    }
    const std::lock_guard lock(mutex_);
    if (!problem_.empty()) return;
    if (write_all(fd_, record)) {
        size_ += static_cast<long long>(record.size());
        return;
    }
    problem_ = std::strerror(errno);
    // A record cut short would be taken for a torn last one, and every record after it for
    // damage: the file keeps whole records only, and no more come.
    if (::ftruncate(fd_, size_) != 0)
        problem_ +=
            std::string("; cutting the partial record off failed too: ") + std::strerror(errno);
}

void JournalWriter::sync() noexcept {
    if (::fdatasync(fd_) == 0) return;
    const std::string reason = std::strerror(errno);
    const std::lock_guard lock(mutex_);
    if (problem_.empty()) problem_ = "cannot flush to the disk: " + reason;
}

std::string JournalWriter::problem() const {
    const std::lock_guard lock(mutex_);
    return problem_;
}

JournalContents read_journal(const std::filesystem::path& path, const Report& report) {
    const std::string file = path.string();
    std::error_code ec;
    if (std::filesystem::is_symlink(path, ec))
        throw ReportError(file +
                          ": a symbolic link; a journal is read only from the file "
                          "pokerarena wrote beside the report: remove it");
    std::string bytes;
    try {
        bytes = read_input_file(path, std::numeric_limits<std::size_t>::max() / 2);
    } catch (const InputFileError& error) {
        throw ReportError(file + ": cannot open the journal: " + error.what());
    }
    JournalContents contents;
    const std::string_view all(bytes);
    if (all.substr(0, kMagic.size()) != kMagic.substr(0, std::min(all.size(), kMagic.size())))
        throw ReportError(file +
                          ": not a pokerarena journal (it does not start with the "
                          "journal's magic)");
    if (all.size() < kMagic.size()) {
        contents.notes.push_back(file + ": cut short inside its magic; nothing in it");
        return contents;
    }
    std::size_t at = kMagic.size();
    bool header_seen = false;
    while (at < all.size()) {
        const std::string where = file + ": the record at offset " + std::to_string(at);
        const std::size_t left = all.size() - at;
        const std::uint32_t length = left >= kLengthSize ? get_le32(all.substr(at)) : 0;
        const bool whole =
            left >= kRecordHead && length <= kMaxPayload && left - kRecordHead >= length;
        const bool last = !whole || left - kRecordHead == length;
        const bool sound =
            whole &&
            std::string_view(
                checksum(all.substr(at, kLengthSize), all.substr(at + kRecordHead, length)).data(),
                kChecksumSize) == all.substr(at + kLengthSize, kChecksumSize);
        if (!sound && !last)
            throw ReportError(where +
                              " fails its checksum, and records follow it: the journal "
                              "was changed after pokerarena wrote it; resume from the "
                              "report alone by removing the journal (its units are then "
                              "played again)");
        if (!sound) {
            // The machine stopped inside this write (a write of the process itself is whole).
            contents.notes.push_back(where + " is cut short (" + std::to_string(left) +
                                     " bytes: a write that did not finish); it is ignored");
            break;
        }
        const std::string_view payload = all.substr(at + kRecordHead, length);
        if (!header_seen) {
            Report header;
            if (!header.ParseFromArray(payload.data(), static_cast<int>(payload.size())))
                throw ReportError(where +
                                  ": the header is not a report's; expected the header "
                                  "pokerarena writes");
            const Report expected = journal_header(report);
            if (header.SerializeAsString() != expected.SerializeAsString()) {
                const auto text = [](const google::protobuf::Message& m) {
                    return m.SerializeAsString();
                };
                const std::string what =
                    header.run().started() != expected.run().started()
                        ? "started " + printable_text(header.run().started()) +
                              "; the report's run started " +
                              printable_text(expected.run().started())
                    : text(header.config()) != text(expected.config())
                        ? std::string("its configuration is not the report's")
                    : text(header.run()) != text(expected.run())
                        ? std::string("its version or shard is not the report's")
                        : std::string("its bots' identities are not the report's");
                throw ReportError(file + ": the journal of another run (" + what +
                                  "), so its units are not applied; remove it to resume the "
                                  "report alone, or put back the report it belongs to");
            }
            header_seen = true;
        } else {
            UnitResult& unit = contents.units.emplace_back();
            if (!unit.ParseFromArray(payload.data(), static_cast<int>(payload.size())))
                throw ReportError(where + " is not a work unit's result");
        }
        at += kRecordHead + length;
    }
    if (!header_seen && contents.notes.empty())
        contents.notes.push_back(file + ": holds no header; nothing in it");
    return contents;
}

std::string remove_journal(const std::filesystem::path& report_file) {
    const std::filesystem::path path = journal_path(report_file);
    std::error_code ec;
    std::filesystem::remove(path, ec);
    if (ec) return "cannot remove " + path.string() + ": " + ec.message();
    return "";
}

}  // namespace pokerarena::sim
