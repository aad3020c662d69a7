! race: no
! An undeferred task with depend(in: x) waits for the sibling that writes x.
program undeferred_depend
  implicit none
  integer :: x, y
  x = 0
  y = 0
  !$omp parallel
  !$omp single
  !$omp task shared(x) depend(out: x)
  x = 5
  !$omp end task
  !$omp task shared(x, y) depend(in: x) if(.false.)
  y = x * 2
  !$omp end task
  print *, y
  !$omp end single
  !$omp end parallel
end program
