! race: no
! A mergeable task waited for before its result is read.
program mergeable_taskwait
  implicit none
  integer :: m
  m = 2
  !$omp parallel
  !$omp single
  !$omp task shared(m) mergeable
  m = m + 1
  !$omp end task
  !$omp taskwait
  print *, m
  !$omp end single
  !$omp end parallel
end program
