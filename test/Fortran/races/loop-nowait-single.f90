! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A single after a nowait loop reads an element another thread may still write.
subroutine loop_nowait_single(a, n, last)
  integer :: n, i
  real :: a(n), last
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i * 2.0
  end do
  !$omp end do nowait
  !$omp single
  last = a(n)
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: loop-nowait-single.f90:14:3: warning: 'a' is written by the previous loop, which ends with 'nowait', and read here by the one thread that runs this '!$omp single': it may start while other threads still run the loop [privateer-shared-buffer]
! CHECK: loop-nowait-single.f90:10:5: note: the previous loop writes 'a[i]' here
