#!/bin/sh
# Every example bot of the Python SDK in every game a run deals: it plays the game without a
# fault, or it is refused at start-up by its `games` ("RuleBot plays holdem, short-deck only,
# not kuhn"). An example that reads two hole cards and says nothing of its games faults on
# every decision of Kuhn, Leduc and Omaha instead.
# Usage: sdk_examples_games.sh POKERARENA PYTHON EXAMPLES FOLDER. Prints a line per example and
# game, then ok. An example whose imports are missing here (numpy, the pokerarena module) is
# named as skipped.
pokerarena=$1
python=$2
examples=$3
folder=$4
mkdir -p "$folder"
cd "$folder" || exit 1
failed=0
for example in "$examples"/*.py; do
    name=$(basename "$example")
    for game in holdem plo plo8 short-deck kuhn leduc; do
        "$pokerarena" run --game "$game" --bots "x=proc:$python $example,call" --deals 4 \
            --threads 1 -q -o "$name.$game.pb" >out.txt 2>&1
        status=$?
        if [ $status -eq 0 ] && ! grep -q "^Faults of x" out.txt; then
            echo "$name $game: played without a fault"
        elif [ $status -eq 2 ] && grep -q "refused: [A-Za-z]* plays [a-z, -]* only, not $game;" out.txt; then
            echo "$name $game: refused at start-up"
        elif [ $status -eq 2 ] && grep -q "No module named" out.txt; then
            echo "$name: skipped, $(grep -o "No module named '[a-z_]*'" out.txt | head -n 1)"
            break
        else
            echo "$name $game: exit $status"
            cat out.txt
            failed=1
        fi
    done
done
[ $failed -eq 0 ] && echo ok
