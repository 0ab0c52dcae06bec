// Report files, as `pokerarena report` and `merge` read them: read_report() checks the report,
// then it is printed as the table and as JSON, and merged with itself. A ReportError or a
// MergeError is the expected answer to a bad report; a crash or any other exception is a defect.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_table.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("pokerarena-fuzz-report-" + std::to_string(::getpid()) + ".pb");
    using namespace pokerarena::sim;
    // An input starting with 'C' is a body given its header and checksum, so that mutations
    // reach the Protobuf parser and the checks behind it (a mutated file with a header almost
    // never matches its checksum); any other input is the file as it is.
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (input.starts_with('C'))
        file << report_file_header(input.substr(1)) << input.substr(1);
    else
        file << input;
    file.close();
    try {
        const Report report = read_report(path);
        std::ostringstream table;
        print_report_table(report, table);
        report_to_json(report);
        const std::vector<Report> both = {report, report};
        const std::vector<std::string> names = {"a.pb", "b.pb"};
        merge_reports(both, names, nullptr);
    } catch (const ReportError&) {
    } catch (const MergeError&) {
    }
    return 0;
}
