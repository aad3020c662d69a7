! race: yes
! A sum in a simd loop without a reduction: lanes update one scalar.
program simd_sum_missing
  implicit none
  integer :: i
  real :: a(1024), total
  a = 0.5
  total = 0.0
  !$omp simd
  do i = 1, 1024
    total = total + a(i)
  end do
  print *, total
end program
