// play_unit(): one work unit, from its own table and bot instances to its UnitResult.
//
// What a unit plays (the schedule itself is WorkUnit's comment in tournament.hpp)
// - Slots: the unit's bots are slots k = 0 .. num_seats - 1, slot k being config.bots
//   [seat_bot[k]]. One instance per slot, seeded with bot_seed(config.seed, unit, bot), plays
//   every hand of the unit; its memory is reset (new_match) before every play of a deal but
//   the first, never its random generator.
// - Rotations: in play r, seat s holds slot (s + r) % n. Duplicate cash formats play every
//   deal once per rotation r = 0 .. n - 1 (heads-up: r = 0 is bot A in seat 0, r = 1 the seats
//   swapped), each rotation on a fresh Table(game, seed, table_id) playing hands 0 .. deals-1,
//   so every rotation sees the same cards per seat and the same buttons. Not duplicate: one
//   play with r = 0 (fixed seats; the moving button still takes each bot through every
//   position. Rotating by one seat per hand on top of it would move a bot
//   two positions per hand, so at an even number of seats it would never see half of them).
// - Samples: a bot's chips over one deal with all its plays (a duplicate pair, a rotation
//   group, or one hand when not duplicate). A pair's sample is its bot a's (the lower index),
//   so a gauntlet whose hero has the higher index reports the negated hero figures.
// - All-in EV (config.allin_ev, cash formats): one AllinEvaluator per unit; for each hand the
//   adjusted nets replace the raw ones where adjust() returns true, else the raw nets count.
// - AIVAT (config.aivat, cash formats): the drivers keep the bots' strategies, and one
//   AivatEstimator per unit (CheckDownValue) turns each hand's record and strategies into
//   the seats' AIVAT values, summed per deal as the raw nets are (docs/aivat.md).
// - Sit-and-go (formats/sit_and_go.cpp): UnitResult.places holds, for each tournament of the unit
// in
//   order, for each play of it in order (the rotations when duplicate, else the one play), for
//   each bot in config.bots order, its finishing place, 1 = winner (-1 for a bot not at the
//   table, which the current formats never leave out): deals * plays * bots entries.
// - Timing: each SeatDriver times about one decide() in 64 (its own sampling, seeded by
//   UnitBots::next_timing_seed()); decision_ns is the sum of a slot's drivers' estimates
//   (their timed decisions' time times 64: unbiased however small the unit, so the report's
//   mean over units is too), timing_decision_ns the sum over slots.
// - Hand histories (config.hh_out): a cash deal d (the group's deal index, first_deal + i) is
//   written, every play of it, when d % hh_sample == 0, so duplicate halves and rotations stay
//   together and every pair's file holds the same deals; sit-and-go hands are counted in the
//   order the unit plays them and hand c is written when c % hh_sample == 0. Hands that cannot
//   be written are listed as comments in the file (see HandHistoryWriter); a cash unit with no
//   deal d % hh_sample == 0 writes no file (a sit-and-go unit always writes its first hand).
//
// The hot path (one hand) allocates nothing, throws nothing and logs nothing: tallies live in
// fixed arrays, per-deal sums in vectors sized before the first hand; only a bot's first fault
// message and hand-history output (which is I/O anyway) allocate.
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <deque>
#include <limits>
#include <stdexcept>
#include <system_error>

#include "io/first_difference.hpp"
#include "io/output_file.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"
#include "pokerarena/sim/aivat.hpp"
#include "pokerarena/sim/allin_ev.hpp"
#include "pokerarena/sim/stats.hpp"
#include "work_unit.hpp"

