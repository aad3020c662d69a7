// The plugin's help is generated from Options.def and printed as plain
// text; the README's table of options must say the same, row for row: the
// README cannot drift from the option list (an option added, removed or
// reworded fails here).
// RUN: %cc -fplugin-arg-privateer-help %s > %t.help
// RUN: FileCheck %s --input-file=%t.help
// CHECK: privateer's options, each as -fplugin-arg-privateer-<option>:
// CHECK-NEXT: {{^}}  checks=<globs>          enable checks, clang-tidy style: -*,privateer-shared-buffer
// CHECK: checks:
// CHECK-NEXT: {{^}}  privateer-shared-buffer
// No Markdown on a terminal.
// RUN: not grep -e '`' -e '](' -e '^|' %t.help
// RUN: sed -n '/^  [a-z]/p' %t.help | sed -e 's/^  //' -e 's/  */ /g' | grep -v '^privateer-' > %t.plain
// RUN: sed -n '/^Options are passed as/,/^In the plugin the findings/p' %S/../../../README.md | grep '^| `' | sed -e 's/^| //' -e 's/ |$//' -e 's/ | / /' -e 's/`//g' -e 's/\[\([^]]*\)\]([^)]*)/\1/g' > %t.readme
// RUN: diff %t.plain %t.readme
int unused;
