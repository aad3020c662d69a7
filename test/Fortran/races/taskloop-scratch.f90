! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Taskloop iterations share one temporary.
subroutine taskloop_scratch(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  !$omp parallel
  !$omp single
  !$omp taskloop
  do i = 1, n
    t = a(i) * 2.0
    b(i) = t
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: taskloop-scratch.f90:11:5: warning: shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: taskloop-scratch.f90:11:5: note: iterations i=1 and i=2 both write 't'
