# End-to-end tests of `pokerarena report` and `pokerarena merge`, of the command line's
# suggestions for mistyped options and subcommands, of every subcommand's help, of
# scripts/plot_report.py and of scripts/slurm_array.sh (included from sim/CMakeLists.txt inside
# if(POKERARENA_BUILD_TESTS), where pokerarena_cli_test is defined). The table's exact lines
# and merge's figures are tested in tests/sim/test_report_table.cpp and
# tests/sim/test_merge.cpp; these check the commands.
set(report_dir ${CMAKE_CURRENT_BINARY_DIR}/report_tests)
file(MAKE_DIRECTORY ${report_dir})
set(report_data ${PROJECT_SOURCE_DIR}/tests/data/reports)

# Bad input: exit code 2 and a message naming the file.
pokerarena_cli_test("report missing file" 2
  "pokerarena report: [^\n]*no_such_report.pb: cannot open" report ${report_dir}/no_such_report.pb)
pokerarena_cli_test("report not a report" 2
  "not_a_report.pb: not a pokerarena report" report ${report_data}/not_a_report.pb)
pokerarena_cli_test("report empty file" 2
  "empty.pb: not a pokerarena report" report ${report_data}/empty.pb)
pokerarena_cli_test("report without file" 106 "FILE is required" report)
pokerarena_cli_test("report help: FILE is required" 0 "report [[]OPTIONS[]] FILE\n" report --help)
pokerarena_cli_test("merge missing input" 2
  "pokerarena merge: [^\n]*no_such_report.pb: cannot open"
  merge ${report_dir}/no_such_report.pb -o ${report_dir}/never.pb)
pokerarena_cli_test("merge without output" 106 "--out is required" merge a.pb b.pb)

# A mistyped option or subcommand: the nearest name first (usually the cause of CLI11's
# message), then CLI11's message and exit code.
pokerarena_cli_test("suggest option of replay" 109
  "^unknown option --verbsoe; did you mean --verbose[?]\nThe following argument was not expected: --verbsoe\nRun 'pokerarena replay --help'"
  replay ${PROJECT_SOURCE_DIR}/tests/data/phh/pluribus/30/0.phh --verbsoe)
pokerarena_cli_test("suggest option of report" 109 "unknown option --jsn; did you mean --json[?]"
  report ${report_data}/not_a_report.pb --jsn)
pokerarena_cli_test("suggest option with value" 109 "unknown option --dels; did you mean --deals[?]"
  run --bots tag,call --dels=100)
pokerarena_cli_test("suggest long option with one dash" 109
  "unknown option -jsn; did you mean --json[?]" report ${report_data}/not_a_report.pb -jsn)
# CLI11 reports an unknown subcommand as a missing one (106).
pokerarena_cli_test("suggest subcommand" 106
  "^unknown subcommand repot; did you mean report[?]\nA subcommand is required\n"
  repot ${report_data}/not_a_report.pb)
pokerarena_cli_test("no suggestion when nothing is near" 109
  "The following argument was not expected: --zzzzzz\nRun 'pokerarena report --help'"
  report ${report_data}/not_a_report.pb --zzzzzz)

# Every subcommand's help has examples; the main help shows one for each subcommand.
foreach(subcommand run report merge bench replay list-bots check-bot play)
  pokerarena_cli_test("help of ${subcommand}" 0 "Examples?:\n(  [^\n]*\n)*  pokerarena ${subcommand}[ \n]"
    ${subcommand} --help)
endforeach()
pokerarena_cli_test("main help" 0
  "Examples:\n  pokerarena run [^\n]*\n  pokerarena report [^\n]*\n  pokerarena merge [^\n]*\n  pokerarena bench"
  --help)

