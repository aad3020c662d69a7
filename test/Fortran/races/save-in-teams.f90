! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Every team's initial thread calls a procedure that counts in a SAVE
! variable.
module save_in_teams_m
contains
  subroutine count_call()
    integer, save :: calls = 0
    calls = calls + 1
  end subroutine
end module
subroutine save_in_teams()
  use save_in_teams_m
  !$omp teams num_teams(2)
  call count_call()
  !$omp end teams
end subroutine
! CHECK: save-in-teams.f90:15:3: warning: 'calls' is updated by every thread without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: save-in-teams.f90:15:3: note: thread 0 and thread 1 both update 'calls' in 'count_call'
