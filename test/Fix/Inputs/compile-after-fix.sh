#!/bin/sh
# Applies every fix to a copy of each analysis test input and checks that
# the rewritten file still compiles whenever the original does.
# usage: compile-after-fix.sh CC CXX PLUGIN INCLUDE SRC_DIR OUT_DIR
cc=$1 cxx=$2 plugin=$3 include=$4 src=$5 out=$6
rm -rf "$out" && mkdir -p "$out" && cp -r "$src"/. "$out"
broken=0 checked=0 fixed=0
for f in $(find "$out" -name '*.c' -o -name '*.cpp' | sort); do
  case $f in *.cpp) compile="$cxx -std=c++17" ;; *) compile="$cc" ;; esac
  dir=$(dirname "$f")
  flags="-fopenmp -fsyntax-only -I$include -I$dir/Inputs"
  # Inputs that do not compile as they are (error tests) prove nothing.
  # (Not -Wno-everything when fixing: it silences privateer, and with it
  # every fix.)
  $compile $flags -Wno-everything "$f" >/dev/null 2>&1 || continue
  $compile $flags -fplugin="$plugin" -fplugin-arg-privateer-fix "$f" \
    >/dev/null 2>&1
  cmp -s "$f" "$src/${f#$out/}" || fixed=$((fixed + 1))
  checked=$((checked + 1))
  if ! $compile $flags -Wno-everything "$f" >/dev/null 2>&1; then
    echo "BROKEN: ${f#$out/}"
    $compile $flags -Wno-everything "$f" 2>&1 | head -5
    broken=$((broken + 1))
  fi
done
echo "checked $checked, fixed $fixed, broken $broken"
[ "$broken" -eq 0 ]