# Shards of a small tournament merged give the report of one run of everything, and `report`
# prints it, as a table and as JSON (tests/report_merge.cmake).
add_test(NAME "sim: merge shards"
  COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:pokerarena>" "-DDIR=${report_dir}"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/report_merge.cmake)

# scripts/slurm_array.sh's array tasks, Slurm's environment faked, merged as its merge job
# does: the report of one run of everything (tests/cluster_scripts.cmake).
find_program(BASH_FOR_CLUSTER bash)
if(BASH_FOR_CLUSTER)
  add_test(NAME "sim: cluster slurm array"
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:pokerarena>" "-DDIR=${report_dir}"
            "-DBASH=${BASH_FOR_CLUSTER}" "-DSCRIPT=${PROJECT_SOURCE_DIR}/scripts/slurm_array.sh"
            -P ${CMAKE_CURRENT_SOURCE_DIR}/cluster_scripts.cmake)
  # The same scripts for real (tests/cluster_real.sh): slurm_array.sh submitted to a
  # single-node Slurm cluster the test starts and stops, and gnu_parallel.sh run by GNU
  # parallel; each merged report's table must equal one run's. Exit 77 (skipped, with a line
  # saying what to install) where the packages or root are missing.
  foreach(mode slurm parallel)
    add_test(NAME "sim: cluster ${mode} for real"
      COMMAND ${BASH_FOR_CLUSTER} ${CMAKE_CURRENT_SOURCE_DIR}/cluster_real.sh ${mode}
              $<TARGET_FILE:pokerarena> ${PROJECT_SOURCE_DIR}/scripts
              ${report_dir}/cluster_real_${mode})
    set_tests_properties("sim: cluster ${mode} for real" PROPERTIES SKIP_RETURN_CODE 77
                         TIMEOUT 300)
  endforeach()
else()
  message(STATUS "sim: no bash: scripts/slurm_array.sh and gnu_parallel.sh are not tested")
endif()

# scripts/plot_report.py on a real report, when Debian's python3 with matplotlib and
# protobuf is there (a pyenv or venv python3 first on PATH usually lacks them).
find_package(Python3 COMPONENTS Interpreter QUIET)
set(plot_python "")
foreach(candidate /usr/bin/python3 ${Python3_EXECUTABLE})
  if(NOT plot_python AND EXISTS ${candidate})
    execute_process(COMMAND ${candidate} -c "import matplotlib, google.protobuf"
      RESULT_VARIABLE import_failed OUTPUT_QUIET ERROR_QUIET)
    if(NOT import_failed)
      set(plot_python ${candidate})
    endif()
  endif()
endforeach()
find_program(PROTOC_FOR_PLOT protoc)
if(plot_python AND PROTOC_FOR_PLOT)
  add_test(NAME "sim: plot report"
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:pokerarena>" "-DDIR=${report_dir}"
            "-DPYTHON=${plot_python}" "-DSCRIPT=${PROJECT_SOURCE_DIR}/scripts/plot_report.py"
            "-DCONFIGS=${PROJECT_SOURCE_DIR}/sim/configs"
            -P ${CMAKE_CURRENT_SOURCE_DIR}/report_plot.cmake)
  # Started by a Python without matplotlib (python3 -S: no site packages, as a pyenv python3
  # without them), the script runs itself again under one that has it; with nowhere to go
  # (its hand-over mark already set), it says in one line how to get one.
  set(plot_sh "\"$0\" run --bots tag,call --deals 20 --quiet -o \"$1/$4.pb\" >/dev/null && \"$2\" -S \"$3\" \"$1/$4.pb\" --out \"$1/$4\"; echo \"exit $?\"")
  add_test(NAME "sim: plot report finds a Python with matplotlib"
    COMMAND sh -c "${plot_sh}" $<TARGET_FILE:pokerarena> ${report_dir} ${plot_python}
            ${PROJECT_SOURCE_DIR}/scripts/plot_report.py plot_rerun)
  set_tests_properties("sim: plot report finds a Python with matplotlib" PROPERTIES
    PASS_REGULAR_EXPRESSION "/plot_rerun/win_rates[.]png\n.*/plot_rerun/summary[.]png\nexit 0\n")
  add_test(NAME "sim: plot report without matplotlib says how to get it"
    COMMAND sh -c "export POKERARENA_PLOT_RERUN=1; ${plot_sh}" $<TARGET_FILE:pokerarena>
            ${report_dir} ${plot_python} ${PROJECT_SOURCE_DIR}/scripts/plot_report.py plot_none)
  set_tests_properties("sim: plot report without matplotlib says how to get it" PROPERTIES
    PASS_REGULAR_EXPRESSION "^plot_report[.]py: no Python with matplotlib [(]tried [^\n]*[)]: install it with 'apt-get install python3-matplotlib python3-protobuf' [(]or run scripts/setup[.]sh[)], and this script finds /usr/bin/python3 by itself\nexit 2\n$")
else()
  message(STATUS "sim: no python3 with matplotlib and protobuf, or no protoc: "
                 "scripts/plot_report.py is not tested")
endif()
