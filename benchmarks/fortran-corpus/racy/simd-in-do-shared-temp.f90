! race: yes
! The same SIMD loop in a parallel DO without PRIVATE: every thread writes the shared temporary.
program simd_in_do_shared_temp
  implicit none
  integer, parameter :: n = 64, m = 16
  integer :: i, j
  real :: p(0:n+1, m), v(n, m), g
  p = 1.0
  !$omp parallel do
  do j = 1, m
    !$omp simd
    do i = 1, n
      g = p(i + 1, j) + p(i - 1, j)
      v(i, j) = g * 0.5
    end do
  end do
  !$omp end parallel do
  print *, v(1, 1)
end program