namespace pokerarena::sim {

namespace detail {

namespace {

constexpr std::uint64_t kGolden = kSplitMix64Gamma;
constexpr auto splitmix = splitmix64_mix;

}  // namespace

std::uint64_t bot_seed(std::uint64_t seed, std::int64_t unit, int bot) {
    std::uint64_t h = splitmix(seed ^ 0x706F6B65726172ULL);  // "pokerar": a domain of its own
    h = splitmix(h + (static_cast<std::uint64_t>(unit) + 1) * kGolden);
    return splitmix(h + (static_cast<std::uint64_t>(bot) + 1) * kGolden);
}

std::uint64_t match_bot_seed(std::uint64_t seed, std::int64_t group, std::int64_t match, int bot) {
    std::uint64_t h = splitmix(seed ^ 0x6D61746368ULL);  // "match"
    h = splitmix(h + (static_cast<std::uint64_t>(group) + 1) * kGolden);
    h = splitmix(h + (static_cast<std::uint64_t>(match) + 1) * kGolden);
    return splitmix(h + (static_cast<std::uint64_t>(bot) + 1) * kGolden);
}

// ---------------------------------------------------------------------------------------
// SlotTallies, UnitBots

void SlotTallies::merge(const SlotTallies& match, std::int64_t order) {
    for (std::size_t k = 0; k < tally_.size(); ++k) {
        Tally& t = tally_[k];
        const Tally& m = match.tally_[k];
        t.decisions += m.decisions;
        t.decision_time += m.decision_time;
        for (std::size_t f = 0; f < t.faults.size(); ++f)
            t.faults[f] += m.faults[f];
        if (!m.first_message.empty() && (t.first_message.empty() || order < t.first_order)) {
            t.first_message = m.first_message;
            t.first_order = order;
        }
        if (!m.first_forfeit.empty() && (t.first_forfeit.empty() || order < t.forfeit_order)) {
            t.first_forfeit = m.first_forfeit;
            t.forfeit_order = order;
        }
    }
}

void SlotTallies::fill(int slot, BotUnit& bot) const {
    const Tally& t = tally_[static_cast<std::size_t>(slot)];
    bot.set_decisions(t.decisions);
    bot.set_decision_ns(static_cast<std::uint64_t>(t.decision_time.count()));
    FaultCounts& f = *bot.mutable_faults();
    auto count = [&](FaultKind k) { return t.faults[static_cast<std::size_t>(k)]; };
    // report.proto's `exception` covers both ways a bot fails to answer: a C++ throw and a
    // plugin's error status.
    f.set_exception(count(FaultKind::Exception) + count(FaultKind::ErrorStatus));
    f.set_illegal_action(count(FaultKind::IllegalAction));
    f.set_bad_answer(count(FaultKind::BadAnswer));
    f.set_timeout(count(FaultKind::Timeout));
    f.set_crash(count(FaultKind::Crash));
    f.set_forfeit(count(FaultKind::Forfeit));
    f.set_first_message(t.first_message);
    f.set_first_forfeit(t.first_forfeit);
}

UnitBots::UnitBots(const Tournament& tournament, const WorkUnit& unit, UnitContext& context,
                   std::int64_t match)
    : context_(&context),
      unit_(unit.index),
      match_(match),
      num_slots_(unit.num_seats),
      tallies_(unit.index, unit.num_seats) {
    const TournamentConfig& config = tournament.config;
    for (int k = 0; k < num_slots_; ++k) {
        const int b = unit.seat_bot[static_cast<std::size_t>(k)];
        if (b < 0 || b >= static_cast<int>(tournament.factories.size()))
            throw std::logic_error("unit " + std::to_string(unit.index) + ": seat " +
                                   std::to_string(k) + " has bot " + std::to_string(b) +
                                   ", outside the " + std::to_string(tournament.factories.size()) +
                                   " bots");
        const std::uint64_t seed = match < 0 ? bot_seed(config.seed(), unit.index, b)
                                             : match_bot_seed(config.seed(), unit.group, match, b);
        try {
            const BotFactory& factory = *tournament.factories[static_cast<std::size_t>(b)];
            bots_.push_back(context.lane >= 0 && factory.lanes() > 0
                                ? factory.create_in_lane(seed, context.lane)
                                : factory.create(seed));
        } catch (const std::exception& e) {
            throw std::runtime_error("unit " + std::to_string(unit.index) + ": bots[" +
                                     std::to_string(b) + "] '" +
                                     tournament.factories[static_cast<std::size_t>(b)]->spec() +
                                     "': cannot make an instance: " + e.what());
        }
        if (!bots_.back())
            throw std::runtime_error("unit " + std::to_string(unit.index) + ": bots[" +
                                     std::to_string(b) + "]: the factory made no instance");
    }
}

// ---------------------------------------------------------------------------------------
// HandHistoryWriter

std::filesystem::path hand_history_file(const TournamentConfig& config, std::int64_t unit) {
    char name[40];
    std::snprintf(name, sizeof name, "unit-%08lld.phhs", static_cast<long long>(unit));
    return std::filesystem::path(config.hh_out()) / name;
}

void claim_hand_history_folder(const TournamentConfig& config) {
    if (config.hh_out().empty()) return;
    namespace fs = std::filesystem;
    const fs::path dir(config.hh_out());
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        throw std::runtime_error("hh_out: cannot create the folder '" + dir.string() +
                                 "': " + ec.message());
    const fs::path marker = dir / kHandHistoryConfigFile;
    const std::string advice = "; give a new or empty folder";
    if (fs::exists(marker, ec)) {
        TournamentConfig recorded;
        try {
            recorded = read_config(marker);
        } catch (const ConfigError& error) {
            throw RunError("hh_out: '" + dir.string() +
                           "' holds hand histories of a run that cannot be told: " + error.what() +
                           advice);
        }
        if (recorded.SerializeAsString() == config.SerializeAsString()) return;
        throw RunError("hh_out: '" + dir.string() + "' holds the hand histories of another run (" +
                       marker.string() + " differs from this run's configuration: " +
                       first_difference(recorded, config) + ")" + advice);
    }
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with("unit-") && name.ends_with(".phhs") && entry.is_regular_file())
            throw RunError("hh_out: '" + dir.string() + "' holds hand histories (" + name +
                           ") of a run it does not name (it has no " + kHandHistoryConfigFile +
                           ")" + advice + ", or remove them");
    }
    if (ec)
        throw std::runtime_error("hh_out: cannot read the folder '" + dir.string() +
                                 "': " + ec.message());
    std::string text;
    google::protobuf::TextFormat::PrintToString(config, &text);
    // Shards that start at once may both write it: each renames a whole file of its own, so
    // none reads half of one.
    try {
        io::write_output_file(marker,
                              "# The configuration of the run whose hands this folder holds, "
                              "written by `pokerarena run`. A run that writes\n# here again must "
                              "have it: the same run resumed, or another shard of it.\n" +
                                  text);
    } catch (const io::OutputFileError& error) {
        throw std::runtime_error(std::string("hh_out: ") + error.what());
    }
}

