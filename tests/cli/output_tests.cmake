# End-to-end tests of how every output file is written (included from sim/CMakeLists.txt inside
# if(POKERARENA_BUILD_TESTS)): one per kind of output, each against a symbolic link planted at
# its name and against a full disk (tests/output_files.sh says how), then the removal of the
# temporaries of a killed writer and the names of process bots' logs.
set(output_dir ${CMAKE_CURRENT_BINARY_DIR}/output_tests)
foreach(kind out run-json report-json csv run-hh play-hh logs stale)
  add_test(NAME "sim: output files: ${kind}"
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/output_files.sh $<TARGET_FILE:pokerarena>
            $<TARGET_FILE:example_process_call_bot> ${output_dir}/${kind} ${kind})
  set_tests_properties("sim: output files: ${kind}" PROPERTIES TIMEOUT 120
    PASS_REGULAR_EXPRESSION "(^|\n)ok\n$" FAIL_REGULAR_EXPRESSION "FAILED")
endforeach()
set_tests_properties("sim: output files: out" PROPERTIES PASS_REGULAR_EXPRESSION
  "(^|\n)pokerarena run: [^\n]*/full/r[.]pb: cannot write: No space left on device\nexit 1\nholds:\nok\n$")
set_tests_properties("sim: output files: run-json" PROPERTIES PASS_REGULAR_EXPRESSION
  "^pokerarena run: [^\n]*/full/r[.]json: cannot write: No space left on device\nexit 1\nholds:\nok\n$")
set_tests_properties("sim: output files: report-json" PROPERTIES PASS_REGULAR_EXPRESSION
  "^pokerarena report: [^\n]*/full/r[.]json: cannot write: No space left on device\nexit 2\nholds:\nok\n$")
set_tests_properties("sim: output files: csv" PROPERTIES PASS_REGULAR_EXPRESSION
  "^pokerarena report: [^\n]*/full/csv/bots[.]csv: cannot write: No space left on device\nexit 2\ncsv holds:\nholds: csv\nok\n$")
set_tests_properties("sim: output files: run-hh" PROPERTIES PASS_REGULAR_EXPRESSION
  "^20 hands, 20 matched[^\n]*\npokerarena run: hh_out: [^\n]*/full/hh/config[.]txtpb: cannot write: No space left on device\nexit 2\nhh holds:\nholds: hh\n.*\npokerarena run: unit 0 failed: hh_out: [^\n]*/full/hh/unit-00000000[.]phhs: cannot write: No space left on device\n.*\nexit 1\nunits intact\nhh holds: config[.]txtpb unit-00000000[.]phhs\nholds: first[.]pb hh sums\nok\n$")
set_tests_properties("sim: output files: play-hh" PROPERTIES PASS_REGULAR_EXPRESSION
  "^1 hands, 1 matched[^\n]*\npokerarena play: [^\n]*/full/s[.]phhs: cannot write: No space left on device\nexit 1\nholds:\nok\n$")
set_tests_properties("sim: output files: logs" PROPERTIES PASS_REGULAR_EXPRESSION
  "^pokerarena run: bots\\[1\\][.]spec: bot 'b' [^\n]*: cannot write its log 'r[.]1-b[.]stderr[.]log': a symbolic link[;] a log is appended to, never through a link: remove the link or write the report elsewhere\ns[.]0-a_b[.]stderr[.]log\ns[.]1-a_b[.]stderr[.]log\nok\n$")
set_tests_properties("sim: output files: stale" PROPERTIES PASS_REGULAR_EXPRESSION
  "^[.]r[.]pb[.]tmp[.]HOST[.]DEAD[.]notrandom\n[.]r[.]pb[.]tmp[.]HOST[.]LIVE[.]0123456789abcdef\n[.]r[.]pb[.]tmp[.]OTHER[.]DEAD[.]0123456789abcdef\nr[.]pb\nr[.]pb[.]tmp[.]DEAD[.]7\nok\n$")
