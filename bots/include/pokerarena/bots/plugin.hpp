// Loading bots from shared libraries written against bots/sdk/pokerarena_bot.h.
//
// Guarantees
// - load_plugin() opens the library (dlopen, RTLD_NOW | RTLD_LOCAL), calls its
//   pokerarena_bot_api(PA_BOT_ABI_VERSION) once, and accepts the table only when it is
//   usable; the library stays loaded while any PluginLibrary copy or bot made from it lives.
// - Rejected with PluginError, the message starting "plugin 'PATH': ":
//     "file not found"                                   the path does not exist
//     "cannot be loaded: <dlerror text>"                 not a loadable library
//     "does not export pokerarena_bot_api (...)"         the entry point is missing
//     "refused host ABI version 1.2"                     the entry point returned NULL
//     "implements ABI version X.Y; this host supports 1.x"   another major version
//     "API table of N bytes is smaller than the M bytes of ABI 1.0"   a truncated table
//     "required function 'decide' is missing (null)"     create, destroy, decide or
//                                                        last_error is null
//     "required field 'name' (the bot's name) is missing (null)"   name is null
// - PluginBot converts each SeatView to a PaView in buffers it owns (no allocation per
//   decision once the action list has reached its longest) and validates the answer: a
//   PA_STATUS_ERROR is thrown as BotError(ErrorStatus, "decide returned an error: <last
//   error>"), an unknown action kind as BotError(BadAnswer, ...); amounts are left for the
//   table to judge (an illegal one is an IllegalAction fault).
// - last_strategy() asks the plugin's optional last_strategy hook (ABI 1.2) and judges the
//   answer with strategy_problem(): an error status, a count above the capacity, an unknown
//   kind, an escaped exception or an invalid strategy is noted in strategy_problems() and the
//   strategy dropped (false), never thrown: the decision's action stands.
// - Every call into the plugin (loading it, create, destroy, decide, last_error, on_event,
//   new_match, action_probabilities, last_strategy) is marked while it runs (plugin_call.hpp),
//   naming the plugin by its specification PATH[:config], so that a crash or a call that does not
//   return can be blamed on it.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerarena/bots/bot.hpp"

struct PaBotApi;

namespace pokerarena {

class PluginError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A plugin specification split into the library path and its configuration string:
// "dir/bot.so:level=3" -> {"dir/bot.so", "level=3"}. The path ends at the first ".so:" (or
// at the end); without ".so", at the first ':' after the last '/'.
struct PluginSpec {
    std::string path;
    std::string config;
};
PluginSpec split_plugin_spec(std::string_view spec);

// An open plugin library and its validated API table.
class PluginLibrary {
  public:
    const std::string& path() const { return path_; }
    const PaBotApi& api() const { return *api_; }
    // The plugin's name from its table.
    std::string name() const;
    // The plugin's ABI version (major << 16 | minor).
    std::uint32_t abi_version() const;

  private:
    friend std::shared_ptr<const PluginLibrary> load_plugin(const std::string& path);
    PluginLibrary(std::string path, void* handle, const PaBotApi* api)
        : path_(std::move(path)), handle_(handle), api_(api) {}
    struct Closer {
        void operator()(void* handle) const;
    };

    std::string path_;
    std::unique_ptr<void, Closer> handle_;
    const PaBotApi* api_;
};

// Loads and validates `path` (see above). Throws PluginError.
std::shared_ptr<const PluginLibrary> load_plugin(const std::string& path);

// A bot backed by one plugin handle.
class PluginBot final : public Bot {
  public:
    // Creates the plugin instance; throws PluginError with the plugin's reason if create()
    // returns NULL.
    PluginBot(std::shared_ptr<const PluginLibrary> library, const std::string& config,
              std::uint64_t seed);
    ~PluginBot() override;
    PluginBot(const PluginBot&) = delete;
    PluginBot& operator=(const PluginBot&) = delete;

    Action decide(const SeatView& view) override;
    void on_event(const Event& event) override;
    bool wants_events() const override;  // when the plugin has on_event
    void new_match() override;
    bool action_probabilities(const SeatView& view, std::span<const Action> candidates,
                              std::span<double> probabilities) override;
    // False when the plugin has no last_strategy hook, says nothing (count 0), or reports a
    // strategy that is dropped (see above; an exception the plugin lets escape is one more
    // reason, noted as "last_strategy let a C++ exception escape ...").
    bool last_strategy(const SeatView& view, Strategy& out) override;
    const StrategyProblems* strategy_problems() const override { return &strategy_problems_; }

  private:
    struct Buffers;
    void fill_view(const SeatView& view);
    // The plugin's last_error() text, "(no message)" when it gives none.
    std::string last_error(std::int32_t hand, std::int32_t seat);

    std::shared_ptr<const PluginLibrary> library_;
    const char* label_;        // plugin_label(PATH[:config])
    std::uint32_t calls_ = 0;  // calls made, the marker's serial
    void* handle_ = nullptr;
    std::unique_ptr<Buffers> buffers_;
    StrategyProblems strategy_problems_;
};

// A factory for "PATH.so[:config]": loads the library once; create() makes PluginBots.
std::shared_ptr<const BotFactory> make_plugin_factory(std::string_view spec);

}  // namespace pokerarena
