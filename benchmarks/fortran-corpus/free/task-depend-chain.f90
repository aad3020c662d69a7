! race: no
! depend(out) then depend(in) order the two tasks.
program task_depend_chain
  implicit none
  integer :: x, y
  x = 0
  y = 0
  !$omp parallel
  !$omp single
  !$omp task shared(x) depend(out: x)
  x = 10
  !$omp end task
  !$omp task shared(x, y) depend(in: x)
  y = x + 1
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, y
end program
