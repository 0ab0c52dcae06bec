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
# A subfolder that cannot be read stopped the search: the hands beside it were not replayed.
add_test(NAME "sim: replay goes on past a folder it cannot read"
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/replay_unreadable.sh $<TARGET_FILE:pokerarena>
          ${phh}/pluribus/30/0.phh ${hostile_dir}/unreadable)
set_tests_properties("sim: replay goes on past a folder it cannot read" PROPERTIES
  PASS_REGULAR_EXPRESSION
  "^ERROR [^\n]*/unreadable/locked: cannot search the folder: Permission denied\n5 hands, 4 matched, 0 mismatched, 1 errors, 0 unchecked, 0 skipped\nexit 1\n$")

# Output that cannot be written is a failure: these printed nothing and exited 0.
add_test(NAME "sim: report json to a full device fails"
  COMMAND sh -c "\"$0\" report \"$1\" --json >/dev/full; echo \"exit $?\""
          $<TARGET_FILE:pokerarena> ${hostile_data}/merge_wrong_field_orig.pb)
# (The reason is known when the last flush fails; the JSON fills the buffer before that.)
set_tests_properties("sim: report json to a full device fails" PROPERTIES PASS_REGULAR_EXPRESSION
  "^pokerarena: cannot write to standard output(: No space left on device)?\nexit 1\n$")
add_test(NAME "sim: replay to a full device fails"
  COMMAND sh -c "\"$0\" replay \"$1\" >/dev/full; echo \"exit $?\""
          $<TARGET_FILE:pokerarena> ${phh}/pluribus/30/0.phh)
set_tests_properties("sim: replay to a full device fails" PROPERTIES PASS_REGULAR_EXPRESSION
  "^pokerarena: cannot write to standard output: No space left on device\nexit 1\n$")
add_test(NAME "sim: help to a full device fails"
  COMMAND sh -c "\"$0\" list-bots >/dev/full; echo \"list-bots exit $?\"; \"$0\" run --help >/dev/full; echo \"help exit $?\""
          $<TARGET_FILE:pokerarena>)
set_tests_properties("sim: help to a full device fails" PROPERTIES PASS_REGULAR_EXPRESSION
  "list-bots exit 1\n.*help exit 1\n$")

# Two reports that differ in one unit's sum of squares: merge named timing_decision_ns, a field
# it does not compare ("ignored: ..."), instead of the one that differs.
pokerarena_cli_test("merge names the field that differs" 2
  "merge_wrong_field_flip[.]pb: unit 2 differs from the same unit in [^\n]*merge_wrong_field_orig[.]pb [(]modified: pairs\\[0\\][.]samples[.]sum_squares: 393324 -> 393324[.]00024414062[)]"
  merge ${hostile_data}/merge_wrong_field_orig.pb ${hostile_data}/merge_wrong_field_flip.pb
  -o ${hostile_dir}/never_written.pb)
# A report's strings reach the terminal escaped: they held ESC [2J (clear the screen). The
# shard's report holds the units of shard 1/2 (it once held all 18 and said it was not
# complete, which no run writes and `report` now refuses).
pokerarena_cli_test("report escapes the shard" 0 "shard 1/\\\\x1B\\[2J2: 9 of 18 units"
  report ${hostile_data}/shard_escape.pb)
pokerarena_cli_test("report escapes the version" 0 "; pokerarena \\\\x1B\\[2J\n"
  report ${hostile_data}/version_escape.pb)
pokerarena_cli_test("merge escapes the version" 2
  "version_escape[.]pb: written by pokerarena \\\\x1B\\[2J, [^\n]*shard_escape[.]pb by pokerarena 0[.]1[.]0; merge reports"
  merge ${hostile_data}/shard_escape.pb ${hostile_data}/version_escape.pb -o ${hostile_dir}/never_written.pb)
