# `pokerarena run --resume`: a run interrupted by SIGINT (at a unit the test chooses, see
# resume_interrupted.sh) exits 130, prints the command that resumes it, and that command, run as
# printed, ends with the uninterrupted run's figures and hand histories; resuming with another
# bot is refused with exit code 2 naming the field, and so is a tournament flag over --resume
# alone; a failing unit leaves a resumable report. COMMAND is the pokerarena binary, MISBEHAVING
# tests/bots/process/misbehaving_bot.c, DIR a scratch folder.
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

# Fails with WHAT unless TEXT matches REGEX.
function(require_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}")
  endif()
endfunction()

# The figures of a report: its JSON (`pokerarena report FILE --json`) without what may differ
# between runs of one tournament (run, timing, decision times; report.proto says which) and the
# name of the process bot's log, which is named after the report.
function(report_figures file result)
  execute_process(COMMAND ${COMMAND} report ${file} --json ${file}.json
    RESULT_VARIABLE exit_code OUTPUT_QUIET ERROR_VARIABLE errors)
  if(NOT exit_code STREQUAL "0")
    message(FATAL_ERROR "report ${file}: exit code ${exit_code}: ${errors}")
  endif()
  file(READ ${file}.json json)
  string(REGEX REPLACE "\"(run|timing)\": {[^}]*}" "" json "${json}")
  string(REGEX REPLACE "\"(mean_decision_us|decision_ns|timing_decision_ns|stderr_log)\": [^\n]*\n" ""
    json "${json}")
  if(NOT json MATCHES "\"units\": \\[")
    message(FATAL_ERROR "report ${file}: no units in its JSON; the figures compared would be none")
  endif()
  set(${result} "${json}" PARENT_SCOPE)
endfunction()

# An interrupted run, resumed, ends with the uninterrupted run's report and hand histories.
# Three bots, 9 units of 1,000 hands; one thread playing one unit at a time, so that where the
# run stops is fixed by the test (resume_interrupted.sh holds unit 3, the first the process bot
# plays, at its first decision and sends SIGINT while it is held): units 0 to 3 finished, 4 to 8
# not started. The hand histories come from the same folder path in both runs (it is part of
# the configuration).
set(hh ${DIR}/resume_hh)
# (--match-deals 512: the units of 1,000 hands an in-process bot would have; a process bot's
# default is a match per deal, in units to match.)
set(tournament --bots "tag,call,held=proc:${MISBEHAVING} good" --deals 1500 --seed 4
  --match-deals 512 --bot-timeout 3600 --threads 1 --tables 1 --hh-out ${hh} --quiet)
file(REMOVE_RECURSE ${hh} ${DIR}/resume_hh_uninterrupted)
file(REMOVE ${DIR}/uninterrupted.pb ${DIR}/interrupted.pb ${DIR}/interrupted_checkpoint.pb)
run_pokerarena(0 ${tournament} --out ${DIR}/uninterrupted.pb)
report_figures(${DIR}/uninterrupted.pb uninterrupted)
file(RENAME ${hh} ${DIR}/resume_hh_uninterrupted)

file(MAKE_DIRECTORY ${hh})
execute_process(COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/resume_interrupted.sh ${COMMAND}
    ${DIR}/resume_gate ${DIR}/resume_interrupted ${tournament}
    --out ${DIR}/interrupted.pb --checkpoint ${DIR}/interrupted_checkpoint.pb
  RESULT_VARIABLE script_exit OUTPUT_VARIABLE output ERROR_VARIABLE errors TIMEOUT 120)
message("${output}${errors}")
if(NOT script_exit STREQUAL "0")
  message(FATAL_ERROR "resume_interrupted.sh: ${script_exit}")
endif()
require_match("${output}" "^exit 130\n"
  "the interrupted run did not exit with 130")
require_match("${output}" "warning: stopping: the tables in play finish their work units"
  "the interrupted run did not answer SIGINT")
require_match("${output}" "seed 4, INCOMPLETE: 4 of 9 units\n"
  "the interrupted run's table does not say 4 of 9 units")
# The resume command, as printed, pasted: it must be the whole of what resumes the run.
# (Not require_match: the command is read from CMAKE_MATCH_1, which a function would keep.)
if(NOT output MATCHES "\nInterrupted after 4 of 9 work units; the report above is incomplete\\. Resume with:\n  ([^\n]*)\n")
  message(FATAL_ERROR "the interrupted run does not print 'Interrupted after 4 of 9 work units' and the resume command")
