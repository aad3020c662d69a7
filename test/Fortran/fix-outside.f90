! RUN: rm -rf %t && mkdir -p %t && sed -e '/^! [A-Z][A-Z0-9-]*:/d' %s > %t/in.f90 && cp %t/in.f90 %t/orig.f90
! RUN: not %privateer_fortran --fix %t/in.f90 2>&1 | FileCheck %s
! RUN: diff %t/orig.f90 %t/in.f90
!
! Scratch in a module variable, a COMMON block (a 'fir.coordinate_of' of
! the block's storage) or a dummy argument is reported, but --fix adds no
! private(): another procedure (the caller) may read it after the loop,
! where a private copy leaves it undefined. The file is left as it was.

module scratchpad
  real :: t
end module

subroutine in_module(a, n)
  use scratchpad
  integer :: n, i
  real :: a(n)
!$omp parallel do
  do i = 1, n
    t = a(i) * 2
    a(i) = t
  end do
!$omp end parallel do
end subroutine

subroutine in_common(a, n)
  integer :: n, i
  real :: a(n), w(4), s
  common /work/ w, s
!$omp parallel do
  do i = 1, n
    w(1) = a(i)
    a(i) = w(1) + 1
  end do
!$omp end parallel do
end subroutine

subroutine in_dummy(a, n, w)
  integer :: n, i
  real :: a(n), w(2)
!$omp parallel do
  do i = 1, n
    w(2) = a(i) + 1
    a(i) = w(2)
  end do
!$omp end parallel do
end subroutine

! CHECK: warning: shared buffer 't' is scratch that every iteration overwrites
! CHECK: warning: shared buffer 'w' is scratch that every iteration overwrites
! CHECK: warning: shared buffer 'w' is scratch that every iteration overwrites
