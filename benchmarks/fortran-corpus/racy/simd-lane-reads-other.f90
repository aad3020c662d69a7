! race: yes
! A SIMD lane that skips the branch reads the temporary another lane set: a value one lane writes and another reads.
program simd_lane_reads_other
  implicit none
  integer, parameter :: n = 64
  integer :: i
  real :: x(n), y(n), t
  x = 1.0
  x(3) = -1.0
  t = 0.0
  !$omp simd
  do i = 1, n
    if (x(i) > 0.0) t = x(i)
    y(i) = t
  end do
  print *, y(3)
end program
