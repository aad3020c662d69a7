! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=DIAG
! RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.f90
! RUN: %privateer_fortran %t/in.f90 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not=warning:
! RUN: %flang_exe -O1 %s -o %t/seq && %t/seq > %t/expected
! RUN: %flang_exe -O1 -fopenmp %t/in.f90 -o %t/par
! RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
!
! privateer-fortran --fix turns an 'if' that keeps the largest or smallest
! value into reduction(max: m) / reduction(min: lo); the fixed program is
! silent, builds with flang-22 -fopenmp and prints the sequential result
! with 1, 2 and 4 threads.

subroutine extremes(a, k, n, m, lo, top)
  integer :: n, i, k(n), top
  real(8) :: a(n), m, lo
!$omp parallel do
  do i = 1, n
    if (a(i) > m) m = a(i)
  end do
!$omp end parallel do
!$omp parallel do
  do i = 1, n
    if (a(i) < lo) then
      lo = a(i)
    end if
  end do
!$omp end parallel do
!$omp parallel do
  do i = 1, n
    if (top < k(i)) top = k(i)
  end do
!$omp end parallel do
end subroutine

program fix_extremes
  implicit none
  integer, parameter :: n = 100000
  integer :: i, k(n), top
  real(8) :: a(n), m, lo
  do i = 1, n
    a(i) = sin(i * 0.37d0) * mod(i * 7919, 10007)
    k(i) = mod(i * 104729, 99991) - 50000
  end do
  m = -huge(m)
  lo = huge(lo)
  top = -huge(top)
  call extremes(a, k, n, m, lo, top)
  print '(2F20.6, I8)', m, lo, top
end program

! DIAG: warning: 'm' is updated by every iteration without a reduction
! DIAG: warning: 'lo' is updated by every iteration without a reduction
! DIAG: warning: 'top' is updated by every iteration without a reduction
! FIXED:      !$omp parallel do reduction(max: m)
! FIXED:      !$omp parallel do reduction(min: lo)
! FIXED:      !$omp parallel do reduction(max: top)
! AGAIN: privateer-fortran: 1 translation unit, 0 findings
