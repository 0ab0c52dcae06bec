# Plugin identity end to end: two shards run with `--bots ./swap.so,...` while another build
# of the plugin is copied over swap.so in between are refused by `merge` (naming both files, the
# bot and both SHA-256s, which must be the files' own as CMake computes them), and `run
# --resume` of the finished first shard loads no plugin at all. A configuration file naming a
# plugin by a relative path finds it beside the file from another current directory, and so
# does a resume of its report alone; a missing plugin is named by the whole path tried.
# COMMAND is the pokerarena binary, DIR a scratch folder, CALLS and FOLDS the two builds.
function(pokerarena expected_exit)
  execute_process(COMMAND ${COMMAND} ${ARGN} WORKING_DIRECTORY ${cwd}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code STREQUAL expected_exit)
    message(FATAL_ERROR "${ARGN}: exit code ${exit_code}, expected ${expected_exit}")
  endif()
  set(errors "${errors}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/shards ${DIR}/config)
set(cwd ${DIR}/shards)
file(SHA256 ${CALLS} calls_sha)
file(SHA256 ${FOLDS} folds_sha)

file(COPY_FILE ${CALLS} ${DIR}/shards/swap.so)
pokerarena(0 run --bots ./swap.so,tag --deals 1100 --shard 1/2 -o w1.pb --quiet)
file(COPY_FILE ${FOLDS} ${DIR}/shards/swap.so)
pokerarena(0 run --bots ./swap.so,tag --deals 1100 --shard 2/2 -o w2.pb --quiet)

pokerarena(2 merge w1.pb w2.pb -o wm.pb)
if(NOT errors MATCHES "pokerarena merge: w2.pb and w1.pb were played by different plugin libraries for bot '[.]/swap.so' [(]bots\\[0\\][)]: w1.pb: SHA-256 ${calls_sha}, [0-9,]+ bytes, API name 'identity bot [(]calls[)]'; w2.pb: SHA-256 ${folds_sha}, [0-9,]+ bytes, API name 'identity bot [(]folds[)]'; merging them would mix the results of two different bots")
  message(FATAL_ERROR "the refused merge does not name both files, the bot and both SHA-256s")
endif()
if(EXISTS ${DIR}/shards/wm.pb)
  message(FATAL_ERROR "a refused merge wrote its output")
endif()

# The first shard holds all its units: its resume plays nothing, so it loads no plugin, and the
# changed file does not matter (a resume that would play refuses it: test_plugin_identity.cpp).
pokerarena(0 run --resume w1.pb -o resumed.pb)
if(NOT errors MATCHES "w1[.]pb: shard 1/2 done, 2 of its units; nothing to play, no bot started")
  message(FATAL_ERROR "the resume of a finished shard started its bots")
endif()

file(COPY_FILE ${CALLS} ${DIR}/config/my_bot.so)
file(WRITE ${DIR}/config/rel.txtpb "bots { spec: \"my_bot.so\" }\nbots { spec: \"call\" }\ndeals: 100\n")
pokerarena(0 run ${DIR}/config/rel.txtpb -o rel.pb --quiet)
pokerarena(0 run --resume rel.pb -o rel_resumed.pb --quiet)

file(WRITE ${DIR}/config/missing.txtpb "bots { spec: \"nothere.so\" }\nbots { spec: \"call\" }\n")
pokerarena(2 run ${DIR}/config/missing.txtpb --quiet)
if(NOT errors MATCHES "bots\\[0\\]\\.spec: plugin '${DIR}/config/nothere.so': file not found")
  message(FATAL_ERROR "the missing plugin is not named by the path tried")
endif()