# A PHH file's text quoted in a message (here an unknown variant) is escaped too.
file(WRITE ${hostile_dir}/escape_variant.phh "variant = \"\\u001b[2J\"\n")
pokerarena_cli_test("replay escapes what it quotes" 1
  "ERROR [^\n]*escape_variant[.]phh: variant: unknown variant '\\\\x1B\\[2J' "
  replay ${hostile_dir}/escape_variant.phh)

# A plugin that called _exit(0) ended the run with status 0 and no report, and one that crashed
# lost every finished unit unless --checkpoint was given.
add_test(NAME "sim: a plugin that ends the process leaves the finished units"
  COMMAND ${CMAKE_COMMAND} -DCOMMAND=$<TARGET_FILE:pokerarena> -DPLUGIN=$<TARGET_FILE:test_bad_bot>
          -DDIR=${hostile_dir}/ends_process -P ${CMAKE_CURRENT_SOURCE_DIR}/plugin_ends_process.cmake)

# Half of all single-bit flips in a report were read as a report with other figures (and
# resumed from): report, merge and resume now name the damaged file.
add_test(NAME "sim: a damaged report is refused by report, merge and resume"
  COMMAND sh -c "d=\"$1\"; \"$0\" run --bots call,tag --deals 100 --quiet -o \"$d\"/good.pb >/dev/null && cp \"$d\"/good.pb \"$d\"/bad.pb && printf X | dd of=\"$d\"/bad.pb bs=1 seek=200 conv=notrunc 2>/dev/null || exit 1; \"$0\" report \"$d\"/bad.pb; echo \"report exit $?\"; \"$0\" merge \"$d\"/good.pb \"$d\"/bad.pb -o \"$d\"/merged.pb; echo \"merge exit $?\"; \"$0\" run --resume \"$d\"/bad.pb; echo \"resume exit $?\""
          $<TARGET_FILE:pokerarena> ${hostile_dir})
set_tests_properties("sim: a damaged report is refused by report, merge and resume" PROPERTIES
  PASS_REGULAR_EXPRESSION
  "^pokerarena report: [^\n]*/bad[.]pb: damaged: its checksum does not match its contents[^\n]*\nreport exit 2\npokerarena merge: [^\n]*/bad[.]pb: damaged: [^\n]*\nmerge exit 2\npokerarena run: [^\n]*/bad[.]pb: damaged: [^\n]*\nresume exit 2\n$")

# An empty output name played the whole run, then failed with "pokerarena run: : cannot replace
# with .tmp"; it is refused before anything is played, naming the flag. (Through sh: a CMake
# list cannot hold an empty argument.)
add_test(NAME "sim: run and merge refuse an empty output name"
  COMMAND sh -c "\"$0\" run --bots call,tag --deals 10 -o ''; echo \"exit $?\"; for flag in --checkpoint --json; do \"$0\" run --bots call,tag --deals 10 -o \"$1\"/never_written.pb $flag ''; echo \"exit $?\"; done; \"$0\" merge \"$2\" -o ''; echo \"exit $?\""
          $<TARGET_FILE:pokerarena> ${hostile_dir} ${hostile_data}/merge_wrong_field_orig.pb)
set_tests_properties("sim: run and merge refuse an empty output name" PROPERTIES
  PASS_REGULAR_EXPRESSION
  "^pokerarena run: --out: an empty file name[;] expected the file to write the report to\nexit 2\npokerarena run: --checkpoint: an empty file name[;] expected the file to write the report to\nexit 2\npokerarena run: --json: an empty file name[;] expected the file to write to\nexit 2\npokerarena merge: -o: an empty file name[;] expected the file to write the report to\nexit 2\n$")

# Files that are not regular files: replay of a named pipe and run --bots ./fifo.so waited
# forever for a writer, a .phh linked to /dev/zero was read until memory ran out, and a loop of
# symbolic links was "file not found". Each is refused at once, naming the file and what it is.
add_test(NAME "sim: special files are refused before they are read"
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/special_files.sh $<TARGET_FILE:pokerarena>
          ${hostile_dir}/special)
