#include "io/table_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace pokerarena::sim::table_text {

// snprintf rather than iostream manipulators: one format string per figure is easier to keep
// identical across the sections, and the "C" locale the program runs in never groups digits.
std::string printf_string(const char* format, ...) {
    char buffer[128];
    std::va_list args;
    va_start(args, format);
    const int size = std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    if (size < 0) return "?";
    return std::string(buffer, std::min(static_cast<std::size_t>(size), sizeof buffer - 1));
}

std::size_t display_width(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string grouped(std::int64_t value) {
    const bool negative = value < 0;
    // Through unsigned so that INT64_MIN (a corrupt file) does not overflow.
    std::uint64_t magnitude =
        negative ? ~static_cast<std::uint64_t>(value) + 1 : static_cast<std::uint64_t>(value);
    std::string digits = std::to_string(magnitude);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

std::string signed_figure(double value, int decimals) {
    // "-0.0" would suggest a loss where the figure rounds to nothing.
    const double rounded = std::round(value * std::pow(10.0, decimals)) / std::pow(10.0, decimals);
    if (rounded == 0.0) return printf_string("%.*f", decimals, 0.0);
    return printf_string("%+.*f", decimals, value);
}

std::string figure(double value, int decimals) {
    return printf_string("%.*f", decimals, value);
}

std::string percent(double share) {
    return printf_string("%.1f%%", 100.0 * share);
}

std::string ordinal(std::size_t place) {
    const std::size_t last_two = place % 100;
    const char* suffix = "th";
    if (last_two < 11 || last_two > 13) {
        if (place % 10 == 1) suffix = "st";
        if (place % 10 == 2) suffix = "nd";
        if (place % 10 == 3) suffix = "rd";
    }
    return std::to_string(place) + suffix;
}

std::string half_width(double ci95, int decimals, const char* unit) {
    return std::isfinite(ci95) ? figure(ci95, decimals) + unit : "n/a";
}

std::string interval(const Estimate& e, int decimals, double factor, const char* unit) {
    return half_width(factor * e.ci95(), decimals, unit) +
           (e.too_few_samples() ? kTooFewMark : "") + (e.biased_by_sprt_stop() ? kStopMark : "");
}

}  // namespace pokerarena::sim::table_text
