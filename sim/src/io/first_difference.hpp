// The first difference between two messages, for errors that say why two configurations or
// unit results are not the same.
#pragma once

#include <google/protobuf/message.h>
#include <google/protobuf/util/message_differencer.h>

#include <string>
#include <vector>

namespace pokerarena::sim::detail {

// The first line of Protobuf's own difference report ("modified: deals: 1000 -> 2000"), which
// names the field by its path, so that a message about two large messages stays one line; the
// `ignored` fields are not compared. "they differ" when the report has no line.
inline std::string first_difference(
    const google::protobuf::Message& expected, const google::protobuf::Message& actual,
    const std::vector<const google::protobuf::FieldDescriptor*>& ignored = {}) {
    std::string differences;
    {
        // The reporter writes through a buffered stream flushed when the differencer goes.
        google::protobuf::util::MessageDifferencer differencer;
        for (const auto* field : ignored)
            differencer.IgnoreField(field);
        // Without this the report's first line can be "ignored: timing_decision_ns", naming a
        // field that was not compared instead of the one that differs.
        differencer.set_report_ignores(false);
        differencer.ReportDifferencesToString(&differences);
        differencer.Compare(expected, actual);
    }
    const std::string first = differences.substr(0, differences.find('\n'));
    return first.empty() ? "they differ" : first;
}

}  // namespace pokerarena::sim::detail