HandHistoryWriter::HandHistoryWriter(const TournamentConfig& config, std::int64_t unit)
    : unit_(unit) {
    if (config.hh_out().empty()) return;
    if (config.betting() == POT_LIMIT && config.game() != "plo")  // PO: pot-limit Omaha
        throw std::runtime_error("hh_out: PHH has no variant for pot-limit hold'em, so '" +
                                 config.hh_out() + "' cannot be written for this tournament");
    files_ = std::make_unique<Files>();
    for (const BotEntry& bot : config.bots())
        files_->names.push_back(bot.name().empty() ? bot.spec() : bot.name());
    const std::filesystem::path dir(config.hh_out());
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw std::runtime_error("hh_out: cannot create the folder '" + dir.string() +
                                 "': " + ec.message());
    files_->path = hand_history_file(config, unit);
}

HandHistoryWriter::~HandHistoryWriter() = default;

// At the first hand rather than when the unit starts: a unit none of whose hands is sampled
// leaves no file (an empty one per unit would bury the units that hold hands). The hands go
// into the file's temporary as they are played, and finish() puts it in place.
void HandHistoryWriter::open() {
    try {
        files_->out = std::make_unique<io::OutputFile>(files_->path);
    } catch (const io::OutputFileError& error) {
        throw std::runtime_error(std::string("hh_out: ") + error.what());
    }
}

void HandHistoryWriter::check_stream() {
    try {
        files_->out->check();
    } catch (const io::OutputFileError& error) {
        throw std::runtime_error(std::string("hh_out: ") + error.what());
    }
}

void HandHistoryWriter::format(const HandRecord& record, const GameDef& game,
                               const std::array<int, kMaxSeats>& bot_of_seat,
                               std::span<const HandTag> tags, Held& held) const {
    PhhHand hand;
    try {
        hand = phh_from_record(record, game);
    } catch (const std::invalid_argument& e) {
        held.items.emplace_back(false, "# hand " + std::to_string(record.deal) + " of table " +
                                           std::to_string(record.table_id) +
                                           " not written: " + e.what() + "\n");
        return;
    }
    // Players in PHH order (p1 left of the button), as phh_from_record lists the seats.
    for (int k = 1; k <= record.num_seats; ++k) {
        const int seat = (record.button + k) % record.num_seats;
        if (record.dealt_in >> seat & 1u)
            hand.players.push_back(
                files_
                    ->names[static_cast<std::size_t>(bot_of_seat[static_cast<std::size_t>(seat)])]);
    }
    hand.metadata.emplace_back("unit", std::to_string(unit_));
    for (const HandTag& tag : tags)
        hand.metadata.emplace_back(tag.key, std::to_string(tag.value));
    held.items.emplace_back(true, write_phh(hand));
}

