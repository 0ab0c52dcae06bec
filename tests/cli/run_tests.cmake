# End-to-end tests of `pokerarena run` and `pokerarena bench` (included from sim/CMakeLists.txt
# inside if(POKERARENA_BUILD_TESTS), where pokerarena_cli_test is defined). The runner's own
# guarantees (threads, resume, shards, SPRT, the stop flag that Ctrl-C sets) are tested in
# tests/sim/test_runner.cpp; these check the command around it.
set(run_dir ${CMAKE_CURRENT_BINARY_DIR}/run_tests)
file(MAKE_DIRECTORY ${run_dir})

pokerarena_cli_test("run random vs call" 0
  "(random|call) +4,000 .*(call|random) +4,000 .*Report: [^\n]*run_tests/random_call.pb"
  run --bots random,call --deals 2000 --seed 1 --threads 2 --out ${run_dir}/random_call.pb)
pokerarena_cli_test("run config file with flags over it" 0
  "Ring.* 3 bots, 200 deals a seat group, 600 hands, seed 3, complete.*stacks 50 big blinds.*Report: [^\n]*ring.pb [(]JSON: "
  run ${PROJECT_SOURCE_DIR}/sim/configs/ring_6max.txtpb --bots tag,call,random --seats 3
  --deals 200 --stack 50 --quiet --out ${run_dir}/ring.pb --json ${run_dir}/ring.json)
pokerarena_cli_test("run help" 0 "Examples:\n  pokerarena run --bots" run --help)

# Every bad input: exit code 2 and a message naming what was expected.
file(WRITE ${run_dir}/bad_seats.txtpb
  "format: RING\nbots { spec: \"tag\" }\nbots { spec: \"call\" }\nbots { spec: \"fold\" }\nseats: 12\n")
pokerarena_cli_test("run bad config field" 2 "seats: 12" run ${run_dir}/bad_seats.txtpb)
file(WRITE ${run_dir}/bad_syntax.txtpb "bots { spec: \"tag\" }\nhandz: 10\n")
pokerarena_cli_test("run bad config syntax" 2 "bad_syntax.txtpb:2:[0-9]+: .*handz"
  run ${run_dir}/bad_syntax.txtpb)
file(WRITE ${run_dir}/hands.txtpb "bots { spec: \"tag\" }\nbots { spec: \"call\" }\nhands: 10\n")
pokerarena_cli_test("run config that counts hands" 2
  "^pokerarena run: [^\n]*hands[.]txtpb:3:1: hands: not a configuration key; give deals [(]the deals per pairing, the deals per ring seat group, or a sit-and-go's tournaments[)]\n$"
  run ${run_dir}/hands.txtpb)
pokerarena_cli_test("run no bots" 2 "no bots: give a configuration file" run --deals 10)
pokerarena_cli_test("run unknown bot" 2 "bots\\[1\\].spec: unknown bot 'tagg'" run --bots tag,tagg)
pokerarena_cli_test("run bad shard" 2 "--shard 3/2: expected K/N" run --bots tag,call --shard 3/2)
pokerarena_cli_test("run sprt with shard" 2 "--shard 2/4 with --sprt: the sequential test needs every unit"
  run --bots tag,call --sprt 0,20,0.05,0.05 --shard 2/4)
pokerarena_cli_test("run bad sprt" 2 "--sprt 0,x,0.05,0.05: 'x' is not a number"
  run --bots tag,call --sprt 0,x,0.05,0.05)
# A heavy-tailed pair (a true edge of about +27) where a test taking the sample spread for the
# true one would accept H0 after 1,466 hands. The blocks do not depend on --deals, so a match
# 100 times longer stops at the same hand.
foreach(hands 1500000 150000000)
  pokerarena_cli_test("run sprt heavy-tailed pair, ${hands} deals" 0
    "SPRT a against b: 0 vs 27[.]5 mbb/hand for a [(]alpha 0[.]05, beta 0[.]05[)]: H1 [(]mbb1[)] after 380,928 hands, LLR 3[.]06 [(]bounds -2[.]94, 2[.]94; 372 blocks[)]\n"
    run --bots a=tag,b=tag:bet_size=3 --sprt 0,27.5,0.05,0.05 --deals ${hands} --seed 9089
    --threads 2 --quiet -o ${run_dir}/sprt_heavy_${hands}.pb)
