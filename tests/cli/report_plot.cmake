# scripts/plot_report.py on reports of real runs: every PNG it names exists and is a PNG, also
# when the intervals are infinite (fewer than two samples); a missing report is an error naming
# it. COMMAND is the pokerarena binary, DIR a scratch folder, PYTHON an interpreter with
# matplotlib and protobuf, SCRIPT the plot script, CONFIGS sim/configs.
set(plots ${DIR}/plots)
file(REMOVE_RECURSE ${plots})

function(pokerarena_run report)
  execute_process(COMMAND ${COMMAND} run ${ARGN} --threads 2 --quiet --out ${report}
    RESULT_VARIABLE exit_code)
  if(NOT exit_code EQUAL 0)
    message(FATAL_ERROR "pokerarena run ${ARGN}: exit code ${exit_code}")
  endif()
endfunction()

# Plots REPORT into OUT and requires exit code 0 and each of the PNGs named after OUT, in the
# script's order.
function(plot report out)
  execute_process(COMMAND ${PYTHON} ${SCRIPT} ${report} --out ${out}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code EQUAL 0)
    message(FATAL_ERROR "plot_report.py ${report}: exit code ${exit_code}")
  endif()
  set(written "")
  foreach(name ${ARGN})
    string(APPEND written "${out}/${name}.png\n")
    file(READ ${out}/${name}.png signature LIMIT 8 HEX)
    if(NOT signature STREQUAL "89504e470d0a1a0a")
      message(FATAL_ERROR "${out}/${name}.png is not a PNG")
    endif()
  endforeach()
  if(NOT output STREQUAL written)
    message(FATAL_ERROR "plot_report.py ${report} wrote other files than:\n${written}")
  endif()
endfunction()

pokerarena_run(${DIR}/plot.pb --bots tag,call,random --deals 300 --seed 5 --allin-ev)
plot(${DIR}/plot.pb ${plots} win_rates crosstable winnings summary)

# Sit-and-go: ROI and profit in buy-ins, no crosstable.
pokerarena_run(${DIR}/plot_sng.pb ${CONFIGS}/sit_and_go.txtpb --tournaments 6)
plot(${DIR}/plot_sng.pb ${plots}/sng win_rates winnings summary)

# One hand: one sample per bot, so every interval is infinite and no bar has an error bar
# (matplotlib raised StopIteration on such a report).
pokerarena_run(${DIR}/plot_one_hand.pb --bots tag,call --deals 1)
plot(${DIR}/plot_one_hand.pb ${plots}/one_hand win_rates crosstable winnings summary)
pokerarena_run(${DIR}/plot_sng_one_hand.pb ${CONFIGS}/sit_and_go.txtpb --tournaments 1)
plot(${DIR}/plot_sng_one_hand.pb ${plots}/sng_one_hand win_rates winnings summary)

# A field of 5,000 bots (a gauntlet of one deal per pair): each figure draws the best-ranked
# bots and says how many it leaves out. The win rates were drawn 2,251 inches tall, past what
# matplotlib's Agg can draw, and the script stopped with a traceback above about 1,300 bots.
set(field_config ${DIR}/plot_5000.txtpb)
set(field_text "format: GAUNTLET\ndeals: 1\n")
foreach(i RANGE 1 5000)
  string(APPEND field_text "bots { spec: \"call\" name: \"bot${i}\" }\n")
endforeach()
file(WRITE ${field_config} "${field_text}")
pokerarena_run(${DIR}/plot_5000.pb ${field_config})
plot(${DIR}/plot_5000.pb ${plots}/5000 win_rates crosstable winnings summary)
# Every image stays of a size one can look at: the PNG header's height (bytes 20 to 23).
foreach(name win_rates crosstable winnings summary)
  file(READ ${plots}/5000/${name}.png height OFFSET 20 LIMIT 4 HEX)
  math(EXPR height "0x${height}")
  if(height GREATER 4000)
    message(FATAL_ERROR "${plots}/5000/${name}.png is ${height} pixels tall")
  endif()
endforeach()

execute_process(COMMAND ${PYTHON} ${SCRIPT} ${DIR}/no_such_report.pb --out ${plots}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT exit_code EQUAL 2 OR NOT errors MATCHES "no_such_report.pb: cannot open")
  message(FATAL_ERROR "a missing report: exit code ${exit_code}, ${errors}")
endif()
