! race: no
! SIMD lanes write their own elements.
program simd_independent
  implicit none
  integer :: i
  real :: p(512), q(512), r(512)
  p = 1.0
  q = 2.0
  !$omp simd
  do i = 1, 512
    r(i) = p(i) + q(i)
  end do
  print *, r(7)
end program
