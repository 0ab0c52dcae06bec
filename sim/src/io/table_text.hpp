// The text of the console table's cells (internal to the sim library), shared by the table
// (report_table.cpp) and the formats' result columns (formats/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "report.pb.h"

namespace pokerarena::sim::table_text {

// snprintf into a string; "?" when the format fails, cut at 127 bytes.
std::string printf_string(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Characters on screen: UTF-8 continuation bytes take no column ("±", "µ", bot names).
std::size_t display_width(const std::string& text);

// 1234567 as "1,234,567".
std::string grouped(std::int64_t value);

// "+1.5", "-0.2", and "0.0" for a figure that rounds to nothing (never "-0.0").
std::string signed_figure(double value, int decimals);
std::string figure(double value, int decimals);
// "12.3%" for 0.123.
std::string percent(double share);
// "1st", "2nd", "11th".
std::string ordinal(std::size_t place);

// The marks an interval carries, explained under the table that shows them.
inline constexpr const char* kTooFewMark = "?";
inline constexpr const char* kStopMark = "*";

// The half-width of an interval, or "n/a" when there is none: with fewer than two samples
// it is infinite (summarize()), and so is every figure derived from it.
std::string half_width(double ci95, int decimals, const char* unit = "");
// An estimate's half-width (times `factor`) with its marks: "?" too few samples, "*" biased by
// the SPRT's stop.
std::string interval(const Estimate& e, int decimals, double factor = 1, const char* unit = "");

}  // namespace pokerarena::sim::table_text
