// The views bots get from SeatDriver (rewritten in place at every decision) equal fresh
// Table::view() results and the reference built from the table's public state, field for
// field, over many random hands at 2, 6 and 9 seats; and the driver's results are the same.
// Bots that declare ViewNeeds::LegalOnly get the legal actions and the named fields, nothing
// else; bots that declare Nothing get a view with every field at its default; and both play
// exactly as they would with the whole view.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "../engine/view_reference.hpp"
#include "play_helpers.hpp"

using namespace pokerarena;

namespace {

// What a bot that declared ViewNeeds::LegalOnly must see at the table's decision: the
// declared fields equal the table's, every other field keeps its default.
SeatView legal_only_view(const Table& table) {
    SeatView v;
    v.seat = table.seat_to_act();
    v.num_seats = table.game_def().num_seats;
    v.hand_number = table.hand_number();
    v.button = table.button();
    v.round = table.round();
    v.seat_to_act = table.seat_to_act();
    v.state = State::AwaitingAction;
    v.big_blind = table.game_def().big_blind;
    v.legal = table.legal_actions();
    return v;
}

// Plays like `inner`, declares `needs`, and records the first view that differs from what
// the table shows: for Full, a fresh Table::view() and the reference built from the table's
// public state; for LegalOnly, legal_only_view(); for Nothing, a default SeatView.
class ViewCheckingBot final : public Bot {
  public:
    ViewCheckingBot(std::unique_ptr<Bot> inner, const Table& table, std::string& difference,
                    ViewNeeds needs = ViewNeeds::Full)
        : inner_(std::move(inner)), table_(&table), difference_(&difference), needs_(needs) {}

    ViewNeeds view_needs() const override { return needs_; }

    Action decide(const SeatView& view) override {
        ++decisions;
        std::string why;
        if (needs_ == ViewNeeds::LegalOnly) {
            why = test::view_difference(view, legal_only_view(*table_));
        } else if (needs_ == ViewNeeds::Nothing) {
            why = test::view_difference(view, SeatView{});
        } else {
            why = test::view_difference(view, table_->view(view.seat));
            if (why.empty())
                why =
                    test::view_difference(view, test::reference_view(*table_, view.seat, true, -1));
        }
        if (!why.empty() && difference_->empty())
            *difference_ = "hand " + std::to_string(table_->hand_number()) + ", seat " +
                           std::to_string(table_->seat_to_act()) + ": " + why;
        return inner_->decide(view);
    }

    std::int64_t decisions = 0;

  private:
    std::unique_ptr<Bot> inner_;
    const Table* table_;
    std::string* difference_;
    ViewNeeds needs_;
};

// Hides the inner bot's declaration: it gets the whole view.
class FullViewBot final : public Bot {
  public:
    explicit FullViewBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
    Action decide(const SeatView& view) override { return inner_->decide(view); }

  private:
    std::unique_ptr<Bot> inner_;
};

std::vector<HandRecord> play_records(const std::string& spec, int seats, bool hide_needs) {
    Table table(test::mixed_stack_game(seats), 7, 3);
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> at;
    for (int s = 0; s < seats; ++s) {
        // The spec in even seats, a bot that reads the whole view (tag) in odd ones, so both
        // kinds of view are built at one table.
        auto bot = make_bot(s % 2 == 0 ? spec : "tag", static_cast<std::uint64_t>(s) + 1);
        if (hide_needs) bot = std::make_unique<FullViewBot>(std::move(bot));
        owned.push_back(std::move(bot));
        at.push_back(owned.back().get());
    }
    SeatDriver driver(table, at);
    std::vector<HandRecord> records;
    driver.play_hands(2000, [&](const HandRecord& r) { records.push_back(r); });
    return records;
}

}  // namespace

TEST_CASE("the simple bots read only what they declare", "[seat_driver][view]") {
    for (const char* spec : {"random", "call", "fold", "allin"}) {
        INFO(spec);
        CHECK(make_bot(spec, 1)->view_needs() ==
              (std::string(spec) == "call" ? Bot::ViewNeeds::Nothing : Bot::ViewNeeds::LegalOnly));
        for (const int seats : {2, 6}) {
            INFO(seats << " seats");
            const std::vector<HandRecord> legal_only = play_records(spec, seats, false);
            REQUIRE(legal_only.size() == 2000);
            CHECK(legal_only == play_records(spec, seats, true));
        }
    }
    for (const char* spec : {"tag", "equity:samples=20"})
        CHECK(make_bot(spec, 1)->view_needs() == Bot::ViewNeeds::Full);
}

TEST_CASE("a LegalOnly or Nothing bot's view holds what it asked for and nothing more",
          "[seat_driver][view]") {
    for (const auto needs : {Bot::ViewNeeds::LegalOnly, Bot::ViewNeeds::Nothing}) {
        for (const int seats : {2, 6, 9}) {
            Table table(test::mixed_stack_game(seats), 5, static_cast<std::uint64_t>(seats));
            std::string difference;
            std::vector<std::unique_ptr<Bot>> owned;
            std::vector<ViewCheckingBot*> checking;
            std::vector<Bot*> at;
            for (int s = 0; s < seats; ++s) {
                // Checking bots in even seats, whole-view bots (tag) in odd ones: the whole views
                // written for them must not show through.
                if (s % 2 == 0) {
                    auto bot = std::make_unique<ViewCheckingBot>(
                        // A bot that reads nothing plays call, one that reads the legal
                        // actions random.
                        make_bot(needs == Bot::ViewNeeds::Nothing ? "call" : "random",
                                 static_cast<std::uint64_t>(s)),
                        table, difference, needs);
                    checking.push_back(bot.get());
                    owned.push_back(std::move(bot));
                } else {
                    owned.push_back(make_bot("tag", static_cast<std::uint64_t>(s)));
                }
                at.push_back(owned.back().get());
            }
            SeatDriver driver(table, at);
            INFO(seats << " seats, needs " << static_cast<int>(needs));
            CHECK(driver.play_hands(2000, [](const HandRecord&) {}) == 2000);
            CHECK(difference == "");
            std::int64_t checked = 0;
            for (const ViewCheckingBot* bot : checking)
                checked += bot->decisions;
            CHECK(checked > 1000);
        }
    }
}

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
