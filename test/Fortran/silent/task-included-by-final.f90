! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Every task a final task creates is included: it runs to its end at once,
! before the code that created it goes on. The child's write of 'x' comes
! before the parent reads it.
subroutine included_child(x, y)
  integer :: x, y
  !$omp parallel
  !$omp single
  !$omp task final(.true.) shared(x, y)
  !$omp task shared(x)
  x = 1
  !$omp end task
  y = x + 1
  !$omp end task
  !$omp end single
  !$omp end parallel
end subroutine