void HandHistoryWriter::append(Held& held) {
    if (!held.items.empty() && !files_->out) open();
    for (const auto& [is_hand, text] : held.items) {
        std::ostream& out = files_->out->stream();
        if (is_hand) {
            ++written_;
            out << (written_ > 1 ? "\n[" : "[") << written_ << "]\n";
        } else {
            ++skipped_;
        }
        out << text;
    }
    held.items.clear();
    if (files_->out) check_stream();
}

void HandHistoryWriter::write(const HandRecord& record, const GameDef& game,
                              const std::array<int, kMaxSeats>& bot_of_seat,
                              std::span<const HandTag> tags) {
    Held held;
    format(record, game, bot_of_seat, tags, held);
    append(held);
}

void HandHistoryWriter::finish() {
    if (!files_ || finished_) return;
    Files& f = *files_;
    if (!f.out) {
        // No hand: the unit's file is no file. One an earlier run left under its name would
        // pass for this run's, so it goes, as writing the unit's hands would replace it.
        std::error_code ec;
        std::filesystem::remove(f.path, ec);
        if (ec)
            throw std::runtime_error("hh_out: cannot remove '" + f.path.string() +
                                     "', left by an earlier run: " + ec.message());
        finished_ = true;
        return;
    }
    if (skipped_ > 0)
        f.out->stream() << "# " << skipped_ << (skipped_ == 1 ? " hand" : " hands")
                        << " of this unit not written (see above)\n";
    try {
        f.out->commit();
    } catch (const io::OutputFileError& error) {
        throw std::runtime_error(std::string("hh_out: ") + error.what());
    }
    finished_ = true;
}

// ---------------------------------------------------------------------------------------

bool is_duplicate(const TournamentConfig& config) {
    return !config.has_duplicate() || config.duplicate();
}

void to_proto(const SampleMoments& m, Moments& out) {
    out.set_n(m.n);
    out.set_sum(m.sum);
    out.set_sum_squares(m.sum_squares);
}

// ---------------------------------------------------------------------------------------
// Cash formats: heads-up (round robin, gauntlet) and ring.

namespace {

// What a cash unit adds up over its hands, apart from the coroutine that plays them: as part of
// the coroutine, the per-hand loop kept its counters and indices in the coroutine frame and
// cost 58 instructions a hand more than the same loop in a function (callgrind, pokerarena
// bench); add_hand() is kept out of line for that reason.
class CashTally {
  public:
    // `table_chips`: the chips at the table (a hand's net of a seat is never more than that).
    // `matches`: the unit's matches, which may play at once, in any order.
    CashTally(int seats, int deals, int plays, int matches, bool allin_ev, bool aivat,
              Chips table_chips)
        : n_(seats),
          slots_(static_cast<std::size_t>(seats)),
          deals_(static_cast<std::size_t>(deals)),
          // One play of one match adds its samples hand by hand, in deal order. Otherwise a
          // deal's sample is complete only after its last play, and matches end in any order,
          // while a sum of doubles depends on the order of its terms: each deal's sums wait
          // for close_deals(), which adds them in deal order.
          per_deal_(plays > 1 || matches > 1),
          allin_ev_(allin_ev),
          aivat_(aivat),
          // Four bytes a sum when no sum over a deal's plays can need more.
          narrow_(table_chips <= std::numeric_limits<std::int32_t>::max() / plays),
          estimator_(value_),
          slot_(slots_),
          deal_net32_(per_deal_ && narrow_ ? static_cast<std::size_t>(deals) * (slots_ - 1) : 0),
          deal_net64_(per_deal_ && !narrow_ ? static_cast<std::size_t>(deals) * (slots_ - 1) : 0),
          deal_ev_(per_deal_ && allin_ev ? static_cast<std::size_t>(deals) * slots_ : 0),
          deal_aivat_(per_deal_ && aivat ? static_cast<std::size_t>(deals) * slots_ : 0) {}

    bool aivat() const { return aivat_; }

    // The hand that `table` has just finished, deal `deal` of the unit; `strategies`: its
    // decisions' (read only with AIVAT).
    [[gnu::noinline]] void add_hand(const Table& table,
                                    const std::array<int, kMaxSeats>& slot_of_seat, int deal,
                                    const HandStrategies& strategies) {
        // One instantiation per case: the seat loop of a hand tests neither the all-in EV,
        // AIVAT nor the kind of per-deal sums.
        if (aivat_)
            with_allin_ev<true>(table, slot_of_seat, deal, strategies);
        else
            with_allin_ev<false>(table, slot_of_seat, deal, strategies);
    }

    // After the last play of every match: each deal's sums become samples.
    void close_deals() {
        if (!per_deal_) return;
        if (narrow_)
            close_sums(deal_net32_);
        else
            close_sums(deal_net64_);
    }

