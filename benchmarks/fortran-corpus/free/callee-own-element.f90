! race: no
! The called subroutine writes only the element it is given.
subroutine bump(x)
  real :: x
  x = x + 1.0
end subroutine
program callee_own_element
  implicit none
  integer :: i
  real :: v(100)
  v = 0.0
  !$omp parallel do
  do i = 1, 100
    call bump(v(i))
  end do
  !$omp end parallel do
  print *, v(100)
end program
