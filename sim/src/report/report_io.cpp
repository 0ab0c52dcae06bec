#include "pokerarena/sim/report_io.hpp"

#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "pokerarena/bots/sha256.hpp"
#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/aggregate.hpp"
#include "pokerarena/sim/journal.hpp"
#include "pokerarena/sim/report_json.hpp"
#include "pokerarena/sim/tournament.hpp"

#include "io/output_file.hpp"

namespace pokerarena::sim {

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

// A report file: this header, the SHA-256 of the body (32 bytes), the body (the Report as
// binary Protobuf). The header starts with a zero byte, which no Protobuf message can start
// with (field number 0 does not exist): so a file without it is a report written before the
// checksum (read as it always was), and one whose header is damaged is never taken for one.
constexpr char kHeaderText[] = "\0pokerarena report v1\n";
constexpr std::string_view kHeader{kHeaderText, sizeof kHeaderText - 1};
constexpr std::size_t kDigestSize = 32;
constexpr std::size_t kBodyOffset = kHeader.size() + kDigestSize;

std::string digest_of(std::string_view body) {
    Sha256 sha;
    sha.update(body);
    const std::array<std::uint8_t, 32> digest = sha.finish();
    return std::string(reinterpret_cast<const char*>(digest.data()), digest.size());
}

// The body of the report file `bytes` (the whole file), its checksum checked; throws
// ReportError naming `file` when it is damaged.
std::string_view checked_body(std::string_view bytes, const std::string& file) {
    const bool header_after_first_byte =
        bytes.size() >= kHeader.size() && bytes.substr(1, kHeader.size() - 1) == kHeader.substr(1);
    if (!header_after_first_byte && (bytes.empty() || bytes[0] != '\0'))
        return bytes;  // written before reports had a checksum
    const std::string damaged = file + ": damaged: ";
    const std::string advice =
        "; the file was changed after pokerarena wrote it (a bad disk, a copy cut short, an "
        "edit): use another copy, or play the run again";
    if (!header_after_first_byte || bytes[0] != '\0')
        throw ReportError(damaged + "its header is not a pokerarena report's" + advice);
    if (bytes.size() < kBodyOffset)
        throw ReportError(damaged + "it ends inside its checksum" + advice);
    const std::string_view body = bytes.substr(kBodyOffset);
    if (digest_of(body) != bytes.substr(kHeader.size(), kDigestSize))
        throw ReportError(damaged + "its checksum does not match its contents" + advice);
    return body;
}

bool check_text(const std::string& text, const std::string& field,
                std::optional<InvalidUtf8>& found) {
    const std::size_t bad = first_invalid_utf8(text);
    if (bad == std::string_view::npos) return false;
    found = InvalidUtf8{field, bad, static_cast<unsigned char>(text[bad])};
    return true;
}

// Depth first through the fields that are set; true once `found` is filled.
bool walk_strings(const Message& message, const std::string& path,
                  std::optional<InvalidUtf8>& found) {
    const auto* reflection = message.GetReflection();
    std::vector<const FieldDescriptor*> fields;
    reflection->ListFields(message, &fields);
    for (const FieldDescriptor* field : fields) {
        const bool text = field->type() == FieldDescriptor::TYPE_STRING;
        const bool nested = field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE;
        if (!text && !nested) continue;
        const std::string name = path.empty() ? field->name() : path + '.' + field->name();
        if (!field->is_repeated()) {
            if (text ? check_text(reflection->GetString(message, field), name, found)
                     : walk_strings(reflection->GetMessage(message, field), name, found))
                return true;
            continue;
        }
        const int size = reflection->FieldSize(message, field);
        for (int i = 0; i < size; ++i) {
            const std::string item = name + '[' + std::to_string(i) + ']';
            if (text ? check_text(reflection->GetRepeatedString(message, field, i), item, found)
                     : walk_strings(reflection->GetRepeatedMessage(message, field, i), item, found))
                return true;
        }
    }
    return false;
}

// The checks read_report() promises beyond parsing (report_io.hpp); throws ReportError naming
// the file.
void check_report(const Report& report, const std::string& file) {
    if (report.units_done() != report.units_size())
        throw ReportError(file + ": units_done: " + std::to_string(report.units_done()) +
                          " but the report holds " + std::to_string(report.units_size()) +
                          " units; it was not written by pokerarena");
    if (report.bots_size() != report.config().bots_size())
        throw ReportError(file + ": bots: " + std::to_string(report.bots_size()) +
                          " results but its configuration has " +
                          std::to_string(report.config().bots_size()) +
                          " bots; it was not written by pokerarena");
    // Merge and resume compare identities: one that could not have been recorded would make a
    // mismatch no one can explain (or hide one).
    for (int b = 0; b < report.bots_size(); ++b) {
        if (!report.bots(b).has_plugin()) continue;
        const PluginIdentity& plugin = report.bots(b).plugin();
        const bool hex = plugin.sha256().size() == 64 &&
                         plugin.sha256().find_first_not_of("0123456789abcdef") == std::string::npos;
        // The text read is shown escaped and cut: it can be anything.
        if (!hex || plugin.size() < 0)
            throw ReportError(file + ": bots[" + std::to_string(b) + "].plugin: SHA-256 '" +
                              printable_text(std::string_view(plugin.sha256()).substr(0, 80)) +
                              (plugin.sha256().size() > 80 ? "...'" : "'") + ", size " +
                              std::to_string(plugin.size()) +
                              "; expected 64 lower-case hex digits and a size of 0 or more");
    }
    // Also without units: a report of a run stopped before its first unit is still printed,
    // merged and resumed from its configuration.
    const Tournament tournament = report_tournament(report, file);
    const auto schedule = static_cast<std::int64_t>(tournament.units.size());
    if (report.units_total() != schedule)
        throw ReportError(file + ": units_total: " + std::to_string(report.units_total()) +
                          "; the schedule of its configuration has " + std::to_string(schedule) +
                          " units");
    // The indices sorted rather than a flag per unit of the schedule: memory follows the
    // report, not the schedule (up to kMaxUnits units however few the report holds).
    std::vector<std::int64_t> indices;
    indices.reserve(static_cast<std::size_t>(report.units_size()));
    for (const UnitResult& unit : report.units())
        indices.push_back(unit.unit());
    std::sort(indices.begin(), indices.end());
    if (const auto twice = std::adjacent_find(indices.begin(), indices.end());
        twice != indices.end() && *twice >= 0 && *twice < schedule)
        throw ReportError(file + ": holds unit " + std::to_string(*twice) +
                          " twice; a report holds each unit once");
    try {
        check_unit_results(tournament, report.units());
    } catch (const std::invalid_argument& e) {
        throw ReportError(file + ": " + e.what());
    }
}

}  // namespace

