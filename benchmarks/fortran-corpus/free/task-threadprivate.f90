! race: no
! Tasks update a threadprivate counter: each thread's copy, one task at a time.
module task_tp_mod
  integer :: tally
  !$omp threadprivate(tally)
end module
program task_threadprivate
  use task_tp_mod
  implicit none
  integer :: i
  !$omp parallel
  tally = 0
  !$omp single
  do i = 1, 50
    !$omp task
    tally = tally + 1
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
  print *, 'done'
end program
