#include "bot_list.hpp"

#include <charconv>
#include <stdexcept>
#include <system_error>

#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"

namespace pokerarena::cli {

namespace {

bool is_number(const std::string& text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

// Whether `text` is a whole bot spec: a built-in's name (with or without its ":parameters"),
// or a plugin library whose file name ends in ".so" or ".dylib" (with or without a
// configuration).
bool names_a_bot(const std::string& text) {
    if (is_plugin_spec(text)) {
        const std::string path = split_plugin_spec(text).path;
        return path.ends_with(".so") || path.ends_with(".dylib");
    }
    const std::string name = text.substr(0, text.find(':'));
    for (const BuiltinBotInfo& bot : builtin_bots())
        if (name == bot.name) return true;
    return false;
}

// The entry of `list` that starts at `start`, and `start` moved past its comma. A process
// bot's options are comma-separated inside their brackets: "proc[procs=2,timeout=5]:./bot" is
// one entry.
std::string next_entry(const std::string& list, std::size_t& start) {
    const std::size_t open = list.find('[', start);
    std::size_t end = list.find(',', start);
    if (open < end && list.find(']', open) != std::string::npos)
        end = list.find(',', list.find(']', open));
    if (end == std::string::npos) end = list.size();
    std::string entry = list.substr(start, end - start);
    start = end + 1;
    return entry;
}

std::string with_name(const FlagBot& bot) {
    return (bot.name.empty() ? "" : bot.name + "=") + bot.spec;
}

// `piece`, after a plugin with a configuration, was read as a new bot (`reading`).
std::string read_as_new_bot(const std::string& flag, const std::string& piece,
                            const FlagBot& plugin, const std::string& reading) {
    const std::string text = with_name(plugin);
    return flag + ": '" + piece + "' after the plugin '" + text + "' is read as " + reading +
           ", not as more of the plugin's configuration. To say so without doubt, give each "
           "bot its own " +
           flag + " flag (" + flag + " '" + text + "' " + flag + " '" + piece +
           "'); to pass it to the plugin, list the bots in a configuration file, whose spec "
           "field is taken whole (bots { spec: \"" +
           plugin.spec + "," + piece + "\" })";
}

// `piece` looks like a process bot named `key` but was taken into the plugin's configuration.
std::string read_as_configuration(const std::string& flag, const std::string& piece,
                                  const std::string& key, const FlagBot& plugin) {
    const std::string text = with_name(plugin);
    return flag + ": '" + piece + "' looks like a bot named '" + key +
           "' but is read as more of the configuration of the plugin '" + text +
           "'. To make it a bot of its own, give it its own " + flag + " flag (" + flag + " '" +
           text + "' " + flag + " '" + piece + "')";
}

}  // namespace

std::vector<FlagBot> split_bot_list(const std::vector<std::string>& lists, const std::string& flag,
                                    std::vector<std::string>& warnings) {
    std::vector<FlagBot> bots;
    for (const std::string& list : lists) {
        const std::size_t first_of_list = bots.size();
        std::size_t start = 0;
        while (start <= list.size()) {
            std::string piece = next_entry(list, start);
            if (piece.empty())
                throw std::invalid_argument(flag + " '" + list +
                                            "': an empty entry; expected bots separated by "
                                            "commas, e.g. " +
                                            flag + " tag,call");
            const std::size_t equals = piece.find('=');
            const std::string key = piece.substr(0, equals);
            // The plugin of this value whose configuration the piece may belong to, if any.
            const bool after_plugin =
                bots.size() > first_of_list && is_plugin_spec(bots.back().spec) &&
                bots.back().spec.size() > split_plugin_spec(bots.back().spec).path.size();
            // NAME= only where the '=' comes before any ':', '/' or '[': the '=' of
            // "proc[procs=2]:./bot" or "acpc[connection=lane]:./client" is an option's.
            if (equals == std::string::npos || key.find_first_of(":/[") != std::string::npos) {
                if (after_plugin)
                    warnings.push_back(
                        read_as_new_bot(flag, piece, bots.back(), "a bot of its own"));
                bots.push_back({"", std::move(piece)});
                continue;
            }
            const std::string value = piece.substr(equals + 1);
            const bool continues =
                bots.size() > first_of_list && bots.back().spec.find(':') != std::string::npos &&
                (is_number(value) || (is_plugin_spec(bots.back().spec) && !names_a_bot(value)));
            if (continues) {
                // A process bot's spec ("b=proc:python3 b.py") taken into a plugin's
                // configuration was most likely meant as a bot of its own.
                if (!key.empty() && is_process_spec(value))
                    warnings.push_back(read_as_configuration(flag, piece, key, bots.back()));
                bots.back().spec += "," + piece;
            } else if (key.empty()) {
                throw std::invalid_argument(flag + ": '" + piece +
                                            "' names no bot; expected NAME=SPEC, e.g. " + flag +
                                            " a=tag,b=tag");
            } else {
                if (after_plugin)
                    warnings.push_back(
                        read_as_new_bot(flag, piece, bots.back(),
                                        "a bot named '" + key + "' playing '" + value + "'"));
                bots.push_back({key, value});
            }
        }
    }
    return bots;
}

}  // namespace pokerarena::cli
