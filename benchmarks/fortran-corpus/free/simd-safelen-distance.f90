! race: no
! The dependence distance (8) is beyond safelen(4): lanes running together never meet.
program simd_safelen_distance
  implicit none
  integer :: i
  real :: m(600)
  m = 1.0
  !$omp simd safelen(4)
  do i = 9, 600
    m(i) = m(i - 8) + 1.0
  end do
  print *, m(600)
end program
