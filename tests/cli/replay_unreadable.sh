#!/bin/sh
# `pokerarena replay` of a folder of five hands, one of them in a subfolder that cannot be
# read: that subfolder is one error naming it, and the four hands beside it still replay.
# Root reads any folder, so as root the command runs without the capabilities that let it
# (setpriv drops them from the bounding set, which is what root's command gets).
# Usage: replay_unreadable.sh POKERARENA HAND FOLDER. Prints the output, then the exit code.
pokerarena=$1
hand=$2
folder=$3
[ -d "$folder/locked" ] && chmod 755 "$folder/locked"
rm -rf "$folder"
for sub in a b locked c d; do
    mkdir -p "$folder/$sub"
    cp "$hand" "$folder/$sub/hand.phh"
done
chmod 000 "$folder/locked"
drop=
[ "$(id -u)" = 0 ] && drop="setpriv --bounding-set=-dac_override,-dac_read_search"
$drop "$pokerarena" replay "$folder" 2>&1
status=$?
chmod 755 "$folder/locked"
echo "exit $status"