Tournament report_tournament(const Report& report, const std::string& name) {
    try {
        return make_tournament(report.config(), BotLoading::Skip);
    } catch (const ConfigError& e) {
        throw ReportError(name + ": its configuration is not valid: " + e.what());
    }
}

std::optional<InvalidUtf8> find_invalid_utf8(const google::protobuf::Message& message) {
    std::optional<InvalidUtf8> found;
    walk_strings(message, "", found);
    return found;
}

std::string report_file_header(std::string_view body) {
    return std::string(kHeader) + digest_of(body);
}

std::string InvalidUtf8::where() const {
    char text[48];
    std::snprintf(text, sizeof text, "byte 0x%02X at offset %zu", byte, offset);
    return text;
}

namespace {

// The writer's errors as the report's own (report_io.hpp promises ReportError).
template <typename Write>
void as_report_error(Write&& write) {
    try {
        write();
    } catch (const io::OutputFileError& error) {
        throw ReportError(error.what());
    }
}

}  // namespace

void write_file(const std::filesystem::path& path, std::string_view bytes) {
    as_report_error([&] { io::write_output_file(path, bytes); });
}

std::string write_file_problem(const std::filesystem::path& path) {
    return io::output_file_problem(path);
}

std::string report_output_problem(const std::filesystem::path& path) {
    if (path.empty()) return "an empty file name; expected the file to write the report to";
    return io::output_file_problem(path);
}

