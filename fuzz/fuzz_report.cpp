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
#include <vector>

#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_table.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("pokerarena-fuzz-report-" + std::to_string(::getpid()) + ".pb");
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    using namespace pokerarena::sim;
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
