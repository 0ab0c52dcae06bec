// The bounds of toml_bounds.hpp, found in one pass over the text that knows just enough TOML to
// tell keys from values and strings and comments from the rest. It does not validate TOML: text
// it passes may still be bad TOML, which toml++ then reports with its own line and column.
#include "toml_bounds.hpp"

#include <algorithm>
#include <vector>

#include "pokerarena/engine/text.hpp"

namespace pokerarena {

namespace {

std::string at_line(std::string_view text, std::size_t offset) {
    const auto newlines = std::count(text.begin(), text.begin() + offset, '\n');
    return "line " + std::to_string(newlines + 1) + ": ";
}

// Where the string starting at text[i] (a quote) ends: the offset after its closing quote, or
// the end of its line or text when it has none (toml++ reports that).
std::size_t string_end(std::string_view text, std::size_t i) {
    const char quote = text[i];
    const bool basic = quote == '"';
    const std::string_view triple = basic ? "\"\"\"" : "'''";
    if (text.substr(i, 3) == triple) {
        for (std::size_t j = i + 3; j < text.size();) {
            if (basic && text[j] == '\\') {
                j += 2;
            } else if (text.substr(j, 3) == triple) {
                j += 3;
                // Up to two more quotes right before the delimiter belong to the string.
                for (int extra = 0; extra < 2 && j < text.size() && text[j] == quote; ++extra)
                    ++j;
                return j;
            } else {
                ++j;
            }
        }
        return text.size();
    }
    for (std::size_t j = i + 1; j < text.size();) {
        if (basic && text[j] == '\\') {
            j += 2;
        } else if (text[j] == quote) {
            return j + 1;
        } else if (text[j] == '\n') {
            return j;
        } else {
            ++j;
        }
    }
    return text.size();
}

class BoundsScanner {
  public:
    BoundsScanner(std::string_view text, std::vector<std::size_t>* headers)
        : text_(text), headers_(headers) {}

    std::string problem();

  private:
    std::string key_byte(std::size_t offset, std::size_t bytes);
    std::string nesting_at(std::size_t offset) const;
    void start_key() {
        in_key_ = true;
        key_parts_ = 0;
        key_bytes_ = 0;
    }

    std::string_view text_;
    std::vector<std::size_t>* headers_;  // null: not wanted
    bool in_key_ = true;                 // reading a key or a table header, not a value
    bool in_header_ = false;             // inside [header] or [[header]]
    int section_parts_ = 0;              // the parts of the last table header
    int key_parts_ = 0;  // the parts of the key being read, or of the last key's value
    std::size_t key_bytes_ = 0;
    std::vector<char> open_;  // the arrays ('[') and inline tables ('{') open, outermost first
    int held_parts_ = 0;      // the key parts of the keys whose values are open
    std::vector<int> held_;   // the key parts each open container holds
};

std::string BoundsScanner::key_byte(std::size_t offset, std::size_t bytes) {
    if (key_parts_ == 0) key_parts_ = 1;
    key_bytes_ += bytes;
    if (key_bytes_ > kMaxTomlKeyBytes) {
        return at_line(text_, offset) + "a key longer than " + std::to_string(kMaxTomlKeyBytes) +
               " bytes";
    }
    return nesting_at(offset);
}

std::string BoundsScanner::nesting_at(std::size_t offset) const {
    const int nesting = section_parts_ + held_parts_ + static_cast<int>(open_.size()) + key_parts_;
    if (nesting <= kMaxTomlNesting) return "";
    return at_line(text_, offset) + "nested more than " + std::to_string(kMaxTomlNesting) +
           " levels deep (dotted key and table header parts, arrays and inline tables)";
}

std::string BoundsScanner::problem() {
    if (text_.size() > kMaxPhhFileBytes) {
        return "line 1: the file has " + std::to_string(text_.size()) + " bytes, more than " +
               std::to_string(kMaxPhhFileBytes) + " (256 MiB)";
    }
    for (std::size_t i = 0; i < text_.size();) {
        const std::size_t length = utf8_sequence_length(text_, i);
        if (length == 0) return at_line(text_, i) + "bytes that are not UTF-8";
        i += length;
    }
    for (std::size_t i = 0; i < text_.size();) {
        const char c = text_[i];
        if (c == '#') {
            i = std::min(text_.find('\n', i), text_.size());
            continue;
        }
        if (c == '\n') {
            if (open_.empty()) start_key();
            in_header_ = false;
            ++i;
            continue;
        }
        if (c == '"' || c == '\'') {
            const std::size_t end = string_end(text_, i);
            if (in_key_) {
                if (std::string why = key_byte(i, end - i); !why.empty()) return why;
            }
            i = end;
            continue;
        }
        if (static_cast<unsigned char>(c) >= 0x80) {
            return at_line(text_, i) + "a character other than ASCII outside a string or comment";
        }
        if (in_key_) {
            if (c == '[' && open_.empty() && key_parts_ == 0 && !in_header_) {
                in_header_ = true;
                if (headers_ != nullptr) headers_->push_back(i);
                i += text_.substr(i, 2) == "[[" ? 2 : 1;
            } else if (c == ']' && in_header_) {
                section_parts_ = key_parts_;
                in_header_ = false;
                in_key_ = false;
                key_parts_ = 0;
                i += text_.substr(i, 2) == "]]" ? 2 : 1;
            } else if (c == '=') {
                in_key_ = false;
                ++i;
            } else if (c == '}' && !open_.empty() && open_.back() == '{') {
                in_key_ = false;  // an empty inline table; the value branch closes it
            } else if (c == ' ' || c == '\t' || c == '\r') {
                ++i;
            } else {
                if (c == '.') ++key_parts_;
                if (std::string why = key_byte(i, 1); !why.empty()) return why;
                ++i;
            }
            continue;
        }
        if (c == '[' || c == '{') {
            open_.push_back(c);
            held_.push_back(key_parts_);
            held_parts_ += key_parts_;
            key_parts_ = 0;
            if (std::string why = nesting_at(i); !why.empty()) return why;
            if (c == '{') start_key();
        } else if ((c == ']' || c == '}') && !open_.empty()) {
            held_parts_ -= held_.back();
            held_.pop_back();
            open_.pop_back();
        } else if (c == ',' && !open_.empty() && open_.back() == '{') {
            start_key();
        }
        ++i;
    }
    return "";
}

}  // namespace

std::string toml_bounds_problem(std::string_view text) {
    return BoundsScanner(text, nullptr).problem();
}

std::string toml_bounds_problem(std::string_view text, std::vector<std::size_t>& headers) {
    return BoundsScanner(text, &headers).problem();
}

}  // namespace pokerarena
