// Bounds on TOML text from outside, checked before toml++ sees it.
//
// toml++ recurses once per nesting level (a dotted key's parts, a table header's parts, inline
// tables, arrays) while parsing and again while destroying what it built, so a 100 KB line of
// `a.a.a...` overflows the stack; some bytes that are not UTF-8 reach code paths it marks
// unreachable. A PHH hand needs a few levels, short keys and ASCII outside strings, so text
// beyond the bounds below is refused with the line where it goes beyond them, before parsing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pokerarena {

// The largest PHH file read: a unit's .phhs of --hh-out holds about 370 bytes per hand, so
// 256 MiB is 700,000 hands or more. The text is held whole; its hands are parsed one at a time
// (parse_phh), and what toml++ builds for one takes about 20 times its text, so no more than
// kMaxTomlDocumentBytes of text is given to toml++ at once.
inline constexpr std::size_t kMaxPhhFileBytes = std::size_t{256} << 20;
// The most text parsed as one TOML document: a .phh file, one hand of a .phhs, or a .phhs that
// cannot be cut into hands (its tables are not all plain `[name]` headers). A hand is a few KB.
inline constexpr std::size_t kMaxTomlDocumentBytes = std::size_t{16} << 20;
// Levels of nesting: a header's and a key's dotted parts plus the open arrays and inline
// tables. A PHH hand uses 3 (`[1]`, `actions`, the array); toml++ recurses once per level, and
// 64 levels take a few KB of stack.
inline constexpr int kMaxTomlNesting = 64;
// The longest key or table header, in bytes, quotes and dots included.
inline constexpr std::size_t kMaxTomlKeyBytes = 1024;

// "" when the text is within the bounds above, valid UTF-8 throughout and ASCII outside
// strings and comments (TOML 1.0 bare keys are ASCII); else "line N: why".
std::string toml_bounds_problem(std::string_view text);

// The same, also putting in `headers` the offset of the '[' of every top-level table header
// (`[x]`, `[[x]]`) in the text before the first problem, in order: where a .phhs file's hands
// begin, so that each can be parsed on its own.
std::string toml_bounds_problem(std::string_view text, std::vector<std::size_t>& headers);

}  // namespace pokerarena
