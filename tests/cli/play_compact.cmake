# `pokerarena play --compact`: one line per event and the table only when the person must act.
# Runs COMMAND play with the same session (seed, bots, input from INPUT) with and without
# --compact and checks that (1) in the compact one, every table is followed by the prompt
# (no table after another player's action or a card), (2) there is a table for every prompt,
# and (3) both sessions say the same thing once the tables are taken out.
foreach(mode plain compact)
  set(flags --vs tag,call --seats 3 --seed 11 --hands 3 --delay 0)
  if(mode STREQUAL "compact")
    list(APPEND flags --compact)
  endif()
  execute_process(COMMAND ${COMMAND} play ${flags} INPUT_FILE ${INPUT}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output_${mode} ERROR_VARIABLE errors)
  message("${output_${mode}}${errors}")
  if(NOT exit_code STREQUAL "0")
    message(FATAL_ERROR "play (${mode}): exit code ${exit_code}, expected 0")
  endif()
endforeach()

# A table: its header line "  hand N, street, pot ..." and one line per seat (3 seats).
set(table_re "  hand [0-9]+, [^\n]*\n  [^\n]*\n  [^\n]*\n  [^\n]*\n")
string(REGEX MATCHALL "${table_re}" tables "${output_compact}")
string(REGEX MATCHALL "${table_re}Your turn" tables_then_prompt "${output_compact}")
string(REGEX MATCHALL "Your turn: " prompts "${output_compact}")
list(LENGTH tables num_tables)
list(LENGTH tables_then_prompt num_tables_then_prompt)
list(LENGTH prompts num_prompts)
if(num_prompts EQUAL 0)
  message(FATAL_ERROR "the compact session never asked for an action")
endif()
if(NOT num_tables EQUAL num_prompts OR NOT num_tables_then_prompt EQUAL num_prompts)
  message(FATAL_ERROR "compact: ${num_tables} tables, ${num_tables_then_prompt} of them before "
                      "a prompt, for ${num_prompts} prompts; expected one table before each")
endif()
string(REGEX MATCHALL "${table_re}" plain_tables "${output_plain}")
list(LENGTH plain_tables num_plain_tables)
if(NOT num_plain_tables GREATER num_tables)
  message(FATAL_ERROR "the plain session drew ${num_plain_tables} tables, the compact one "
                      "${num_tables}: --compact drew no fewer")
endif()
string(REGEX REPLACE "${table_re}" "" plain_lines "${output_plain}")
string(REGEX REPLACE "${table_re}" "" compact_lines "${output_compact}")
if(NOT plain_lines STREQUAL compact_lines)
  message(FATAL_ERROR "the event lines differ with --compact:\n${compact_lines}")
endif()
