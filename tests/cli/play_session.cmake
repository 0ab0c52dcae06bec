# A scripted `pokerarena play` session through a pipe, then the replay of the hands it wrote.
# Runs COMMAND play ARGS (a ;-list) with standard input from INPUT and --hh-out HH_OUT, and
# fails unless the exit code is 0 and the output matches EXPECTED_OUTPUT (a regular
# expression); then runs COMMAND replay HH_OUT and fails unless every hand the summary counted
# replays and matches its finishing stacks, with exit code 0.
file(REMOVE ${HH_OUT})
execute_process(COMMAND ${COMMAND} play ${ARGS} --hh-out ${HH_OUT}
  INPUT_FILE ${INPUT} RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT exit_code STREQUAL "0")
  message(FATAL_ERROR "play: exit code ${exit_code}, expected 0")
endif()
if(NOT "${output}${errors}" MATCHES "${EXPECTED_OUTPUT}")
  message(FATAL_ERROR "play: output does not match: ${EXPECTED_OUTPUT}")
endif()
if(NOT output MATCHES "Hands played: ([0-9]+)\n")
  message(FATAL_ERROR "play: no 'Hands played' line")
endif()
set(hands ${CMAKE_MATCH_1})

execute_process(COMMAND ${COMMAND} replay ${HH_OUT}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT exit_code STREQUAL "0")
  message(FATAL_ERROR "replay: exit code ${exit_code}, expected 0")
endif()
if(NOT output MATCHES "(^|\n)${hands} hands, ${hands} matched, 0 mismatched, 0 errors")
  message(FATAL_ERROR "replay: expected all ${hands} hands to match")
endif()
