# End-to-end tests of the journal of finished units and of what a resume runs (included from
# sim/CMakeLists.txt inside if(POKERARENA_BUILD_TESTS)): tests/run_journal.sh, one scenario
# each. The hostile plugin (tests/data/journal/hostile.c) crashes at its Nth decision on demand.
add_library(journal_hostile_bot MODULE ${PROJECT_SOURCE_DIR}/tests/data/journal/hostile.c)
target_include_directories(journal_hostile_bot PRIVATE ${PROJECT_SOURCE_DIR}/bots/sdk)
target_link_libraries(journal_hostile_bot PRIVATE m Threads::Threads)
set_target_properties(journal_hostile_bot PROPERTIES PREFIX "" C_VISIBILITY_PRESET hidden)
add_dependencies(pokerarena journal_hostile_bot)

set(journal_dir ${CMAKE_CURRENT_BINARY_DIR}/journal_tests)
function(pokerarena_journal_test name mode)
  add_test(NAME "sim: journal: ${name}"
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/run_journal.sh ${mode}
            $<TARGET_FILE:pokerarena> ${journal_dir}/${mode} ${ARGN})
  set_tests_properties("sim: journal: ${name}" PROPERTIES
    PASS_REGULAR_EXPRESSION "ok: ${mode}\n" FAIL_REGULAR_EXPRESSION "FAILED: " TIMEOUT 180)
endfunction()

pokerarena_journal_test("a plugin that crashes leaves every finished unit" segv
  $<TARGET_FILE:journal_hostile_bot>)
pokerarena_journal_test("kill -9 then resume gives the uninterrupted figures" kill9
  $<TARGET_FILE:test_misbehaving_bot>)
pokerarena_journal_test("a full disk at the end loses no finished unit" fulldisk)
pokerarena_journal_test("a journal of another run is refused" other_run
  $<TARGET_FILE:journal_hostile_bot>)
pokerarena_journal_test("a changed program is refused before it starts" identity
  $<TARGET_FILE:test_misbehaving_bot>)
