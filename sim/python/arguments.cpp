// Checked integer arguments: see arguments.hpp.
#include "arguments.hpp"

#include <string>

namespace py = pybind11;

namespace pokerarena::python {

namespace {

// `value` as a Python int, or ValueError naming the argument and the range.
py::int_ index_of(const py::handle& value, const char* name, const std::string& range) {
    const auto refuse = [&] {
        return py::value_error(std::string(name) + ": expected a whole number " + range + ", got " +
                               py::repr(value).cast<std::string>());
    };
    if (py::isinstance<py::bool_>(value) || !py::hasattr(value, "__index__")) throw refuse();
    PyObject* index = PyNumber_Index(value.ptr());
    if (index == nullptr) {
        PyErr_Clear();
        throw refuse();
    }
    return py::reinterpret_steal<py::int_>(index);
}

template <typename T>
T checked(const py::handle& value, const char* name, T least, T most) {
    const std::string range = "from " + std::to_string(least) + " to " + std::to_string(most);
    const py::int_ n = index_of(value, name, range);
    if (n < py::int_(least) || n > py::int_(most))
        throw py::value_error(std::string(name) + ": expected a whole number " + range + ", got " +
                              py::str(static_cast<py::handle>(n)).cast<std::string>());
    return n.cast<T>();
}

}  // namespace

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