void write_report(const Report& report, const std::filesystem::path& path) {
    if (path.empty())
        throw ReportError(": an empty file name; expected the file to write the report to");
    // Protobuf's writer only logs invalid UTF-8 and writes the file anyway, and its reader then
    // refuses the whole file: a run would end "done" with results nobody can read.
    if (const auto bad = find_invalid_utf8(report)) {
        throw ReportError(path.string() + ": not written: " + bad->field + " is not valid UTF-8 (" +
                          bad->where() + "), and a report with it could not be read back");
    }
    std::string body;
    if (!report.SerializeToString(&body))
        throw ReportError(path.string() + ": the report could not be serialized");
    // Each write has a temporary of its own (io/output_file.hpp), so two commands or two
    // threads writing one report at once each rename a whole file: a reader sees one report or
    // the other, never a mix.
    as_report_error([&] {
        io::OutputFile file(path);
        file.write(report_file_header(body));
        file.write(body);
        file.commit();
    });
}

Report read_report(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw ReportError(path.string() +
                          ": is a directory; expected a report file (from `pokerarena run`)");
    constexpr auto kMaxBytes = static_cast<std::size_t>(std::numeric_limits<int>::max());
    std::string bytes;
    try {
        // A FIFO would block the open until a writer came, a device never end: only a regular
        // file is read.
        bytes = read_input_file(path, kMaxBytes);
    } catch (const InputFileError& error) {
        throw ReportError(path.string() + ": cannot open: " + error.what());
    }
    if (bytes.size() > kMaxBytes)
        throw ReportError(path.string() + ": more than " + std::to_string(kMaxBytes) +
                          " bytes; a report holds at most 2 GiB (Protobuf's limit)");
    const std::string_view body = checked_body(bytes, path.string());
    Report report;
    // An empty file parses as an empty message; every report names its bots, so one without
    // any is not a report.
    if (!report.ParseFromArray(body.data(), static_cast<int>(body.size())) ||
        report.config().bots_size() == 0)
        throw ReportError(path.string() +
                          ": not a pokerarena report (binary Protobuf from `pokerarena run` "
                          "expected)");
    check_report(report, path.string());
    return report;
}

Report read_report_with_journal(const std::filesystem::path& path, std::vector<std::string>& notes,
                                std::int64_t& journal_units) {
    journal_units = -1;
    Report report = read_report(path);
    const std::filesystem::path journal = journal_path(path);
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(journal, ec))) return report;
    JournalContents contents = read_journal(journal, report);
    for (std::string& note : contents.notes)
        notes.push_back(std::move(note));
    std::vector<const UnitResult*> in_report;
    for (const UnitResult& unit : report.units()) {
        const auto u = static_cast<std::size_t>(unit.unit());
        if (unit.unit() < 0) continue;  // check_report() refused it already
        if (u >= in_report.size()) in_report.resize(u + 1, nullptr);
        in_report[u] = &unit;
    }
    std::int64_t added = 0;
    std::vector<UnitResult> new_units;
    for (UnitResult& unit : contents.units) {
        const auto u = static_cast<std::size_t>(unit.unit());
        // A checkpoint after the unit finished holds it too: the same result, or damage.
        if (unit.unit() >= 0 && u < in_report.size() && in_report[u] != nullptr) {
            if (in_report[u]->SerializeAsString() != unit.SerializeAsString())
                throw ReportError(journal.string() + ": unit " + std::to_string(unit.unit()) +
                                  " differs from the same unit in " + path.string() +
                                  "; the journal does not belong to this report: remove it to "
                                  "resume the report alone");
            continue;
        }
        new_units.push_back(std::move(unit));
    }
    for (UnitResult& unit : new_units) {
        *report.add_units() = std::move(unit);
        ++added;
    }
    report.set_units_done(report.units_size());
    check_report(report, journal.string());
    journal_units = added;
    return report;
}

std::string report_to_json(const Report& report) {
    // The streaming writer's text: Protobuf's printer builds a tree of the whole report first.
    std::ostringstream json;
    write_report_json(report, json);
    return std::move(json).str();
}

}  // namespace pokerarena::sim