endforeach()
# 0 would mean "the default" in a configuration and "-1" would wrap to 2^64 - 1, so these
# flags refuse them (CLI11's validation error, 105) rather than play something else.
pokerarena_cli_test("run deals 0" 105 "--deals: '0': expected a whole number from 1 to 1000000000000"
  run --bots tag,call --deals 0)
pokerarena_cli_test("run tournaments 0" 105
  "--tournaments: '0': expected a whole number from 1 to 1000000000000"
  run --format sit-and-go --bots tag,call,random --tournaments 0)
# A count beyond a flag's range is refused quoting the value given, with the range the flag
# takes (the flag's help shows it too), not clamped to the largest 64-bit value and refused
# later under another number.
pokerarena_cli_test("run deals beyond their range" 105
  "^--deals: '18446744073709551615': expected a whole number from 1 to 1000000000000
"
  run --bots tag,call --deals 18446744073709551615)
pokerarena_cli_test("run help gives the range of deals" 0
  "
  --deals INT:INT in [[]1 - 1000000000000[]] "
  run --help)
pokerarena_cli_test("run match-deals beyond their range" 105
  "^--match-deals: '9223372036854775808': expected a whole number from 1 to 2147483647
"
  run --bots tag,call --match-deals 9223372036854775808)
pokerarena_cli_test("run hh-sample beyond its range" 105
  "^--hh-sample: '9223372036854775808': expected a whole number from 1 to 9223372036854775807
"
  run --bots tag,call --hh-sample 9223372036854775808)
pokerarena_cli_test("run seats beyond their range" 105
  "^--seats: '4294967297': expected a whole number from 1 to 2147483647
"
  run --bots tag,call --seats 4294967297)

# run counts deals (cash formats) or tournaments (sit-and-go), never hands: --hands is refused
# with the flag for the format given and what it counts, and each count with the wrong format
# names the right flag.
pokerarena_cli_test("run hands refused heads-up" 2
  "pokerarena run: --hands 2000: run counts deals or tournaments, not hands; give --deals 2000 for 2000 deals a pairing [(]each played twice with the seats swapped when duplicate: 4000 hands a pair[)]\n$"
  run --bots tag,call,random --hands 2000)
pokerarena_cli_test("run hands refused ring" 2
  "give --deals 50 for 50 deals a seat group [(]each played once per rotation when duplicate[)]\n$"
  run --format ring --bots tag,call,random --hands 50)
pokerarena_cli_test("run hands refused sit-and-go" 2
  "--hands 7: run counts deals or tournaments, not hands; a sit-and-go counts tournaments: give --tournaments 7 for 7 tournaments\n$"
  run ${PROJECT_SOURCE_DIR}/sim/configs/sit_and_go.txtpb --hands 7)
pokerarena_cli_test("run tournaments refused for a cash format" 2
  "pokerarena run: --tournaments 10: only a sit-and-go plays tournaments; give --deals 10 "
  run --bots tag,call --tournaments 10)
pokerarena_cli_test("run deals refused for a sit-and-go" 2
  "pokerarena run: --deals 5: a sit-and-go counts tournaments; give --tournaments 5\n$"
  run --format sit-and-go --bots tag,call,random --deals 5)
pokerarena_cli_test("run deals and tournaments exclude each other" 108 "excludes"
  run --format sit-and-go --bots tag,call,random --deals 5 --tournaments 5)
# --deals N plays what the configuration's count of N plays: the same figures as the file
# (the flag's twin, "run one deal has no interval", pins them for the flag) and a header that
# says both counts.
file(WRITE ${run_dir}/one_deal.txtpb
  "bots { spec: \"tag\" name: \"a\" }\nbots { spec: \"random\" name: \"b\" }\ndeals: 1\nseed: 1\n")
pokerarena_cli_test("run one deal from a file is the flag's one deal" 0
  "^Round robin, no-limit, 2 bots, 1 deal a pair, 2 hands, seed 1, complete\n.*\n 1  a        2    [+]250[.]0 ±   n/a[?]  n/a       0\n"
  run ${run_dir}/one_deal.txtpb --quiet -o ${run_dir}/one_deal_file.pb)
pokerarena_cli_test("run sit-and-go header counts tournaments" 0
  "^Sit-and-go, 6 seats, no-limit, 6 bots, [0-9,]+ tournaments, [0-9,]+ hands, seed 4, complete\n"
  run ${PROJECT_SOURCE_DIR}/sim/configs/sit_and_go.txtpb --tournaments 2 --quiet
  -o ${run_dir}/sng_tournaments.pb)
