#include "result_output.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli_checks.hpp"

namespace pokerarena::cli {

std::string fixed_number(double v, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
}

void append_json_text(std::string& out, const std::string& text) {
    out += '"';
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
            out += escaped;
        } else {
            out += c;
        }
    }
    out += '"';
}

void add_result_flags(CLI::App* cmd, std::string& format, std::string& json_path) {
    cmd->add_option("--format", format, "text or json (to standard output)")
        ->default_val(format)
        ->check(CLI::IsMember({"text", "json"}));
    cmd->add_option("--json", json_path, "Also write the JSON result to this file");
}

int check_result_file(const char* command, const std::string& json_path) {
    if (json_path.empty()) return 0;
    const std::string problem = output_file_problem(json_path);
    if (problem.empty()) return 0;
    std::cerr << "pokerarena " << command << ": --json " << json_path << ": " << problem << "\n";
    return 2;
}

int write_result(const char* command, const std::string& format, const std::string& text,
                 const std::string& json, const std::string& json_path, std::ostream& out) {
    out << (format == "json" ? json : text);
    if (json_path.empty()) return 0;
    std::ofstream file(json_path, std::ios::binary);
    file << json;
    if (!file.flush()) {
        std::cerr << "pokerarena " << command << ": --json " << json_path << ": cannot write\n";
        return 2;
    }
    return 0;
}

std::string output_over_input(const std::string& flag, const std::string& output,
                              const std::string& what, const std::string& input) {
    if (output.empty() || input.empty() || !same_file(output, input)) return {};
    return flag + " " + output + ": the same file as " + what + " " + input +
           ", which this command reads; give another file";
}

}  // namespace pokerarena::cli
