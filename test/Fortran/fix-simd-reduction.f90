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
! The DO's reduction gives each thread a copy of 's'; the SIMD lanes of a
! thread share it, so the 'simd' directive needs its own reduction. The
! finding speaks of SIMD lanes and says so; --fix adds the clause to the
! 'simd' directive.
subroutine sums(n, m, a, s)
  integer :: n, m, i, j
  integer(8) :: a(m, n), s
  s = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    !$omp simd
    do j = 1, m
      s = s + a(j, i)
    end do
  end do
end subroutine
! DIAG: in.f90:14:7: warning: 's' is updated by every SIMD lane without a reduction; concurrent updates are lost [privateer-shared-buffer]
! DIAG: note: 's' is shared by this '!$omp simd'; 's' is a reduction variable of the loop around, but that gives each thread one copy, which its SIMD lanes share: add 'reduction(+: s)' to the 'simd' directive
! FIXED: !$omp parallel do reduction(+:s)
! FIXED: !$omp simd reduction(+: s)

program main
  integer(8) :: a(64, 500), s
  integer :: i, j
  do i = 1, 500
    do j = 1, 64
      a(j, i) = mod(i * 7919 + j, 1000) - 500
    end do
  end do
  call sums(500, 64, a, s)
  print *, s
end program
