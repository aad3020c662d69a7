! race: no
! parallel do simd over independent iterations.
program parallel_do_simd_doall
  implicit none
  integer :: i
  real :: f(512), g(512)
  f = 1.0
  !$omp parallel do simd
  do i = 1, 512
    g(i) = f(i) * 4.0
  end do
  !$omp end parallel do simd
  print *, g(512)
end program
