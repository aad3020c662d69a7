! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Tasks made by a loop all add to one total.
subroutine task_generated_accumulate(a, n, total)
  integer :: n, i
  real :: a(n), total
  !$omp parallel
  !$omp single
  do i = 1, n
    !$omp task shared(total)
    total = total + a(i)
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-generated-accumulate.f90:11:5: warning: 'total' is updated by every task without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: task-generated-accumulate.f90:11:5: note: the task of i=1 and the task of i=2 both update 'total'
