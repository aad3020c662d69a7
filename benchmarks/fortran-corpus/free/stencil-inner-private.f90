! race: no
! The inner loop's variable is private by Fortran's rules; rows never overlap.
program stencil_inner_private
  implicit none
  integer :: i, j
  real :: u(100, 100), w(100, 100)
  u = 1.0
  w = 0.0
  !$omp parallel do
  do j = 2, 99
    do i = 2, 99
      w(i, j) = 0.25 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
    end do
  end do
  !$omp end parallel do
  print *, w(50, 50)
end program
