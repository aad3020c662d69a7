! race: yes
! distribute parallel do over a loop with a dependence.
program distribute_parallel_dep
  implicit none
  integer :: i
  real :: e(1000)
  e = 1.0
  !$omp teams distribute parallel do
  do i = 1, 999
    e(i) = e(i + 1) + 2.0
  end do
  !$omp end teams distribute parallel do
  print *, e(1)
end program
