// The heads-up formats: cash games of two seats, one group per pairing. A round robin pairs
// every two bots; a gauntlet pairs the hero with every other bot, and those never meet.
#include <string>

#include "formats/cash.hpp"

namespace pokerarena::sim::formats {

namespace {

using std::to_string;

class HeadsUpFormat : public CashFormat {
  public:
    bool heads_up() const override { return true; }
    // Both seats of each deal, swapped.
    int duplicate_plays(const TournamentConfig&) const override { return 2; }
    std::int64_t groups_of_one_bot(int bots) const override { return bots - 1; }

  protected:
    void fill_two_seats(TournamentConfig& c) const {
        if (!c.has_seats()) c.set_seats(2);
        if (c.seats() != 2)
            throw ConfigError("seats: " + to_string(c.seats()) + "; the " + name() +
                              " format is heads-up (2 seats)");
    }
};

class RoundRobin final : public HeadsUpFormat {
  public:
    const char* name() const override { return "round robin"; }
    void fill_seats(TournamentConfig& c) const override {
        fill_two_seats(c);
        refuse_hero(c, name());
    }
    std::int64_t groups(int bots) const override {
        const std::int64_t n = bots;
        return n * (n - 1) / 2;
    }
    // Group g is the pair (a, b) in the order (0,1), (0,2), ..., (0,n-1), (1,2), ...
    void seat(WorkUnit& unit, const Field& field) const override {
        // The last bot a whose pairs start at or before this group: a binary search over at
        // most n - 1 bots (a dozen steps for the largest field kMaxUnits allows).
        std::int64_t low = 0;
        std::int64_t high = field.bots - 2;
        while (low < high) {
            const std::int64_t mid = (low + high + 1) / 2;
            if (first_group(field.bots, mid) <= unit.group)
                low = mid;
            else
                high = mid - 1;
        }
        unit.num_seats = 2;
        unit.seat_bot[0] = static_cast<int>(low);
        unit.seat_bot[1] = static_cast<int>(low + 1 + unit.group - first_group(field.bots, low));
        // Every group gets cards of its own: pairs sharing cards would make a bot's samples
        // against different opponents correlated, while its interval pools them as independent.
        unit.table_id = static_cast<std::uint64_t>(unit.group);
    }

    std::string title(const TournamentConfig&, const std::string&) const override {
        return "Round robin";
    }
    TableLayout layout() const override { return TableLayout::RankingAndCrosstable; }

  private:
    // The pairs of a bot a are groups first_group(a) .. first_group(a + 1) - 1, after the
    // n - 1, n - 2, ..., n - a pairs of the bots before it. Below 2^63 for any int n.
    static std::int64_t first_group(std::int64_t bots, std::int64_t a) {
        return a * (2 * bots - a - 1) / 2;
    }
};

class Gauntlet final : public HeadsUpFormat {
  public:
    const char* name() const override { return "gauntlet"; }
    void fill_seats(TournamentConfig& c) const override {
        fill_two_seats(c);
        if (c.hero() < 0 || c.hero() >= c.bots_size())
            throw ConfigError("hero: " + to_string(c.hero()) +
                              "; expected the index of a bot, 0 to " +
                              to_string(c.bots_size() - 1));
    }
    std::int64_t groups(int bots) const override { return bots - 1; }
    // Group g is the hero against the g-th other bot, in increasing index; the hero is
    // always seat_bot[0].
    void seat(WorkUnit& unit, const Field& field) const override {
        unit.num_seats = 2;
        unit.seat_bot[0] = field.hero;
        unit.seat_bot[1] = static_cast<int>(unit.group < field.hero ? unit.group : unit.group + 1);
        unit.table_id = static_cast<std::uint64_t>(unit.group);
    }

    std::string title(const TournamentConfig&, const std::string& hero) const override {
        return "Gauntlet of " + hero;
    }
    // A ranking would set the hero's mean over every opponent beside each opponent's one
    // pairing (report_table.cpp's print_gauntlet says more).
    TableLayout layout() const override { return TableLayout::HeroTable; }
};

}  // namespace

const TournamentFormat& round_robin() {
    static const RoundRobin format;
    return format;
}

const TournamentFormat& gauntlet() {
    static const Gauntlet format;
    return format;
}

}  // namespace pokerarena::sim::formats
