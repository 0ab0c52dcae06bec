#include "pokerarena/bots/registry.hpp"

#include <charconv>
#include <cmath>
#include <ostream>
#include <sstream>

#include "builtin/builtin_bots.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena {
namespace {

constexpr BuiltinBotInfo kBuiltins[] = {
    {"random",
     "uniform over the legal kinds of action (fold, check/call, raise), raise sizes uniform",
     {},
     builtin::make_random},
    {"call", "calling station: always checks or calls", {}, builtin::make_call},
    {"fold", "checks when it is free, otherwise folds", {}, builtin::make_fold},
    {"allin",
     "maniac: moves all-in whenever it may raise, otherwise calls",
     {},
     builtin::make_allin},
    {"tag",
     "tight-aggressive: positional preflop ranges, postflop hand strength, draws and pot odds",
     {},
     builtin::make_tag,
     true},
    {"equity",
     "Monte Carlo equity against random hands (exact in Kuhn and Leduc) compared with the pot "
     "odds",
     {},
     builtin::make_equity},
    {"cfr",
     "CFR+ equilibrium of heads-up Kuhn and Leduc, trained at start-up; plays its average "
     "strategy",
     {},
     builtin::make_cfr,
     false,
     builtin::cfr_game_problem,
     builtin::prepare_cfr},
};

// Built at first use: the spans of tag's and equity's lists live in other files.
const std::array<BuiltinBotInfo, std::size(kBuiltins)>& builtins() {
    static const auto table = [] {
        std::array<BuiltinBotInfo, std::size(kBuiltins)> t{};
        for (std::size_t i = 0; i < t.size(); ++i)
            t[i] = kBuiltins[i];
        t[4].params = builtin::kTagParams;
        t[5].params = builtin::kEquityParams;
        t[6].params = builtin::kCfrParams;
        return t;
    }();
    return table;
}

std::string builtin_names() {
    std::string names;
    for (const BuiltinBotInfo& b : builtins())
        names += (names.empty() ? "" : ", ") + std::string(b.name);
    return names;
}

const BuiltinBotInfo* find_builtin(std::string_view name) {
    for (const BuiltinBotInfo& b : builtins()) {
        if (name == b.name) return &b;
    }
    return nullptr;
}

std::string format_number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

class BuiltinFactory final : public BotFactory {
  public:
    BuiltinFactory(const BuiltinBotInfo& info, BotParams params, std::string spec)
        : info_(info), params_(params), spec_(std::move(spec)) {
        if (info_.prepare) info_.prepare(params_);
    }
    std::unique_ptr<Bot> create(std::uint64_t seed) const override {
        return info_.create(params_, seed);
    }
    const std::string& spec() const override { return spec_; }
    std::string game_problem(const GameDef& game) const override {
        if (info_.game_problem) return info_.game_problem(game);
        if (!info_.holdem_only || game.ranking == HandRanking::BestFive) return {};
        return std::string(info_.name) + " plays Texas hold'em only, not " + game.ranking_name() +
               " (its ranges and hand strength are hold'em's); random, call, fold, allin and "
               "equity play every game, cfr heads-up Kuhn and Leduc";
    }

  private:
    const BuiltinBotInfo& info_;
    BotParams params_;
    std::string spec_;
};

}  // namespace

std::span<const BuiltinBotInfo> builtin_bots() {
    return builtins();
}