pokerarena_cli_test("run stack 0" 105 "--stack: '0': expected a whole number from 1 to 9223372036854775807"
  run --bots tag,call --stack 0)
pokerarena_cli_test("run negative seed" 105 "--seed: '-1': expected a whole number of 0 or more"
  run --bots tag,call --seed -1)
# Numbers are decimal whatever their leading zeros: CLI11 alone reads 010 as octal 8 and
# refuses 08, so a sweep over zero-padded seeds would repeat seeds without a word.
# (Each test writes a report of its own: ctest may run them at once.)
pokerarena_cli_test("run zero-padded numbers are decimal" 0
  "Round robin, no-limit, 2 bots, 10 deals a pair, 20 hands, seed 10, complete\n.*Speed: [^\n]*, 10 threads,"
  run --bots a=call,b=call --seed 010 --deals 010 --threads 010 --quiet
  --out ${run_dir}/padded_010.pb)
pokerarena_cli_test("run zero-padded 08 is 8" 0 "2 bots, 1 deal a pair, 2 hands, seed 8, complete\n"
  run --bots a=call,b=call --seed 08 --deals 1 --quiet --out ${run_dir}/padded_08.pb)
# A mistyped option before a separate value: the value falls to CONFIG, and the first line says
# why (the unknown option) rather than only that no file "2" exists.
pokerarena_cli_test("run mistyped option before its value" 105
  "^unknown option --threds; did you mean --threads[?]\nCONFIG: File does not exist: 2\n"
  run --bots tag,call --threds 2)
pokerarena_cli_test("run hexadecimal refused" 105 "--seed: '0x10': expected a whole number of 0 or more"
  run --bots tag,call --seed 0x10)
pokerarena_cli_test("run hh-sample without hh-out" 2 "--hh-sample 5: hands are written only with --hh-out"
  run --bots tag,call --hh-sample 5)
# --json is checked before anything is played (a write that still fails, on a full disk: "sim:
# output files: run-json").
pokerarena_cli_test("run json in a missing folder" 2
  "--json [^\n]*/no_such_folder/r.json: cannot create: No such file or directory"
  run --bots tag,call --deals 10 --json ${run_dir}/no_such_folder/r.json --out ${run_dir}/json.pb)
pokerarena_cli_test("run json a folder" 2 "--json [^\n]*: not a regular file"
  run --bots tag,call --deals 10 --json ${run_dir} --out ${run_dir}/json.pb)
pokerarena_cli_test("run json a device" 2 "--json /dev/full: not a regular file"
  run --bots tag,call --deals 10 --quiet --json /dev/full --out ${run_dir}/json.pb)
# So are the report and the checkpoint.
pokerarena_cli_test("run out in a missing folder" 2
  "--out [^\n]*/no_such_folder/r.pb: cannot create: No such file or directory"
  run --bots tag,call --deals 10 --out ${run_dir}/no_such_folder/r.pb)
pokerarena_cli_test("run checkpoint a folder" 2 "--checkpoint [^\n]*: not a regular file"
  run --bots tag,call --deals 10 --checkpoint ${run_dir} --out ${run_dir}/ck.pb)
pokerarena_cli_test("run out a device" 2 "--out /dev/null: not a regular file"
  run --bots tag,call --deals 10 --out /dev/null)
pokerarena_cli_test("run checkpoint a device" 2 "--checkpoint /dev/null: not a regular file"
  run --bots tag,call --deals 10 --checkpoint /dev/null --out ${run_dir}/ck.pb)
pokerarena_cli_test("run threads not a number" 105 "--threads: 'abc': expected a whole number from 1 to 4096"
  run --bots tag,call --threads abc)
# Flag values CLI11 checks exit with its own codes (105: validation error).
pokerarena_cli_test("run bad format" 105 "--format: roundrobin not in {round-robin,gauntlet,ring,sit-and-go}"
  run --bots tag,call --format roundrobin)

# Resume: a run interrupted by SIGINT at a fixed unit resumes, by the command it printed, to
# the uninterrupted report and hand histories; a resume with another configuration is refused
# naming the field. (The timeout is a backstop: the script stops at a gate, not on a clock.)
add_test(NAME "sim: run resume"
  COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:pokerarena>" "-DDIR=${run_dir}"
          "-DMISBEHAVING=$<TARGET_FILE:test_misbehaving_bot>"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/run_resume.cmake)
