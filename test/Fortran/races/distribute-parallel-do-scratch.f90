! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! distribute parallel do with a shared temporary.
subroutine distribute_parallel_do_scratch(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  !$omp teams distribute parallel do
  do i = 1, n
    t = a(i) + 1.0
    b(i) = t * t
  end do
  !$omp end teams distribute parallel do
end subroutine
! CHECK: distribute-parallel-do-scratch.f90:9:5: warning: shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: distribute-parallel-do-scratch.f90:9:5: note: iterations i=1 and i=2 both write 't'