    // The unit's result: one BotUnit per slot, and the pair's figures heads-up.
    UnitResult result(const WorkUnit& unit, std::int64_t hands, const SlotTallies& tallies) const {
        UnitResult result;
        result.set_unit(unit.index);
        result.set_hands(hands);
        std::uint64_t decision_ns = 0;
        for (int k = 0; k < n_; ++k) {
            const auto slot = static_cast<std::size_t>(k);
            BotUnit& bot = *result.add_bots();
            bot.set_bot(unit.seat_bot[slot]);
            const Slot& s = slot_[slot];
            bot.set_hands(s.hands);
            bot.set_net_chips(s.net);
            to_proto(s.samples, *bot.mutable_samples());
            if (allin_ev_) {
                bot.set_net_allin_ev(s.net_ev);
                to_proto(s.samples_ev, *bot.mutable_samples_allin_ev());
            }
            if (aivat_) {
                bot.set_net_aivat(s.net_aivat);
                to_proto(s.samples_aivat, *bot.mutable_samples_aivat());
                bot.set_decisions_with_strategy(s.with_strategy);
            }
            tallies.fill(k, bot);
            decision_ns += bot.decision_ns();
        }
        result.set_timing_decision_ns(decision_ns);
        if (n_ == 2) add_pair(unit, result);
        return result;
    }

  private:
    // Bot a is the lower index; its samples are slot 0's, negated when slot 0 is b.
    void add_pair(const WorkUnit& unit, UnitResult& result) const {
        const int a = std::min(unit.seat_bot[0], unit.seat_bot[1]);
        const int b = std::max(unit.seat_bot[0], unit.seat_bot[1]);
        const double sign = unit.seat_bot[0] == a ? 1.0 : -1.0;
        PairUnit& pair = *result.add_pairs();
        pair.set_a(a);
        pair.set_b(b);
        pair.set_hands(result.hands());
        pair.set_net_chips_a(unit.seat_bot[0] == a ? slot_[0].net : slot_[1].net);
        SampleMoments m = slot_[0].samples;
        m.sum *= sign;
        to_proto(m, *pair.mutable_samples());
        if (allin_ev_) {
            pair.set_net_allin_ev_a(sign * slot_[0].net_ev);
            SampleMoments m_ev = slot_[0].samples_ev;
            m_ev.sum *= sign;
            to_proto(m_ev, *pair.mutable_samples_allin_ev());
        }
        if (aivat_) {
            pair.set_net_aivat_a(sign * slot_[0].net_aivat);
            SampleMoments m_aivat = slot_[0].samples_aivat;
            m_aivat.sum *= sign;
            to_proto(m_aivat, *pair.mutable_samples_aivat());
        }
    }

    // How a hand's nets wait for the deal's other plays: not at all (one play), or in
    // deal_net32_ or deal_net64_.
    enum class Sums : std::uint8_t { None, Narrow, Wide };

    template <bool kAivat>
    void with_allin_ev(const Table& table, const std::array<int, kMaxSeats>& slot_of_seat, int deal,
                       const HandStrategies& strategies) {
        if (allin_ev_)
            with_sums<true, kAivat>(table, slot_of_seat, deal, strategies);
        else
            with_sums<false, kAivat>(table, slot_of_seat, deal, strategies);
    }

    template <bool kAllinEv, bool kAivat>
    void with_sums(const Table& table, const std::array<int, kMaxSeats>& slot_of_seat, int deal,
                   const HandStrategies& strategies) {
        if (!per_deal_)
            tally_hand<kAllinEv, kAivat, Sums::None>(table, slot_of_seat, deal, strategies);
        else if (narrow_)
            tally_hand<kAllinEv, kAivat, Sums::Narrow>(table, slot_of_seat, deal, strategies);
        else
            tally_hand<kAllinEv, kAivat, Sums::Wide>(table, slot_of_seat, deal, strategies);
    }

