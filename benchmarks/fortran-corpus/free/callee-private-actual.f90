! race: no
! The actual argument of the call is private.
subroutine square(x, y)
  real :: x, y
  y = x * x
end subroutine
program callee_private_actual
  implicit none
  integer :: i
  real :: t, src(50), dst(50)
  src = 3.0
  !$omp parallel do private(t)
  do i = 1, 50
    call square(src(i), t)
    dst(i) = t
  end do
  !$omp end parallel do
  print *, dst(1)
end program
