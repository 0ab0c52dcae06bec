# A plugin that ends the process (_exit(0), or a crash) in the middle of a run: the run must
# not end with status 0, and the units finished before it must survive in the report file,
# written there as a checkpoint without any flag, so that --resume goes on from them. With
# --no-checkpoint nothing is written, and the crash line says so. COMMAND is the pokerarena
# binary, PLUGIN the test_bad_bot plugin, DIR a scratch folder.
#
# The late_* modes end the process in the third bot instance it creates; a unit creates one per
# play of its deals (two, duplicate), so with one table at a time unit 0 is finished when unit 1
# ends the process. --checkpoint-every 0 writes the checkpoint after every wave (here every
# unit), so what is written does not depend on the clock.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

function(run_and_expect expected_exit expected_errors)
  # (No core file: the crash is meant.)
  execute_process(COMMAND sh -c "ulimit -c 0; exec \"$0\" \"$@\"" ${COMMAND} ${ARGN}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code STREQUAL expected_exit)
    message(FATAL_ERROR "${ARGN}: exit code ${exit_code}, expected ${expected_exit}")
  endif()
  if(NOT errors MATCHES "${expected_errors}")
    message(FATAL_ERROR "${ARGN}: standard error does not match ${expected_errors}")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

# Fails unless `pokerarena report FILE` says the report holds UNITS ("1 of 4").
function(expect_units file units)
  run_and_expect(0 "^$" report ${file})
  if(NOT output MATCHES "INCOMPLETE: ${units} units")
    message(FATAL_ERROR "${file} does not hold ${units} units")
  endif()
endfunction()

set(tournament --deals 2048 --threads 1 --tables 1 --quiet --checkpoint-every 0)
set(exit_line "bot '[^'\n]*test_bad_bot[.]so:late_underscore_exit' ended the process [(]it called _exit[)] in decide [(]unit 1, hand 0, seat [01][)]")

run_and_expect(1 "${exit_line}; only the units in play are lost [(]the finished ones are in [^\n]*exit.pb.journal[)]; resume with: [^\n]* run --resume [^\n]*exit.pb --checkpoint-every 0\n"
  run --bots ${PLUGIN}:late_underscore_exit,call ${tournament} -o ${DIR}/exit.pb)
expect_units(${DIR}/exit.pb "1 of 4")
# Resumed, the new process ends in its own second unit: one more unit each time, none lost.
run_and_expect(1 "ended the process [(]it called _exit[)] in decide [(]unit 2, "
  run --resume ${DIR}/exit.pb --threads 1 --tables 1 --quiet --checkpoint-every 0)
expect_units(${DIR}/exit.pb "2 of 4")

# A crash (SIGSEGV) leaves the same.
run_and_expect("Segmentation fault" "test_bad_bot[.]so:late_crash' crashed [(]SIGSEGV[)] in decide [(]unit 1, "
  run --bots ${PLUGIN}:late_crash,call ${tournament} -o ${DIR}/crash.pb)
expect_units(${DIR}/crash.pb "1 of 4")

# --no-checkpoint: no report, and the line says the results are lost.
run_and_expect(1 "${exit_line}; the results are lost [(]--no-checkpoint[)]\n"
  run --bots ${PLUGIN}:late_underscore_exit,call --deals 2048 --threads 1 --tables 1 --quiet
  --no-checkpoint -o ${DIR}/none.pb)
if(EXISTS ${DIR}/none.pb)
  message(FATAL_ERROR "--no-checkpoint wrote a report")
endif()