BotParams parse_bot_params(std::string_view name, std::string_view text) {
    const BuiltinBotInfo* info = find_builtin(name);
    if (!info) {
        throw BotSpecError("unknown bot '" + std::string(name) + "'; built-in bots are: " +
                           builtin_names() + "; a plugin is given as PATH.so[:config]");
    }
    const std::string who = "bot '" + std::string(name) + "'";
    auto param_list = [&] {
        if (info->params.empty()) return std::string("it takes no parameters");
        std::string keys;
        for (const BotParamDef& p : info->params)
            keys += (keys.empty() ? "" : ", ") + std::string(p.key);
        return "its parameters are: " + keys;
    };

    BotParams params;
    std::array<bool, kMaxBotParams> given{};
    for (std::size_t i = 0; i < info->params.size(); ++i)
        params.values[i] = info->params[i].default_value;

    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view pair = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos || eq == 0) {
            throw BotSpecError(who + ": expected key=value, got '" + std::string(pair) + "'; " +
                               param_list());
        }
        const std::string_view key = pair.substr(0, eq);
        const std::string_view value_text = pair.substr(eq + 1);
        std::size_t index = 0;
        while (index < info->params.size() && key != info->params[index].key)
            ++index;
        if (index == info->params.size()) {
            throw BotSpecError(who + " has no parameter '" + std::string(key) + "'; " +
                               param_list());
        }
        const BotParamDef& def = info->params[index];
        if (given[index])
            throw BotSpecError(who + ": parameter '" + std::string(key) + "' is given twice");
        given[index] = true;

        double value = 0;
        const auto [end, error] =
            std::from_chars(value_text.data(), value_text.data() + value_text.size(), value);
        if (value_text.empty() || error != std::errc{} ||
            end != value_text.data() + value_text.size() || !std::isfinite(value)) {
            throw BotSpecError(who + ": " + std::string(key) + " = '" + std::string(value_text) +
                               "' is not a number");
        }
        if (value < def.min_value || value > def.max_value) {
            throw BotSpecError(who + ": " + std::string(key) + " = " + std::string(value_text) +
                               " is outside " + format_number(def.min_value) + ".." +
                               format_number(def.max_value));
        }
        if (def.integer && value != std::floor(value)) {
            throw BotSpecError(who + ": " + std::string(key) + " = " + std::string(value_text) +
                               " must be a whole number");
        }
        params.values[index] = value;
    }
    return params;
}

std::string resolve_plugin_spec(std::string_view spec, const std::filesystem::path& folder) {
    if (!is_plugin_spec(spec)) return std::string(spec);
    const std::string path = split_plugin_spec(spec).path;
    // The configuration is what follows the path (":config" or nothing), kept byte for byte.
    const std::string_view rest = spec.substr(path.size());
    const std::filesystem::path given(path);
    if (given.is_absolute()) return std::string(spec);
    // folder / given is given when folder is empty (absolute() refuses an empty path).
    return std::filesystem::absolute(folder / given).lexically_normal().string() +
           std::string(rest);
}

std::shared_ptr<const BotFactory> make_bot_factory(std::string_view spec) {
    if (is_process_spec(spec))
        return std::make_shared<ProcessBotFactory>(parse_process_spec(spec), std::string(spec));
    if (is_plugin_spec(spec)) return make_plugin_factory(spec);
    const std::size_t colon = spec.find(':');
    const std::string_view name = spec.substr(0, colon);
    const std::string_view params =
        colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
    const BotParams values = parse_bot_params(name, params);
    return std::make_shared<BuiltinFactory>(*find_builtin(name), values, std::string(spec));
}

std::unique_ptr<Bot> make_bot(std::string_view spec, std::uint64_t seed) {
    // A process bot's factory owns its processes and shuts them down when it goes: the bot
    // made here would fault at its first decision.
    if (is_process_spec(spec))
        throw std::invalid_argument("bot spec '" + std::string(spec) +
                                    "': a process bot's factory must outlive its bots "
                                    "(make_bot_factory), so make_bot cannot make one");
    return make_bot_factory(spec)->create(seed);
}

void list_bots(std::ostream& out) {
    out << "Built-in bots (give one as name or name:key=value,key=value):\n";
    for (const BuiltinBotInfo& b : builtins()) {
        out << "\n  " << b.name << "  " << b.description << '\n';
        if (b.params.empty()) out << "      (no parameters)\n";
        for (const BotParamDef& p : b.params) {
            out << "      " << p.key << " = " << format_number(p.default_value) << "  ("
                << (p.integer ? "integer " : "") << format_number(p.min_value) << ".."
                << format_number(p.max_value) << ") " << p.description << '\n';
        }
    }
    out << "\nPlugins: PATH.so or PATH.so:config (the config string is passed to the plugin).\n";
}

}  // namespace pokerarena
