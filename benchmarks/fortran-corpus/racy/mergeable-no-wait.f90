! race: yes
! A mergeable task's result is printed without waiting for it.
program mergeable_no_wait
  implicit none
  integer :: m
  m = 2
  !$omp parallel
  !$omp single
  !$omp task shared(m) mergeable
  m = m + 1
  !$omp end task
  print *, m
  !$omp end single
  !$omp end parallel
end program
