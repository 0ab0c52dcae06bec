// The Python module `pokerarena` (docs/python.md): cards, the hand evaluator and equity, at
// the speed of the C++ calls they wrap, and a vectorised environment of engine tables
// (vector_env.hpp).
//
// Guarantees
// - Every function checks what Python hands it (card codes 0..51, distinct cards, array
//   shapes and dtypes, hand values some hand has, integers in their range, option values) and
//   raises ValueError naming the argument and what was expected: bad input never reaches a
//   C++ precondition.
// - evaluate_batch() checks and evaluates the rows on the widest SIMD kernels (evaluate_rows)
//   straight into a new numpy array, and releases the GIL while they run; every kernel gives
//   the same values as the scalar one.
// - equity() releases the GIL too, so Python threads can compute equities side by side.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "run.hpp"
#include "table.hpp"
#include "vector_env.hpp"

namespace py = pybind11;

namespace pokerarena::python {
namespace {

// An array's shape as Python writes it: "(4, 5)".
std::string shape_text(const py::array& a) {
    return py::repr(py::tuple(py::cast(std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()))))
        .cast<std::string>();
}

// Cards given as text ("AsKd", "As Kd", "as,kd") or as a sequence of codes 0..51.
std::vector<Card> cards_of(const py::handle& value, const char* argument) {
    if (py::isinstance<py::str>(value)) {
        try {
            return parse_cards(value.cast<std::string>());
        } catch (const CardParseError& e) {
            throw py::value_error(std::string(argument) + ": " + e.what());
        }
    }
    if (!py::isinstance<py::sequence>(value) && !py::isinstance<py::array>(value))
        throw py::value_error(std::string(argument) +
                              ": expected cards as text (\"AsKd\") or a sequence of codes 0..51");
    if (py::isinstance<py::array>(value) && py::reinterpret_borrow<py::array>(value).ndim() != 1) {
        const py::array a = py::reinterpret_borrow<py::array>(value);
        throw py::value_error(std::string(argument) +
                              ": expected one card code a position (a 1-D array), got " +
                              "an array of shape " + shape_text(a));
    }
    std::vector<Card> cards;
    CardSet seen;
    for (const py::handle item : value) {
        // An exact int needs none of these checks (a bool is not one).
        if ((!PyLong_CheckExact(item.ptr()) &&
             (py::isinstance<py::bool_>(item) || is_numpy_bool(item) ||
              !py::hasattr(item, "__index__"))) ||
            (py::isinstance<py::array>(item) && py::reinterpret_borrow<py::array>(item).ndim() > 0))
            throw py::value_error(std::string(argument) + ": " +
                                  py::repr(item).cast<std::string>() +
                                  " is not a card code (an integer 0..51)");
        long long code = -1;
        try {
            code = item.cast<long long>();
        } catch (const py::cast_error&) {
            throw py::value_error(std::string(argument) + ": " +
                                  py::repr(item).cast<std::string>() + " is outside 0..51");
        }
        if (code < 0 || code >= kNumCards)
            throw py::value_error(std::string(argument) + ": card code " + std::to_string(code) +
                                  " is outside 0..51");
        const Card c(static_cast<int>(code));
        if (seen.contains(c))
            throw py::value_error(std::string(argument) + ": card " + c.to_string() +
                                  " is given twice");
        seen.add(c);
        cards.push_back(c);
    }
    return cards;
}

HoleCards hole_of(const py::handle& value, const char* argument) {
    const std::vector<Card> cards = cards_of(value, argument);
    if (cards.size() != 2)
        throw py::value_error(std::string(argument) + ": expected two hole cards, got " +
                              std::to_string(cards.size()));
    return {cards[0], cards[1]};
}

// A kernel's name as Python spells it: "best", "scalar", "sse4", "avx2", "avx512".
std::string python_name(Kernel k) {
    std::string name = kernel_name(k);
    for (char& c : name)
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return name;
}

Kernel kernel_of(const std::string& name) {
    for (const Kernel k :
         {Kernel::Best, Kernel::Scalar, Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
        if (name != python_name(k)) continue;
        if (!kernel_available(k)) {
            std::string list;
            for (const Kernel a : available_kernels())
                list += (list.empty() ? "" : ", ") + python_name(a);
            throw py::value_error("kernel: " + name + " does not run on this CPU (it runs " + list +
                                  ")");
        }
        return k;
    }
    throw py::value_error("kernel: expected one of best, scalar, sse4, avx2, avx512, not \"" +
                          name + "\"");
}

// A hand value given from Python, checked: one that some hand of 5 to 7 cards has.
// `given` as a hand value: an int (not a bool) that some hand has, ValueError naming it
// otherwise (a float, a bool, 2**40 or a value no hand has).
HandValue hand_value(const py::handle& given) {
    const std::int64_t value =
        integer_argument(given, "value", std::numeric_limits<std::int64_t>::min(),
                         std::numeric_limits<std::int64_t>::max());
    if (value < 0 || value > 0xFFFF || !is_hand_value(static_cast<HandValue>(value))) {
        char hex[24] = "";
        if (value >= 0)
            std::snprintf(hex, sizeof hex, " (0x%llx)", static_cast<unsigned long long>(value));
        throw py::value_error("value: " + std::to_string(value) + hex +
                              " is not a hand value (evaluate() gives 7,462 of them, from "
                              "0x1000 to 0x900c)");
    }
    return static_cast<HandValue>(value);
}

HandValue evaluate_cards(const py::handle& value) {
    const std::vector<Card> cards = cards_of(value, "cards");
    if (cards.size() < 5 || cards.size() > 7)
        throw py::value_error("cards: expected 5, 6 or 7 cards, got " +
                              std::to_string(cards.size()));
    CardSet set;
    for (const Card c : cards)
        set.add(c);
    return evaluate(set);
}

// What is wrong with one row of seven card codes, or "".
std::string row_problem(const std::uint8_t* row) {
    std::string cards;
    for (int j = 0; j < 7; ++j)
        cards += (j ? ", " : "") + std::to_string(row[j]);
    std::uint64_t seen = 0;
    for (int j = 0; j < 7; ++j) {
        if (row[j] >= kNumCards)
            return "[" + cards + "]: card code " + std::to_string(row[j]) + " is outside 0..51";
        if (seen >> row[j] & 1) return "[" + cards + "]: a card is given twice";
        seen |= std::uint64_t{1} << row[j];
    }
    return "";
}

// `hands` as a C-contiguous uint8 array of shape (N, 7), checked in the caller's dtype first:
// integer codes only (a float is refused, not truncated), and each in 0..51 (not wrapped to
// a byte), so a message quotes the value given.
py::array_t<std::uint8_t, py::array::c_style> hand_rows(const py::handle& value) {
    const py::array given = py::array::ensure(value);
    if (!given)
        throw py::value_error("hands: expected an array of shape (N, 7) of card codes 0..51");
    const char kind = given.dtype().kind();
    if (kind != 'i' && kind != 'u')
        throw py::value_error("hands: expected integer card codes 0..51, got an array of " +
                              py::str(given.dtype()).cast<std::string>());
    if (given.ndim() != 2 || given.shape(1) != 7)
        throw py::value_error(
            "hands: expected an array of shape (N, 7) of card codes 0..51, got "
            "shape " +
            shape_text(given));
    if (given.dtype().is(py::dtype::of<std::uint8_t>()) && (given.flags() & py::array::c_style))
        return py::reinterpret_borrow<py::array_t<std::uint8_t, py::array::c_style>>(given);
    const py::object numpy = py::module_::import("numpy");
    const py::object outside = numpy.attr("flatnonzero")(
        numpy.attr("logical_or")(given.attr("__lt__")(0), given.attr("__gt__")(kNumCards - 1)));
    if (py::len(outside) > 0) {
        const auto at = outside[py::int_(0)].cast<py::ssize_t>();
        const py::object row = given[py::int_(at / 7)];
        throw py::value_error("hands: row " + std::to_string(at / 7) + " " +
                              py::str(row.attr("tolist")()).cast<std::string>() + ": card code " +
                              py::str(row[py::int_(at % 7)]).cast<std::string>() +
                              " is outside 0..51");
    }
    return numpy.attr("ascontiguousarray")(given, numpy.attr("uint8"))
        .cast<py::array_t<std::uint8_t, py::array::c_style>>();
}

py::array_t<std::uint16_t> evaluate_hands(const py::handle& hands_given,
                                          const std::string& kernel_name_text) {
    const auto hands = hand_rows(hands_given);
    const Kernel kernel = kernel_of(kernel_name_text);
    const auto n = static_cast<std::size_t>(hands.shape(0));
    py::array_t<std::uint16_t> values(static_cast<py::ssize_t>(n));
    const std::uint8_t* rows = hands.data();
    HandValue* out = values.mutable_data();
    std::size_t bad = n;
    {
        py::gil_scoped_release release;
        bad = evaluate_rows(std::span(rows, 7 * n), std::span(out, n), kernel);
    }
    if (bad < n)
        throw py::value_error("hands: row " + std::to_string(bad) + " " +
                              row_problem(rows + 7 * bad));
    return values;
}

EquityMethod method_of(const std::string& name) {
    if (name == "auto") return EquityMethod::Auto;
    if (name == "exact") return EquityMethod::Exact;
    if (name == "monte_carlo") return EquityMethod::MonteCarlo;
    throw py::value_error("method: expected \"auto\", \"exact\" or \"monte_carlo\", not \"" + name +
                          "\"");
}

// The keys of equity()'s dicts, made once: a key made from its text at each call was a fifth
// of the call's cost beyond the C++ equity with few samples.
struct EquityKeys {
    py::str win{"win"}, tie{"tie"}, equity{"equity"}, wins{"wins"}, ties{"ties"},
        players{"players"}, outcomes{"outcomes"}, exact{"exact"}, std_error{"std_error"};
};
const EquityKeys& equity_keys() {
    // Never destroyed: a Python object must not be released after the interpreter ends.
    static const EquityKeys* keys = new EquityKeys;
    return *keys;
}

py::dict equity(const py::handle& hero, const py::object& villains,
                const py::handle& random_opponents, const py::handle& board, const py::handle& dead,
                const std::string& method, const py::handle& samples, const py::handle& seed,
                const py::handle& threads, const py::handle& exact_limit,
                const std::string& kernel) {
    EquityRequest request;
    request.hero = hole_of(hero, "hero");
    if (!villains.is_none()) {
        if (py::isinstance<py::str>(villains))
            throw py::value_error(
                "villains: expected a list of hole cards (such as [\"QdQc\"]), not a string");
        int i = 0;
        for (const py::handle v : villains) {
            const std::string name = "villains[" + std::to_string(i++) + "]";
            request.villains.push_back(hole_of(v, name.c_str()));
        }
    }
    request.random_opponents = int_argument(random_opponents, "random_opponents");
    request.board = cards_of(board, "board");
    for (const Card c : cards_of(dead, "dead"))
        request.dead.add(c);
    request.method = method_of(method);
    request.samples = unsigned_argument(samples, "samples");
    request.seed = unsigned_argument(seed, "seed");
    request.threads = static_cast<int>(integer_argument(threads, "threads", 1, kMaxEquityThreads));
    request.exact_limit = unsigned_argument(exact_limit, "exact_limit");
    request.kernel = kernel_of(kernel);
    EquityResult result;
    try {
        py::gil_scoped_release release;
        result = calculate_equity(request);
    } catch (const EquityError& e) {
        // The C++ names of the methods as Python spells them.
        std::string message = e.what();
        const std::string cpp = "method MonteCarlo or Auto";
        if (const auto at = message.find(cpp); at != std::string::npos)
            message.replace(at, cpp.size(), "method=\"monte_carlo\" or \"auto\"");
        throw py::value_error(message);
    }
    const EquityKeys& key = equity_keys();
    py::list players(result.players.size());
    for (std::size_t i = 0; i < result.players.size(); ++i) {
        const PlayerEquity& p = result.players[i];
        py::dict d;
        d[key.win] = p.win;
        d[key.tie] = p.tie;
        d[key.equity] = p.equity;
        d[key.wins] = p.wins;
        d[key.ties] = p.ties;
        players[i] = std::move(d);
    }
    py::dict out;
    out[key.players] = std::move(players);
    out[key.equity] = result.players.front().equity;
    out[key.outcomes] = result.outcomes;
    out[key.exact] = result.exact;
    out[key.std_error] = result.std_error;
    return out;
}

}  // namespace

PYBIND11_MODULE(pokerarena, m) {
    m.doc() =
        "pokerarena: the hand evaluator, equity and a vectorised hold'em environment of the "
        "pokerarena poker simulator.\n\n"
        "Cards are codes 0..51 (4 * rank + suit; rank 0 = deuce .. 12 = ace, suit 0..3 = c d h s)\n"
        "or text such as \"AsKd\". See docs/python.md.";

    m.def(
        "parse_cards",
        [](const std::string& text) {
            std::vector<int> codes;
            for (const Card c : cards_of(py::str(text), "text"))
                codes.push_back(c.index());
            return codes;
        },
        py::arg("text"),
        "The card codes of text such as \"AsKd\" or \"As Kd Qh\" (ValueError for anything else, "
        "or a card given twice).");
    m.def(
        "card_str",
        [](int code) {
            if (code < 0 || code >= kNumCards)
                throw py::value_error("code: card code " + std::to_string(code) +
                                      " is outside 0..51");
            return Card(code).to_string();
        },
        py::arg("code"), "The text of one card code (0 -> \"2c\", 51 -> \"As\").");
    m.def(
        "cards_str",
        [](const py::handle& cards) {
            std::string text;
            for (const Card c : cards_of(cards, "cards"))
                text += c.to_string();
            return text;
        },
        py::arg("cards"), "Card codes as text, one card after the other (\"AsKd\").");

    m.def("evaluate", &evaluate_cards, py::arg("cards"),
          "The value of the best five of 5, 6 or 7 cards: an int, higher is stronger, equal "
          "values tie; value >> 12 is the category (1 high card .. 9 straight flush).");
    m.def("evaluate_batch", &evaluate_hands, py::arg("hands"), py::arg("kernel") = "best",
          "The values of N seven-card hands, an array (N, 7) of card codes, as a uint16 array "
          "of N values, on the widest SIMD kernel of this CPU (or the one named: scalar, sse4, "
          "avx2, avx512). Every row is checked (codes 0..51, seven distinct cards), in the dtype "
          "given: an integer array (a float or bool one is refused), 307 or -1 quoted as "
          "given, not wrapped to a byte.");
    m.def(
        "category",
        [](const py::handle& value) { return static_cast<int>(category(hand_value(value))); },
        py::arg("value"),
        "The category of a hand value: 1 high card .. 9 straight flush. ValueError for a value "
        "no hand has.");
    m.def(
        "category_name",
        [](const py::handle& value) {
            return std::string(category_name(category(hand_value(value))));
        },
        py::arg("value"),
        "The name of a hand value's category (\"Flush\", \"Two Pair\", ...). ValueError for "
        "a value no hand has.");
    m.def(
        "describe", [](const py::handle& value) { return describe(hand_value(value)); },
        py::arg("value"),
        "The hand a value stands for, in words (\"Two Pair, Kings and Fives\"). ValueError for a "
        "value no hand has.");
    m.def(
        "kernels",
        [] {
            std::vector<std::string> names;
            for (const Kernel k : available_kernels())
                names.push_back(python_name(k));
            return names;
        },
        "The SIMD kernels this CPU runs, narrowest first.");
    m.def(
        "best_kernel", [] { return python_name(best_kernel()); },
        "The kernel evaluate_batch(kernel=\"best\") uses on this CPU.");

    m.def("equity", &equity, py::arg("hero"), py::arg("villains") = py::none(),
          py::arg("random_opponents") = 0, py::arg("board") = "", py::arg("dead") = "",
          py::arg("method") = "auto", py::arg("samples") = 1'000'000, py::arg("seed") = 0,
          py::arg("threads") = 1, py::arg("exact_limit") = 2'000'000, py::arg("kernel") = "best",
          "The hero's equity against known hands (villains) and random opponents, on a board "
          "of 0, 3, 4 or 5 cards, with dead cards removed from the deck. method: \"exact\" "
          "(every deal), \"monte_carlo\" (samples deals from seed) or \"auto\" (exact when "
          "every opponent is known, whatever exact_limit and samples say, or when at most "
          "exact_limit deals; Monte Carlo otherwise). Returns a dict: equity (the hero's), players "
          "(win, tie, "
          "equity, wins, ties for the hero, each villain, then each random opponent), outcomes, "
          "exact, std_error (Monte Carlo: of the hero's equity).");

    add_table(m);
    add_vector_env(m);
    add_run(m);
}

}  // namespace pokerarena::python
