# scripts/slurm_array.sh without Slurm: its array task run three times as tasks 1 to 3 of 3
# would run (the environment Slurm gives them, faked), then `pokerarena merge` of the shards as
# its merge job runs it; the merged report prints the same table as one run of everything.
# (tests/cluster_real.sh runs it on a real Slurm cluster, and scripts/gnu_parallel.sh with GNU
# parallel; this one needs neither, so it runs everywhere.) COMMAND is the
# pokerarena binary, DIR a scratch folder, BASH bash, SCRIPT scripts/slurm_array.sh.
set(work ${DIR}/cluster)
set(out ${work}/out)
# A folder left by an earlier run would hold checkpoints, which the tasks would resume.
file(REMOVE_RECURSE ${work})
file(MAKE_DIRECTORY ${out})

# Four bots give six units, two a shard: a shard holding the wrong units, or two shards the
# same one, changes the merged table. 600 hands in all.
set(config ${work}/tournament.txtpb)
file(WRITE ${config} [[
format: ROUND_ROBIN
bots { spec: "tag" }
bots { spec: "call" }
bots { spec: "random" }
bots { spec: "allin" }
deals: 50
seed: 7
]])

# The array task must not submit anything: an sbatch first on PATH that fails says so, and
# keeps a real one from being reached on a machine that has Slurm.
file(WRITE ${work}/bin/sbatch "#!/bin/sh\necho 'sbatch called' >&2\nexit 1\n")
file(CHMOD ${work}/bin/sbatch PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

function(pokerarena)
  execute_process(COMMAND ${COMMAND} ${ARGN}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code EQUAL 0)
    message(FATAL_ERROR "pokerarena ${ARGN}: exit code ${exit_code}")
  endif()
  # The table without the lines that depend on the machine (report_table.hpp).
  string(REGEX REPLACE "(Speed|Latency µs):[^\n]*\n" "" table "${output}")
  set(table "${table}" PARENT_SCOPE)
endfunction()

set(shards 3)
set(shard_files "")
foreach(k RANGE 1 ${shards})
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "PATH=${work}/bin:$ENV{PATH}" SLURM_ARRAY_TASK_ID=${k}
            SLURM_ARRAY_TASK_COUNT=${shards} SLURM_CPUS_PER_TASK=2 POKERARENA=${COMMAND}
            ${BASH} ${SCRIPT} ${config} ${out}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  message("${output}${errors}")
  if(NOT exit_code EQUAL 0 OR NOT EXISTS ${out}/shard-${k}.pb)
    message(FATAL_ERROR "slurm_array.sh as array task ${k} of ${shards}: exit code "
                        "${exit_code}, or no ${out}/shard-${k}.pb")
  endif()
  list(APPEND shard_files ${out}/shard-${k}.pb)
endforeach()

pokerarena(merge ${shard_files} -o ${out}/all.pb)
pokerarena(run ${config} --threads 2 --quiet --out ${work}/whole.pb)
pokerarena(report ${work}/whole.pb)
set(whole_table "${table}")
pokerarena(report ${out}/all.pb)
if(NOT table STREQUAL whole_table)
  message(FATAL_ERROR "the merged shards' table differs from the one run's:\n${whole_table}")
endif()
if(NOT table MATCHES "^Round robin, no-limit, 4 bots, 50 deals a pair, 600 hands, seed 7, complete\n")
  message(FATAL_ERROR "the merged shards are not the whole tournament")
endif()
