! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s --check-prefix=DIAG
! RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.f90
! RUN: cp %t/in.f90 %t/once.f90 && %privateer_fortran --fix %t/in.f90 && diff %t/once.f90 %t/in.f90
! RUN: %flang_exe -O1 %s %S/Inputs/pbex.f90 -o %t/seq && %t/seq > %t/expected
! RUN: %flang_exe -O1 -fopenmp %t/in.f90 %S/Inputs/pbex.f90 -o %t/par
! RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
! RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
!
! A flag set in each iteration and passed to a procedure compiled elsewhere
! (QE's xc_gga_drivers.f90: `iflag = 1; IF (igcx == 4) iflag = 2; CALL
! pbex(rho, grho2, iflag, ...)`): the callee may read it, so it is the
! iteration's scratch and the fix is private(iflag), not an atomic write.
! A flag only passed (never set in the loop) is read-only sharing and
! stays silent. The fixed program gives the sequential result with 1, 2
! and 4 threads.

subroutine energies(n, sx, igcx)
  integer :: n, i, iflag, igcx, mode
  real(8) :: sx(n)
  external :: pbex
  mode = 2
!$omp parallel do
  do i = 1, n
    iflag = 1
    if (igcx == 4 .or. mod(i, 3) == 0) iflag = 2
    call pbex(i * 0.25d0, iflag, sx(i))
  end do
!$omp end parallel do
!$omp parallel do
  do i = 1, n
    call pbex(i * 0.5d0, mode, sx(i))
  end do
!$omp end parallel do
end subroutine

program main
  integer, parameter :: n = 4000
  real(8) :: sx(n), s
  integer :: i
  call energies(n, sx, 3)
  s = 0
  do i = 1, n
    s = s + sx(i) * mod(i, 5)
  end do
  print '(F20.3)', s
end program
! DIAG: in.f90:{{[0-9]+}}:5: warning: shared buffer 'iflag' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! DIAG-NOT: warning:
! FIXED: !$omp parallel do private(iflag)
! FIXED-NEXT: do i = 1, n
! FIXED-NEXT: iflag = 1
