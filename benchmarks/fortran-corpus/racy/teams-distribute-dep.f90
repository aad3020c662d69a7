! race: yes
! A distribute loop over teams with a loop-carried dependence.
program teams_distribute_dep
  implicit none
  integer :: i
  real :: d(600)
  d = 1.0
  !$omp teams distribute
  do i = 2, 600
    d(i) = d(i - 1) * 1.01
  end do
  !$omp end teams distribute
  print *, d(600)
end program
