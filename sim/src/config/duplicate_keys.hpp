// Keys given twice in a configuration file (internal to the sim library; read_config() uses
// it). What Protobuf 3.21's parsers do with them, checked on TournamentConfig:
// - The text-format parser refuses a field that is not repeated given twice ("Non-repeated
//   field \"deals\" is specified multiple times.", at the second one) when the field has
//   presence: a message field, a proto3 `optional` field. It asks HasField, so a proto3 field
//   without presence slips through after its default (`seed: 0` then `seed: 7` reads as 7).
//   with_presence() gives it a type in which every field that is not repeated has presence,
//   and then it refuses them all; nothing of ours scans text format.
// - The JSON parser keeps the last value of a key given twice without a word, appends a list
//   given twice to the first, merges a message given twice, and refuses a proto3 `optional`
//   field given twice only in words about oneofs, with no line ("oneof field '_deals' is
//   already set"), and it refuses an unknown key without a line. find_duplicate_json_key() and
//   find_unknown_json_key() are the one scanner of ours.
#pragma once

#include <google/protobuf/descriptor.h>

#include <optional>
#include <string>
#include <string_view>

namespace pokerarena::sim {

struct DuplicateKey {
    std::string key;        // the second occurrence, as written (other bytes as \xHH)
    std::string first_key;  // the first, as written: another spelling of the same field
    std::string object;     // where both are: "" (the top), "bots[1]", "sit_and_go.levels[0]"
    int line = 0;           // of the second occurrence, from 0
    int column = 0;         // of the second occurrence, from 0, in bytes
    int first_line = 0;     // from 0
    // `key "deals" is given twice (first on line 3)`; `... of sit_and_go.levels[0] ...` for a
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

// A key of a JSON object of a message type that names none of its fields.
struct UnknownKey {
    std::string key;     // as written (other bytes as \xHH in messages)
    std::string object;  // where it is: "" (the top), "bots[1]"
    int line = 0;        // from 0
    int column = 0;      // from 0, in bytes
};

// The first key, in file order, that names no field of its object's message type (the type,
// or a message field's below it), read as find_duplicate_json_key reads (up to a key given
// twice, if any); nullopt when there is none. Protobuf's JSON parser refuses such a key without
// a line ("handz: Cannot find field."); this finds where it is.
std::optional<UnknownKey> find_unknown_json_key(std::string_view text,
                                                const google::protobuf::Descriptor& type);

// `type` (of the generated pool) as built in a pool of its own, in which every field that is
// not repeated has presence: those without it (proto3 scalars) become proto3 `optional`, so
// that the text-format parser refuses any of them given twice. Otherwise the same fields,
// names and numbers, so text Protobuf's parser accepts as `type` parses as this type too,
// unless it gives such a field twice. Built once per type; thread-safe.
const google::protobuf::Descriptor& with_presence(const google::protobuf::Descriptor& type);

}  // namespace pokerarena::sim
