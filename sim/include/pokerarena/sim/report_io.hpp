// Reading and writing report files.
//
// Guarantees
// - A report file is a header ("\0pokerarena report v1\n"), the SHA-256 of the body and the
//   body, the Report as binary Protobuf (docs/formats.md). read_report() refuses a file whose
//   header, checksum or body changed after writing ("PATH: damaged: ..."): every flipped bit
//   and every cut; a file without the header (written before the checksum) is the body alone.
// - write_report() never leaves a half-written report under `path`: like every output file it
//   is written to a temporary beside it (".r.pb.tmp.HOST.PID.RANDOM", created exclusively, never
//   through a link), flushed to the disk (fsync) and renamed over `path` (atomic on one file
//   system), so a reader sees the old report or the new one, and an interrupted run (or a
//   machine that goes down) loses nothing already written. A symbolic link at `path` is
//   replaced, not followed; a path that exists but is neither a regular file nor a link (a
//   folder, a device) is refused. (sim/src/io/output_file.hpp has the details, and the removal
//   of temporaries that killed processes leave.)
//   Every string field must be valid UTF-8 (Protobuf's parser refuses a file with one that is
//   not, so such a report could never be read back): otherwise nothing is written and
//   ReportError names the field ("units[3].bots[0].faults.first_message").
// - read_report() accepts exactly what write_report() writes, reads only regular files (a
//   FIFO or a device is refused before anything is read, without waiting), and refuses a
//   report that no run can have written, so that report, merge and resume never show or
//   combine impossible figures: units_done must be the number of units it holds, bots one
//   result per bot of its configuration, a bot's plugin identity (if any) a SHA-256 of 64
//   lower-case hex digits and a size of 0 or more, no unit may
//   appear twice, its configuration must be one make_tournament() accepts (report_tournament()
//   below: also when it holds no units), units_total the size of that configuration's
//   schedule and every unit pass check_unit_results() (pokerarena/sim/aggregate.hpp: seats,
//   hands, samples, chips summing to zero, totals within 64 bits). The summary figures (bots,
//   pairs, curve, hands) are not checked against the units here: merge and resume recompute
//   them from the units, and `pokerarena report` compares them with check_report_summary()
//   (merge.hpp).
// - Failures throw ReportError with one message naming the file and what went wrong
//   ("results/a.pb: not a pokerarena report (binary Protobuf expected)", "a.pb: unit 3:
//   bots[1].samples.n: -5; expected 512 (one sample per deal of the unit)").
#pragma once

#include <google/protobuf/message.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/sim/tournament.hpp"
#include "pokerarena/sim/utf8.hpp"
#include "report.pb.h"

namespace pokerarena::sim {

class ReportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Replaces `path` (a link there is replaced, not followed) with the report in one step, as
// above. Writers of one path at once, in threads or processes, each leave a whole report (the
// last rename wins); a reader never sees a half-written one. Throws ReportError naming the file
// and the reason; the old report stays.
void write_report(const Report& report, const std::filesystem::path& path);
Report read_report(const std::filesystem::path& path);

// read_report() of `path` plus the units of its journal (journal.hpp), when one is beside it:
// what `run --resume` continues. A unit in both must be the same result (else ReportError);
// the journal's units are checked as read_report() checks a report's, and a failure names the
// journal. `notes` gets read_journal()'s notes (a torn last record), `journal_units` the number
// of units the journal added (-1: there is no journal).
Report read_report_with_journal(const std::filesystem::path& path, std::vector<std::string>& notes,
                                std::int64_t& journal_units);

// The tournament of `report`'s configuration without its bots (BotLoading::Skip: no plugin is
// opened, no process started): how read_report() and merge_reports() check a configuration,
// so that both accept the same ones. Throws ReportError "NAME: its configuration is not
// valid: ..." with make_tournament()'s reason.
Tournament report_tournament(const Report& report, const std::string& name);

// What a report file holds before `body` (the Report as binary Protobuf): the header and the
// body's SHA-256, 54 bytes.
std::string report_file_header(std::string_view body);

// Why write_report() to `path` would fail for the file system as it is now ("not a regular
// file; ...", "cannot create: No such file or directory", "cannot create: Permission denied":
// the folder must let files be created and renamed in it), or empty when it would not (the
// report's own contents aside). Creates and changes nothing, so a command can check its
// outputs before hours of play fill them.
std::string report_output_problem(const std::filesystem::path& path);

// Replaces `path` with `bytes` the way write_report() replaces a report: through a temporary
// of its own, synced and renamed, a link at `path` replaced, anything else that is not a
// regular file refused. Throws ReportError "PATH: cannot create: REASON", "PATH: cannot write:
// REASON" (a full disk) or "PATH: cannot replace: REASON"; `path` keeps what it held.
void write_file(const std::filesystem::path& path, std::string_view bytes);
// Why write_file() to `path` would fail, in its words, or empty; creates and changes nothing.
std::string write_file_problem(const std::filesystem::path& path);

// The report as JSON in one string, as Protobuf's printer gives it (field names as in
// report.proto, every field printed, indented), ending with a newline: write_report_json()
// (report_json.hpp), which streams it, is for reports that may be big.
std::string report_to_json(const Report& report);

// The first string field of `message` (depth first, fields in number order, repeated ones in
// index order) whose text is not valid UTF-8 (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF), or nullopt when there is none. Bytes fields are not text and are
// not looked at.
struct InvalidUtf8 {
    std::string field;   // its path, as "bots[0].name" or "units[2].bots[1].faults.first_message"
    std::size_t offset;  // of the first byte that is not part of a valid sequence
    unsigned char byte;  // that byte
    // "byte 0xE9 at offset 3", for messages.
    std::string where() const;
};
std::optional<InvalidUtf8> find_invalid_utf8(const google::protobuf::Message& message);

}  // namespace pokerarena::sim
