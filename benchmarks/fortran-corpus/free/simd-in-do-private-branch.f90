! race: no
! A SIMD loop inside a worksharing DO whose PRIVATE temporaries each lane sets, in the arm that uses them, before it reads them.
program simd_in_do_private_branch
  implicit none
  integer, parameter :: n = 64, m = 16
  integer :: i, j
  real :: p(0:n+1, m), v(n, m), g, s
  p = 1.0
  p(5, :) = -3.0
  !$omp parallel
  !$omp do private(g, s)
  do j = 1, m
    !$omp simd
    do i = 1, n
      g = p(i + 1, j) - p(i - 1, j)
      if (g < 0.0) then
        s = -g
        v(i, j) = s * s
      else
        v(i, j) = 0.0
      end if
    end do
  end do
  !$omp end do
  !$omp end parallel
  print *, v(4, 1), v(6, 1)
end program
