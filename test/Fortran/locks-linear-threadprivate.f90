! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! More correct loops: an update between omp_set_lock and omp_unset_lock,
! a linear variable, a threadprivate common block, and simd (one thread).
! privateer stays silent.
! expected-no-diagnostics

subroutine more(a, b, n)
  use omp_lib
  integer :: n, i, j
  integer(omp_lock_kind) :: l
  real :: a(n), b(n), s, c
  real, save :: keep
  common /blk/ c
  !$omp threadprivate(/blk/)
  call omp_init_lock(l)
  !$omp parallel do
  do i = 1, n
    call omp_set_lock(l)
    s = s + a(i)
    call omp_unset_lock(l)
  end do
  !$omp end parallel do
  j = 0
  !$omp parallel do linear(j)
  do i = 1, n
    b(i) = a(i) + j
    j = j + 1
  end do
  !$omp end parallel do
  !$omp parallel do
  do i = 1, n
    c = a(i)
    b(i) = c * 2
  end do
  !$omp end parallel do
  !$omp simd
  do i = 1, n
    keep = a(i)
    b(i) = keep
  end do
end subroutine
