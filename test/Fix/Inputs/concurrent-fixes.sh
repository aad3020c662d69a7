#!/bin/sh
# Two compiles fix one header at the same time, ROUNDS times. Each round
# must end with both edits in the header, or with one edit and the other
# compile saying the header changed while it was compiled: never an edit
# lost in silence.
# usage: concurrent-fixes.sh CC PLUGIN INPUTS OUT ROUNDS
cc=$1 plugin=$2 inputs=$3 out=$4 rounds=$5
silent=0 both=0 refused=0
i=0
while [ $i -lt "$rounds" ]; do
  i=$((i + 1))
  rm -rf "$out" && mkdir -p "$out" && cp "$inputs/racy.h" "$out/"
  echo '#include "racy.h"' > "$out/a.c"
  echo '#include "racy.h"' > "$out/b.c"
  $cc -fopenmp -fsyntax-only -fplugin="$plugin" -fplugin-arg-privateer-fix \
    -DFIRST "$out/a.c" > "$out/a.log" 2>&1 &
  $cc -fopenmp -fsyntax-only -fplugin="$plugin" -fplugin-arg-privateer-fix \
    "$out/b.c" > "$out/b.log" 2>&1 &
  wait
  edits=$(grep -c 'reduction(+: [ab])' "$out/racy.h")
  said=$(cat "$out/a.log" "$out/b.log" | grep -c 'changed while it was compiled')
  if [ "$edits" -eq 2 ]; then both=$((both + 1));
  elif [ "$edits" -eq 1 ] && [ "$said" -eq 1 ]; then refused=$((refused + 1));
  else silent=$((silent + 1)); fi
done
echo "rounds $rounds, both $both, refused $refused, lost silently $silent"
