! race: yes
! SIMD lanes run together: lane i+1 reads what lane i writes.
program simd_forward
  implicit none
  integer, parameter :: n = 256
  integer :: i
  real :: r(n), s(n)
  r = 1.0
  s = 2.0
  !$omp simd
  do i = 1, n - 1
    r(i + 1) = r(i) + s(i)
  end do
  print *, r(n)
end program
