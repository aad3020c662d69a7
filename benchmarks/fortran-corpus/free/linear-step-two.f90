! race: no
! linear(k:2): iteration i sees k0 + 2*(i-1), so each writes its own element.
program linear_step_two
  implicit none
  integer :: i, k
  real :: src(100), dst(300)
  src = 1.0
  k = 1
  !$omp parallel do linear(k:2)
  do i = 1, 100
    dst(k) = src(i)
    k = k + 2
  end do
  !$omp end parallel do
  print *, dst(3)
end program
