! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Every team writes the same element.
subroutine teams_write(a)
  real :: a(8)
  !$omp teams num_teams(3)
  a(2) = 5.0
  !$omp end teams
end subroutine
! CHECK: teams-write.f90:7:3: warning: 'a' is written by every thread at the same element without synchronization [privateer-shared-buffer]
! CHECK: teams-write.f90:7:3: note: thread 0 and thread 1 both write 'a[2]'
