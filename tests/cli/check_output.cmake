# Runs COMMAND with ARGS (a ;-list) and fails unless the exit code is EXPECTED_EXIT and the
# output matches the regular expression EXPECTED_OUTPUT. ctest's PASS_REGULAR_EXPRESSION alone
# would ignore the exit code, which is half of what the replay command promises.
execute_process(COMMAND ${COMMAND} ${ARGS}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT exit_code STREQUAL EXPECTED_EXIT)
  message(FATAL_ERROR "exit code ${exit_code}, expected ${EXPECTED_EXIT}")
endif()
if(NOT "${output}${errors}" MATCHES "${EXPECTED_OUTPUT}")
  message(FATAL_ERROR "output does not match: ${EXPECTED_OUTPUT}")
endif()