set_tests_properties("sim: run resume" PROPERTIES TIMEOUT 180)

# The determinism signature: the same checksum with 1 and 2 threads. A change to how hands
# play moves it; update it here and quote it in the commit message.
set(bench_checksum "6721f2cfe42cced4")
pokerarena_cli_test("bench 1 thread" 0 "Hands: 199998\n.*Checksum: ${bench_checksum}\n"
  bench --threads 1 --hands 200000)
pokerarena_cli_test("bench 2 threads" 0 "Hands: 199998\n.*Checksum: ${bench_checksum}\n"
  bench --threads 2 --hands 200000)

# A process bot's spec with options and no name: the '=' inside its brackets is an option's,
# not NAME=, in --bots and in play --vs alike (NAME= is what comes before an '=' that is
# before any '[', ':' or '/'). Options hold commas, and a spec with options can follow a
# built-in with parameters.
pokerarena_cli_test("run takes an unnamed process bot with options" 0
  "^Round robin, no-limit, 3 bots, .*\nProcess bot proc[[]procs=2(,timeout=5)?[]]:[^\n]* good: 'misbehaving', 0 restarts; stderr: [^\n]*unnamed_proc[.][02]-[^\n]*\nProcess bot proc[[]procs=2(,timeout=5)?[]]:[^\n]* good: 'misbehaving', 0 restarts; stderr: [^\n]*unnamed_proc[.][02]-"
  run "--bots=proc[procs=2]:$<TARGET_FILE:test_misbehaving_bot> good,equity:samples=10,proc[procs=2,timeout=5]:$<TARGET_FILE:test_misbehaving_bot> good"
  --deals 2 --threads 2 --quiet -o ${run_dir}/unnamed_proc.pb)
pokerarena_cli_test("run takes an unnamed ACPC client with options" 2
  "bots\\[0\\][.]spec: an ACPC client cannot play a sit-and-go"
  run --format sit-and-go "--bots=acpc[connection=lane]:./client,call,tag")
pokerarena_cli_test("play --vs takes an unnamed ACPC client with options" 2
  "pokerarena play: bot 'acpc[[]connection=lane[]]:[.]/no_such_client' [^\n]*cannot start the ACPC client '[.]/no_such_client'"
  play "--vs=acpc[connection=lane]:./no_such_client,call" --hands 1)
add_test(NAME "sim: play --vs takes an unnamed process bot with options"
  COMMAND sh -c "\"$0\" play --vs \"proc[timeout=5]:$1 good,tag\" --seats 3 --hands 1 --delay 0 --seed 1 </dev/null"
          $<TARGET_FILE:pokerarena> $<TARGET_FILE:test_misbehaving_bot>)
set_tests_properties("sim: play --vs takes an unnamed process bot with options" PROPERTIES
  PASS_REGULAR_EXPRESSION "=== Hand 1 === button: tag#2\n[^\n]*\nproc\\[timeout=5\\]#1 posts the big blind 2\n")

# A process bot in `play` answers: its factory owns its processes, so it must outlive the bots
# (without it the first decision would wait on closed pipes).
add_test(NAME "sim: play answers a process bot's decisions to the end of the hand"
  COMMAND sh -c "printf 'c\\nc\\nc\\nc\\nc\\nc\\n' | \"$0\" play --vs \"n=proc:$1\" --hands 1 --delay 0 --seed 1"
          $<TARGET_FILE:pokerarena> $<TARGET_FILE:example_process_call_bot>)
set_tests_properties("sim: play answers a process bot's decisions to the end of the hand" PROPERTIES
  TIMEOUT 60
  PASS_REGULAR_EXPRESSION "n#1 (calls|checks)[^\n]*\n.*Hands played: 1\n"
  FAIL_REGULAR_EXPRESSION "Bot faults|timed out|time limit")

# `play --vs` takes the specs of `run --bots`: a process bot's [options] hold commas, NAME=
# names a bot, a built-in's parameters follow it (the list was split at every comma before).
add_test(NAME "sim: play --vs takes the specs of run --bots"
  COMMAND sh -c "\"$0\" play --vs \"p=proc[procs=1,timeout=5]:$1 good,tag:aggression=0.5\" --seats 3 --hands 1 --delay 0 --seed 1 </dev/null"
          $<TARGET_FILE:pokerarena> $<TARGET_FILE:test_misbehaving_bot>)
