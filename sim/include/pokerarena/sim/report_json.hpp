// A report as JSON, written as it goes.
//
// Guarantees
// - write_report_json() writes the text Protobuf's MessageToJsonString gives for the report
//   with add_whitespace, always_print_primitive_fields and preserve_proto_field_names (the
//   JSON of `pokerarena report --json` before this writer existed), byte for byte: fields named
//   as in report.proto, every field that is not a message printed (zeros, empty strings, empty
//   arrays), a message only when set, proto3 `optional` fields only when set and after the
//   others, 64-bit integers as strings, NaN and infinities as "NaN", "Infinity", "-Infinity",
//   strings escaped as Protobuf escapes them, indented one space a level, a newline at the end.
// - It holds nothing but a 64 KiB buffer beside the report: Protobuf's printer builds a tree of
//   the whole message with every default filled in, then the whole text, about 150 bytes of
//   memory per byte of report (12.6 GB for a 47 MB report of a 1,000-bot round robin).
// - It covers the field types report.proto and config.proto use (enums, bools, 32- and 64-bit
//   integers, doubles, strings, messages, repeated fields); report_json_covers() says whether a
//   message type uses only those. Write errors are the stream's: the caller checks it.
#pragma once

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include <filesystem>
#include <ostream>

namespace pokerarena::sim {

void write_report_json(const google::protobuf::Message& report, std::ostream& out);

// The same into the file `path`, as it goes (a big report's JSON is never held whole), through
// a temporary renamed over `path` at the end, as write_report() writes (report_io.hpp): a link
// at `path` is replaced, not followed, and a failure leaves `path` as it was. Throws ReportError
// "PATH: cannot create: REASON", "PATH: cannot write: REASON" or "PATH: cannot replace: REASON".
void write_report_json_file(const google::protobuf::Message& report,
                            const std::filesystem::path& path);

// Whether every field of `type`, and of every message type it holds, has a type
// write_report_json() writes (a test keeps report.proto within it).
bool report_json_covers(const google::protobuf::Descriptor& type);

}  // namespace pokerarena::sim
