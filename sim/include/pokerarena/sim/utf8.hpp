// Text from outside (bots, configurations) made fit for a report, whose strings must be valid
// UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pokerarena::sim {

// Offset of the first byte of `text` outside a well-formed sequence, or npos.
std::size_t first_invalid_utf8(std::string_view text);

// `text` made valid UTF-8 for a report: every valid sequence is kept and every other byte
// becomes the four characters \xHH (upper-case hex), so "caf\xe9" in Latin-1 reads "caf\xE9".
// Escapes rather than U+FFFD: the reader still sees which bytes the bot sent. Valid text is
// returned unchanged (a backslash already in it is not escaped, so the result is for reading,
// not for decoding back).
std::string to_valid_utf8(std::string_view text);

}  // namespace pokerarena::sim
