! race: yes
! depend(in:) orders nothing between two tasks that both write.
program depend_in_both_write
  implicit none
  integer :: c
  c = 0
  !$omp parallel
  !$omp single
  !$omp task shared(c) depend(in: c)
  c = c + 1
  !$omp end task
  !$omp task shared(c) depend(in: c)
  c = c + 2
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, c
end program
