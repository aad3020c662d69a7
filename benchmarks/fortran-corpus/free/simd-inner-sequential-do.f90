! race: no
! A sequential DO inside a SIMD loop inside a parallel DO: its variable and the PRIVATE radius are each lane's and each thread's.
program simd_inner_sequential_do
  implicit none
  integer, parameter :: n = 32, m = 8
  integer :: i, k, c
  real :: x(n), r, corner(4, n, m)
  x = 2.0
  !$omp parallel do private(r)
  do k = 1, m
    !$omp simd
    do i = 1, n
      r = sqrt(x(i) * x(i) + real(k))
      do c = 1, 4
        corner(c, i, k) = r * c
      end do
    end do
  end do
  !$omp end parallel do
  print *, corner(4, n, m)
end program
