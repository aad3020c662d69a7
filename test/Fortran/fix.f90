! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=DIAG
! RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.f90
! RUN: cp %t/in.f90 %t/once.f90 && not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.f90 %t/in.f90
! RUN: %flang_exe -O1 %s -o %t/seq && %t/seq > %t/expected
! RUN: %flang_exe -O1 -fopenmp %t/in.f90 -o %t/par
! RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
!
! privateer-fortran --fix adds the exact clause to the '!$omp' directive:
! private(tmp) for scratch, reduction(+: s) for accumulations (spelled as
! the C front ends spell it), on the
! directive's last continuation line and before a
! trailing comment. A scratch scalar read after the loop keeps the report
! and its directive (a private copy would leave it undefined there). The
! fixed program is built with flang-22 -fopenmp and gives the sequential
! result with 1, 2 and 4 threads. (ThreadSanitizer is not used: Flang's
! runtime is not instrumented.)

subroutine scratch(a, b, n)
  integer :: n, i
  real(8) :: a(n), b(n), tmp
!$omp parallel do
  do i = 1, n
    tmp = a(i) * 2
    b(i) = tmp + 1
  end do
!$omp end parallel do
end subroutine

subroutine total(a, n, s, c)
  integer :: n, i, c
  real(8) :: a(n), s
  s = 0
  c = 0
!$omp parallel do schedule(static) & ! sums and counts
!$omp& shared(a)
  do i = 1, n
    s = s + a(i)
    if (a(i) > 4) c = c + 1
  end do
!$omp end parallel do
end subroutine

subroutine last(a, b, n, t)
  integer :: n, i
  real(8) :: a(n), b(n), t, tmp
!$omp parallel do
  do i = 1, n
    tmp = a(i) + 1
    b(i) = tmp
  end do
!$omp end parallel do
  t = tmp
end subroutine

program fix
  implicit none
  integer, parameter :: n = 4000
  integer :: i, c
  real(8) :: a(n), b(n), s, t
  do i = 1, n
    a(i) = mod(i, 17) * 0.5d0
  end do
  call scratch(a, b, n)
  call total(b, n, s, c)
  call last(a, b, n, t)
  print '(F14.1, I8, F14.1)', s, c, sum(b)
end program

! DIAG: warning: shared buffer 'tmp' is scratch
! DIAG: warning: 's' is updated by every iteration without a reduction
! DIAG: warning: 'c' is updated by every iteration without a reduction
! DIAG: warning: shared buffer 'tmp' is scratch
! DIAG: privateer-fortran: 1 translation unit, 4 findings, fixes written to 1 file
! FIXED-LABEL: subroutine scratch(
! FIXED:      !$omp parallel do private(tmp)
! FIXED-LABEL: subroutine total(
! FIXED:      !$omp parallel do schedule(static) & ! sums and counts
! FIXED-NEXT: !$omp& shared(a) reduction(+: s) reduction(+: c)
! FIXED-LABEL: subroutine last(
! FIXED:      !$omp parallel do{{$}}
! AGAIN-COUNT-1: warning:
! AGAIN-NOT: warning:
! AGAIN: privateer-fortran: 1 translation unit, 1 finding, fixes written to 0 files
