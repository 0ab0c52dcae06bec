// PokerKit's rule for who may act, as a check on PHH files: a model of its queue of players to
// act (pokerkit/state.py, State._begin_betting, check_or_call, fold, complete_bet_or_raise_to),
// written independently of the engine, so that a hand the engine writes can be checked for
// what PokerKit would refuse without PokerKit at hand. docs/formats.md states the rule.
//
// - As a round opens, the queue is every player from the opener on (before the flop the one
//   after the largest blind; after it p1) who has not folded, has chips and has an effective
//   stack above zero: min(stack, second largest of bet + stack among the players still in -
//   own bet). If it then holds one player whose bet is the highest, the round ends at once.
// - Each action is taken by the first player of the queue, who leaves it. A bet or raise fills
//   the queue again with every other player still in who has chips, in order after the raiser.
// - The round ends when the queue is empty or one player is left. Bets above the second
//   largest come back to their owners when they are collected.
// - A bet or raise needs another player still in who could put in more than the bet to call.
// Amounts matter only for who has chips left; sizes are not checked (the replay does that).
#pragma once

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "pokerarena/engine/phh.hpp"

namespace pokerarena::test {

class PokerKitTurns {
  public:
    explicit PokerKitTurns(const PhhHand& hand) : hand_(hand), n_(hand.num_players()) {
        stacks_ = hand.starting_stacks;
        bets_.assign(n_, 0);
        in_.assign(n_, true);
        // Heads-up, PokerKit applies `antes` and `blinds_or_straddles` reversed.
        std::vector<Chips> antes(n_), blinds(n_);
        for (int i = 0; i < n_; ++i) {
            const int from = n_ == 2 ? 1 - i : i;
            antes[i] = std::min(hand.antes[from], stacks_[i]);
            blinds_[i] = hand.blinds_or_straddles[from];
        }
        for (int i = 0; i < n_; ++i)
            stacks_[i] -= antes[i];
        if (hand.ante_trimming_status && n_ > 1) {
            // The antes are collected like bets: above the second largest comes back.
            std::vector<Chips> sorted = antes;
            std::sort(sorted.begin(), sorted.end());
            const Chips cutoff = sorted[n_ - 2];
            for (int i = 0; i < n_; ++i)
                stacks_[i] += std::max<Chips>(0, antes[i] - cutoff);
        }
        for (int i = 0; i < n_; ++i) {
            bets_[i] = std::min(blinds_[i], stacks_[i]);
            stacks_[i] -= bets_[i];
        }
        open_round();
    }

    // "" when PokerKit accepts every action of the hand in turn, else why not.
    std::string check() {
        for (const PhhAction& action : hand_.actions) {
            const std::string where = "actions[" + std::to_string(action.index) + "] '" +
                                      to_phh_text(action, hand_.chip_decimals) + "': ";
            switch (action.kind) {
                case PhhActionKind::DealHole:
                case PhhActionKind::ShowOrMuck:
                    break;
                case PhhActionKind::DealBoard:
                    if (!queue_.empty())
                        return where + "board dealt while " + asked() + " is to act";
                    ++round_;
                    collect();
                    open_round();
                    break;
                default:
                    if (queue_.empty() || queue_.front() != action.player)
                        return where + "PokerKit asks " + (queue_.empty() ? "nobody" : asked());
                    if (action.kind == PhhActionKind::BetRaiseTo &&
                        !someone_can_call(action.player))
                        return where + "PokerKit refuses a raise that nobody can call";
                    act(action);
            }
        }
        if (!queue_.empty()) return "the actions end while PokerKit asks " + asked();
        return "";
    }

  private:
    std::string asked() const {
        std::string name = "p";  // appended: GCC 12 -Wrestrict misfires on "p" + temporary
        name += std::to_string(queue_.front() + 1);
        return name;
    }

    int players_in() const { return static_cast<int>(std::count(in_.begin(), in_.end(), true)); }

    Chips effective_stack(int i) const {
        std::vector<Chips> totals;
        for (int j = 0; j < n_; ++j)
            if (in_[j]) totals.push_back(bets_[j] + stacks_[j]);
        std::sort(totals.begin(), totals.end());
        return std::min(stacks_[i], std::max<Chips>(0, totals[totals.size() - 2] - bets_[i]));
    }

    // Some other player still in has, bet and stack together, more than the bet to call.
    bool someone_can_call(int raiser) const {
        const Chips highest = *std::max_element(bets_.begin(), bets_.end());
        for (int i = 0; i < n_; ++i)
            if (i != raiser && in_[i] && bets_[i] + stacks_[i] > highest) return true;
        return false;
    }

    void open_round() {
        queue_.clear();
        if (players_in() <= 1) return;
        int opener = 0;
        if (round_ == 0) {
            // The largest bet among the blinds and straddles; ties go to the later player.
            int largest = 0;
            for (int i = 1; i < n_; ++i) {
                const Chips key = blinds_[i] > 0 ? bets_[i] : 0;
                const Chips best = blinds_[largest] > 0 ? bets_[largest] : 0;
                if (key >= best) largest = i;
            }
            opener = (largest + 1) % n_;
        }
        for (int k = 0; k < n_; ++k) {
            const int i = (opener + k) % n_;
            if (in_[i] && stacks_[i] > 0 && effective_stack(i) > 0) queue_.push_back(i);
        }
        const Chips highest = *std::max_element(bets_.begin(), bets_.end());
        if (queue_.size() == 1 && bets_[queue_.front()] >= highest) queue_.clear();
    }

    void act(const PhhAction& action) {
        const int i = queue_.front();
        queue_.pop_front();
        const Chips highest = *std::max_element(bets_.begin(), bets_.end());
        if (action.kind == PhhActionKind::Fold) {
            in_[i] = false;
        } else if (action.kind == PhhActionKind::CheckCall) {
            const Chips amount = std::min(stacks_[i], highest - bets_[i]);
            bets_[i] += amount;
            stacks_[i] -= amount;
        } else {
            stacks_[i] -= action.amount - bets_[i];
            bets_[i] = action.amount;
            queue_.clear();
            for (int k = 1; k < n_; ++k) {
                const int j = (i + k) % n_;
                if (in_[j] && stacks_[j] > 0) queue_.push_back(j);
            }
        }
        if (players_in() <= 1) queue_.clear();
    }

    void collect() {
        std::vector<Chips> sorted = bets_;
        std::sort(sorted.begin(), sorted.end());
        const Chips cutoff = sorted[n_ - 2];
        for (int i = 0; i < n_; ++i) {
            stacks_[i] += std::max<Chips>(0, bets_[i] - cutoff);
            bets_[i] = 0;
        }
    }

    const PhhHand& hand_;
    int n_;
    int round_ = 0;
    std::vector<Chips> stacks_, bets_;
    std::vector<Chips> blinds_ = std::vector<Chips>(10, 0);
    std::vector<bool> in_;
    std::deque<int> queue_;
};

// "" when PokerKit would take every action of `hand` in turn, else the first it would refuse
// or miss.
inline std::string pokerkit_turn_problem(const PhhHand& hand) {
    return PokerKitTurns(hand).check();
}

}  // namespace pokerarena::test
