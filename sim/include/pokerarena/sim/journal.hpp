// The journal of finished units: what keeps a crash, a kill -9 or a full disk from losing more
// than the units in play.
//
// A run that checkpoints to R.pb writes R.pb when it starts (run, configuration and bot
// identities, no units yet) and appends every unit to R.pb.journal the moment it finishes, in
// one write(): a process that dies leaves every finished unit in the file (the kernel has it),
// whether or not a checkpoint came since. `run --resume R.pb` reads both (read_report_with_
// journal(), report_io.hpp) and the journal goes once the final report is safely written.
//
// File format (docs/formats.md): the magic "\0pokerarena journal v1\n", then records. A record
// is its payload's length (4 bytes, little-endian), the CRC-32C of those 4 bytes and the
// payload (4 bytes, little-endian), then the payload. The first record is the header: a Report
// holding only run (version, started, shard), config and bots (names, specs, identities) of the
// report the journal belongs to; each later record is one UnitResult.
//
// Guarantees
// - JournalWriter opens its file with O_NOFOLLOW and O_NONBLOCK, so a planted symbolic link, a
//   FIFO or a device is refused (ReportError naming the file), never written through or waited
//   on. The file is created or emptied, then holds the header (flushed by the first sync()).
// - append() is safe from any thread: each record is one write() under a lock, so records
//   never interleave. A write that fails or comes up short (a full disk) is cut back off the
//   file, and from then on nothing more is written: the journal stays a prefix of whole
//   records, and problem() says why it stopped.
// - sync() flushes what was appended to the disk (fdatasync). The runner calls it at each
//   checkpoint and at most once a second between them (docs/simulator.md: what a crash of the
//   machine can lose).
// - read_journal() returns the units of a journal whose header matches `report` (same version,
//   start, shard, configuration and bot identities) and throws ReportError naming the file
//   otherwise: a journal of another run is never applied. A last record cut short (the file
//   ends inside it, or it is whole but fails its checksum: a write the machine did not finish)
//   is dropped with a note; a record that fails its checksum with more after it, or a payload
//   that is not a UnitResult, is an error naming the file and the record's offset.
#pragma once

#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "report.pb.h"

namespace pokerarena::sim {

// "R.pb" -> "R.pb.journal".
std::filesystem::path journal_path(const std::filesystem::path& report);

// The header a journal of `report`'s run holds: its run, config and bots, nothing else.
Report journal_header(const Report& report);

class JournalWriter {
  public:
    // Creates or empties `path` and writes the header of `report`'s run (journal_header()).
    // Throws ReportError "PATH: cannot write the journal: REASON".
    JournalWriter(std::filesystem::path path, const Report& report);
    ~JournalWriter();
    JournalWriter(const JournalWriter&) = delete;
    JournalWriter& operator=(const JournalWriter&) = delete;

    // Appends `unit` as one record (see above); never throws.
    void append(const UnitResult& unit) noexcept;
    // fdatasync(); a failure is kept in problem().
    void sync() noexcept;
    // Empty while every record was written; else why the journal stopped.
    std::string problem() const;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
    int fd_ = -1;
    mutable std::mutex mutex_;
    long long size_ = 0;  // bytes of whole records in the file
    std::string problem_;
};

struct JournalContents {
    std::vector<UnitResult> units;   // in the order they finished
    std::vector<std::string> notes;  // "R.pb.journal: the last record, at offset N, ..."
};

// See above. `path` must exist; `report` is the report read from beside it.
JournalContents read_journal(const std::filesystem::path& path, const Report& report);

// Removes the journal beside `report_file` if there is one; a failure is returned as text
// ("cannot remove R.pb.journal: ..."), empty when there was none.
std::string remove_journal(const std::filesystem::path& report_file);

}  // namespace pokerarena::sim