endif()
set(resume_command "${CMAKE_MATCH_1}")
set(expected_arguments " run --resume ${DIR}/interrupted.pb --checkpoint ${DIR}/interrupted_checkpoint.pb")
string(FIND "${resume_command}" "${expected_arguments}" at REVERSE)
string(LENGTH "${resume_command}" command_length)
string(LENGTH "${expected_arguments}" arguments_length)
math(EXPR arguments_end "${at} + ${arguments_length}")
if(at LESS 0 OR NOT arguments_end EQUAL command_length)
  message(FATAL_ERROR "the resume command does not end with '${expected_arguments}': ${resume_command}")
endif()
# The checkpoint holds the report written on interruption, four units of it.
report_figures(${DIR}/interrupted.pb interrupted)
report_figures(${DIR}/interrupted_checkpoint.pb checkpoint)
if(NOT checkpoint STREQUAL interrupted)
  message(FATAL_ERROR "the checkpoint differs from the interrupted run's report")
endif()
require_match("${interrupted}" "\"units_done\": \"4\""
  "the interrupted report does not hold 4 units")

# Resuming with another bot is refused, naming the field; so is a tournament flag over --resume
# alone.
run_pokerarena(2 --bots "tag,fold,held=proc:${MISBEHAVING} good" --deals 1500 --seed 4
  --match-deals 512 --bot-timeout 3600 --hh-out ${hh}
  --resume ${DIR}/interrupted.pb)
require_match("${errors}" "configuration differs from this run's \\(modified: bots\\[1\\]\\.spec: \"call\" -> \"fold\""
  "the refused resume does not name bots[1].spec")
run_pokerarena(2 --resume ${DIR}/interrupted.pb --seed 7)
require_match("${errors}" "--resume with --seed: a resumed run plays the report's configuration, so only --threads"
  "the resume with --seed does not say which flags go with --resume")

separate_arguments(resume_command UNIX_COMMAND "${resume_command}")
execute_process(COMMAND ${resume_command} --quiet
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT exit_code STREQUAL "0" OR NOT output MATCHES "seed 4, complete\n")
  message(FATAL_ERROR "the resume command did not complete the run (exit code ${exit_code})")
endif()
report_figures(${DIR}/interrupted.pb resumed)
if(NOT resumed STREQUAL uninterrupted)
  message(FATAL_ERROR "the resumed report's figures differ from the uninterrupted run's")
endif()
report_figures(${DIR}/interrupted_checkpoint.pb checkpoint)
if(NOT checkpoint STREQUAL uninterrupted)
  message(FATAL_ERROR "the resumed run's last checkpoint differs from its report")
endif()
file(GLOB reference_files RELATIVE ${DIR}/resume_hh_uninterrupted ${DIR}/resume_hh_uninterrupted/*)
file(GLOB resumed_files RELATIVE ${hh} ${hh}/*)
list(SORT reference_files)
list(SORT resumed_files)
if(NOT resumed_files STREQUAL reference_files)
  message(FATAL_ERROR "the hand-history files differ: ${resumed_files}; expected ${reference_files}")
endif()
foreach(name IN LISTS reference_files)
  file(SHA256 ${DIR}/resume_hh_uninterrupted/${name} expected)
  file(SHA256 ${hh}/${name} actual)
  if(NOT actual STREQUAL expected)
    message(FATAL_ERROR "${name} differs from the uninterrupted run's")
  endif()
endforeach()

# A failing work unit (its hand-history file cannot be written: a folder holds its name) stops
# the run with exit code 1, naming the unit, but the report of every finished unit is written
# and resumes to a complete run once the cause is gone.
file(REMOVE_RECURSE ${DIR}/failing_hh)
file(REMOVE ${DIR}/failed.pb)
file(MAKE_DIRECTORY ${DIR}/failing_hh/unit-00000005.phhs)
run_pokerarena(1 --bots tag,random,call --deals 20000 --seed 5 --hh-out ${DIR}/failing_hh
  --hh-sample 100 --tables 4 --quiet --out ${DIR}/failed.pb)
require_match("${errors}" "unit 5 failed: hh_out: [^\n]*unit-00000005.phhs: not a regular file"
  "the failed run does not name unit 5 and its cause")
require_match("${errors}" "resume with:\n  [^\n]*pokerarena run --resume [^\n]*failed.pb"
  "the failed run does not print the resume command")
if(NOT EXISTS ${DIR}/failed.pb OR NOT table MATCHES "INCOMPLETE")
  message(FATAL_ERROR "the failed run did not write its incomplete report")
endif()
file(REMOVE_RECURSE ${DIR}/failing_hh/unit-00000005.phhs)
run_pokerarena(0 --resume ${DIR}/failed.pb --quiet)
require_match("${table}" "complete"
  "the resumed report of the failed run is not complete")
