! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An atomic read in straight-line code polls nothing, even where a DO WHILE
! elsewhere in the region makes its blocks unstructured: the shared scratch
! every thread overwrites is still reported.
subroutine progress(work, n, done, total)
  integer :: n, done, seen, k, total, tmp
  real :: work(n)
!$omp parallel private(seen, k)
!$omp atomic read
  seen = done
  tmp = seen + 1
  total = tmp
  k = 0
  do while (k < n)
    k = k + 1
  end do
!$omp end parallel
end subroutine
! CHECK: atomic-read-outside-loop.f90:12:3: warning: shared buffer 'tmp' is scratch that every thread overwrites; the threads race on it [privateer-shared-buffer]
! CHECK: atomic-read-outside-loop.f90:13:3: warning: 'total' is written by every thread without synchronization [privateer-shared-buffer]
