# `pokerarena run --checkpoint`, then `--resume` of the checkpoint: the resumed run prints the
# same results table (timing lines aside) and exits 0; resuming with another bot is refused
# with exit code 2 naming the field, and so is a tournament flag over --resume alone; a failing
# unit leaves a resumable report. COMMAND is the pokerarena binary, DIR a scratch folder.
function(run_pokerarena expected_exit)
  execute_process(COMMAND ${COMMAND} run ${ARGN}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code STREQUAL expected_exit)
    message(FATAL_ERROR "run ${ARGN}: exit code ${exit_code}, expected ${expected_exit}")
  endif()
  # The table without the speed line, which depends on the machine.
  string(REGEX REPLACE "Speed: [^\n]*\n" "" table "${output}")
  string(REGEX REPLACE "Report: [^\n]*\n" "" table "${table}")
  set(output "${output}" PARENT_SCOPE)
  set(errors "${errors}" PARENT_SCOPE)
  set(table "${table}" PARENT_SCOPE)
endfunction()

file(REMOVE ${DIR}/resume.pb ${DIR}/resume_checkpoint.pb ${DIR}/resumed.pb)
run_pokerarena(0 --bots tag,call,random --hands 600 --seed 4 --tables 4 --quiet
  --out ${DIR}/resume.pb --checkpoint ${DIR}/resume_checkpoint.pb)
set(first_table "${table}")
if(NOT EXISTS ${DIR}/resume_checkpoint.pb)
  message(FATAL_ERROR "no checkpoint written")
endif()

run_pokerarena(0 --resume ${DIR}/resume_checkpoint.pb --out ${DIR}/resumed.pb --quiet)
if(NOT table STREQUAL first_table)
  message(FATAL_ERROR "the resumed run's table differs from the first run's")
endif()
if(NOT table MATCHES "complete")
  message(FATAL_ERROR "the resumed report is not complete")
endif()

run_pokerarena(2 --bots tag,fold,random --hands 600 --seed 4 --resume ${DIR}/resume.pb)
if(NOT errors MATCHES "configuration differs from this run's \\(modified: bots\\[1\\]\\.spec: \"call\" -> \"fold\"")
  message(FATAL_ERROR "the refused resume does not name bots[1].spec")
endif()

# A tournament flag over --resume alone would make another tournament: refused, saying which
# flags go with --resume.
run_pokerarena(2 --resume ${DIR}/resume.pb --seed 7)
if(NOT errors MATCHES "--resume with --seed: a resumed run plays the report's configuration, so only --threads")
  message(FATAL_ERROR "the resume with --seed does not say which flags go with --resume")
endif()

# A failing work unit (its hand-history file cannot be created: a folder holds its name) stops
# the run with exit code 1, naming the unit, but the report of every finished unit is written
# and resumes to a complete run once the cause is gone.
file(REMOVE_RECURSE ${DIR}/failing_hh)
file(REMOVE ${DIR}/failed.pb)
file(MAKE_DIRECTORY ${DIR}/failing_hh/unit-00000005.phhs.tmp)
run_pokerarena(1 --bots tag,random,call --hands 20000 --seed 5 --hh-out ${DIR}/failing_hh
  --hh-sample 100 --tables 4 --quiet --out ${DIR}/failed.pb)
if(NOT errors MATCHES "unit 5 failed: hh_out: cannot create [^\n]*unit-00000005.phhs.tmp")
  message(FATAL_ERROR "the failed run does not name unit 5 and its cause")
endif()
if(NOT errors MATCHES "resume with:\n  pokerarena run --resume [^\n]*failed.pb")
  message(FATAL_ERROR "the failed run does not print the resume command")
endif()
if(NOT EXISTS ${DIR}/failed.pb OR NOT table MATCHES "INCOMPLETE")
  message(FATAL_ERROR "the failed run did not write its incomplete report")
endif()
file(REMOVE_RECURSE ${DIR}/failing_hh/unit-00000005.phhs.tmp)
run_pokerarena(0 --resume ${DIR}/failed.pb --quiet)
if(NOT table MATCHES "complete")
  message(FATAL_ERROR "the resumed report of the failed run is not complete")
endif()
