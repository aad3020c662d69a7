! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
! RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.f90
! RUN: %flang_exe -O1 %s -o %t/seq && %t/seq > %t/expected
! RUN: %flang_exe -O1 -fopenmp %t/in.f90 -o %t/par
! RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
!
! A flag one arm writes before reading and another arm only reads (the
! value from before the loop, QE's `CASE (26, 46)` shape): private(iflag)
! would hand that arm an undefined copy, so there is no fix. Every access
! counts, also one spelled as an earlier one. When the iteration writes it
! first on every path (also in both arms of an IF), it is scratch and
! private() is the fix.

subroutine by_case(sx, n, mode)
  integer :: n, i, iflag, mode
  real(8) :: sx(n)
  iflag = 7
!$omp parallel do
  do i = 1, n
    select case (mode)
    case (3)
      iflag = 1
      sx(i) = iflag * i
    case (26, 46)
      sx(i) = iflag * i
    end select
  end do
!$omp end parallel do
end subroutine
! DIAG: in.f90:{{[0-9]+}}:7: warning: 'iflag' is written by every iteration without synchronization
! DIAG: note: 'iflag' is shared by this '!$omp parallel do'; no automatic fix: a path of each iteration reads 'iflag' where no write of its own comes first, and a private copy would change what that read sees; if that path cannot be taken, give each thread its own copy: add 'private(iflag)' to the directive

subroutine every_case(sx, n, mode)
  integer :: n, i, iflag, mode
  real(8) :: sx(n)
!$omp parallel do
  do i = 1, n
    iflag = 2
    if (mode >= 10) iflag = 3
    sx(i) = sx(i) + iflag
  end do
!$omp end parallel do
end subroutine
! DIAG: in.f90:{{[0-9]+}}:5: warning: shared buffer 'iflag' is scratch that every iteration overwrites

! Both arms of the IF write it before the read after the IF: a write made
! on every path, as the C front end takes `if (c) t = 1; else t = 2;`.
subroutine both_arms(sx, n)
  integer :: n, i
  real(8) :: sx(n), t
!$omp parallel do
  do i = 1, n
    if (mod(i, 2) == 0) then
      t = 0.5d0 * i
    else
      t = -1.0d0 * i
    end if
    sx(i) = sx(i) + t
  end do
!$omp end parallel do
end subroutine
! DIAG: in.f90:{{[0-9]+}}:7: warning: shared buffer 't' is scratch that every iteration overwrites

! The same inside a branch of the iteration, read in that branch.
subroutine both_arms_in_branch(sx, n, mode)
  integer :: n, i, mode
  real(8) :: sx(n), u
!$omp parallel do
  do i = 1, n
    if (mode > 0) then
      if (mod(i, 3) == 0) then
        u = 1.5d0
      else
        u = 2.5d0
      end if
      sx(i) = sx(i) + u * i
    end if
  end do
!$omp end parallel do
end subroutine
! DIAG: in.f90:{{[0-9]+}}:9: warning: shared buffer 'u' is scratch that every iteration overwrites

! The then-arm writes it only under a further test: with 0 < a <= 5 the
! iteration reads the 7 from before the loop. Not joined, no fix.
subroutine nested_arm(sx, a, n)
  integer :: n, i
  real(8) :: sx(n), a(n), v
  v = 7
!$omp parallel do
  do i = 1, n
    if (a(i) > 0) then
      if (a(i) > 5) v = 1
    else
      v = 2
    end if
    sx(i) = sx(i) + v
  end do
!$omp end parallel do
end subroutine
! DIAG: in.f90:{{[0-9]+}}:21: warning: 'v' is written by every iteration without synchronization
! FIXED-LABEL: subroutine by_case(sx, n, mode)
! FIXED: iflag = 7
! FIXED-NEXT: !$omp parallel do{{$}}
! FIXED-LABEL: subroutine every_case(sx, n, mode)
! FIXED: !$omp parallel do private(iflag)
! FIXED-LABEL: subroutine both_arms(sx, n)
! FIXED: !$omp parallel do private(t)
! FIXED-LABEL: subroutine both_arms_in_branch(sx, n, mode)
! FIXED: !$omp parallel do private(u)
! FIXED-LABEL: subroutine nested_arm(sx, a, n)
! FIXED: v = 7
! FIXED-NEXT: !$omp parallel do{{$}}

program main
  integer, parameter :: n = 1000
  real(8) :: sx(n), a(n), s
  integer :: i
  call by_case(sx, n, 26)
  call every_case(sx, n, 3)
  call every_case(sx, n, 50)
  call both_arms(sx, n)
  call both_arms_in_branch(sx, n, 1)
  do i = 1, n
    a(i) = 1 + mod(i, 4)
  end do
  call nested_arm(sx, a, n)
  s = 0
  do i = 1, n
    s = s + sx(i) * mod(i, 7)
  end do
  print '(F20.1)', s
end program
