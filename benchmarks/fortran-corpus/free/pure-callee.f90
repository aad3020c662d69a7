! race: no
! The called function only reads its arguments and writes its result.
module poly_mod
contains
  pure real function poly(x)
    real, intent(in) :: x
    real :: y
    y = x * x
    poly = y + 1.0
  end function
end module
program pure_callee
  use poly_mod
  implicit none
  integer :: i
  real :: xs(300), ys(300)
  xs = 2.0
  !$omp parallel do
  do i = 1, 300
    ys(i) = poly(xs(i))
  end do
  !$omp end parallel do
  print *, ys(1)
end program
