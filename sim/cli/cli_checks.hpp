// Checks shared by the subcommands, so that a kind of flag is refused in the same words
// whichever command takes it, and output files are checked before the work that fills them.
#pragma once

#include <CLI/CLI.hpp>
#include <limits>
#include <string>

namespace pokerarena::cli {

// A whole number from `least` to `most`, checked on the flag's text before CLI11 converts it.
// Refuses signs (an unsigned conversion would turn "-1" into 2^64 - 1), fractions, exponents,
// words and values out of range, with "'TEXT': expected a whole number of LEAST or more" when
// `most` is the largest 64-bit value and TEXT is not too large for it, else "'TEXT': expected
// a whole number from LEAST to MOST". (CLI11's Range says "Value abc not in range 1 to 4096" for a
// word, and its PositiveNumber accepts fractions.) A transform, not a check: an accepted text is
// rewritten in plain decimal, because CLI11 reads a leading 0 as octal ("--seed 010" would be
// seed 8, and "--seed 08" an error) and "0x10" as hexadecimal. Add it with ->transform().
// `most` must fit the option's type (the default fits only an unsigned 64-bit one): above it,
// CLI11's conversion clamps a signed 64-bit value to 2^63 - 1 (so that a refusal further on
// quotes a number that was never given) and refuses a narrower one as "Could not convert".
CLI::Validator whole_number(
    unsigned long long least,
    unsigned long long most = std::numeric_limits<unsigned long long>::max());

// A finite number from `least` to `most`, checked on the flag's text. CLI11's Range compares
// with < and >, which NaN passes ("--bot-timeout nan" switched the limit off), and its
// conversion takes "inf" and "nan": this refuses both with "'TEXT': expected a number from
// LEAST to MOST". Add it with ->check().
CLI::Validator number_in_range(double least, double most);

// An input file that exists and is a regular file (links followed), checked without blocking
// (pokerarena/engine/input_file.hpp): CLI11's ExistingFile says "File does not exist" of a loop
// of symbolic links, and lets a named pipe through to an open that waits for a writer. A
// missing file keeps CLI11's words ("File does not exist: PATH"); anything else is "PATH: a
// loop of symbolic links (...)", "PATH: a named pipe (FIFO), not a regular file", ...
CLI::Validator existing_input_file();

// Why `path` cannot be written as an output file, in the words sim::write_file would use
// (pokerarena/sim/report_io.hpp: "not a regular file; ...", "cannot create: No such file or
// directory", "cannot create: Permission denied"), or empty when it can: nothing but a regular
// file or a link is at `path`, and its folder lets files be created and renamed in it (the
// file is replaced through a temporary beside it). Creates and changes nothing, so a command
// can check its outputs before hours of work fill them.
std::string output_file_problem(const std::string& path);

// Whether two paths name one file: the same path once made absolute and normal (through
// symbolic links, as far as they exist), or two names of one existing file (a hard link).
// Used to refuse writing one output over another, or over the command's input.
bool same_file(const std::string& a, const std::string& b);

}  // namespace pokerarena::cli
