! Uses the project's module alone; Flang reads mpi's module file through it.
subroutine solve(n, a)
  use comm
  implicit none
  integer :: n, i
  double precision :: a(n), t
  !$omp parallel do
  do i = 1, n
    t = a(i) + world
    a(i) = t
  end do
end subroutine
