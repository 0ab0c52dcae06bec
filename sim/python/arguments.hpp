// Integer arguments from Python, checked before they reach C++: a negative seed or a count of
// 2**64 gets ValueError naming the argument and its range, not pybind11's TypeError listing
// the function's signatures.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>

namespace pokerarena::python {

// numpy's bool scalar, which has __index__ (a deprecated one) but is no count, seed or card.
bool is_numpy_bool(const pybind11::handle& value);

// `value` (an int, or anything with __index__ but a bool) in least..most; ValueError
// "NAME: expected a whole number from LEAST to MOST, got VALUE" otherwise.
std::int64_t integer_argument(const pybind11::handle& value, const char* name, std::int64_t least,
                              std::int64_t most);

// Any int (int_argument) or any chip count (chips_argument): what the C++ parameter holds;
// the code it is given to checks the rest (a negative stack, too many seats).
int int_argument(const pybind11::handle& value, const char* name);
std::int64_t chips_argument(const pybind11::handle& value, const char* name);

// The same for an unsigned 64-bit argument (a seed) in least..most.
std::uint64_t unsigned_argument(const pybind11::handle& value, const char* name,
                                std::uint64_t least = 0,
                                std::uint64_t most = std::numeric_limits<std::uint64_t>::max());

}  // namespace pokerarena::python
