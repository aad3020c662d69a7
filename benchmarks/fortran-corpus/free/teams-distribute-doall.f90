! race: no
! teams distribute over independent iterations.
program teams_distribute_doall
  implicit none
  integer :: i
  real :: a(1000), b(1000)
  a = 2.0
  !$omp teams distribute
  do i = 1, 1000
    b(i) = a(i) * a(i)
  end do
  !$omp end teams distribute
  print *, b(1)
end program
