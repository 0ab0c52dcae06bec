# `pokerarena run --shard 1/2` and `--shard 2/2`, then `pokerarena merge` of the two: the merged
# report prints the same table as one run of everything (machine-dependent lines aside), is
# complete, converts to JSON; merging reports of different tournaments is refused naming the
# file and the field. COMMAND is the pokerarena binary, DIR a scratch folder.
function(pokerarena expected_exit)
  execute_process(COMMAND ${COMMAND} ${ARGN}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code STREQUAL expected_exit)
    message(FATAL_ERROR "${ARGN}: exit code ${exit_code}, expected ${expected_exit}")
  endif()
  # The table without the lines that depend on the machine (report_table.hpp) and without
  # merge's closing line.
  string(REGEX REPLACE "(Speed|Latency µs):[^\n]*\n" "" table "${output}")
  string(REGEX REPLACE "\nReport: [^\n]*\n$" "" table "${table}")
  set(output "${output}" PARENT_SCOPE)
  set(errors "${errors}" PARENT_SCOPE)
  set(table "${table}" PARENT_SCOPE)
endfunction()

set(tournament --bots tag,call,random --deals 300 --seed 3 --allin-ev --threads 2 --quiet)
file(REMOVE ${DIR}/whole.pb ${DIR}/shard1.pb ${DIR}/shard2.pb ${DIR}/merged.pb
  ${DIR}/merged.json ${DIR}/other.pb)
pokerarena(0 run ${tournament} --out ${DIR}/whole.pb)
pokerarena(0 run ${tournament} --shard 1/2 --out ${DIR}/shard1.pb)
pokerarena(0 run ${tournament} --shard 2/2 --out ${DIR}/shard2.pb)

pokerarena(0 report ${DIR}/shard1.pb)
if(NOT output MATCHES "^Round robin, no-limit, 3 bots, 300 deals a pair, [0-9,]+ hands, seed 3, shard 1/2: ([0-9]+) of ([0-9]+) units [(][0-9]+ in all[)]\n"
   OR NOT CMAKE_MATCH_1 EQUAL CMAKE_MATCH_2)
  message(FATAL_ERROR "the shard's header does not say which share it is")
endif()

pokerarena(0 merge ${DIR}/shard2.pb ${DIR}/shard1.pb -o ${DIR}/merged.pb)
if(NOT output MATCHES "\nReport: [^\n]*merged.pb [(]([0-9]+) of ([0-9]+) units from 2 reports[)]\n$"
   OR NOT CMAKE_MATCH_1 STREQUAL CMAKE_MATCH_2)
  message(FATAL_ERROR "merge does not end with the report written and every unit")
endif()
set(merge_table "${table}")

pokerarena(0 report ${DIR}/whole.pb)
set(whole_table "${table}")
pokerarena(0 report ${DIR}/merged.pb)
if(NOT table STREQUAL whole_table OR NOT merge_table STREQUAL whole_table)
  message(FATAL_ERROR "the merged report's table differs from the one run's:\n${whole_table}")
endif()
if(NOT table MATCHES "^Round robin, no-limit, 3 bots, 300 deals a pair, [0-9,]+ hands, seed 3, complete\n")
  message(FATAL_ERROR "the merged report is not complete")
endif()

pokerarena(0 report ${DIR}/merged.pb --json ${DIR}/merged.json)
file(READ ${DIR}/merged.json json)
string(JSON complete GET "${json}" complete)
string(JSON bots LENGTH "${json}" bots)
string(JSON shard GET "${json}" run shard)
if(NOT complete STREQUAL "ON" OR NOT bots EQUAL 3 OR NOT shard STREQUAL "")
  message(FATAL_ERROR "merged.json: complete ${complete}, ${bots} bots, shard '${shard}'")
endif()
# JSON to standard output, the report named after --json (the option's value is optional).
pokerarena(0 report --json ${DIR}/merged.pb)
if(NOT output MATCHES "^{\n *\"config\": {")
  message(FATAL_ERROR "report --json FILE does not print JSON")
endif()

# CSV for pandas: one row per bot and per pair, names beside the indices, plain numbers.
file(REMOVE_RECURSE ${DIR}/csv)
pokerarena(0 report ${DIR}/merged.pb --csv ${DIR}/csv)
if(NOT output STREQUAL "")
  message(FATAL_ERROR "report --csv printed the table too:\n${output}")
endif()
file(STRINGS ${DIR}/csv/bots.csv bot_rows)
file(STRINGS ${DIR}/csv/pairs.csv pair_rows)
file(STRINGS ${DIR}/csv/curve.csv curve_rows)
list(LENGTH bot_rows bot_count)
list(LENGTH pair_rows pair_count)
list(GET bot_rows 0 bot_header)
list(GET bot_rows 1 first_bot)
list(GET pair_rows 1 first_pair)
list(GET curve_rows 0 curve_header)
if(NOT bot_count EQUAL 4 OR NOT pair_count EQUAL 4
   OR NOT bot_header MATCHES "^bot,name,spec,hands,net_chips,decisions,faults,forfeited,out_from,mbb_per_hand,mbb_per_hand_ci95,"
   OR NOT first_bot MATCHES "^0,tag,tag,[0-9]+,-?[0-9]+,"
   OR NOT first_pair MATCHES "^0,tag,1,call,[0-9]+,"
   OR NOT curve_header STREQUAL "hands,tag,call,random")
  message(FATAL_ERROR "report --csv: unexpected files:\n${bot_rows}\n${pair_rows}\n${curve_header}")
endif()

pokerarena(0 run --bots tag,call,fold --deals 300 --seed 3 --allin-ev --threads 2 --quiet
  --shard 2/2 --out ${DIR}/other.pb)
pokerarena(2 merge ${DIR}/shard1.pb ${DIR}/other.pb -o ${DIR}/never.pb)
if(NOT errors MATCHES "pokerarena merge: [^\n]*other.pb: not the tournament of [^\n]*shard1.pb [(]configurations differ, modified: bots\\[2\\]\\.spec: \"random\" -> \"fold\"[)]")
  message(FATAL_ERROR "the refused merge does not name the file and the field")
endif()
if(EXISTS ${DIR}/never.pb)
  message(FATAL_ERROR "a refused merge wrote its output")
endif()
