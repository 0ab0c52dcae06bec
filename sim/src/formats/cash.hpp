// What the cash formats (round robin, gauntlet, ring) share: stacks reset every hand, the
// result is chips won per hand, a unit is a block of deals played in matches
// (play/work_unit.cpp's play_cash_unit).
#pragma once

#include "formats/format.hpp"

namespace pokerarena::sim::formats {

class CashFormat : public TournamentFormat {
  public:
    bool freezeout() const override { return false; }

    std::int64_t default_deals() const override { return 10'000; }
    const char* deal_noun() const override { return "deals"; }
    // Blinds, ante and stack_big_blinds; refuses sit_and_go.
    void fill_options(TournamentConfig& config) const override;
    Stakes stakes(const TournamentConfig& config) const override;

    std::int64_t default_deals_per_unit(const TournamentConfig& config) const override;

    detail::Task<UnitResult> play(const Tournament& tournament, WorkUnit unit,
                                  detail::UnitContext& context) const override;

    void check_places(const Tournament& tournament, const UnitResult& unit, const WorkUnit& seated,
                      const std::string& name) const override;
    void add_unit(const Tournament& tournament, const UnitResult& unit,
                  std::vector<BotTotals>& bots) const override;
    void bot_result(const Tournament& tournament, const BotTotals& totals,
                    BotResult& out) const override;

    std::string deals_text(const Report& report) const override;
    std::string details(const TournamentConfig& config) const override;
    double ranking_figure(const BotResult& bot) const override;
    std::vector<ResultColumn> result_columns(const Report& report) const override;
    void result_cells(const Report& report, const BotResult& bot,
                      std::vector<std::string>& row) const override;
    std::string results_legend() const override;

  protected:
    // Whether each unit is a seating of its own (the ring's), so that a bot's samples within a
    // unit share its neighbours and its interval is taken over units (summarize_clusters).
    virtual bool seated_by_unit() const { return false; }
    // The default unit's deals as sized by work (by_work of tournament.hpp's "Defaults"), given
    // the deals of a group (`all`); the ring caps it to keep enough seatings.
    virtual std::int64_t deals_by_work(std::int64_t by_work, std::int64_t all) const {
        (void)all;
        return by_work;
    }
};

}  // namespace pokerarena::sim::formats
