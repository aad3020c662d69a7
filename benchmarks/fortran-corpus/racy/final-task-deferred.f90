! race: yes
! A final task is itself deferred: its creator reads x while it may still write it.
program final_task_deferred
  implicit none
  integer :: x, y
  x = 0
  !$omp parallel
  !$omp single
  !$omp task final(.true.) shared(x)
  x = 1
  !$omp end task
  y = x
  !$omp end single
  !$omp end parallel
  print *, y
end program
