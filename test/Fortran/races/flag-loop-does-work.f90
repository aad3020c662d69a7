! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A DO WHILE that polls a flag but also does work of its own is no
! hand-off: every thread runs it, and the shared scratch it writes on each
! pass is raced on. (A loop that only waits, as in
! silent/flush-flag-handoff.f90, orders what the producer wrote before.)
subroutine relax(a, n, stop_flag)
  integer :: n, stop_flag, seen, k
  real :: a(n), step
!$omp parallel private(seen, k)
  seen = 0
  k = 0
  do while (seen == 0 .and. k < n)
    k = k + 1
    step = a(k) * 0.5
    a(k) = step
!$omp atomic read
    seen = stop_flag
  end do
!$omp end parallel
end subroutine
! CHECK: flag-loop-does-work.f90:15:5: warning: shared buffer 'step' is scratch that every thread overwrites; the threads race on it [privateer-shared-buffer]
