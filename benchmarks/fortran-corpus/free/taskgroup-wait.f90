! race: no
! The end of the taskgroup waits for the task.
program taskgroup_wait
  implicit none
  integer :: r
  r = 0
  !$omp parallel
  !$omp single
  !$omp taskgroup
  !$omp task shared(r)
  r = 3
  !$omp end task
  !$omp end taskgroup
  print *, r
  !$omp end single
  !$omp end parallel
end program
