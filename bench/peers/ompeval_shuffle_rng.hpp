// Force-included into OMPEval's omp/CombinedRange.cpp only (bench/peers/CMakeLists.txt), so
// that an unmodified OMPEval checkout builds with g++ 12. libstdc++ 12's std::shuffle reads a
// generator's min() and max() as constant expressions; OMPEval's XoroShiro128Plus
// (omp/Random.h) declares them plain static, and CombinedRange::shuffle() is the one place
// that hands it to a standard algorithm. In that file the name then stands for a generator
// with the same state, the same numbers and constexpr bounds; no other file sees the change.
#pragma once

#include <cstdint>

#include "omp/Random.h"

namespace omp {

class XoroShiro128PlusConstexprBounds : public XoroShiro128Plus {
  public:
    using XoroShiro128Plus::XoroShiro128Plus;
    static constexpr std::uint64_t min() { return 0; }
    static constexpr std::uint64_t max() { return ~std::uint64_t{0}; }
};

}  // namespace omp

#define XoroShiro128Plus XoroShiro128PlusConstexprBounds
