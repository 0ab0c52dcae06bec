// Text that comes from outside (hand histories, plugins, configuration files, reports) on its
// way to a terminal or a report.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pokerarena {

// The length of the well-formed UTF-8 sequence at text[at] (RFC 3629, table 3-7 of the Unicode
// standard: no overlong forms, no surrogates, nothing above U+10FFFF), or 0 when the byte there
// does not start one. Precondition: at < text.size().
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

// `text` safe to print: every valid UTF-8 sequence is kept except control characters; C0
// controls, DEL and bytes that are not valid UTF-8 become \xHH, the C1 controls (U+0080 to
// U+009F) \u00HH. Names, keys and bot messages pass through it before they reach a terminal,
// where an escape sequence would rewrite the screen and a newline break a table.
std::string printable_text(std::string_view text);

}  // namespace pokerarena
