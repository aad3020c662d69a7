! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Branch conditions narrow the iterations that meet, but where two of those
! that pass still meet, the race stays.
subroutine every_fourth(x, n)
  integer :: n, k
  real :: x(n)
  !$omp parallel do
  do k = 1, n
    if (mod(k, 2) == 0) x(k / 4 + 1) = k
  end do
  !$omp end parallel do
end subroutine
! CHECK: branch-conditions.f90:10:25: warning: 'x' is written by every iteration at the same element without synchronization [privateer-shared-buffer]

subroutine folded_halves(x, n)
  integer :: n, k
  real :: x(2 * n)
  !$omp parallel do
  do k = 1, 2 * n
    if (k > n) then
      x(k - n) = 1
    else
      x(k) = 2
    end if
  end do
  !$omp end parallel do
end subroutine
! CHECK: branch-conditions.f90:22:7: warning: 'x' is written by

subroutine two_processes(nz, isend_shr)
  integer :: nz, k, dest, nprocs, isend_shr
  nprocs = 2
  !$omp parallel do private(dest)
  do k = 1, nz
    dest = mod(k, nprocs)
    if (dest /= 0) isend_shr = k
  end do
  !$omp end parallel do
end subroutine
! CHECK: branch-conditions.f90:37:20: warning: 'isend_shr' is written by every iteration without synchronization
