! race: no
! Allocatable arrays, each iteration its own element.
program allocatable_doall
  implicit none
  integer :: i, n
  real, allocatable :: a(:), b(:)
  n = 700
  allocate(a(n), b(n))
  a = 1.0
  !$omp parallel do
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end parallel do
  print *, b(n)
end program