set_tests_properties("sim: special files are refused before they are read" PROPERTIES TIMEOUT 60
  PASS_REGULAR_EXPRESSION [=[^\$ replay fifo[.]phh
ERROR fifo[.]phh: a named pipe [(]FIFO[)], not a regular file
1 hands, 0 matched, 0 mismatched, 1 errors, 0 unchecked, 0 skipped
exit 1
\$ replay zero[.]phh
ERROR zero[.]phh: a character device, not a regular file
1 hands, 0 matched, 0 mismatched, 1 errors, 0 unchecked, 0 skipped
exit 1
\$ replay loop[.]phh
ERROR loop[.]phh: a loop of symbolic links [(]Too many levels of symbolic links[)]
1 hands, 0 matched, 0 mismatched, 1 errors, 0 unchecked, 0 skipped
exit 1
\$ run --bots [.]/fifo[.]so,call -q
[^
]*bots\[0\][.]spec: plugin '[^']*/fifo[.]so': a named pipe [(]FIFO[)], not a regular file
exit 2
\$ run --bots [.]/loop[.]so,call -q
[^
]*bots\[0\][.]spec: plugin '[^']*/loop[.]so': a loop of symbolic links [(]Too many levels of symbolic links[)]
exit 2
\$ check-bot [.]/fifo[.]so
check-bot: plugin '[.]/fifo[.]so': a named pipe [(]FIFO[)], not a regular file
exit 2
\$ run fifo[.]txtpb -q
CONFIG: fifo[.]txtpb: a named pipe [(]FIFO[)], not a regular file
Run 'pokerarena run --help' for more information[.]
exit 105
\$ run loop[.]txtpb -q
CONFIG: loop[.]txtpb: a loop of symbolic links [(]Too many levels of symbolic links[)]
Run 'pokerarena run --help' for more information[.]
exit 105
\$ report fifo[.]pb
pokerarena report: fifo[.]pb: cannot open: a named pipe [(]FIFO[)], not a regular file
exit 2
\$ report loop[.]pb
pokerarena report: loop[.]pb: cannot open: a loop of symbolic links [(]Too many levels of symbolic links[)]
exit 2
\$ merge fifo[.]pb loop[.]pb -o merged[.]pb
[^
]*fifo[.]pb: cannot open: a named pipe [(]FIFO[)], not a regular file
exit 2
\$ run --resume fifo[.]pb -q
--resume: fifo[.]pb: a named pipe [(]FIFO[)], not a regular file
Run 'pokerarena run --help' for more information[.]
exit 105
\$ run --game fifo[.]game --bots random,call -q
pokerarena run: game: [^
]*/fifo[.]game: cannot be read: a named pipe [(]FIFO[)], not a regular file
exit 2
\$ exploitability --game fifo[.]game --bot random
pokerarena exploitability: --game: fifo[.]game: cannot be read: a named pipe [(]FIFO[)], not a regular file
exit 2
$]=])

# report --json of a 47 MB report took 12.6 GB and replay of a 100 MB .phhs 3.9 GB: the same on
# a few MB, under an address-space cap that the old commands passed (big_inputs.sh says by how
# much), and the JSON whole.
# `report` of 4,000 bots of which two pairs met: memory that follows the file (a bots x bots
# grid of the crosstable grew with the square of the field).
add_test(NAME "sim: report of a large field in memory that follows the file"
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/report_memory.sh $<TARGET_FILE:pokerarena>
          ${hostile_dir}/report_memory)
set_tests_properties("sim: report of a large field in memory that follows the file" PROPERTIES
  TIMEOUT 120 PASS_REGULAR_EXPRESSION "^bounded\n$")
add_test(NAME "sim: big inputs in bounded memory"
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/big_inputs.sh $<TARGET_FILE:pokerarena>
          ${hostile_dir}/big_inputs)
set_tests_properties("sim: big inputs in bounded memory" PROPERTIES TIMEOUT 120
  PASS_REGULAR_EXPRESSION
  "^report exit 0\n\"hh_hands_not_written\":\"0\"}]}\n20000 hands, 20000 matched, 0 mismatched, 0 errors, 0 unchecked, 0 skipped\nreplay exit 0\n$")
