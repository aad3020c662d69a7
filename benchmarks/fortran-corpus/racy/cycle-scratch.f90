! race: yes
! A shared temporary in a loop body left early with cycle.
program cycle_scratch
  implicit none
  integer :: i
  real :: t, x(300), y(300)
  x = 1.0
  y = 0.0
  !$omp parallel do
  do i = 1, 300
    if (x(i) < 0.0) cycle
    t = x(i) * 3.0
    y(i) = t
  end do
  !$omp end parallel do
  print *, y(1)
end program
