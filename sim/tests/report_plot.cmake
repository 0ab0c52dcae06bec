# scripts/plot_report.py on a report of a real run: every PNG it names exists and is a PNG; a
# missing report is an error naming it. COMMAND is the pokerarena binary, DIR a scratch folder,
# PYTHON an interpreter with matplotlib and protobuf, SCRIPT the plot script, CONFIGS
# sim/configs.
set(plots ${DIR}/plots)
file(REMOVE_RECURSE ${plots})
execute_process(COMMAND ${COMMAND} run --bots tag,call,random --hands 300 --seed 5 --allin-ev
  --threads 2 --quiet --out ${DIR}/plot.pb RESULT_VARIABLE exit_code)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "pokerarena run: exit code ${exit_code}")
endif()

execute_process(COMMAND ${PYTHON} ${SCRIPT} ${DIR}/plot.pb --out ${plots}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "plot_report.py: exit code ${exit_code}")
endif()
foreach(name win_rates crosstable winnings summary)
  if(NOT output MATCHES "${name}.png\n")
    message(FATAL_ERROR "plot_report.py did not write ${name}.png")
  endif()
  file(READ ${plots}/${name}.png signature LIMIT 8 HEX)
  if(NOT signature STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "${plots}/${name}.png is not a PNG")
  endif()
endforeach()

# Sit-and-go: ROI and profit in buy-ins, no crosstable.
execute_process(COMMAND ${COMMAND} run ${CONFIGS}/sit_and_go.txtpb --hands 6 --threads 2 --quiet
  --out ${DIR}/plot_sng.pb RESULT_VARIABLE exit_code)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "pokerarena run sit_and_go.txtpb: exit code ${exit_code}")
endif()
execute_process(COMMAND ${PYTHON} ${SCRIPT} ${DIR}/plot_sng.pb --out ${plots}/sng
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT exit_code EQUAL 0 OR NOT output MATCHES "win_rates.png\n.*winnings.png\n.*summary.png\n"
   OR output MATCHES "crosstable")
  message(FATAL_ERROR "plot_report.py on a sit-and-go: exit code ${exit_code}")
endif()

execute_process(COMMAND ${PYTHON} ${SCRIPT} ${DIR}/no_such_report.pb --out ${plots}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT exit_code EQUAL 2 OR NOT errors MATCHES "no_such_report.pb: cannot open")
  message(FATAL_ERROR "a missing report: exit code ${exit_code}, ${errors}")
endif()
