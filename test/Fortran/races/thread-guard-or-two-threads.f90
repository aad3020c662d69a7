! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A disjunction of two thread guards selects two threads; one of a thread
! guard and a test that holds in a team of four selects any thread.
subroutine thread_guard_or_two_threads(base, lpos)
  use omp_lib
  integer :: base, lpos
  !$omp parallel num_threads(4) shared(lpos)
  if (omp_get_thread_num() == 1 .or. omp_get_thread_num() == 2) lpos = base
  !$omp end parallel
  !$omp parallel num_threads(4) shared(lpos)
  if (omp_get_thread_num() == 1 .or. omp_get_num_threads() == 4) lpos = base
  !$omp end parallel
end subroutine
! CHECK: thread-guard-or-two-threads.f90:9:65: warning: 'lpos' is written by more than one thread with the same value ('base') without synchronization: a data race the OpenMP standard does not allow, though no store loses anything [privateer-same-value-store]
! CHECK: thread-guard-or-two-threads.f90:12:66: warning: 'lpos' is written by more than one thread with the same value ('base') without synchronization: a data race the OpenMP standard does not allow, though no store loses anything [privateer-same-value-store]
