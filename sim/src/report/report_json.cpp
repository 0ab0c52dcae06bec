// The report as JSON, streamed (report_json.hpp). Protobuf's printer (util::MessageToJsonString
// in 3.21) converts the message to binary, reads that back into a tree that holds every field
// with its default, and only then prints the tree into one string; for a report of half a
// million units that was 12.6 GB and minutes. This writer walks the message by reflection and
// writes each field as it reaches it, in the order and the spelling Protobuf's printer uses, so
// that scripts reading the JSON see no change (tests/sim/test_report_json.cpp compares the two).
#include "pokerarena/sim/report_json.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/report_io.hpp"

#include "io/output_file.hpp"

namespace pokerarena::sim {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// What is written collects here and goes to the stream in blocks of this size: one write per
// block rather than per token, and never more than a block held.
constexpr std::size_t kBlockBytes = std::size_t{64} << 10;

// The code point of the UTF-8 sequence of `length` bytes at text[at] (already validated).
std::uint32_t decode_utf8(std::string_view text, std::size_t at, std::size_t length) {
    const auto byte = [&](std::size_t i) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(text[at + i]));
    };
    if (length == 1) return byte(0);
    std::uint32_t cp = byte(0) & (0x7Fu >> length);
    for (std::size_t i = 1; i < length; ++i)
        cp = (cp << 6) | (byte(i) & 0x3Fu);
    return cp;
}

// Code points Protobuf's JSON printer writes as \u escapes besides the controls, quotes and
// angle brackets: invisible formatting characters that browsers' JavaScript once mishandled.
bool protobuf_escapes(std::uint32_t cp) {
    return cp == 0x00AD || cp == 0x06DD || cp == 0x070F || cp == 0x17B4 || cp == 0x17B5 ||
           cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || (cp >= 0x0600 && cp <= 0x0603) ||
           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x206A && cp <= 0x206F) || cp == 0xE0001 ||
           (cp >= 0x1D173 && cp <= 0x1D17A) || (cp >= 0xE0020 && cp <= 0xE007F);
}

class JsonWriter {
  public:
    explicit JsonWriter(std::ostream& out) : out_(out) { block_.reserve(kBlockBytes + 256); }

    void message(const Message& message, int depth) {
        const Descriptor& type = *message.GetDescriptor();
        const Reflection& reflection = *message.GetReflection();
        bool first = true;
        block_ += '{';
        // Protobuf's printer lists the fields outside any oneof in declaration order, each
        // message field only when set; then the set members of oneofs (proto3 `optional`
        // fields are each a oneof of one), in field number order, which is how they are
        // found in the serialized message.
        for (int i = 0; i < type.field_count(); ++i) {
            const FieldDescriptor& field = *type.field(i);
            if (field.containing_oneof() != nullptr) continue;
            if (!field.is_repeated() && field.cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE &&
                !reflection.HasField(message, &field))
                continue;
            this->field(message, field, depth, first);
        }
        std::vector<const FieldDescriptor*> in_oneofs;
        for (int i = 0; i < type.field_count(); ++i) {
            const FieldDescriptor* field = type.field(i);
            if (field->containing_oneof() != nullptr && reflection.HasField(message, field))
                in_oneofs.push_back(field);
        }
        std::sort(in_oneofs.begin(), in_oneofs.end(),
                  [](const FieldDescriptor* a, const FieldDescriptor* b) {
                      return a->number() < b->number();
                  });
        for (const FieldDescriptor* field : in_oneofs)
            this->field(message, *field, depth, first);
        close(first, depth, '}');
    }

    // The rest of the block, and a newline as Protobuf ends its text with.
    void finish() {
        block_ += '\n';
        flush();
    }

