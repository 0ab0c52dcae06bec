# End-to-end tests of hostile input (included from sim/CMakeLists.txt inside
# if(POKERARENA_BUILD_TESTS), where pokerarena_cli_test is defined): files, reports and bots
# written to break the command, each a reproduction of a defect it once had.
set(hostile_data ${PROJECT_SOURCE_DIR}/tests/data/hostile)
set(hostile_dir ${CMAKE_CURRENT_BINARY_DIR}/hostile_tests)
file(MAKE_DIRECTORY ${hostile_dir})

# A 100 KB dotted key overflowed the stack inside toml++ (exit 139, no message).
pokerarena_cli_test("replay refuses a key nested too deep" 1
  "ERROR [^\n]*deep_dotted_key[.]phh: not read: line 1: nested more than 64 levels deep[^\n]*\n1 hands, 0 matched, 0 mismatched, 1 errors"
  replay ${hostile_data}/deep_dotted_key.phh)
# min_bet near INT64_MAX overflowed the minimum raise, and a raise below it was accepted.
pokerarena_cli_test("replay refuses a min_bet past what a table holds" 1
  "ERROR [^\n]*minbet_overflow[.]phh: min_bet: amount 9223372036854775807 is more than the 2305843009213693951 chip units a table holds"
  replay ${hostile_data}/minbet_overflow.phh)
