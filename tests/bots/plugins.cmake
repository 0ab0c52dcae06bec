# The example plugins and the deliberately broken ones, passed to bots_tests by path.
pokerarena_plugin(test_bad_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/bad_bot.c)
set(broken_names "" bad_version small_table null_decide refuses no_symbol null_name)
foreach(index RANGE 1 6)
  list(GET broken_names ${index} name)
  pokerarena_plugin(test_broken_${name} ${CMAKE_CURRENT_LIST_DIR}/plugins/broken_table.c)
  target_compile_definitions(test_broken_${name} PRIVATE BROKEN=${index})
  string(TOUPPER ${name} upper)
  target_compile_definitions(bots_tests PRIVATE PLUGIN_BROKEN_${upper}="$<TARGET_FILE:test_broken_${name}>")
  add_dependencies(bots_tests test_broken_${name})
endforeach()
# Min-raises whenever it may and reads PaView.actions_truncated (bots tests, and `play` with a
# hand too long for the hand history in the sim command-line tests).
pokerarena_plugin(test_history_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/history_bot.c)
# Checks its own hole cards in PaView.all_hole (ABI 1.3) and calls (bots tests).
pokerarena_plugin(test_hole_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/hole_bot.c)
# A C++ plugin that lets exceptions escape its functions (bots tests, and run, play and
# check-bot in the sim command-line tests).
pokerarena_plugin(test_throwing_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/throwing_bot.cpp)
# Checks each event's fields against pokerarena_bot.h.
pokerarena_plugin(test_event_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/event_bot.c)
# Reports mixed strategies, honestly or not (strategy and check-bot tests).
pokerarena_plugin(test_strategy_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/strategy_bot.c)
target_compile_definitions(bots_tests PRIVATE
  PLUGIN_STRATEGY_BOT="$<TARGET_FILE:test_strategy_bot>"
  PLUGIN_BAD_BOT="$<TARGET_FILE:test_bad_bot>"
  PLUGIN_HISTORY_BOT="$<TARGET_FILE:test_history_bot>"
  PLUGIN_HOLE_BOT="$<TARGET_FILE:test_hole_bot>"
  PLUGIN_THROWING_BOT="$<TARGET_FILE:test_throwing_bot>"
  PLUGIN_EVENT_BOT="$<TARGET_FILE:test_event_bot>"
  PLUGIN_EXAMPLE_C="$<TARGET_FILE:example_c_bot>"
  PLUGIN_EXAMPLE_CPP="$<TARGET_FILE:example_cpp_bot>"
  NOT_A_PLUGIN="${CMAKE_CURRENT_LIST_DIR}/plugins/bad_bot.c")
# The C SDK's evaluator, called from the tests as a plugin calls it (test_sdk_eval.cpp).
target_link_libraries(bots_tests PRIVATE pokerarena_sdk)
add_dependencies(bots_tests test_bad_bot test_strategy_bot test_history_bot test_hole_bot test_throwing_bot test_event_bot example_c_bot example_cpp_bot)
# A process bot that misbehaves in every way a program can (process bot tests).
add_executable(test_misbehaving_bot ${CMAKE_CURRENT_LIST_DIR}/process/misbehaving_bot.c)
target_link_libraries(test_misbehaving_bot PRIVATE pokerarena_warnings)
target_compile_definitions(bots_tests PRIVATE MISBEHAVING_BOT="$<TARGET_FILE:test_misbehaving_bot>")
target_link_libraries(bots_tests PRIVATE simdjson::simdjson)
add_dependencies(bots_tests test_misbehaving_bot)
# The plugin host (pokerarena/bots/plugin_host.hpp) as a program of its own: a plugin run
# isolated behind the process-bot protocol (plugin host tests).
add_executable(test_plugin_host ${CMAKE_CURRENT_LIST_DIR}/process/plugin_host_main.cpp)
target_link_libraries(test_plugin_host PRIVATE pokerarena::bots pokerarena_warnings)
target_compile_definitions(bots_tests PRIVATE PLUGIN_HOST="$<TARGET_FILE:test_plugin_host>")
add_dependencies(bots_tests test_plugin_host)
# Refuses to create instances with odd seeds (plugin host tests).
pokerarena_plugin(test_seed_refusing_bot ${CMAKE_CURRENT_LIST_DIR}/plugins/seed_refusing_bot.c)
target_compile_definitions(bots_tests PRIVATE
  PLUGIN_SEED_REFUSING="$<TARGET_FILE:test_seed_refusing_bot>")
add_dependencies(bots_tests test_seed_refusing_bot)
# The Python SDK's example of a bot that reports its mixed strategy (process strategy tests).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
target_compile_definitions(bots_tests PRIVATE
  PYTHON3="${Python3_EXECUTABLE}"
  PYTHON_MIXED_BOT="${PROJECT_SOURCE_DIR}/bots/sdk/python/examples/mixed_bot.py")
