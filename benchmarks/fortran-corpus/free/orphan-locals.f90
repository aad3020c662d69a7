! race: no
! The locals of a subroutine with an orphaned do belong to each calling thread.
subroutine kernel(a, n)
  integer :: n, i
  real :: a(n), t
  !$omp do
  do i = 1, n
    t = a(i) * 2.0
    a(i) = t + 1.0
  end do
  !$omp end do
end subroutine
program orphan_locals
  implicit none
  real :: a(100)
  a = 1.0
  !$omp parallel
  call kernel(a, 100)
  !$omp end parallel
  print *, a(1)
end program
