#!/bin/sh
# `report --json` and `replay` of inputs bigger than any fixture, under a cap on the address
# space (prlimit --as) that the commands once needed many times over: Protobuf's JSON printer
# built a tree of the whole report (about 150 bytes per byte of report: 12.6 GB for 47 MB), and
# replay parsed a whole .phhs at once (about 20 bytes per byte of text). Streamed, each needs
# its input and little more. Inputs are made here with `pokerarena run`, a few MB each.
# Usage: big_inputs.sh POKERARENA FOLDER. Prints what each command printed and its exit code.
pokerarena=$1
folder=$2
rm -rf "$folder"
mkdir -p "$folder"
cd "$folder" || exit 1
# A round robin of 200 bots, one deal per pair: 19,900 units, a report of 2.3 MB. Its JSON took
# more than 500 MB; written as it goes, it takes about 35 MB.
awk 'BEGIN { print "deals: 1"; for (i = 0; i < 200; ++i) printf "bots { spec: \"call\" name: \"b%d\" }\n", i }' >field.txtpb
"$pokerarena" run field.txtpb -o field.pb -q --threads 1 >/dev/null 2>&1 || echo "run failed"
prlimit --as=200000000 "$pokerarena" report field.pb --json field.json 2>&1
echo "report exit $?"
tail -c 40 field.json | tr -d ' \n'
echo
# 10,000 deals in one unit: a .phhs of 20,000 hands, 7 MB. Parsed at once it took 150 MB;
# hand by hand, about 20 MB.
printf 'bots { spec: "tag" }\nbots { spec: "random" }\ndeals: 10000\ndeals_per_unit: 10000\nhh_out: "hands"\n' >hands.txtpb
"$pokerarena" run hands.txtpb -o hands.pb -q >/dev/null 2>&1 || echo "run failed"
prlimit --as=100000000 "$pokerarena" replay hands/unit-00000000.phhs 2>&1
echo "replay exit $?"
