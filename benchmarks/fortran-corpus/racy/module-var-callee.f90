! race: yes
! A module variable written by a procedure every iteration calls (threadprivate missing).
module scratch_mod
  real :: work
contains
  subroutine stage(x, y)
    real :: x, y
    work = x * 2.0
    y = work + 1.0
  end subroutine
end module
program module_var_callee
  use scratch_mod
  implicit none
  integer :: i
  real :: xs(100), ys(100)
  xs = 1.0
  !$omp parallel do
  do i = 1, 100
    call stage(xs(i), ys(i))
  end do
  !$omp end parallel do
  print *, ys(1)
end program
