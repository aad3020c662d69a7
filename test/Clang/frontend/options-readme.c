// The plugin's help is generated from Options.def, and the README's table
// of options must be that help, row for row: the README cannot drift from
// the option list (an option added, removed or reworded fails here).
// RUN: %cc -fplugin-arg-privateer-help %s | grep '^| `' > %t.help
// RUN: grep -q '^| `checks=<globs>` |' %t.help
// RUN: sed -n '/^Options are passed as/,/^`-w` silences/p' %S/../../../README.md | grep '^| `' > %t.readme
// RUN: diff %t.help %t.readme
int unused;
