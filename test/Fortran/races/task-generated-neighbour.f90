! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The task of iteration i reads what the task of iteration i+1 writes.
subroutine task_generated_neighbour(b, n)
  integer :: n, i
  real :: b(n)
  !$omp parallel
  !$omp single
  do i = 1, n - 1
    !$omp task
    b(i) = b(i + 1) + 1.0
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-generated-neighbour.f90:11:5: warning: 'b' is written by every task while other tasks access it without synchronization [privateer-shared-buffer]
! CHECK: task-generated-neighbour.f90:11:5: note: the task of i=1 reads 'b[i + 1]' here while the task of i=2 writes 'b[i]': both access 'b[2]'
