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
! Code one thread runs ('master', 'masked') ends with no barrier: the team
! reads what it wrote while it may still be writing. --fix puts '!$omp
! barrier' on a line of its own before the first statement of the team
! that races with it. A 'workshare nowait' gets its barrier back by losing
! the clause.

subroutine broadcast(best)
  real(8) :: best, step, mine
  best = 0
  !$omp parallel private(mine)
  !$omp master
  step = 0.5d0
  !$omp end master
  mine = step * 4
  !$omp critical
  best = max(best, mine)
  !$omp end critical
  !$omp end parallel
end subroutine

subroutine filled(a, n, low)
  integer :: n
  real(8) :: a(n), low, mine
  low = 1.0d30
  !$omp parallel private(mine)
  !$omp workshare
  a = 7.0d0
  !$omp end workshare nowait
  mine = a(n)
  !$omp critical
  low = min(low, mine)
  !$omp end critical
  !$omp end parallel
end subroutine

program fix_barrier
  implicit none
  integer, parameter :: n = 200000
  real(8) :: best, low, a(n)
  a = 0
  call broadcast(best)
  call filled(a, n, low)
  print '(2F10.2)', best, low
end program

! DIAG: warning: 'step' is written by one thread (in 'single', 'master' or 'masked') and read by the others with no barrier between
! DIAG: warning: 'a' is written by one thread
! FIXED-LABEL: subroutine broadcast(
! FIXED:      !$omp end master
! FIXED-NEXT: {{^  !\$omp barrier$}}
! FIXED-NEXT: mine = step * 4
! FIXED-LABEL: subroutine filled(
! FIXED:      {{^  !\$omp end workshare$}}