  private:
    void field(const Message& message, const FieldDescriptor& field, int depth, bool& first) {
        next_item(first, depth + 1);
        block_ += '"';
        block_ += field.name();  // preserve_proto_field_names; names are [A-Za-z0-9_]
        block_ += "\": ";
        const Reflection& reflection = *message.GetReflection();
        if (!field.is_repeated()) {
            value(message, field, -1, depth + 1);
            return;
        }
        const int size = reflection.FieldSize(message, &field);
        bool first_item = true;
        block_ += '[';
        for (int i = 0; i < size; ++i) {
            next_item(first_item, depth + 2);
            value(message, field, i, depth + 2);
        }
        close(first_item, depth + 1, ']');
    }

    // The value of `field` (item `index` of a repeated field, or -1), at `depth`.
    void value(const Message& message, const FieldDescriptor& field, int index, int depth) {
        const Reflection& r = *message.GetReflection();
        const bool item = index >= 0;
        switch (field.cpp_type()) {
            case FieldDescriptor::CPPTYPE_INT32:
                number(item ? r.GetRepeatedInt32(message, &field, index)
                            : r.GetInt32(message, &field));
                break;
            case FieldDescriptor::CPPTYPE_UINT32:
                number(item ? r.GetRepeatedUInt32(message, &field, index)
                            : r.GetUInt32(message, &field));
                break;
            // JSON readers keep numbers as doubles, which hold integers exactly only to 2^53:
            // the 64-bit ones are strings.
            case FieldDescriptor::CPPTYPE_INT64:
                quoted_number(item ? r.GetRepeatedInt64(message, &field, index)
                                   : r.GetInt64(message, &field));
                break;
            case FieldDescriptor::CPPTYPE_UINT64:
                quoted_number(item ? r.GetRepeatedUInt64(message, &field, index)
                                   : r.GetUInt64(message, &field));
                break;
            case FieldDescriptor::CPPTYPE_DOUBLE:
                real(item ? r.GetRepeatedDouble(message, &field, index)
                          : r.GetDouble(message, &field));
                break;
            case FieldDescriptor::CPPTYPE_BOOL:
                block_ +=
                    (item ? r.GetRepeatedBool(message, &field, index) : r.GetBool(message, &field))
                        ? "true"
                        : "false";
                break;
            case FieldDescriptor::CPPTYPE_ENUM: {
                const int number_value = item ? r.GetRepeatedEnumValue(message, &field, index)
                                              : r.GetEnumValue(message, &field);
                // A value this build does not know (proto3 enums are open) is its number.
                const auto* known = field.enum_type()->FindValueByNumber(number_value);
                if (known != nullptr)
                    text(known->name());
                else
                    number(number_value);
                break;
            }
            case FieldDescriptor::CPPTYPE_STRING: {
                std::string scratch;
                text(item ? r.GetRepeatedStringReference(message, &field, index, &scratch)
                          : r.GetStringReference(message, &field, &scratch));
                break;
            }
            case FieldDescriptor::CPPTYPE_MESSAGE:
                this->message(item ? r.GetRepeatedMessage(message, &field, index)
                                   : r.GetMessage(message, &field),
                              depth);
                break;
            case FieldDescriptor::CPPTYPE_FLOAT:
                // report_json_covers() is false for such a type; its test keeps the reports clear.
                break;
        }
        if (block_.size() >= kBlockBytes) flush();
    }

    // A comma before every item but the first, then the item's line and indent.
    void next_item(bool& first, int depth) {
        if (!first) block_ += ',';
        first = false;
        block_ += '\n';
        block_.append(static_cast<std::size_t>(depth), ' ');
    }

    // `}` or `]`: right after the opening one when nothing was written ("{}", "[]"), else on a
    // line of its own.
    void close(bool nothing_written, int depth, char bracket) {
        if (!nothing_written) {
            block_ += '\n';
            block_.append(static_cast<std::size_t>(depth), ' ');
        }
        block_ += bracket;
    }

    template <class Integer>
    void number(Integer value) {
        block_ += std::to_string(value);
    }

    template <class Integer>
    void quoted_number(Integer value) {
        block_ += '"';
        block_ += std::to_string(value);
        block_ += '"';
    }

