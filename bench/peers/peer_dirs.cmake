# Where each peer's sources are in the checkout a user names, and the refusal of a directory
# that is not such a checkout. Included by bench/peers/CMakeLists.txt; also runs on its own
# (cmake -DPEER=ompeval -DDIR=... -P peer_dirs.cmake) so that the refusal can be checked
# without configuring the whole project.
#
# pokerarena_peer_sources(PEER DIR OUT_ROOT): PEER is ompeval, skpokereval or acpc; OUT_ROOT is
# set to the folder holding the sources. The ACPC server's files may be at the top of the
# checkout (the University of Alberta archive: game.c, rng.c, net.c) or in its
# project_acpc_server/ folder (a C++ port of the same files: game.cc, rng.cc, net.cc).
function(pokerarena_peer_sources peer dir out_root)
  set(option "POKERARENA_PEER_${peer}")
  string(TOUPPER "${option}" option)
  if(NOT IS_DIRECTORY "${dir}")
    message(FATAL_ERROR "${option}: '${dir}' is not a directory; expected a checkout of the peer "
                        "(see docs/benchmarks.md, \"Peers side by side\")")
  endif()
  if(peer STREQUAL "ompeval")
    set(candidates "${dir}")
    set(needed omp/HandEvaluator.cpp omp/HandEvaluator.h omp/EquityCalculator.cpp
               omp/CardRange.cpp omp/CombinedRange.cpp)
  elseif(peer STREQUAL "skpokereval")
    set(candidates "${dir}")
    set(needed src/SevenEval.h src/RankHash.h src/FlushCheck.h)
  elseif(peer STREQUAL "acpc")
    set(candidates "${dir}" "${dir}/project_acpc_server")
    set(needed game.h rng.h evalHandTables)
  else()
    message(FATAL_ERROR "pokerarena_peer_sources: unknown peer '${peer}'")
  endif()
  foreach(root IN LISTS candidates)
    set(missing "")
    foreach(f IN LISTS needed)
      if(NOT EXISTS "${root}/${f}")
        list(APPEND missing "${f}")
      endif()
    endforeach()
    if(peer STREQUAL "acpc" AND NOT EXISTS "${root}/game.c" AND NOT EXISTS "${root}/game.cc")
      list(APPEND missing "game.c")
    endif()
    if(NOT missing)
      set(${out_root} "${root}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  list(JOIN missing ", " missing_text)
  message(FATAL_ERROR "${option}: '${dir}' is not a checkout of ${peer}: it has no "
                      "${missing_text}")
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  pokerarena_peer_sources("${PEER}" "${DIR}" root)
  message(STATUS "${PEER}: sources in ${root}")
endif()
