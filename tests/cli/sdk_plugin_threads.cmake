# The example C bot, which estimates its equity through the evaluator SDK at every decision
# (bots/sdk/pokerarena_eval.h), run on one thread and on four: the same tables, figure for
# figure, so a plugin linking the SDK stays deterministic and shares nothing between the
# instances the runner's threads call at once. COMMAND is the pokerarena binary, PLUGIN the
# example bot, DIR a scratch folder.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
foreach(threads 1 4)
  # 16 tables: the units run interleaved on the four threads.
  execute_process(
    COMMAND ${COMMAND} run --bots c=${PLUGIN}:samples=50 --bots d=${PLUGIN}:bet=1.5 --bots tag --deals 300
            --tables 16 --threads ${threads} --seed 5 --quiet --out ${DIR}/threads-${threads}.pb
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code EQUAL 0)
    message(FATAL_ERROR "run with --threads ${threads}: exit code ${exit_code}")
  endif()
  if(NOT output MATCHES "Round robin, no-limit, 3 bots, 300 deals a pair, 1,800 hands, seed 5, complete\n")
    message(FATAL_ERROR "run with --threads ${threads} did not play the whole tournament")
  endif()
  # The table without the lines that depend on the machine (report_table.hpp) and the
  # report's file name.
  # (A variable per run: the table holds ';', which a CMake list would split at.)
  string(REGEX REPLACE "(Speed|Latency µs|Report):[^\n]*\n" "" table_${threads} "${output}")
endforeach()
if(NOT table_1 STREQUAL table_4)
  message(FATAL_ERROR "four threads gave another table than one:\n${table_1}")
endif()
