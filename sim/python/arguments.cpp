// Checked integer arguments: see arguments.hpp.
#include "arguments.hpp"

#include <optional>
#include <string>
#include <type_traits>

namespace py = pybind11;

namespace pokerarena::python {

namespace {

// `value` as a Python int, or ValueError naming the argument and the range.
py::int_ index_of(const py::handle& value, const char* name, const std::string& range) {
    const auto refuse = [&] {
        return py::value_error(std::string(name) + ": expected a whole number " + range + ", got " +
                               py::repr(value).cast<std::string>());
    };
    if (py::isinstance<py::bool_>(value) || is_numpy_bool(value) ||
        !py::hasattr(value, "__index__"))
        throw refuse();
    PyObject* index = PyNumber_Index(value.ptr());
    if (index == nullptr) {
        PyErr_Clear();
        throw refuse();
    }
    return py::reinterpret_steal<py::int_>(index);
}

// An exact int within least..most, read without building a message or a Python object (the
// common case: equity() takes five integers a call); nullopt sends it to the checks below.
template <typename T>
std::optional<T> exact_int_in_range(const py::handle& value, T least, T most) {
    if (!PyLong_CheckExact(value.ptr())) return std::nullopt;
    if constexpr (std::is_signed_v<T>) {
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
        if (overflow != 0 || (v == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return std::nullopt;
        }
        if (v < least || v > most) return std::nullopt;
        return static_cast<T>(v);
    } else {
        const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
        if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
            PyErr_Clear();  // negative or too large: the checks below say which
            return std::nullopt;
        }
        if (v < least || v > most) return std::nullopt;
        return static_cast<T>(v);
    }
}

template <typename T>
T checked(const py::handle& value, const char* name, T least, T most) {
    if (const std::optional<T> v = exact_int_in_range(value, least, most)) return *v;
    const std::string range = "from " + std::to_string(least) + " to " + std::to_string(most);
    const py::int_ n = index_of(value, name, range);
    if (n < py::int_(least) || n > py::int_(most))
        throw py::value_error(std::string(name) + ": expected a whole number " + range + ", got " +
                              py::str(static_cast<py::handle>(n)).cast<std::string>());
    return n.cast<T>();
}

}  // namespace

bool is_numpy_bool(const py::handle& value) {
    // numpy's bool type, looked up once (never destroyed: no Python object after the end).
    static const py::object* numpy_bool =
        new py::object(py::module_::import("numpy").attr("bool_"));
    return py::type::handle_of(value).is(*numpy_bool);
}

std::int64_t integer_argument(const py::handle& value, const char* name, std::int64_t least,
                              std::int64_t most) {
    return checked<std::int64_t>(value, name, least, most);
}

int int_argument(const py::handle& value, const char* name) {
    return static_cast<int>(integer_argument(value, name, std::numeric_limits<int>::min(),
                                             std::numeric_limits<int>::max()));
}

std::int64_t chips_argument(const py::handle& value, const char* name) {
    return integer_argument(value, name, std::numeric_limits<std::int64_t>::min(),
                            std::numeric_limits<std::int64_t>::max());
}

std::uint64_t unsigned_argument(const py::handle& value, const char* name, std::uint64_t least,
                                std::uint64_t most) {
    return checked<std::uint64_t>(value, name, least, most);
}

}  // namespace pokerarena::python
