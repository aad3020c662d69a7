! race: yes
! A scalar temporary shared by the teams of a distribute loop.
program teams_distribute_scratch
  implicit none
  integer :: i
  real :: t, src(400), dst(400)
  src = 2.0
  !$omp teams distribute
  do i = 1, 400
    t = src(i) + 1.0
    dst(i) = t * t
  end do
  !$omp end teams distribute
  print *, dst(9)
end program
