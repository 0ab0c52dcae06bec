#include "pokerarena/bots/plugin.hpp"

#include <dlfcn.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/bots/event_fields.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/sha256.hpp"
#include "pokerarena/engine/input_file.hpp"
#include "pokerarena_bot.h"

namespace pokerarena {
namespace {

// What PaAction.kind holds before decide (pokerarena_bot.h documents it).
constexpr std::int32_t kUnwrittenKind = INT32_MIN;

// The last field every ABI 1.x table has: tables shorter than this cannot be used.
constexpr std::size_t kMinApiSize = offsetof(PaBotApi, last_error) + sizeof(PaBotApi::last_error);

std::string version_text(std::uint32_t v) {
    return std::to_string(v >> 16) + "." + std::to_string(v & 0xFFFFu);
}

// Reads an optional function of the table only if the plugin's table is long enough to
// hold it (a table of an older minor version ends earlier).
template <typename F>
F optional_entry(const PaBotApi& api, F PaBotApi::*member, std::size_t offset) {
    if (api.struct_size < offset + sizeof(F)) return nullptr;
    return api.*member;
}
#define PA_OPTIONAL(api, field) optional_entry(api, &PaBotApi::field, offsetof(PaBotApi, field))

std::uint8_t card_byte(Card c) {
    return static_cast<std::uint8_t>(c.index());
}

// "on_event let a C++ exception escape (...): <what>", for the exception being handled. A C++
// plugin must catch its exceptions (pokerarena_bot.h), but one that does not is built with
// unwind tables, so its exception reaches the adapter, which is the one place that knows
// which bot and which call it came from.
std::string escaped_exception(PluginCall call) {
    std::string text = std::string(plugin_call_name(call)) +
                       " let a C++ exception escape (nothing may unwind through the plugin "
                       "interface): ";
    try {
        throw;
    } catch (const std::exception& e) {
        text += e.what();
    } catch (...) {
        text += "an exception not derived from std::exception";
    }
    return text;
}

}  // namespace

PluginSpec split_plugin_spec(std::string_view spec) {
    std::size_t end = spec.find(".so:");
    if (end != std::string_view::npos) {
        end += 3;
    } else if (spec.ends_with(".so") || spec.ends_with(".dylib")) {
        end = spec.size();
    } else {
        const std::size_t slash = spec.rfind('/');
        end = spec.find(':', slash == std::string_view::npos ? 0 : slash);
        if (end == std::string_view::npos) end = spec.size();
    }
    PluginSpec out{std::string(spec.substr(0, end)), ""};
    if (end < spec.size()) out.config = std::string(spec.substr(end + 1));
    return out;
}

void PluginLibrary::Closer::operator()(void* handle) const {
    dlclose(handle);
}

std::string PluginLibrary::name() const {
    return api_->name;
}
std::uint32_t PluginLibrary::abi_version() const {
    return api_->abi_version;
}

std::shared_ptr<const PluginLibrary> load_plugin(const std::string& path) {
    const std::string who = "plugin '" + path + "': ";
    // dlopen() of a FIFO waits for a writer forever, and of a device reads without end: only
    // a regular file goes to the loader. A loop of links is named as one, not as a missing file.
    try {
        check_input_file(path);
    } catch (const InputFileError& error) {
        throw PluginError(who + (error.error() == ENOENT ? "file not found" : error.what()));
    }
    // A bare file name would make dlopen search the library path instead of the current
    // directory; users mean the file they named.
    const std::string open_path = path.find('/') == std::string::npos ? "./" + path : path;
    const char* label = plugin_label(path);
    void* handle;
    {
        // dlopen runs the library's constructors: plugin code already.
        const PluginCallMarker marker(label, PluginCall::Load, 0);
        handle = dlopen(open_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    }
    if (!handle) {
        const char* why = dlerror();
        throw PluginError(who + "cannot be loaded: " + (why ? why : "unknown error"));
    }
    std::unique_ptr<void, PluginLibrary::Closer> guard(handle);
    dlerror();
    void* symbol = dlsym(handle, PA_BOT_ENTRY_POINT);
    if (!symbol) {
        throw PluginError(who + "does not export " PA_BOT_ENTRY_POINT
                                " (declare it extern \"C\" with default visibility, see "
                                "pokerarena_bot.h)");
    }
    PaBotApiFunction entry;
    static_assert(sizeof(entry) == sizeof(symbol));
    std::memcpy(&entry, &symbol, sizeof(entry));  // POSIX guarantees this conversion works
    const PaBotApi* api;
    try {
        const PluginCallMarker marker(label, PluginCall::Load, 1);
        api = entry(PA_BOT_ABI_VERSION);
    } catch (...) {
        throw PluginError(who + escaped_exception(PluginCall::Load));
    }
    if (!api)
        throw PluginError(who + "refused host ABI version " + version_text(PA_BOT_ABI_VERSION));
    if (api->struct_size < kMinApiSize) {
        throw PluginError(who + "API table of " + std::to_string(api->struct_size) +
                          " bytes is smaller than the " + std::to_string(kMinApiSize) +
                          " bytes of ABI " + std::to_string(PA_BOT_ABI_MAJOR) + ".0");
    }
    if (PA_ABI_MAJOR_OF(api->abi_version) != PA_BOT_ABI_MAJOR) {
        throw PluginError(who + "implements ABI version " + version_text(api->abi_version) +
                          "; this host supports " + std::to_string(PA_BOT_ABI_MAJOR) + ".x");
    }
    if (!api->name)
        throw PluginError(who + "required field 'name' (the bot's name) is missing (null)");
    const char* missing = !api->create       ? "create"
                          : !api->destroy    ? "destroy"
                          : !api->decide     ? "decide"
                          : !api->last_error ? "last_error"
                                             : nullptr;
    if (missing) throw PluginError(who + "required function '" + missing + "' is missing (null)");
    return std::shared_ptr<const PluginLibrary>(new PluginLibrary(path, guard.release(), api));
}

struct PluginBot::Buffers {
    PaView view{};
    std::vector<PaActionRecord> actions;
    std::vector<PaAction> candidates;
};

PluginBot::PluginBot(std::shared_ptr<const PluginLibrary> library, const std::string& config,
                     std::uint64_t seed)
    : library_(std::move(library)),
      label_(plugin_label(config.empty() ? library_->path() : library_->path() + ":" + config)),
      buffers_(std::make_unique<Buffers>()) {
    std::array<char, 512> error{};
    try {
        const PluginCallMarker marker(label_, PluginCall::Create, ++calls_);
        handle_ = library_->api().create(config.c_str(), seed, error.data(), error.size());
    } catch (...) {
        throw PluginError("plugin '" + library_->path() +
                          "': " + escaped_exception(PluginCall::Create));
    }
    if (!handle_) {
        error.back() = '\0';  // do not trust the plugin to terminate it
        throw PluginError("plugin '" + library_->path() +
                          "': create failed: " + (error[0] ? error.data() : "no reason given"));
    }
    // A whole hand's actions at most: fill_view never reallocates during play.
    buffers_->actions.reserve(kMaxRecordedActions);
}

PluginBot::~PluginBot() {
    const PluginCallMarker marker(label_, PluginCall::Destroy, ++calls_);
    library_->api().destroy(handle_);
}

void PluginBot::fill_view(const SeatView& s) {
    PaView& v = buffers_->view;
    v = PaView{};
    v.struct_size = sizeof(PaView);
    v.abi_version = PA_BOT_ABI_VERSION;
    v.seat = s.seat;
    v.num_seats = s.num_seats;
    v.hand_number = s.hand_number;
    v.button = s.button;
    v.round = s.round;
    v.hole_cards = s.hole_cards;
    v.board_count = s.board_count;
    v.dealt_in = s.dealt_in;
    v.folded = s.folded;
    v.all_in = s.all_in;
    v.known_hole = s.known_hole;
    v.big_blind = s.big_blind;
    v.pot = s.pot;
    v.current_bet = s.current_bet;
    for (int i = 0; i < kMaxSeats; ++i) {
        const auto seat = static_cast<std::size_t>(i);
        v.stacks[seat] = s.stacks[seat];
        v.bets[seat] = s.bets[seat];
        v.committed[seat] = s.committed[seat];
        const bool known = (s.known_hole >> i) & 1;
        static_assert(PA_MAX_ALL_HOLE_CARDS == kMaxHoleCards);
        for (int c = 0; c < PA_MAX_ALL_HOLE_CARDS; ++c) {
            const std::uint8_t card = known && c < s.hole_cards
                                          ? card_byte(s.hole[seat][static_cast<std::size_t>(c)])
                                          : PA_NO_CARD;
            v.all_hole[seat][c] = card;
            if (c < PA_MAX_HOLE_CARDS) v.hole[seat][c] = card;
        }
    }
    for (int i = 0; i < kMaxBoardCards; ++i) {
        v.board[i] =
            i < s.board_count ? card_byte(s.board[static_cast<std::size_t>(i)]) : PA_NO_CARD;
    }
    v.legal.can_fold = s.legal.can_fold;
    v.legal.can_check = s.legal.can_check;
    v.legal.can_raise = s.legal.can_raise;
    v.legal.call_amount = s.legal.call_amount;
    v.legal.min_raise_to = s.legal.min_raise_to;
    v.legal.max_raise_to = s.legal.max_raise_to;
    v.legal.all_in_to = s.legal.all_in_to;

    auto& actions = buffers_->actions;
    actions.resize(s.actions.size());
    for (std::size_t i = 0; i < s.actions.size(); ++i) {
        const RecordedAction& a = s.actions[i];
        actions[i] =
            PaActionRecord{a.seat, static_cast<int32_t>(a.kind), a.round, a.all_in, a.amount};
    }
    v.actions = actions.data();
    v.num_actions = static_cast<int64_t>(actions.size());
    v.actions_truncated = s.actions_truncated ? 1 : 0;
}

Action PluginBot::decide(const SeatView& view) {
    fill_view(view);
    // A kind no bot can mean: still there after PA_STATUS_OK, decide wrote no action. Checked
    // only where an unknown kind already is, so it costs nothing when the answer is valid.
    PaAction answer{kUnwrittenKind, 0, 0};
    const PaBotApi& api = library_->api();
    std::int32_t status;
    try {
        const PluginCallMarker marker(label_, PluginCall::Decide, ++calls_, view.hand_number,
                                      view.seat);
        status = api.decide(handle_, &buffers_->view, &answer);
    } catch (...) {
        throw BotError(FaultKind::Exception, escaped_exception(PluginCall::Decide));
    }
    if (status != PA_STATUS_OK) {
        throw BotError(FaultKind::ErrorStatus,
                       "decide returned an error: " + last_error(view.hand_number, view.seat));
    }
    switch (answer.kind) {
        case PA_FOLD:
            return Action::fold();
        case PA_CHECK_CALL:
            return Action::check_call();
        case PA_RAISE_TO:
            return Action::raise_to(answer.amount);
        case kUnwrittenKind:
            throw BotError(FaultKind::BadAnswer,
                           "decide returned PA_STATUS_OK without writing the action kind "
                           "(it still holds the host's placeholder " +
                               std::to_string(kUnwrittenKind) + ")");
        default:
            throw BotError(FaultKind::BadAnswer,
                           "decide wrote action kind " + std::to_string(answer.kind) +
                               ", which is not PA_FOLD (0), PA_CHECK_CALL (1) "
                               "or PA_RAISE_TO (2)");
    }
}

void PluginBot::on_event(const Event& e) {
    const auto hook = PA_OPTIONAL(library_->api(), on_event);
    if (!hook || e.kind == EventKind::ActionRequired) return;
    // Only the fields pokerarena_bot.h names for the kind (event_fields.hpp); the engine's
    // Event carries others (a default action, the round at showdown) that would read as
    // information.
    const EventFields& f = event_fields(e.kind);
    PaEvent p{};
    p.kind = static_cast<int32_t>(e.kind);
    p.seat = f.has(kEventSeat) ? e.seat : -1;
    p.hand_number = e.hand_number;
    if (f.has(kEventRound)) p.round = e.round;
    if (f.has(kEventPot)) p.pot_index = e.pot_index;
    if (f.has(kEventAction)) {
        p.action_kind = static_cast<int32_t>(e.action.kind);
        p.action_amount = e.action.amount;
    }
    if (f.has(kEventAmount)) p.amount = e.amount;
    if (f.has(kEventAllIn)) p.all_in = e.all_in;
    if (f.has(kEventValue)) p.value = e.value;
    if (f.has(kEventWinners)) p.winners = e.winners;
    p.num_cards = f.has(kEventCards) ? e.num_cards : 0;
    for (int i = 0; i < kMaxBoardCards; ++i) {
        p.cards[i] = i < p.num_cards ? card_byte(e.cards[static_cast<std::size_t>(i)]) : PA_NO_CARD;
    }
    try {
        const PluginCallMarker marker(label_, PluginCall::OnEvent, ++calls_, e.hand_number);
        hook(handle_, &p);
    } catch (...) {
        throw BotError(FaultKind::Exception, escaped_exception(PluginCall::OnEvent));
    }
}

std::string PluginBot::last_error(std::int32_t hand, std::int32_t seat) {
    const char* why;
    try {
        const PluginCallMarker marker(label_, PluginCall::LastError, ++calls_, hand, seat);
        why = library_->api().last_error(handle_);
    } catch (...) {
        throw BotError(FaultKind::Exception, escaped_exception(PluginCall::LastError));
    }
    return why && *why ? why : "(no message)";
}

bool PluginBot::wants_events() const {
    return PA_OPTIONAL(library_->api(), on_event) != nullptr;
}

void PluginBot::new_match() {
    if (const auto hook = PA_OPTIONAL(library_->api(), new_match)) {
        try {
            const PluginCallMarker marker(label_, PluginCall::NewMatch, ++calls_);
            hook(handle_);
        } catch (...) {
            // Between matches no seat is in play, and a host may let this end its work:
            // the message names the bot itself.
            throw BotError(FaultKind::Exception, "bot '" + std::string(label_) + "': " +
                                                     escaped_exception(PluginCall::NewMatch));
        }
    }
}

bool PluginBot::action_probabilities(const SeatView& view, std::span<const Action> candidates,
                                     std::span<double> probabilities) {
    const auto hook = PA_OPTIONAL(library_->api(), action_probabilities);
    if (!hook) return false;
    if (probabilities.size() != candidates.size()) {
        throw std::invalid_argument(
            "action_probabilities: " + std::to_string(probabilities.size()) +
            " probabilities for " + std::to_string(candidates.size()) + " candidates");
    }
    fill_view(view);
    auto& c = buffers_->candidates;
    c.resize(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        c[i] = PaAction{static_cast<int32_t>(candidates[i].kind), 0, candidates[i].amount};
    }
    std::int32_t status;
    try {
        const PluginCallMarker marker(label_, PluginCall::ActionProbabilities, ++calls_,
                                      view.hand_number, view.seat);
        status = hook(handle_, &buffers_->view, c.data(), static_cast<uint32_t>(c.size()),
                      probabilities.data());
    } catch (...) {
        throw BotError(FaultKind::Exception, escaped_exception(PluginCall::ActionProbabilities));
    }
    if (status != PA_STATUS_OK) {
        throw BotError(FaultKind::ErrorStatus, "action_probabilities returned an error: " +
                                                   last_error(view.hand_number, view.seat));
    }
    // The plugin's numbers are checked here, once, so that every host (check-bot, variance
    // reduction) can rely on Bot's contract.
    double sum = 0;
    for (std::size_t i = 0; i < probabilities.size(); ++i) {
        const double p = probabilities[i];
        if (!(p >= 0.0 && p <= 1.0)) {  // also rejects NaN
            throw BotError(FaultKind::BadAnswer, "action_probabilities wrote " + std::to_string(p) +
                                                     " for candidate " + std::to_string(i) +
                                                     ", outside 0..1");
        }
        sum += p;
    }
    if (sum > 1.0 + 1e-9) {
        throw BotError(FaultKind::BadAnswer,
                       "action_probabilities wrote probabilities summing to " +
                           std::to_string(sum) + ", more than 1");
    }
    return true;
}

bool PluginBot::last_strategy(const SeatView& view, Strategy& out) {
    const auto hook = PA_OPTIONAL(library_->api(), last_strategy);
    if (!hook) return false;
    // The view buffer still holds the view of the decide this follows (Bot's contract: called
    // right after it, with the same view), so it is not filled again.
    std::array<PaStrategyPart, PA_MAX_STRATEGY_PARTS> parts{};
    static_assert(PA_MAX_STRATEGY_PARTS == Strategy::kMaxParts);
    std::uint32_t count = 0;
    std::int32_t status;
    try {
        const PluginCallMarker marker(label_, PluginCall::LastStrategy, ++calls_, view.hand_number,
                                      view.seat);
        status = hook(handle_, &buffers_->view, parts.data(), PA_MAX_STRATEGY_PARTS, &count);
    } catch (...) {
        // Not a fault: the decision's action stands.
        strategy_problems_.note(escaped_exception(PluginCall::LastStrategy));
        return false;
    }
    if (status != PA_STATUS_OK) {
        strategy_problems_.note("last_strategy returned an error: " +
                                last_error(view.hand_number, view.seat));
        return false;
    }
    if (count == 0) return false;
    if (count > PA_MAX_STRATEGY_PARTS) {
        strategy_problems_.note("last_strategy wrote a count of " + std::to_string(count) +
                                ", more than the capacity " +
                                std::to_string(PA_MAX_STRATEGY_PARTS));
        return false;
    }
    out.clear();
    for (std::uint32_t i = 0; i < count; ++i) {
        const PaStrategyPart& p = parts[i];
        if (p.kind != PA_FOLD && p.kind != PA_CHECK_CALL && p.kind != PA_RAISE_TO) {
            strategy_problems_.note("last_strategy wrote kind " + std::to_string(p.kind) +
                                    " in part " + std::to_string(i + 1) +
                                    ", which is not PA_FOLD, PA_CHECK_CALL or PA_RAISE_TO");
            return false;
        }
        out.add({static_cast<ActionKind>(p.kind), p.lo, p.hi, p.probability});
    }
    if (std::string why = strategy_problem(out, view.legal); !why.empty()) {
        strategy_problems_.note("last_strategy: " + why);
        return false;
    }
    return true;
}

namespace {

class PluginFactory final : public BotFactory {
  public:
    PluginFactory(std::shared_ptr<const PluginLibrary> library, std::string config,
                  std::string spec, BotFile file)
        : library_(std::move(library)), config_(std::move(config)), spec_(std::move(spec)) {
        identity_.kind = BotIdentity::Kind::Plugin;
        identity_.library = std::move(file);
        identity_.api_name = library_->name();
    }
    std::unique_ptr<Bot> create(std::uint64_t seed) const override {
        return std::make_unique<PluginBot>(library_, config_, seed);
    }
    const std::string& spec() const override { return spec_; }
    BotIdentity identity() const override { return identity_; }

  private:
    std::shared_ptr<const PluginLibrary> library_;
    std::string config_;
    std::string spec_;
    BotIdentity identity_;
};

// The library at `path` by its contents: taken once it has loaded (so a missing or unloadable
// file gets the loader's message), from the file that plays.
BotFile library_file(const std::string& path) {
    std::ifstream probe(path, std::ios::binary);
    if (!probe) throw PluginError("plugin '" + path + "': cannot be read for its SHA-256");
    const std::optional<FileDigest> digest = sha256_of_file(path);
    if (!digest) throw PluginError("plugin '" + path + "': read error while taking its SHA-256");
    return {.path = std::filesystem::absolute(path).lexically_normal().string(),
            .sha256 = digest->sha256,
            .size = digest->size};
}

}  // namespace

std::shared_ptr<const BotFactory> make_plugin_factory(std::string_view spec) {
    PluginSpec parts = split_plugin_spec(spec);
    std::shared_ptr<const PluginLibrary> library = load_plugin(parts.path);
    auto factory = std::make_shared<PluginFactory>(std::move(library), parts.config,
                                                   std::string(spec), library_file(parts.path));
    // One throw-away instance checks the configuration now, so a typo fails at start-up
    // rather than in the first work unit.
    factory->create(0);
    return factory;
}

}  // namespace pokerarena
