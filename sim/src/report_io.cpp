#include "pokerarena/sim/report_io.hpp"

#include <google/protobuf/util/json_util.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

namespace pokerarena::sim {

namespace {

std::string describe_errno() {
    return std::strerror(errno);
}

}  // namespace

void write_report(const Report& report, const std::filesystem::path& requested) {
    // Renaming over the path replaces whatever is there: through a symbolic link it would
    // replace the link, and over a device (say -o /dev/null, as root) the device itself. So the
    // report goes to the link's target, and anything but a regular file is refused.
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path path = requested;
    if (fs::symlink_status(requested, ec).type() == fs::file_type::symlink) {
        path = fs::weakly_canonical(requested, ec);
        if (ec) throw ReportError(requested.string() + ": cannot resolve: " + ec.message());
    }
    const fs::file_status status = fs::status(path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status))
        throw ReportError(requested.string() +
                          ": not a regular file; a report replaces a file, so give a file name");
    // The temporary file sits in the same folder so that rename() stays on one file system and
    // replaces the old report in one step; its name carries no randomness, and two runs writing
    // the same report path at once is not supported.
    std::filesystem::path tmp = path;
    tmp += ".tmp";
    std::string bytes;
    if (!report.SerializeToString(&bytes))
        throw ReportError(path.string() + ": the report could not be serialized");
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (f == nullptr) throw ReportError(tmp.string() + ": cannot create: " + describe_errno());
    const bool written =
        std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0;
    const std::string write_error = written ? "" : describe_errno();
    if (std::fclose(f) != 0 || !written) {
        std::error_code ignored;
        std::filesystem::remove(tmp, ignored);
        throw ReportError(tmp.string() +
                          ": cannot write: " + (written ? describe_errno() : write_error));
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(tmp, ignored);
        throw ReportError(path.string() + ": cannot replace with " + tmp.string() + ": " +
                          ec.message());
    }
}

Report read_report(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ReportError(path.string() + ": cannot open: " + describe_errno());
    Report report;
    // An empty file parses as an empty message; every report names its bots, so one without
    // any is not a report.
    if (!report.ParseFromIstream(&in) || report.config().bots_size() == 0)
        throw ReportError(path.string() +
                          ": not a pokerarena report (binary Protobuf from `pokerarena run` "
                          "expected)");
    return report;
}

std::string report_to_json(const Report& report) {
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.always_print_primitive_fields = true;
    options.preserve_proto_field_names = true;
    std::string json;
    const auto status = google::protobuf::util::MessageToJsonString(report, &json, options);
    if (!status.ok())
        throw ReportError("the report could not be printed as JSON: " +
                          std::string(status.message()));
    return json;
}

}  // namespace pokerarena::sim
