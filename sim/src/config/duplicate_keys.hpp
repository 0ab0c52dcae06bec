// Keys given twice in a configuration file (internal to the sim library; read_config() uses
// it). Protobuf's parsers let them through: its JSON parser keeps the last value of a key
// given twice (and appends a list given twice to the first), and its text-format parser
// refuses a field that is not repeated given twice only when the first value was not the
// field's default, because a proto3 field without presence cannot tell `seed: 0` from no seed.
#pragma once

#include <google/protobuf/descriptor.h>

#include <optional>
#include <string>
#include <string_view>

namespace pokerarena::sim {

struct DuplicateKey {
    const char* noun = "key";  // "key" (JSON) or "field" (text format)
    std::string key;           // the second occurrence, as written (other bytes as \xHH)
    std::string first_key;     // the first, as written: another spelling of the same field
    std::string object;        // where both are: "" (the top), "bots[1]", "sit_and_go.levels[0]"
    int line = 0;              // of the second occurrence, from 0
    int column = 0;            // of the second occurrence, from 0 (see each function)
    int first_line = 0;        // from 0
    // `key "hands" is given twice (first on line 3)`; `... of sit_and_go.levels[0] ...` for a
    // nested object, `(first on line 3, as "stack_big_blinds")` for another spelling.
    std::string message() const;
};

// The first key of a JSON object that names what an earlier key of the same object named,
// in file order, or nullopt when there is none. Objects of `type` and of the message fields
// below it compare keys by the field they name, so "stack_big_blinds" and its JSON name
// "stackBigBlinds" are one key (Protobuf accepts both); other keys compare as text, escapes
// decoded. Reads the JSON that Protobuf's parser reads (also 'single-quoted' strings, bare
// keys and trailing commas); where the text is not JSON the scan stops without a finding, so
// that Protobuf's parser reports it, and so it does past 100 nested objects or lists (Protobuf
// refuses objects nested deeper). The column counts bytes.
std::optional<DuplicateKey> find_duplicate_json_key(std::string_view text,
                                                    const google::protobuf::Descriptor& type);

// The first field of `type` (or of a message below it) that is not repeated and is given
// twice in the same message of `text`, Protobuf text format that Protobuf's parser has
// accepted as a `type`; nullopt when there is none (or the text is not such). The line and
// column are the tokenizer's, as in Protobuf's own errors (a tab advances the column to the
// next multiple of 8).
std::optional<DuplicateKey> find_duplicate_text_field(const std::string& text,
                                                      const google::protobuf::Descriptor& type);

}  // namespace pokerarena::sim
