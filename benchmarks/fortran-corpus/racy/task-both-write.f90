! race: yes
! Two sibling tasks write one variable and nothing orders them.
program task_both_write
  implicit none
  integer :: v
  v = 0
  !$omp parallel
  !$omp single
  !$omp task shared(v)
  v = 1
  !$omp end task
  !$omp task shared(v)
  v = 2
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, v
end program
