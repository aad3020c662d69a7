! race: no
! Intrinsics over the iteration's own column.
program row_intrinsics
  implicit none
  integer :: j
  real :: m(50, 40), colsum(40), colmax(40)
  m = 1.0
  !$omp parallel do
  do j = 1, 40
    colsum(j) = sum(m(:, j))
    colmax(j) = maxval(m(:, j))
  end do
  !$omp end parallel do
  print *, colsum(1), colmax(1)
end program
