! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! `self%n = max(x, self%n)` (Flang lowers MAX as a select of a comparison)
! is an update with max, in either operand order, as `m = min(m, x)` is
! one with min: an accumulation, not a plain write. No clause can name a
! component: the advice is the usual remedy, a local reduced and stored
! back, beside 'atomic' (Fortran's atomic takes MAX and MIN).
module comp_extremes
  type counts
    integer :: nimg_max = 0
    real :: lo = 1.0e30
  end type
contains
  subroutine widest(self, nimg, n)
    type(counts) :: self
    integer :: n, i
    integer :: nimg(n)
    !$omp parallel do
    do i = 1, n
      self%nimg_max = max(nimg(i), self%nimg_max)
    end do
    !$omp end parallel do
  end subroutine
! CHECK: component-extreme-update.f90:20:7: warning: 'nimg_max' of 'self' is updated by every iteration without a reduction; concurrent updates are lost
! CHECK: note: 'self' is shared by this '!$omp parallel do'; reduce a local copy: take 'self%nimg_max' into a local before the construct, name the local in 'reduction(max: ...)' on the directive and update it in the loop, and store it back after; or protect the update with '!$omp atomic' on the update or 'omp critical'

  subroutine lowest(self, x, n)
    type(counts) :: self
    integer :: n, i
    real :: x(n)
    !$omp parallel do
    do i = 1, n
      self%lo = min(self%lo, x(i))
    end do
    !$omp end parallel do
  end subroutine
! CHECK: component-extreme-update.f90:33:7: warning: 'lo' of 'self' is updated by every iteration without a reduction
! CHECK: note: {{.*}}'reduction(min: ...)'

  subroutine own_elements(a, b, n)
    integer :: n, i
    integer :: a(n), b(n)
    !$omp parallel do
    do i = 1, n
      a(i) = max(b(i), a(i))
    end do
    !$omp end parallel do
  end subroutine
end module
