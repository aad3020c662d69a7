! race: no
! A called function reads a module constant table; nothing writes it in the loop.
module table_mod
  real :: coeff(4) = [1.0, 2.0, 3.0, 4.0]
contains
  real function weigh(x, k)
    real :: x
    integer :: k
    weigh = x * coeff(k)
  end function
end module
program save_read_only
  use table_mod
  implicit none
  integer :: i
  real :: v(400)
  v = 1.0
  !$omp parallel do
  do i = 1, 400
    v(i) = weigh(v(i), mod(i, 4) + 1)
  end do
  !$omp end parallel do
  print *, v(1)
end program
