! race: yes
! An orphaned do reads the neighbouring element of the shared array it writes.
subroutine smooth(a, n)
  integer :: n, i
  real :: a(n)
  !$omp do
  do i = 2, n
    a(i) = a(i - 1) * 0.5
  end do
  !$omp end do
end subroutine
program orphan_dummy_neighbour
  implicit none
  real :: a(100)
  a = 1.0
  !$omp parallel
  call smooth(a, 100)
  !$omp end parallel
  print *, a(100)
end program
