#include "pokerarena/engine/text.hpp"

#include <cstdio>

namespace pokerarena {

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t k) {
        return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0u;
    };
    const unsigned lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned low = 0x80, high = 0xBF;  // the second byte's range
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;   // no overlong forms
        if (lead == 0xED) high = 0x9F;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (byte(1) < low || byte(1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
    return length;
}

std::string printable_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    char escaped[8];
    for (std::size_t at = 0; at < text.size();) {
        const auto lead = static_cast<unsigned char>(text[at]);
        const std::size_t length = utf8_sequence_length(text, at);
        if (length == 0 || (length == 1 && (lead < 0x20 || lead == 0x7F))) {
            std::snprintf(escaped, sizeof escaped, "\\x%02X", lead);
            out += escaped;
            ++at;
            continue;
        }
        const auto second = length == 2 ? static_cast<unsigned char>(text[at + 1]) : 0u;
        if (lead == 0xC2 && second <= 0x9F) {
            std::snprintf(escaped, sizeof escaped, "\\u%04X", second);
            out += escaped;
        } else {
            out.append(text, at, length);
        }
        at += length;
    }
    return out;
}

}  // namespace pokerarena