    template <bool kAllinEv, bool kAivat, Sums kSums>
    [[gnu::always_inline]] void tally_hand(const Table& table,
                                           const std::array<int, kMaxSeats>& slot_of_seat, int deal,
                                           const HandStrategies& strategies) {
        const HandRecord& record = table.last_hand();
        std::array<double, kMaxSeats> ev{};
        if constexpr (kAllinEv) {
            for (int s = 0; s < n_; ++s)
                ev[static_cast<std::size_t>(s)] =
                    static_cast<double>(record.net[static_cast<std::size_t>(s)]);
            evaluator_.adjust(table, ev);
        }
        if constexpr (kAivat)
            estimator_.estimate(record, table.game_def(), strategies, aivat_hand_);
        Slot* const slots = slot_.data();
        const std::size_t row = static_cast<std::size_t>(deal) * (slots_ - 1);
        for (int s = 0; s < n_; ++s) {
            const auto seat = static_cast<std::size_t>(s);
            const auto k = static_cast<std::size_t>(slot_of_seat[seat]);
            const Chips chips = record.net[seat];
            Slot& slot = slots[k];
            ++slot.hands;
            slot.net += chips;
            if constexpr (kAivat) slot.with_strategy += aivat_hand_.with_strategy[seat];
            if constexpr (kSums == Sums::None) {
                slot.samples.add(static_cast<double>(chips));
                if constexpr (kAllinEv) {
                    slot.net_ev += ev[seat];
                    slot.samples_ev.add(ev[seat]);
                }
                if constexpr (kAivat) {
                    slot.net_aivat += aivat_hand_.value[seat];
                    slot.samples_aivat.add(aivat_hand_.value[seat]);
                }
            } else {
                if constexpr (kAllinEv)
                    deal_ev_[static_cast<std::size_t>(deal) * slots_ + k] += ev[seat];
                if constexpr (kAivat)
                    deal_aivat_[static_cast<std::size_t>(deal) * slots_ + k] +=
                        aivat_hand_.value[seat];
                if (k + 1 == slots_) continue;  // the last slot's sum is known from the others'
                if constexpr (kSums == Sums::Narrow)
                    deal_net32_[row + k] += static_cast<std::int32_t>(chips);
                else
                    deal_net64_[row + k] += chips;
            }
        }
    }

    // A hand's nets add up to zero, and so do a deal's sums: the last slot's is minus the
    // others'.
    template <typename Sum>
    void close_sums(const std::vector<Sum>& sums) {
        const std::size_t last = slots_ - 1;
        for (std::size_t d = 0; d < deals_; ++d) {
            const Sum* row = sums.data() + d * last;
            Chips rest = 0;
            for (std::size_t k = 0; k < last; ++k) {
                rest += row[k];
                slot_[k].samples.add(static_cast<double>(row[k]));
            }
            slot_[last].samples.add(static_cast<double>(-rest));
            if (allin_ev_)
                for (std::size_t k = 0; k < slots_; ++k) {
                    slot_[k].net_ev += deal_ev_[d * slots_ + k];
                    slot_[k].samples_ev.add(deal_ev_[d * slots_ + k]);
                }
            if (aivat_)
                for (std::size_t k = 0; k < slots_; ++k) {
                    slot_[k].net_aivat += deal_aivat_[d * slots_ + k];
                    slot_[k].samples_aivat.add(deal_aivat_[d * slots_ + k]);
                }
        }
    }

    struct Slot {
        std::int64_t hands = 0;
        Chips net = 0;
        double net_ev = 0;
        SampleMoments samples;
        SampleMoments samples_ev;
        double net_aivat = 0;
        SampleMoments samples_aivat;
        std::int64_t with_strategy = 0;
    };
    const int n_;
    const std::size_t slots_;
    const std::size_t deals_;
    const bool per_deal_;
    const bool allin_ev_;
    const bool aivat_;
    const bool narrow_;
    AllinEvaluator evaluator_;
    CheckDownValue value_;
    AivatEstimator estimator_;
    AivatHand aivat_hand_;
    std::vector<Slot> slot_;
    // With several plays per deal or several matches (per_deal_), the sums of each deal wait
    // here, deal-major, for every slot but the last ([deal * (n - 1) + slot]).
    std::vector<std::int32_t> deal_net32_;
    std::vector<Chips> deal_net64_;
    std::vector<double> deal_ev_;     // [deal * n + slot]
    std::vector<double> deal_aivat_;  // [deal * n + slot]
};

}  // namespace

// What the matches of a cash unit share: the unit, its game, and where their hands go.
struct CashUnit {
    const Tournament& tournament;
    const WorkUnit& unit;
    const GameDef& game;  // max_hands: the unit's deals
    int plays;
    std::int64_t hh_sample;
    CashTally& tally;
    HandHistoryWriter& history;
};

