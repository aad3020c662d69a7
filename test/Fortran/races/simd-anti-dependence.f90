! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning:
! RUN: not %privateer_fortran --checks=-*,privateer-shared-buffer --report-may %s 2>&1 | FileCheck %s --check-prefix=MAY
! SIMD lanes run in lockstep: a lane reads a(i + 1) before the next lane
! writes it, as the sequential loop does. Only a read of what an earlier
! lane wrote (a(i) = a(i - 2), test simd-carried.f90) is certain; a pair
! whose witness reads ahead is held back.
subroutine shift_left(a, n)
  integer :: n, i
  real :: a(n)
  !$omp simd
  do i = 1, n - 1
    a(i) = a(i + 1)
  end do
end subroutine
! CHECK: 0 findings, 1 unproven ('may') held back
! MAY: warning: 'a' may be written by one iteration and read by another
