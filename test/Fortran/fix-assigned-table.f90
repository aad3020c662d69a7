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
! An index table assigned from an array constructor, with a duplicate
! entry: two iterations update one element, proven now that the table is
! known, and the fix is the array reduction; the fixed program prints what
! the sequential one does.
program assigned_table
  implicit none
  integer :: idx(8), i, rep
  real :: v(20)
  idx = [1, 3, 5, 7, 9, 11, 5, 13]
  v = 0.0
  do rep = 1, 1000
    !$omp parallel do
    do i = 1, 8
      v(idx(i)) = v(idx(i)) + 1.0
    end do
    !$omp end parallel do
  end do
  print *, v(5), v(13), sum(v)
end program
! DIAG: warning: iterations update 'v' at the same element
! DIAG: note: iterations i=3 and i=7 both update 'v[5]'
! FIXED: !$omp parallel do reduction(+: v)
! AGAIN: privateer-fortran: 1 translation unit, 0 findings
