// AIVAT: per-hand variance reduction from the cards the simulator knows and the strategies the
// bots report (docs/aivat.md).
//
// A seat's AIVAT value for a finished hand is its net chips plus one correction term at every
// event whose distribution is known, each of expectation zero given everything that came
// before it, so the value is an unbiased estimate of the seat's expected net:
// - chance terms: the hole cards of all seats (one event), then each round's board cards:
//   E_c[V(h.c)] - V(h.c*), the expectation over the event's outcomes minus the value at the one
//   dealt;
// - action terms, at each decision whose strategy is known: sum over the strategy's parts of
//   p * V(h.a) - V(h.a*).
// V is an AivatValueFunction; the built-in one is CheckDownValue.
//
// Guarantees
// - A term is left out when the value function has no value for a point it needs
//   (CheckDownValue: a preflop point other than the heads-up table's), decided from the
//   history before the event, so the estimate stays unbiased.
// - A record whose actions were truncated gets terms for its recorded actions and the chance
//   events before the last of them only.
// - The values are the seat's net when every term is left out; seats not dealt in get 0.
// - Not thread-safe per instance: one estimator and value function per thread or work unit.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/hand_record.hpp"
#include "pokerarena/sim/pots.hpp"

namespace pokerarena::sim {

// A point of a hand: the cards of `record` (every hole card; the first known_board board
// cards) and the chips as they stand.
struct HandPoint {
    const HandRecord* record = nullptr;
    const GameDef* game = nullptr;
    std::array<Chips, kMaxSeats> committed{};  // put in this hand (antes, blinds, bets)
    std::array<Chips, kMaxSeats> bets{};       // put in this round (blinds included)
    SeatMask folded = 0;
    int known_board = 0;
    bool hole_cards_dealt = false;
};

// The value function of the correction terms. Any function gives unbiased terms provided
// expected_after_chance() is the exact expectation of value() over the next chance event; the
// closer value() is to a seat's true expected net, the more variance the terms remove.
class AivatValueFunction {
  public:
    virtual ~AivatValueFunction() = default;
    // The hand whose points follow (every point until the next call is of `record`).
    virtual void begin_hand(const HandRecord& record, const GameDef& game) {
        (void)record;
        (void)game;
    }
    // Each seat's value at `point` (v[s] for every seat of the record). False: no value there.
    virtual bool value(const HandPoint& point, std::array<double, kMaxSeats>& v) = 0;
    // The expectation of value() over the next chance event at `point`: the hole cards when
    // !point.hole_cards_dealt, else the next round's board cards. False: not known.
    virtual bool expected_after_chance(const HandPoint& point,
                                       std::array<double, kMaxSeats>& v) = 0;
    // True when expected_after_chance() is value() at the same point once the hole cards are
    // dealt (the value is a martingale over the board): the estimator then skips the values
    // a round without chips put in cannot change.
    virtual bool martingale() const { return false; }
};

// V_i(h): seat i's expected net if the hand were checked down from h with the chips as they
// stand: the round's uncalled excess back to its owner, the pots layered as the engine layers
// them, each contested pot's exact equity over every remaining board (ties split); a folded
// seat's value is minus what it put in.
// - Before the hole cards, every seat eligible for a pot is equally likely to win it, so the
//   expectation is each pot shared equally among its eligible seats.
// - Exact equity is a martingale over board cards: expected_after_chance is value() itself.
// - Cheap points only: the flop and later (Hold'em), and heads-up preflop with nobody else
//   dealt in (the shipped table); value() is false preflop otherwise (multiway preflop
//   enumeration is C(52 - 2n, 5) boards, milliseconds a point).
// - Pot shares are cached per hand by board cards known and contesting seats, so a round's
//   points cost one enumeration per set of contenders; heads-up spots (two players, nobody
//   else dealt in) are also kept across hands by their cards (8,192 of them, 128 KB), so the
//   second half of a duplicate pair finds most spots the first half reached.
class CheckDownValue final : public AivatValueFunction {
  public:
    void begin_hand(const HandRecord& record, const GameDef& game) override;
    bool value(const HandPoint& point, std::array<double, kMaxSeats>& v) override;
    bool expected_after_chance(const HandPoint& point, std::array<double, kMaxSeats>& v) override;
    bool martingale() const override { return true; }

  private:
    struct Cached {
        int known = -1;
        SeatMask eligible = 0;
        std::array<double, kMaxSeats> shares{};
    };
    // The shares of a unit pot contested by `eligible` with `known` board cards.
    const std::array<double, kMaxSeats>& shares(const HandPoint& point, SeatMask eligible);

    // Heads-up spots of recent hands: the first seat's share, by the cards (key + 1; 0 empty).
    struct Recent {
        std::uint64_t key = 0;
        double share = 0;
    };
    static constexpr int kRecentBits = 13;
    std::array<Recent, 1u << kRecentBits> recent_{};
    detail::PotEquity equity_;
    static constexpr int kCacheSize = 16;
    std::array<Cached, kCacheSize> cache_{};
    int cached_ = 0;  // entries of this hand
    int next_slot_ = 0;
};

// What the estimate of one hand used.
struct AivatHand {
    std::array<double, kMaxSeats> value{};  // net + the terms, by seat
    // The terms by kind, by seat: kHoleTerms, then each round's board cards by round
    // (1 .. num_rounds - 1), then kActionTerms. A quiet round's board term is counted with
    // the next round's (AivatEstimator::Options).
    static constexpr int kHoleTerms = 0;
    static constexpr int kActionTerms = kMaxRounds;
    std::array<std::array<double, kMaxSeats>, kMaxRounds + 1> terms{};
    // Decisions of each seat, and those of them whose strategy entered a term.
    std::array<std::int32_t, kMaxSeats> decisions{};
    std::array<std::int32_t, kMaxSeats> with_strategy{};
    int chance_terms = 0;  // chance events with a term
    int left_out = 0;      // events with a known distribution whose term was left out
};

class AivatEstimator {
  public:
    struct Options {
        // A round whose every action is a check (and whose next board is dealt): with a
        // martingale value function its board event's term and the next one's are added as
        // one, E(before it) - V(after the next), the same sum without the value between (the
        // flop's enumeration, for a flop checked through). False: every value is computed
        // (tests compare the two).
        bool skip_quiet_rounds = true;
    };
    explicit AivatEstimator(AivatValueFunction& value) : value_(&value) {}
    AivatEstimator(AivatValueFunction& value, const Options& options)
        : value_(&value), options_(options) {}

    // The AIVAT values of the finished hand `record` of `game`; strategies.of_action(k) is
    // the strategy action k was drawn from (nullptr: unknown).
    void estimate(const HandRecord& record, const GameDef& game, const HandStrategies& strategies,
                  AivatHand& out);

  private:
    AivatValueFunction* value_;
    Options options_;
};

}  // namespace pokerarena::sim
