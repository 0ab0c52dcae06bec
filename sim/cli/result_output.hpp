// What the measuring commands (exploitability, lbr) share in writing their result: fixed-point
// numbers, JSON strings, and the --format and --json flags with what they do.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

namespace pokerarena::cli {

// `v` with `digits` digits after the point ("%.*f").
std::string fixed_number(double v, int digits);

// Appends `text` to `out` as a JSON string: quoted, with quotes, backslashes and control
// characters escaped.
void append_json_text(std::string& out, const std::string& text);

// --format text|json (to standard output) and --json FILE (the JSON result, also).
void add_result_flags(CLI::App* cmd, std::string& format, std::string& json_path);

// Why `json_path` cannot be written, as "pokerarena COMMAND: --json PATH: PROBLEM" on standard
// error, returning 2; 0 when it is empty or can be (checked before the work).
int check_result_file(const char* command, const std::string& json_path);

// Prints `text` (format "text") or `json` (format "json") to `out`, and writes `json` to
// `json_path` unless it is empty. Returns 0, or 2 when the file cannot be written (said on
// standard error).
int write_result(const char* command, const std::string& format, const std::string& text,
                 const std::string& json, const std::string& json_path, std::ostream& out);

// "FLAG OUTPUT: the same file as WHAT INPUT; give another file" when `output` and `input` are
// one file (same_file(): one device and inode where both exist, else one normal path), else
// empty: no command writes an output over one of its inputs.
std::string output_over_input(const std::string& flag, const std::string& output,
                              const std::string& what, const std::string& input);

}  // namespace pokerarena::cli
