! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A flag is polled only in a loop that does nothing but wait, as the C
! front end's spinsOnFlag says: a DO WHILE whose body also holds an IF (a
! retry count) does more, so the team is not taken for one that hands work
! over by flags, and the worksharing loop's shared temporary is reported.
! (The C twin: test/Clang/regressions/flag-wait-loop-branch.c.)
subroutine poll_then_scale(n, a, b)
  integer :: n, i, ready, tries
  real :: a(n), b(n), t
  ready = 0
  !$omp parallel private(tries)
  tries = 0
  !$omp master
  ready = 1
  !$omp flush(ready)
  !$omp end master
  do while (ready == 0)
    !$omp flush(ready)
    if (tries < 1000) tries = tries + 1
  end do
  !$omp do
  do i = 1, n
    t = a(i) * 2.0
    b(i) = t
  end do
  !$omp end do
  !$omp end parallel
end subroutine
! CHECK: flag-wait-loop-branch.f90:24:5: warning: shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
