// The vectorised environment. See vector_env.hpp.
#include "vector_env.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "arguments.hpp"
#include "game.hpp"

namespace py = pybind11;

namespace pokerarena::python {

namespace {

constexpr std::int64_t kFold = 0;
constexpr std::int64_t kCheckCall = 1;
constexpr std::int64_t kRaise = 2;
constexpr int kMaxTables = 1 << 22;

// A new array of `shape` whose data `*column` points to.
template <typename T>
py::array_t<T> column(std::vector<py::ssize_t> shape, T** data) {
    py::array_t<T> a(shape);
    *data = a.mutable_data();
    std::fill_n(*data, a.size(), T{});
    return a;
}

// `value` as an int64 array, or a null one when it is none. Anything but a numpy array goes
// through numpy.asarray first, so that an exception its conversion raises (an __array__'s)
// reaches the caller instead of a message about the shape.
// Integers only: a float or bool array is refused naming `name`, not truncated to int64.
py::array_t<std::int64_t, py::array::forcecast> int64_array(const py::handle& value,
                                                            const char* name) {
    const py::object given = py::isinstance<py::array>(value)
                                 ? py::reinterpret_borrow<py::object>(value)
                                 : py::module_::import("numpy").attr("asarray")(value);
    const char kind = py::reinterpret_borrow<py::array>(given).dtype().kind();
    if (kind != 'i' && kind != 'u')
        throw py::value_error(
            std::string(name) + ": expected an array of integers, got one of " +
            py::str(py::reinterpret_borrow<py::array>(given).dtype()).cast<std::string>());
    return py::array_t<std::int64_t, py::array::forcecast>::ensure(given);
}

}  // namespace

class VectorEnv::InUse {
  public:
    InUse(VectorEnv& env, const char* call) : env_(env) {
        if (env_.in_use_)
            throw std::runtime_error(
                std::string("VectorEnv.") + call +
                "(): the environment is in use by another step() or reset() (another Python "
                "thread, or code that call runs); an environment takes one call at a time: give "
                "each thread an environment of its own, or hold a lock around its calls");
        env_.in_use_ = true;
    }
    ~InUse() { env_.in_use_ = false; }
    InUse(const InUse&) = delete;
    InUse& operator=(const InUse&) = delete;