// Match `match` of the unit's group: the unit's deals first .. first + count - 1 (counted
// from the unit's first deal), every play of them, with instances of its own. Its tallies and
// sampled hands go to `tallies` and `held`, for the unit to merge in match order.
Task<bool> play_cash_match(const CashUnit& cash, std::int64_t match, int first, int count,
                           UnitContext& context, SlotTallies& tallies,
                           HandHistoryWriter::Held& held) {
    const WorkUnit& unit = cash.unit;
    const TournamentConfig& config = cash.tournament.config;
    const int n = unit.num_seats;
    const std::int64_t first_deal = unit.first_deal + first;
    GameDef game = cash.game;
    game.max_hands = count;
    UnitBots bots(cash.tournament, unit, context, match);
    for (int r = 0; r < cash.plays; ++r) {
        Table table(game, config.seed(), unit.table_id, static_cast<std::uint64_t>(first_deal));
        // Where the button is at this deal in an unbroken run of the group's deals, which
        // starts with it on the last seat (so that seat 0 posts the small blind).
        table.set_button(static_cast<int>((first_deal + n - 1) % n));
        std::array<int, kMaxSeats> slot_of_seat{};
        std::array<int, kMaxSeats> bot_of_seat{};
        std::array<Bot*, kMaxSeats> seated{};
        for (int s = 0; s < n; ++s) {
            const int k = (s + r) % n;
            slot_of_seat[static_cast<std::size_t>(s)] = k;
            bot_of_seat[static_cast<std::size_t>(s)] = unit.seat_bot[static_cast<std::size_t>(k)];
            seated[static_cast<std::size_t>(s)] = bots.seat_bot(k);
        }
        SeatDriver driver(table, std::span<Bot* const>(seated.data(), static_cast<std::size_t>(n)),
                          bots.next_timing_seed());
        bots.attach(driver);
        driver.record_strategies(cash.tally.aivat());
        // Through the driver, so that a bot that throws there gets a fault, as in a hand.
        if (r > 0) driver.new_match();
        for (int i = 0; i < count; ++i) {
            SeatDriver::HandStep step;
            while ((step = driver.step_hand()) == SeatDriver::HandStep::Waiting) {
                co_await answer_of(context);
                driver.resume(context.answer, context.strategy);
            }
            if (step != SeatDriver::HandStep::Ended)
                throw std::logic_error("unit " + std::to_string(unit.index) + ": match " +
                                       std::to_string(match) + " stopped after " +
                                       std::to_string(i) + " of " + std::to_string(count) +
                                       " hands");
            cash.tally.add_hand(table, slot_of_seat, first + i, driver.strategies());
            if (cash.history.enabled() && (first_deal + i) % cash.hh_sample == 0) {
                const HandTag tags[] = {{"deal", first_deal + i}, {"rotation", r}};
                cash.history.format(table.last_hand(), game, bot_of_seat, tags, held);
            }
        }
        bots.collect(driver, slot_of_seat, [&] {
            std::string where = "match " + std::to_string(match);
            if (cash.plays == 1) return where + " (table " + std::to_string(unit.table_id) + ")";
            if (n == 2) return where + (r == 0 ? ", first half" : ", second half (seats swapped)");
            return where + ", rotation " + std::to_string(r) + " of " + std::to_string(n);
        });
    }
    tallies.merge(bots.tallies(), 0);
    co_return true;
}

