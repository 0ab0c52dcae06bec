// The log sink of `pokerarena run`: spdlog's coloured standard-error sink, except that each
// message first calls a hook, which erases the progress line when one is drawn on the
// terminal. A warning (a checkpoint not written, a bot that does not return) then takes the
// progress line's place instead of running on from its end, and the next progress update
// draws the line again below it.
#pragma once

#include <spdlog/sinks/sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace pokerarena::sim {

class ProgressLogSink final : public spdlog::sinks::sink {
  public:
    explicit ProgressLogSink(std::shared_ptr<spdlog::sinks::sink> inner =
                                 std::make_shared<spdlog::sinks::stderr_color_sink_mt>())
        : inner_(std::move(inner)) {}

    // Called before each message is written, under the sink's lock (no hook: none).
    void set_before_message(std::function<void()> hook) {
        const std::lock_guard lock(mutex_);
        before_message_ = std::move(hook);
    }

    void log(const spdlog::details::log_msg& message) override {
        const std::lock_guard lock(mutex_);
        if (before_message_) before_message_();
        inner_->log(message);
    }
    void flush() override {
        const std::lock_guard lock(mutex_);
        inner_->flush();
    }
    void set_pattern(const std::string& pattern) override {
        const std::lock_guard lock(mutex_);
        inner_->set_pattern(pattern);
    }
    void set_formatter(std::unique_ptr<spdlog::formatter> formatter) override {
        const std::lock_guard lock(mutex_);
        inner_->set_formatter(std::move(formatter));
    }

  private:
    std::mutex mutex_;
    std::function<void()> before_message_;
    std::shared_ptr<spdlog::sinks::sink> inner_;
};

}  // namespace pokerarena::sim
