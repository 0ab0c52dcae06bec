// Why a JSON scanner of our own, when text format needs none (with_presence): a library would
// have to read the JSON Protobuf's parser reads, and none that Debian 12 ships does. simdjson
// 3.0.1 (checked) keeps every key of an object and tells where each is, but refuses bare keys,
// single quotes and a trailing comma, which Protobuf accepts, so a key given twice in such a
// file would get past. nlohmann::json 3.11.2 reads the same strict JSON, keeps the last of two
// keys, and its SAX interface sees every key but gives a position only with an error. And no
// library knows that "stack_big_blinds" and "stackBigBlinds" are one field. So only the
// structure is read here (strings, nesting, keys); values are skipped, and judging them stays
// with Protobuf.
#include "duplicate_keys.hpp"

#include <google/protobuf/descriptor.pb.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/engine/text.hpp"

namespace pokerarena::sim {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

std::string member_path(const std::string& path, const std::string& name) {
    return path.empty() ? name : path + '.' + name;
}

std::string element_path(const std::string& path, int index) {
    return path + '[' + std::to_string(index) + ']';
}

// --- JSON --------------------------------------------------------------------------------------

// The field a JSON key names in `type` (null: none, or `type` is null): Protobuf's JSON parser
// takes the field's name and its JSON name.
const FieldDescriptor* json_field(const Descriptor* type, const std::string& key) {
    if (type == nullptr) return nullptr;
    for (int i = 0; i < type->field_count(); ++i) {
        const FieldDescriptor* field = type->field(i);
        if (field->name() == key || field->json_name() == key) return field;
    }
    return nullptr;
}

bool is_json_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Protobuf's bare keys: a letter, '_' or '$', then those or digits.
bool is_bare_key_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

bool is_hex_digit(char c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// The JSON Protobuf's parser reads (util/internal/json_stream_parser): besides standard JSON,
// strings in single quotes, bare keys and a comma before a closing bracket, any character
// escaped by a backslash standing for itself. Those must be read here too, or a duplicate in
// such a file would get past. An explicit stack rather than recursion: this runs before any
// parser has bounded the nesting.
class JsonScanner {
  public:
    explicit JsonScanner(std::string_view text) : text_(text) {}
    // Scans up to the first key given twice, or to the end; unknown() is then the first key
    // before that point that names no field of a message-typed object.
    std::optional<DuplicateKey> scan(const Descriptor& type);
    const std::optional<UnknownKey>& unknown() const { return unknown_; }

  private:
    struct Key {
        std::string written;
        std::size_t offset;
    };
    struct Container {
        bool object = false;
        const Descriptor* type = nullptr;  // of the object, or of a list's elements; null: none
        std::string path;
        std::map<std::string, Key> keys;  // objects: by the field's name, else by the key
        int elements = 0;                 // lists
    };

    void skip_space();
    bool read_string(std::string* decoded);
    bool read_unicode_escape(std::uint32_t& code);
    bool read_hex4(std::size_t at, std::uint32_t& unit) const;
    bool read_key(std::string& key, std::string& written);
    bool skip_scalar();
    void locate(std::size_t offset, int& line, int& column) const;

    std::string_view text_;
    std::size_t at_ = 0;
    std::optional<UnknownKey> unknown_;
};

// Protobuf's JSON parser's limit on nested objects.
constexpr std::size_t kMaxDepth = 100;

std::optional<DuplicateKey> JsonScanner::scan(const Descriptor& type) {
    enum class Expect { Value, ValueOrEnd, KeyOrEnd, Colon, CommaOrEnd };
    std::vector<Container> open;
    Expect expect = Expect::Value;
    const Descriptor* value_type = &type;  // of the value read next, with its path
    std::string value_path;
    auto begin_element = [&] {
        Container& list = open.back();
        value_type = list.type;
        value_path = element_path(list.path, list.elements++);
        expect = Expect::ValueOrEnd;
    };
    for (;;) {
        skip_space();
        // Once the outermost value has ended, whatever follows is Protobuf's to judge.
        if (at_ == text_.size() || (expect != Expect::Value && open.empty())) return std::nullopt;
        const char c = text_[at_];
        const bool closes = (expect == Expect::KeyOrEnd && c == '}') ||
                            (expect == Expect::ValueOrEnd && c == ']') ||
                            (expect == Expect::CommaOrEnd && c == (open.back().object ? '}' : ']'));
        if (closes) {
            ++at_;
            open.pop_back();
            expect = Expect::CommaOrEnd;
            continue;
        }
        switch (expect) {
            case Expect::Value:
            case Expect::ValueOrEnd:
                if (c == '{' || c == '[') {
                    // Each open container keeps its path here, so deeper text would cost memory
                    // growing with the square of the depth (a 30 KB file of '[' took 1.4 GB).
                    // Deeper than this, Protobuf's parser refuses objects itself ("Message too
                    // deep") and no configuration has lists of lists.
                    if (open.size() == kMaxDepth) return std::nullopt;
                    ++at_;
                    open.push_back({c == '{', value_type, value_path, {}, 0});
                    if (c == '{')
                        expect = Expect::KeyOrEnd;
                    else
                        begin_element();
                    break;
                }
                if (!skip_scalar()) return std::nullopt;
                expect = Expect::CommaOrEnd;
                break;
            case Expect::KeyOrEnd: {
                const std::size_t offset = at_;
                std::string key;
                std::string written;
                if (!read_key(key, written)) return std::nullopt;
                Container& object = open.back();
                const FieldDescriptor* field = json_field(object.type, key);
                const std::string name = field != nullptr ? field->name() : key;
                if (const auto first = object.keys.find(name); first != object.keys.end()) {
                    DuplicateKey twice;
                    twice.key = written;
                    twice.first_key = first->second.written;
                    twice.object = object.path;
                    locate(offset, twice.line, twice.column);
                    int first_column = 0;
                    locate(first->second.offset, twice.first_line, first_column);
                    return twice;
                }
                if (field == nullptr && object.type != nullptr && !unknown_) {
                    unknown_.emplace();
                    unknown_->key = written;
                    unknown_->object = object.path;
                    locate(offset, unknown_->line, unknown_->column);
                }
                object.keys.emplace(name, Key{written, offset});
                value_type = field != nullptr ? field->message_type() : nullptr;
                value_path = member_path(object.path, name);
                expect = Expect::Colon;
                break;
            }
            case Expect::Colon:
                if (c != ':') return std::nullopt;
                ++at_;
                expect = Expect::Value;
                break;
            case Expect::CommaOrEnd:
                if (c != ',') return std::nullopt;
                ++at_;
                if (open.back().object)
                    expect = Expect::KeyOrEnd;
                else
                    begin_element();
                break;
        }
    }
}

void JsonScanner::skip_space() {
    while (at_ < text_.size() && is_json_space(text_[at_]))
        ++at_;
}

// At a quote: the string up to the same quote, escapes decoded into `decoded` when given.
// False when the string does not end or holds an escape Protobuf refuses.
bool JsonScanner::read_string(std::string* decoded) {
    const char quote = text_[at_++];
    while (at_ < text_.size()) {
        const char c = text_[at_];
        if (c == quote) {
            ++at_;
            return true;
        }
        if (c != '\\') {
            if (decoded != nullptr) *decoded += c;
            ++at_;
            continue;
        }
        if (at_ + 1 == text_.size()) return false;
        const char escaped = text_[at_ + 1];
        if (escaped == 'u') {
            std::uint32_t code = 0;
            if (!read_unicode_escape(code)) return false;
            if (decoded != nullptr) append_utf8(*decoded, code);
            continue;
        }
        if (decoded != nullptr) {
            switch (escaped) {
                case 'b':
                    *decoded += '\b';
                    break;
                case 'f':
                    *decoded += '\f';
                    break;
                case 'n':
                    *decoded += '\n';
                    break;
                case 'r':
                    *decoded += '\r';
                    break;
                case 't':
                    *decoded += '\t';
                    break;
                case 'v':
                    *decoded += '\v';
                    break;
                default:
                    *decoded += escaped;
            }
        }
        at_ += 2;
    }
    return false;
}

// At "\u": one code point, from a UTF-16 surrogate pair when it takes two escapes; a lone
// surrogate is refused, as Protobuf refuses it.
bool JsonScanner::read_unicode_escape(std::uint32_t& code) {
    std::uint32_t unit = 0;
    if (!read_hex4(at_ + 2, unit)) return false;
    at_ += 6;
    if (unit >= 0xDC00 && unit <= 0xDFFF) return false;
    if (unit < 0xD800 || unit > 0xDBFF) {
        code = unit;
        return true;
    }
    std::uint32_t low = 0;
    if (text_.substr(at_, 2) != "\\u" || !read_hex4(at_ + 2, low) || low < 0xDC00 || low > 0xDFFF)
        return false;
    at_ += 6;
    code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
    return true;
}

bool JsonScanner::read_hex4(std::size_t at, std::uint32_t& unit) const {
    if (at + 4 > text_.size()) return false;
    unit = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        const char c = text_[i];
        if (!is_hex_digit(c)) return false;
        const int digit = is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
        unit = unit << 4 | static_cast<std::uint32_t>(digit);
    }
    return true;
}

// A key, quoted or bare: `key` decoded, `written` as in the file (without its quotes).
bool JsonScanner::read_key(std::string& key, std::string& written) {
    const std::size_t start = at_;
    const char c = text_[at_];
    if (c == '"' || c == '\'') {
        if (!read_string(&key)) return false;
        written = text_.substr(start + 1, at_ - start - 2);
        return true;
    }
    if (!is_bare_key_start(c)) return false;
    while (at_ < text_.size() && (is_bare_key_start(text_[at_]) || is_digit(text_[at_])))
        ++at_;
    key = written = text_.substr(start, at_ - start);
    return key != "true" && key != "false" && key != "null";
}

// A string, a number or true, false or null, as far as Protobuf's parser takes each.
bool JsonScanner::skip_scalar() {
    const char c = text_[at_];
    if (c == '"' || c == '\'') return read_string(nullptr);
    if (c == '-' || is_digit(c)) {
        auto in_number = [](char x) {
            return is_digit(x) || x == '.' || x == 'e' || x == 'E' || x == '+' || x == '-' ||
                   x == 'x';
        };
        while (at_ < text_.size() && in_number(text_[at_]))
            ++at_;
        return true;
    }
    for (const std::string_view word : {"true", "false", "null"}) {
        if (text_.substr(at_, word.size()) == word) {
            at_ += word.size();
            return true;
        }
    }
    return false;
}

void JsonScanner::locate(std::size_t offset, int& line, int& column) const {
    line = 0;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text_[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    column = static_cast<int>(offset - line_start);
}

// --- Text format -------------------------------------------------------------------------------

// Every field of `message` (and of the messages nested in it) that is not repeated, not a
// message and not in a oneof becomes proto3 `optional`: a synthetic oneof of its own, which
// goes after the real ones, as protoc places them.
void add_presence(google::protobuf::DescriptorProto& message) {
    for (google::protobuf::DescriptorProto& nested : *message.mutable_nested_type())
        add_presence(nested);
    for (google::protobuf::FieldDescriptorProto& field : *message.mutable_field()) {
        if (field.label() == google::protobuf::FieldDescriptorProto::LABEL_REPEATED ||
            field.type() == google::protobuf::FieldDescriptorProto::TYPE_MESSAGE ||
            field.has_oneof_index())
            continue;
        field.set_proto3_optional(true);
        field.set_oneof_index(message.oneof_decl_size());
        message.add_oneof_decl()->set_name("_" + field.name());
    }
}

// `file` and the files it imports, each with add_presence, into `pool`.
const google::protobuf::FileDescriptor* build_with_presence(
    const google::protobuf::FileDescriptor& file, google::protobuf::DescriptorPool& pool) {
    if (const auto* built = pool.FindFileByName(file.name())) return built;
    for (int i = 0; i < file.dependency_count(); ++i)
        build_with_presence(*file.dependency(i), pool);
    google::protobuf::FileDescriptorProto proto;
    file.CopyTo(&proto);
    for (google::protobuf::DescriptorProto& message : *proto.mutable_message_type())
        add_presence(message);
    return pool.BuildFile(proto);
}

}  // namespace

std::string DuplicateKey::message() const {
    std::string text = "key \"" + printable_text(key) + '"';
    if (!object.empty()) text += " of " + printable_text(object);
    text += " is given twice (first on line " + std::to_string(first_line + 1);
    if (first_key != key) text += ", as \"" + printable_text(first_key) + '"';
    return text + ')';
}

std::optional<DuplicateKey> find_duplicate_json_key(std::string_view text, const Descriptor& type) {
    return JsonScanner(text).scan(type);
}

std::optional<UnknownKey> find_unknown_json_key(std::string_view text, const Descriptor& type) {
    JsonScanner scanner(text);
    scanner.scan(type);
    return scanner.unknown();
}

const Descriptor& with_presence(const Descriptor& type) {
    static std::mutex mutex;
    static google::protobuf::DescriptorPool pool;
    const std::lock_guard lock(mutex);
    if (build_with_presence(*type.file(), pool) == nullptr)
        throw std::logic_error("with_presence: " + type.file()->name() + " does not build");
    return *pool.FindMessageTypeByName(type.full_name());
}

}  // namespace pokerarena::sim
