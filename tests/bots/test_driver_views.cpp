// The views bots get from SeatDriver (rewritten in place at every decision) equal fresh
// Table::view() results and the reference built from the table's public state, field for
// field, over many random hands at 2, 6 and 9 seats; and the driver's results are the same.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "../engine/view_reference.hpp"
#include "play_helpers.hpp"

using namespace pokerarena;

namespace {

// Plays like `inner` and records the first view that differs from what the table shows.
class ViewCheckingBot final : public Bot {
  public:
    ViewCheckingBot(std::unique_ptr<Bot> inner, const Table& table, std::string& difference)
        : inner_(std::move(inner)), table_(&table), difference_(&difference) {}

    Action decide(const SeatView& view) override {
        ++decisions;
        std::string why = test::view_difference(view, table_->view(view.seat));
        if (why.empty())
            why = test::view_difference(view, test::reference_view(*table_, view.seat, true, -1));
        if (!why.empty() && difference_->empty())
            *difference_ = "hand " + std::to_string(view.hand_number) + ", seat " +
                           std::to_string(view.seat) + ": " + why;
        return inner_->decide(view);
    }

    std::int64_t decisions = 0;

  private:
    std::unique_ptr<Bot> inner_;
    const Table* table_;
    std::string* difference_;
};

}  // namespace

TEST_CASE("bots see exactly the table's view at every decision", "[seat_driver][view]") {
    for (const int seats : {2, 6, 9}) {
        for (const char* spec : {"random", "call", "allin"}) {
            Table table(test::mixed_stack_game(seats), 99, static_cast<std::uint64_t>(seats));
            std::string difference;
            std::vector<std::unique_ptr<ViewCheckingBot>> owned;
            std::vector<Bot*> at;
            for (int s = 0; s < seats; ++s) {
                owned.push_back(std::make_unique<ViewCheckingBot>(
                    make_bot(s % 2 == 0 ? spec : "random", static_cast<std::uint64_t>(s)), table,
                    difference));
                at.push_back(owned.back().get());
            }
            SeatDriver driver(table, at);
            INFO(seats << " seats, " << spec);
            CHECK(driver.play_hands(3000, [](const HandRecord&) {}) == 3000);
            CHECK(difference == "");
            for (int s = 0; s < seats; ++s)
                CHECK(owned[static_cast<std::size_t>(s)]->decisions == driver.decisions(s));
        }
    }
}
