#include "envelope.hpp"

namespace pokerarena::process {

EnvelopeStatus read_envelope(simdjson::dom::parser& parser, const char* text, std::size_t size,
                             Envelope& envelope, std::string_view& line) {
    while (size > 0 && (text[size - 1] == '\r' || text[size - 1] == ' '))
        --size;
    line = std::string_view(text, size);
    envelope = Envelope{};
    if (size == 0) return EnvelopeStatus::Blank;
    simdjson::dom::element document;
    simdjson::dom::object message;
    // false: the padding is the caller's buffer, not to be copied.
    if (parser.parse(text, size, false).get(document) || document.get_object().get(message))
        return EnvelopeStatus::NotAnObject;
    for (const auto [key, value] : message) {
        if (key == "type") {
            if (value.get_string().get(envelope.type)) envelope.type = {};
        } else if (key == "id") {
            envelope.has_id = !value.get_uint64().get(envelope.id);
        } else if (key == "instance") {
            envelope.has_instance = !value.get_uint64().get(envelope.instance);
        } else if (key == "seed") {
            if (value.get_uint64().get(envelope.seed)) envelope.seed = 0;
        } else if (key == "protocol") {
            if (value.get_int64().get(envelope.protocol)) envelope.protocol = -1;
        } else if (key == "view") {
            envelope.view = value;
            envelope.has_view = true;
        } else if (key == "event") {
            envelope.event = value;
            envelope.has_event = true;
        }
    }
    return EnvelopeStatus::Read;
}

}  // namespace pokerarena::process
