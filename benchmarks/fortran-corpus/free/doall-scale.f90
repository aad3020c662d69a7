! race: no
! Every iteration touches its own element.
program doall_scale
  implicit none
  integer :: i
  real :: a(1000)
  a = 1.0
  !$omp parallel do
  do i = 1, 1000
    a(i) = a(i) * 3.0 + 1.0
  end do
  !$omp end parallel do
  print *, a(10)
end program
