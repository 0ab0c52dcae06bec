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

namespace pokerarena {

// The largest PHH file read: a unit's .phhs of --hh-out holds a few hundred bytes per hand,
// and toml++'s tables take several times the text, so 256 MiB is a million hands or more
// while keeping the parsed file within a few GB.
inline constexpr std::size_t kMaxPhhFileBytes = std::size_t{256} << 20;
// Levels of nesting: a header's and a key's dotted parts plus the open arrays and inline
// tables. A PHH hand uses 3 (`[1]`, `actions`, the array); toml++ recurses once per level, and
// 64 levels take a few KB of stack.
inline constexpr int kMaxTomlNesting = 64;
// The longest key or table header, in bytes, quotes and dots included.
inline constexpr std::size_t kMaxTomlKeyBytes = 1024;

// "" when the text is within the bounds above, valid UTF-8 throughout and ASCII outside
// strings and comments (TOML 1.0 bare keys are ASCII); else "line N: why".
std::string toml_bounds_problem(std::string_view text);

}  // namespace pokerarena
