// Reading and writing report files.
//
// Guarantees
// - write_report() never leaves a half-written report under `path`: it writes a temporary file
//   beside it, flushes it and renames it over `path` (atomic on one file system), so a reader
//   sees the old report or the new one, and an interrupted run loses nothing already written.
//   A symbolic link is followed (the link stays); a path that exists but is not a regular file
//   (a folder, a device) is refused.
// - read_report() accepts exactly what write_report() writes (binary Protobuf).
// - Failures throw ReportError with one message naming the file and what went wrong
//   ("results/a.pb: not a pokerarena report (binary Protobuf expected)").
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "report.pb.h"

namespace pokerarena::sim {

class ReportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

void write_report(const Report& report, const std::filesystem::path& path);
Report read_report(const std::filesystem::path& path);

// The report as JSON through Protobuf's printer (field names as in report.proto, every field
// printed, indented), ending with a newline.
std::string report_to_json(const Report& report);

}  // namespace pokerarena::sim
