! race: no
! The creator waits for the task before reading its result.
program task_taskwait
  implicit none
  integer :: r
  r = 0
  !$omp parallel
  !$omp single
  !$omp task shared(r)
  r = 99
  !$omp end task
  !$omp taskwait
  print *, r
  !$omp end single
  !$omp end parallel
end program
