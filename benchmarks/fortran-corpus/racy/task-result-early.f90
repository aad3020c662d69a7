! race: yes
! The creator reads a task's result without waiting for it.
program task_result_early
  implicit none
  integer :: r, s
  r = 0
  !$omp parallel
  !$omp single
  !$omp task shared(r)
  r = 42
  !$omp end task
  s = r + 1
  print *, s
  !$omp end single
  !$omp end parallel
end program
