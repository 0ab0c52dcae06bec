#include "pokerarena/sim/utf8.hpp"

#include "pokerarena/engine/text.hpp"

namespace pokerarena::sim {

std::size_t first_invalid_utf8(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t length = utf8_sequence_length(text, at);
        if (length == 0) return at;
        at += length;
    }
    return std::string_view::npos;
}

std::string to_valid_utf8(std::string_view text) {
    if (first_invalid_utf8(text) == std::string_view::npos) return std::string(text);
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t length = utf8_sequence_length(text, at);
        if (length > 0) {
            out.append(text, at, length);
            at += length;
            continue;
        }
        const auto byte = static_cast<unsigned char>(text[at++]);
        out += "\\x";
        out += kHex[byte >> 4];
        out += kHex[byte & 0xF];
    }
    return out;
}

}  // namespace pokerarena::sim
