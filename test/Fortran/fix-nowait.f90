! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=DIAG
! RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.f90
! RUN: cp %t/in.f90 %t/once.f90 && %privateer_fortran --fix %t/in.f90 && diff %t/once.f90 %t/in.f90
! RUN: %flang_exe -O1 %s -o %t/seq && %t/seq > %t/expected
! RUN: %flang_exe -O1 -fopenmp %t/in.f90 -o %t/par
! RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
!
! A 'nowait' that lets the next construct of the team start while the
! first still runs on other threads: --fix removes the clause from the end
! directive (with the blanks before it), restoring the barrier. After a
! loop, before a loop that reads other iterations' elements or a 'single';
! after a 'single nowait', before a loop. A 'nowait' that causes no race
! stays (the last subroutine).

subroutine reverse(a, b, n)
  integer :: n, i
  real(8) :: a(n), b(n)
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i * 2.0d0
  end do
  !$omp end do   nowait
  !$omp do
  do i = 1, n
    b(i) = a(n + 1 - i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine

subroutine ends(a, n, e)
  integer :: n, i
  real(8) :: a(n), e
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i
  end do
  !$omp end do NOWAIT ! keep going
  !$omp single
  e = a(1) + a(n)
  !$omp end single
  !$omp end parallel
end subroutine

subroutine start(a, b, n)
  integer :: n, i
  real(8) :: a(n), b(n)
  !$omp parallel
  !$omp single
  a(1) = 3.0d0
  !$omp end single nowait
  !$omp do
  do i = 1, n
    b(i) = b(i) + a(1)
  end do
  !$omp end do
  !$omp end parallel
end subroutine

subroutine same(a, b, n)
  integer :: n, i
  real(8) :: a(n), b(n)
  !$omp parallel
  !$omp do schedule(static)
  do i = 1, n
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do schedule(static)
  do i = 1, n
    b(i) = b(i) + a(i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine

program fix_nowait
  implicit none
  integer, parameter :: n = 300000
  real(8) :: a(n), b(n), e
  b = 0
  call reverse(a, b, n)
  call ends(a, n, e)
  call start(a, b, n)
  call same(a, b, n)
  print '(F20.1, F14.1)', sum(b), e
end program

! DIAG: warning: 'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations
! DIAG: warning: 'a' is written by the previous loop, which ends with 'nowait', and read here by the one thread that runs this '!$omp single'
! DIAG: warning: 'a' is written by the '!$omp single' before this loop
! FIXED-LABEL: subroutine reverse(
! FIXED:      {{^  !\$omp end do$}}
! FIXED-LABEL: subroutine ends(
! FIXED:      {{^  !\$omp end do ! keep going$}}
! FIXED-LABEL: subroutine start(
! FIXED:      {{^  !\$omp end single$}}
! FIXED-LABEL: subroutine same(
! FIXED:      {{^  !\$omp end do nowait$}}