set_tests_properties("sim: play --vs takes the specs of run --bots" PROPERTIES
  PASS_REGULAR_EXPRESSION "=== Hand 1 === button: tag#2\n[^\n]*\np#1 posts the big blind 2\n")

# `play` shows its first hand as "=== Hand 1 ===": its fault summary and a plugin's crash line
# number hands the same way (they said hand 0 for it).
add_test(NAME "sim: play numbers a fault's hand as the screen does"
  COMMAND sh -c "\"$0\" play --vs \"$1\":error,\"$1\":error --seats 3 --hands 1 --delay 0 --seed 1 </dev/null"
          $<TARGET_FILE:pokerarena> $<TARGET_FILE:test_bad_bot>)
set_tests_properties("sim: play numbers a fault's hand as the screen does" PROPERTIES
  PASS_REGULAR_EXPRESSION
  "=== Hand 1 ===.*\nBot faults, bad bot#2: 1 [(]first: hand 1, error status: decide returned an error: deliberate failure[)]\n")
add_test(NAME "sim: play numbers a crash's hand as the screen does"
  COMMAND sh -c "ulimit -c 0; \"$0\" play --vs \"$1\":crash,\"$1\":crash --seats 3 --hands 1 --delay 0 --seed 1 </dev/null; echo \"exit $?\""
          $<TARGET_FILE:pokerarena> $<TARGET_FILE:test_bad_bot>)
set_tests_properties("sim: play numbers a crash's hand as the screen does" PROPERTIES
  PASS_REGULAR_EXPRESSION
  "=== Hand 1 ===.*pokerarena: bot '[^'\n]*test_bad_bot[.]so:crash' crashed [(]SIGSEGV[)] in decide [(]hand 1, seat 2[)]\n.*exit 139\n")

# A plugin call that never returns froze `play` without a word; after --stall-warning seconds a
# warning names it (the session is then ended from outside, as a person would with Ctrl-C).
add_test(NAME "sim: play names a hanging bot"
  COMMAND sh -c "out=\"$2\"/play_stall.txt; \"$0\" play --vs \"$1\":hang,\"$1\":hang --seats 3 --hands 1 --delay 0 --seed 1 --stall-warning 1 </dev/null >\"$out\" 2>&1 & pid=$!; until grep -q 'Ctrl-C ends the session' \"$out\"; do sleep 0.1; done; kill $pid; wait $pid; echo \"exit $?\"; cat \"$out\""
          $<TARGET_FILE:pokerarena> $<TARGET_FILE:test_bad_bot> ${run_dir})
set_tests_properties("sim: play names a hanging bot" PROPERTIES TIMEOUT 60 PASS_REGULAR_EXPRESSION
  "(^|\n)exit 143\n.*\npokerarena play: warning: hand 1, seat [12]: bot '[^'\n]*test_bad_bot[.]so:hang' has not returned from decide for 1 s[.] The session waits for it [(]a plugin call cannot be interrupted[)][;] Ctrl-C ends the session")

# A C++ exception escaping a plugin's on_event (tests/bots/plugins/throwing_bot.cpp) ended
# run's work unit, check-bot's check (exit 2, no result line) and play (std::terminate); it is
# now an exception fault naming the call in all three, and play goes on.
set(throwing_bot $<TARGET_FILE:test_throwing_bot>)
set(escaped "on_event let a C[+][+] exception escape [(]nothing may unwind through the plugin interface[)]: thrown from on_event")
pokerarena_cli_test("run exception from on_event" 0
  "\nFaults of throwing bot: 40 exceptions or error statuses, 0 illegal actions, 0 bad answers; first: unit 0, match 0, first half, hand 0, exception: ${escaped}\n"
  run --bots ${throwing_bot}:on_event,call --deals 20 --threads 1 --quiet -o ${run_dir}/on_event.pb)
pokerarena_cli_test("check-bot exception from on_event" 1
  "\n    first: hand 0, exception: ${escaped}\n.*\nresult: 1 problem[(]s[)]\n$"
  check-bot ${throwing_bot}:on_event --hands 5)
add_test(NAME "sim: play exception from on_event"
  COMMAND sh -c "\"$0\" play --vs \"$1\":on_event --hands 1 --delay 0 --seed 1 </dev/null; echo \"exit $?\""
          $<TARGET_FILE:pokerarena> ${throwing_bot})