// The matches of a unit each have a table and instances of their own, so they can play at
// once: in a lane, a unit keeps as many in flight as the lane's tables allow (at least one),
// suspending when every one waits for an answer; played in one go (no lane), nothing waits,
// and each match ends before the next starts. Their results are merged in match order
// whatever order they end in, so the unit's result is the same either way.
Task<UnitResult> play_cash_unit(const Tournament& tournament, WorkUnit unit, UnitContext& context) {
    const TournamentConfig& config = tournament.config;
    const int n = unit.num_seats;
    if (tournament.game.num_seats != n)
        throw std::logic_error("unit " + std::to_string(unit.index) + " has " + std::to_string(n) +
                               " seats but the game " + std::to_string(tournament.game.num_seats));
    if (unit.deals < 1 || unit.deals > INT_MAX)
        throw std::logic_error("unit " + std::to_string(unit.index) + ": " +
                               std::to_string(unit.deals) + " deals; a table plays 1 to " +
                               std::to_string(INT_MAX) + " hands");
    const int deals = static_cast<int>(unit.deals);
    const std::int64_t match_deals = unit.match_deals > 0 ? unit.match_deals : unit.deals;
    if (unit.first_deal % match_deals != 0)
        throw std::logic_error("unit " + std::to_string(unit.index) + " starts at deal " +
                               std::to_string(unit.first_deal) + ", inside a match of " +
                               std::to_string(match_deals) + " deals");
    const int matches = static_cast<int>((unit.deals + match_deals - 1) / match_deals);
    const std::int64_t first_match = unit.first_deal / match_deals;
    const int plays = is_duplicate(config) ? n : 1;

    GameDef game = tournament.game;
    game.max_hands = deals;
    HandHistoryWriter history(config, unit.index);
    Chips table_chips = 0;
    for (int s = 0; s < n; ++s)
        table_chips += game.starting_stacks[static_cast<std::size_t>(s)];
    CashTally tally(n, deals, plays, matches, config.allin_ev(), config.aivat(), table_chips);
    const CashUnit cash{
        tournament, unit,   game, plays, std::max<std::int64_t>(1, config.hh_sample()),
        tally,      history};
    SlotTallies tallies(unit.index, n);

    struct Flight {
        std::unique_ptr<UnitContext> context;  // the match's ticket: must not move
        std::optional<Task<bool>> task;
        SlotTallies tallies;
        HandHistoryWriter::Held held;
    };
    // Slots (a free one has no task); a deque, since a match in flight holds references to
    // its slot's tallies and hands.
    std::deque<Flight> flights;
    std::vector<std::size_t> free_slots;
    std::vector<std::size_t> ready, resuming;  // slots whose answer is in
    // Finished matches wait here until every lower one has been merged.
    std::vector<std::optional<Flight>> finished;
    int next = 0, merged = 0, in_flight = 0;
    std::exception_ptr failure;

    const auto merge_in_order = [&] {
        while (merged < matches && finished[static_cast<std::size_t>(merged)]) {
            Flight& f = *finished[static_cast<std::size_t>(merged)];
            tallies.merge(f.tallies, merged);
            if (history.enabled()) history.append(f.held);
            finished[static_cast<std::size_t>(merged)].reset();
            ++merged;
        }
    };
    // The match in `slot` has ended (or thrown): its table is free again.
    const auto match_over = [&](std::size_t slot, int index) {
        Flight& f = flights[slot];
        try {
            f.task->take();
        } catch (...) {
            if (!failure) failure = std::current_exception();
        }
        f.task.reset();
        --in_flight;
        if (context.tables_free) ++*context.tables_free;
        finished[static_cast<std::size_t>(index)].emplace(
            Flight{nullptr, std::nullopt, std::move(f.tallies), std::move(f.held)});
        f.tallies = SlotTallies(unit.index, n);
        free_slots.push_back(slot);
        merge_in_order();
    };
    finished.resize(static_cast<std::size_t>(matches));
    std::vector<int> index_of_slot;

    while (merged < matches) {
        // A failed match stops the unit: no more start, and those in flight end first, since
        // their tickets are in the processes until then.
        while (!failure && next < matches &&
               (in_flight == 0 || (context.tables_free && *context.tables_free > 0))) {
            std::size_t slot;
            if (!free_slots.empty()) {
                slot = free_slots.back();
                free_slots.pop_back();
            } else {
                slot = flights.size();
                flights.push_back(Flight{
                    std::make_unique<UnitContext>(), std::nullopt, SlotTallies(unit.index, n), {}});
                index_of_slot.push_back(0);
            }
            Flight& f = flights[slot];
            *f.context = UnitContext{};
            f.context->lane = context.lane;
            f.context->ready = &ready;
            f.context->slot = slot;
            f.context->parent = &context;
            const int index = next++;
            index_of_slot[slot] = index;
            const int first = static_cast<int>(index * match_deals);
            const int count = static_cast<int>(std::min<std::int64_t>(match_deals, deals - first));
            ++in_flight;
            if (context.tables_free) --*context.tables_free;
            f.task.emplace(play_cash_match(cash, first_match + index, first, count, *f.context,
                                           f.tallies, f.held));
            f.task->start();
            if (f.task->done()) match_over(slot, index);
        }
        if (in_flight == 0) break;  // all merged, or a failure with nothing left in flight
        if (ready.empty()) co_await answer_of(context);
        resuming.swap(ready);
        for (const std::size_t slot : resuming) {
            Flight& f = flights[slot];
            f.context->waiting.resume();
            if (f.task->done()) match_over(slot, index_of_slot[slot]);
        }
        resuming.clear();
    }
    if (failure) std::rethrow_exception(failure);
    tally.close_deals();
    history.finish();
    UnitResult result = tally.result(unit, static_cast<std::int64_t>(deals) * plays, tallies);
    result.set_hh_hands_not_written(history.skipped());
    co_return result;
}

}  // namespace detail

}  // namespace pokerarena::sim
