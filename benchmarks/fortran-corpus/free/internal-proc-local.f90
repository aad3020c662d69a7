! race: no
! An internal procedure that only writes its own local and its argument.
program internal_proc_local
  implicit none
  integer :: i
  real :: v(100)
  v = 2.0
  !$omp parallel do
  do i = 1, 100
    call square(v(i))
  end do
  !$omp end parallel do
  print *, v(1)
contains
  subroutine square(x)
    real :: x, y
    y = x * x
    x = y
  end subroutine
end program