    // As Protobuf's SimpleDtoa: the shortest of 15 significant digits that reads back as the
    // same double, else 17 (which always does); NaN and the infinities as strings.
    void real(double value) {
        if (std::isnan(value)) {
            block_ += "\"NaN\"";
            return;
        }
        if (std::isinf(value)) {
            block_ += value > 0 ? "\"Infinity\"" : "\"-Infinity\"";
            return;
        }
        char digits[32];
        std::snprintf(digits, sizeof digits, "%.*g", DBL_DIG, value);
        if (std::strtod(digits, nullptr) != value)
            std::snprintf(digits, sizeof digits, "%.*g", DBL_DIG + 2, value);
        block_ += digits;
    }

    void text(std::string_view value) {
        block_ += '"';
        for (std::size_t at = 0; at < value.size();) {
            const std::size_t length = utf8_sequence_length(value, at);
            // A report's strings are valid UTF-8 (Protobuf refuses to parse one that is not,
            // and write_report() to write it); a byte that is not is left out, as Protobuf does.
            if (length == 0) {
                ++at;
                continue;
            }
            escaped(decode_utf8(value, at, length), value.substr(at, length));
            at += length;
        }
        block_ += '"';
    }

    void escaped(std::uint32_t cp, std::string_view bytes) {
        switch (cp) {
            case '"':
                block_ += "\\\"";
                return;
            case '\\':
                block_ += "\\\\";
                return;
            case '\b':
                block_ += "\\b";
                return;
            case '\t':
                block_ += "\\t";
                return;
            case '\n':
                block_ += "\\n";
                return;
            case '\f':
                block_ += "\\f";
                return;
            case '\r':
                block_ += "\\r";
                return;
            default:
                break;
        }
        // C0 and C1 controls, DEL, and < and > (for HTML pages that embed the JSON).
        const bool control = cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
        if (!control && cp != '<' && cp != '>' && !protobuf_escapes(cp)) {
            block_ += bytes;
            return;
        }
        if (cp <= 0xFFFF) {
            unicode_escape(cp);
            return;
        }
        // Outside the basic plane: a UTF-16 surrogate pair, as JSON spells it.
        const std::uint32_t offset = cp - 0x10000;
        unicode_escape(0xD800 + (offset >> 10));
        unicode_escape(0xDC00 + (offset & 0x3FF));
    }

    void unicode_escape(std::uint32_t unit) {
        char digits[16];
        std::snprintf(digits, sizeof digits, "\\u%04x", static_cast<unsigned>(unit));
        block_ += digits;
    }

    void flush() {
        out_.write(block_.data(), static_cast<std::streamsize>(block_.size()));
        block_.clear();
    }

    std::ostream& out_;
    std::string block_;
};

bool covers(const Descriptor& type, std::vector<const Descriptor*>& seen) {
    for (const Descriptor* done : seen)
        if (done == &type) return true;
    seen.push_back(&type);
    for (int i = 0; i < type.field_count(); ++i) {
        const FieldDescriptor& field = *type.field(i);
        if (field.is_map() || field.type() == FieldDescriptor::TYPE_BYTES ||
            field.cpp_type() == FieldDescriptor::CPPTYPE_FLOAT)
            return false;
        // Well-known types (Timestamp, Any, wrappers) have JSON forms of their own.
        if (field.cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE &&
            (field.message_type()->file()->package() == "google.protobuf" ||
             !covers(*field.message_type(), seen)))
            return false;
    }
    return true;
}

}  // namespace

void write_report_json(const Message& report, std::ostream& out) {
    JsonWriter writer(out);
    writer.message(report, 0);
    writer.finish();
}

bool report_json_covers(const Descriptor& type) {
    std::vector<const Descriptor*> seen;
    return covers(type, seen);
}

void write_report_json_file(const Message& report, const std::filesystem::path& path) {
    try {
        io::OutputFile file(path);
        write_report_json(report, file.stream());
        file.commit();
    } catch (const io::OutputFileError& error) {
        throw ReportError(error.what());
    }
}

}  // namespace pokerarena::sim
