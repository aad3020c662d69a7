! race: yes
! parallel do simd over a loop with a dependence.
program parallel_do_simd_dep
  implicit none
  integer :: i
  real :: f(512)
  f = 1.0
  !$omp parallel do simd
  do i = 2, 512
    f(i) = f(i - 1) + 1.0
  end do
  !$omp end parallel do simd
  print *, f(512)
end program
