! race: no
! The inner dimension stays within its bounds: columns never overlap.
program column_inner_bounds
  implicit none
  integer, parameter :: m = 50, n = 40
  integer :: i, j
  real :: b(m, n)
  b = 1.0
  !$omp parallel do private(i)
  do j = 1, n
    do i = 2, m
      b(i, j) = b(i - 1, j) + 1.0
    end do
  end do
  !$omp end parallel do
  print *, b(m, n)
end program
