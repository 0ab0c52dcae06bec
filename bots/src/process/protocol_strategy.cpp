#include "protocol_strategy.hpp"

#include <charconv>
#include <string_view>

#include "protocol.hpp"

namespace pokerarena::process {

void append_strategy(std::string& out, const Strategy& strategy) {
    out += ",\"strategy\":[";
    for (std::uint32_t i = 0; i < strategy.size; ++i) {
        const StrategyPart& part = strategy.parts[i];
        if (i > 0) out += ',';
        switch (part.kind) {
            case ActionKind::Fold:
                out += "{\"action\":\"fold\"";
                break;
            case ActionKind::CheckCall:
                out += "{\"action\":\"call\"";
                break;
            case ActionKind::RaiseTo:
                out += "{\"action\":\"raise\",";
                if (part.lo != part.hi) {
                    out += "\"from\":";
                    append_decimal(out, part.lo);
                    out += ',';
                }
                out += "\"to\":";
                append_decimal(out, part.hi);
                break;
        }
        out += ",\"p\":";
        char digits[32];
        const char* end = std::to_chars(digits, digits + sizeof digits, part.probability).ptr;
        out.append(digits, static_cast<std::size_t>(end - digits));
        out += '}';
    }
    out += ']';
}

namespace {

// One part; false with what is wrong (without the part's number) in `error`.
bool read_part(simdjson::dom::element element, StrategyPart& part, std::string& error) {
    simdjson::dom::object object;
    if (element.get_object().get(object)) {
        error = "is not an object";
        return false;
    }
    std::string_view action;
    bool has_action = false;
    bool has_from = false;
    bool has_to = false;
    bool has_p = false;
    std::int64_t from = 0;
    std::int64_t to = 0;
    for (const auto [key, value] : object) {
        if (key == "action") {
            if (value.get_string().get(action)) {
                error = "\"action\" is not a string";
                return false;
            }
            has_action = true;
        } else if (key == "from" || key == "to") {
            std::int64_t amount = 0;
            if (value.get_int64().get(amount)) {
                error = "\"" + std::string(key) + "\" is not a whole number of chips";
                return false;
            }
            (key == "from" ? from : to) = amount;
            (key == "from" ? has_from : has_to) = true;
        } else if (key == "p") {
            if (value.get_double().get(part.probability)) {
                error = "\"p\" is not a number";
                return false;
            }
            has_p = true;
        }
    }
    if (!has_action) {
        error = "no \"action\"";
        return false;
    }
    if (!has_p) {
        error = "no \"p\" (its probability)";
        return false;
    }
    if (action == "raise") {
        if (!has_to) {
            error = "\"raise\" without \"to\"";
            return false;
        }
        part.kind = ActionKind::RaiseTo;
        part.lo = has_from ? from : to;
        part.hi = to;
        return true;
    }
    if (has_from || has_to) {
        error = "\"from\" or \"to\" given for \"" + std::string(action) + "\"";
        return false;
    }
    if (action == "fold") {
        part.kind = ActionKind::Fold;
    } else if (action == "call" || action == "check") {
        part.kind = ActionKind::CheckCall;
    } else {
        error =
            "unknown action \"" + std::string(action) + "\"; expected fold, check, call or raise";
        return false;
    }
    part.lo = 0;
    part.hi = 0;
    return true;
}

}  // namespace

bool read_strategy(simdjson::dom::element value, Strategy& out, std::string& error) {
    simdjson::dom::array parts;
    if (value.get_array().get(parts)) {
        error = "\"strategy\" is not a list";
        return false;
    }
    out.clear();
    std::size_t index = 0;
    for (const simdjson::dom::element element : parts) {
        ++index;
        StrategyPart part;
        std::string why;
        if (!read_part(element, part, why)) {
            error = "\"strategy\" part " + std::to_string(index) + ": " + why;
            return false;
        }
        if (!out.add(part)) {
            error = "\"strategy\" has more than " + std::to_string(Strategy::kMaxParts) + " parts";
            return false;
        }
    }
    return true;
}

}  // namespace pokerarena::process
