! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer{report-may=1}))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The write is guarded by what a function returns whose body is not in
! this file: it may pick one thread (a rank, a thread number). The report
! is unproven: held back by default (no diagnostic), shown with report-may
! and saying why.
subroutine thread_guard_unseen(x)
  integer :: x
  integer, external :: my_rank
  !$omp parallel
  if (my_rank() == 0) x = 1
  !$omp end parallel
end subroutine
! CHECK: thread-guard-unseen.f90:12:23: warning: 'x' is written by more than one thread with the same value ('1') without synchronization: a data race the OpenMP standard does not allow, though no store loses anything [privateer-same-value-store]
! CHECK: thread-guard-unseen.f90:12:23: note: not proven: the branch around it tests what 'my_rank' returns, whose body is not in this file: it may be taken by one thread only
