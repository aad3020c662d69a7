! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An atomic read in a counted DO waits for nothing: the DO ends after its
! count whatever the value read. The shared scratch of the loop is still
! reported (the C front end's spinsOnFlag looks for a loop that only waits).
subroutine sweep(a, n, progress)
  integer :: n, progress, seen, i, k, tmp
  real :: a(n)
!$omp parallel do private(seen, k)
  do i = 1, n
    seen = 0
    do k = 1, 4
!$omp atomic read
      seen = progress
    end do
    tmp = i + seen
    a(i) = tmp
  end do
end subroutine
! CHECK: atomic-read-counted-do.f90:16:5: warning: shared buffer 'tmp' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
