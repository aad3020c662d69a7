! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=DIAG
! RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.f90
! RUN: cp %t/in.f90 %t/once.f90 && %privateer_fortran --fix %t/in.f90 && diff %t/once.f90 %t/in.f90
! RUN: %flang_exe -O1 %s -o %t/seq && %t/seq > %t/expected
! RUN: %flang_exe -O1 -fopenmp %t/in.f90 -o %t/par
! RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
! RUN: sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/log.f90
! RUN: %privateer_fortran --exit-zero --sarif=%t/log.sarif %t/log.f90
! RUN: FileCheck %s --check-prefix=SARIF --input-file=%t/log.sarif
!
! A task's result read by the code that created it before anything waits
! for the task: privateer-fortran --fix puts '!$omp taskwait' on a line of
! its own before the first statement that races, indented like it. The
! fixed program gives the sequential result with 1, 2 and 4 threads, and a
! second --fix changes nothing (no finding is left).

subroutine produce(a, n, s)
  integer :: n, i
  real(8) :: a(n), s
  !$omp parallel
  !$omp single
  !$omp task private(i)
  do i = 1, n
    a(i) = i * 0.5d0
  end do
  !$omp end task
  s = a(n) + a(1)
  a(1) = 0
  !$omp end single
  !$omp end parallel
end subroutine

subroutine tally(c, n)
  integer :: c, n, k
  !$omp parallel
  !$omp single
  !$omp task shared(c) private(k)
  do k = 1, n
    c = c + mod(k, 7)
  end do
  !$omp end task
    if (c < 0) c = 0 ! a statement with an 'if'
  !$omp end single
  !$omp end parallel
end subroutine

program fix_taskwait
  implicit none
  integer, parameter :: n = 500000
  real(8) :: a(n), s
  integer :: c
  c = 1
  call produce(a, n, s)
  call tally(c, n)
  print '(F16.2, I10)', s + sum(a), c
end program

! DIAG: warning: 'a' is read here while a task this code created may still be writing it
! DIAG: warning: 'c' is read here while a task this code created may still be writing it
! FIXED-LABEL: subroutine produce(
! FIXED:      !$omp end task
! FIXED-NEXT: {{^  !\$omp taskwait$}}
! FIXED-NEXT: {{^  s = a\(n\) \+ a\(1\)$}}
! FIXED-LABEL: subroutine tally(
! FIXED:      !$omp end task
! FIXED-NEXT: {{^    !\$omp taskwait$}}
! FIXED-NEXT: if (c < 0) c = 0
! The same insertions as the SARIF results' fixes (lines of the file
! without its RUN and check lines).
! SARIF:      "deletedRegion": {
! SARIF-NEXT:   "startLine": 18,
! SARIF-NEXT:   "startColumn": 1,
! SARIF:      "insertedContent": {
! SARIF-NEXT:   "text": "  !$omp taskwait\n"
! SARIF:      "deletedRegion": {
! SARIF-NEXT:   "startLine": 33,
! SARIF-NEXT:   "startColumn": 1,
! SARIF:      "insertedContent": {
! SARIF-NEXT:   "text": "    !$omp taskwait\n"