set_tests_properties("sim: play exception from on_event" PROPERTIES PASS_REGULAR_EXPRESSION
  "\nBot faults, throwing bot#1: 1 [(]first: hand 1, exception: ${escaped}[)]\nexit 0\n")
# A crash in new_match, which check-bot did not call, is reported like one in decide.
pokerarena_cli_test("check-bot crash in new_match" 1
  "\n  crash: SIGSEGV in new_match after probe [0-9]+ [(]run 1, table 1 of 72: 2 seats, no-limit, stacks 100 bb[)]\nresult: the bot crashes\n$"
  check-bot $<TARGET_FILE:test_bad_bot>:crash_new_match --hands 5)
# decide returning PA_STATUS_OK without writing the action was played as a call ("clean").
pokerarena_cli_test("check-bot decide without an action" 1
  "\n  bad answer: [1-9][0-9]*\n  exception: 0\n    first: hand 0, bad answer: decide returned PA_STATUS_OK without writing the action kind [(]it still holds the host's placeholder -2147483648[)]\n"
  check-bot $<TARGET_FILE:test_bad_bot>:silent --hands 5)

# Process bots (docs/bot-protocol.md): the README's round robin of a Python bot and the C bot
# against built-ins, in one command; a plugin that crashes, isolated in a process of its own,
# costs faults and restarts and the run ends normally; the time limit's range.
set(python_bots ${PROJECT_SOURCE_DIR}/bots/sdk/python/examples)
pokerarena_cli_test("run process bots round robin" 0
  "Round robin, no-limit, 4 bots, .*\nProcess bot (c|py): '(c-call|py-pot-odds 1[.]0)', 0 restarts; stderr: [^\n]*/process_rr[.][01]-(c|py)[.]stderr[.]log\nProcess bot (c|py): '(c-call|py-pot-odds 1[.]0)', 0 restarts; stderr: [^\n]*/process_rr[.][01]-(c|py)[.]stderr[.]log\n"
  run --bots "py=proc:python3 ${python_bots}/pot_odds_bot.py,c=proc:$<TARGET_FILE:example_process_call_bot>,tag,call"
  --deals 100 --seed 3 --quiet -o ${run_dir}/process_rr.pb)
# A process bot whose restarts are used up is out: its later decisions are forfeited, the table
# marks it, the summary says from where and how many, and the run exits 3, not 0.
pokerarena_cli_test("run bot that drops out" 3
  " 2  first +60 .* OUT\nLOS [(]likelihood of superiority[)]: [^\n]*\nrating: [^\n]*\nOUT first dropped out [(]its restarts used up[)] at unit 0, match 0, [^\n]*hand 0 and forfeited [1-9][0-9]* decisions [(]played check-or-fold[)].*pokerarena run: bot 'first' dropped out and forfeited [1-9][0-9]* decisions [(]see OUT above[)]; exit code 3\n"
  run "--bots=first=proc[max_restarts=1]:$<TARGET_FILE:test_misbehaving_bot> crash 1" --bots call
  --deals 30 --threads 1 --quiet -o ${run_dir}/drops_out.pb)
# A bot whose last restart goes with the run's last decision is out as well, with nothing left
# to forfeit: the table marks it and the run exits 3, as its process record says OUT. (call
# against call acts once a street in each of the pair's two hands: 8 decisions, the 8th the
# run's last.)
pokerarena_cli_test("run bot out at its last decision" 3
  " 1  x +2 +[^\n]* 1 OUT\n.*\nOUT x dropped out [(]its restarts used up[)] with the run's last decisions, none left to forfeit: [^\n]*\n.*Process bot x: 'misbehaving', 0 restarts; OUT [^\n]*\n.*pokerarena run: bot 'x' dropped out with the run's last decisions, none left to forfeit [(]see OUT above[)]; exit code 3\n"
  run "--bots=x=proc[max_restarts=0]:$<TARGET_FILE:test_misbehaving_bot> crash 8" --bots call
  --deals 1 --threads 1 --quiet -o ${run_dir}/out_at_last.pb)
