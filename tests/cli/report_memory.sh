#!/bin/sh
# `pokerarena report` of a large field in which few pairs met: its peak memory must follow the
# report file, not the square of the field. A round robin of 4,000 bots (the most a schedule
# of kMaxUnits units allows at one unit a pair is about 4,470) of which a shard played 2 pairs:
# the report is about a megabyte, and a crosstable kept as a bots x bots grid of pointers would
# take 128 MB more (a field of 10,000 bots took 800 MB). The bound is the peak of a report of
# two bots (the program's own size) plus 64 bytes per byte of the file (it takes about 25).
# Usage: report_memory.sh POKERARENA FOLDER. Prints one line: "bounded" or why not.
pokerarena=$1
folder=$2
rm -rf "$folder"
mkdir -p "$folder"
cd "$folder" || exit 1
awk 'BEGIN { print "deals: 1"; for (i = 0; i < 4000; ++i) printf "bots { spec: \"call\" name: \"b%d\" }\n", i }' >field.txtpb
"$pokerarena" run field.txtpb --shard 1/4000000 -o field.pb -q --threads 1 >/dev/null 2>&1 ||
    { echo "run of the field failed"; exit 1; }
"$pokerarena" run --bots call,tag --deals 1 -o small.pb -q --threads 1 >/dev/null 2>&1 ||
    { echo "run of two bots failed"; exit 1; }
# Peak resident memory of `report FILE` in KB (GNU time's %M), or nothing when it failed.
peak_kb() {
    /usr/bin/time -f %M -o "$1.time" "$pokerarena" report "$1" >"$1.table" 2>"$1.err" &&
        tail -n 1 "$1.time"
}
small=$(peak_kb small.pb) || { echo "report small.pb failed: $(cat small.pb.err)"; exit 1; }
field=$(peak_kb field.pb) || { echo "report field.pb failed: $(cat field.pb.err)"; exit 1; }
grep -q "^Crosstable as a list" field.pb.table || { echo "no crosstable for the field"; exit 1; }
size_kb=$(( $(wc -c <field.pb) / 1024 ))
bound=$(( small + 64 * size_kb ))
if [ "$field" -le "$bound" ]; then
    echo "bounded"
else
    echo "report of $size_kb KB peaked at $field KB; bound $bound KB ($small KB for two bots)"
fi
