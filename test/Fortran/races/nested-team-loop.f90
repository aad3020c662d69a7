! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A team nested in each outer iteration shares out a loop over the same
! elements of b: the outer iterations race on them.
subroutine nested_team_loop(b, n)
  integer :: n, i, j
  real :: b(n)
  !$omp parallel do private(j)
  do i = 1, 4
    !$omp parallel do
    do j = 1, n
      b(j) = i + j
    end do
    !$omp end parallel do
  end do
  !$omp end parallel do
end subroutine
! CHECK: nested-team-loop.f90:12:7: warning: 'b' is written by every iteration at the same element without synchronization [privateer-shared-buffer]
! CHECK: nested-team-loop.f90:12:7: note: iterations i=1 and i=2 both write 'b[j]'