pokerarena_cli_test("run isolated plugin that crashes" 0
  "\nFaults of [^\n]*: 0 exceptions or error statuses, 0 illegal actions, 0 bad answers, 0 timeouts, [1-9][0-9]* crash(es)?; first: unit 0, match 0, first half, hand 0, crash: bot [^\n]*closed its output; it was killed by SIGSEGV\n(.*\n)?Process bot [^\n]*: 'bad bot', [1-5] restarts?"
  run --bots isolated:$<TARGET_FILE:test_bad_bot>:crash,call --deals 10 --threads 1 --quiet
  -o ${run_dir}/isolated_crash.pb)
pokerarena_cli_test("run bot-timeout out of range" 105 "--bot-timeout: '0': expected a number from 0.001 to 86400"
  run --bots tag,call --bot-timeout 0)
pokerarena_cli_test("run bot-timeout nan" 105 "--bot-timeout: 'nan': expected a number from 0.001 to 86400"
  run --bots tag,call --bot-timeout nan)
pokerarena_cli_test("run bot-timeout inf" 105 "--bot-timeout: 'inf': expected a number from 0.001 to 86400"
  run --bots tag,call --bot-timeout inf)
pokerarena_cli_test("run process bot that cannot start" 2
  "pokerarena run: bots\\[0\\][.]spec: bot 'proc:/no/such/bot' [[]'/no/such/bot'[]]: cannot start '/no/such/bot': No such file or directory [(]in the folder '[^'\n]*'[)]\n"
  run --bots proc:/no/such/bot,call --deals 10 -o ${run_dir}/no_such_bot.pb)
pokerarena_cli_test("check-bot process bot" 0
  "check-bot proc:[^\n]*example_process_call_bot [(]'c-call', protocol 1[)]\n.*  timeout: 0\n  crash: 0\n.*result: clean\n"
  check-bot proc:$<TARGET_FILE:example_process_call_bot> --hands 5)

# A plugin linking the evaluator SDK plays the same on one thread as on four.
add_test(NAME "sim: SDK plugin is deterministic on any number of threads"
  COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:pokerarena>"
          "-DPLUGIN=$<TARGET_FILE:example_c_bot>" "-DDIR=${CMAKE_CURRENT_BINARY_DIR}/sdk_threads"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/sdk_plugin_threads.cmake)

# --hero NAME makes the tournament a gauntlet of that bot, whatever its place in --bots; its
# table is the hero against each opponent. A name no bot has, or another format, is refused.
pokerarena_cli_test("run gauntlet hero by name" 0
  "Gauntlet of h, no-limit, 3 bots, 10 deals a pair, 40 hands, seed 0, complete\n.*Hero h against each opponent: [^\n]*\n opponent +hands +mbb/hand +95% CI +LOS +faults\n tag +20 [^\n]*\n random +20 [^\n]*\n all opponents +40 "
  run --bots tag,h=call,random --hero h --deals 10 --quiet -o ${run_dir}/hero.pb)
pokerarena_cli_test("run gauntlet hero unknown" 2
  "--hero x: no bot has that name; the bots are 'tag', 'call' [(]name one with NAME=SPEC in --bots[)]"
  run --bots tag,call --hero x --deals 10)
pokerarena_cli_test("run gauntlet hero with another format" 2
  "--hero call with --format ring: only a gauntlet has a hero"
  run --bots tag,call,random --hero call --format ring --deals 10)

# `play --game`: Kuhn against cfr deals one card a seat and names the game and its antes; a bot
# that cannot play the game, and hand histories PHH has no code for, are refused before the
# first hand.
add_test(NAME "sim: play --game kuhn"
  COMMAND sh -c "\"$0\" play --game kuhn --vs cfr --hands 1 --delay 0 --seed 3 </dev/null; echo \"exit $?\""
          $<TARGET_FILE:pokerarena>)
set_tests_properties("sim: play --game kuhn" PROPERTIES
  PASS_REGULAR_EXPRESSION
  "^Kuhn poker freezeout, antes of 1 chip and bets of 1, 100 antes [(]100 chips[)] each, seed 3[.] You are seat 0[.]\n.*You are dealt [JQK]s\n.*  BTN/SB cfr#1 +99 +[?][?]\n.*exit 0\n")
pokerarena_cli_test("play refuses a bot that cannot play the game" 2
  "--vs tag: tag plays Texas hold'em only, not kuhn" play --game kuhn --vs tag)
pokerarena_cli_test("play refuses hand histories of a game PHH has no code for" 2
  "--hh-out: PHH has no variant code for leduc" play --game leduc --vs call --hh-out leduc.phhs)
