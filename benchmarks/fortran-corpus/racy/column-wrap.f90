! race: yes
! b(0,j) is b(m,j-1) in column-major storage: column j reads the last element of column j-1.
program column_wrap
  implicit none
  integer, parameter :: m = 50, n = 40
  integer :: i, j
  real :: b(m, n)
  b = 1.0
  !$omp parallel do private(i)
  do j = 2, n
    do i = 1, m
      b(i, j) = b(i - 1, j) + 1.0
    end do
  end do
  !$omp end parallel do
  print *, b(m, n)
end program
