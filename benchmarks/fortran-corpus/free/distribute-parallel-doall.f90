! race: no
! teams distribute parallel do over independent iterations.
program distribute_parallel_doall
  implicit none
  integer :: i
  real :: e(1000), f(1000)
  e = 1.0
  !$omp teams distribute parallel do
  do i = 1, 1000
    f(i) = e(i) + 2.0
  end do
  !$omp end teams distribute parallel do
  print *, f(1)
end program