  private:
    VectorEnv& env_;
};

VectorEnv::VectorEnv(int tables, int seats, Chips stack, Chips small_blind, Chips big_blind,
                     std::uint64_t seed, const std::string& betting, const std::string& game)
    : seats_(seats), seed_(seed) {
    const GameDef def = table_game(game, seats, stack, small_blind, big_blind, betting);
    // A seat all-in from its forced bets makes a hand with no decision; with every stack so
    // short, and stacks reset every hand, no table would ever come to one.
    const Chips forced = def.ante + (def.post_blinds ? def.big_blind : 0);
    if (stack <= forced)
        throw py::value_error("stack: " + std::to_string(stack) + " chips; every table must come " +
                              "to a decision: give each seat more than its forced bets, " +
                              std::to_string(forced) + " chips");
    hole_cards_ = def.hole_cards;
    for (int round = 0; round < def.num_rounds; ++round)
        board_cards_ += def.board_cards[static_cast<std::size_t>(round)];
    tables_.reserve(static_cast<std::size_t>(tables));
    first_deal_.assign(static_cast<std::size_t>(tables), 0);
    for (int i = 0; i < tables; ++i) {
        tables_.emplace_back(def, seed, static_cast<std::uint64_t>(i));
        tables_.back().set_pause_mask(pause_bit(EventKind::ActionRequired) |
                                      pause_bit(EventKind::HandEnded));
    }
    const py::ssize_t n = tables;
    const py::ssize_t s = seats;
    py::dict o;
    o["seat"] = column<std::int8_t>({n}, &seat_);
    o["button"] = column<std::int8_t>({n}, &button_);
    o["hand"] = column<std::int64_t>({n}, &hand_);
    o["round"] = column<std::int8_t>({n}, &round_);
    o["hole"] = column<std::int8_t>({n, hole_cards_}, &hole_);
    o["board"] = column<std::int8_t>({n, board_cards_}, &board_);
    o["pot"] = column<std::int64_t>({n}, &pot_);
    o["current_bet"] = column<std::int64_t>({n}, &current_bet_);
    o["stacks"] = column<std::int64_t>({n, s}, &stacks_);
    o["bets"] = column<std::int64_t>({n, s}, &bets_);
    o["folded"] = column<bool>({n, s}, &folded_);
    o["can_fold"] = column<bool>({n}, &can_fold_);
    o["can_check"] = column<bool>({n}, &can_check_);
    o["call_amount"] = column<std::int64_t>({n}, &call_amount_);
    o["can_raise"] = column<bool>({n}, &can_raise_);
    o["min_raise_to"] = column<std::int64_t>({n}, &min_raise_to_);
    o["max_raise_to"] = column<std::int64_t>({n}, &max_raise_to_);
    observations_ = o;
}

void VectorEnv::observe(std::size_t i) {
    const Table& t = tables_[i];
    const HandRecord& hand = t.last_hand();
    const int s = t.seat_to_act();
    const auto row = i * static_cast<std::size_t>(seats_);
    seat_[i] = static_cast<std::int8_t>(s);
    button_[i] = static_cast<std::int8_t>(t.button());
    hand_[i] = static_cast<std::int64_t>(first_deal_[i]) + t.hand_number();
    round_[i] = static_cast<std::int8_t>(t.round());
    const auto holes = static_cast<std::size_t>(hole_cards_);
    for (std::size_t c = 0; c < holes; ++c)
        hole_[holes * i + c] = static_cast<std::int8_t>(hand.hole[s][c].index());
    const auto boards = static_cast<std::size_t>(board_cards_);
    for (std::size_t c = 0; c < boards; ++c)
        board_[boards * i + c] = static_cast<int>(c) < hand.board_count
                                     ? static_cast<std::int8_t>(hand.board[c].index())
                                     : std::int8_t{-1};
    pot_[i] = t.pot();
    current_bet_[i] = t.current_bet();
    for (int k = 0; k < seats_; ++k) {
        stacks_[row + k] = t.stack(k);
        bets_[row + k] = t.bet(k);
        folded_[row + k] = (t.folded() >> k) & 1u;
    }
    const LegalActions legal = t.legal_actions();
    can_fold_[i] = legal.can_fold;
    can_check_[i] = legal.can_check;
    call_amount_[i] = legal.call_amount;
    can_raise_[i] = legal.can_raise;
    min_raise_to_[i] = legal.min_raise_to;
    max_raise_to_[i] = legal.max_raise_to;
}

void VectorEnv::play_to_decision(std::size_t i, double* rewards, bool* done) {
    Table& t = tables_[i];
    for (;;) {
        const Event e = t.advance();
        if (e.kind == EventKind::ActionRequired) break;
        if (e.kind == EventKind::HandEnded && rewards != nullptr) {
            const HandRecord& hand = t.last_hand();
            double* row = rewards + i * static_cast<std::size_t>(seats_);
            for (int k = 0; k < seats_; ++k)
                row[k] += static_cast<double>(hand.net[k]);
            done[i] = true;
        }
    }
    observe(i);
}

py::dict VectorEnv::reset() {
    const InUse in_use(*this, "reset");
    {
        py::gil_scoped_release release;
        for (std::size_t i = 0; i < tables_.size(); ++i) {
            if (started_) {
                // Every table waits at a decision: its hand is abandoned for a new table at the
                // next deal, the button on the next seat as a new hand would have it.
                const Table& old = tables_[i];
                first_deal_[i] += static_cast<std::uint64_t>(old.hand_number()) + 1;
                Table fresh(old.game_def(), seed_, i, first_deal_[i]);
                fresh.set_pause_mask(old.pause_mask());
                fresh.set_button((old.button() + 1) % seats_);
                tables_[i] = std::move(fresh);
            }
            play_to_decision(i, nullptr, nullptr);
        }
    }
    started_ = true;
    return observations_;
}

std::string VectorEnv::problem(std::size_t i, std::int64_t kind, std::int64_t amount) const {
    if (kind == kFold) return can_fold_[i] ? "" : "fold is not open (checking is free)";
    if (kind == kCheckCall) return "";
    if (kind != kRaise)
        return "kind " + std::to_string(kind) + " is not 0 (fold), 1 (check or call) or 2 (raise)";
    if (!can_raise_[i]) return "no bet or raise is open";
    if (amount < min_raise_to_[i] || amount > max_raise_to_[i])
        return "raise to " + std::to_string(amount) + " is outside " +
               std::to_string(min_raise_to_[i]) + ".." + std::to_string(max_raise_to_[i]);
    return "";
}

py::tuple VectorEnv::step(const py::object& kinds_given, const py::object& amounts) {
    const InUse in_use(*this, "step");
    if (!started_) throw py::value_error("step() before reset()");
    const auto n = static_cast<py::ssize_t>(tables_.size());
    const auto kinds = int64_array(kinds_given, "kinds");
    if (!kinds || kinds.ndim() != 1 || kinds.shape(0) != n)
        throw py::value_error("kinds: expected an array of " + std::to_string(n) +
                              " action kinds (0 fold, 1 check or call, 2 raise)");
    py::array_t<std::int64_t, py::array::forcecast> raise_to;
    if (!amounts.is_none()) {
        raise_to = int64_array(amounts, "amounts");
        if (!raise_to || raise_to.ndim() != 1 || raise_to.shape(0) != n)
            throw py::value_error("amounts: expected an array of " + std::to_string(n) +
                                  " raise-to amounts (street totals), or None");
    }
    const std::int64_t* kind = kinds.data();
    const std::int64_t* amount = amounts.is_none() ? nullptr : raise_to.data();
    for (std::size_t i = 0; i < tables_.size(); ++i) {
        if (kind[i] == kRaise && amount == nullptr)
            throw py::value_error("table " + std::to_string(i) +
                                  ": a raise needs an amount (amounts is None)");
        const std::string why = problem(i, kind[i], amount ? amount[i] : 0);
        if (!why.empty()) throw py::value_error("table " + std::to_string(i) + ": " + why);
    }
    double* rewards = nullptr;
    bool* done = nullptr;
    py::array_t<double> rewards_array = column<double>({n, seats_}, &rewards);
    py::array_t<bool> done_array = column<bool>({n}, &done);
    {
        py::gil_scoped_release release;
        for (std::size_t i = 0; i < tables_.size(); ++i) {
            const Action a = kind[i] == kFold        ? Action::fold()
                             : kind[i] == kCheckCall ? Action::check_call()
                                                     : Action::raise_to(amount[i]);
            // Checked above against the same legal actions, so the table takes it.
            tables_[i].act(a);
            play_to_decision(i, rewards, done);
        }
    }
    return py::make_tuple(observations_, std::move(rewards_array), std::move(done_array));
}

void add_vector_env(py::module_& m) {
    py::class_<VectorEnv>(
        m, "VectorEnv",
        R"(N tables of one game (hold'em, Omaha, short-deck, Kuhn or Leduc) stepped by one call.

Every table plays hands with stacks reset to `stack` each hand and the button moving; after
reset() and each step() every table waits at its next decision. Observations are a dict of
numpy arrays (one row per table) that the environment rewrites in place: copy what you keep.
  seat, button, hand, round      the seat to act, the button, the hand number, the round (0..3)
  hole (N, H), board (N, B)      the acting seat's cards and the board, card codes (-1: none);
                                 H and B the game's hole and board cards (hold'em 2 and 5, Omaha 4 and 5,
                                 Kuhn 1 and 0, Leduc 1 and 1)
  pot, current_bet               chips in the pot, the highest bet of the round
  stacks, bets, folded (N, S)    per seat: chips behind, chips bet this round, has folded
  can_fold, can_check, call_amount, can_raise, min_raise_to, max_raise_to   the legal actions
step(kinds, amounts) returns (observations, rewards, done): rewards (N, S) the chips each seat
won in hands that ended during the step, done (N,) whether one did (the next has begun);
rewards and done are new arrays every step, safe to keep (a replay buffer's). One call at a
time: a step() or reset() while another runs on this environment (another Python thread)
raises RuntimeError; give each thread an environment of its own.)")
        .def(py::init([](const py::object& tables, const py::object& seats, const py::object& stack,
                         const py::object& small_blind, const py::object& big_blind,
                         const py::object& seed, const std::string& betting,
                         const std::string& game) {
                 return std::make_unique<VectorEnv>(
                     static_cast<int>(integer_argument(tables, "tables", 1, kMaxTables)),
                     int_argument(seats, "seats"), chips_argument(stack, "stack"),
                     chips_argument(small_blind, "small_blind"),
                     chips_argument(big_blind, "big_blind"), unsigned_argument(seed, "seed"),
                     betting, game);
             }),
             py::arg("tables"), py::arg("seats") = 2, py::arg("stack") = 200,
             py::arg("small_blind") = 1, py::arg("big_blind") = 2, py::arg("seed") = 0,
             py::arg("betting") = "", py::arg("game") = "holdem",
             "tables tables of seats seats, stacks of stack chips. game \"holdem\": blinds "
             "small_blind and big_blind, betting \"no-limit\" (the default), \"pot-limit\" or "
             "\"fixed-limit\" (bets of one and two big blinds, four a round); \"plo\", \"plo8\", "
             "\"short-deck\", \"kuhn\" or \"leduc\" as Table takes them. Table i deals from "
             "(seed, i) alone.")
        .def("reset", &VectorEnv::reset,
             "Deals every table a new hand and plays it to its first decision; returns the "
             "observations. After steps, the hand in play at each table is abandoned (no "
             "rewards; stacks start full every hand) and the table deals its next deal, the "
             "button moved on, as if that hand had ended: a reset never replays cards.")
        .def("step", &VectorEnv::step, py::arg("kinds"), py::arg("amounts") = py::none(),
             "kinds[i]: 0 fold, 1 check or call, 2 raise to amounts[i] (a street total in "
             "min_raise_to..max_raise_to). Every action is checked before any is applied "
             "(ValueError naming the table). Returns (observations, rewards, done): observations "
             "rewritten in place, rewards and done new arrays.")
        .def_property_readonly("tables", &VectorEnv::tables, "The number of tables.")
        .def_property_readonly("seats", &VectorEnv::seats, "Seats at each table.");
}

}  // namespace pokerarena::python
