// The envelope of a message from the host (docs/bot-protocol.md): its "type" and the fields
// around the view or event it carries, as every program on the bot's side of the process
// protocol reads them (the plugin host, plugin_host.cpp; the ACPC bridge, acpc_bridge.cpp).
// What each program does with a message is its own; what the keys mean is this file's.
//
// Guarantees
// - Keys may come in any order and unknown keys are ignored (a later minor version may add
//   some); a key given twice keeps its last value.
// - A key whose value has the wrong type reads as absent: has_id and has_instance are false,
//   type is "", seed is 0, protocol is -1 (no version this program speaks).
// - view and event are the raw values: the caller checks that they are objects and reads them
//   (read_view, read_event in protocol_read.hpp).
// - Nothing is allocated: the envelope points into `parser`'s document, valid until the
//   parser's next parse.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol.hpp"

namespace pokerarena::process {

struct Envelope {
    std::string_view type;  // "hello", "create", "destroy", "new_match", "decide", "event"...
    std::uint64_t id = 0;   // decide (and requests that expect an answer)
    bool has_id = false;
    std::uint64_t instance = 0;
    bool has_instance = false;
    std::uint64_t seed = 0;                    // create
    std::int64_t protocol = kProtocolVersion;  // hello; a hello without it speaks this version
    simdjson::dom::element view;               // decide
    bool has_view = false;
    simdjson::dom::element event;  // event
    bool has_event = false;
};

enum class EnvelopeStatus {
    Blank,        // nothing but spaces and carriage returns: not a message
    NotAnObject,  // not JSON, or JSON that is not an object
    Read,
};

// Reads the line text[0, size) (without its newline) in place: `text` must be followed by at
// least simdjson::SIMDJSON_PADDING readable bytes. Trailing carriage returns and spaces are not
// part of the message; `line` is what remains (to quote in an error).
EnvelopeStatus read_envelope(simdjson::dom::parser& parser, const char* text, std::size_t size,
                             Envelope& envelope, std::string_view& line);

}  // namespace pokerarena::process
