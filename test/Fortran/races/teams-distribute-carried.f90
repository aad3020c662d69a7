! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A distribute loop whose iterations read their successor's element.
subroutine teams_distribute_carried(a, n)
  integer :: n, i
  real :: a(n)
  !$omp teams distribute
  do i = 1, n - 1
    a(i) = a(i + 1) + a(i)
  end do
  !$omp end teams distribute
end subroutine
! CHECK: teams-distribute-carried.f90:9:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: teams-distribute-carried.f90:9:5: note: iteration i=1 reads 'a[i + 1]' here while iteration i=2 updates 'a[i]': both access 'a[2]'
