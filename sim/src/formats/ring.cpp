// The ring: every bot at one cash table of 3 to 10 seats, each unit a seating of its own.
#include <algorithm>
#include <string>

#include "formats/cash.hpp"

namespace pokerarena::sim::formats {

namespace {

class Ring final : public CashFormat {
  public:
    const char* name() const override { return "ring"; }
    bool heads_up() const override { return false; }

    // A field larger than a table would need a seating plan the report could not compare
    // fairly, so the table seats every bot.
    void fill_seats(TournamentConfig& c) const override {
        fill_table_seats(c, name());
        refuse_hero(c, name());
    }

    // Every bot in every seat of each deal.
    int duplicate_plays(const TournamentConfig& c) const override { return c.seats(); }
    std::int64_t groups(int) const override { return 1; }
    std::int64_t groups_of_one_bot(int) const override { return 1; }
    void seat(WorkUnit& unit, const Field& field) const override {
        seat_at_one_table(unit, field);
        unit.table_id = static_cast<std::uint64_t>(unit.group);
    }

    std::string title(const TournamentConfig& c, const std::string&) const override {
        return "Ring, " + std::to_string(c.seats()) + " seats";
    }
    TableLayout layout() const override { return TableLayout::Ranking; }

  protected:
    bool seated_by_unit() const override { return true; }
    // A ring's interval is taken over its units (each a seating), so a short ring is cut into
    // kMinSeatingsPerGroup units rather than a few large ones.
    std::int64_t deals_by_work(std::int64_t by_work, std::int64_t all) const override {
        return std::min(by_work, (all + kMinSeatingsPerGroup - 1) / kMinSeatingsPerGroup);
    }
};

}  // namespace

const TournamentFormat& ring() {
    static const Ring format;
    return format;
}

}  // namespace pokerarena::sim::formats
